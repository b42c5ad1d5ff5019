import FormCore
import FormLua
import FormSchema
import FormTerminal

/// A JSON Schema: its form built into the runtime's `form` (FormSchema), so
/// the session, the REPL's Lua and drafts see it as any other form. What a
/// lenient load ignored is said as notices.
struct SchemaSource: FormSource {
  var path: String
  /// Load past keywords formrun does not support (`--lenient`).
  var lenient = false

  func load(into runtime: LuaRuntime) -> String? {
    guard let text = Files.read(path) else { return "cannot read schema '\(path)'" }
    do throws(SchemaError) {
      if let big = SchemaForm.inexactValue(in: text, name: path) { throw big }
      let schema = try Schema.load(text, name: path, lenient: lenient)
      do throws(SchemaError) { try SchemaForm.build(schema, into: runtime.form) } catch {
        throw SchemaError(file: path, at: error.at, message: error.message, kind: error.kind)
      }
      for ignored in schema.ignored { runtime.form.report("formrun: --lenient: ignored \(ignored)") }
      return nil
    } catch {
      return error.description
        + (error.kind == .unsupported && !lenient ? " (--lenient loads the schema without it)" : "")
    }
  }
}
