import FormCore
import FormLua
import FormRender
import FormSession

/// `formrun FORM.lua`: load, prefill, then read commands until submit or cancel.
enum Fill {
  static func run(_ o: FillOptions) -> ExitCode {
    let runtime = LuaRuntime()
    do {
      try runtime.load(path: o.path)
    } catch {
      Terminal.ui(Cells.sanitizeLines("formrun: " + error.message))
      return .usage
    }
    let form = runtime.form
    let display = Display(form: form, width: o.width, color: o.color)
    let session = Session(form: form, renderer: display.renderer, height: display.height)

    if let answers = o.answers {
      if let e = prefill(form, answersFile: answers) {
        Terminal.ui(["formrun: " + e])
        return .usage
      }
    }
    for (name, value) in o.sets {
      if let e = prefill(form, name: name, value: .string(value), source: "--set \(name)") {
        Terminal.ui(["formrun: " + e])
        return .usage
      }
    }

    if o.submit {
      let out = session.send("submit")
      if let json = session.submittedJSON {
        Terminal.ui(session.notices())
        Terminal.out(json + "\n")
        return .submitted
      }
      Terminal.ui(out)
      return .inputEnded
    }

    Terminal.exitOnInterrupt()
    let interactive = Terminal.stdinIsTTY
    Terminal.ui(session.start())
    let stats = Terminal.env("FORMRUN_STATS") != nil
    if stats { Terminal.ui([Stats.line(runtime)]) }
    defer { if stats { Terminal.ui([Stats.end]) } }
    if interactive { Terminal.ui(["type a row number to edit it, ? for help, s to submit"]) }
    while true {
      if interactive { Terminal.write(session.prompt, to: 2) }
      let secret = interactive && session.editingSecret
      let read = secret ? Terminal.readSecretLineBytes() : Terminal.readLineBytes()
      guard let bytes = read else {
        if interactive { Terminal.write("\n", to: 2) }
        Terminal.ui(["formrun: input ended before submit"])
        return .inputEnded
      }
      guard let line = String(validating: bytes, as: UTF8.self) else {
        Terminal.ui(["! that line is not valid UTF-8; it was ignored"])
        continue
      }
      Terminal.ui(session.send(line))
      switch session.state {
      case .running: continue
      case .submitted(let json):
        Terminal.out(json + "\n")
        return .submitted
      case .cancelled: return .cancelled
      }
    }
  }

  static func prefill(_ form: Form, answersFile path: String) -> String? {
    guard let bytes = Files.readBytes(path) else { return "cannot read answers file '\(path)'" }
    guard let text = String(validating: bytes, as: UTF8.self) else { return "\(path): not valid UTF-8" }
    let value: Value
    do { value = try JSON.decode(text) } catch { return "\(path):\(error.line): \(error.message)" }
    guard case .record(let fields) = value else { return "\(path): expected a JSON object of name: value" }
    for f in fields {
      if let e = prefill(form, name: f.key, value: f.value, source: path) { return e }
    }
    return nil
  }

  /// Set one value as typed input: strings are parsed by the item's kind,
  /// other JSON values are checked as a script's would be.
  static func prefill(_ form: Form, name: String, value: Value, source: String) -> String? {
    guard let item = form.find(name) else {
      var m = "\(source): the form has no item named '\(name)'"
      if let s = suggestion(for: name, among: form.names) { m += " (did you mean '\(s)'?)" }
      return m
    }
    let parsed = value.string.map { item.kind.parse($0, for: item) } ?? item.kind.accept(value, for: item)
    switch parsed {
    case .value(let v):
      form.setValue(item, v, origin: .user)
      return nil
    case .refused(let reason): return "\(source): \(reason)"
    }
  }
}
