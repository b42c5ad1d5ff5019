// modules: FormCore FormRender FormSession FormLua CLua
// Lua values to Values and back, through the narrowest public way in: a
// generated chunk builds a value (nested tables, strings with NULs, integers
// and floats at the edges), assigns it to an item of a kind that keeps any
// value, and reads it back. The Swift side must hold the expected Value and
// Lua must read back the same value (same types, integers stay integers).
import FormCore
import FormLua

/// Equal, with NaN equal to itself.
func same(_ a: Value, _ b: Value) -> Bool {
  switch (a, b) {
  case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
  case (.list(let l), .list(let r)): return l.count == r.count && zip(l, r).allSatisfy(same)
  case (.record(let l), .record(let r)):
    return l.count == r.count && zip(l, r).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
  default: return a == b
  }
}

/// A Lua expression and the Value it must become, read from bytes.
struct Generator {
  var bytes: ArraySlice<UInt8>
  /// the depth of the deepest table (0: the value itself), -1 when there is none
  var deepest = -1
  mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
  mutating func word() -> UInt64 { (0..<8).reduce(0) { r, _ in r << 8 | UInt64(byte()) } }

  /// A Lua string literal of these bytes (every byte escaped, NULs too).
  static func literal(_ s: String) -> String { "\"" + s.utf8.map { "\\\($0)" }.joined() + "\"" }

  mutating func text() -> String {
    let n = Int(byte()) % 12
    let chunk = bytes.prefix(n)
    bytes = bytes.dropFirst(n)
    return String(decoding: chunk, as: UTF8.self)
  }

  static let edges: [Int] = [0, 1, -1, Int.max, Int.min, 1 << 53, (1 << 53) + 1, Int.min + 1]
  static let floats: [Double] = [
    0, -0.0, 0.5, 1e308, -1e-308, .leastNonzeroMagnitude, .infinity, -.infinity, .nan, 0x1p53 + 2,
  ]

  mutating func value(depth: Int) -> (String, Value) {
    switch byte() % 9 {
    case 0: return ("true", .bool(true))
    case 1: return ("false", .bool(false))
    case 2:
      let i = Self.edges[Int(byte()) % Self.edges.count]
      return (i == Int.min ? "math.mininteger" : "(\(i))", .int(i))
    case 3:
      let i = Int(truncatingIfNeeded: word())
      return (i == Int.min ? "math.mininteger" : "(\(i))", .int(i))
    case 4:
      let d = byte() & 1 == 0 ? Self.floats[Int(byte()) % Self.floats.count] : Double(bitPattern: word())
      // the exact bits, as Lua reads them back
      let bits = withUnsafeBytes(of: d.bitPattern.littleEndian) { Array($0) }
      return ("(string.unpack('<d', \"" + bits.map { "\\\($0)" }.joined() + "\"))", .double(d))
    case 5, 6:
      let s = text()
      return (Self.literal(s), .string(s))
    case 7:
      guard depth < 12 else { return ("1", .int(1)) }
      deepest = max(deepest, depth)
      var parts: [String] = []
      var values: [Value] = []
      for _ in 0..<Int(byte() % 5) {
        let (e, v) = value(depth: depth + 1)
        parts.append(e)
        values.append(v)
      }
      return ("{" + parts.joined(separator: ", ") + "}", .list(values))
    default:
      guard depth < 12 else { return ("2", .int(2)) }
      deepest = max(deepest, depth)
      var fields: [String: (String, Value)] = [:]
      for _ in 0..<Int(byte() % 5) {
        let key = text()
        fields[key] = value(depth: depth + 1)
      }
      // an empty table reads as an empty list
      if fields.isEmpty { return ("{}", .list([])) }
      let keys = fields.keys.sorted()
      return (
        "{" + keys.map { "[\(Self.literal($0))] = \(fields[$0]!.0)" }.joined(separator: ", ") + "}",
        .record(keys.map { .init($0, fields[$0]!.1) })
      )
    }
  }
}

let prelude = """
  form:kind("any", {})
  form:section("S"):any{ name = "x" }
  local function same(a, b)
    if type(a) ~= type(b) then return false end
    if type(a) == "number" then
      if a ~= a then return b ~= b end
      return math.type(a) == math.type(b) and a == b
    end
    if type(a) ~= "table" then return a == b end
    for k, v in pairs(a) do if not same(v, b[k]) then return false end end
    for k in pairs(b) do if a[k] == nil then return false end end
    return true
  end
  """

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  var generator = Generator(bytes: Array(UnsafeBufferPointer(start: data + 1, count: size - 1))[...])
  var (expression, expected) = generator.value(depth: 0)
  // the first byte may wrap it in lists, deeper than the conversion takes (100)
  let wraps = Int(data[0]) % 8 == 0 ? Int(data[0]) / 2 : 0
  for _ in 0..<wraps {
    expression = "{" + expression + "}"
    expected = .list([expected])
  }
  // the conversion takes tables nested up to 100 deep (depths 0…99)
  let depth = wraps + generator.deepest
  let tooDeep = depth >= 100
  let chunk =
    prelude + "\n"
      + """
      local v = \(expression)
      form:find("x").value = v
      assert(same(v, form:find("x").value), "the value read back differs")
      """
  let form = Form()
  let runtime = LuaRuntime(form: form)
  do throws(ScriptError) {
    try runtime.load(source: chunk, name: "fuzz")
  } catch {
    if tooDeep, error.message.contains("nested too deeply") { return 0 }
    fatalError("fuzz check failed: \(error.message)\nchunk:\n\(chunk)")
  }
  if tooDeep { fatalError("fuzz check failed: a table at depth \(depth) was taken\n\(chunk)") }
  let held = form.find("x")?.value ?? .null
  if !same(held, expected) {
    fatalError("fuzz check failed: Swift holds \(held), expected \(expected)\nchunk:\n\(chunk)")
  }
  return 0
}
