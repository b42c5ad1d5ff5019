import FormLua

/// Where a form comes from. The drivers (fill, the REPL) ask a source to
/// build the form in a runtime, which then hosts it (handlers, interrupts,
/// the REPL's Lua), and never name the file type themselves: a Lua script
/// today; another kind of file (a JSON Schema) is one more conforming type
/// and a line in `FormSources.source(for:)`.
protocol FormSource {
  /// The file as given on the command line (for messages and the draft's header).
  var path: String { get }
  /// Build the form in `runtime.form`; the message (naming file and line)
  /// when it cannot be built.
  func load(into runtime: LuaRuntime) -> String?
}

/// A form script: Lua that builds the form on the global `form`.
struct LuaScriptSource: FormSource {
  var path: String

  func load(into runtime: LuaRuntime) -> String? {
    do { try runtime.load(path: path) } catch { return error.message }
    return nil
  }
}

enum FormSources {
  /// The source that reads `path`: a JSON Schema for a `.json` file, else a Lua script.
  static func source(for path: String, lenient: Bool = false) -> any FormSource {
    path.lowercased().hasSuffix(".json") ? SchemaSource(path: path, lenient: lenient) : LuaScriptSource(path: path)
  }
}
