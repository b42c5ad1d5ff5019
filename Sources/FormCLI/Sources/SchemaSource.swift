import FormCore
import FormLua
import FormLuaSchema
import FormTerminal

/// A JSON Schema: its form built into the runtime's `form` (`SchemaForms`), so
/// the session, the REPL's Lua and drafts see it as any other form. What a
/// lenient load ignored is said as notices.
struct SchemaSource: FormSource {
  var path: String
  /// Load past what formrun cannot check (`--lenient`).
  var lenient = false
  /// Folders of the documents the schema's `$ref`s name (`--schema-path`).
  var searchPath: [String] = []

  func load(into runtime: LuaRuntime) -> String? {
    guard Files.exists(path) else { return "cannot read schema '\(path)'" }
    do throws(SchemaBuildError) {
      let ignored = try SchemaForms(searchPath: searchPath).build(path: path, into: runtime.form, lenient: lenient)
      for keyword in ignored { runtime.form.report("formrun: --lenient: ignored \(keyword)") }
      return nil
    } catch {
      return error.message
    }
  }
}
