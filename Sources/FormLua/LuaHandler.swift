import CLua
import FormCore

/// A Lua function held by a registry reference, called through `lua_pcall`
/// with a traceback and under the runtime's limits.
final class LuaHandler: Handler {
  // unowned(unsafe): a handler can be released while the runtime itself is
  // being torn down (lua_close collects the objects that hold handlers), so
  // the liveness check goes through `state`, which outlives both.
  unowned(unsafe) let runtime: LuaRuntime
  let state: LuaRuntime.StateBox
  let ref: Int32

  /// Takes the function at `index`.
  init(runtime: LuaRuntime, index: Int32) {
    self.runtime = runtime
    state = runtime.state
    lua_pushvalue(runtime.L, index)
    ref = luaL_ref(runtime.L, formrun_registryindex())
  }

  deinit {
    if !state.closed { luaL_unref(state.L, formrun_registryindex(), ref) }
  }

  func pushFunction() { lua_rawgeti(runtime.L, formrun_registryindex(), lua_Integer(ref)) }

  func invoke(_ arguments: [HandlerArgument]) -> HandlerOutcome {
    // a form can outlive the runtime that made its handlers
    guard !state.closed else { return .failed("the Lua state of this handler is closed") }
    let L = runtime.L
    let top = lua_gettop(L)
    guard lua_checkstack(L, Int32(arguments.count) + 20) != 0 else { return .failed("Lua stack overflow") }
    pushFunction()
    for a in arguments {
      switch a {
      case .item(let item): runtime.pushItem(item)
      case .section(let s): runtime.pushSection(s)
      case .value(let v): runtime.push(v)
      case .values(let fields): runtime.push(.record(fields))
      }
    }
    do {
      try runtime.call(nargs: Int32(arguments.count), nresults: LUA_MULTRET, budget: runtime.handlerInstructionLimit)
    } catch {
      lua_settop(L, top)
      return .failed(error.message)
    }
    var results: [Value] = []
    let n = lua_gettop(L) - top
    for i in 0..<n {
      let index = top + 1 + i
      // items and sections a handler returns are not values; say so plainly
      results.append((try? runtime.value(at: index)) ?? .string("(\(runtime.typeName(at: index)))"))
    }
    lua_settop(L, top)
    return .returned(results)
  }
}

extension LuaRuntime {
  /// A handler from the function at `index`; nil for nil; an error message otherwise.
  func handler(at index: Int32, for what: String) -> Result<Handler?, ConversionError> {
    switch lua_type(L, index) {
    case LUA_TNIL, LUA_TNONE: return .success(nil)
    case LUA_TFUNCTION: return .success(LuaHandler(runtime: self, index: index))
    default: return .failure(ConversionError(message: "'\(what)' must be a function (got \(typeName(at: index)))"))
    }
  }

  func pushHandler(_ h: Handler?) {
    if let h = h as? LuaHandler, h.runtime === self { h.pushFunction() } else { lua_pushnil(L) }
  }
}
