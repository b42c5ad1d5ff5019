import CLua
import FormCore

/// `section` in Lua, all of it: properties, `items`, `errors`, and the
/// methods that make and move rows (`section:KIND{}` for every kind of its
/// form, `add`, `insert`, `remove`, `move`, `clear`, `remake`).
enum SectionBinding {
  static let table: ClassTable<Section> = ClassTable(
    name: "section", metatable: "formrun.section", summary: "A group of rows under a header.",
    properties: [
      .text("header", { $0.header }, { $0.header = $1 }, "The text above the rows."),
      .text("footer", { $0.footer }, { $0.footer = $1 }, "The text below the rows."),
      .text("tag", { $0.tag }, { $0.tag = $1 }, "A name to find the section by (`form:find_section`)."),
      .flag("hidden", { $0.hidden }, { $0.hidden = $1 }, "True: the section and its rows are not shown."),
      .text("empty_text", { $0.emptyText }, { $0.emptyText = $1 }, "Shown when the section has no rows to show."),
      .handler("on_update", { $0.onUpdate }, { $0.onUpdate = $1 }, "fn(section): runs when `form:reload()` is called."),
      Property(
        "style", .style, "The section's own drawing style.",
        get: { $0.style }, set: { $0.style = $1 }),
      .readOnly("items", "item[]", "The rows, in order.") { b, section in
        lua_createtable(b.state.L, Int32(clamping: section.items.count), 0)
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
      .data({ $0.data }, { $0.data = $1 }),
      .handler(
        "on_insert", { $0.onInsert }, { $0.onInsert = $1 },
        "fn(section, index): the user's `insert`; add the row, or return false or a message."),
    ] + BandBinding.sectionProperties,
    methods: [
      Method("add", "(title: string) -> item", "Add an action row with this title.", action: "add a row to") {
        c, section throws(LuaError) in
        let item = Item(kind: ActionKind(), title: try c.text(2))
        try KindMaker.place(item, in: section)
        c.bridge.pushItem(item)
        return 1
      },
      Method(
        "insert", "(index: integer, kind: string, props: table?) -> item", "Make a row at a place.",
        action: "insert a row into"
      ) { c, section throws(LuaError) in
        let index = try c.index(2, to: section.items.count + 1)
        let item = try c.bridge.makeItem(kind: try c.string(3), propsAt: 4, c, in: section.form)
        // the props may have run the script's code (a kind's format), which may have changed the section
        try KindMaker.place(item, in: section, at: index - 1)
        c.bridge.pushItem(item)
        return 1
      },
      Method(
        "remove", "(row: item|integer|string)", "Take out a row (the item, its index or its name).",
        action: "remove a row from"
      ) { c, section throws(LuaError) in
        if let item = c.object(2, ItemBinding.table) {
          section.remove(item)
        } else if lua_type(c.L, 2) == LUA_TNUMBER {
          section.remove(at: try c.index(2, to: section.items.count) - 1)
        } else if lua_type(c.L, 2) == LUA_TSTRING {
          let name = try c.string(2)
          guard let item = section.items.first(where: { $0.name == name }) else {
            throw c.argError(2, "no item named '\(short(name))' in this section")
          }
          section.remove(item)
        } else {
          throw c.typeError(2, expected: "item, index or name")
        }
        return 0
      },
      Method("move", "(from: integer, to: integer)", "Move a row to another place.", action: "move a row in") {
        c, section throws(LuaError) in
        let n = section.items.count
        let from = try c.index(2, to: n)
        let to = try c.index(3, to: n)
        section.move(from: from - 1, to: to - 1)
        return 0
      },
      Method("clear", "()", "Take out every row.", action: "clear") { _, section in
        section.clear()
        return 0
      },
      Method(
        "remake", "(props: table|string) -> section",
        "Replace every property (unspecified ones back to their defaults); the rows stay.", action: "remake"
      ) { c, section throws(LuaError) in
        let fresh = Section()
        try props(c, fresh, at: 2, in: section.form)
        section.adopt(fresh)
        return c.returnSelf()
      },
    ],
    phrase: phrase,
    describe: { section in
      var s = "<section"
      if let h = section.header { s += " \"\(h)\"" }
      if let t = section.tag { s += " #\(t)" }
      return s + " (\(section.items.count) items)>"
    },
    gone: { section in section.form == nil ? "it was removed from the form" : nil },
    dynamic: KindMaker.members(kinds: { (section: Section) in section.form?.kinds }, into: .section),
    sample: { Section() })

  /// How messages name a section: by its header, else its tag; `a section`.
  static func phrase(_ section: Section) -> String {
    guard let name = section.header ?? section.tag else { return "a section" }
    return "section '\(short(name))'"
  }

  /// The properties of a new section at `index`: a table, a header, or none.
  static func props(_ c: Call, _ section: Section, at index: Int32, in form: Form? = nil) throws(LuaError) {
    // a kind a property names (`header_kind`) is looked up in the form the section is going into
    let saved = c.bridge.formForNewItems
    c.bridge.formForNewItems = form ?? section.form
    defer { c.bridge.formForNewItems = saved }
    switch lua_type(c.L, index) {
    case LUA_TNONE, LUA_TNIL: return
    case LUA_TSTRING: section.header = try c.text(index)
    case LUA_TTABLE:
      if let e = table.setAll(of: section, from: index, c.bridge) { throw c.error(e) }
    default: throw c.typeError(index, expected: "table or string")
    }
  }

  /// Names a kind may not take: `section:NAME` would not reach it.
  static var reservedNames: [String] {
    table.methodNames + table.properties.map(\.name) + FormBinding.table.methodNames
      + FormBinding.table.properties.map(\.name)
  }
}
