import TestSupport
import Testing

@testable import FormScreen

/// The frame writer, checked by what a terminal shows after its bytes.
struct FrameWriterTests {
  static func frame(_ lines: [String], cursor: Frame.Position? = nil) -> Frame {
    Frame(lines: lines.map { Line(plain: $0) }, cursor: cursor)
  }

  /// The drawing as the screen shows it: from its top (the cursor's line less the writer's row).
  static func drawing(_ screen: VirtualScreen, _ writer: FrameWriter) -> [String] {
    let top = screen.cursor.row - writer.row
    return (top..<(top + writer.drawn.count)).map { screen.line($0) }
  }

  @Test func anyFramesAfterAnyOthersShowAsThemselves() {
    var rng = SplitMix(seed: 7)
    let screen = VirtualScreen(columns: 30, rows: 16)
    screen.feed("$ formrun form.lua\n")
    var writer = FrameWriter()
    let words = ["alpha", "beta", "gamma", "", "delta epsilon", "☕ wide 漢字", "x"]
    for step in 0..<400 {
      let count = 1 + Int(rng.next() % 12)
      var lines: [String] = []
      for _ in 0..<count { lines.append(words[Int(rng.next() % UInt64(words.count))]) }
      let f = Self.frame(lines)
      screen.feed(writer.update(to: f))
      #expect(Self.drawing(screen, writer) == lines, "step \(step)")
      if Self.drawing(screen, writer) != lines { return }
    }
    #expect(screen.unknown.isEmpty, "sequences a terminal would not know: \(screen.unknown)")
    #expect(screen.scrollback.first == "$ formrun form.lua" || screen.line(0) == "$ formrun form.lua")
  }

  @Test func onlyTheLinesThatChangedAreWritten() {
    var writer = FrameWriter()
    let lines = (1...50).map { "row \($0) of the form" }
    _ = writer.update(to: Self.frame(lines))
    var next = lines
    next[10] = "row 11 changed"
    let text = writer.update(to: Self.frame(next))
    #expect(text.contains("row 11 changed"))
    #expect(!text.contains("row 12"), "a line that did not change was written: \(text.debugDescription)")
    // the move up from the last line, the carriage return, the line, the erase of its old tail
    #expect(text.utf8.count <= "row 11 changed".utf8.count + 12, "\(text.debugDescription)")
    #expect(writer.update(to: Self.frame(next)) == "", "the same frame again writes nothing")
  }

  @Test func aShorterFrameClearsWhatIsLeftBelow() {
    let screen = VirtualScreen(columns: 20, rows: 10)
    var writer = FrameWriter()
    screen.feed(writer.update(to: Self.frame(["a", "b", "c", "d"])))
    screen.feed(writer.update(to: Self.frame(["a", "B"])))
    #expect(screen.shown == ["a", "B"])
  }

  @Test func theCursorStandsWhereTheFrameSaysAndIsShownOnlyThen() {
    let screen = VirtualScreen(columns: 20, rows: 10)
    var writer = FrameWriter()
    screen.feed(writer.update(to: Self.frame(["one", "two: ab", "three"], cursor: .init(row: 1, column: 7))))
    #expect(screen.cursor == (1, 7))
    #expect(screen.cursorVisible)
    screen.feed(writer.update(to: Self.frame(["one", "two: ab", "three"])))
    #expect(!screen.cursorVisible)
  }

  @Test func aRedrawWipesAndDrawsFromTheTop() {
    let screen = VirtualScreen(columns: 20, rows: 10)
    screen.feed("prompt\n")
    var writer = FrameWriter()
    screen.feed(writer.update(to: Self.frame(["a", "b", "c"])))
    screen.feed("garbage")  // something wrote over the drawing
    screen.feed(writer.redraw(Self.frame(["x", "y"])))
    #expect(screen.shown == ["prompt", "x", "y"])
  }

  @Test func finishingLeavesTheDrawingAndTheCursorBelowIt() {
    let screen = VirtualScreen(columns: 20, rows: 10)
    var writer = FrameWriter()
    screen.feed(writer.update(to: Self.frame(["a", "b", "c"], cursor: .init(row: 0, column: 1))))
    screen.feed(writer.finish(Self.frame(["a", "b", "done"])))
    #expect(screen.shown == ["a", "b", "done"])
    #expect(screen.cursor == (3, 0))
    #expect(screen.cursorVisible)
  }

  @Test func theLeaveTextTakesTheCursorBelowTheDrawing() {
    let screen = VirtualScreen(columns: 20, rows: 10)
    var writer = FrameWriter()
    screen.feed(writer.update(to: Self.frame(["a", "b", "c", "d"], cursor: .init(row: 1, column: 0))))
    screen.feed(writer.leaveText + "shell$ ")
    #expect(screen.shown == ["a", "b", "c", "d", "shell$"])
  }

  @Test func aFrameTallerThanTheTerminalScrollsItsTopIntoTheScrollback() {
    let screen = VirtualScreen(columns: 20, rows: 5)
    var writer = FrameWriter()
    let lines = (1...8).map { "line \($0)" }
    screen.feed(writer.finish(Self.frame(lines)))
    #expect(screen.transcript == lines)
  }
}

/// A small seeded generator, so a failing step can be run again.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
