import CLua
import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// What builds a JSON Schema's rows into a form, for `form:from_schema`
/// and `formrun.open("x.json")`. FormLua knows no schema (the bridge would
/// pull in the schema module and PCRE2 for one method): a front end gives
/// its runtimes one (`LuaRuntime(schemas:)`; FormLuaSchema's `SchemaForms`).
public protocol SchemaBuilding {
  /// The schema file at `path` (which messages name) built into `form`:
  /// what a lenient load ignored (one line each), or why it failed. The
  /// builder reads the file itself, and the files its `$ref`s name beside it.
  func build(path: String, into form: Form, lenient: Bool) throws(SchemaBuildError) -> [String]
}

/// Why a schema could not become a form (the message says where and what to do).
public struct SchemaBuildError: Error {
  /// The message.
  public var message: String
  /// A failure that says `message`.
  public init(_ message: String) { self.message = message }
}

/// `form:from_schema(path, { lenient = true })`: the rows, sections and
/// groups of a JSON Schema built into the form, which then submits the
/// schema's document; the script adds what a schema cannot hold (handlers,
/// hooks, custom kinds) to the rows it made (`form:find("replicas")`).
enum SchemaMethod {
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
        // a sandboxed form reads no file: a schema's path (or one its $refs
        // name) would tell it what exists, and its content would become rows
        guard form.pathsUnchecked == nil else {
          throw c.error(
            "from_schema: a sandboxed form reads no file (run the schema itself: formrun SCHEMA.json, "
              + "or the form without --sandbox)")
        }
        let script = c.state.chunkName
        let beside = script.contains("/") ? String(script[...script.lastIndex(of: "/")!]) + path : path
        let found = path.hasPrefix("/") || readable(path) ? path : beside
        switch build(found, into: form, lenient: lenient, by: LuaRuntime.from(c.L).schemas) {
        case .success(let notes): for n in notes { form.report(n) }
        case .failure(let error): throw c.error("from_schema: " + error.message)
        }
        lua_settop(c.L, 1)
        return 1
      }
    ]
  }

  static func readable(_ path: String) -> Bool { access(path, R_OK) == 0 }

  /// The schema at `path` built into `form` by `schemas`: what a lenient
  /// load ignored, or why it failed (no builder: this formrun reads none).
  static func build(
    _ path: String, into form: Form, lenient: Bool, by schemas: (any SchemaBuilding)?
  ) -> Result<[String], ScriptError> {
    guard let schemas else { return .failure(ScriptError("this program reads no JSON Schema ('\(path)')")) }
    guard readable(path) else { return .failure(ScriptError("cannot read schema '\(path)'")) }
    do throws(SchemaBuildError) {
      return .success(try schemas.build(path: path, into: form, lenient: lenient).map { "ignored \($0)" })
    } catch {
      return .failure(ScriptError(error.message))
    }
  }
}
