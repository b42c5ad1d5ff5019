import TestSupport
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
    + Kinds.builtIn.keys.sorted().map { kind in
      // a kind that chooses needs an option
      let options = Kinds.builtIn[kind]?.optionNames.contains("options") == true ? ", options = { 'a' }" : ""
      return "s:\(kind){ name = 'x_\(kind)'\(options) }"
    }.joined(separator: "\n")

  func runtime() throws -> LuaRuntime {
    let rt = LuaRuntime()
    try rt.load(source: Self.script, name: "t.lua")
    return rt
  }

  /// What some summaries claim, each with a script that shows it is so:
  /// a summary that loses its claim, or a behaviour that changes, fails.
  static let claims: [(member: String, says: String, proof: String)] = [
    (
      "form.reload", "on_update",
      """
      local n = 0
      local s = form:section{ on_update = function() n = n + 1 end }
      local t = s:text{ name = "t" }
      t.value = "x"
      assert(n == 0, "a change ran on_update")
      form:reload()
      assert(n == 1, "reload did not run on_update")
      """
    ),
    (
      "section.on_update", "form:reload()",
      """
      local n = 0
      local s = form:section{ on_update = function(sec) assert(sec == form.sections[1]) n = n + 1 end }
      s:bool{ name = "b" }
      form:set_values{ b = true }
      assert(n == 0)
      form:reload()
      assert(n == 1)
      """
    ),
    (
      "item.detail", "a row that holds none",
      """
      local s = form:section("S")
      s:item{ title = "Go", detail = "DETAIL-SHOWN" }
      s:text{ title = "T", detail = "DETAIL-HIDDEN", value = "v" }
      """
    ),
    (
      "item.on_change", "fn(item, old)",
      """
      local s = form:section("S")
      s:text{ name = "t", value = "before", on_change = function(item, old)
        assert(item.value == "after" and old == "before") seen = true end }
      """
    ),
  ]

  @Test func summariesSayWhatTheCodeDoes() throws {
    let classes = LuaAPI.classes
    for claim in Self.claims {
      let parts = claim.member.split(separator: ".").map(String.init)
      let member = classes.first { $0.name == parts[0] }?.members.first { $0.name == parts[1] }
      #expect(member?.summary.contains(claim.says) == true, "\(claim.member): \(member?.summary ?? "missing")")
      let (rt, error) = load(claim.proof)
      #expect(error == nil, "\(claim.member): \(error?.summary ?? "")")
      if claim.member == "item.detail" {
        let screen = Session(form: rt.form, host: TestHost()).screen().joined(separator: "\n")
        #expect(screen.contains("DETAIL-SHOWN") && !screen.contains("DETAIL-HIDDEN"), "\(screen)")
      }
      if claim.member == "item.on_change" {
        let session = Session(form: rt.form, host: TestHost())
        _ = session.send("t after")
        #expect(rt.evaluate("seen") == .values(["true"]))
      }
    }
    // every validator a summary quotes is one a row accepts
    for cls in classes {
      for m in cls.members {
        for quoted in m.summary.matches(of: #/"([a-z]+(\([^")]*\))?)"/#) where m.name == "validators" {
          let (_, error) = load("form:section('S'):text{ name = 'x', validators = { '\(quoted.1)' } }")
          #expect(error == nil, "\(cls.name).\(m.name) quotes \(quoted.1): \(error?.summary ?? "")")
        }
      }
    }
  }

  @Test func everyTypeIsDescribed() {
    #expect(LuaAPI.classes.map(\.name) == ["form", "section", "item"])
    for cls in LuaAPI.classes {
      #expect(!cls.summary.isEmpty)
      for m in cls.members {
        #expect(!m.summary.isEmpty && !m.type.isEmpty, "\(cls.name).\(m.name)")
      }
    }
    #expect(
      LuaAPI.kinds.first { $0.name == "text" }?.options.map(\.key) == [
        "secure", "max_length", "capitalize", "suggestions",
      ])
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
        // (a handler that shares its name with a method too: `o:on_submit(fn)` is the method)
        try rt.load(
          source: """
            local o = \(o)
            local unset = o.\(m.name)
            assert(unset == nil, "\(cls.name).\(m.name) unset")
            local f = function() end
            o.\(m.name) = f
            assert(o.\(m.name) == f, "\(cls.name).\(m.name) does not read back")
            o.\(m.name) = nil
            assert(o.\(m.name) == unset, "\(cls.name).\(m.name) cleared does not read back as before")
            o.\(m.name) = f
            o.\(m.name) = nil
            assert(o.\(m.name) ~= f, "\(cls.name).\(m.name) still reads the cleared function")
            """, name: "h.lua")
        checked.append("\(cls.name).\(m.name)")
      }
    }
    #expect(
      checked == [
        "form.on_submit", "form.on_cancel", "form.on_change", "form.on_select", "form.on_moved", "form.on_page",
        "section.on_update",
        "section.on_insert", "item.validate", "item.on_select", "item.on_change", "item.on_deselect",
        "item.on_begin_edit", "item.on_end_edit", "item.on_will_select",
        "item.on_delete", "item.on_move", "item.on_moved", "item.on_accessory",
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
          let owner = ["form": "the form", "section": "section 'S'", "item": "text row 'x_text'"][cls.name] ?? ""
          let subject = "'\(m.name)' of \(owner)"
          #expect(error.summary == "r.lua:1: \(subject) is read-only")
        }
      }
    }
  }

  /// A row's table is set in the set order whether or not it names a kind
  /// option: a read-only property in it is refused in an assignment's
  /// words, naming the row by what was set before it.
  @Test(arguments: [
    ("form:section{}:text{ name = 'x', kind = 'number' }", "t.lua:1: 'kind' of text row 'x' is read-only"),
    ("form:section{}:text{ title = 'T', valid = true }", "t.lua:1: 'valid' of text row \"T\" is read-only"),
    (
      "form:section{}:text{ title = 'T', valid = true, secure = true }",
      "t.lua:1: 'valid' of text row \"T\" is read-only"
    ),
    ("form:section{}:text{ errors = {}, name = 'y' }", "t.lua:1: 'errors' of text row 'y' is read-only"),
    (
      "form:section{}:text{ value = {}, name = 'z' }",
      "t.lua:1: bad value for 'value' of text row 'z': table is not a value for a text row"
    ),
  ])
  func aRowTableIsSetInTheSetOrder(source: String, message: String) {
    let (_, error) = load(source)
    #expect(error?.summary == message)
  }

  @Test(arguments: [
    ("form.titel = 'x'", "t.lua:1: unknown property 'titel' of the form (did you mean 'title'?)"),
    ("form.on_sumbit = nil", "t.lua:1: unknown property 'on_sumbit' of the form (did you mean 'on_submit'?)"),
    ("form:section{ heder = 'x' }", "t.lua:1: unknown property 'heder' of a section (did you mean 'header'?)"),
    (
      "form:section{}:text{ secrue = true }",
      "t.lua:1: unknown property 'secrue' of a text row (did you mean 'secure'?)"
    ),
    ("form:section{}:float{ stpe = 1 }", "t.lua:1: unknown property 'stpe' of a float row (did you mean 'step'?)"),
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

  /// A kind that chooses among options is refused without one, at load and later.
  @Test(arguments: [
    (
      "form:section{}:radio{ name = 'r', options = {} }",
      "t.lua:1: bad value for 'options' of radio row 'r': at least one option is needed"
    ),
    ("form:section{}:radio{ name = 'r' }", "t.lua:1: radio row 'r' has no options"),
    ("form:section{}:segmented{ title = 'S' }", "t.lua:1: segmented row \"S\" has no options"),
    ("form:section{}:multiple{}", "t.lua:1: a multiple row has no options"),
    ("form:section{}:picker{ name = 'p' }", "t.lua:1: picker row 'p' has no options"),
    (
      "form:section{}:radio{ name = 'r', options = { 'a' } }.options = {}",
      "t.lua:1: bad value for 'options' of radio row 'r': at least one option is needed"
    ),
    (
      "local r = form:section{}:radio{ name = 'r', options = { 'a' } }\nr:remake{ name = 'r' }",
      "t.lua:2: radio row 'r' has no options"
    ),
  ])
  func choicesWithoutOptionsAreRefused(source: String, message: String) {
    let (_, error) = load(source)
    #expect(error?.summary.hasPrefix(message) == true, "\(error?.summary ?? "no error")")
  }

  @Test func theWidestSliderDraws() throws {
    let (rt, error) = load("form:section{}:float{ title = 'F', min = -1e15, max = 1e15, value = 1e15 }")
    #expect(error == nil)
    #expect(Session(form: rt.form, host: TestHost()).screen().joined().contains("[##########]"))
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
    let session = Session(form: rt.form, host: TestHost())
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

/// Argument checks in lauxlib's words, with the function's name from its
/// entry: a method call (`obj:m(x)`) does not count self, a plain call
/// (`obj.m(obj, x)`) does, and a bad self is said so.
struct ArgumentCheckTests {
  @Test(arguments: [
    ("form:find()", "bad argument #1 to 'find' (string expected, got no value)"),
    ("form.find(form)", "bad argument #2 to 'find' (string expected, got no value)"),
    ("form:find({})", "bad argument #1 to 'find' (string expected, got table)"),
    ("form.find(5, 'x')", "bad argument #1 to 'find' (form expected, got number)"),
    ("local f = form.find; f(form, true)", "bad argument #2 to 'find' (string expected, got boolean)"),
    (
      "local t = setmetatable({}, { __index = { find = form.find } }); t:find('x')",
      "calling 'find' on bad self (form expected, got table)"
    ),
    ("form:section('A'):move(1, 2)", "bad argument #1 to 'move' (index 1 out of range 1 to 0)"),
    ("local s = form:section('A'); s.move(s, 1, 2)", "bad argument #2 to 'move' (index 1 out of range 1 to 0)"),
    ("form:insert_section(0/0)", "bad argument #1 to 'insert_section' (number has no integer representation)"),
    ("form:insert_section(2^63)", "bad argument #1 to 'insert_section' (number has no integer representation)"),
    ("form:insert_section(1.5)", "bad argument #1 to 'insert_section' (number has no integer representation)"),
    ("form:insert_section('x')", "bad argument #1 to 'insert_section' (integer expected, got string)"),
    ("form:insert_section(3)", "bad argument #1 to 'insert_section' (index 3 out of range 1 to 1)"),
    ("form:move_section(1, 1)", "bad argument #1 to 'move_section' (index 1 out of range 1 to 0)"),
    ("form:section('A'):text(5)", "bad argument #1 to 'text' (table expected, got number)"),
    ("local s = form:section('A'); s.text(s, true)", "bad argument #2 to 'text' (table expected, got boolean)"),
    ("form:section('A').text(form, {})", "bad argument #1 to 'text' (section expected, got form)"),
    ("form:text(5)", "bad argument #1 to 'text' (table expected, got number)"),
    ("form:validator('v', 5)", "bad argument #2 to 'validator' (function expected, got number)"),
    (
      "form:validator('presence', print)",
      "bad argument #1 to 'validator' ('presence' is a built-in validator; choose another name)"
    ),
    ("form:kind('x', 5)", "bad argument #2 to 'kind' (table expected, got number)"),
    ("form:on_submit(5)", "bad argument #1 to 'on_submit' (function expected, got number)"),
    ("form:remove_section('nope')", "bad argument #1 to 'remove_section' (no section tagged 'nope')"),
    ("form:section('A'):remove(form)", "bad argument #1 to 'remove' (item, index or name expected, got form)"),
    ("form:section('A'):text{}:set(1)", "bad argument #1 to 'set' (table expected, got number)"),
  ])
  func argumentsAreCheckedAsLauxlibDoes(source: String, message: String) {
    let (_, error) = load(source)
    #expect(error?.summary == "t.lua:1: " + message)
  }

  /// Every method's self check, through the one adapter: called on another
  /// bound object it names the expected type.
  @Test func everyMethodChecksItsSelf() throws {
    for cls in LuaAPI.classes {
      let other = cls.name == "form" ? "form.sections[1]" : "form"
      for m in cls.members where m.kind == .method {
        let (_, error) = load(
          "form:section('A'):text{ name = 'x_text' }\nlocal o = \(ClassTableTests.object(cls.name, kind: "text"))\n"
            + "local other = \(other)\no.\(m.name)(other)")
        let got = cls.name == "form" ? "section" : "form"
        // a method that is a handler property too is the property when read (`o.on_submit`: nil)
        let twin = cls.members.contains { $0.kind == .property && $0.name == m.name }
        #expect(
          error?.summary
            == (twin
              ? "t.lua:4: attempt to call a nil value (field '\(m.name)')"
              : "t.lua:4: bad argument #1 to '\(m.name)' (\(cls.name) expected, got \(got))"),
          "\(cls.name):\(m.name)")
      }
    }
  }

  /// Reading a misspelt name is the same error as writing it (for every
  /// type), and names the object.
  @Test(arguments: [
    ("local _ = form.titel", "unknown property 'titel' of the form (did you mean 'title'?)"),
    ("local _ = form:section('A').heder", "unknown property 'heder' of section 'A' (did you mean 'header'?)"),
    (
      "local _ = form:section('A'):text{ name = 'e' }.vaule",
      "unknown property 'vaule' of text row 'e' (did you mean 'value'?)"
    ),
    ("local _ = form:section('A'):float{}.stpe", "unknown property 'stpe' of a float row (did you mean 'step'?)"),
    ("form:fnid('x')", "unknown property 'fnid' of the form (did you mean 'find'?)"),
    ("local _ = form:section('A'):item{ title = 'Go' }.image", "unknown property 'image' of item row \"Go\""),
  ])
  func misspeltReadsSuggest(source: String, message: String) {
    let (_, error) = load(source)
    #expect(error?.summary == "t.lua:1: " + message)
  }
}
