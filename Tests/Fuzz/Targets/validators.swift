// modules: FormCore
// The validator spec parser: any text either makes a validator or is refused
// with a message; a validator made checks any value without trapping.
@testable import FormCore

let names = Validators.builtInNames

let samples: [Value] = [
  .null, .string(""), .string("abc"), .string("a@b.co"), .string("http://x.y/z"), .int(0), .int(Int.max),
  .int(Int.min), .double(-1.5), .double(.infinity), .double(.nan), .double(1e300), .bool(true),
  .list([.string("a"), .int(2)]), .record([.init("number", .string("4242424242424242"))]),
  .string(String(repeating: "a", count: 300)),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = UnsafeBufferPointer(start: data, count: size)[...]
  // a first byte below 0x20 picks a built-in name and puts the rest in its parentheses
  var text: String
  if let first = bytes.first, first < 0x20 {
    bytes = bytes.dropFirst()
    text = names[Int(first) % names.count] + "(" + String(decoding: bytes, as: UTF8.self) + ")"
  } else {
    text = String(decoding: bytes, as: UTF8.self)
  }
  let form = Form()
  let validator: any Validator
  do {
    validator = try Validators.make(text, in: form)
  } catch {
    if error.message.isEmpty { fatalError("fuzz check failed: an empty message for '\(text)'") }
    return 0
  }
  let item = Item(kind: TextKind(), title: "Field")
  for value in samples { _ = validator.check(value, item: item) }
  return 0
}
