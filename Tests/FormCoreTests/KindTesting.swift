import Testing

@testable import FormCore

/// A kind with `options` applied, as a script's props would; an option the
/// kind refuses fails the test.
func configured<K: ItemKind>(_ kind: K, _ options: [String: Value] = [:]) -> K {
  var k = kind
  for (key, value) in options.sorted(by: { $0.key < $1.key }) {
    let result = k.setOption(key, to: value)
    #expect(result == .applied, "option \(key)")
  }
  return k
}

/// An item of that kind outside any form, named by `title` in messages.
func row(_ kind: some ItemKind, title: String, value: Value? = nil) -> Item {
  let item = Item(kind: kind, title: title)
  if let value { item.assign(value) }
  return item
}

extension Parsed {
  /// JSON of the value, or the reason prefixed with `!`: one string to compare in tables.
  var summary: String {
    switch self {
    case .value(let v): return JSON.encode(v)
    case .refused(let why): return "! " + why
    }
  }
}

/// Decode `json`, hand it to the kind's `accept`, and encode the result (or `! reason`).
func acceptJSON(_ json: String, _ item: Item) throws -> String {
  item.kind.accept(try JSON.decode(json), for: item).summary
}
