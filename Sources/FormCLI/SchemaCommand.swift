import FormCore
import FormLua
import FormLuaSchema
import FormSchema
import FormTerminal

/// `formrun schema FORM`: load the form (a Lua script or a JSON Schema) and
/// print the JSON Schema of its values on stdout. `formrun schema --check
/// SCHEMA [DOCUMENT...]`: load the schema, list what formrun does not use
/// in it, and check each document against it.
enum SchemaCommand {
  /// How `formrun schema` ended.
  enum End {
    /// the schema printed, or checked with every document valid
    case done
    /// the form or schema could not be loaded
    case refused
    /// `--check`: a document is not valid
    case notValid
    /// stdout could not be written
    case notWritten
  }

  static func run(_ o: Options) -> End {
    guard let path = o.path else { return .refused }
    if o.check { return check(path, o) }
    let runtime = LuaRuntime(schemas: SchemaForms(searchPath: o.schemaPath))
    if let message = FormSources.source(for: path, lenient: o.lenient, schemaPath: o.schemaPath).load(into: runtime) {
      Terminal.ui(
        runtime.form.takeNotices().flatMap(Cells.sanitizeLines)
          + Cells.sanitizeLines("formrun: " + message, cut: Cells.messageLimit))
      return .refused
    }
    Terminal.ui(runtime.form.takeNotices().flatMap(Cells.sanitizeLines))
    if let error = Terminal.out(JSON.encode(SchemaExport.schema(of: runtime.form)) + "\n") {
      Terminal.ui(["formrun: the schema could not be written to stdout: \(error)"])
      return .notWritten
    }
    return .done
  }

  /// `--check`: the schema's unused parts on stdout, then each document's verdict.
  static func check(_ path: String, _ o: Options) -> End {
    guard Files.exists(path) else {
      Terminal.ui(["formrun: cannot read schema '\(Cells.sanitize(path))'"])
      return .refused
    }
    let schema: Schema
    do throws(SchemaError) {
      schema = try Schema.load(path: path, searchPath: o.schemaPath, lenient: o.lenient)
    } catch {
      Terminal.ui(
        Cells.sanitizeLines("formrun: " + SchemaForms.refusal(error, lenient: o.lenient), cut: Cells.messageLimit))
      return .refused
    }
    let read = schema.documents.count
    let unused = schema.unused.count
    var out = [
      "\(path): loads (\(schema.draft)\(read > 1 ? "; \(read) documents read" : ""));"
        + (unused == 0
          ? " formrun uses every keyword in it"
          : " formrun does not use \(unused) keyword\(unused == 1 ? "" : "s") or format\(unused == 1 ? "" : "s") in it:")
    ]
    out += schema.ignored.map { "ignored: \($0)" } + schema.unused.map(\.description)
    var allValid = true
    for document in o.documents {
      let problems: [String]
      switch Files.readAnswers(document) {
      case .failure(let p): problems = ["cannot read the document: \(p.message)"]
      case .success(let bytes):
        if let text = String(validating: bytes, as: UTF8.self) {
          do throws(JSON.ParseError) {
            let value = try JSON.decode(text)
            problems = schema.checking { schema.validate(value) }.map(\.description)
          } catch {
            problems = ["line \(error.line): \(error.message)"]
          }
        } else {
          problems = ["not valid UTF-8"]
        }
      }
      if problems.isEmpty {
        out.append("\(document): valid")
      } else {
        allValid = false
        out.append("\(document): not valid (\(problems.count) problem\(problems.count == 1 ? "" : "s"))")
        out += problems.map { "  \(document): \($0)" }
      }
    }
    let text = out.map { Cells.sanitize($0) }.joined(separator: "\n")
    if let error = Terminal.out(text.isEmpty ? "" : text + "\n") {
      Terminal.ui(["formrun: the check could not be written to stdout: \(error)"])
      return .notWritten
    }
    return allValid ? .done : .notValid
  }
}
