import CLua
import FormCore
import FormSchema

#if canImport(Glibc)
  import Glibc
#endif

/// `form:from_schema(path, { lenient = true })`: the rows, sections and
/// groups of a JSON Schema built into the form, which then submits the
/// schema's document; the script adds what a schema cannot hold (handlers,
/// hooks, custom kinds) to the rows it made (`form:find("replicas")`).
enum SchemaBinding {
  static var formMethods: [Method<Form>] {
    [
      Method(
        "from_schema", "(path: string, { lenient: boolean? }?) -> form",
        "Build the rows of a JSON Schema (a file, found from the working folder or beside the script) into the form."
      ) { c, form throws(LuaError) in
        let path = try c.string(2)
        var lenient = false
        if lua_type(c.L, 3) == LUA_TTABLE {
          lua_getfield(c.L, 3, "lenient")
          lenient = lua_toboolean(c.L, -1) != 0
          formrun_pop(c.L, 1)
        } else if !c.isNone(3) {
          throw c.typeError(3, expected: "table")
        }
        guard form.documentShape == nil else { throw c.error("from_schema: the form already has a schema") }
        let script = c.state.chunkName
        let beside = script.contains("/") ? String(script[...script.lastIndex(of: "/")!]) + path : path
        switch build(path.hasPrefix("/") || readable(path) ? path : beside, into: form, lenient: lenient) {
        case .success(let notes): for n in notes { form.report(n) }
        case .failure(let error): throw c.error("from_schema: " + error.message)
        }
        lua_settop(c.L, 1)
        return 1
      }
    ]
  }

  static func readable(_ path: String) -> Bool { access(path, R_OK) == 0 }

  /// The schema at `path` built into `form`: what a lenient load ignored, or why it failed.
  static func build(_ path: String, into form: Form, lenient: Bool) -> Result<[String], ScriptError> {
    guard readable(path) else { return .failure(ScriptError("cannot read schema '\(path)'")) }
    do throws(SchemaError) {
      let schema = try Schema.load(path: path, lenient: lenient)
      do throws(SchemaError) { try SchemaForm.build(schema, into: form) } catch {
        throw SchemaError(file: path, at: error.at, message: error.message, kind: error.kind)
      }
      return .success(schema.ignored.map { "ignored \($0)" })
    } catch {
      let hint = error.kind == .unsupported && !lenient ? " (--lenient loads the schema without it)" : ""
      return .failure(ScriptError(error.description + hint))
    }
  }
}
