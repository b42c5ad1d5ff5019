import FormCore
import FormLua
import FormSchema
import FormTerminal

/// A JSON Schema: its form built into the runtime's `form` (FormSchema), so
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
    do throws(SchemaError) {
      let schema = try Schema.load(path: path, searchPath: searchPath, lenient: lenient)
      do throws(SchemaError) { try SchemaForm.build(schema, into: runtime.form) } catch {
        throw SchemaError(file: path, at: error.at, message: error.message, kind: error.kind)
      }
      for ignored in schema.ignored { runtime.form.report("formrun: --lenient: ignored \(ignored)") }
      return nil
    } catch {
      return Self.refusal(error, lenient: lenient)
    }
  }

  /// A load's refusal, with the hint that `--lenient` loads past it when it does.
  static func refusal(_ error: SchemaError, lenient: Bool) -> String {
    error.description + (error.kind == .unsupported && !lenient ? " (--lenient loads the schema without it)" : "")
  }
}
