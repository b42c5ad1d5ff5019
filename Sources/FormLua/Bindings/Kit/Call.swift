import CLua
import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// The error a method body stops with: its message is raised with the
/// calling line in front (never a longjmp through Swift; see `LuaState.raise`).
package struct LuaError: Error {
  package var message: String
  package init(_ message: String) { self.message = message }
}

/// What a method body (or a kind maker) is called with: the bridge, the
/// function's name as its entry gives it, and lauxlib's argument checks.
///
/// Arguments are numbered by their place on the stack, self being 1, as in
/// lauxlib; a message counts them as the caller wrote them: `obj:m(x)` calls
/// `x` argument #1 and a bad `obj` "bad self", `obj.m(obj, x)` calls `x` #2.
package struct Call {
  package let bridge: ObjectBridge
  /// The function's name in messages (`send`, `insert`, `text`).
  package let function: String

  var state: LuaState { bridge.state }
  var L: OpaquePointer { bridge.state.L }
  /// The thread the function runs on (a coroutine's when Lua called it from
  /// one), for a front end's own C calls around the body.
  package var thread: OpaquePointer { L }

  package init(bridge: ObjectBridge, function: String) {
    self.bridge = bridge
    self.function = function
  }

  /// How many arguments the function was called with (self counted).
  package var argumentCount: Int32 { lua_gettop(L) }

  /// False when the call is a statement whose results are thrown away
  /// (`s:send(line)`): a costly result need not be made.
  package var resultsWanted: Bool { formrun_resultswanted(L) != 0 }

  // MARK: errors, in lauxlib's words

  /// True when the running host function was called with `:` (the call's
  /// instruction was OP_SELF), as `luaL_argerror` asks.
  var calledAsMethod: Bool {
    var ar = lua_Debug()
    guard lua_getstack(L, 0, &ar) != 0, lua_getinfo(L, "n", &ar) != 0, let what = ar.namewhat else { return false }
    return strcmp(what, "method") == 0
  }

  /// `bad argument #n to 'fn' (message)`, or `calling 'fn' on bad self (message)`.
  package func argError(_ index: Int32, _ message: String) -> LuaError {
    var n = Int(index)
    if calledAsMethod {
      n -= 1
      if n == 0 { return LuaError("calling '\(function)' on bad self (\(message))") }
    }
    return LuaError("bad argument #\(n) to '\(function)' (\(message))")
  }

  /// `bad argument #n to 'fn' (string expected, got nil)`.
  package func typeError(_ index: Int32, expected: String) -> LuaError {
    argError(index, "\(expected) expected, got \(got(index))")
  }

  /// How a message names the argument's type (`no value` when there is none).
  func got(_ index: Int32) -> String {
    lua_type(L, index) == LUA_TNONE ? "no value" : bridge.typeName(at: index)
  }

  /// An error of the call itself (not of one argument).
  package func error(_ message: String) -> LuaError { LuaError(message) }

  // MARK: checks

  /// True when the argument is nil or absent.
  package func isNone(_ index: Int32) -> Bool { lua_type(L, index) <= LUA_TNIL }

  /// A string (a number is taken as its text, as `luaL_checklstring` does);
  /// one that is not UTF-8 is refused, naming the byte.
  package func string(_ index: Int32) throws(LuaError) -> String {
    switch lua_type(L, index) {
    case LUA_TSTRING:
      do throws(ConversionError) { return try state.text(at: index) ?? "" } catch {
        throw argError(index, error.message)
      }
    case LUA_TNUMBER: return Value.formatNumber(lua_tonumberx(L, index, nil))
    default: throw typeError(index, expected: "string")
    }
  }

  /// A string formrun keeps (a title, a header, a name): at most `Limits.textBytes`.
  package func text(_ index: Int32) throws(LuaError) -> String {
    let s = try string(index)
    if let why = Limits.tooLong(s) { throw argError(index, "string \(why)") }
    return s
  }

  /// A string, or nil for nil or none.
  package func optionalString(_ index: Int32) throws(LuaError) -> String? {
    isNone(index) ? nil : try string(index)
  }

  /// An integer (a float with an exact integer value too), as `luaL_checkinteger`.
  package func integer(_ index: Int32) throws(LuaError) -> Int {
    var isNumber: Int32 = 0
    let n = lua_tointegerx(L, index, &isNumber)
    if isNumber != 0 { return Int(n) }
    if lua_type(L, index) == LUA_TNUMBER || lua_isnumber(L, index) != 0 {
      throw argError(index, "number has no integer representation")
    }
    throw typeError(index, expected: "integer")
  }

  /// A 1-based index from `first` to `last`: `index 5 out of range 1 to 3`
  /// (the one place that message is worded).
  package func index(_ index: Int32, from first: Int = 1, to last: Int) throws(LuaError) -> Int {
    let n = try integer(index)
    guard n >= first, n <= last else { throw argError(index, "index \(n) out of range \(first) to \(last)") }
    return n
  }

  /// The argument, which must be a table: its absolute index.
  package func table(_ index: Int32) throws(LuaError) -> Int32 {
    guard lua_type(L, index) == LUA_TTABLE else { throw typeError(index, expected: "table") }
    return lua_absindex(L, index)
  }

  /// A function, held as a handler.
  package func function(_ index: Int32) throws(LuaError) -> Handler {
    guard lua_type(L, index) == LUA_TFUNCTION else { throw typeError(index, expected: "function") }
    return LuaHandler(bridge: bridge, index: index)
  }

  /// A function, or nil for nil or none.
  package func optionalFunction(_ index: Int32) throws(LuaError) -> Handler? {
    isNone(index) ? nil : try function(index)
  }

  /// Any plain value (nil, booleans, numbers, strings and tables of them).
  package func value(_ index: Int32) throws(LuaError) -> Value {
    do throws(ConversionError) { return try state.value(at: index) } catch { throw argError(index, error.message) }
  }

  /// The object of the argument when it is one of `table`'s type; nil otherwise.
  package func object<T>(_ index: Int32, _ table: ClassTable<T>) -> T? { table.this(bridge, at: index) }

  /// One of an enumeration's names, as `luaL_checkoption`; nil or none gives `empty`.
  package func option<T: RawRepresentable & CaseIterable>(_ index: Int32, empty: T) throws(LuaError) -> T
  where T.RawValue == String {
    if isNone(index) { return empty }
    let name = try string(index)
    guard let t = T(rawValue: name) else {
      throw argError(index, "invalid option '\(short(name))'; expected \(listing(T.allCases.map(\.rawValue)))")
    }
    return t
  }

  // MARK: results

  /// Push a plain value (lists and records as tables).
  package func push(_ value: Value) { state.push(value) }
  package func push(_ text: String) { state.push(text) }
  package func push(_ flag: Bool) { lua_pushboolean(L, flag ? 1 : 0) }
  package func pushNil() { lua_pushnil(L) }
  /// Keep only self on the stack and return it (a method that returns its object).
  package func returnSelf() -> Int32 {
    lua_settop(L, 1)
    return 1
  }
}

extension ObjectBridge {
  /// Push a plain value (lists and records as tables), for a getter.
  package func push(_ value: Value) { state.push(value) }
  package func push(_ text: String) { state.push(text) }

  /// How a message names the type of the value at `index`: a bound type's
  /// name (`item`, `section`, `form`, `session`), else Lua's.
  func typeName(at index: Int32) -> String {
    let L = state.L
    if lua_type(L, index) == LUA_TUSERDATA {
      for cls in classes where formrun_toobject(L, index, Self.tag(of: cls.metatable)) != nil { return cls.name }
    }
    return String(cString: lua_typename(L, lua_type(L, index)))
  }

  /// The value at `index` read through `codec` for property `key`; the
  /// message names the property (`subject`).
  func decode<T>(
    _ codec: OptionCodec<T>, at index: Int32, key: String, _ subject: () -> String
  ) throws(ConversionError) -> T {
    let L = state.L
    switch lua_type(L, index) {
    case LUA_TFUNCTION, LUA_TUSERDATA, LUA_TLIGHTUSERDATA, LUA_TTHREAD:
      let type = codec.type.hasSuffix("?") ? String(codec.type.dropLast()) : codec.type
      throw ConversionError(
        message: OptionError.mismatch(expected: type, got: typeName(at: index)).worded(for: subject()))
    default: break
    }
    let v: Value
    do throws(ConversionError) { v = try state.value(at: index) } catch {
      throw ConversionError(message: "bad value for \(subject()): \(error.message)")
    }
    do throws(OptionError) { return try codec.decode(v, key) } catch {
      throw ConversionError(message: error.worded(for: subject()))
    }
  }

  /// A handler from the function at `index`; nil for nil; otherwise an error naming the property.
  func handler(at index: Int32, for subject: () -> String) throws(ConversionError) -> Handler? {
    switch lua_type(state.L, index) {
    case LUA_TNIL, LUA_TNONE: return nil
    case LUA_TFUNCTION: return LuaHandler(bridge: self, index: index)
    default:
      throw ConversionError(
        message: OptionError.mismatch(expected: "function", got: typeName(at: index)).worded(for: subject()))
    }
  }
}
