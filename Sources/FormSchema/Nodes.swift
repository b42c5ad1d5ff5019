import FormCore

/// A Swift closure as a form handler (row actions, array elements).
final class Action: Handler {
  let body: ([HandlerArgument]) -> HandlerOutcome
  init(_ body: @escaping ([HandlerArgument]) -> HandlerOutcome) { self.body = body }
  func invoke(_ arguments: [HandlerArgument]) -> HandlerOutcome { body(arguments) }
}

/// Whether a row is required now: by its object's `required`, by the
/// `if`/`then`/`else` branch that holds, or by `dependentRequired`.
final class RequiredFlag {
  var always = false
  var now = false
}

/// A row's share of the schema: the places that describe it, how its value
/// converts, whether it is required.
final class RowNode {
  let key: String
  unowned let owner: ObjectNode
  let item: Item
  var codec: Codec
  let places: [JSONPointer]
  let required = RequiredFlag()
  /// null is a value the schema allows here (a required empty row is written null)
  let nullable: Bool
  /// only a branch of `if`/`then`/`else` describes it: shown while that branch holds or it has a value
  var branch: (condition: Int, when: Bool)?
  /// a value read from a document and the row value it became: written back as it came while unchanged
  var kept: (row: Value, json: Value)?
  /// the `Other properties` row of its object
  var extra = false

  init(key: String, owner: ObjectNode, item: Item, codec: Codec, places: [JSONPointer], nullable: Bool) {
    self.key = key
    self.owner = owner
    self.item = item
    self.codec = codec
    self.places = places
    self.nullable = nullable
  }

  var name: String { owner.prefix + key }
  var pointer: JSONPointer { owner.pointer.appending(key) }

  /// The document's value of this row; nil: the property is left out.
  var json: Value? {
    guard item.form != nil, item.isShown else { return nil }
    if let kept, kept.row == item.value { return kept.json }
    if let v = codec.json(item.value) {
      if case .choices = codec, v.list?.isEmpty == true, !required.now { return nil }
      return v
    }
    return required.now && nullable ? .null : nil
  }
}

/// An object of the schema: its properties' rows, nested objects and arrays.
final class ObjectNode {
  /// Where it hangs; the node above is held unowned (it holds this one: a
  /// strong reference back would keep every built form alive).
  enum Role {
    case root
    case property(Up<ObjectNode>, String)
    case element(Up<ArrayNode>)
  }

  let role: Role
  let facet: Facet
  let section: Section
  var children: [(key: String, node: Node)] = []
  /// `Other properties`: a JSON row made when a document brings keys the schema does not name
  var extra: RowNode?
  /// Each `if`/`then`/`else` of the object (and of its `allOf`): where the `if` is, and the branches
  var conditions: [(ifPlace: JSONPointer, then: Facet?, else: Facet?)] = []

  init(role: Role, facet: Facet, section: Section) {
    self.role = role
    self.facet = facet
    self.section = section
  }

  /// How its rows' names begin: `spec.`, `containers.2.`.
  var prefix: String {
    switch role {
    case .root: return ""
    case .property(let parent, let key): return parent.node.prefix + key + "."
    case .element(let up):
      let array = up.node
      return array.owner.prefix + array.key + ".\((array.index(of: self) ?? 0) + 1)."
    }
  }

  /// Where it sits in the document.
  var pointer: JSONPointer {
    switch role {
    case .root: return JSONPointer()
    case .property(let parent, let key): return parent.node.pointer.appending(key)
    case .element(let up):
      let array = up.node
      return array.owner.pointer.appending(array.key).appending(array.index(of: self) ?? 0)
    }
  }

  var parent: ObjectNode? {
    switch role {
    case .root: return nil
    case .property(let p, _): return p.node
    case .element(let a): return a.node.owner
    }
  }

  func isRequired(_ key: String) -> Bool { facet.required.contains(key) }
}

/// A reference to the node above, which owns the one holding it.
struct Up<Node: AnyObject> {
  unowned let node: Node
  init(_ node: Node) { self.node = node }
}

/// An array of objects: a section of repeated groups the person adds and deletes.
final class ArrayNode {
  let key: String
  unowned let owner: ObjectNode
  let facet: Facet
  let itemFacet: Facet
  /// the array's own section: its title, and the row that adds an element
  let header: Section
  var add: Item!
  var elements: [ObjectNode] = []
  let noun: String

  init(key: String, owner: ObjectNode, facet: Facet, itemFacet: Facet, header: Section, noun: String) {
    self.key = key
    self.owner = owner
    self.facet = facet
    self.itemFacet = itemFacet
    self.header = header
    self.noun = noun
  }

  func index(of element: ObjectNode) -> Int? { elements.firstIndex { $0 === element } }
  var minItems: Int { Int(facet["minItems"]?.number ?? 0) }
  var maxItems: Int? { facet["maxItems"]?.number.map { Int(min($0, 1e9)) } }
}

indirect enum Node {
  case row(RowNode)
  case object(ObjectNode)
  case array(ArrayNode)
}
