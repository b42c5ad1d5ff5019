import CLua
import FormCore

/// `item.*` in Lua: the common properties, the kind's own options (from the
/// kind's option table), and the methods `set`, `remove`, `select`.
enum ItemBinding {
  static let table: ClassTable<Item> = ClassTable(
    name: "item", metatable: "formrun.item", summary: "One row of a form.",
    properties: [
      Property(
        "value", "any", "The row's value, checked and normalised by its kind; nil clears it.", order: 2,
        get: { b, item in b.state.push(item.value) },
        set: { b, item, i, what throws(ConversionError) in
          guard item.kind.hasValue else {
            throw ConversionError(message: "\(what()): an \(item.kind.name) row holds no value")
          }
          switch item.kind.accept(try b.state.value(at: i), for: item) {
          case .value(let accepted): item.assign(accepted)
          case .refused(let reason): throw ConversionError(message: "bad value for \(what()): \(reason)")
          }
        }),
      Property(
        "name", "string?", "The key of the value in the form's values; unique in the form.", order: 1,
        get: { b, item in b.state.pushOptional(item.name) },
        set: { b, item, i, what throws(ConversionError) in
          let name = try b.state.text(at: i, for: what())
          do throws(FormError) { try item.rename(name) } catch { throw ConversionError(message: error.description) }
        }),
      Property(
        "title", "string", "The label shown on the row.", get: { b, item in b.state.push(item.title) },
        set: { b, item, i, what throws(ConversionError) in item.title = try b.state.text(at: i, for: what()) ?? "" }),
      .text("detail", \.detail, "A second line of text under the title."),
      .text("placeholder", \.placeholder, "Shown in place of an empty value."),
      .text("description", \.description, "Help text: shown under the row, read after it, and by the guided walk."),
      Property(
        "required", "boolean",
        "True: the row must not be empty (adds the \"presence\" validator); marked in every mode.",
        order: 2, get: { b, item in lua_pushboolean(b.state.L, item.isRequired ? 1 : 0) },
        set: { b, item, i, what throws(ConversionError) in
          let on = try b.state.flag(at: i, for: what())
          guard on != item.isRequired else { return }
          if on {
            guard item.kind.hasValue else {
              throw ConversionError(message: "\(what()): an \(item.kind.name) row holds no value")
            }
            guard let form = item.form ?? b.formForNewItems else {
              throw ConversionError(message: "\(what()): required needs the item to be in a form")
            }
            do throws(ValidatorSpec.Error) {
              item.validators.insert(contentsOf: try form.validators(["presence"]), at: 0)
            } catch { throw ConversionError(message: error.message) }
          } else {
            item.validators.removeAll { $0 is PresenceValidator }
          }
          item.form?.validate(item)
        }),
      Property(
        "accessory", "\"none\"|\"disclosure\"|\"checkmark\"|\"info\"|\"detail\"", "The marker at the end of the row.",
        get: { b, item in b.state.push(item.accessory.rawValue) },
        set: { b, item, i, what throws(ConversionError) in
          let t = try b.state.text(at: i, for: what()) ?? "none"
          guard let a = Accessory(rawValue: t) else {
            throw ConversionError(
              message: "bad value for \(what()) ('\(t)'; expected none, disclosure, checkmark, info or detail)")
          }
          item.accessory = a
        }),
      .flag("enabled", \.enabled, "False: the row is shown but cannot be edited."),
      .flag("hidden", \.hidden, "True: the row is not shown and its errors do not count."),
      Property(
        "validators", "string[]", "Validator specs such as \"required\" or \"length(3, 20)\".", order: 1,
        get: { b, item in b.state.pushStrings(item.validators.map(\.source)) },
        set: { b, item, i, what throws(ConversionError) in
          let v = try b.state.value(at: i)
          let sources: [Value] = v.isNull ? [] : v.list ?? [v]
          guard let form = item.form ?? b.formForNewItems else {
            throw ConversionError(message: "\(what()): validators need the item to be in a form")
          }
          var strings: [String] = []
          for s in sources {
            guard let s = s.string else {
              throw ConversionError(message: "bad value for \(what()) (validator strings expected)")
            }
            strings.append(s)
          }
          do throws(ValidatorSpec.Error) { item.validators = try form.validators(strings) } catch {
            throw ConversionError(message: error.message)
          }
          item.form?.validate(item)
        }),
      .handler(
        "validate", \.validate, "fn(item): nil, a message or a list of messages.", order: 1,
        then: { item in item.form?.validate(item) }),
      .handler("on_select", \.onSelect, "fn(item): runs when the row is activated."),
      .handler("on_change", \.onChange, "fn(item, old): runs when a user changes the value."),
      .readOnly("kind", "string", "The kind's name (\"text\", \"number\"…).") { b, item in b.state.push(item.kind.name)
      },
      .readOnly("section", "section?", "The section the row is in.") { b, item in b.pushSection(item.section) },
      .readOnly("index", "integer?", "The row's place in its section, from 1.") { b, item in
        if let i = item.index { lua_pushinteger(b.state.L, lua_Integer(i + 1)) } else { lua_pushnil(b.state.L) }
      },
      .readOnly("row", "integer?", "The number shown to the user; nil when hidden.") { b, item in
        if let r = item.row { lua_pushinteger(b.state.L, lua_Integer(r)) } else { lua_pushnil(b.state.L) }
      },
      .readOnly("errors", "string[]", "The row's current messages.") { b, item in b.state.pushStrings(item.errors) },
      .readOnly("valid", "boolean", "True when the row has no messages.") { b, item in
        lua_pushboolean(b.state.L, item.errors.isEmpty ? 1 : 0)
      },
    ] + RowBinding.itemProperties + MessageBinding.itemProperties,
    methods: [
      Method(
        "set", "(props: table) -> item", "Set several properties at once, in the set order.",
        action: "set properties of"
      ) { b, item in
        let L = b.state.L
        guard lua_type(L, 2) == LUA_TTABLE else { return b.state.typeError(1, "set", expected: "table", at: 2) }
        if let e = ItemBinding.table.setAll(of: item, from: 2, b) { return b.state.raise(e) }
        lua_settop(L, 1)
        return 1
      },
      Method("remove", "()", "Take the row out of its section.", action: "remove") { _, item in
        item.section?.remove(item)
        return 0
      },
      Method(
        "select", "() -> boolean, string?",
        "Activate the row, as a user choosing it does; false (and its message) when on_will_select stopped it.",
        action: "select"
      ) { b, item in
        guard let form = item.form else { return b.state.raise("cannot select an item that is not in the form") }
        let L = b.state.L
        switch form.activate(item) {
        case .vetoed(let message):
          lua_pushboolean(L, 0)
          b.state.pushOptional(message)
          return 2
        case .disabled:
          lua_pushboolean(L, 0)
          return 1
        case .done, .editing:
          lua_pushboolean(L, 1)
          return 1
        }
      },
    ] + RemakeBinding.itemMethods,
    subject: { item, key in "'\(key)' of \(item.kind.name) item\(item.name.map { " '\($0)'" } ?? "")" },
    owner: { item in "a \(item.kind.name) item" },
    describe: { ItemBinding.describe($0) },
    phrase: phrase,
    gone: { item in
      guard let section = item.section else { return "it was removed from its section" }
      return section.form == nil ? "its section was removed from the form" : nil
    },
    extra: ExtraMembers(
      get: { b, item, key in
        guard let v = item.kind.option(key) else { return false }
        b.state.push(v)
        return true
      },
      set: { b, item, key, i in
        guard item.kind.option(key) != nil else { return nil }
        let v: Value
        do throws(ConversionError) { v = try b.state.value(at: i) } catch { return .init(message: error.message) }
        switch item.setOption(key, to: v) {
        case .applied, .unknown: return .init(message: nil)
        case .invalid(let reason):
          return .init(message: "bad value for \(ItemBinding.table.subject(item, key)): \(reason)")
        }
      },
      names: { item in item.kind.optionNames },
      methodNames: { _ in [] }),
    sample: { Item(kind: TextKind()) })

  /// How messages name an item: `text row 'age'`, `item row "Go"`.
  static func phrase(_ item: Item) -> String {
    var s = "\(item.kind.name) row"
    if let name = item.name {
      s += " '\(short(name))'"
    } else if !item.title.isEmpty {
      s += " \"\(short(item.title))\""
    }
    return s
  }

  /// `<text 'email' = "a@b.co">`, as the REPL prints items.
  static func describe(_ item: Item) -> String {
    var s = "<" + item.kind.name
    if let name = item.name { s += " '\(name)'" } else if !item.title.isEmpty { s += " \"\(item.title)\"" }
    if item.kind.hasValue { s += " = " + Literal.lua(item.value) }
    return s + ">"
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
