import CLua
import FormCore

/// The bridge between Lua and the Swift objects of a form: userdata that stand
/// for the form, its sections and items (one per object, kept in a weak-valued
/// cache so `==` works on them), the class table of each bound type, and
/// handlers (Lua functions held by registry references). Each userdata also
/// carries its binding's tag (`formrun_object` in shim.h), checked on every
/// access and by `__gc`, and the metatables are hidden from scripts
/// (`__metatable`), so no userdata is ever taken for what it is not.
final class ObjectBridge {
  let state: LuaState
  /// The form an item being made is going into (its validators are named there).
  var formForNewItems: Form?

  static let cacheKey = "formrun.cache"

  /// Every bound type, in the order the reference presents them.
  static let classes: [any BoundClass] = [FormBinding.table, SectionBinding.table, ItemBinding.table]

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
    lua_setfield(L, formrun_registryindex(), Self.cacheKey)

    for (id, cls) in Self.classes.enumerated() {
      luaL_newmetatable(L, cls.metatable)
      for (event, fn) in [("__index", classIndex), ("__newindex", classNewIndex), ("__tostring", classToString)] {
        lua_pushinteger(L, lua_Integer(id))
        formrun_pushhost(L, fn, 1)
        lua_setfield(L, -2, event)
      }
      formrun_pushhost(L, releaseObject, 0)
      lua_setfield(L, -2, "__gc")
      state.push(cls.metatable)
      lua_setfield(L, -2, "__name")
      lua_pushboolean(L, 0)
      lua_setfield(L, -2, "__metatable")
      formrun_pop(L, 1)
      // the methods, one closure each (the adapter with the class and method
      // numbers as upvalues), in a table of their own
      formrun_newtable(L)
      for (m, name) in cls.methodNames.enumerated() {
        lua_pushinteger(L, lua_Integer(id))
        lua_pushinteger(L, lua_Integer(m))
        formrun_pushhost(L, callMethod, 2)
        lua_setfield(L, -2, name)
      }
      lua_setfield(L, formrun_registryindex(), cls.metatable + ".methods")
    }
  }

  /// Push the userdata of `object`, making it when Lua holds none.
  func pushObject(_ object: AnyObject, metatable: String) {
    let L = state.L
    let key = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    lua_getfield(L, formrun_registryindex(), Self.cacheKey)
    if lua_rawgetp(L, -1, key) != LUA_TNIL {
      formrun_remove(L, -2)
      return
    }
    formrun_pop(L, 1)
    formrun_pushobject(L, Unmanaged.passRetained(object).toOpaque(), Self.tag(of: metatable))
    lua_getfield(L, formrun_registryindex(), metatable)
    lua_setmetatable(L, -2)
    lua_pushvalue(L, -1)
    lua_rawsetp(L, -3, key)
    formrun_remove(L, -2)
  }

  /// The object of the userdata at `index`, when it has that metatable and
  /// carries its binding's tag (and was not released).
  func object<T: AnyObject>(at index: Int32, metatable: String, as: T.Type = T.self) -> T? {
    let L = state.L
    guard luaL_testudata(L, index, metatable) != nil, let raw = formrun_toobject(L, index, Self.tag(of: metatable))
    else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? T
  }

  /// The tag of a binding's userdata: a hash of its metatable's name (FNV-1a).
  static func tag(of metatable: String) -> UInt64 { FNV1a.hash(metatable) }

  /// Push method number `index` of a class table.
  func pushMethod(of cls: any BoundClass, _ index: Int) {
    let L = state.L
    lua_getfield(L, formrun_registryindex(), cls.metatable + ".methods")
    state.push(cls.methodNames[index])
    lua_rawget(L, -2)
    formrun_remove(L, -2)
  }

  func pushForm(_ form: Form) { pushObject(form, metatable: FormBinding.table.metatable) }

  func pushItem(_ item: Item?) {
    guard let item else { return lua_pushnil(state.L) }
    pushObject(item, metatable: ItemBinding.table.metatable)
  }

  func pushSection(_ section: Section?) {
    guard let section else { return lua_pushnil(state.L) }
    pushObject(section, metatable: SectionBinding.table.metatable)
  }

  // MARK: handlers

  /// A handler from the function at `index`; nil for nil; an error message otherwise.
  func handler(at index: Int32, for what: String) -> Result<Handler?, ConversionError> {
    switch lua_type(state.L, index) {
    case LUA_TNIL, LUA_TNONE: return .success(nil)
    case LUA_TFUNCTION: return .success(LuaHandler(bridge: self, index: index))
    default:
      return .failure(ConversionError(message: "'\(what)' must be a function (got \(state.typeName(at: index)))"))
    }
  }

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
  ObjectBridge.classes[Int(lua_tointegerx(L, formrun_upvalueindex(2), nil))]
}

let classIndex: formrun_hostfn = { L in boundClass(L).index(ObjectBridge.from(L)) }
let classNewIndex: formrun_hostfn = { L in boundClass(L).newIndex(ObjectBridge.from(L)) }
let classToString: formrun_hostfn = { L in boundClass(L).toString(ObjectBridge.from(L)) }

/// The one adapter of every method: checks `self`, then runs the method's body.
let callMethod: formrun_hostfn = { L in
  boundClass(L).call(method: Int(lua_tointegerx(L, formrun_upvalueindex(3), nil)), ObjectBridge.from(L))
}
