import FormCore
import FormLua
import FormLuaSchema
import FormServe
import FormTerminal

/// `formrun serve FORM`: the form in a browser (FormServe). The form is
/// loaded here once first, so a script error is said (exit 2) before serve
/// listens; then each visitor's form is loaded afresh the same way, with the
/// fill's budgets and, with `--sandbox`, the sandbox.
enum ServeCommand {
  static func run(_ o: Options) -> ServeEnd {
    guard let path = o.path else { return .failed("no form given") }
    let source = FormSources.source(for: path, lenient: o.lenient, schemaPath: o.schemaPath)
    let schemaPath = o.schemaPath
    let sandbox = o.sandbox
    let first = LuaRuntime(sandbox: sandbox, host: BrowserHost(), schemas: SchemaForms(searchPath: schemaPath))
    // said once, here: every visitor's runtime gets the same budgets
    TimeBudget.apply(to: first)
    if let error = source.load(into: first) {
      Terminal.ui(first.form.takeNotices().flatMap(Cells.sanitizeLines))
      Terminal.ui(Cells.sanitizeLines("formrun: " + error, cut: Cells.messageLimit))
      return .failed(error)
    }
    // what the script printed as it loaded is each visitor's to see
    _ = first.form.takeNotices()
    if let message = Fill.missingField(o, in: first.form) {
      Terminal.ui([message])
      return .failed(message)
    }
    let (handlerBudget, loadBudget) = (first.handlerBudget, first.loadBudget)
    let title = first.form.title.flatMap { $0.isEmpty ? nil : $0 } ?? path
    let output = o.output
    let loader = Loader(source: source)
    let load: @Sendable (BrowserHost) -> Result<LuaRuntime, ServeFailure> = { host in
      let runtime = LuaRuntime(sandbox: sandbox, host: host, schemas: SchemaForms(searchPath: schemaPath))
      runtime.handlerBudget = handlerBudget
      runtime.loadBudget = loadBudget
      if let error = loader.source.load(into: runtime) { return .failure(ServeFailure(error)) }
      return .success(runtime)
    }
    let write: @Sendable ([Value.Field]) -> String? = { values in
      Terminal.out(output.render(values)).map { "the values could not be written to stdout: \($0)" }
    }
    var settings = o.serve
    settings.stats = Terminal.env("FORMRUN_STATS") != nil
    settings.theme = o.theme
    settings.themeEnvironment = Terminal.env("FORMRUN_THEME")
    // an unknown theme's name is said once, here (it is passed over)
    let (_, themeProblem) = Theme.chosen(flag: o.theme, environment: settings.themeEnvironment, form: first.form.theme)
    if let themeProblem { Terminal.ui(["formrun: " + themeProblem]) }
    let end = FormServe.run(
      settings, title: title, load: load, say: { Terminal.ui([$0]) }, out: { Terminal.out($0) },
      once: o.serve.once ? write : nil)
    if case .failed(let message) = end { Terminal.ui(["formrun: " + Cells.sanitize(message)]) }
    return end
  }

  /// The form's source, shared by the server's threads (it holds only its path).
  struct Loader: @unchecked Sendable {
    let source: any FormSource
  }
}
