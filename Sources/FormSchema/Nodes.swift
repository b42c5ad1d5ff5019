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

/// Where a row hangs: a property of an object, or an element of an array.
enum Holder {
  case object(Up<ObjectNode>)
  case element(Up<ArrayNode>)

  /// The row is the whole document (a schema whose root is no object).
  var isWrapperRoot: Bool {
    if case .object(let o) = self { return o.node.isWrapper }
    return false
  }
}

/// A row's share of the schema: the places that describe it, how its value
/// converts, whether it is required.
final class RowNode {
  let key: String
  let holder: Holder
  let item: Item
  var codec: Codec
  /// (none once a document's value is checked by the whole document only, see `SchemaForm.assign`)
  var places: [JSONPointer]
  let required = RequiredFlag()
  /// null is a value the schema allows here
  let nullable: Bool
  /// only a branch of `if`/`then`/`else` describes it: shown while that branch holds or it has a value
  var branch: (condition: Int, when: Bool)?
  /// a value read from a document and the row value it became: written back
  /// as it came (`1.0`, `null`, a list's order, a time's offset) while the row holds it
  var kept: (row: Value, json: Value)?
  /// the schema's `default` as the row holds it and as the schema wrote it (taken: written as written)
  var offered: (row: Value, json: Value)?
  /// its index among its array's elements when it last looked (`ArrayNode.index(of:)` checks it first)
  var slot = 0

  init(key: String, holder: Holder, item: Item, codec: Codec, places: [JSONPointer], nullable: Bool) {
    self.key = key
    self.holder = holder
    self.item = item
    self.codec = codec
    self.places = places
    self.nullable = nullable
  }

  var owner: ObjectNode {
    switch holder {
    case .object(let o): return o.node
    case .element(let a): return a.node.owner
    }
  }

  var name: String {
    switch holder {
    case .object(let o): return o.node.isWrapper ? "value" : o.node.prefix + key
    case .element(let a):
      let array = a.node
      return array.elementPrefix + String((array.index(of: self) ?? 0) + 1)
    }
  }

  var pointer: JSONPointer {
    switch holder {
    case .object(let o): return o.node.isWrapper ? JSONPointer() : o.node.pointer.appending(key)
    case .element(let a): return a.node.pointer.appending(a.node.index(of: self) ?? 0)
    }
  }

  /// The document's value of this row; nil: the property is left out (nobody set it).
  var json: Value? {
    guard item.form != nil, item.isShown else { return nil }
    if let kept, kept.row == item.value { return kept.json }
    if let offered, offered.row == item.value { return offered.json }
    return codec.json(item.value)
  }
}

/// An object of the schema: its properties' rows, nested objects and arrays,
/// and the properties that wait to be added.
final class ObjectNode {
  /// Where it hangs; the node above is held unowned (it holds this one: a
  /// strong reference back would keep every built form alive).
  enum Role {
    case root
    case property(Up<ObjectNode>, String)
    case element(Up<ArrayNode>)
  }

  let role: Role
  var facet: Facet
  let section: Section
  var children: [(key: String, node: Node)] = []
  /// Properties the schema names that are not rows yet (a large object's
  /// optional ones, a level reached again through `$ref`): added on demand
  var waiting: [(key: String, places: [JSONPointer])] = []
  /// The keys only a `oneOf`/`anyOf` branch names: what that branch says of
  /// one holds only while the branch does, so a document's value another
  /// branch allows is kept as a JSON row
  var branchKeys: Set<String> = []
  /// `Add a property`: a choice of the waiting ones
  var addProperty: Item?
  /// `Add a key`: an object that takes keys the schema does not name (a map)
  var addKey: Item?
  /// Each `if`/`then`/`else` of the object (and of its `allOf`): where the `if` is, and the branches
  var conditions: [(ifPlace: JSONPointer, then: Facet?, else: Facet?)] = []
  /// the document gave this object (so `{}` is a value)
  var given = false
  /// the keys in the order the document gave them
  var order: [String] = []
  /// the root of a schema whose document is no object: its one child is the document
  var isWrapper = false
  /// The branches of a root `oneOf`/`anyOf` of shapes, and the row that chooses one
  var shapes: [(title: String, place: JSONPointer)] = []
  var shapeRow: Item?
  /// only a branch of `if`/`then`/`else` describes it: shown while that branch holds
  var branch: (condition: Int, when: Bool)?
  /// whether it was in the document when last looked at (a change that
  /// brings it in or takes it out changes what the objects in it require)
  var wasPresent = false
  /// its index among its array's elements when it last looked (`ArrayNode.index(of:)` checks it first)
  var slot = 0

  init(role: Role, facet: Facet, section: Section) {
    self.role = role
    self.facet = facet
    self.section = section
  }

  /// How its rows' names begin: `spec.`, `containers.2.`.
  var prefix: String {
    switch role {
    case .root: return ""
    case .property(let parent, let key): return parent.node.isWrapper ? "" : parent.node.prefix + key + "."
    case .element(let up):
      let array = up.node
      return array.elementPrefix + "\((array.index(of: self) ?? 0) + 1)."
    }
  }

  /// Where it sits in the document.
  var pointer: JSONPointer {
    switch role {
    case .root: return JSONPointer()
    case .property(let parent, let key):
      return parent.node.isWrapper ? JSONPointer() : parent.node.pointer.appending(key)
    case .element(let up):
      let array = up.node
      return array.pointer.appending(array.index(of: self) ?? 0)
    }
  }

  var parent: ObjectNode? {
    switch role {
    case .root: return nil
    case .property(let p, _): return p.node
    case .element(let a): return a.node.owner
    }
  }

  /// The places of every object above it, this one's too: a `$ref` back to one of them is a level made on demand.
  var ancestorPlaces: Set<JSONPointer> {
    var out = Set(facet.places)
    var up = parent
    while let o = up {
      out.formUnion(o.facet.places)
      up = o.parent
    }
    return out
  }

  /// True inside an array's element (whose nested objects are JSON rows: sections do not nest).
  var inElement: Bool {
    var up: ObjectNode? = self
    while let o = up {
      if case .element = o.role { return true }
      up = o.parent
    }
    return false
  }

  func isRequired(_ key: String) -> Bool { facet.required.contains(key) }

  func child(_ key: String) -> Node? { children.first { $0.key == key }?.node }
}

/// A reference to the node above, which owns the one holding it.
struct Up<Node: AnyObject> {
  unowned let node: Node
  init(_ node: Node) { self.node = node }
}

/// An array: a section of repeated groups (objects) or of rows (other
/// values) the person adds and deletes.
final class ArrayNode {
  let key: String
  unowned let owner: ObjectNode
  let facet: Facet
  let itemFacet: Facet
  /// the array's own section: its title, the row that adds an element, and (a list of values) the elements' rows
  let header: Section
  var add: Item!
  var elements: [Element] = []
  /// what an element is called: its schema's title, else the catalogue's word
  let title: String?
  /// the document gave this array (so `[]` is a value)
  var given = false
  /// a person added or deleted an element
  var touched = false
  /// in the document when its object was last refreshed (its elements' `required` hold then)
  var present = false
  /// only a branch of `if`/`then`/`else` describes it: shown while that branch holds
  var branch: (condition: Int, when: Bool)?

  enum Element {
    case object(ObjectNode)
    case row(RowNode)
  }

  init(key: String, owner: ObjectNode, facet: Facet, itemFacet: Facet, header: Section, title: String?) {
    self.key = key
    self.owner = owner
    self.facet = facet
    self.itemFacet = itemFacet
    self.header = header
    self.title = title
  }

  /// Elements are groups of rows (objects), not single rows.
  var holdsObjects: Bool { itemFacet.types.contains("object") && !itemFacet.properties.isEmpty }

  /// How its elements' names begin: `containers.`, or nothing for the document's own array.
  var elementPrefix: String { owner.isWrapper ? "" : owner.prefix + key + "." }

  var pointer: JSONPointer { owner.isWrapper ? JSONPointer() : owner.pointer.appending(key) }

  // an element's place is asked for at every check of its rows: its slot
  // is looked at first, so a document's array of n elements is not n² work
  func index(of element: ObjectNode) -> Int? {
    if element.slot < elements.count, case .object(let o) = elements[element.slot], o === element {
      return element.slot
    }
    let i = elements.firstIndex {
      if case .object(let o) = $0 { return o === element }
      return false
    }
    if let i { element.slot = i }
    return i
  }

  func index(of element: RowNode) -> Int? {
    if element.slot < elements.count, case .row(let r) = elements[element.slot], r === element {
      return element.slot
    }
    let i = elements.firstIndex {
      if case .row(let r) = $0 { return r === element }
      return false
    }
    if let i { element.slot = i }
    return i
  }

  var minItems: Int { Int(min(max(facet["minItems"]?.number ?? 0, 0), 1e15)) }
  var maxItems: Int? { facet["maxItems"]?.number.map { Int(min(max($0, 0), 1e9)) } }
}

indirect enum Node {
  case row(RowNode)
  case object(ObjectNode)
  case array(ArrayNode)
}
