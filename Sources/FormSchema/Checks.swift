import FormCore

/// A row's own part of the schema, checked at every edit as a validator: the
/// value as the document would hold it against every place that describes it.
struct SchemaRowCheck: Validator {
  weak var node: RowNode?
  let schema: Schema

  var source: String { "schema" }

  func check(_ value: Value, item: Item) -> [String] {
    guard let node else { return [] }
    let json: Value?
    if let kept = node.kept, kept.row == value { json = kept.json } else { json = node.codec.json(value) }
    guard let json else { return [] }
    let at = node.pointer
    var out: [String] = []
    let catalogue = item.form?.catalogue ?? .english
    for place in node.places {
      for p in schema.validate(json, against: place, at: at) {
        let inner = JSONPointer(Array(p.instance.tokens.dropFirst(at.tokens.count)))
        let label =
          inner.tokens.isEmpty
          ? item.messageName
          : catalogue.say(SchemaPhrase.inside.rawValue, ["label": item.messageName, "place": inner.description])
        let line = p.sentence(in: catalogue, label: label)
        if !out.contains(line) { out.append(line) }
      }
    }
    return out
  }
}

/// `required`: the property must be in the document. Whether it is required
/// now follows the object's `required`, its branches and `dependentRequired`.
struct RequiredCheck: Validator {
  weak var node: RowNode?
  let flag: RequiredFlag

  var source: String { "required" }
  var marksRequired: Bool { flag.now }

  func check(_ value: Value, item: Item) -> [String] {
    guard flag.now, let node else { return [] }
    let empty: Bool
    if let kept = node.kept, kept.row == value { empty = false } else { empty = node.codec.json(value) == nil }
    guard empty && !node.nullable else { return [] }
    // below the root it names the object the property is missing from, by
    // its JSON pointer (`name at /alias is required.`), as a document's refusal does
    let object = node.pointer.parent
    guard !object.tokens.isEmpty else { return [item.say(SchemaPhrase.missing.rawValue)] }
    let catalogue = item.form?.catalogue ?? .english
    let label = catalogue.say(SchemaPhrase.inside.rawValue, ["label": item.messageName, "place": object.description])
    return [item.say(SchemaPhrase.missing.rawValue, ["label": label])]
  }
}
