import FormCore
import FormLua
import FormSchema

/// JSON Schema for the Lua bridge (`form:from_schema`, `formrun.open("x.json")`)
/// and for a schema given as the form (`formrun deploy.json`): the schema
/// loaded and built into the form (FormSchema), which then submits the
/// schema's document. FormLua knows no schema; the front ends give their
/// runtimes this (`LuaRuntime(schemas: SchemaForms())`).
public struct SchemaForms: SchemaBuilding {
  /// Folders of the documents a schema's `$ref`s name (`--schema-path`);
  /// the files beside the schema are looked at in any case.
  public var searchPath: [String]

  /// The builder, with the folders `--schema-path` gives.
  public init(searchPath: [String] = []) { self.searchPath = searchPath }

  public func build(path: String, into form: Form, lenient: Bool) throws(SchemaBuildError) -> [String] {
    do throws(SchemaError) {
      let schema = try Schema.load(path: path, searchPath: searchPath, lenient: lenient)
      do throws(SchemaError) { try SchemaForm.build(schema, into: form) } catch {
        throw SchemaError(file: path, at: error.at, message: error.message, kind: error.kind)
      }
      return schema.ignored.map(\.description)
    } catch {
      throw SchemaBuildError(Self.refusal(error, lenient: lenient))
    }
  }

  /// A load's refusal, with the hint that `--lenient` loads past it when it does.
  public static func refusal(_ error: SchemaError, lenient: Bool) -> String {
    error.description + (error.kind == .unsupported && !lenient ? " (--lenient loads the schema without it)" : "")
  }
}
