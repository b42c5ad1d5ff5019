import CLua
import FormCore

/// A Lua function held by a registry reference, called through `lua_pcall`
/// with a traceback and under the state's limits.
final class LuaHandler: Handler {
  /// Kept alive by the handler: a form can outlive its runtime, and then the
  /// handler finds the state closed instead of a dangling pointer.
  let state: LuaState
  // unowned(unsafe): the bridge is used only while the state is open, and the
  // runtime that owns the bridge closes the state before it goes
  unowned(unsafe) let bridge: ObjectBridge
  let ref: Int32
  /// The context the function was given in (its form's string methods and
  /// default files, or the spec's): it runs in that one.
  let context: Int32
  /// The context's identity, by which a test session's end releases the
  /// handlers of its form's environment (see `LuaState.releaseHandlers`).
  let contextIdentity: UnsafeRawPointer?
  /// True once its references are given back (its form's session ended).
  private(set) var released = false

  /// Takes the function at `index`.
  init(bridge: ObjectBridge, index: Int32) {
    self.bridge = bridge
    state = bridge.state
    lua_pushvalue(state.L, index)
    ref = luaL_ref(state.L, formrun_registryindex())
    context = formrun_refcontext(state.L)
    lua_rawgeti(state.L, formrun_registryindex(), lua_Integer(context))
    contextIdentity = lua_topointer(state.L, -1)
    formrun_pop(state.L, 1)
    state.register(self)
  }

  /// Give the function and its context back to Lua (the handler then fails).
  func release() {
    guard !released, !state.closed else { return }
    released = true
    luaL_unref(state.L, formrun_registryindex(), ref)
    luaL_unref(state.L, formrun_registryindex(), context)
  }

  deinit {
    release()
  }

  func pushFunction() { lua_rawgeti(state.L, formrun_registryindex(), lua_Integer(ref)) }

  func invoke(_ arguments: [HandlerArgument]) -> HandlerOutcome {
    // a form can outlive the runtime that made its handlers
    guard !state.closed else { return .failed("the Lua state of this handler is closed") }
    guard !released else { return .failed("this handler was released: its form's test session was collected") }
    let L = state.L
    let top = lua_gettop(L)
    guard lua_checkstack(L, Int32(arguments.count) + 20) != 0 else { return .failed("Lua stack overflow") }
    pushFunction()
    for a in arguments {
      switch a {
      case .item(let item): bridge.pushItem(item)
      case .section(let s): bridge.pushSection(s)
      case .form(let f): bridge.pushForm(f)
      case .value(let v): state.push(v)
      case .values(let fields): state.push(.record(fields))
      }
    }
    do {
      try state.call(
        nargs: Int32(arguments.count), nresults: LUA_MULTRET, budget: state.handlerBudget, context: context)
    } catch {
      lua_settop(L, top)
      return .failed(error.message)
    }
    var results: [Value] = []
    let n = lua_gettop(L) - top
    for i in 0..<n {
      let index = top + 1 + i
      do {
        results.append(try state.value(at: index))
      } catch {
        let type = state.typeName(at: index)
        // an item or a section returned out of habit (`return item`) is no value, and harmless
        if type == "item" || type == "section" {
          results.append(.string("(\(type))"))
          continue
        }
        // anything else (a function, a sparse table…) would be taken for a value it is not
        lua_settop(L, top)
        return .failed("\(place())it returned what cannot be a value: \(error.message)")
      }
    }
    lua_settop(L, top)
    return .returned(results)
  }

  /// `file:line: ` where the function was written (its first line).
  var definedAt: String { place() }

  /// `file:line: ` where the function was written (its first line), for a
  /// message about what it did after it returned.
  func place() -> String {
    let L = state.L
    guard lua_checkstack(L, 2) != 0 else { return "" }
    pushFunction()
    var ar = lua_Debug()
    guard lua_getinfo(L, ">S", &ar) != 0, ar.linedefined > 0 else { return "" }
    let source = withUnsafeBytes(of: &ar.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(source):\(ar.linedefined): "
  }
}
