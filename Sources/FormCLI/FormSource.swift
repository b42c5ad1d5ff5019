import FormCore
import FormLua
import FormSchema
import FormTerminal

/// Where a form comes from: a Lua script, or a JSON Schema (a `.json` file)
/// whose form is built into the runtime's `form`, so the REPL and the
/// session see the same form either way.
enum FormSource {
  /// True for a JSON Schema: a path ending in `.json`.
  static func isSchema(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

  /// Load `path` into the runtime's form: the lines to show (what a lenient
  /// load ignored), or the error to show (exit 2).
  static func load(_ path: String, into runtime: LuaRuntime, lenient: Bool = false) -> Result<[String], LoadFailure> {
    guard isSchema(path) else {
      do throws(ScriptError) { try runtime.load(path: path) } catch {
        return .failure(LoadFailure(message: error.message))
      }
      return .success([])
    }
    guard let text = Files.read(path) else { return .failure(LoadFailure(message: "cannot read schema '\(path)'")) }
    do throws(SchemaError) {
      let schema = try Schema.load(text, name: path, lenient: lenient)
      do throws(SchemaError) { try SchemaForm.build(schema, into: runtime.form) } catch {
        throw SchemaError(file: path, at: error.at, message: error.message, kind: error.kind)
      }
      return .success(schema.ignored.map { "formrun: --lenient: ignored \($0)" })
    } catch {
      let hint = error.kind == .unsupported && !lenient ? " (--lenient loads the schema without it)" : ""
      return .failure(LoadFailure(message: error.description + hint))
    }
  }
}

/// Why a form could not be loaded: the message to show after `formrun: `.
struct LoadFailure: Error {
  var message: String
}
