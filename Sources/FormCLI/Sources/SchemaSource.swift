import FormCore
import FormLua
import FormLuaSchema
import FormTerminal

/// A JSON Schema: its form built into the runtime's `form` (`SchemaForms`), so
/// the session, the REPL's Lua and drafts see it as any other form. What a
/// lenient load ignored is said as notices.
struct SchemaSource: FormSource {
  var path: String
  /// Load past keywords formrun does not support (`--lenient`).
  var lenient = false

  func load(into runtime: LuaRuntime) -> String? {
    guard let text = Files.read(path) else { return "cannot read schema '\(path)'" }
    do throws(SchemaBuildError) {
      let ignored = try SchemaForms().build(text, path: path, into: runtime.form, lenient: lenient)
      for keyword in ignored { runtime.form.report("formrun: --lenient: ignored \(keyword)") }
      return nil
    } catch {
      return error.message
    }
  }
}
