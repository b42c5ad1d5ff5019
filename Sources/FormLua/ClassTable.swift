import CLua
import FormCore

/// One property of a bound Lua type: how it is read, how it is set (no setter:
/// read-only), where it comes in the set order of `section:text{...}` and
/// `item:set{...}`, and one line for the reference.
struct Property<Object: AnyObject> {
  let name: String
  /// The type as the reference names it (`string?`, `boolean`, `function?`…).
  let type: String
  let summary: String
  /// Lower sets first; equal orders set in name order.
  let order: Int
  /// Push the property's value.
  let get: (ObjectBridge, Object) -> Void
  /// Set it from the Lua value at the index (the last argument words the
  /// property for messages); nil for a read-only property.
  let set: ((ObjectBridge, Object, Int32, () -> String) throws(ConversionError) -> Void)?

  init(
    _ name: String, _ type: String, _ summary: String, order: Int = 0,
    get: @escaping (ObjectBridge, Object) -> Void,
    set: ((ObjectBridge, Object, Int32, () -> String) throws(ConversionError) -> Void)? = nil
  ) {
    self.name = name
    self.type = type
    self.summary = summary
    self.order = order
    self.get = get
    self.set = set
  }

  /// A string property (nil clears it; a number is taken as its text).
  static func text(
    _ name: String, _ path: ReferenceWritableKeyPath<Object, String?>, _ summary: String
  ) -> Self {
    Self(
      name, "string?", summary, get: { b, o in b.state.pushOptional(o[keyPath: path]) },
      set: { b, o, i, what throws(ConversionError) in o[keyPath: path] = try b.state.text(at: i, for: what()) })
  }

  /// A boolean property.
  static func flag(_ name: String, _ path: ReferenceWritableKeyPath<Object, Bool>, _ summary: String) -> Self {
    Self(
      name, "boolean", summary, get: { b, o in lua_pushboolean(b.state.L, o[keyPath: path] ? 1 : 0) },
      set: { b, o, i, what throws(ConversionError) in o[keyPath: path] = try b.state.flag(at: i, for: what()) })
  }

  /// A handler property: it reads back the very function that was set.
  static func handler(
    _ name: String, _ path: ReferenceWritableKeyPath<Object, Handler?>, _ summary: String, order: Int = 0,
    then: ((Object) -> Void)? = nil
  ) -> Self {
    Self(
      name, "function?", summary, order: order, get: { b, o in b.pushHandler(o[keyPath: path]) },
      set: { b, o, i, _ throws(ConversionError) in
        o[keyPath: path] = try b.handler(at: i, for: name).get()
        then?(o)
      })
  }

  /// A read-only property.
  static func readOnly(
    _ name: String, _ type: String, _ summary: String, get: @escaping (ObjectBridge, Object) -> Void
  ) -> Self {
    Self(name, type, summary, get: get)
  }
}

/// One method of a bound Lua type. Its body gets the object the method was
/// called on; the one adapter (`callMethod`) has checked `self` already, so
/// arguments start at Lua index 2.
struct Method<Object: AnyObject> {
  let name: String
  /// `(tag: string) -> section?`: the arguments and results, for the reference.
  let signature: String
  let summary: String
  /// True when the method only reads (REPL completion may call it to see its result).
  let readsOnly: Bool
  /// What the method does to its object, for the message when the object
  /// was removed: "add a row to" gives `cannot add a row to section 'A': …`.
  let action: String
  let body: (ObjectBridge, Object) -> Int32

  init(
    _ name: String, _ signature: String, _ summary: String, readsOnly: Bool = false, action: String? = nil,
    body: @escaping (ObjectBridge, Object) -> Int32
  ) {
    self.name = name
    self.signature = signature
    self.summary = summary
    self.readsOnly = readsOnly
    self.action = action ?? "call '\(name)' on"
    self.body = body
  }
}

/// What every class table offers the bridge, whatever its object type.
protocol BoundClass: AnyObject, Sendable {
  var name: String { get }
  var metatable: String { get }
  var summary: String { get }
  /// Run method `index` on the object at Lua index 1 (checked here).
  func call(method index: Int, _ bridge: ObjectBridge) -> Int32
  func index(_ bridge: ObjectBridge) -> Int32
  func newIndex(_ bridge: ObjectBridge) -> Int32
  func toString(_ bridge: ObjectBridge) -> Int32
  /// Property names (after `.`) or method names (after `:`) of the object on top of the stack.
  func completions(_ bridge: ObjectBridge, method: Bool) -> [String]?
  /// The members as the reference sees them; `bridge` reads the initial
  /// value of each property from a fresh object.
  func members(_ bridge: ObjectBridge) -> [LuaMember]
  var methodNames: [String] { get }
  /// Methods that only read (completion may call them).
  var readingMethodNames: [String] { get }
}

/// The whole description of one bound Lua type: `__index`, `__newindex`, the
/// read-only and unknown-property errors, the set order, completion and the
/// reference all come from its property and method lists. (Immutable once made.)
final class ClassTable<Object: AnyObject>: BoundClass, @unchecked Sendable {
  let name: String
  let metatable: String
  let summary: String
  let properties: [Property<Object>]
  let methods: [Method<Object>]
  /// How a message names property `key` of an object: `form 'title'`, `'value' of text item 'age'`.
  let subject: (Object, String) -> String
  /// How an unknown-property message names the object: `the form`, `a text item`.
  let owner: (Object) -> String
  /// `tostring(object)`.
  let describe: (Object) -> String
  /// How a message names the object: `the form`, `section 'A'`, `text row 'age'`.
  let phrase: (Object) -> String
  /// Why the object can no longer be changed (it was taken out of its form),
  /// or nil while it can. Its properties still read; a write or a method is
  /// an error naming what was tried (`cannot add a row to section 'A': it was
  /// removed from the form`), as liolib's "attempt to use a closed file".
  let gone: (Object) -> String?
  /// Members that depend on the object (an item's kind options, a section's kinds).
  let extra: ExtraMembers<Object>?
  /// A fresh object, whose properties give the initial values the reference shows.
  let sample: () -> Object

  init(
    name: String, metatable: String, summary: String, properties: [Property<Object>], methods: [Method<Object>],
    subject: @escaping (Object, String) -> String, owner: @escaping (Object) -> String,
    describe: @escaping (Object) -> String, phrase: @escaping (Object) -> String,
    gone: @escaping (Object) -> String? = { _ in nil }, extra: ExtraMembers<Object>? = nil,
    sample: @escaping () -> Object
  ) {
    self.name = name
    self.metatable = metatable
    self.summary = summary
    self.properties = properties
    self.methods = methods
    self.subject = subject
    self.owner = owner
    self.describe = describe
    self.phrase = phrase
    self.gone = gone
    self.extra = extra
    self.sample = sample
    propertyNames = properties.map(\.name)
    methodNameList = methods.map(\.name)
  }

  /// The names alone, scanned: a score of short names compare faster than a string hashes.
  let propertyNames: [String]
  let methodNameList: [String]
  func propertyIndex(_ key: String) -> Int? { propertyNames.firstIndex(of: key) }
  func methodIndex(_ key: String) -> Int? { methodNameList.firstIndex(of: key) }

  var methodNames: [String] { methodNameList }
  var readingMethodNames: [String] { methods.filter(\.readsOnly).map(\.name) }

  func this(_ bridge: ObjectBridge, at index: Int32 = 1) -> Object? {
    bridge.object(at: index, metatable: metatable, as: Object.self)
  }

  func call(method index: Int, _ bridge: ObjectBridge) -> Int32 {
    let m = methods[index]
    guard let object = this(bridge) else { return bridge.state.typeError(1, m.name, expected: name, at: 1) }
    if let why = gone(object) { return bridge.state.raise("cannot \(m.action) \(phrase(object)): \(why)") }
    return m.body(bridge, object)
  }

  /// `__index`: a property, else an extra member, else a method, else nil.
  func index(_ bridge: ObjectBridge) -> Int32 {
    let L = bridge.state.L
    guard let object = this(bridge), let key = bridge.state.string(at: 2) else {
      lua_pushnil(L)
      return 1
    }
    if let i = propertyIndex(key) {
      properties[i].get(bridge, object)
      // a property that is nil and shares its name with a method gives the
      // method (`form:on_submit(fn)` while no handler is set)
      if lua_type(L, -1) == LUA_TNIL, let m = methodIndex(key) {
        formrun_pop(L, 1)
        bridge.pushMethod(of: self, m)
      }
      return 1
    }
    if let extra, extra.get(bridge, object, key) { return 1 }
    if let m = methodIndex(key) {
      bridge.pushMethod(of: self, m)
      return 1
    }
    lua_pushnil(L)
    return 1
  }

  /// `__newindex`: the property's setter, or a read-only or unknown-property error.
  func newIndex(_ bridge: ObjectBridge) -> Int32 {
    guard let object = this(bridge) else { return 0 }
    guard let key = bridge.state.string(at: 2) else {
      return bridge.state.raise("\(name) properties are named by strings")
    }
    if let why = gone(object) { return bridge.state.raise("cannot set '\(key)' of \(phrase(object)): \(why)") }
    if let e = set(key, of: object, valueAt: 3, bridge) { return bridge.state.raise(e) }
    return 0
  }

  func toString(_ bridge: ObjectBridge) -> Int32 {
    guard let object = this(bridge) else { return 0 }
    bridge.state.push(describe(object))
    return 1
  }

  /// Set one property from the Lua value at `index`; returns an error message.
  func set(_ key: String, of object: Object, valueAt index: Int32, _ bridge: ObjectBridge) -> String? {
    if let i = propertyIndex(key) {
      guard let set = properties[i].set else { return "\(subject(object, key)) is read-only" }
      // the subject is only worded when a message needs it (this runs for every prop of every row)
      do throws(ConversionError) { try set(bridge, object, index, { self.subject(object, key) }) } catch {
        return error.message
      }
      return nil
    }
    if let extra, let result = extra.set(bridge, object, key, index) { return result.message }
    var message = "unknown property '\(key)' of \(owner(object))"
    if let s = suggestion(for: key, among: settableNames(of: object)) { message += " (did you mean '\(s)'?)" }
    return message
  }

  /// Set every property of the table at `index`, in the set order.
  func setAll(of object: Object, from index: Int32, _ bridge: ObjectBridge) -> String? {
    let state = bridge.state
    let L = state.L
    let index = lua_absindex(L, index)
    var keys: [String] = []
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      formrun_pop(L, 1)
      guard let key = state.string(at: -1) else {
        formrun_pop(L, 1)
        return "\(name) properties are named by strings (got a \(state.typeName(at: -1)) key)"
      }
      keys.append(key)
    }
    var ranked: [(key: String, rank: Int)] = []
    for key in keys {
      let rank = propertyIndex(key).map { properties[$0].order } ?? 0
      ranked.append((key, rank))
    }
    ranked.sort { a, b in a.rank != b.rank ? a.rank < b.rank : a.key < b.key }
    for (key, _) in ranked {
      state.push(key)
      lua_rawget(L, index)
      defer { formrun_pop(L, 1) }
      if let e = set(key, of: object, valueAt: -1, bridge) { return e }
    }
    return nil
  }

  func settableNames(of object: Object) -> [String] {
    properties.filter { $0.set != nil }.map(\.name) + (extra?.names(object) ?? [])
  }

  func completions(_ bridge: ObjectBridge, method: Bool) -> [String]? {
    guard let object = this(bridge, at: -1) else { return nil }
    if method { return methodNames + (extra?.methodNames(object) ?? []) }
    return properties.map(\.name) + (extra?.names(object) ?? [])
  }

  func members(_ bridge: ObjectBridge) -> [LuaMember] {
    let L = bridge.state.L
    let fresh = sample()
    return properties.map { p in
      // the initial value, written as Lua; nil when it is not plain data (a section, a function)
      p.get(bridge, fresh)
      let initial = (try? bridge.state.value(at: -1)).map(Literal.lua)
      formrun_pop(L, 1)
      return LuaMember(
        name: p.name, kind: .property, type: p.type, summary: p.summary, readOnly: p.set == nil, initial: initial)
    }
      + methods.map {
        LuaMember(name: $0.name, kind: .method, type: $0.signature, summary: $0.summary, readOnly: true, initial: nil)
      }
  }
}

/// Members of a bound type that depend on the object: an item's kind options,
/// the `section:KIND{}` makers of a section's form.
struct ExtraMembers<Object: AnyObject> {
  /// Push member `key`; false when the object has none of that name.
  let get: (ObjectBridge, Object, String) -> Bool
  /// Set member `key`; nil when the object has none of that name.
  let set: (ObjectBridge, Object, String, Int32) -> SetResult?
  /// Settable names (after `.`).
  let names: (Object) -> [String]
  /// Method names (after `:`).
  let methodNames: (Object) -> [String]

  struct SetResult {
    var message: String?
  }
}

/// A member of a bound Lua type, as the reference and editor annotations see it.
struct LuaMember: Equatable, Sendable {
  enum Kind: Sendable { case property, method }
  let name: String
  let kind: Kind
  /// A property's type (`string?`, `boolean`, `item[]`…); a method's signature (`(name: string) -> item?`).
  let type: String
  let summary: String
  /// True for read-only properties (and for every method).
  let readOnly: Bool
  /// A property's value on a new object, written as Lua (`true`, `"none"`,
  /// `{}`); nil for methods and for values that are not plain data.
  let initial: String?
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

/// The Lua API as data: what the reference documentation and the
/// lua-language-server annotations are generated from.
enum LuaAPI {
  /// The bound types, in the order the reference presents them.
  static var classes: [LuaClass] {
    let runtime = LuaRuntime()
    return ObjectBridge.classes.map {
      LuaClass(name: $0.name, summary: $0.summary, members: $0.members(runtime.bridge))
    }
  }

  /// The built-in kinds and their options (with the value a new item starts with).
  static var kinds: [LuaKind] {
    Kinds.builtIn.keys.sorted().map { LuaKind(name: $0, options: Kinds.builtIn[$0]!.optionInfo) }
  }
}
