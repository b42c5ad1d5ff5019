import FormCore
import FormLua
import FormSession
import FormTerminal
import Testing

@testable import FormScreen

/// Header and footer kinds in the screen mode: drawn at the screen's width,
/// again after a resize, and in view with their section's first row.
struct HeaderKindScreenTests {
  static let source = """
    form:header_kind("bar", { draw = function(section, width)
      return { ("%d done"):format(section.header_data), ("="):rep(width) }
    end })
    form:footer_kind("sum", { draw = function(section, width) return "sum at " .. width end })
    local top = form:section("Top")
    for i = 1, 8 do top:text{ name = "t" .. i, title = "Row " .. i } end
    local low = form:section{ header = "Low", header_kind = "bar", header_data = 0, footer_kind = "sum" }
    low:bool{ name = "b", title = "Done", on_change = function(item) low.header_data = item.value and 1 or 0 end }
    for i = 1, 8 do low:text{ name = "l" .. i, title = "Low " .. i } end
    """

  /// The runtime that runs the handlers, kept while the screen is driven.
  let runtime = LuaRuntime()

  func driver(width: Int = 40, height: Int = 10) throws -> ScreenDriver {
    try runtime.load(source: Self.source, name: "form.lua")
    return ScreenDriver(session: Engine(form: runtime.form, host: ScreenHost()), width: width, height: height)
  }

  @Test func drawnAtTheScreensWidthAndInViewWithTheFirstRow() throws {
    let d = try driver()
    #expect(!d.text.contains { $0.contains("0 done") })
    // from the end up to the first row of the low section: its header's
    // lines come into view with it
    // (a frame drawn after each key, as the terminal is: the scroll follows the focus)
    for key in Array(repeating: "down", count: 20) + Array(repeating: "up", count: 9) {
      try d.press([key])
      _ = d.text
    }
    let text = d.text
    let header = try #require(text.firstIndex(of: "Low"))
    #expect(text[header + 1] == "0 done")
    #expect(text[header + 2] == String(repeating: "=", count: 39))
    #expect(text[header + 3].hasPrefix("› Done"))
    try d.press(["space"])
    #expect(d.text.contains("1 done"))
    try d.press(Array(repeating: "down", count: 9))
    #expect(d.text.contains("  sum at 37"))
  }

  @Test func aResizeDrawsAgainAtTheNewWidth() throws {
    let d = try driver(height: 30)
    #expect(d.text.contains(String(repeating: "=", count: 39)))
    d.screen.size = TerminalSize(columns: 30, rows: 30)
    #expect(d.text.contains(String(repeating: "=", count: 29)))
    #expect(d.text.contains("  sum at 27"))
  }
}
