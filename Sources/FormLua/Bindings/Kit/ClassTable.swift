import CLua
import FormCore

/// One property of a bound Lua type: how it is read, how it is set (no setter:
/// read-only), where it comes in the set order of `section:text{...}` and
/// `item:set{...}`, and one line for the reference.
package struct Property<Object: AnyObject> {
  let name: String
  /// The type as the reference names it (`string?`, `boolean`, `function?`…).
  let type: String
  let summary: String
  /// Lower sets first; equal orders set in name order.
  let order: Int
  /// Push the property's value.
  let get: (ObjectBridge, Object) -> Void
  /// Set it from the Lua value at the index (the last argument words the
  /// property for messages: `'title' of the form`); nil for a read-only property.
  let set: ((ObjectBridge, Object, Int32, () -> String) throws(ConversionError) -> Void)?

  /// A property with its own getter and setter (no setter: read-only).
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

  /// The property read by `get` and written by `set` through `codec` (the
  /// codecs kind options are made of: one codec system). `set` may refuse
  /// what the model refuses (the error is the script's, worded as the
  /// codec's); `then` runs after a set. (Closures, not key paths: a key
  /// path's write costs a few thousand instructions, which every row of a
  /// large form would pay.)
  package init<T>(
    _ name: String, _ codec: OptionCodec<T>, _ summary: String, order: Int = 0,
    get: @escaping (Object) -> T, set: @escaping (Object, T) throws(OptionError) -> Void,
    then: ((Object) -> Void)? = nil
  ) {
    self.init(
      name, codec.type, summary, order: order, get: { b, o in b.state.push(codec.encode(get(o))) },
      set: { b, o, i, subject throws(ConversionError) in
        let value = try b.decode(codec, at: i, key: name, subject)
        do throws(OptionError) { try set(o, value) } catch {
          throw ConversionError(message: error.worded(for: subject()))
        }
        then?(o)
      })
  }

  /// A string property (nil clears it; a number is taken as its text).
  static func text(
    _ name: String, _ get: @escaping (Object) -> String?, _ set: @escaping (Object, String?) -> Void,
    _ summary: String
  ) -> Self {
    Self(name, .text, summary, get: get, set: set)
  }

  /// A boolean property.
  static func flag(
    _ name: String, _ get: @escaping (Object) -> Bool, _ set: @escaping (Object, Bool) -> Void, _ summary: String
  ) -> Self {
    Self(name, .flag, summary, get: get, set: set)
  }

  /// One of the names of an enumeration (lauxlib's `luaL_checkoption`); nil
  /// sets `empty`.
  static func choice<T: RawRepresentable & CaseIterable>(
    _ name: String, _ get: @escaping (Object) -> T, _ set: @escaping (Object, T) -> Void, _ summary: String,
    empty: T
  ) -> Self where T.RawValue == String {
    Self(name, .choice(empty: empty), summary, get: get, set: set)
  }

  /// A handler property: it reads back the very function that was set.
  static func handler(
    _ name: String, _ get: @escaping (Object) -> Handler?, _ set: @escaping (Object, Handler?) -> Void,
    _ summary: String, order: Int = 0, then: ((Object) -> Void)? = nil
  ) -> Self {
    Self(
      name, "function?", summary, order: order, get: { b, o in b.pushHandler(get(o)) },
      set: { b, o, i, subject throws(ConversionError) in
        set(o, try b.handler(at: i, for: subject))
        then?(o)
      })
  }

  /// A read-only property.
  package static func readOnly(
    _ name: String, _ type: String, _ summary: String, get: @escaping (ObjectBridge, Object) -> Void
  ) -> Self {
    Self(name, type, summary, get: get)
  }
}

/// One method of a bound Lua type. Its body gets the call (its checks name
/// the method and count arguments as lauxlib does) and the object, already
/// checked and still in its form.
package struct Method<Object: AnyObject> {
  let name: String
  /// `(tag: string) -> section?`: the arguments and results, for the reference.
  let signature: String
  let summary: String
  /// True when the method only reads (REPL completion may call it to see its result).
  let readsOnly: Bool
  /// What the method does to its object, for the message when the object
  /// was removed: "add a row to" gives `cannot add a row to section 'A': …`.
  let action: String
  let body: (Call, Object) throws(LuaError) -> Int32

  /// A method called `name`; `body` returns how many results it pushed.
  package init(
    _ name: String, _ signature: String, _ summary: String, readsOnly: Bool = false, action: String? = nil,
    body: @escaping (Call, Object) throws(LuaError) -> Int32
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
package protocol BoundClass: AnyObject, Sendable {
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
  /// The property names, in the table's order.
  var propertyNameList: [String] { get }
  /// The tag its userdata carry (see `formrun_object`).
  var tag: UInt64 { get }
  /// Members every object of the type has whatever its state, bound once
  /// per state (the makers of the built-in kinds); nil for none.
  var fixedMemberNames: [String]? { get }
  /// Push the value of fixed member `name`.
  func pushFixedMember(_ name: String, _ bridge: ObjectBridge)
  /// Methods that only read (completion may call them).
  var readingMethodNames: [String] { get }
}

/// The whole description of one bound Lua type: `__index`, `__newindex`, the
/// read-only, unknown-property and removed-object errors, the set order,
/// completion and the reference all come from its property and method lists.
/// (Immutable once made.)
package final class ClassTable<Object: AnyObject>: BoundClass, @unchecked Sendable {
  package let name: String
  package let metatable: String
  package let summary: String
  let properties: [Property<Object>]
  let methods: [Method<Object>]
  /// How a message names the object: `the form`, `section 'A'`, `text row 'age'`, `a text row`.
  let phrase: (Object) -> String
  /// `tostring(object)`.
  let describe: (Object) -> String
  /// Why the object can no longer be changed (it was taken out of its form),
  /// or nil while it can. Its properties still read; a write or a method is
  /// an error naming what was tried (`cannot add a row to section 'A': it was
  /// removed from the form`), as liolib's "attempt to use a closed file".
  let gone: (Object) -> String?
  /// Members that depend on the object (an item's kind options, the makers of a form's kinds).
  let dynamic: DynamicMembers<Object>?
  /// A fresh object, whose properties give the initial values the reference shows.
  let sample: () -> Object

  /// The table of a type called `name` (as messages and the reference name it).
  package init(
    name: String, metatable: String, summary: String, properties: [Property<Object>], methods: [Method<Object>],
    phrase: @escaping (Object) -> String, describe: @escaping (Object) -> String,
    gone: @escaping (Object) -> String? = { _ in nil }, dynamic: DynamicMembers<Object>? = nil,
    sample: @escaping () -> Object
  ) {
    self.name = name
    self.metatable = metatable
    self.summary = summary
    self.properties = properties
    self.methods = methods
    self.phrase = phrase
    self.describe = describe
    self.gone = gone
    self.dynamic = dynamic
    self.sample = sample
    propertyNames = properties.map(\.name)
    methodNameList = methods.map(\.name)
    tag = ObjectBridge.tag(of: metatable)
    propertyMethod = properties.map { p in methods.firstIndex { $0.name == p.name } }
    setters = properties.map { Setter(set: $0.set) }
    let sorted = properties.indices.sorted { a, b in
      let (x, y) = (properties[a], properties[b])
      return x.order != y.order ? x.order < y.order : x.name < y.name
    }
    var rank = [Int](repeating: 0, count: properties.count)
    for (r, i) in sorted.enumerated() { rank[i] = r }
    setRank = rank
    propertyAtRank = sorted
  }

  /// The names alone, scanned: a score of short names compare faster than a string hashes.
  let propertyNames: [String]
  let methodNameList: [String]
  /// For each property, the method of the same name (read while the property is nil).
  let propertyMethod: [Int?]
  /// Each property's setter (nil: read-only), apart from the entries.
  let setters: [Setter]

  /// A setter, held in a struct: a closure that is itself an array's
  /// element is kept at the most general abstraction, and each call through
  /// it then wraps the subject closure it is given (an allocation for every
  /// property of every row made).
  struct Setter {
    let set: ((ObjectBridge, Object, Int32, () -> String) throws(ConversionError) -> Void)?
  }
  func propertyIndex(_ key: String) -> Int? { propertyNames.firstIndex(of: key) }
  func methodIndex(_ key: String) -> Int? { methodNameList.firstIndex(of: key) }

  package var methodNames: [String] { methodNameList }
  package var propertyNameList: [String] { propertyNames }
  package let tag: UInt64
  package var fixedMemberNames: [String]? { dynamic?.fixed }
  package func pushFixedMember(_ name: String, _ bridge: ObjectBridge) { dynamic?.pushFixed?(bridge, name) }
  package var readingMethodNames: [String] { methods.filter(\.readsOnly).map(\.name) }

  /// `'title' of the form`, `'value' of text row 'age'`: a property in messages.
  func subject(_ object: Object, _ key: String) -> String { "'\(key)' of \(phrase(object))" }

  /// The object of the userdata at `index`, when it is one of this type.
  package func this(_ bridge: ObjectBridge, at index: Int32 = 1) -> Object? {
    bridge.object(at: index, tag: tag, as: Object.self)
  }

  package func call(method index: Int, _ bridge: ObjectBridge) -> Int32 {
    let m = methods[index]
    let call = Call(bridge: bridge, function: m.name)
    guard let object = this(bridge) else { return bridge.state.raise(call.typeError(1, expected: name).message) }
    if let why = gone(object) { return bridge.state.raise("cannot \(m.action) \(phrase(object)): \(why)") }
    do throws(LuaError) { return try m.body(call, object) } catch { return bridge.state.raise(error.message) }
  }

  /// `__index`: a property, else a dynamic member, else a method, else an
  /// unknown-property error (with a suggestion), as a write of it is.
  package func index(_ bridge: ObjectBridge) -> Int32 {
    let L = bridge.state.L
    // a userdata that is not a live object of this type (released by a
    // stray `__gc` call, or given this metatable by the debug library) has nothing
    guard let object = this(bridge) else {
      lua_pushnil(L)
      return 1
    }
    // the names every object has, looked up as Lua strings (no Swift string made)
    if lua_type(L, 2) == LUA_TSTRING, lua_checkstack(L, 4) != 0 {
      bridge.pushMemberIndex(of: self)
      lua_pushvalue(L, 2)
      let found = lua_rawget(L, -2) == LUA_TNUMBER
      let code = Int(lua_tointegerx(L, -1, nil))
      formrun_pop(L, 2)
      if found, code >= 0 {
        if let m = propertyMethod[code] { return twin(bridge, object, property: code, method: m) }
        properties[code].get(bridge, object)
        return 1
      }
      if found {
        bridge.pushMethod(of: self, -code - 1)
        return 1
      }
      if bridge.pushFixedMembers(of: self) {
        lua_pushvalue(L, 2)
        if lua_rawget(L, -2) != LUA_TNIL {
          formrun_remove(L, -2)
          return 1
        }
        formrun_pop(L, 2)
      }
    }
    guard let key = bridge.state.string(at: 2) else {
      return bridge.state.raise("\(name) members are named by strings (got \(bridge.typeName(at: 2)))")
    }
    if let i = propertyIndex(key) {
      if let m = propertyMethod[i] { return twin(bridge, object, property: i, method: m) }
      properties[i].get(bridge, object)
      return 1
    }
    if let dynamic, dynamic.get(bridge, object, key) { return 1 }
    if let m = methodIndex(key) {
      bridge.pushMethod(of: self, m)
      return 1
    }
    var names = propertyNames + methodNameList
    if let dynamic { names += dynamic.names(object) + dynamic.methodNames(object) }
    var message = unknown(key, of: object, among: names)
    // (a removed section has no form, so no kinds of its form)
    if let why = gone(object) { message += "; \(why)" }
    return bridge.state.raise(message)
  }

  /// A property that shares its name with a method (`form.on_submit`,
  /// `form:on_submit(fn)`): the method for a method call, whatever the
  /// property holds, so `form:on_submit(g)` always sets; the property for a
  /// read, nil while unset. Where the call cannot be told from the read
  /// (another Lua), the method while the property is nil.
  func twin(_ bridge: ObjectBridge, _ object: Object, property: Int, method: Int) -> Int32 {
    let L = bridge.state.L
    let asked = formrun_indexedformethod(L)
    if asked == 1 {
      bridge.pushMethod(of: self, method)
      return 1
    }
    properties[property].get(bridge, object)
    if asked < 0, lua_type(L, -1) == LUA_TNIL {
      formrun_pop(L, 1)
      bridge.pushMethod(of: self, method)
    }
    return 1
  }

  /// `unknown property 'titel' of the form (did you mean 'title'?)`.
  func unknown(_ key: String, of object: Object, among names: [String]) -> String {
    var message = "unknown property '\(short(key))' of \(phrase(object))"
    if let s = suggestion(for: key, among: names) { message += " (did you mean '\(s)'?)" }
    return message
  }

  /// `__newindex`: the property's setter, or a read-only, unknown-property or removed-object error.
  package func newIndex(_ bridge: ObjectBridge) -> Int32 {
    guard let object = this(bridge) else { return bridge.state.raise("bad self for \(name)") }
    guard let key = bridge.state.string(at: 2) else {
      return bridge.state.raise("\(name) properties are named by strings (got \(bridge.typeName(at: 2)))")
    }
    if let why = gone(object) { return bridge.state.raise("cannot set \(subject(object, key)): \(why)") }
    if let e = set(key, of: object, valueAt: 3, bridge) { return bridge.state.raise(e) }
    return 0
  }

  package func toString(_ bridge: ObjectBridge) -> Int32 {
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
    if let dynamic, let result = dynamic.set(bridge, object, key, index) { return result.message }
    // settable names first; else a read-only one (whose write then says so)
    let settable = settableNames(of: object)
    let among = suggestion(for: key, among: settable) == nil ? propertyNames : settable
    return unknown(key, of: object, among: among)
  }

  /// Each property's place in the set order (by `order`, then by name).
  let setRank: [Int]
  /// The property at each place of the set order.
  let propertyAtRank: [Int]

  /// One key of a props table: the property it names (or nil: a dynamic
  /// member or an unknown name, then its text), and the stack slot of a copy
  /// of the key.
  struct PropsKey {
    var property: Int
    var name: String?
    var order: Int
    var slot: Int32
  }

  /// Set every property of the table at `index`, in the set order (names the
  /// type does not know last, so their message names the object). The keys
  /// are looked up in a Lua table of the property names (interned strings:
  /// no Swift string is made for a property's key, and nothing goes through
  /// `__newindex`); a dynamic member (a kind option) or an unknown name takes
  /// the general way.
  func setAll(of object: Object, from index: Int32, _ bridge: ObjectBridge) -> String? {
    if let done = setKnown(of: object, from: index, bridge) { return done.message }
    let state = bridge.state
    let L = state.L
    let table = lua_absindex(L, index)
    let base = lua_gettop(L)
    defer { lua_settop(L, base) }
    guard lua_checkstack(L, 6) != 0 else { return "Lua stack overflow" }
    bridge.pushMemberIndex(of: self)
    let names = lua_gettop(L)
    var keys: [PropsKey] = []
    keys.reserveCapacity(8)
    var dynamicNames: [String]?
    lua_pushnil(L)
    while lua_next(L, table) != 0 {
      formrun_pop(L, 1)
      guard lua_type(L, -1) == LUA_TSTRING else {
        return "\(name) properties are named by strings (got a \(bridge.typeName(at: -1)) key)"
      }
      guard lua_checkstack(L, 4) != 0 else { return "Lua stack overflow" }
      lua_pushvalue(L, -1)
      var key = PropsKey(property: -1, name: nil, order: 0, slot: 0)
      if lua_rawget(L, names) == LUA_TNUMBER, case let code = Int(lua_tointegerx(L, -1, nil)), code >= 0 {
        key.property = code
        key.order = properties[code].order
        formrun_pop(L, 1)
      } else {
        formrun_pop(L, 1)
        let text = state.string(at: -1) ?? ""
        if dynamicNames == nil, let dynamic { dynamicNames = dynamic.names(object) }
        // a dynamic member (a kind option) sets at order 0; an unknown name last
        key.order = dynamicNames?.contains(text) == true ? 0 : Int.max
        key.name = text
      }
      // a copy of the key below it, for reading its value again once sorted
      lua_pushvalue(L, -1)
      formrun_insert(L, -2)
      key.slot = lua_gettop(L) - 1
      keys.append(key)
    }
    if keys.count > 1 {
      let rank = setRank
      // (a handful of keys: sorting them costs less than looking one up)
      keys.sort { a, b in
        if a.order != b.order { return a.order < b.order }
        if a.property >= 0, b.property >= 0 { return rank[a.property] < rank[b.property] }
        return (a.name ?? properties[a.property].name) < (b.name ?? properties[b.property].name)
      }
    }
    for key in keys {
      lua_pushvalue(L, key.slot)
      lua_rawget(L, table)
      defer { formrun_pop(L, 1) }
      if key.property >= 0 {
        // (the setter alone: copying the whole entry retains each of its closures)
        guard let set = setters[key.property].set else {
          return "\(subject(object, propertyNames[key.property])) is read-only"
        }
        do throws(ConversionError) {
          try set(bridge, object, -1, { self.subject(object, self.propertyNames[key.property]) })
        } catch {
          return error.message
        }
      } else if let e = self.set(key.name ?? "", of: object, valueAt: -1, bridge) {
        return e
      }
    }
    return nil
  }

  /// What `setKnown` came to when it took the table: the error, or nil.
  struct Outcome {
    var message: String?
  }

  /// `setAll` for a table whose keys all name properties (a row's usual
  /// table): one walk over it leaves each value on the stack, noted by its
  /// property's place in the set order, and the places are then set in
  /// order, with no key kept, sorted or looked up again. Nil (nothing
  /// read, nothing set) for any other table: a kind option, an unknown or
  /// non-string key takes the general way, whose messages are the ones.
  func setKnown(of object: Object, from index: Int32, _ bridge: ObjectBridge) -> Outcome? {
    let count = properties.count
    guard count <= 64 else { return nil }
    let L = bridge.state.L
    let table = lua_absindex(L, index)
    let base = lua_gettop(L)
    defer { lua_settop(L, base) }
    guard lua_checkstack(L, 4) != 0 else { return nil }
    bridge.pushMemberIndex(of: self)
    let names = lua_gettop(L)
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { slots -> Outcome? in
      var taken: UInt64 = 0
      lua_pushnil(L)
      while lua_next(L, table) != 0 {
        // ... key value
        guard lua_type(L, -2) == LUA_TSTRING, lua_checkstack(L, 3) != 0 else { return nil }
        lua_pushvalue(L, -2)
        guard lua_rawget(L, names) == LUA_TNUMBER, case let code = Int(lua_tointegerx(L, -1, nil)), code >= 0,
          code < count
        else { return nil }
        formrun_pop(L, 1)
        // the value stays below the key the walk goes on from
        formrun_insert(L, -2)
        let rank = setRank[code]
        slots[rank] = lua_gettop(L) - 1
        taken |= 1 << UInt64(rank)
      }
      while taken != 0 {
        let rank = taken.trailingZeroBitCount
        taken &= taken - 1
        let property = propertyAtRank[rank]
        guard let set = setters[property].set else {
          return Outcome(message: "\(subject(object, propertyNames[property])) is read-only")
        }
        // the subject is worded only when a message needs it; a closure
        // written at the call is made on the stack (a closure kept in a
        // variable is allocated, with a box for what it reads, per table)
        do throws(ConversionError) {
          try set(bridge, object, slots[rank], { self.subject(object, self.propertyNames[property]) })
        } catch {
          return Outcome(message: error.message)
        }
      }
      return Outcome(message: nil)
    }
  }

  func settableNames(of object: Object) -> [String] {
    properties.filter { $0.set != nil }.map(\.name) + (dynamic?.names(object) ?? [])
  }

  package func completions(_ bridge: ObjectBridge, method: Bool) -> [String]? {
    guard let object = this(bridge, at: -1) else { return nil }
    if method { return methodNames + (dynamic?.methodNames(object) ?? []) }
    return properties.map(\.name) + (dynamic?.names(object) ?? [])
  }

  package func members(_ bridge: ObjectBridge) -> [LuaMember] {
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
/// the `KIND{}` makers of a form's kinds (KindMaker.swift).
package struct DynamicMembers<Object: AnyObject> {
  /// Push member `key`; false when the object has none of that name.
  let get: (ObjectBridge, Object, String) -> Bool
  /// Set member `key`; nil when the object has none of that name.
  let set: (ObjectBridge, Object, String, Int32) -> SetResult?
  /// Settable names (after `.`).
  let names: (Object) -> [String]
  /// Method names (after `:`).
  let methodNames: (Object) -> [String]
  /// Names every object has whatever its state, bound once a state, and how to push one.
  var fixed: [String]?
  var pushFixed: ((ObjectBridge, String) -> Void)?

  init(
    get: @escaping (ObjectBridge, Object, String) -> Bool,
    set: @escaping (ObjectBridge, Object, String, Int32) -> SetResult?,
    names: @escaping (Object) -> [String], methodNames: @escaping (Object) -> [String], fixed: [String]? = nil,
    pushFixed: ((ObjectBridge, String) -> Void)? = nil
  ) {
    self.get = get
    self.set = set
    self.names = names
    self.methodNames = methodNames
    self.fixed = fixed
    self.pushFixed = pushFixed
  }

  struct SetResult {
    var message: String?
  }
}

/// A script's text in a message, cut to 40 characters (a title may be a megabyte).
func short(_ text: String) -> String {
  text.count <= 40 ? text : String(text.prefix(39)) + "…"
}

/// `a` or `an`, for a word (a kind's name) in a message.
func article(_ word: String) -> String {
  guard let first = word.first?.lowercased() else { return "a" }
  return "aeiou".contains(first) ? "an" : "a"
}
