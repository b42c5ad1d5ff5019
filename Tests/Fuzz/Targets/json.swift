// modules: FormCore
// The JSON decoder against the encoder: what decodes re-encodes to text that
// decodes to the same value, and a value built from the bytes survives
// decode(encode(v)).
@testable import FormCore

/// Equal as JSON sees numbers: one number type, so 3 and 3.0 are the same.
func same(_ a: Value, _ b: Value) -> Bool {
  switch (a, b) {
  case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Int(exactly: y) == x
  case (.double(let x), .double(let y)): return x == y
  case (.list(let l), .list(let r)): return l.count == r.count && zip(l, r).allSatisfy(same)
  case (.record(let l), .record(let r)):
    return l.count == r.count && zip(l, r).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
  default: return a == b
  }
}

/// What encoding keeps: a number that is not finite is written as null.
func encodable(_ v: Value) -> Value {
  switch v {
  case .double(let d) where !d.isFinite: return .null
  case .list(let l): return .list(l.map(encodable))
  case .record(let r): return .record(r.map { .init($0.key, encodable($0.value)) })
  default: return v
  }
}

/// A value read from bytes: a tag byte, then what the tag needs.
struct Reader {
  var bytes: ArraySlice<UInt8>
  mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
  mutating func word() -> UInt64 { (0..<8).reduce(0) { r, _ in r << 8 | UInt64(byte()) } }
  mutating func string() -> String {
    let n = Int(byte()) % 24
    let chunk = bytes.prefix(n)
    bytes = bytes.dropFirst(n)
    return String(decoding: chunk, as: UTF8.self)
  }
  mutating func value(depth: Int) -> Value {
    switch byte() % 8 {
    case 0: return .null
    case 1: return .bool(byte() & 1 == 1)
    case 2: return .int(Int(truncatingIfNeeded: word()))
    case 3: return .double(Double(bitPattern: word()))
    case 4, 5: return .string(string())
    case 6:
      guard depth < 8 else { return .null }
      return .list((0..<Int(byte() % 5)).map { _ in value(depth: depth + 1) })
    default:
      guard depth < 8 else { return .null }
      return .record((0..<Int(byte() % 5)).map { _ in .init(string(), value(depth: depth + 1)) })
    }
  }
}

func check(_ ok: Bool, _ message: @autoclosure () -> String) {
  if !ok { fatalError("fuzz check failed: " + message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // 1. the bytes as JSON text
  let text = String(decoding: bytes, as: UTF8.self)
  if let v = try? JSON.decode(text) {
    let again = JSON.encode(v)
    do {
      let back = try JSON.decode(again)
      check(same(back, encodable(v)), "decode(encode(v)) != v for \(again)")
    } catch {
      check(false, "the encoder wrote JSON its decoder refuses: \(again) (\(error))")
    }
  }
  // 2. the bytes as a value
  var reader = Reader(bytes: bytes[...])
  let v = reader.value(depth: 0)
  let encoded = JSON.encode(v)
  do {
    let back = try JSON.decode(encoded)
    check(same(back, encodable(v)), "decode(encode(v)) != v: \(v) → \(encoded) → \(back)")
  } catch {
    check(false, "the encoder wrote JSON its decoder refuses: \(encoded) (\(error))")
  }
  return 0
}
