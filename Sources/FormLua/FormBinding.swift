import CLua
import FormCore

/// The global `form`: its props and the methods of Docs/reference.md's *Form* tables.
enum FormBinding: Binding {
  static let metatable = "formrun.form"
  static let props = ["title", "sections", "values", "errors", "valid", "style"]

  /// `form:on_submit(fn)` and `form.on_submit = fn` (and on_cancel) alike.
  static func setHandler(
    _ rt: LuaRuntime, _ name: String, _ slot: ReferenceWritableKeyPath<Form, Handler?>, valueAt index: Int32
  ) -> Int32 {
    guard let form = this(rt) else { return rt.typeError(1, name, expected: "form", at: 1) }
    switch rt.handler(at: index, for: name) {
    case .success(let h): form[keyPath: slot] = h
    case .failure(let e): return rt.raise(e.message)
    }
    return 0
  }

  /// The form a method was called on (`form:find(...)`: argument 1).
  static func this(_ rt: LuaRuntime) -> Form? { rt.object(at: 1, metatable: metatable, as: Form.self) }

  static let methods: [(String, formrun_hostfn)] = [
    (
      "section",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "section", expected: "form", at: 1) }
        let section = Section()
        switch lua_type(L, 2) {
        case LUA_TNONE, LUA_TNIL: break
        case LUA_TSTRING: section.header = rt.string(at: 2)
        case LUA_TTABLE: if let e = rt.setProperties(of: section, from: 2) { return rt.raise(e) }
        default: return rt.typeError(1, "section", expected: "table or string", at: 2)
        }
        try! form.insertSection(section)  // a new section holds no names yet
        rt.pushSection(section)
        return 1
      }
    ),
    (
      "insert_section",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "insert_section", expected: "form", at: 1) }
        guard lua_type(L, 2) == LUA_TNUMBER else { return rt.typeError(1, "insert_section", expected: "number", at: 2) }
        let i = Int(lua_tointegerx(L, 2, nil))
        let n = form.sections.count
        guard i >= 1 && i <= n + 1 else {
          return rt.argError(1, "insert_section", "index \(i) out of range 1 to \(n + 1)")
        }
        let section = Section()
        switch lua_type(L, 3) {
        case LUA_TNONE, LUA_TNIL: break
        case LUA_TSTRING: section.header = rt.string(at: 3)
        case LUA_TTABLE: if let e = rt.setProperties(of: section, from: 3) { return rt.raise(e) }
        default: return rt.typeError(2, "insert_section", expected: "table or string", at: 3)
        }
        try! form.insertSection(section, at: i - 1)
        rt.pushSection(section)
        return 1
      }
    ),
    (
      "remove_section",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "remove_section", expected: "form", at: 1) }
        if let s = rt.object(at: 2, metatable: SectionBinding.metatable, as: Section.self) {
          form.removeSection(s)
        } else if let tag = rt.string(at: 2) {
          guard let s = form.findSection(tag: tag) else {
            return rt.argError(1, "remove_section", "no section tagged '\(tag)'")
          }
          form.removeSection(s)
        } else {
          return rt.typeError(1, "remove_section", expected: "section or tag", at: 2)
        }
        return 0
      }
    ),
    (
      "find",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "find", expected: "form", at: 1) }
        guard let name = rt.string(at: 2) else { return rt.typeError(1, "find", expected: "string", at: 2) }
        rt.pushItem(form.find(name))
        return 1
      }
    ),
    (
      "find_section",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "find_section", expected: "form", at: 1) }
        guard let tag = rt.string(at: 2) else { return rt.typeError(1, "find_section", expected: "string", at: 2) }
        rt.pushSection(form.findSection(tag: tag))
        return 1
      }
    ),
    (
      "set_values",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "set_values", expected: "form", at: 1) }
        guard lua_type(L, 2) == LUA_TTABLE else { return rt.typeError(1, "set_values", expected: "table", at: 2) }
        let values: Value
        do throws(LuaRuntime.ConversionError) { values = try rt.value(at: 2) } catch { return rt.raise(error.message) }
        guard case .record(let fields) = values else {
          if values == .list([]) { return 0 }
          return rt.argError(1, "set_values", "a table of name = value expected")
        }
        for f in fields {
          guard let item = form.find(f.key) else {
            var message = "set_values: no item named '\(f.key)'"
            if let s = suggestion(for: f.key, among: form.names) { message += " (did you mean '\(s)'?)" }
            return rt.raise(message)
          }
          switch item.kind.accept(f.value, for: item) {
          case .value(let v): item.assign(v)
          case .refused(let reason): return rt.raise("set_values: bad value for '\(f.key)': \(reason)")
          }
        }
        return 0
      }
    ),
    (
      "validator",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "validator", expected: "form", at: 1) }
        guard let name = rt.string(at: 2) else { return rt.typeError(1, "validator", expected: "string", at: 2) }
        guard lua_type(L, 3) == LUA_TFUNCTION else { return rt.typeError(2, "validator", expected: "function", at: 3) }
        guard !Validators.builtInNames.contains(name) else {
          return rt.argError(1, "validator", "'\(name)' is a built-in validator; choose another name")
        }
        form.namedValidators[name] = LuaHandler(runtime: rt, index: 3)
        return 0
      }
    ),
    (
      "kind",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "kind", expected: "form", at: 1) }
        guard let name = rt.string(at: 2) else { return rt.typeError(1, "kind", expected: "string", at: 2) }
        guard lua_type(L, 3) == LUA_TTABLE else { return rt.typeError(2, "kind", expected: "table", at: 3) }
        guard Kinds.builtIn[name] == nil, !name.isEmpty, SectionBinding.methods.allSatisfy({ $0.0 != name }),
          !SectionBinding.props.contains(name), !["items", "errors", "index"].contains(name)
        else { return rt.argError(1, "kind", "'\(name)' is taken; choose another kind name") }
        var handlers: [String: Handler] = [:]
        for key in ["parse", "format"] {
          rt.push(key)
          lua_rawget(L, 3)
          defer { formrun_pop(L, 1) }
          switch rt.handler(at: -1, for: key) {
          case .success(let h): handlers[key] = h
          case .failure(let e): return rt.raise("form:kind '\(name)': \(e.message)")
          }
        }
        let kind = CustomKind(name: name, parse: handlers["parse"], format: handlers["format"])
        form.kinds[name] = { kind }
        return 0
      }
    ),
    (
      "on_submit",
      { L in setHandler(LuaRuntime.from(L), "on_submit", \.onSubmit, valueAt: 2) }
    ),
    (
      "on_cancel",
      { L in setHandler(LuaRuntime.from(L), "on_cancel", \.onCancel, valueAt: 2) }
    ),
    (
      "reload",
      { L in
        let rt = LuaRuntime.from(L)
        guard let form = this(rt) else { return rt.typeError(1, "reload", expected: "form", at: 1) }
        form.reload()
        return 0
      }
    ),
  ]

  static let index: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let key = rt.string(at: 2) else {
      lua_pushnil(L)
      return 1
    }
    guard let form = this(rt) else {
      lua_pushnil(L)
      return 1
    }
    switch key {
    case "title": rt.pushOptional(form.title)
    case "sections":
      lua_createtable(L, Int32(form.sections.count), 0)
      for (i, s) in form.sections.enumerated() {
        rt.pushSection(s)
        lua_rawseti(L, -2, lua_Integer(i + 1))
      }
    case "values": rt.push(.record(form.values))
    case "errors": rt.pushStrings(form.errors)
    case "valid": lua_pushboolean(L, form.valid ? 1 : 0)
    case "style": rt.push(StyleTable.value(form.style))
    default: if !rt.pushMethod(key, of: FormBinding.self) { lua_pushnil(L) }
    }
    return 1
  }

  static let newIndex: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let form = this(rt) else { return 0 }
    guard let key = rt.string(at: 2) else { return rt.raise("form properties are named by strings") }
    switch key {
    case "title":
      switch lua_type(L, 3) {
      case LUA_TNIL: form.title = nil
      case LUA_TSTRING: form.title = rt.string(at: 3)
      default: return rt.raise("bad value for form 'title' (string expected, got \(rt.typeName(at: 3)))")
      }
    case "style":
      do throws(LuaRuntime.ConversionError) {
        switch StyleTable.style(try rt.value(at: 3)) {
        case .success(let s): form.style = s ?? Style()
        case .failure(let e): return rt.raise(e.message)
        }
      } catch { return rt.raise(error.message) }
    case "on_submit": return setHandler(rt, key, \.onSubmit, valueAt: 3)
    case "on_cancel": return setHandler(rt, key, \.onCancel, valueAt: 3)
    case "sections", "values", "errors", "valid": return rt.raise("form '\(key)' is read-only")
    default:
      var message = "unknown property '\(key)' of the form"
      if let s = suggestion(for: key, among: props + methods.map(\.0)) { message += " (did you mean '\(s)'?)" }
      return rt.raise(message)
    }
    return 0
  }

  static let toString: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let form = this(rt) else { return 0 }
    rt.push("<form" + (form.title.map { " \"\($0)\"" } ?? "") + " (\(form.sections.count) sections)>")
    return 1
  }
}
