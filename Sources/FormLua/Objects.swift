import CLua
import FormCore

/// Userdata that stand for Swift objects (form, sections, items). Each holds a
/// retained reference released by `__gc`; a weak-valued cache keeps one
/// userdata per object while Lua holds it, so `==` works on them.
extension LuaRuntime {
  static let cacheKey = "formrun.cache"

  func installMetatables() {
    // the cache: weak values, keyed by the object's address
    formrun_newtable(L)
    formrun_newtable(L)
    push("v")
    lua_setfield(L, -2, "__mode")
    lua_setmetatable(L, -2)
    lua_setfield(L, formrun_registryindex(), Self.cacheKey)

    for binding in [FormBinding.self, SectionBinding.self, ItemBinding.self] as [Binding.Type] {
      luaL_newmetatable(L, binding.metatable)
      formrun_pushhost(L, binding.index, 0)
      lua_setfield(L, -2, "__index")
      formrun_pushhost(L, binding.newIndex, 0)
      lua_setfield(L, -2, "__newindex")
      formrun_pushhost(L, releaseObject, 0)
      lua_setfield(L, -2, "__gc")
      formrun_pushhost(L, binding.toString, 0)
      lua_setfield(L, -2, "__tostring")
      push(binding.metatable)
      lua_setfield(L, -2, "__name")
      formrun_pop(L, 1)
      // the methods, one closure each, in a table of their own
      formrun_newtable(L)
      for (name, fn) in binding.methods {
        formrun_pushhost(L, fn, 0)
        lua_setfield(L, -2, name)
      }
      lua_setfield(L, formrun_registryindex(), binding.metatable + ".methods")
    }
  }

  /// Push the userdata of `object`, making it when Lua holds none.
  func pushObject(_ object: AnyObject, metatable: String) {
    let key = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    lua_getfield(L, formrun_registryindex(), Self.cacheKey)
    if lua_rawgetp(L, -1, key) != LUA_TNIL {
      formrun_remove(L, -2)
      return
    }
    formrun_pop(L, 1)
    let ud = formrun_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer>.size)!
    ud.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
    lua_getfield(L, formrun_registryindex(), metatable)
    lua_setmetatable(L, -2)
    lua_pushvalue(L, -1)
    lua_rawsetp(L, -3, key)
    formrun_remove(L, -2)
  }

  /// Push the Lua object of `form` (what its script calls `form`) on the
  /// stack of `thread` (the state's main thread or a coroutine of it).
  public func push(form: Form, on thread: OpaquePointer) {
    pushObject(form, metatable: FormBinding.metatable)
    if thread != L { lua_xmove(L, thread, 1) }
  }

  /// The object of the userdata at `index`, when it has that metatable.
  func object<T: AnyObject>(at index: Int32, metatable: String, as: T.Type = T.self) -> T? {
    guard let ud = luaL_testudata(L, index, metatable) else { return nil }
    let raw = ud.load(as: UnsafeMutableRawPointer.self)
    return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? T
  }

  /// Push the method `name` of a binding, if it has one; returns whether it did.
  func pushMethod(_ name: String, of binding: Binding.Type) -> Bool {
    lua_getfield(L, formrun_registryindex(), binding.metatable + ".methods")
    push(name)
    if lua_rawget(L, -2) == LUA_TNIL {
      formrun_pop(L, 2)
      return false
    }
    formrun_remove(L, -2)
    return true
  }

  func pushItem(_ item: Item?) {
    guard let item else { return lua_pushnil(L) }
    pushObject(item, metatable: ItemBinding.metatable)
  }

  func pushSection(_ section: Section?) {
    guard let section else { return lua_pushnil(L) }
    pushObject(section, metatable: SectionBinding.metatable)
  }

  func pushStrings(_ strings: [String]) { push(.list(strings.map { .string($0) })) }

  func pushOptional(_ s: String?) {
    if let s { push(s) } else { lua_pushnil(L) }
  }
}

/// `__gc` of every bound object: give back the reference the userdata held.
let releaseObject: formrun_hostfn = { L in
  if let ud = lua_touserdata(L, 1) {
    Unmanaged<AnyObject>.fromOpaque(ud.load(as: UnsafeMutableRawPointer.self)).release()
  }
  return 0
}

/// What a bound Swift type offers Lua.
protocol Binding {
  static var metatable: String { get }
  static var index: formrun_hostfn { get }
  static var newIndex: formrun_hostfn { get }
  static var toString: formrun_hostfn { get }
  static var methods: [(String, formrun_hostfn)] { get }
}
