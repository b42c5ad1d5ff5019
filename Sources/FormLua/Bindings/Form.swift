import CLua
import FormCore

/// The global `form` in Lua, all of it: its properties, the form-wide hooks,
/// messages and locale, and the methods that make, find, move and remove
/// sections, register validators and kinds, and make rows without a section.
///
/// `on_submit`, `on_cancel`, `on_change` and `on_select` are both: a
/// handler property that reads back the function set (`form.on_submit =
/// fn`; nil while unset), and a setter method (`form:on_submit(fn)`, which
/// replaces a handler set before). The class table tells the call from the
/// read (`ClassTable.twin`).
enum FormBinding {
  static let metatable = "formrun.form"

  static let table: ClassTable<Form> = ClassTable(
    name: "form", metatable: metatable, summary: "The form the script builds (the global `form`).",
    properties: [
      .text("title", { $0.title }, { $0.title = $1 }, "The text above the form (a number is taken as its text)."),
      Property(
        "style", .formStyle, "How the form is drawn.",
        get: { $0.style }, set: { $0.style = $1 }),
      Property(
        "theme", .theme,
        "The form's theme: a built-in one's name, or a table of roles over one; --theme and FORMRUN_THEME win over it.",
        get: { $0.theme }, set: { $0.theme = $1 }),
      .handler(
        "on_submit", { $0.onSubmit }, { $0.onSubmit = $1 },
        "fn(values): return false or a message to refuse the submit."),
      .handler("on_cancel", { $0.onCancel }, { $0.onCancel = $1 }, "fn(): runs when the user cancels."),
      .flag(
        "pages", { $0.pages }, { $0.pages = $1 },
        "True: every section is a page; the walk and the screen show one page at a time, then a summary."),
      Property(
        "sections", "section[]",
        "The sections, in order; assign a list of the form's sections to reorder them (those left out are removed).",
        get: { b, form in
          lua_createtable(b.state.L, Int32(clamping: form.sections.count), 0)
          for (i, s) in form.sections.enumerated() {
            b.pushSection(s)
            lua_rawseti(b.state.L, -2, lua_Integer(i + 1))
          }
        },
        set: { b, form, i, subject throws(ConversionError) in
          try assignSections(form, from: i, b, subject())
        }),
      .readOnly("values", "table", "Every named row's value, by name.") { b, form in b.state.push(.record(form.values))
      },
      .readOnly("errors", "string[]", "The messages of every shown row.") { b, form in b.state.pushStrings(form.errors)
      },
      .readOnly("valid", "boolean", "True when no shown row has a message.") { b, form in
        lua_pushboolean(b.state.L, form.valid ? 1 : 0)
      },
      .handler(
        "on_change", { $0.onChange }, { $0.onChange = $1 }, "fn(item, old): runs after any row's own on_change."),
      .handler("on_select", { $0.onSelect }, { $0.onSelect = $1 }, "fn(item): runs after any row's own on_select."),
      .handler(
        "on_moved", { $0.onMoved }, { $0.onMoved = $1 },
        "fn(item, from, to): runs after any row's own on_moved (the user moved a row)."),
      .handler(
        "on_page", { $0.onPage }, { $0.onPage = $1 },
        "fn(form, from, to): the walk or the screen went from page `from` to page `to` (0: the summary)."),
      Property(
        "messages", .messages,
        "Validator name → message for every row (`%s` = the row's error label or title; a row's own win), and"
          + " a catalogue key (`submit.cannot`) → its phrase in your words (a string, or `{ one = …, other = … }`).",
        get: { FormMessages(validators: $0.customMessages, phrases: $0.phraseOverrides) },
        set: { form, messages throws(OptionError) in
          // the model checks each key and its placeholders: one check, its error the script's
          do throws(CatalogueError) { try form.setPhraseOverrides(messages.phrases) } catch {
            throw OptionError(error.description)
          }
          form.customMessages = messages.validators
        }),
      Property(
        "locale", .locale,
        "The language formrun speaks (`\"de\"`; shipped: en, de), or `{ language = \"de\", months = {…12},"
          + " days = {…7} }` (months January first, days Sunday first; each part optional).",
        get: { LocaleChoice(language: $0.catalogue.language, months: $0.dateNames.months, days: $0.dateNames.days) },
        set: { form, choice throws(OptionError) in
          do throws(CatalogueError) {
            try form.setLocale(choice.language, months: choice.months, days: choice.days)
          } catch { throw OptionError(error.description) }
        }),
    ],
    methods: [
      Method(
        "section", "(props: table|string|section?) -> section",
        "Add a section (a table of properties, a header, or a section taken out of the form)."
      ) { c, form throws(LuaError) in
        let section = try sectionArgument(c, at: 2, for: form)
        try insert(section, into: form, at: nil)
        c.bridge.pushSection(section)
        return 1
      },
      Method(
        "insert_section", "(index: integer, props: table|string|section?) -> section",
        "Add a section at a place (a new one, or one taken out of the form)."
      ) { c, form throws(LuaError) in
        let index = try c.index(2, to: form.sections.count + 1)
        let section = try sectionArgument(c, at: 3, for: form)
        try insert(section, into: form, at: index - 1)
        c.bridge.pushSection(section)
        return 1
      },
      Method(
        "replace_section", "(index: integer, props: table|string|section) -> section",
        "Put a section (new, or taken out of the form) in place of the one at `index`, which is taken out."
      ) { c, form throws(LuaError) in
        let index = try c.index(2, to: form.sections.count)
        if c.isNone(3) { throw c.typeError(3, expected: "table, string or section") }
        let section = try sectionArgument(c, at: 3, for: form)
        // the props may have run the script's code: look again
        guard form.sections.indices.contains(index - 1) else {
          throw c.argError(2, "index \(index) out of range 1 to \(form.sections.count)")
        }
        let old = form.sections[index - 1]
        form.removeSection(old)
        do throws(LuaError) { try insert(section, into: form, at: index - 1) } catch {
          // a name the new section's rows share with another row: the old one stays
          try? insert(old, into: form, at: index - 1)
          throw error
        }
        c.bridge.pushSection(section)
        return 1
      },
      Method("exchange_sections", "(i: integer, j: integer)", "Swap the sections at 1-based `i` and `j`.") {
        c, form throws(LuaError) in
        let n = form.sections.count
        let i = try c.index(2, to: n) - 1
        let j = try c.index(3, to: n) - 1
        let (a, b) = (min(i, j), max(i, j))
        if a != b {
          form.moveSection(from: a, to: b)
          form.moveSection(from: b - 1, to: a)
        }
        return 0
      },
      Method(
        "sort_sections", "(less: function)",
        "Order the sections by `less(a, b)` (true when `a` goes before `b`), as `table.sort`; equal ones keep their order."
      ) { c, form throws(LuaError) in
        let less = try c.function(2)
        var failure: String?
        let sorted = mergeSorted(form.sections) { a, b in
          guard failure == nil else { return false }
          switch less.invoke([.section(a), .section(b)]) {
          case .returned(let values):
            switch values.first ?? .null {
            case .null, .bool(false): return false
            default: return true
            }
          case .failed(let message):
            failure = message
            return false
          }
        }
        if let failure { throw c.error("sort_sections: \(failure)") }
        // the function may have changed the form: order those still in it
        let order = sorted.filter { $0.form === form }
        for (target, section) in order.enumerated() {
          if let from = form.sections.firstIndex(where: { $0 === section }), from != target {
            form.moveSection(from: from, to: target)
          }
        }
        return 0
      },
      Method("remove_section", "(section: section|string)", "Take out a section (or the one with that tag).") {
        c, form throws(LuaError) in
        if let s = c.object(2, SectionBinding.table) {
          form.removeSection(s)
        } else if lua_type(c.L, 2) == LUA_TSTRING {
          let tag = try c.string(2)
          guard let s = form.findSection(tag: tag) else { throw c.argError(2, "no section tagged '\(short(tag))'") }
          form.removeSection(s)
        } else {
          throw c.typeError(2, expected: "section or tag")
        }
        return 0
      },
      Method("move_section", "(from: integer, to: integer)", "Move the section at 1-based `from` to `to`.") {
        c, form throws(LuaError) in
        let n = form.sections.count
        let from = try c.index(2, to: n)
        let to = try c.index(3, to: n)
        form.moveSection(from: from - 1, to: to - 1)
        return 0
      },
      Method("clear", "()", "Remove every section.") { _, form in
        form.clear()
        return 0
      },
      Method("find", "(name: string) -> item?", "The row with this name.", readsOnly: true) {
        c, form throws(LuaError) in
        c.bridge.pushItem(form.find(try c.string(2)))
        return 1
      },
      Method("find_section", "(tag: string) -> section?", "The section with this tag.", readsOnly: true) {
        c, form throws(LuaError) in
        c.bridge.pushSection(form.findSection(tag: try c.string(2)))
        return 1
      },
      Method("set_values", "(values: table)", "Set rows' values by name, as a script does (no on_change).") {
        c, form throws(LuaError) in
        _ = try c.table(2)
        let values = try c.value(2)
        if Limits.bytes(of: values, limit: Limits.optionBytes) > Limits.optionBytes {
          throw c.argError(2, "too large (more than \(Limits.optionBytes) bytes of text)")
        }
        guard case .record(let fields) = values else {
          if values == .list([]) { return 0 }
          throw c.argError(2, "a table of name = value expected")
        }
        for f in fields {
          guard let item = form.find(f.key) else {
            var message = "set_values: no item named '\(short(f.key))'"
            if let s = suggestion(for: f.key, among: form.names) { message += " (did you mean '\(s)'?)" }
            throw c.error(message)
          }
          if Limits.bytes(of: f.value, limit: Limits.valueBytes) > Limits.valueBytes {
            throw c.error("set_values: bad value for '\(short(f.key))': \(ItemBinding.valueTooLarge)")
          }
          switch item.kind.accept(f.value, for: item) {
          case .value(let v): item.assign(v)
          case .refused(let reason): throw c.error("set_values: bad value for '\(short(f.key))': \(reason)")
          }
        }
        return 0
      },
      Method("validator", "(name: string, fn: function)", "Name a validator: fn(value, item) returns a message or nil.")
      { c, form throws(LuaError) in
        let name = try c.text(2)
        let fn = try c.function(3)
        guard !Validators.builtInNames.contains(name) else {
          throw c.argError(2, "'\(short(name))' is a built-in validator; choose another name")
        }
        form.namedValidators[name] = fn
        return 0
      },
      Method(
        "kind",
        "(name: string, { parse: function?, format: function?, hint: string?, options: table?, speak: function? })",
        "Add a kind of row: how it reads, shows and says its value, what its editor asks, and its own options."
      ) { c, form throws(LuaError) in
        let name = try c.text(2)
        let spec = try c.table(3)
        guard Kinds.builtIn[name] == nil, !name.isEmpty, !SectionBinding.reservedNames.contains(name) else {
          throw c.argError(2, "'\(short(name))' is taken; choose another kind name")
        }
        form.kinds[name] = try customKind(name, spec: spec, c)
        return 0
      },
      handlerSetter(
        "on_submit", { $0.onSubmit = $1 },
        "Set or replace the submit handler (nil: none), as assigning the property does."),
      handlerSetter(
        "on_cancel", { $0.onCancel = $1 },
        "Set or replace the cancel handler (nil: none), as assigning the property does."),
      handlerSetter(
        "on_change", { $0.onChange = $1 },
        "Set or replace the form-wide change hook (nil: none), as assigning the property does."),
      handlerSetter(
        "on_select", { $0.onSelect = $1 },
        "Set or replace the form-wide selection hook (nil: none), as assigning the property does."),
      Method("reload", "()", "Call every section's on_update, then redraw.") { _, form in
        form.reload()
        return 0
      },
    ] + BandBinding.formMethods + SchemaMethod.formMethods,
    phrase: { _ in "the form" },
    describe: { form in "<form" + (form.title.map { " \"\($0)\"" } ?? "") + " (\(form.sections.count) sections)>" },
    // `form:KIND{props}`: a row in the form's section for rows without one
    dynamic: KindMaker.members(kinds: { (form: Form) in form.kinds }, into: .looseRows),
    sample: { Form() })

  /// `form:on_submit(fn)` and the other setter methods of handler properties.
  static func handlerSetter(
    _ name: String, _ set: @escaping (Form, Handler?) -> Void, _ summary: String
  ) -> Method<Form> {
    Method(name, "(fn: function?)", summary) { c, form throws(LuaError) in
      set(form, try c.optionalFunction(2))
      return 0
    }
  }

  /// The section an argument gives: a section taken out of a form (to put
  /// back), or a new one with the props there (a table, a header or none).
  static func sectionArgument(_ c: Call, at index: Int32, for form: Form) throws(LuaError) -> Section {
    if let section = c.object(index, SectionBinding.table) {
      if section.form === form {
        throw c.argError(
          index,
          "\(SectionBinding.phrase(section)) is already in the form (move it with move_section or exchange_sections)")
      }
      if section.form != nil { throw c.argError(index, "\(SectionBinding.phrase(section)) is in another form") }
      return section
    }
    let section = Section()
    try SectionBinding.props(c, section, at: index, in: form)
    return section
  }

  /// A stable merge sort by `less`, which may be inconsistent (a script's function).
  static func mergeSorted(_ list: [Section], by less: (Section, Section) -> Bool) -> [Section] {
    guard list.count > 1 else { return list }
    let left = mergeSorted(Array(list[..<(list.count / 2)]), by: less)
    let right = mergeSorted(Array(list[(list.count / 2)...]), by: less)
    var out: [Section] = []
    out.reserveCapacity(list.count)
    var (i, j) = (0, 0)
    while i < left.count, j < right.count {
      if less(right[j], left[i]) {
        out.append(right[j])
        j += 1
      } else {
        out.append(left[i])
        i += 1
      }
    }
    return out + left[i...] + right[j...]
  }

  static func insert(_ section: Section, into form: Form, at index: Int?) throws(LuaError) {
    guard form.sections.count < Limits.sections else {
      throw LuaError("the form already holds \(form.sections.count) sections (at most \(Limits.sections))")
    }
    // a section put back brings its rows
    guard form.rowTotal + section.items.count <= Limits.rows else {
      throw LuaError("the form already holds \(form.rowTotal) rows (at most \(Limits.rows))")
    }
    do throws(FormError) { try form.insertSection(section, at: index) } catch { throw LuaError(error.description) }
  }
}

/// `form.messages` as a script gives it: validator names and catalogue keys.
struct FormMessages {
  var validators: [String: String]
  var phrases: [String: PhraseText]
}

/// `form.locale` as a script gives it.
struct LocaleChoice {
  var language: String?
  var months: [String]?
  var days: [String]?
}

extension OptionCodec where T == FormMessages {
  /// `{ required = "…", ["submit.cannot"] = "…" | { one = "…", other = "…" } }`: a key with a dot is a
  /// catalogue key, checked (known, its placeholders named); another is a validator's name.
  static var messages: Self {
    let plain = OptionCodec<[String: String]>.strings(of: "validator name = message", value: "message")
    return Self(
      type: "table<string, string|{ one: string?, other: string }>",
      decode: { v, key throws(OptionError) in
        if v.isNull || v == .list([]) { return FormMessages(validators: [:], phrases: [:]) }
        guard case .record(let fields) = v else {
          throw OptionError("a table of validator name or message key = message expected (got \(v.luaType))")
        }
        var validators: [Value.Field] = []
        var phrases: [String: PhraseText] = [:]
        for f in fields {
          guard f.key.contains(".") else {
            validators.append(f)
            continue
          }
          let text: PhraseText
          switch f.value {
          case .string(let s): text = PhraseText(s)
          case .record(let parts)
          where parts.allSatisfy({ ["one", "other"].contains($0.key) && $0.value.string != nil })
            && parts.contains(where: { $0.key == "other" }):
            text = PhraseText(
              parts.first { $0.key == "other" }!.value.string!, one: parts.first { $0.key == "one" }?.value.string)
          default:
            throw OptionError(
              "the message for '\(short(f.key))' must be a string or { one = \"…\", other = \"…\" } (got \(f.value.luaType))"
            )
          }
          if let why = Limits.tooLong(text.text) ?? text.one.flatMap(Limits.tooLong) {
            throw OptionError("the message for '\(short(f.key))' is \(why)")
          }
          // the key and the phrase's placeholders are checked by the form as it takes them
          phrases[f.key] = text
        }
        return FormMessages(validators: try plain.decode(.record(validators), key), phrases: phrases)
      },
      encode: { m in
        var fields = m.validators.keys.sorted().map { Value.Field($0, .string(m.validators[$0] ?? "")) }
        for key in m.phrases.keys.sorted() {
          let p = m.phrases[key]!
          fields.append(
            .init(
              key,
              p.one.map { .record([.init("one", .string($0)), .init("other", .string(p.text))]) } ?? .string(p.text)))
        }
        return .record(fields)
      })
  }
}

extension OptionCodec where T == LocaleChoice {
  /// `"de"`, or `{ language = "de", months = {…12}, days = {…7} }` (each part optional); nil is English.
  static var locale: Self {
    Self(
      type: "string|{ language: string?, months: string[]?, days: string[]? }",
      decode: { v, _ throws(OptionError) in
        // the language is checked by the form as it takes it
        if v.isNull || v == .list([]) { return LocaleChoice(language: "en") }
        if let s = v.string { return LocaleChoice(language: s) }
        guard case .record(let fields) = v else {
          throw OptionError("a locale name or a table { language = …, months = {…}, days = {…} } expected")
        }
        var choice = LocaleChoice()
        for f in fields {
          let count: Int
          switch f.key {
          case "language":
            guard let s = f.value.string else { throw OptionError("'language' must be a string like \"de\"") }
            choice.language = s
            continue
          case "months": count = 12
          case "days": count = 7
          default: throw OptionError("unknown field '\(short(f.key))' (expected language, months or days)")
          }
          guard let list = f.value.list, list.count == count,
            case let strings = list.compactMap(\.string), strings.count == count,
            strings.allSatisfy({ !$0.trimmingSpaces.isEmpty && $0.utf8.count <= Limits.textBytes })
          else {
            throw OptionError(
              "'\(f.key)' must list \(count) names" + (f.key == "days" ? " (Sunday first)" : " (January first)")
                + " of at most \(Limits.textBytes) bytes")
          }
          if f.key == "months" { choice.months = strings } else { choice.days = strings }
        }
        // a table without a language is the names over English (as before a language could be named)
        if choice.language == nil { choice.language = "en" }
        return choice
      },
      encode: { c in
        .record([
          .init("language", .string(c.language ?? "en")),
          .init("months", .list((c.months ?? []).map { .string($0) })),
          .init("days", .list((c.days ?? []).map { .string($0) })),
        ])
      })
  }
}

extension FormBinding {
  /// The fields of `form:kind(name, spec)`.
  static let kindFields = ["format", "hint", "options", "parse", "speak"]

  /// The kind `spec` (the table at that index) describes; a field that is
  /// not one, or of the wrong type, is an error naming it.
  static func customKind(_ name: String, spec: Int32, _ c: Call) throws(LuaError) -> CustomKind {
    let L = c.L
    let kind = "kind '\(short(name))'"
    guard lua_checkstack(L, 4) != 0 else { throw c.error("Lua stack overflow") }
    lua_pushnil(L)
    while lua_next(L, spec) != 0 {
      formrun_pop(L, 1)
      let key = lua_type(L, -1) == LUA_TSTRING ? c.bridge.state.string(at: -1) ?? "" : ""
      if !kindFields.contains(key) {
        formrun_pop(L, 1)
        let hint = suggestion(for: key, among: kindFields).map { " (did you mean '\($0)'?)" } ?? ""
        throw c.error(
          "form:kind: \(kind) has no field '\(short(key))'\(hint); fields: \(kindFields.joined(separator: ", "))")
      }
    }
    func field(_ key: String) {
      c.push(key)
      lua_rawget(L, spec)
    }
    var handlers: [String: Handler] = [:]
    for key in ["parse", "format", "speak"] {
      field(key)
      defer { formrun_pop(L, 1) }
      do throws(ConversionError) {
        handlers[key] = try c.bridge.handler(at: -1, for: { "'\(key)' of \(kind)" })
      } catch { throw c.error("form:kind: " + error.message) }
    }
    field("hint")
    let hint: String?
    switch lua_type(L, -1) {
    case LUA_TNIL: hint = nil
    case LUA_TSTRING: hint = c.bridge.state.string(at: -1)
    default:
      let got = c.bridge.typeName(at: -1)
      formrun_pop(L, 1)
      throw c.error("form:kind: bad value for 'hint' of \(kind) (string expected, got \(got))")
    }
    formrun_pop(L, 1)
    if let hint, let why = Limits.tooLong(hint) { throw c.error("form:kind: 'hint' of \(kind) is \(why)") }
    field("options")
    defer { formrun_pop(L, 1) }
    var options: [CustomOption] = []
    switch lua_type(L, -1) {
    case LUA_TNIL: break
    case LUA_TTABLE:
      let t = lua_absindex(L, -1)
      let reserved = Set(ItemBinding.table.properties.map(\.name) + ItemBinding.table.methodNames + ["options"])
      let types = CustomOptionType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      lua_pushnil(L)
      while lua_next(L, t) != 0 {
        defer { formrun_pop(L, 1) }
        guard lua_type(L, -2) == LUA_TSTRING, let key = c.bridge.state.string(at: -2),
          key.wholeMatch(of: #/[a-z_][a-z0-9_]*/#) != nil
        else {
          throw c.error("form:kind: the options of \(kind) are named by lower-case names, as { max = \"number\" }")
        }
        guard !reserved.contains(key) else {
          throw c.error("form:kind: '\(key)' is a property of every item; \(kind) cannot take it as an option")
        }
        guard lua_type(L, -1) == LUA_TSTRING, let typeName = c.bridge.state.string(at: -1),
          let type = CustomOptionType(rawValue: typeName)
        else {
          throw c.error("form:kind: option '\(key)' of \(kind) needs a type: one of \(types)")
        }
        options.append(CustomOption(key: key, type: type))
      }
    default:
      throw c.error(
        "form:kind: bad value for 'options' of \(kind) (table of name = type expected, got \(c.bridge.typeName(at: -1)))"
      )
    }
    return CustomKind(
      name: name, parse: handlers["parse"], format: handlers["format"], hint: hint, speak: handlers["speak"],
      options: options)
  }
}

extension FormBinding {
  /// `form.sections = { b, a }`: the form's own sections, each once, in the
  /// new order; sections left out are removed (as `remove_section`).
  static func assignSections(_ form: Form, from index: Int32, _ b: ObjectBridge, _ what: String) throws(ConversionError)
  {
    let L = b.state.L
    guard lua_type(L, index) == LUA_TTABLE else {
      throw ConversionError(message: "bad value for \(what) (table of sections expected, got \(b.typeName(at: index)))")
    }
    let t = lua_absindex(L, index)
    guard lua_checkstack(L, 2) != 0 else { throw ConversionError(message: "Lua stack overflow") }
    let n = Int(lua_rawlen(L, t))
    var order: [Section] = []
    for k in 1...max(n, 1) where n > 0 {
      lua_rawgeti(L, t, lua_Integer(k))
      defer { formrun_pop(L, 1) }
      guard let section = SectionBinding.table.this(b, at: -1) else {
        throw ConversionError(message: "bad value for \(what): entry \(k) is not a section (got \(b.typeName(at: -1)))")
      }
      guard section.form === form else {
        throw ConversionError(
          message: "bad value for \(what): entry \(k), \(SectionBinding.phrase(section)), is not a section of this form"
        )
      }
      guard !order.contains(where: { $0 === section }) else {
        throw ConversionError(message: "bad value for \(what): \(SectionBinding.phrase(section)) is listed twice")
      }
      order.append(section)
    }
    for section in form.sections where !order.contains(where: { $0 === section }) { form.removeSection(section) }
    for (target, section) in order.enumerated() {
      if let from = form.sections.firstIndex(where: { $0 === section }), from != target {
        form.moveSection(from: from, to: target)
      }
    }
  }
}
