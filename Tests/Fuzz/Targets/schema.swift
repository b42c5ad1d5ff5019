// modules: FormCore FormSchema
// JSON Schema from bytes: the loader refuses or loads (never traps), a loaded
// schema validates any instance, a form is built from it (or refused with an
// error), answers in the schema's shape go into that form, and the schema
// exported from the built form loads again.
import FormCore
import FormSchema

func check(_ ok: Bool, _ message: @autoclosure () -> String) {
  if !ok { fatalError("fuzz check failed: " + message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // the schema, then (after a NUL byte) an instance
  let cut = bytes.firstIndex(of: 0) ?? bytes.endIndex
  let schemaText = String(decoding: bytes[..<cut], as: UTF8.self)
  let instanceText = cut < bytes.endIndex ? String(decoding: bytes[(cut + 1)...], as: UTF8.self) : "{}"
  guard let schema = try? Schema.load(schemaText, name: "fuzz.schema.json", lenient: true) else { return 0 }
  let instance = (try? JSON.decode(instanceText)) ?? .record([])
  _ = schema.validate(instance)
  let form = Form(title: "fuzz")
  guard let built = try? SchemaForm.build(schema, into: form) else { return 0 }
  _ = built.problems(in: built.document(of: form))
  _ = built.assignments(from: instance, in: form)
  let exported = SchemaExport.schema(of: form)
  do {
    _ = try Schema.load(exported, name: "exported.schema.json")
  } catch {
    check(false, "the schema exported from a built form does not load: \(error) in \(JSON.encode(exported))")
  }
  return 0
}
