import CLua
import FormCore

/// `section.*` in Lua: properties, `items`, `errors`, and the methods that
/// make and move rows (`section:text{}` for every kind, `add`, `insert`,
/// `remove`, `move`, `clear`).
enum SectionBinding {
  static let table: ClassTable<Section> = ClassTable(
    name: "section", metatable: "formrun.section", summary: "A group of rows under a header.",
    properties: [
      .text("header", \.header, "The text above the rows."),
      .text("footer", \.footer, "The text below the rows."),
      .text("tag", \.tag, "A name to find the section by (`form:find_section`)."),
      .flag("hidden", \.hidden, "True: the section and its rows are not shown."),
      .text("empty_text", \.emptyText, "Shown when the section has no rows to show."),
      .handler("on_update", \.onUpdate, "fn(section): runs after a row of the section changes."),
      Property(
        "style", "{ border: string?, width: integer?, color: string? }?", "The section's own drawing style.",
        get: { b, section in b.state.push(section.style.map(StyleTable.value) ?? .null) },
        set: { b, section, i, _ throws(ConversionError) in
          section.style = try StyleTable.style(try b.state.value(at: i)).get()
        }),
      .readOnly("items", "item[]", "The rows, in order.") { b, section in
        lua_createtable(b.state.L, Int32(section.items.count), 0)
        for (i, item) in section.items.enumerated() {
          b.pushItem(item)
          lua_rawseti(b.state.L, -2, lua_Integer(i + 1))
        }
      },
      .readOnly("errors", "string[]", "The messages of the section's shown rows.") { b, section in
        b.state.pushStrings(section.errors)
      },
      .readOnly("index", "integer?", "The section's place in the form, from 1.") { b, section in
        if let i = section.index { lua_pushinteger(b.state.L, lua_Integer(i + 1)) } else { lua_pushnil(b.state.L) }
      },
    ] + RowBinding.sectionProperties,
    methods: [
      Method("add", "(title: string) -> item", "Add an action row with this title.", action: "add a row to") {
        b, section in
        guard let title = b.state.string(at: 2) else { return b.state.typeError(1, "add", expected: "string", at: 2) }
        let item = Item(kind: ActionKind(), title: title)
        try! section.append(item)  // an unnamed item cannot clash
        b.pushItem(item)
        return 1
      },
      Method(
        "insert", "(index: integer, kind: string, props: table?) -> item", "Make a row at a place.",
        action: "insert a row into"
      ) {
        b, section in
        let L = b.state.L
        guard lua_type(L, 2) == LUA_TNUMBER else { return b.state.typeError(1, "insert", expected: "number", at: 2) }
        let index = Int(lua_tointegerx(L, 2, nil))
        guard index >= 1 && index <= section.items.count + 1 else {
          return b.state.argError(1, "insert", "index \(index) out of range 1 to \(section.items.count + 1)")
        }
        guard let kind = b.state.string(at: 3) else { return b.state.typeError(2, "insert", expected: "string", at: 3) }
        switch b.makeItem(kind: kind, propsAt: 4, function: "insert", in: section.form) {
        case .success(let item):
          do throws(FormError) { try section.insert(item, at: index - 1) } catch {
            return b.state.raise(error.description)
          }
          b.pushItem(item)
          return 1
        case .failure(let e): return b.state.raise(e.message)
        }
      },
      Method(
        "remove", "(row: item|integer|string)", "Take out a row (the item, its index or its name).",
        action: "remove a row from"
      ) {
        b, section in
        let L = b.state.L
        if let item = b.object(at: 2, metatable: ItemBinding.table.metatable, as: Item.self) {
          section.remove(item)
        } else if lua_type(L, 2) == LUA_TNUMBER {
          let i = Int(lua_tointegerx(L, 2, nil))
          guard i >= 1 && i <= section.items.count else {
            return b.state.argError(1, "remove", "index \(i) out of range 1 to \(section.items.count)")
          }
          section.remove(at: i - 1)
        } else if let name = b.state.string(at: 2) {
          guard let item = section.items.first(where: { $0.name == name }) else {
            return b.state.argError(1, "remove", "no item named '\(name)' in this section")
          }
          section.remove(item)
        } else {
          return b.state.typeError(1, "remove", expected: "item, index or name", at: 2)
        }
        return 0
      },
      Method("move", "(from: integer, to: integer)", "Move a row to another place.", action: "move a row in") {
        b, section in
        let L = b.state.L
        let n = section.items.count
        for a in [2, 3] as [Int32] {
          guard lua_type(L, a) == LUA_TNUMBER else {
            return b.state.typeError(Int(a) - 1, "move", expected: "number", at: a)
          }
          let i = Int(lua_tointegerx(L, a, nil))
          guard i >= 1 && i <= n else {
            return b.state.argError(Int(a) - 1, "move", "index \(i) out of range 1 to \(n)")
          }
        }
        section.move(from: Int(lua_tointegerx(L, 2, nil)) - 1, to: Int(lua_tointegerx(L, 3, nil)) - 1)
        return 0
      },
      Method("clear", "()", "Take out every row.", action: "clear") { _, section in
        section.clear()
        return 0
      },
    ] + RemakeBinding.sectionMethods,
    subject: { _, key in "section '\(key)'" },
    owner: { _ in "a section" },
    describe: { section in
      var s = "<section"
      if let h = section.header { s += " \"\(h)\"" }
      if let t = section.tag { s += " #\(t)" }
      return s + " (\(section.items.count) items)>"
    },
    phrase: phrase,
    gone: { section in section.form == nil ? "it was removed from the form" : nil },
    // `section:KIND{props}` for every kind of the section's form
    extra: ExtraMembers(
      get: { b, section, key in
        // a removed section has no form to ask: the built-in kinds' makers
        // are still there, to say that the section was removed
        guard (section.form?.kinds ?? Kinds.builtIn)[key] != nil else { return false }
        b.state.push(key)
        formrun_pushhost(b.state.L, make, 1)
        return true
      },
      set: { _, _, _, _ in nil },
      names: { _ in [] },
      methodNames: { section in Array((section.form?.kinds ?? Kinds.builtIn).keys) }),
    sample: { Section() })

  /// `section:KIND{props}`; the kind's name is upvalue 2.
  static let make: formrun_hostfn = { L in
    let b = ObjectBridge.from(L)
    let kind = b.state.string(at: formrun_upvalueindex(2)) ?? "item"
    guard let section = table.this(b) else { return b.state.typeError(1, kind, expected: "section", at: 1) }
    if let why = table.gone(section) {
      return b.state.raise("cannot add \(article(kind)) \(kind) row to \(phrase(section)): \(why)")
    }
    switch b.makeItem(kind: kind, propsAt: 2, function: kind, in: section.form) {
    case .success(let item):
      do throws(FormError) { try section.append(item) } catch { return b.state.raise(error.description) }
      b.pushItem(item)
      return 1
    case .failure(let e): return b.state.raise(e.message)
    }
  }

  /// How messages name a section: by its header, else its tag.
  static func phrase(_ section: Section) -> String {
    guard let name = section.header ?? section.tag else { return "a section" }
    return "section '\(short(name))'"
  }

  /// Names a kind may not take: `section:NAME` would not reach it.
  static var reservedNames: [String] {
    table.methodNames + table.properties.map(\.name) + FormBinding.table.methodNames
      + FormBinding.table.properties.map(\.name)
  }
}

extension ObjectBridge {
  /// A new item of `kind` with the props of the table at `index` (or none).
  func makeItem(kind: String, propsAt index: Int32, function: String, in form: Form?) -> Result<Item, ConversionError> {
    let kinds = form?.kinds ?? Kinds.builtIn
    guard let prototype = kinds[kind] else {
      return .failure(
        ConversionError(
          message: FormError.unknownKind(kind, suggestion: suggestion(for: kind, among: kinds.keys)).description))
    }
    let item = Item(kind: prototype)
    // validators of a new item are looked up in the form it is going into
    let saved = formForNewItems
    formForNewItems = form
    defer { formForNewItems = saved }
    switch lua_type(state.L, index) {
    case LUA_TNONE, LUA_TNIL: break
    case LUA_TTABLE:
      if let e = ItemBinding.table.setAll(of: item, from: index, self) { return .failure(ConversionError(message: e)) }
    case LUA_TSTRING: item.title = state.string(at: index)!
    default:
      return .failure(
        ConversionError(
          message: "bad argument #1 to '\(function)' (table expected, got \(state.typeName(at: index)))"))
    }
    return .success(item)
  }
}

/// `a` or `an`, for a word (a kind's name) in a message.
func article(_ word: String) -> String {
  guard let first = word.first?.lowercased() else { return "a" }
  return "aeiou".contains(first) ? "an" : "a"
}

/// A script's text in a message, cut to 40 characters (a title may be a megabyte).
func short(_ text: String) -> String {
  text.count <= 40 ? text : String(text.prefix(39)) + "…"
}

/// `style = { border = ..., width = ..., color = ... }` to and from `Style`.
enum StyleTable {
  static func style(_ v: Value) -> Result<Style?, ConversionError> {
    if v.isNull { return .success(nil) }
    if v == .list([]) { return .success(Style()) }  // `{}`, as an unstyled form reads back
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
