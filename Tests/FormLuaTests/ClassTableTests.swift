import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession

/// The class tables of the bound Lua types: everything a script sees of the
/// form, a section or an item comes from one table per type, so these tests
/// walk the tables rather than list names again.
struct ClassTableTests {
  /// A Lua expression for an object of each bound type (an item of `kind`).
  static func object(_ cls: String, kind: String = "text") -> String {
    switch cls {
    case "form": return "form"
    case "section": return "form.sections[1]"
    default: return "form:find('x_\(kind)')"
    }
  }

  /// A form with one section holding one item of every built-in kind.
  static let script =
    "local s = form:section{ header = 'S' }\n"
    + Kinds.builtIn.keys.sorted().map { "s:\($0){ name = 'x_\($0)' }" }.joined(separator: "\n")

  func runtime() throws -> LuaRuntime {
    let rt = LuaRuntime()
    try rt.load(source: Self.script, name: "t.lua")
    return rt
  }

  @Test func everyTypeIsDescribed() {
    #expect(LuaAPI.classes.map(\.name) == ["form", "section", "item"])
    for cls in LuaAPI.classes {
      #expect(!cls.summary.isEmpty)
      for m in cls.members {
        #expect(!m.summary.isEmpty && !m.type.isEmpty, "\(cls.name).\(m.name)")
      }
    }
    #expect(LuaAPI.kinds.first { $0.name == "text" }?.options.map(\.key) == ["secure", "max_length"])
    // initial values, as the reference shows them, are read from fresh objects
    let item = LuaAPI.classes[2].members
    #expect(item.first { $0.name == "enabled" }?.initial == "true")
    #expect(item.first { $0.name == "accessory" }?.initial == "\"none\"")
    #expect(item.first { $0.name == "on_change" }?.initial == "nil")
    #expect(item.first { $0.name == "set" }?.initial == nil)
    #expect(LuaAPI.classes[1].members.first { $0.name == "items" }?.initial == Literal.lua(.list([])))
  }

  /// `o.on_x = f; assert(o.on_x == f)` for every handler property of every type.
  @Test func handlerPropertiesReadBack() throws {
    var checked: [String] = []
    for cls in LuaAPI.classes {
      for m in cls.members where m.kind == .property && m.type == "function?" && !m.readOnly {
        let rt = try runtime()
        let o = Self.object(cls.name)
        try rt.load(
          source: """
            local o = \(o)
            local f = function() end
            o.\(m.name) = f
            assert(o.\(m.name) == f, "\(cls.name).\(m.name) does not read back")
            o.\(m.name) = nil
            assert(o.\(m.name) == nil or type(o.\(m.name)) == "function")
            """, name: "h.lua")
        checked.append("\(cls.name).\(m.name)")
      }
    }
    #expect(
      checked == [
        "form.on_submit", "form.on_cancel", "form.on_change", "form.on_select", "section.on_update",
        "section.on_insert", "item.validate", "item.on_select", "item.on_change", "item.on_will_select",
        "item.on_delete", "item.on_move", "item.on_accessory",
      ])
  }

  /// Every property and method in a table is offered by completion, with no
  /// list of names anywhere else; so is every option of every kind.
  @Test func completionOffersEveryEntry() throws {
    let rt = try runtime()
    for cls in LuaAPI.classes {
      let o = Self.object(cls.name)
      for m in cls.members {
        let line = o + (m.kind == .method ? ":" : ".") + m.name.prefix(2)
        #expect(rt.completions(for: line).words.contains(m.name), "\(line) should offer \(m.name)")
      }
    }
    for kind in LuaAPI.kinds {
      for option in kind.options {
        let line = Self.object("item", kind: kind.name) + "." + option.key.prefix(1)
        #expect(rt.completions(for: line).words.contains(option.key), "\(line) should offer \(option.key)")
      }
    }
    // a section offers every kind as a method, a form's own kinds too
    try rt.load(source: "form:kind('money', {})", name: "k.lua")
    #expect(rt.completions(for: "form.sections[1]:mo").words == ["money", "move"])
  }

  /// Every read-only property refuses assignment with the same words; every
  /// settable one accepts the value it reads back.
  @Test func readOnlyPropertiesRefuseAlike() throws {
    for cls in LuaAPI.classes {
      for m in cls.members where m.kind == .property {
        let rt = try runtime()
        let o = Self.object(cls.name)
        do {
          try rt.load(source: "local o = \(o); o.\(m.name) = o.\(m.name)", name: "r.lua")
          #expect(!m.readOnly, "\(cls.name).\(m.name) is read-only but took a value")
        } catch {
          #expect(m.readOnly, "\(cls.name).\(m.name): \(error.summary)")
          let subject = cls.name == "item" ? "'\(m.name)' of text item 'x_text'" : "\(cls.name) '\(m.name)'"
          #expect(error.summary == "r.lua:1: \(subject) is read-only")
        }
      }
    }
  }

  @Test(arguments: [
    ("form.titel = 'x'", "t.lua:1: unknown property 'titel' of the form (did you mean 'title'?)"),
    ("form.on_sumbit = nil", "t.lua:1: unknown property 'on_sumbit' of the form (did you mean 'on_submit'?)"),
    ("form:section{ heder = 'x' }", "t.lua:1: unknown property 'heder' of a section (did you mean 'header'?)"),
    (
      "form:section{}:text{ secrue = true }",
      "t.lua:1: unknown property 'secrue' of a text item (did you mean 'secure'?)"
    ),
    ("form:section{}:float{ stpe = 1 }", "t.lua:1: unknown property 'stpe' of a float item (did you mean 'step'?)"),
  ])
  func unknownPropertiesSuggest(source: String, message: String) {
    let (_, error) = load(source)
    #expect(error?.summary == message)
  }

  /// Numbers from scripts are range-checked before they become `Int`s: a
  /// clear error, never a trap.
  @Test(arguments: [
    ("text{ max_length = 1e300 }", "must be a whole number of characters from 0 to 1000000000 (got 1e+300)"),
    ("text{ max_length = math.huge }", "must be a whole number of characters from 0 to 1000000000 (got inf)"),
    ("text{ max_length = 2^63 }", "must be a whole number of characters from 0 to 1000000000"),
    ("longtext{ max_length = -math.huge }", "must be a whole number of characters from 0 to 1000000000 (got -inf)"),
    ("number{ decimals = 1e19 }", "'decimals' must be a whole number from 0 to 15"),
    ("float{ min = -1e308, max = 1e308, value = 1e308 }", "'max' must be a number from"),
    ("float{ step = 0/0 }", "'step' must be a number above 0"),
  ])
  func hugeNumbersAreRefused(props: String, message: String) {
    let (_, error) = load("form:section{}:" + props)
    #expect(error?.summary.contains(message) == true, "\(error?.summary ?? "no error")")
  }

  @Test func theWidestSliderDraws() throws {
    let (rt, error) = load("form:section{}:float{ title = 'F', min = -1e15, max = 1e15, value = 1e15 }")
    #expect(error == nil)
    #expect(Session(form: rt.form).screen().joined().contains("[##########]"))
  }
}

/// A custom kind's `format` is Lua; it runs when the value changes, never
/// while the form is drawn.
struct CustomKindDisplayTests {
  @Test func formatRunsOnChangeNotOnDraw() throws {
    let (rt, error) = load(
      """
      calls = 0
      form:kind("money", { format = function(v) calls = calls + 1 return "$" .. tostring(v) end })
      form:section{}:money{ name = "m", title = "M", value = 5 }
      """)
    #expect(error == nil)
    func calls() -> String? {
      if case .values(let v) = rt.evaluate("calls") { return v.first }
      return nil
    }
    let before = calls()
    let session = Session(form: rt.form)
    for _ in 0..<3 { #expect(session.screen().joined(separator: "\n").contains("$5")) }
    #expect(calls() == before)
    try rt.load(source: "form:find('m').value = 7", name: "u.lua")
    #expect(calls() == String(Int(before ?? "0")! + 1))
    for _ in 0..<3 { #expect(session.screen().joined(separator: "\n").contains("$7")) }
    #expect(calls() == String(Int(before ?? "0")! + 1))
  }
}

/// A section or row taken out of its form can still be read, but a write or
/// a method is an error naming what was tried on what (never an abort).
struct RemovedObjectTests {
  static let setup = """
    local s = form:section("A")
    local r = s:text{ name = "r", title = "R" }
    local q = s:item{ title = "Go" }
    local t = form:section{ tag = "t" }
    local d = t:date{ name = "d" }
    d:remove()

    """

  @Test(arguments: [
    ("form:remove_section(s); s:add('x')", "cannot add a row to section 'A': it was removed from the form"),
    ("form:remove_section(s); s:text{}", "cannot add a text row to section 'A': it was removed from the form"),
    ("form:clear(); s:item{}", "cannot add an item row to section 'A': it was removed from the form"),
    ("form:clear(); s:insert(1, 'text', {})", "cannot insert a row into section 'A': it was removed from the form"),
    ("form:clear(); t:remake{ header = 'B' }", "cannot remake section 't': it was removed from the form"),
    ("form:clear(); s.footer = 'f'", "cannot set 'footer' of section 'A': it was removed from the form"),
    ("form:clear(); s:move(1, 2)", "cannot move a row in section 'A': it was removed from the form"),
    ("form:clear(); r:remake{ title = 'y' }", "cannot remake text row 'r': its section was removed from the form"),
    ("form:clear(); q:select()", "cannot select item row \"Go\": its section was removed from the form"),
    ("form:clear(); r.value = 'v'", "cannot set 'value' of text row 'r': its section was removed from the form"),
    ("d:remake{ title = 'y' }", "cannot remake date row 'd': it was removed from its section"),
    ("d.min = '2026-01-01'", "cannot set 'min' of date row 'd': it was removed from its section"),
    ("d:set{ title = 'x' }", "cannot set properties of date row 'd': it was removed from its section"),
    ("d:remove()", "cannot remove date row 'd': it was removed from its section"),
  ])
  func writesAndMethodsSayWhatWasDone(statement: String, message: String) {
    let (_, error) = load(Self.setup + statement)
    #expect(error?.summary == "t.lua:7: " + message)
  }

  @Test func readsStillWork() {
    let (rt, error) = load(
      Self.setup + """
        form:clear()
        assert(s.header == "A" and #s.items == 2 and r.value == nil and r.section == s and r.row == nil)
        assert(d.section == nil and d.kind == "date" and tostring(d) == "<date 'd' = nil>")
        """)
    #expect(error == nil)
    #expect(rt.form.sections.isEmpty)
  }
}
