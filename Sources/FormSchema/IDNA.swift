/// A-labels (`xn--…`) of host names: Punycode (RFC 3492) decoded, and the
/// decoded label checked against IDNA 2008's rules that a label can break
/// on its own (RFC 5891 §4.2.3, RFC 5892's exceptions and contextual rules).
/// Not the whole derived property table: a label of otherwise unusual code
/// points passes.
enum IDNA {
  /// Whether the A-label (without `xn--`) decodes to a label IDNA allows.
  static func validALabel(_ encoded: Substring) -> Bool {
    guard let label = punycode(encoded), !label.isEmpty else { return false }
    let scalars = Array(label.unicodeScalars)
    // no "--" in the third and fourth places, no hyphen at either end
    if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" { return false }
    if scalars.first == "-" || scalars.last == "-" { return false }
    if let first = scalars.first,
      [.spacingMark, .nonspacingMark, .enclosingMark].contains(first.properties.generalCategory)
    {
      return false
    }
    let disallowed: Set<UInt32> = [0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B]
    let arabicIndic = scalars.contains { (0x0660...0x0669).contains($0.value) }
    let extendedArabicIndic = scalars.contains { (0x06F0...0x06F9).contains($0.value) }
    if arabicIndic && extendedArabicIndic { return false }
    for (i, s) in scalars.enumerated() {
      let before = i > 0 ? scalars[i - 1] : nil
      let after = i + 1 < scalars.count ? scalars[i + 1] : nil
      if disallowed.contains(s.value) { return false }
      switch s.value {
      case 0x00B7:
        guard before == "l", after == "l" else { return false }
      case 0x0375:
        guard let after, isGreek(after) else { return false }
      case 0x05F3, 0x05F4:
        guard let before, isHebrew(before) else { return false }
      case 0x30FB:
        guard scalars.contains(where: { $0.value != 0x30FB && isJapanese($0) }) else { return false }
      case 0x200D:
        guard let before, before.properties.canonicalCombiningClass.rawValue == 9 else { return false }
      case 0x200C:
        // after a virama, or between joining letters (RFC 5892 A.1, read loosely)
        guard let before else { return false }
        if before.properties.canonicalCombiningClass.rawValue != 9 {
          guard let after, before.properties.isAlphabetic, after.properties.isAlphabetic else { return false }
        }
      default:
        if s.value < 0x80 {
          guard (s.properties.isAlphabetic && s.properties.isLowercase) || ("0"..."9").contains(s) || s == "-" else {
            return false
          }
        }
      }
    }
    return true
  }

  static func isGreek(_ s: Unicode.Scalar) -> Bool {
    (0x0370...0x03FF).contains(s.value) || (0x1F00...0x1FFF).contains(s.value)
  }
  static func isHebrew(_ s: Unicode.Scalar) -> Bool {
    (0x0590...0x05FF).contains(s.value) || (0xFB1D...0xFB4F).contains(s.value)
  }
  static func isJapanese(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return (0x3040...0x309F).contains(v) || (0x30A0...0x30FF).contains(v) || (0x31F0...0x31FF).contains(v)
      || (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x20000...0x2A6DF).contains(v)
      || (0xF900...0xFAFF).contains(v)
  }

  /// RFC 3492's decoding; nil when the text is not Punycode.
  static func punycode(_ input: Substring) -> String? {
    let base = 36
    let tMin = 1
    let tMax = 26
    let skew = 38
    let damp = 700
    var n = 128
    var i = 0
    var bias = 72
    var output: [UInt32] = []
    var rest = Substring(input.lowercased())
    if let dash = rest.lastIndex(of: "-") {
      for c in rest[..<dash] {
        guard c.isASCII else { return nil }
        output.append(c.unicodeScalars.first!.value)
      }
      rest = rest[rest.index(after: dash)...]
    }
    func digit(_ c: Character) -> Int? {
      guard let a = c.asciiValue else { return nil }
      if a >= 97 && a <= 122 { return Int(a) - 97 }
      if a >= 48 && a <= 57 { return Int(a) - 22 }
      return nil
    }
    var chars = Array(rest)[...]
    while !chars.isEmpty {
      let old = i
      var w = 1
      var k = base
      while true {
        guard let c = chars.popFirst(), let d = digit(c) else { return nil }
        let (step, o1) = d.multipliedReportingOverflow(by: w)
        let (sum, o2) = i.addingReportingOverflow(step)
        guard !o1, !o2 else { return nil }
        i = sum
        let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
        if d < t { break }
        let (nw, o3) = w.multipliedReportingOverflow(by: base - t)
        guard !o3 else { return nil }
        w = nw
        k += base
      }
      // adapt the bias
      var delta = old == 0 ? (i - old) / damp : (i - old) / 2
      delta += delta / (output.count + 1)
      var kk = 0
      while delta > ((base - tMin) * tMax) / 2 {
        delta /= base - tMin
        kk += base
      }
      bias = kk + (base - tMin + 1) * delta / (delta + skew)
      n += i / (output.count + 1)
      i %= output.count + 1
      guard n <= 0x10FFFF, Unicode.Scalar(UInt32(n)) != nil else { return nil }
      output.insert(UInt32(n), at: i)
      i += 1
    }
    var s = ""
    for v in output {
      guard let u = Unicode.Scalar(v) else { return nil }
      s.unicodeScalars.append(u)
    }
    return s
  }
}
