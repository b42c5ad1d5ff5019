import CLua
import FormCore

/// `section.*` in Lua: props, `items`, `errors`, and the methods that make and
/// move rows (`section:text{}`, `add`, `insert`, `remove`, `move`, `clear`).
enum SectionBinding: Binding {
  static let metatable = "formrun.section"
  static let props = ["header", "footer", "tag", "hidden", "empty_text", "on_update", "style"]

  static func this(_ rt: LuaRuntime, _ fn: String) -> Section? {
    rt.object(at: 1, metatable: metatable, as: Section.self)
  }

  /// `section:KIND{props}`; the kind's name is upvalue 2.
  static let make: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    let kind = rt.string(at: formrun_upvalueindex(2)) ?? "item"
    guard let section = this(rt, kind) else { return rt.typeError(1, kind, expected: "section", at: 1) }
    switch rt.makeItem(kind: kind, propsAt: 2, function: kind, in: section.form) {
    case .success(let item):
      do throws(FormError) { try section.append(item) } catch { return rt.raise(error.description) }
      rt.pushItem(item)
      return 1
    case .failure(let e): return rt.raise(e.message)
    }
  }

  static let methods: [(String, formrun_hostfn)] = [
    (
      "add",
      { L in
        let rt = LuaRuntime.from(L)
        guard let section = this(rt, "add") else { return rt.typeError(1, "add", expected: "section", at: 1) }
        guard let title = rt.string(at: 2) else { return rt.typeError(1, "add", expected: "string", at: 2) }
        let item = Item(kind: ActionKind(), title: title)
        try! section.append(item)  // an unnamed item cannot clash
        rt.pushItem(item)
        return 1
      }
    ),
    (
      "insert",
      { L in
        let rt = LuaRuntime.from(L)
        guard let section = this(rt, "insert") else { return rt.typeError(1, "insert", expected: "section", at: 1) }
        guard lua_type(L, 2) == LUA_TNUMBER else { return rt.typeError(1, "insert", expected: "number", at: 2) }
        let index = Int(lua_tointegerx(L, 2, nil))
        guard index >= 1 && index <= section.items.count + 1 else {
          return rt.argError(1, "insert", "index \(index) out of range 1 to \(section.items.count + 1)")
        }
        guard let kind = rt.string(at: 3) else { return rt.typeError(2, "insert", expected: "string", at: 3) }
        switch rt.makeItem(kind: kind, propsAt: 4, function: "insert", in: section.form) {
        case .success(let item):
          do throws(FormError) { try section.insert(item, at: index - 1) } catch { return rt.raise(error.description) }
          rt.pushItem(item)
          return 1
        case .failure(let e): return rt.raise(e.message)
        }
      }
    ),
    (
      "remove",
      { L in
        let rt = LuaRuntime.from(L)
        guard let section = this(rt, "remove") else { return rt.typeError(1, "remove", expected: "section", at: 1) }
        if let item = rt.object(at: 2, metatable: ItemBinding.metatable, as: Item.self) {
          section.remove(item)
        } else if lua_type(L, 2) == LUA_TNUMBER {
          let i = Int(lua_tointegerx(L, 2, nil))
          guard i >= 1 && i <= section.items.count else {
            return rt.argError(1, "remove", "index \(i) out of range 1 to \(section.items.count)")
          }
          section.remove(at: i - 1)
        } else if let name = rt.string(at: 2) {
          guard let item = section.items.first(where: { $0.name == name }) else {
            return rt.argError(1, "remove", "no item named '\(name)' in this section")
          }
          section.remove(item)
        } else {
          return rt.typeError(1, "remove", expected: "item, index or name", at: 2)
        }
        return 0
      }
    ),
    (
      "move",
      { L in
        let rt = LuaRuntime.from(L)
        guard let section = this(rt, "move") else { return rt.typeError(1, "move", expected: "section", at: 1) }
        let n = section.items.count
        for a in [2, 3] as [Int32] {
          guard lua_type(L, a) == LUA_TNUMBER else {
            return rt.typeError(Int(a) - 1, "move", expected: "number", at: a)
          }
          let i = Int(lua_tointegerx(L, a, nil))
          guard i >= 1 && i <= n else { return rt.argError(Int(a) - 1, "move", "index \(i) out of range 1 to \(n)") }
        }
        section.move(from: Int(lua_tointegerx(L, 2, nil)) - 1, to: Int(lua_tointegerx(L, 3, nil)) - 1)
        return 0
      }
    ),
    (
      "clear",
      { L in
        let rt = LuaRuntime.from(L)
        guard let section = this(rt, "clear") else { return rt.typeError(1, "clear", expected: "section", at: 1) }
        section.clear()
        return 0
      }
    ),
  ]

  static let index: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let section = rt.object(at: 1, metatable: metatable, as: Section.self), let key = rt.string(at: 2) else {
      lua_pushnil(L)
      return 1
    }
    switch key {
    case "header": rt.pushOptional(section.header)
    case "footer": rt.pushOptional(section.footer)
    case "tag": rt.pushOptional(section.tag)
    case "hidden": lua_pushboolean(L, section.hidden ? 1 : 0)
    case "empty_text": rt.pushOptional(section.emptyText)
    case "on_update": rt.pushHandler(section.onUpdate)
    case "style": rt.push(section.style.map(StyleTable.value) ?? .null)
    case "items":
      lua_createtable(L, Int32(section.items.count), 0)
      for (i, item) in section.items.enumerated() {
        rt.pushItem(item)
        lua_rawseti(L, -2, lua_Integer(i + 1))
      }
    case "errors": rt.pushStrings(section.errors)
    case "index": if let i = section.index { lua_pushinteger(L, lua_Integer(i + 1)) } else { lua_pushnil(L) }
    default:
      if rt.pushMethod(key, of: SectionBinding.self) { return 1 }
      if (section.form?.kinds ?? Kinds.builtIn)[key] != nil {
        rt.push(key)
        formrun_pushhost(L, make, 1)
        return 1
      }
      lua_pushnil(L)
    }
    return 1
  }

  static let newIndex: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let section = rt.object(at: 1, metatable: metatable, as: Section.self) else { return 0 }
    guard let key = rt.string(at: 2) else { return rt.raise("section properties are named by strings") }
    if let e = rt.setProperty(key, of: section, valueAt: 3) { return rt.raise(e) }
    return 0
  }

  static let toString: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let section = rt.object(at: 1, metatable: metatable, as: Section.self) else { return 0 }
    var s = "<section"
    if let h = section.header { s += " \"\(h)\"" }
    if let t = section.tag { s += " #\(t)" }
    rt.push(s + " (\(section.items.count) items)>")
    return 1
  }
}

extension LuaRuntime {
  /// A new item of `kind` with the props of the table at `index` (or none).
  func makeItem(kind: String, propsAt index: Int32, function: String, in form: Form?) -> Result<Item, ConversionError> {
    let kinds = form?.kinds ?? Kinds.builtIn
    guard let factory = kinds[kind] else {
      return .failure(
        ConversionError(
          message: FormError.unknownKind(kind, suggestion: suggestion(for: kind, among: kinds.keys)).description))
    }
    let item = Item(kind: factory())
    // validators of a new item are looked up in the form it is going into
    let saved = formForNewItems
    formForNewItems = form
    defer { formForNewItems = saved }
    switch lua_type(L, index) {
    case LUA_TNONE, LUA_TNIL: break
    case LUA_TTABLE:
      if let e = setProperties(of: item, from: index) { return .failure(ConversionError(message: e)) }
    case LUA_TSTRING: item.title = string(at: index)!
    default:
      return .failure(
        ConversionError(message: "bad argument #1 to '\(function)' (table expected, got \(typeName(at: index)))"))
    }
    return .success(item)
  }

  func setProperty(_ key: String, of section: Section, valueAt index: Int32) -> String? {
    func text() -> Result<String?, ConversionError> {
      switch lua_type(L, index) {
      case LUA_TNIL: return .success(nil)
      case LUA_TSTRING: return .success(string(at: index))
      case LUA_TNUMBER: return .success(Value.formatNumber(lua_tonumberx(L, index, nil)))
      default:
        return .failure(
          ConversionError(message: "bad value for section '\(key)' (string expected, got \(typeName(at: index)))"))
      }
    }
    do {
      switch key {
      case "header": section.header = try text().get()
      case "footer": section.footer = try text().get()
      case "tag": section.tag = try text().get()
      case "empty_text": section.emptyText = try text().get()
      case "hidden":
        guard lua_type(L, index) == LUA_TBOOLEAN else {
          return "bad value for section 'hidden' (boolean expected, got \(typeName(at: index)))"
        }
        section.hidden = lua_toboolean(L, index) != 0
      case "on_update": section.onUpdate = try handler(at: index, for: key).get()
      case "style": section.style = try StyleTable.style(try value(at: index)).get()
      case "items", "errors", "index": return "section '\(key)' is read-only"
      default:
        var message = "unknown property '\(key)' of a section"
        if let s = suggestion(for: key, among: SectionBinding.props) { message += " (did you mean '\(s)'?)" }
        return message
      }
    } catch {
      return error.message
    }
    return nil
  }

  func setProperties(of section: Section, from index: Int32) -> String? {
    let index = lua_absindex(L, index)
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      guard let key = string(at: -2) else {
        formrun_pop(L, 2)
        return "section properties are named by strings"
      }
      if let e = setProperty(key, of: section, valueAt: -1) {
        formrun_pop(L, 2)
        return e
      }
      formrun_pop(L, 1)
    }
    return nil
  }
}

/// `style = { border = ..., width = ..., color = ... }` to and from `Style`.
enum StyleTable {
  static func style(_ v: Value) -> Result<Style?, LuaRuntime.ConversionError> {
    if v.isNull { return .success(nil) }
    guard case .record(let fields) = v else {
      return .failure(.init(message: "bad style (table with border, width, color expected)"))
    }
    var s = Style()
    for f in fields {
      switch f.key {
      case "border":
        guard let b = f.value.string.flatMap(Style.Border.init) else {
          return .failure(.init(message: "bad style border (expected rounded, single, ascii or none)"))
        }
        s.border = b
      case "color":
        guard let c = f.value.string.flatMap(Style.Color.init) else {
          return .failure(.init(message: "bad style color (expected auto, always or never)"))
        }
        s.color = c
      case "width":
        guard let w = f.value.number, w >= 20, w <= 1000, w == w.rounded() else {
          return .failure(.init(message: "bad style width (a whole number from 20 to 1000 expected)"))
        }
        s.width = Int(w)
      default:
        return .failure(.init(message: "unknown style field '\(f.key)' (expected border, width or color)"))
      }
    }
    return .success(s)
  }

  static func value(_ s: Style) -> Value {
    var f: [Value.Field] = []
    if let b = s.border { f.append(.init("border", .string(b.rawValue))) }
    if let w = s.width { f.append(.init("width", .int(w))) }
    if let c = s.color { f.append(.init("color", .string(c.rawValue))) }
    return .record(f)
  }
}
