import CLua
import FormCore

/// `item.*` in Lua: the common props (Docs/reference.md, *Item*), the kind's own options, and
/// the methods `set`, `remove`, `select`.
enum ItemBinding: Binding {
  static let metatable = "formrun.item"

  static let common = [
    "name", "title", "value", "detail", "placeholder", "accessory", "enabled", "hidden",
    "validators", "validate", "on_select", "on_change",
  ]
  static let readOnly = ["kind", "section", "index", "row", "errors", "valid"]

  static let methods: [(String, formrun_hostfn)] = [
    (
      "set",
      { L in
        let rt = LuaRuntime.from(L)
        guard let item = rt.object(at: 1, metatable: metatable, as: Item.self) else {
          return rt.typeError(1, "set", expected: "item", at: 1)
        }
        guard lua_type(L, 2) == LUA_TTABLE else { return rt.typeError(1, "set", expected: "table", at: 2) }
        if let e = rt.setProperties(of: item, from: 2) { return rt.raise(e) }
        lua_settop(L, 1)
        return 1
      }
    ),
    (
      "remove",
      { L in
        let rt = LuaRuntime.from(L)
        guard let item = rt.object(at: 1, metatable: metatable, as: Item.self) else {
          return rt.typeError(1, "remove", expected: "item", at: 1)
        }
        item.section?.remove(item)
        return 0
      }
    ),
    (
      "select",
      { L in
        let rt = LuaRuntime.from(L)
        guard let item = rt.object(at: 1, metatable: metatable, as: Item.self) else {
          return rt.typeError(1, "select", expected: "item", at: 1)
        }
        guard let form = item.form else { return rt.raise("cannot select an item that is not in the form") }
        form.activate(item)
        return 0
      }
    ),
  ]

  static let index: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let item = rt.object(at: 1, metatable: metatable, as: Item.self), let key = rt.string(at: 2) else {
      lua_pushnil(L)
      return 1
    }
    rt.pushProperty(key, of: item)
    return 1
  }

  static let newIndex: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let item = rt.object(at: 1, metatable: metatable, as: Item.self) else { return 0 }
    guard let key = rt.string(at: 2) else { return rt.raise("item properties are named by strings") }
    if let e = rt.setProperty(key, of: item, valueAt: 3) { return rt.raise(e) }
    return 0
  }

  static let toString: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let item = rt.object(at: 1, metatable: metatable, as: Item.self) else { return 0 }
    rt.push(describe(item))
    return 1
  }

  /// `<text 'email' = "a@b.co">`, as the REPL prints items.
  static func describe(_ item: Item) -> String {
    var s = "<" + item.kind.name
    if let name = item.name { s += " '\(name)'" } else if !item.title.isEmpty { s += " \"\(item.title)\"" }
    if item.kind.hasValue { s += " = " + Literal.lua(item.value) }
    return s + ">"
  }
}

extension LuaRuntime {
  func pushProperty(_ key: String, of item: Item) {
    switch key {
    case "value": push(item.value)
    case "name": pushOptional(item.name)
    case "title": push(item.title)
    case "detail": pushOptional(item.detail)
    case "placeholder": pushOptional(item.placeholder)
    case "accessory": push(item.accessory.rawValue)
    case "enabled": lua_pushboolean(L, item.enabled ? 1 : 0)
    case "hidden": lua_pushboolean(L, item.hidden ? 1 : 0)
    case "kind": push(item.kind.name)
    case "section": pushSection(item.section)
    case "index": if let i = item.index { lua_pushinteger(L, lua_Integer(i + 1)) } else { lua_pushnil(L) }
    case "row": if let r = item.row { lua_pushinteger(L, lua_Integer(r)) } else { lua_pushnil(L) }
    case "errors": pushStrings(item.errors)
    case "valid": lua_pushboolean(L, item.errors.isEmpty ? 1 : 0)
    case "validators": pushStrings(item.validators.map(\.source))
    case "validate": pushHandler(item.validate)
    case "on_select": pushHandler(item.onSelect)
    case "on_change": pushHandler(item.onChange)
    default:
      if let v = item.kind.option(key) {
        push(v)
      } else if !pushMethod(key, of: ItemBinding.self) {
        lua_pushnil(L)
      }
    }
  }

  /// Set one property from the Lua value at `index`; returns an error message.
  func setProperty(_ key: String, of item: Item, valueAt index: Int32) -> String? {
    // only built when a message needs it (this runs for every prop of every row)
    func what() -> String { "'\(key)' of \(item.kind.name) item\(item.name.map { " '\($0)'" } ?? "")" }
    func text() -> Result<String?, ConversionError> {
      switch lua_type(L, index) {
      case LUA_TNIL: return .success(nil)
      case LUA_TSTRING: return .success(string(at: index))
      case LUA_TNUMBER: return .success(Value.formatNumber(lua_tonumberx(L, index, nil)))
      default:
        return .failure(
          ConversionError(message: "bad value for \(what()) (string expected, got \(typeName(at: index)))"))
      }
    }
    func flag() -> Result<Bool, ConversionError> {
      guard lua_type(L, index) == LUA_TBOOLEAN else {
        return .failure(
          ConversionError(message: "bad value for \(what()) (boolean expected, got \(typeName(at: index)))"))
      }
      return .success(lua_toboolean(L, index) != 0)
    }
    do {
      switch key {
      case "value":
        guard item.kind.hasValue else { return "\(what()): an \(item.kind.name) row holds no value" }
        let v = try value(at: index)
        switch item.kind.accept(v, for: item) {
        case .value(let accepted):
          item.assign(accepted)
        case .refused(let reason): return "bad value for \(what()): \(reason)"
        }
      case "name":
        let name = try text().get()
        do { try item.rename(name) } catch { return error.description }
      case "title": item.title = try text().get() ?? ""
      case "detail": item.detail = try text().get()
      case "placeholder": item.placeholder = try text().get()
      case "accessory":
        let t = try text().get() ?? "none"
        guard let a = Accessory(rawValue: t) else {
          return "bad value for \(what()) ('\(t)'; expected none, disclosure, checkmark or info)"
        }
        item.accessory = a
      case "enabled": item.enabled = try flag().get()
      case "hidden": item.hidden = try flag().get()
      case "validators":
        let v = try value(at: index)
        let sources: [Value] = v.isNull ? [] : v.list ?? [v]
        guard let form = item.form ?? formForNewItems else {
          return "\(what()): validators need the item to be in a form"
        }
        var strings: [String] = []
        for s in sources {
          guard let s = s.string else { return "bad value for \(what()) (validator strings expected)" }
          strings.append(s)
        }
        do { item.validators = try form.validators(strings) } catch { return error.message }
        item.form?.validate(item)
      case "validate":
        item.validate = try handler(at: index, for: key).get()
        item.form?.validate(item)
      case "on_select": item.onSelect = try handler(at: index, for: key).get()
      case "on_change": item.onChange = try handler(at: index, for: key).get()
      default:
        if ItemBinding.readOnly.contains(key) { return "\(what()) is read-only" }
        let v = try value(at: index)
        switch item.setOption(key, to: v) {
        case .applied: return nil
        case .invalid(let reason): return "bad value for \(what()): \(reason)"
        case .unknown:
          var message = "unknown property '\(key)' of a \(item.kind.name) item"
          let known = ItemBinding.common + item.kind.optionNames
          if let s = suggestion(for: key, among: known) { message += " (did you mean '\(s)'?)" }
          return message
        }
      }
    } catch {
      return error.message
    }
    return nil
  }

  /// Set every property of the table at `index`: options first, the value last
  /// (so it is read with the item's options and checked by its validators).
  func setProperties(of item: Item, from index: Int32, skipping: Set<String> = []) -> String? {
    let index = lua_absindex(L, index)
    var keys: [String] = []
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      formrun_pop(L, 1)
      guard let key = string(at: -1) else {
        formrun_pop(L, 1)
        return "item properties are named by strings (got a \(typeName(at: -1)) key)"
      }
      keys.append(key)
    }
    let order = ["name", "validators", "validate"]
    keys.sort { a, b in
      let ra = a == "value" ? 2 : (order.contains(a) ? 1 : 0)
      let rb = b == "value" ? 2 : (order.contains(b) ? 1 : 0)
      return ra != rb ? ra < rb : a < b
    }
    for key in keys where !skipping.contains(key) {
      push(key)
      lua_rawget(L, index)
      defer { formrun_pop(L, 1) }
      if let e = setProperty(key, of: item, valueAt: -1) { return e }
    }
    return nil
  }
}

/// Values written as Lua literals (for the REPL and descriptions).
enum Literal {
  static func lua(_ v: Value) -> String {
    switch v {
    case .null: return "nil"
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .double(let d): return Value.formatNumber(d)
    case .string(let s): return quote(s)
    case .list(let l): return "{ " + l.map(lua).joined(separator: ", ") + " }"
    case .record(let f): return "{ " + f.map { "\($0.key) = \(lua($0.value))" }.joined(separator: ", ") + " }"
    }
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default:
        if u.value < 0x20 || u.value == 0x7f { out += "\\\(u.value)" } else { out.unicodeScalars.append(u) }
      }
    }
    return out + "\""
  }
}
