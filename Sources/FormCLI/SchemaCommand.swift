import FormCore
import FormLua
import FormLuaSchema
import FormSchema
import FormTerminal

/// `formrun schema FORM`: load the form (a Lua script or a JSON Schema) and
/// print the JSON Schema of its values on stdout.
enum SchemaCommand {
  static func run(path: String) -> Fill.End {
    let runtime = LuaRuntime(schemas: SchemaForms())
    if let message = FormSources.source(for: path).load(into: runtime) {
      Terminal.ui(
        runtime.form.takeNotices().flatMap(Cells.sanitizeLines)
          + Cells.sanitizeLines("formrun: " + message, cut: Cells.messageLimit))
      return .scriptError
    }
    Terminal.ui(runtime.form.takeNotices().flatMap(Cells.sanitizeLines))
    if let error = Terminal.out(JSON.encode(SchemaExport.schema(of: runtime.form)) + "\n") {
      Terminal.ui(["formrun: the schema could not be written to stdout: \(error)"])
      return .valuesNotWritten
    }
    return .submitted
  }
}
