import FormCore
import FormLua
import FormLuaSchema
import TestSupport
import Testing

/// `form:from_schema` is the bridge's, the schema the front end's: a runtime
/// builds a schema into its form only with the builder it was given.
struct SchemaMethodTests {
  @Test func fromSchemaBuildsWithTheBuilderTheRuntimeWasGiven() throws {
    let path = try Launch.temporaryFile(
      #"{"type": "object", "properties": {"n": {"type": "integer", "title": "N"}}}"#, name: "s.json")
    let script = "form:from_schema('\(path)')"
    let bare = LuaRuntime()
    #expect {
      try bare.load(source: script, name: "form.lua")
    } throws: { error in
      (error as? ScriptError)?.message.contains("from_schema: this program reads no JSON Schema") == true
    }
    let runtime = LuaRuntime(schemas: SchemaForms())
    try runtime.load(source: script, name: "form.lua")
    #expect(runtime.form.find("n")?.title == "N")
    #expect(runtime.form.documentShape != nil)
  }
}
