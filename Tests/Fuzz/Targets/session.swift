// modules: FormCore FormRender FormSession
// The line-command parser and Session: the bytes are lines sent to a session
// on a form with every kind; nothing traps, and every line it answers is safe
// for a terminal (no control character, no escape, no bidi override: the
// plain theme adds none of its own).
import FormRender
import FormSession

@testable import FormCore

/// No one to ask (no), prints kept as notices, no path exists: the session's words alone are fuzzed.
final class TestHost: Host {
  func confirm(_ question: String, for form: Form) -> Bool { false }
  func show(printed text: String, by form: Form) { form.report(text) }
  func lookUpPath(_ path: String) -> PathKind { .missing }
  func bandWidth(_ section: Section, _ band: Band) -> Int? { nil }
  func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }
  func editText(_ text: String) -> TextEdit { .noEditor }
}

func makeForm() -> Form {
  let form = Form(title: "Every \u{1B}[31mkind\u{7}")
  let options = ["S", "M", "L", "10", "1", "Extra \u{202E}large", "Élan"]
  var date = DateKind(mode: .datetime)
  date.format = try! DatePattern.compile("MM/dd/yyyy hh:mm a").get()
  let rows: [(any ItemKind, String, [String])] = [
    (TextKind(), "email", ["presence", "email"]),
    (TextKind(secure: true, maxLength: 12), "password", ["length(3, 10)"]),
    (LongTextKind(maxLength: 200), "notes", []), (NumberKind(min: 2, max: 9), "seats", ["presence"]),
    (NumberKind(decimals: 2), "price", ["range(0, 1000)"]), (MaskedKind(format: "+1 (XXX) XXX-XXXX"), "phone", []),
    (FloatKind(min: 0, max: 10, step: 0.5), "volume", []), (BoolKind(), "news", []),
    (DateKind(mode: .date), "day", []), (DateKind(mode: .time), "time", []), (date, "when", []),
    (RadioKind(options: options), "size", []), (SegmentedKind(options: options), "seg", []),
    (MultipleKind(options: options), "many", ["count(1, 3)"]),
    (PickerKind(components: [options, ["Thin", "Thick"]]), "pick", []),
    (CreditCardKind(today: { CivilDate(year: 2026, month: 11, day: 30) }), "card", []),
    (TextKind(), "code", ["pattern(^%u%u%d+$)"]), (ActionKind(), "go", []),
  ]
  let a = form.addSection("First\n")
  let b = form.addSection("Second")
  b.footer = "a footer with a \u{9B}31m C1 escape"
  for (i, (kind, name, validators)) in rows.enumerated() {
    let item = Item(kind: kind, title: i == 3 ? "Seats\u{1B}]0;x\u{7}" : name.capitalized, name: name)
    item.validators = validators.map { try! Validators.make($0, in: form) }
    try! (i < rows.count / 2 ? a : b).append(item)
  }
  // weak: a handler holding its form would be a cycle (a leak the sanitizer reports)
  form.find("go")!.onSelect = ClosureHandler { [weak form] _ in
    form?.report("selected \u{1B}[2J\r\nwith\tcontrol")
    return .returned([])
  }
  form.find("news")!.onChange = ClosureHandler { [weak form] _ in
    form?.find("notes")!.hidden.toggle()
    return .failed("handler failed:\n\u{1B}[31m traceback")
  }
  return form
}

extension String {
  var capitalized: String { prefix(1).uppercased() + dropFirst() }
}

func safe(_ line: String) -> Bool {
  !line.unicodeScalars.contains { u in
    let v = u.value
    return (v < 0x20 && v != 9) || (0x7f...0x9f).contains(v) || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v) || v == 0x2028 || v == 0x2029
  }
}

func check(_ lines: [String], after input: String) {
  for line in lines where !safe(line) {
    fatalError("fuzz check failed: unsafe output line \(line.debugDescription) after \(input.debugDescription)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let first = data[0]
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  let form = makeForm()
  let height: Int? = first & 1 == 0 ? nil : 10
  let session = Session(
    form: form, host: TestHost(), renderer: Renderer(width: 20 + Int(first >> 1) % 90), height: height)
  check(session.start(), after: "")
  for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
    let line = String(line)
    check(session.send(line), after: line)
    check([session.prompt], after: line)
    if session.state != .running { break }
  }
  check(session.screen(), after: "(the end)")
  return 0
}
