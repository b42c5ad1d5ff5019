import CLua
import FormCore

/// The global `form`: its properties and methods.
///
/// `on_submit` and `on_cancel` are both: a handler property that reads back
/// the function set (`form.on_submit = fn`), and, while none is set, a setter
/// method (`form:on_submit(fn)`). Once a handler is set, `form.on_submit` is
/// that function, so replace it by assigning the property.
enum FormBinding {
  static let metatable = "formrun.form"

  static let table: ClassTable<Form> = ClassTable(
    name: "form", metatable: metatable, summary: "The form the script builds (the global `form`).",
    properties: [
      Property(
        "title", "string?", "The text above the form.", get: { b, form in b.state.pushOptional(form.title) },
        set: { b, form, i, what throws(ConversionError) in
          switch lua_type(b.state.L, i) {
          case LUA_TNIL: form.title = nil
          case LUA_TSTRING: form.title = b.state.string(at: i)
          default:
            throw ConversionError(message: "bad value for \(what()) (string expected, got \(b.state.typeName(at: i)))")
          }
        }),
      Property(
        "style", "{ border: string?, width: integer?, color: string? }", "How the form is drawn.",
        get: { b, form in b.state.push(StyleTable.value(form.style)) },
        set: { b, form, i, _ throws(ConversionError) in
          form.style = try StyleTable.style(try b.state.value(at: i)).get() ?? Style()
        }),
      .handler("on_submit", \.onSubmit, "fn(values): return false or a message to refuse the submit."),
      .handler("on_cancel", \.onCancel, "fn(): runs when the user cancels."),
      .readOnly("sections", "section[]", "The sections, in order.") { b, form in
        lua_createtable(b.state.L, Int32(form.sections.count), 0)
        for (i, s) in form.sections.enumerated() {
          b.pushSection(s)
          lua_rawseti(b.state.L, -2, lua_Integer(i + 1))
        }
      },
      .readOnly("values", "table", "Every named row's value, by name.") { b, form in b.state.push(.record(form.values))
      },
      .readOnly("errors", "string[]", "The messages of every shown row.") { b, form in b.state.pushStrings(form.errors)
      },
      .readOnly("valid", "boolean", "True when no shown row has a message.") { b, form in
        lua_pushboolean(b.state.L, form.valid ? 1 : 0)
      },
    ] + RowBinding.formProperties + MessageBinding.formProperties,
    methods: [
      Method("section", "(props: table|string?) -> section", "Add a section (a table of properties, or a header).") {
        b, form in
        let section = Section()
        if let e = sectionProps(b, section, at: 2, function: "section") { return e }
        try! form.insertSection(section)  // a new section holds no names yet
        b.pushSection(section)
        return 1
      },
      Method("insert_section", "(index: integer, props: table|string?) -> section", "Add a section at a place.") {
        b, form in
        let L = b.state.L
        guard lua_type(L, 2) == LUA_TNUMBER else {
          return b.state.typeError(1, "insert_section", expected: "number", at: 2)
        }
        let i = Int(lua_tointegerx(L, 2, nil))
        let n = form.sections.count
        guard i >= 1 && i <= n + 1 else {
          return b.state.argError(1, "insert_section", "index \(i) out of range 1 to \(n + 1)")
        }
        let section = Section()
        if let e = sectionProps(b, section, at: 3, function: "insert_section") { return e }
        try! form.insertSection(section, at: i - 1)
        b.pushSection(section)
        return 1
      },
      Method("remove_section", "(section: section|string)", "Take out a section (or the one with that tag).") {
        b, form in
        if let s = b.object(at: 2, metatable: SectionBinding.table.metatable, as: Section.self) {
          form.removeSection(s)
        } else if let tag = b.state.string(at: 2) {
          guard let s = form.findSection(tag: tag) else {
            return b.state.argError(1, "remove_section", "no section tagged '\(tag)'")
          }
          form.removeSection(s)
        } else {
          return b.state.typeError(1, "remove_section", expected: "section or tag", at: 2)
        }
        return 0
      },
      Method("find", "(name: string) -> item?", "The row with this name.", readsOnly: true) { b, form in
        guard let name = b.state.string(at: 2) else { return b.state.typeError(1, "find", expected: "string", at: 2) }
        b.pushItem(form.find(name))
        return 1
      },
      Method("find_section", "(tag: string) -> section?", "The section with this tag.", readsOnly: true) { b, form in
        guard let tag = b.state.string(at: 2) else {
          return b.state.typeError(1, "find_section", expected: "string", at: 2)
        }
        b.pushSection(form.findSection(tag: tag))
        return 1
      },
      Method("set_values", "(values: table)", "Set rows' values by name, as a script does (no on_change).") {
        b, form in
        guard lua_type(b.state.L, 2) == LUA_TTABLE else {
          return b.state.typeError(1, "set_values", expected: "table", at: 2)
        }
        let values: Value
        do throws(ConversionError) { values = try b.state.value(at: 2) } catch { return b.state.raise(error.message) }
        guard case .record(let fields) = values else {
          if values == .list([]) { return 0 }
          return b.state.argError(1, "set_values", "a table of name = value expected")
        }
        for f in fields {
          guard let item = form.find(f.key) else {
            var message = "set_values: no item named '\(f.key)'"
            if let s = suggestion(for: f.key, among: form.names) { message += " (did you mean '\(s)'?)" }
            return b.state.raise(message)
          }
          switch item.kind.accept(f.value, for: item) {
          case .value(let v): item.assign(v)
          case .refused(let reason): return b.state.raise("set_values: bad value for '\(f.key)': \(reason)")
          }
        }
        return 0
      },
      Method("validator", "(name: string, fn: function)", "Name a validator: fn(value, item) returns a message or nil.")
      {
        b, form in
        let L = b.state.L
        guard let name = b.state.string(at: 2) else {
          return b.state.typeError(1, "validator", expected: "string", at: 2)
        }
        guard lua_type(L, 3) == LUA_TFUNCTION else {
          return b.state.typeError(2, "validator", expected: "function", at: 3)
        }
        guard !Validators.builtInNames.contains(name) else {
          return b.state.argError(1, "validator", "'\(name)' is a built-in validator; choose another name")
        }
        form.namedValidators[name] = LuaHandler(bridge: b, index: 3)
        return 0
      },
      Method("kind", "(name: string, { parse: function?, format: function? })", "Add a kind of row.") { b, form in
        let L = b.state.L
        guard let name = b.state.string(at: 2) else { return b.state.typeError(1, "kind", expected: "string", at: 2) }
        guard lua_type(L, 3) == LUA_TTABLE else { return b.state.typeError(2, "kind", expected: "table", at: 3) }
        guard Kinds.builtIn[name] == nil, !name.isEmpty, !SectionBinding.reservedNames.contains(name) else {
          return b.state.argError(1, "kind", "'\(name)' is taken; choose another kind name")
        }
        var handlers: [String: Handler] = [:]
        for key in ["parse", "format"] {
          b.state.push(key)
          lua_rawget(L, 3)
          defer { formrun_pop(L, 1) }
          switch b.handler(at: -1, for: key) {
          case .success(let h): handlers[key] = h
          case .failure(let e): return b.state.raise("form:kind '\(name)': \(e.message)")
          }
        }
        let kind = CustomKind(name: name, parse: handlers["parse"], format: handlers["format"])
        form.kinds[name] = { kind }
        return 0
      },
      Method("on_submit", "(fn: function?)", "Set the submit handler (while none is set; see the property).") {
        b, form in setHandler(b, form, "on_submit", \.onSubmit)
      },
      Method("on_cancel", "(fn: function?)", "Set the cancel handler (while none is set; see the property).") {
        b, form in setHandler(b, form, "on_cancel", \.onCancel)
      },
      Method("reload", "()", "Run the script again on a fresh form.") { _, form in
        form.reload()
        return 0
      },
    ] + RowBinding.formMethods + RemakeBinding.formMethods + SchemaBinding.formMethods,
    subject: { _, key in "form '\(key)'" },
    owner: { _ in "the form" },
    describe: { form in "<form" + (form.title.map { " \"\($0)\"" } ?? "") + " (\(form.sections.count) sections)>" },
    extra: RowBinding.formKinds,
    sample: { Form() })

  /// `form:on_submit(fn)` and `form:on_cancel(fn)`.
  static func setHandler(
    _ b: ObjectBridge, _ form: Form, _ name: String, _ slot: ReferenceWritableKeyPath<Form, Handler?>
  ) -> Int32 {
    switch b.handler(at: 2, for: name) {
    case .success(let h): form[keyPath: slot] = h
    case .failure(let e): return b.state.raise(e.message)
    }
    return 0
  }

  /// The properties of a new section: a table, a header, or none.
  static func sectionProps(_ b: ObjectBridge, _ section: Section, at index: Int32, function: String) -> Int32? {
    switch lua_type(b.state.L, index) {
    case LUA_TNONE, LUA_TNIL: return nil
    case LUA_TSTRING: section.header = b.state.string(at: index)
    case LUA_TTABLE:
      if let e = SectionBinding.table.setAll(of: section, from: index, b) { return b.state.raise(e) }
    default: return b.state.typeError(index == 2 ? 1 : 2, function, expected: "table or string", at: index)
    }
    return nil
  }
}
