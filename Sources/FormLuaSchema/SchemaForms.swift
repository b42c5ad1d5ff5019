import FormCore
import FormLua
import FormSchema

/// JSON Schema for the Lua bridge (`form:from_schema`, `formrun.open("x.json")`)
/// and for a schema given as the form (`formrun deploy.json`): the schema
/// loaded and built into the form (FormSchema), which then submits the
/// schema's document. FormLua knows no schema; the front ends give their
/// runtimes this (`LuaRuntime(schemas: SchemaForms())`).
public struct SchemaForms: SchemaBuilding {
  /// The one builder.
  public init() {}

  public func build(_ text: String, path: String, into form: Form, lenient: Bool) throws(SchemaBuildError) -> [String] {
    do throws(SchemaError) {
      let schema = try Schema.load(text, name: path, lenient: lenient)
      do throws(SchemaError) { try SchemaForm.build(schema, into: form) } catch {
        throw SchemaError(file: path, at: error.at, message: error.message, kind: error.kind)
      }
      return schema.ignored.map(\.description)
    } catch {
      let hint = error.kind == .unsupported && !lenient ? " (--lenient loads the schema without it)" : ""
      throw SchemaBuildError(error.description + hint)
    }
  }
}
