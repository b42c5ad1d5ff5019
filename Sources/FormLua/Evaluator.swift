import CLua
import FormCore

/// What one REPL chunk gave.
public enum EvalResult: Equatable {
  /// It ran; its results, each written readably (none for a statement).
  case values([String])
  /// The chunk is unfinished (its syntax error ends in `<eof>`): read more lines.
  case incomplete
  /// A syntax or runtime error, with its traceback.
  case error(String)
}

/// The REPL's evaluator: runs chunks the way lua.c does, writes results
/// readably, and completes names (Completion.swift).
final class Evaluator {
  let state: LuaState
  let bridge: ObjectBridge
  let environments: Environments
  let form: Form
  var L: OpaquePointer { state.L }

  init(state: LuaState, bridge: ObjectBridge, environments: Environments, form: Form) {
    self.state = state
    self.bridge = bridge
    self.environments = environments
    self.form = form
  }

  /// Run a REPL chunk the way lua.c does: first as `return <chunk>`, so an
  /// expression's values come back (`=expr` too), else as a statement. It is
  /// unfinished when either reading stops at `<eof>` (unlike lua.c, so `1 +`
  /// or `{ 1,` may go on over lines too). It runs protected, under the
  /// handler budget; nothing raises through Swift.
  func evaluate(_ chunk: String) -> EvalResult {
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    let expression = chunk.hasPrefix("=") ? String(chunk.dropFirst()) : chunk
    do {
      try state.compile("return " + expression, name: "=stdin")
    } catch let asExpression {
      let unfinished = asExpression.message.hasSuffix("<eof>")
      guard !chunk.hasPrefix("=") else { return unfinished ? .incomplete : .error(asExpression.message) }
      do { try state.compile(chunk, name: "=stdin") } catch {
        return unfinished || error.message.hasSuffix("<eof>") ? .incomplete : .error(error.message)
      }
    }
    do { try state.call(nargs: 0, nresults: LUA_MULTRET, budget: state.handlerBudget) } catch {
      return .error(error.message)
    }
    var values: [String] = []
    for i in top + 1..<lua_gettop(L) + 1 { values.append(describe(at: i)) }
    return .values(values)
  }

  /// The value at `index` as the REPL prints it: strings quoted, tables one
  /// level deep (`{ 1, 2, x = "a" }`, nested ones as `{...}`), anything else
  /// (items, sections, functions, tables with `__tostring`) by `tostring`.
  func describe(at index: Int32, nested: Bool = false) -> String {
    let index = lua_absindex(L, index)
    guard lua_checkstack(L, 8) != 0 else { return "?" }
    switch lua_type(L, index) {
    case LUA_TNIL: return "nil"
    case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0 ? "true" : "false"
    case LUA_TSTRING: return Literal.quote(state.string(at: index)!)
    case LUA_TNUMBER:
      // Lua's own spelling (1.0, 1e+100, inf), converted on a copy
      return state.outsideLimits {
        lua_pushvalue(L, index)
        defer { formrun_pop(L, 1) }
        return lua_tolstring(L, -1, nil).map { String(cString: $0) } ?? "?"
      }
    case LUA_TTABLE where !hasMetafield(index, "__tostring") && !hasMetafield(index, "__name"):
      return nested ? "{...}" : tableText(at: index)
    default:
      return protectedToString(at: index)
    }
  }

  func hasMetafield(_ index: Int32, _ name: String) -> Bool {
    guard luaL_getmetafield(L, index, name) != LUA_TNIL else { return false }
    formrun_pop(L, 1)
    return true
  }

  /// `{ 1, 2, x = "a", ["a b"] = true }`: the list part in order, then the
  /// other keys sorted; at most `limit` entries, then `...`.
  func tableText(at index: Int32, limit: Int = 40) -> String {
    let count = lua_rawlen(L, index)
    var parts: [String] = []
    for i in 0..<min(Int(clamping: count), limit) {
      lua_rawgeti(L, index, lua_Integer(i + 1))
      parts.append(describe(at: -1, nested: true))
      formrun_pop(L, 1)
    }
    var truncated = count > limit
    var keyed: [(key: String, text: String)] = []
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      let k = formrun_isinteger(L, -2) != 0 ? lua_tointegerx(L, -2, nil) : 0
      if k < 1 || lua_Unsigned(k) > count {
        let key =
          state.string(at: -2).map { Self.isIdentifier($0) ? $0 : "[\(Literal.quote($0))]" }
          ?? "[\(describe(at: -2, nested: true))]"
        keyed.append((key, describe(at: -1, nested: true)))
      }
      formrun_pop(L, 1)
      if keyed.count > 4 * limit {  // a huge record: show some of it, not all sorted
        formrun_pop(L, 1)
        truncated = true
        break
      }
    }
    keyed.sort { $0.key < $1.key }
    let room = max(limit - parts.count, 0)
    if keyed.count > room { truncated = true }
    parts += keyed.prefix(room).map { "\($0.key) = \($0.text)" }
    if truncated { parts.append("...") }
    return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
  }

  /// `tostring(v)` under pcall: a `__tostring` that fails or loops is reported, not raised.
  func protectedToString(at index: Int32) -> String {
    // the base library's, kept at start-up: reading the global could run a
    // script's __index on _G outside a protected call
    lua_getfield(L, formrun_registryindex(), Environments.baseToStringKey)
    lua_pushvalue(L, index)
    var budget = state.handlerBudget
    budget.instructions = min(budget.instructions ?? 10_000_000, 10_000_000)
    do { try state.call(nargs: 1, nresults: 1, budget: budget) } catch {
      return "(\(state.typeName(at: index)): tostring failed: \(error.summary))"
    }
    defer { formrun_pop(L, 1) }
    return state.string(at: -1) ?? "(\(state.typeName(at: index)))"
  }

  static let keywords = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
  ]

  static func isIdentifier(_ s: String) -> Bool {
    guard let first = s.utf8.first, !(48...57).contains(first), !keywords.contains(s) else { return false }
    return s.utf8.allSatisfy { $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
  }
}
