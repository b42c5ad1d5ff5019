import CLua
import FormCore

/// The bridge between Lua and the Swift objects of a form: userdata that stand
/// for the form, its sections and items (one per object, kept in a weak-valued
/// cache so `==` works on them), the class table of each bound type, and
/// handlers (Lua functions held by registry references). Each userdata also
/// carries its binding's tag (`formrun_object` in shim.h), checked on every
/// access and by `__gc`, and the metatables are hidden from scripts
/// (`__metatable`), so no userdata is ever taken for what it is not.
package final class ObjectBridge {
  let state: LuaState
  /// The form an item being made is going into (its validators are named there).
  var formForNewItems: Form?
  /// The validators the last row was given, by the Lua strings that named them.
  let lastValidators = LastValidators()

  static let cacheKey = "formrun.cache"

  /// The form's bound types, in the order the reference presents them.
  static let formClasses: [any BoundClass] = [FormBinding.table, SectionBinding.table, ItemBinding.table]

  /// Every type bound in this state: the form's, then those a front end
  /// registered (FormTesting's session). A metamethod or method closure
  /// carries its type's place in this list.
  private(set) var classes: [any BoundClass] = []
  /// Registry references, by the type's place in `classes`: its metatable,
  /// its methods (an array, in the table's order), the names of its members
  /// (property i → i, method m → -(m + 1)), and the values of the members
  /// every object of it has whatever its state (the makers of the built-in
  /// kinds); all made once, so a lookup makes no string.
  private struct Refs {
    var metatable: Int32
    var methods: Int32
    var members: Int32
    var fixed: Int32
  }
  private var refs: [Refs] = []
  /// The object cache's registry reference.
  private var cacheRef: Int32 = LUA_NOREF

  init(state: LuaState) {
    self.state = state
  }

  /// The bridge of the runtime that owns `L`.
  static func from(_ L: OpaquePointer?) -> ObjectBridge { LuaRuntime.from(L).bridge }

  func installMetatables() {
    let L = state.L
    // the cache: weak values, keyed by the object's address
    formrun_newtable(L)
    formrun_newtable(L)
    state.push("v")
    lua_setfield(L, -2, "__mode")
    lua_setmetatable(L, -2)
    lua_pushvalue(L, -1)
    lua_setfield(L, formrun_registryindex(), Self.cacheKey)
    cacheRef = luaL_ref(L, formrun_registryindex())
    for cls in Self.formClasses { register(cls) }
  }

  /// Bind another type in this state: its metatable, metamethods and
  /// methods, as the form's own types are (outside the limits).
  package func register(_ cls: any BoundClass) {
    state.outsideLimits {
      let L = state.L
      let id = classes.count
      classes.append(cls)
      // the members every object has, by name (found by `__index` without a call into Swift)
      var fixed = LUA_NOREF
      // (tables made at their size, and names passed as the C strings
      // Swift strings already are: a start binds some 200 names)
      if let names = cls.fixedMemberNames {
        lua_createtable(L, 0, Int32(clamping: names.count))
        for name in names {
          cls.pushFixedMember(name, self)
          Self.setField(L, name)
        }
        fixed = luaL_ref(L, formrun_registryindex())
      }
      luaL_newmetatable(L, cls.metatable)
      for (event, fn) in [("__index", classIndex), ("__newindex", classNewIndex), ("__tostring", classToString)] {
        lua_pushinteger(L, lua_Integer(id))
        if event == "__index", fixed != LUA_NOREF {
          lua_rawgeti(L, formrun_registryindex(), lua_Integer(fixed))
          lua_pushinteger(L, lua_Integer(Int64(bitPattern: cls.tag)))
          formrun_pushhostindex(L, fn)
        } else {
          formrun_pushhost(L, fn, 1)
        }
        lua_setfield(L, -2, event)
      }
      formrun_pushhost(L, releaseObject, 0)
      lua_setfield(L, -2, "__gc")
      state.push(cls.metatable)
      lua_setfield(L, -2, "__name")
      lua_pushboolean(L, 0)
      lua_setfield(L, -2, "__metatable")
      let metatable = luaL_ref(L, formrun_registryindex())
      // the methods, one closure each (the adapter with the class and method
      // numbers as upvalues), in an array, and the names of every member
      let properties = cls.propertyNameList
      let methodNames = cls.methodNames
      lua_createtable(L, Int32(clamping: methodNames.count), 0)
      lua_createtable(L, 0, Int32(clamping: properties.count + methodNames.count))
      for (i, name) in properties.enumerated() {
        lua_pushinteger(L, lua_Integer(i))
        Self.setField(L, name)
      }
      for (m, name) in methodNames.enumerated() {
        lua_pushinteger(L, lua_Integer(id))
        lua_pushinteger(L, lua_Integer(m))
        formrun_pushhost(L, callMethod, 2)
        lua_rawseti(L, -3, lua_Integer(m + 1))
        // a name that is a property too stays the property's (`on_submit`)
        if !properties.contains(name) {
          lua_pushinteger(L, lua_Integer(-(m + 1)))
          Self.setField(L, name)
        }
      }
      let members = luaL_ref(L, formrun_registryindex())
      let methods = luaL_ref(L, formrun_registryindex())
      refs.append(Refs(metatable: metatable, methods: methods, members: members, fixed: fixed))
    }
  }

  /// `t[name] = v` for the table below the value on top, which it pops
  /// (`lua_setfield` with the string's own bytes: no C copy is made).
  static func setField(_ L: OpaquePointer, _ name: String) {
    var name = name
    name.withUTF8 { bytes in
      _ = lua_pushlstring(L, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), bytes.count)
    }
    formrun_insert(L, -2)
    lua_rawset(L, -3)
  }

  /// Push the table of `cls`'s member names (property i → i, method m → -(m + 1)).
  func pushMemberIndex(of cls: any BoundClass) {
    lua_rawgeti(state.L, formrun_registryindex(), lua_Integer(refs[id(of: cls)].members))
  }

  /// Push the table of `cls`'s fixed members (name → value); false when it has none.
  func pushFixedMembers(of cls: any BoundClass) -> Bool {
    let ref = refs[id(of: cls)].fixed
    guard ref != LUA_NOREF else { return false }
    lua_rawgeti(state.L, formrun_registryindex(), lua_Integer(ref))
    return true
  }

  /// The place of `cls` in `classes`.
  func id(of cls: any BoundClass) -> Int {
    // the form's own types come first, in this order
    for i in classes.indices where classes[i] === cls { return i }
    return 0
  }

  /// Push the userdata of `object`, making it when Lua holds none; `cls` is
  /// its type's place in `classes`.
  func pushObject(_ object: AnyObject, class cls: Int) {
    let L = state.L
    let key = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(cacheRef))
    if lua_rawgetp(L, -1, key) != LUA_TNIL {
      formrun_remove(L, -2)
      return
    }
    formrun_pop(L, 1)
    formrun_pushobject(L, Unmanaged.passRetained(object).toOpaque(), classes[cls].tag)
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(refs[cls].metatable))
    lua_setmetatable(L, -2)
    lua_pushvalue(L, -1)
    lua_rawsetp(L, -3, key)
    formrun_remove(L, -2)
  }

  /// Push the userdata of `object`, of the bound type whose metatable is `metatable`.
  package func pushObject(_ object: AnyObject, metatable: String) {
    pushObject(object, class: classes.firstIndex { $0.metatable == metatable } ?? 0)
  }

  /// The object of the userdata at `index`, when it carries `tag` (its
  /// binding's; and was not released).
  func object<T: AnyObject>(at index: Int32, tag: UInt64, as: T.Type = T.self) -> T? {
    guard let raw = formrun_toobject(state.L, index, tag) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? T
  }

  /// The object of the userdata at `index`, when it is of the bound type
  /// whose metatable is `metatable`.
  func object<T: AnyObject>(at index: Int32, metatable: String, as: T.Type = T.self) -> T? {
    object(at: index, tag: Self.tag(of: metatable), as: T.self)
  }

  /// The tag of a binding's userdata: a hash of its metatable's name (FNV-1a).
  static func tag(of metatable: String) -> UInt64 { FNV1a.hash(metatable) }

  /// Push method number `index` of a class table.
  func pushMethod(of cls: any BoundClass, _ index: Int) {
    let L = state.L
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(refs[id(of: cls)].methods))
    lua_rawgeti(L, -1, lua_Integer(index + 1))
    formrun_remove(L, -2)
  }

  // the form's own types are classes 0, 1, 2 (`formClasses`)
  package func pushForm(_ form: Form) { pushObject(form, class: 0) }

  func pushItem(_ item: Item?) {
    guard let item else { return lua_pushnil(state.L) }
    pushObject(item, class: 2)
  }

  func pushSection(_ section: Section?) {
    guard let section else { return lua_pushnil(state.L) }
    pushObject(section, class: 1)
  }

  // MARK: handlers

  /// Push the function of a handler made here (nil for none, or one of another state).
  func pushHandler(_ h: Handler?) {
    if let h = h as? LuaHandler, h.state === state { h.pushFunction() } else { lua_pushnil(state.L) }
  }
}

/// `__gc` of every bound object: give back the reference the userdata held.
/// It takes the reference out of the userdata, so a second call (or a call
/// on anything but a live object of ours) releases nothing.
let releaseObject: formrun_hostfn = { L in
  if let raw = formrun_takeobject(L, 1) { Unmanaged<AnyObject>.fromOpaque(raw).release() }
  return 0
}

/// The class number a metamethod or method closure carries as upvalue 2.
private func boundClass(_ L: OpaquePointer?) -> any BoundClass {
  ObjectBridge.from(L).classes[Int(lua_tointegerx(L, formrun_upvalueindex(2), nil))]
}

let classIndex: formrun_hostfn = { L in boundClass(L).index(ObjectBridge.from(L)) }
let classNewIndex: formrun_hostfn = { L in boundClass(L).newIndex(ObjectBridge.from(L)) }
let classToString: formrun_hostfn = { L in boundClass(L).toString(ObjectBridge.from(L)) }

/// The one adapter of every method: checks `self`, then runs the method's body.
let callMethod: formrun_hostfn = { L in
  boundClass(L).call(method: Int(lua_tointegerx(L, formrun_upvalueindex(3), nil)), ObjectBridge.from(L))
}

extension LuaRuntime {
  /// The bridge of this runtime's state, for a front end that binds types of
  /// its own with the same class tables (FormTesting's session).
  package var objects: ObjectBridge { bridge }

  /// The runtime that owns `L` (a host function's state, or a coroutine of it).
  package static func owning(_ L: OpaquePointer) -> LuaRuntime { from(L) }
}
