import FormCore

/// A member of a bound Lua type, as the reference and editor annotations see it.
package struct LuaMember: Equatable, Sendable {
  package enum Kind: Sendable { case property, method }
  package let name: String
  package let kind: Kind
  /// A property's type (`string?`, `boolean`, `item[]`…); a method's signature (`(name: string) -> item?`).
  package let type: String
  package let summary: String
  /// True for read-only properties (and for every method).
  package let readOnly: Bool
  /// A property's value on a new object, written as Lua (`true`, `"none"`,
  /// `{}`); nil for methods and for values that are not plain data.
  package let initial: String?
}

/// A bound Lua type: the form, a section, an item.
struct LuaClass: Equatable, Sendable {
  let name: String
  let summary: String
  let members: [LuaMember]
}

/// A kind (`section:KIND{}`) and its own options.
struct LuaKind: Equatable, Sendable {
  let name: String
  let options: [KindOptionInfo]
}

/// The Lua API as data, read from the class tables: what the reference's
/// tables and the lua-language-server annotations are checked against
/// (ReferenceTests), and what the random API programs are made of.
enum LuaAPI {
  /// The form's bound types, in the order the reference presents them.
  static var classes: [LuaClass] {
    let runtime = LuaRuntime()
    return withExtendedLifetime(runtime) {
      runtime.bridge.classes.map { LuaClass(name: $0.name, summary: $0.summary, members: $0.members(runtime.bridge)) }
    }
  }

  /// The members of another bound type (the test session's).
  package static func members(of table: any BoundClass) -> [LuaMember] {
    let runtime = LuaRuntime()
    return withExtendedLifetime(runtime) { table.members(runtime.bridge) }
  }

  /// The built-in kinds and their options (with the value a new item starts with).
  static var kinds: [LuaKind] {
    Kinds.builtIn.sorted { $0.key < $1.key }.map { LuaKind(name: $0.key, options: $0.value.optionInfo) }
  }
}
