import TestSupport
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormRender
@testable import FormSession

/// Header and footer kinds from Lua: a draw that runs too long or returns no
/// lines is a handler's error; the form goes on with the plain header.
struct HeaderKindBindingTests {
  @Test func aRunawayDrawIsStoppedAndThePlainHeaderShows() throws {
    let rt = LuaRuntime()
    rt.handlerBudget = LuaBudget(instructions: 1_000_000, seconds: 10)
    try rt.load(
      source: """
        form:header_kind("slow", { draw = function(section, width) while true do end end })
        form:footer_kind("odd", { draw = function(section, width) return { "a", 2 } end })
        local s = form:section{ header = "Slow", header_kind = "slow", footer_kind = "odd" }
        s:text{ name = "a", title = "A" }
        """, name: "t.lua")
    let session = Session(form: rt.form, host: TestHost(), renderer: Renderer(width: 30))
    let out = session.send("show")
    #expect(out.contains { $0.contains("error in draw of header kind 'slow': t.lua:1: instruction budget exceeded") })
    #expect(out.contains { $0.contains("error in draw of footer kind 'odd': t.lua:2: draw returned a table") })
    #expect(out.contains("╭─ Slow ─────────────────────╮"))
    // the footer has no plain text: the kind's name shows in its place
    #expect(out.contains("  odd"))
    // drawn once for this width: the next command does not run it again
    let next = session.send("a hello")
    #expect(!next.joined().contains("budget"))
    #expect(rt.form.find("a")?.value == .string("hello"))
  }

  @Test func kindsAreLookedUpInTheFormTheSectionGoesInto() throws {
    let rt = LuaRuntime()
    try rt.load(
      source: """
        form:header_kind("k", { draw = function() return "drawn" end })
        local a = form:section{ header_kind = "k" }
        local b = form:insert_section(1, { header_kind = "k" })
        a:remake{ header = "A", header_kind = "k" }
        ok, err = pcall(function() a:remake{ header_kind = "x" } end)
        """, name: "t.lua")
    let session = Session(form: rt.form, host: TestHost(), renderer: Renderer(width: 30))
    #expect(session.send("show").filter { $0.contains("drawn") }.count == 2)
    #expect(rt.form.sections.map { $0.kind(of: .header) } == ["k", "k"])
  }
}
