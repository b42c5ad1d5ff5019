/// How a form's rows become the one document it submits, and back: a form
/// built from a JSON Schema nests its values (`{"spec": {"replicas": 3}}`)
/// and checks the whole document against the schema. A form without one
/// submits its values flat, by name.
public protocol DocumentShape: AnyObject {
  /// The document's top-level fields, made from the form's rows.
  func document(of form: Form) -> [Value.Field]
  /// Every way the whole document breaks its rules, one line each (none: it
  /// may be submitted): a submit with problems is refused with them.
  func problems(in document: [Value.Field]) -> [String]
  /// The row values a document of this shape sets, by row name in the order
  /// to set them, or why it cannot be read; rows the document needs (another
  /// element of an array) are made on the way.
  func assignments(from document: Value, in form: Form) -> Result<[Value.Field], DocumentError>
  /// Called after any row's value changed (rows may appear, become required).
  func changed(_ item: Item, in form: Form)
  /// `--set NAME=TEXT` for a row whose options show labels: the label of the
  /// option whose value TEXT spells (`recreate` → `Recreate`); nil: TEXT as typed.
  func typed(_ text: String, for item: Item) -> String?
  /// Make the rows these names need that the shape makes on demand (a draft
  /// names `containers.3.name`: the array's third element), before values
  /// are set by name.
  func makeRows(named names: [String], in form: Form)
  /// Make the row a typed name means when the shape names it but has not
  /// made it yet (a property waiting to be added, an array's next element):
  /// `compilerOptions.strict on` adds the row and sets it.
  func makeRow(named name: String, in form: Form)
  /// The form's language changed: the words the shape put on rows are said again.
  func relabel(in form: Form)
  /// The first row the last change made on demand (a property, a map's key,
  /// a list's element a person added), once: a visual front end puts the
  /// focus on it. nil when the change made none.
  func takeMade() -> Item?
}

extension DocumentShape {
  /// A shape whose rows are all made at once needs nothing made.
  public func makeRows(named names: [String], in form: Form) {}
  /// A shape whose rows are all made at once makes none on demand.
  public func makeRow(named name: String, in form: Form) {}
  /// A shape that words no rows of its own has nothing to say again.
  public func relabel(in form: Form) {}
  /// A shape whose rows are all made at once makes none on demand.
  public func takeMade() -> Item? { nil }
}

/// A document that is no object (a schema whose root is an array, a text,
/// a number) travels where fields do as one field under `key`, and is
/// written as the value alone.
public enum WholeDocument {
  /// The key of the one field (no name a row can have).
  public static let key = "\u{0}"

  /// The document the fields are: an object of them, or the one value.
  public static func value(of fields: [Value.Field]) -> Value {
    if fields.count == 1, fields[0].key == key { return fields[0].value }
    return .record(fields)
  }

  /// The fields as formats that name each value show them: the one value named `value`.
  public static func named(_ fields: [Value.Field]) -> [Value.Field] {
    if fields.count == 1, fields[0].key == key { return [.init("value", fields[0].value)] }
    return fields
  }
}

/// Why a document does not fit the form's shape: the place and what is wrong.
public struct DocumentError: Error, Equatable, Sendable {
  /// The message, naming the place in the document (`/spec/replicas must be at most 10`).
  public var message: String
  /// A refusal with this message.
  public init(_ message: String) { self.message = message }
}

extension Form {
  /// The document a submit gives: the shape's, else every named shown row's
  /// value by name (`values`).
  public var document: [Value.Field] { documentShape?.document(of: self) ?? values }
}
