/// Errors of the model that a script or a user can cause.
public enum FormError: Error, Equatable, CustomStringConvertible {
  /// a second item with this name in the form
  case duplicateName(String)
  /// no kind of this name; the nearest known name, when one is close
  case unknownKind(String, suggestion: String?)

  /// The message shown to the user, with a suggestion where one is known.
  public var description: String {
    switch self {
    case .duplicateName(let n): return "duplicate item name '\(n)' (names must be unique in a form)"
    case .unknownKind(let k, let s):
      return "unknown item kind '\(k)'" + (s.map { " (did you mean '\($0)'?)" } ?? "")
    }
  }
}

/// The closest of `candidates` to `word`, when close enough to be a likely typo.
public func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
  // a typo is a short word (and the distance costs its length times each candidate's)
  guard word.utf8.count <= 200 else { return nil }
  var best: (String, Int)?
  let w = Array(word.lowercased())
  for c in candidates {
    let d = editDistance(w, Array(c.lowercased()))
    if d <= max(1, min(3, w.count / 3)), best == nil || d < best!.1 { best = (c, d) }
  }
  return best?.0
}

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var older = Array(repeating: 0, count: b.count + 1)
  var prev = Array(0...b.count)
  var cur = prev
  for i in 1...a.count {
    cur[0] = i
    for j in 1...b.count {
      cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      // a swap of two neighbours counts as one edit
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cur[j] = min(cur[j], older[j - 2] + 1) }
    }
    (older, prev, cur) = (prev, cur, older)
  }
  return prev[b.count]
}
