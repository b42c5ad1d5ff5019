// modules: FormCore
// Every kind's parse and format: a value read from text is kept when a script
// assigns it and when it goes through an answers file (JSON), and the value as
// its row's facts type it back (`KindFacts.typed`) reads back as the same value.
@testable import FormCore

/// Equal as a user sees numbers: 3 and 3.0 are the same (exactly).
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

func dated(_ mode: DateKind.Mode, _ format: String? = nil) -> DateKind {
  var k = DateKind(mode: mode)
  if let format { k.format = try! DatePattern.compile(format).get() }
  return k
}

let options = ["S", "M", "L", "10", "1", "Extra large", "Élan"]
let kinds: [any ItemKind] = [
  TextKind(), TextKind(secure: true), TextKind(maxLength: 5), LongTextKind(), LongTextKind(maxLength: 20),
  NumberKind(), NumberKind(decimals: 0), NumberKind(min: -1000, max: 1e6, decimals: 2), NumberKind(min: 2, max: 9),
  MaskedKind(), MaskedKind(format: "(XXX) XXX-XXXX"), MaskedKind(format: "+1 (XXX) XXX-XXXX"),
  FloatKind(), FloatKind(min: -5, max: 5, step: 0.25), FloatKind(min: 0, max: 100, step: 3),
  BoolKind(), dated(.date), dated(.time), dated(.datetime), dated(.datetime, "MM/dd/yyyy hh:mm a"),
  dated(.date, "EEEE d MMMM yyyy"), RadioKind(options: options), SegmentedKind(options: options),
  MultipleKind(options: options), PickerKind(components: [options, ["Thin", "Thick"]]),
  CreditCardKind(today: { CivilDate(year: 2026, month: 11, day: 30) }),
]

let form = Form()
let items: [Item] = {
  let section = form.addSection("All")
  return kinds.enumerated().map { i, kind in
    let item = Item(kind: kind, title: "Row \(i)", name: "r\(i)")
    try! section.append(item)
    return item
  }
}()

func check(_ ok: Bool, _ message: @autoclosure () -> String) {
  if !ok { fatalError("fuzz check failed: " + message()) }
}

/// The text a user would type to get `v` back: the row's facts say it
/// (`KindFacts.typed`), except for a secret, which they never type back.
func written(_ v: Value, by item: Item) -> String? {
  if item.kind.isSecret(item) { return v.string }
  form.setValue(item, v, origin: .script)
  return item.facts.typed
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let item = items[Int(data[0]) % items.count]
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  let kind = item.kind
  guard case .value(let v) = kind.parse(text, for: item) else { return 0 }
  _ = kind.display(v, for: item)
  _ = kind.check(v, for: item)
  let label = "\(kind.name) row \(item.label): '\(text)' → \(v)"
  switch kind.accept(v, for: item) {
  case .value(let w): check(same(v, w), "\(label): a script's assignment of it gives \(w)")
  case .refused(let why): check(false, "\(label): a script's assignment of it is refused: \(why)")
  }
  do {
    let json = try JSON.decode(JSON.encode(v))
    switch kind.accept(json, for: item) {
    case .value(let w): check(same(v, w), "\(label): through JSON it becomes \(w)")
    case .refused(let why): check(false, "\(label): through JSON it is refused: \(why)")
    }
  } catch {
    check(false, "\(label): its JSON does not decode: \(error)")
  }
  if let again = written(v, by: item) {
    switch kind.parse(again, for: item) {
    case .value(let w): check(same(v, w), "\(label): written '\(again)' reads back as \(w)")
    case .refused(let why): check(false, "\(label): written '\(again)' is refused: \(why)")
    }
  }
  return 0
}
