import CLua
import FormCore

/// Any Lua value a script keeps on a row or a section (`data`), held by a
/// registry reference as handlers are; opaque to the core.
final class LuaReference {
  let state: LuaState
  let ref: Int32

  /// Takes the value at `index`.
  init(state: LuaState, index: Int32) {
    self.state = state
    lua_pushvalue(state.L, index)
    ref = luaL_ref(state.L, formrun_registryindex())
  }

  deinit {
    if !state.closed { luaL_unref(state.L, formrun_registryindex(), ref) }
  }
}

extension Property {
  /// `data`: any Lua value kept with the object; never drawn or submitted.
  static func data(_ get: @escaping (Object) -> AnyObject?, _ set: @escaping (Object, AnyObject?) -> Void) -> Self {
    Self(
      "data", "any", "Any Lua value kept with it; never drawn or submitted.",
      get: { b, o in
        if let r = get(o) as? LuaReference, r.state === b.state {
          lua_rawgeti(b.state.L, formrun_registryindex(), lua_Integer(r.ref))
        } else {
          lua_pushnil(b.state.L)
        }
      },
      set: { b, o, i, _ in
        set(o, lua_type(b.state.L, i) == LUA_TNIL ? nil : LuaReference(state: b.state, index: i))
      })
  }
}
