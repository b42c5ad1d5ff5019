import CLua
import FormCore

/// `item` in Lua, all of it: the common properties, the row capabilities
/// of the seed libraries (data, the selection veto, actions, deleting,
/// moving, the detail button), messages in the author's words, the kind's
/// own options (from the kind's option table), and the methods.
enum ItemBinding {
  static let table: ClassTable<Item> = ClassTable(
    name: "item", metatable: "formrun.item", summary: "One row of a form.",
    properties: [
      Property(
        "value", "any", "The row's value, checked and normalised by its kind; nil clears it.", order: 2,
        get: { b, item in b.state.push(item.value) },
        set: { b, item, i, subject throws(ConversionError) in
          let kind = item.kind
          guard kind.hasValue else {
            throw ConversionError(message: "\(subject()): \(article(kind.name)) \(kind.name) row holds no value")
          }
          let v: Value
          do throws(ConversionError) { v = try b.state.value(at: i) } catch {
            throw ConversionError(message: "bad value for \(subject()): \(error.message)")
          }
          if case .string(let s) = v, s.utf8.count <= Limits.valueBytes {
            // (the common case, measured without a walk)
          } else if Limits.bytes(of: v, limit: Limits.valueBytes) > Limits.valueBytes {
            throw ConversionError(message: "bad value for \(subject()): \(valueTooLarge)")
          }
          switch kind.accept(v, for: item) {
          case .value(let accepted): item.assign(accepted)
          case .refused(let reason): throw ConversionError(message: "bad value for \(subject()): \(reason)")
          }
        }),
      Property(
        "name", "string?", "The key of the value in the form's values; unique in the form.", order: -1,
        get: { b, item in b.state.pushOptional(item.name) },
        set: { b, item, i, subject throws(ConversionError) in
          let name = try b.decode(.text, at: i, key: "name", subject)
          do throws(FormError) { try item.rename(name) } catch { throw ConversionError(message: error.description) }
        }),
      Property(
        "title", .title, "The label shown on the row (a number is taken as its text).",
        get: { $0.title }, set: { $0.title = $1 }),
      .text(
        "detail", { $0.detail }, { $0.detail = $1 }, "Shown as the value of a row that holds none (an action row)."),
      .text("placeholder", { $0.placeholder }, { $0.placeholder = $1 }, "Shown in place of an empty value."),
      .text(
        "description", { $0.description }, { $0.description = $1 },
        "Help text: shown under the row, read after it, and by the guided walk."),
      Property(
        "required", "boolean",
        "True: the row must not be empty (adds the \"presence\" validator); marked in every mode.",
        order: 2, get: { b, item in lua_pushboolean(b.state.L, item.isRequired ? 1 : 0) },
        set: { b, item, i, subject throws(ConversionError) in
          try setRequired(item, try b.decode(.flag, at: i, key: "required", subject), b, subject)
        }),
      .choice("accessory", { $0.accessory }, { $0.accessory = $1 }, "The marker at the end of the row.", empty: .none),
      Property(
        "style", .rowStyle,
        "The row's own look: colour, bold, dim (title and value) and the value's alignment; never the only carrier of meaning.",
        get: { $0.style }, set: { $0.style = $1 }),
      .flag("enabled", { $0.enabled }, { $0.enabled = $1 }, "False: the row is shown but cannot be edited."),
      .flag("hidden", { $0.hidden }, { $0.hidden = $1 }, "True: the row is not shown and its errors do not count."),
      Property(
        "validators", "string[]", "Validator specs such as \"presence\" or \"length(3, 20)\".", order: 1,
        get: { b, item in b.state.pushStrings(item.validators.map(\.source)) },
        set: { b, item, i, subject throws(ConversionError) in
          // the same list of short strings as the row before (rows made in a loop): its validators again
          if let form = item.form ?? b.formForNewItems, let same = b.lastValidators.match(b, at: i, in: form) {
            item.validators = same
            item.form?.validate(item)
            return
          }
          let sources: [String]
          if let read = validatorSources(b, at: i) {
            sources = read
          } else {
            sources = try b.decode(.stringList, at: i, key: "validators", subject)
          }
          guard let form = item.form ?? b.formForNewItems else {
            throw ConversionError(message: "\(subject()): validators need the item to be in a form")
          }
          do throws(ValidatorSpec.Error) { item.validators = try form.validators(sources) } catch {
            throw ConversionError(message: error.message)
          }
          b.lastValidators.keep(b, at: i, item.validators, in: form)
          item.form?.validate(item)
        }),
      .handler(
        "validate", { $0.validate }, { $0.validate = $1 }, "fn(item): nil, a message or a list of messages.", order: 1,
        then: { item in item.form?.validate(item) }),
      .handler("on_select", { $0.onSelect }, { $0.onSelect = $1 }, "fn(item): runs when the row is activated."),
      .handler(
        "on_change", { $0.onChange }, { $0.onChange = $1 }, "fn(item, old): runs when a user changes the value."),
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
      // the seed libraries' row capabilities
      .data({ $0.data }, { $0.data = $1 }),
      .handler(
        "on_deselect", { $0.onDeselect }, { $0.onDeselect = $1 },
        "fn(item, value): a choice row's option the user's change dropped, once each, before on_change."),
      .flag(
        "open_empty", { $0.openEmpty }, { $0.openEmpty = $1 },
        "True: the row's editor opens empty instead of holding the value."),
      .handler(
        "on_begin_edit", { $0.onBeginEdit }, { $0.onBeginEdit = $1 },
        "fn(item): runs when an editor opens on the row (the prompt, the screen mode's editor)."),
      .handler(
        "on_end_edit", { $0.onEndEdit }, { $0.onEndEdit = $1 },
        "fn(item, changed): runs when the row's editor is left, by an answer, Esc or an empty answer."),
      .handler(
        "on_will_select", { $0.onWillSelect }, { $0.onWillSelect = $1 },
        "fn(item): false or a message stops the row's selection."),
      Property(
        "actions", "{ title: string, run: function }[]", "Commands the user runs on the row with `do N TITLE`.",
        get: { b, item in pushActions(b, item.rowActions.actions) },
        set: { b, item, i, subject throws(ConversionError) in
          item.rowActions.actions = try actions(b, at: i, subject())
        }),
      .flag(
        "deletable", { $0.rowActions.deletable }, { $0.rowActions.deletable = $1 },
        "True: the user may `delete N` the row."),
      .handler(
        "on_delete", { $0.rowActions.onDelete }, { $0.rowActions.onDelete = $1 },
        "fn(item): false or a message refuses the user's delete."),
      .flag(
        "movable", { $0.rowActions.movable }, { $0.rowActions.movable = $1 }, "True: the user may `move N M` the row."),
      .handler(
        "on_move", { $0.rowActions.onMove }, { $0.rowActions.onMove = $1 },
        "fn(item, from, to): false or a message refuses the user's move."),
      .handler(
        "on_moved", { $0.rowActions.onMoved }, { $0.rowActions.onMoved = $1 },
        "fn(item, from, to): runs after the user's move (`to` is the row's number now)."),
      .handler(
        "on_accessory", { $0.rowActions.onAccessory }, { $0.rowActions.onAccessory = $1 },
        "fn(item): the `detail N` command (accessory \"detail\")."),
      // messages in the author's words
      Property(
        "messages", .strings(of: "validator name = message", value: "message"),
        "Validator name → this row's message (`%s` = its error label), in place of the built-in wording.",
        get: { $0.customMessages }, set: { $0.customMessages = $1 }),
      .text(
        "error_label", { $0.errorLabel }, { $0.errorLabel = $1 }, "How messages name the row when not by its title."),
    ],
    methods: [
      Method(
        "set", "(props: table) -> item", "Set several properties at once, in the set order.",
        action: "set properties of"
      ) { c, item throws(LuaError) in
        let t = try c.table(2)
        if let e = table.setAll(of: item, from: t, c.bridge) { throw c.error(e) }
        return c.returnSelf()
      },
      Method("remove", "()", "Take the row out of its section.", action: "remove") { _, item in
        item.section?.remove(item)
        return 0
      },
      Method(
        "select", "() -> boolean, string?",
        "Activate the row, as a user choosing it does; false (and its message) when on_will_select stopped it.",
        action: "select"
      ) { c, item throws(LuaError) in
        guard let form = item.form else { throw c.error("cannot select \(phrase(item)): it is not in the form") }
        switch form.activate(item) {
        case .vetoed(let message):
          c.push(false)
          if let message { c.push(message) } else { c.pushNil() }
          return 2
        case .disabled:
          c.push(false)
          return 1
        case .done, .editing:
          c.push(true)
          return 1
        }
      },
      Method(
        "remake", "(props: table) -> item",
        "Replace every property (unspecified ones back to their defaults), keeping the row's place; `kind = \"…\"` makes it another kind, keeping the value that kind reads.",
        action: "remake"
      ) { c, item throws(LuaError) in
        let t = try c.table(2)
        let (kind, props) = try remakeKind(c, t)
        // made apart first, so bad props change nothing
        let fresh = try c.bridge.makeItem(kind: kind ?? item.kind.name, propsAt: props, c, in: item.form)
        if let name = fresh.name, let other = item.form?.find(name), other !== item {
          throw c.error(FormError.duplicateName(name).description)
        }
        let dropped = kind == nil ? nil : carryValue(of: item, to: fresh, unlessIn: t, c)
        do throws(FormError) { try item.adopt(fresh) } catch { throw c.error(error.description) }
        if let dropped { item.form?.report(dropped) }
        return c.returnSelf()
      },
    ],
    phrase: phrase, describe: describe,
    gone: { item in
      guard let section = item.section else { return "it was removed from its section" }
      return section.form == nil ? "its section was removed from the form" : nil
    },
    // the kind's own options (`secure`, `min`, `options`…)
    dynamic: DynamicMembers(
      get: { b, item, key in
        guard let v = item.kind.option(key) else { return false }
        // an option that may be a function (`suggestions`) gives it back
        if let h = item.kind.functionOption(key) { b.pushHandler(h) } else { b.state.push(v) }
        return true
      },
      set: { b, item, key, i in
        guard item.kind.option(key) != nil else { return nil }
        if lua_type(b.state.L, i) == LUA_TFUNCTION, item.kind.optionTakesFunction(key) {
          _ = item.setOption(key, function: LuaHandler(bridge: b, index: i))
          return .init(message: nil)
        }
        let v: Value
        do throws(ConversionError) { v = try b.state.value(at: i, labelled: key == "options") } catch {
          return .init(message: "bad value for \(table.subject(item, key)): \(error.message)")
        }
        if case .list(let l) = v, l.count > Limits.listEntries {
          return .init(
            message:
              "bad value for \(table.subject(item, key)): too many entries (\(l.count); at most \(Limits.listEntries))")
        }
        if Limits.bytes(of: v, limit: Limits.optionBytes) > Limits.optionBytes {
          return .init(
            message:
              "bad value for \(table.subject(item, key)): too large (more than \(Limits.optionBytes) bytes of text)")
        }
        if case .list(let l) = v, let long = l.first(where: { ($0.string?.utf8.count ?? 0) > Limits.textBytes }) {
          return .init(
            message:
              "bad value for \(table.subject(item, key)): '\(short(long.string ?? ""))' is \(Limits.tooLong(long.string ?? "") ?? "")"
          )
        }
        // (a kind that chooses among options cannot hold a value without one)
        if key == "options", v.isNull || v == .list([]) {
          return .init(message: "bad value for \(table.subject(item, key)): at least one option is needed")
        }
        switch item.setOption(key, to: v) {
        case .applied, .unknown: return .init(message: nil)
        case .invalid(let reason): return .init(message: "bad value for \(table.subject(item, key)): \(reason)")
        }
      },
      names: { item in item.kind.optionNames },
      methodNames: { _ in [] }),
    sample: { Item(kind: TextKind()) })

  /// The strings of a list of validator specs at `index`, read straight
  /// from the table (every row of a form may set one); nil when it is not a
  /// list of short strings (the codec then says why).
  static func validatorSources(_ b: ObjectBridge, at index: Int32) -> [String]? {
    let L = b.state.L
    guard lua_type(L, index) == LUA_TTABLE, lua_checkstack(L, 3) != 0 else { return nil }
    let t = lua_absindex(L, index)
    let n = Int(lua_rawlen(L, t))
    guard n > 0, n <= 64 else { return nil }
    var count = 0
    lua_pushnil(L)
    while lua_next(L, t) != 0 {
      count += 1
      formrun_pop(L, 1)
    }
    guard count == n else { return nil }
    var out: [String] = []
    out.reserveCapacity(n)
    for k in 1...n {
      lua_rawgeti(L, t, lua_Integer(k))
      defer { formrun_pop(L, 1) }
      // (one that is not UTF-8 is left to the codec, which refuses it naming the byte)
      guard lua_type(L, -1) == LUA_TSTRING, let s = try? b.state.text(at: -1), s.utf8.count <= Limits.textBytes else {
        return nil
      }
      out.append(s)
    }
    return out
  }

  /// Why a script's value is refused for its size.
  static var valueTooLarge: String { "too large (more than \(Limits.valueBytes) bytes of text)" }

  /// How messages name an item: `text row 'age'` (by name), `item row "Go"`
  /// (by title), `a text row` (neither).
  static func phrase(_ item: Item) -> String {
    let kind = item.kind.name
    if let name = item.name { return "\(kind) row '\(short(name))'" }
    if !item.title.isEmpty { return "\(kind) row \"\(short(item.title))\"" }
    return "\(article(kind)) \(kind) row"
  }

  /// `<text 'email' = "a@b.co">`, as the REPL prints items.
  static func describe(_ item: Item) -> String {
    var s = "<" + item.kind.name
    if let name = item.name { s += " '\(name)'" } else if !item.title.isEmpty { s += " \"\(item.title)\"" }
    // a secret's value is not shown, as `show` shows none
    if item.kind.hasValue {
      s += " = " + (item.kind.isSecret(item) && !item.value.isBlank ? "(secret)" : Literal.lua(item.value))
    }
    return s + ">"
  }

  /// `required = true` adds the `presence` validator first; `false` takes it
  /// out (and is refused while another validator still asks for a value).
  static func setRequired(
    _ item: Item, _ on: Bool, _ b: ObjectBridge, _ subject: () -> String
  ) throws(ConversionError) {
    guard on != item.isRequired else { return }
    if on {
      guard item.kind.hasValue else {
        throw ConversionError(message: "\(subject()): \(article(item.kind.name)) \(item.kind.name) row holds no value")
      }
      guard let form = item.form ?? b.formForNewItems else {
        throw ConversionError(message: "\(subject()): required needs the item to be in a form")
      }
      do throws(ValidatorSpec.Error) {
        item.validators.insert(contentsOf: try form.validators(["presence"]), at: 0)
      } catch { throw ConversionError(message: error.message) }
    } else {
      item.validators.removeAll { $0 is PresenceValidator }
      if let other = item.validators.first(where: \.asksForValue) {
        throw ConversionError(
          message:
            "\(subject()) stays true: its validator '\(other.source)' asks for a value (take it out of validators)")
      }
    }
    item.form?.validate(item)
  }

  static func pushActions(_ b: ObjectBridge, _ actions: [RowAction]) {
    let L = b.state.L
    lua_createtable(L, Int32(actions.count), 0)
    for (n, a) in actions.enumerated() {
      lua_createtable(L, 0, 2)
      b.state.push(a.title)
      lua_setfield(L, -2, "title")
      b.pushHandler(a.run)
      lua_setfield(L, -2, "run")
      lua_rawseti(L, -2, lua_Integer(n + 1))
    }
  }

  /// `{ { title = "Archive", run = fn }, … }` at `index` (nil: none).
  static func actions(_ b: ObjectBridge, at index: Int32, _ what: String) throws(ConversionError) -> [RowAction] {
    let L = b.state.L
    if lua_type(L, index) == LUA_TNIL { return [] }
    guard lua_type(L, index) == LUA_TTABLE else {
      throw ConversionError(
        message: "bad value for \(what) (a list of { title = …, run = … } expected, got \(b.typeName(at: index)))")
    }
    let t = lua_absindex(L, index)
    guard lua_checkstack(L, 4) != 0 else { throw ConversionError(message: "Lua stack overflow") }
    var out: [RowAction] = []
    var seen: Set<String> = []
    let n = lua_rawlen(L, t)
    guard n <= Limits.listEntries else {
      throw ConversionError(message: "bad value for \(what): too many actions (\(n); at most \(Limits.listEntries))")
    }
    for k in 0..<Int(n) {
      lua_rawgeti(L, t, lua_Integer(k + 1))
      defer { formrun_pop(L, 1) }
      guard lua_type(L, -1) == LUA_TTABLE else {
        throw ConversionError(
          message: "bad value for \(what): action \(k + 1) is not a table ({ title = …, run = … } expected)")
      }
      b.state.push("title")
      lua_rawget(L, -2)
      let title = b.state.string(at: -1)
      formrun_pop(L, 1)
      guard let title, !title.trimmingSpaces.isEmpty else {
        throw ConversionError(message: "bad value for \(what): action \(k + 1) needs a title (a string)")
      }
      if let why = Limits.tooLong(title) {
        throw ConversionError(message: "bad value for \(what): the title of action \(k + 1) is \(why)")
      }
      guard seen.insert(title.lowercased()).inserted else {
        throw ConversionError(message: "bad value for \(what): two actions are titled '\(short(title))'")
      }
      b.state.push("run")
      lua_rawget(L, -2)
      defer { formrun_pop(L, 1) }
      guard lua_type(L, -1) == LUA_TFUNCTION else {
        throw ConversionError(
          message:
            "bad value for \(what): action '\(short(title))' needs run = a function (got \(b.typeName(at: -1)))")
      }
      out.append(RowAction(title: title, run: LuaHandler(bridge: b, index: -1)))
    }
    return out
  }
}

extension ItemBinding {
  /// `kind = "…"` in `item:remake{…}`: the kind's name, and the props
  /// without it (a copy left on the stack); nil and the props as they are
  /// when it is not given.
  static func remakeKind(_ c: Call, _ t: Int32) throws(LuaError) -> (String?, Int32) {
    let L = c.L
    guard lua_checkstack(L, 4) != 0 else { throw c.error("Lua stack overflow") }
    c.push("kind")
    lua_rawget(L, t)
    switch lua_type(L, -1) {
    case LUA_TNIL:
      formrun_pop(L, 1)
      return (nil, t)
    case LUA_TSTRING: break
    default:
      let got = c.bridge.typeName(at: -1)
      formrun_pop(L, 1)
      throw c.error("remake: bad value for 'kind' (string expected, got \(got))")
    }
    let kind = c.bridge.state.string(at: -1) ?? ""
    formrun_pop(L, 1)
    lua_createtable(L, 0, 8)
    let copy = lua_absindex(L, -1)
    lua_pushnil(L)
    while lua_next(L, t) != 0 {
      if lua_type(L, -2) == LUA_TSTRING, c.bridge.state.string(at: -2) == "kind" {
        formrun_pop(L, 1)
        continue
      }
      lua_pushvalue(L, -2)
      formrun_insert(L, -2)
      lua_rawset(L, copy)
    }
    return (kind, copy)
  }

  /// A row remade as another kind keeps its value when the new kind reads
  /// the old value's text (and the props give no value); else the message
  /// that says why it was dropped.
  static func carryValue(of item: Item, to fresh: Item, unlessIn t: Int32, _ c: Call) -> String? {
    c.push("value")
    lua_rawget(c.L, t)
    let given = lua_type(c.L, -1) != LUA_TNIL
    formrun_pop(c.L, 1)
    guard !given, item.value != .null, item.kind.hasValue else { return nil }
    let text = item.value.string ?? item.kind.display(item.value, for: item)
    guard fresh.kind.hasValue else {
      return "remake: the value of '\(short(item.label))' was dropped: a \(fresh.kind.name) row holds no value"
    }
    // a secret is never carried into a row that shows its value (nor read by its kind's parse)
    if item.kind.isSecret(item), !fresh.kind.isSecret(fresh) {
      return "remake: the value of '\(short(item.label))' was dropped: it was secret, and the \(fresh.kind.name) row"
        + " would show it (give secure = true to keep it)"
    }
    switch fresh.kind.parse(text, for: fresh) {
    case .value(let v):
      fresh.assign(v)
      return nil
    case .refused(let why):
      return "remake: the value of '\(short(item.label))' was dropped (as a \(fresh.kind.name) row): \(why)"
    }
  }
}

/// The validators of the last list of specs a row was given, and the Lua
/// strings of that list, held in a table of the registry so that they stay
/// alive: Lua keeps one string object for each short text (40 bytes at
/// most), so a list whose entries are those very objects names the same
/// specs, and is known without a Swift string made or hashed.
final class LastValidators {
  private var strings: [UnsafeRawPointer?] = []
  private var made: [any Validator] = []
  private weak var form: Form?
  private var version = 0
  private var anchor: Int32 = LUA_NOREF

  /// How many entries the table at `t` has, when it is a list of 1 to 8 (else nil).
  private static func listCount(_ L: OpaquePointer?, _ t: Int32) -> Int? {
    let n = Int(lua_rawlen(L, t))
    guard n > 0, n <= 8 else { return nil }
    var count = 0
    lua_pushnil(L)
    while lua_next(L, t) != 0 {
      count += 1
      formrun_pop(L, 1)
    }
    return count == n ? n : nil
  }

  /// The string object of the value on top when it is a short (interned) string, else nil.
  private static func shortString(_ L: OpaquePointer?) -> UnsafeRawPointer? {
    var len = 0
    guard lua_type(L, -1) == LUA_TSTRING, lua_tolstring(L, -1, &len) != nil, len <= 40 else { return nil }
    return lua_topointer(L, -1)
  }

  /// The validators of the list at `index` when it holds the same strings as the last one kept for `form`.
  func match(_ b: ObjectBridge, at index: Int32, in form: Form) -> [any Validator]? {
    let L = b.state.L
    guard !strings.isEmpty, self.form === form, version == form.validatorsVersion, lua_type(L, index) == LUA_TTABLE,
      lua_checkstack(L, 3) != 0
    else { return nil }
    let t = lua_absindex(L, index)
    guard Self.listCount(L, t) == strings.count else { return nil }
    for k in 0..<strings.count {
      lua_rawgeti(L, t, lua_Integer(k + 1))
      let same = Self.shortString(L) == strings[k]
      formrun_pop(L, 1)
      guard same else { return nil }
    }
    return made
  }

  /// Keep `validators` as those of the list at `index` (when it is one of short strings).
  func keep(_ b: ObjectBridge, at index: Int32, _ validators: [any Validator], in form: Form) {
    let L = b.state.L
    guard lua_type(L, index) == LUA_TTABLE, lua_checkstack(L, 4) != 0 else { return }
    let t = lua_absindex(L, index)
    guard let n = Self.listCount(L, t) else { return }
    var now: [UnsafeRawPointer?] = []
    for k in 1...n {
      lua_rawgeti(L, t, lua_Integer(k))
      let p = Self.shortString(L)
      formrun_pop(L, 1)
      guard let p else { return }
      now.append(p)
    }
    if anchor == LUA_NOREF {
      formrun_newtable(L)
      anchor = luaL_ref(L, formrun_registryindex())
    }
    // the list's strings, kept alive as long as they are the ones compared
    lua_createtable(L, Int32(n), 0)
    for k in 1...n {
      lua_rawgeti(L, t, lua_Integer(k))
      lua_rawseti(L, -2, lua_Integer(k))
    }
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(anchor))
    formrun_insert(L, -2)
    lua_rawseti(L, -2, 1)
    formrun_pop(L, 1)
    strings = now
    made = validators
    self.form = form
    version = form.validatorsVersion
  }
}
