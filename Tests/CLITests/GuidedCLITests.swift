import Foundation
import Testing

/// `--guided`, `next` and the accessible voice end to end: the built binary
/// with piped input.
struct GuidedCLITests {
  static let signupValues = "{\"email\":\"a@b.co\",\"password\":\"hunter22x\",\"newsletter\":true}\n"

  @Test func aGuidedFillThroughAPipeSubmits() throws {
    let r = try CLI.run(["Examples/signup.lua", "--guided"], input: "a@b.co\nhunter22x\n\ny\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == Self.signupValues)
    #expect(r.stderr.contains("Question 1 of 3, Email, text, required, empty. Hint: you@example.com."))
    #expect(r.stderr.contains("Submit? [Y/n]"))
  }

  @Test func whatOnPagePrintsFollowsTheAnswerItCameAfter() throws {
    let path = try CLI.script(
      """
      form.pages = true
      form:section{ header = "Account" }:text{ name = "email", title = "Email" }
      form:section{ header = "Plan" }:text{ name = "plan", title = "Plan" }
      form.on_page = function(f, from, to) print("on_page", from, to) end
      """)
    for extra in [["--guided"], ["--guided", "--accessible"]] {
      let r = try CLI.run([path] + extra, input: "a@b.co\nPro\ny\n")
      #expect(r.status == 0, "\(r.stderr)")
      let lines = r.stderr.split(separator: "\n").map(String.init)
      guard let page = lines.firstIndex(of: "on_page\t1\t2") else {
        Issue.record("no on_page line: \(r.stderr)")
        continue
      }
      if extra == ["--guided"] {
        #expect(lines[page - 1] == "Email: a@b.co.", "\(lines)")
      }
      // the next page is said after it (its on_page may change what is asked)
      #expect(lines[(page + 1)...].contains { $0.hasPrefix("Page 2 of 2") }, "\(lines)")
      #expect(!lines[..<page].contains { $0.hasPrefix("Page 2 of 2") }, "\(lines)")
    }
  }

  @Test func throughAPipeARefusedAnswerStopsTheWalkWithItsReason() throws {
    let r = try CLI.run(["Examples/signup.lua", "--guided"], input: "a@b.co\nshort\nhunter22x\n\ny\n")
    #expect(r.status == 3, "\(r.stderr)")
    #expect(r.stdout.isEmpty)
    let lines = r.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.suffix(2) == [
        "Error: Password is too short (minimum is 8 characters).",
        "formrun: line 2: the answer to Password was refused, so the guided fill stops; nothing was submitted",
      ])
  }

  @Test func theWalkEndsLikeTheForm() throws {
    let cancelled = try CLI.run(["Examples/signup.lua", "--guided"], input: "a@b.co\n:q\n")
    #expect(cancelled.status == 1)
    #expect(cancelled.stdout.isEmpty)
    // input that ends never submits what was typed so far
    let ended = try CLI.run(["Examples/signup.lua", "--guided"], input: "a@b.co\nhunter22x\n\n")
    #expect(ended.status == 3)
    #expect(ended.stdout.isEmpty)
    #expect(ended.stderr.hasSuffix("formrun: input ended before submit\n"))
    // `n` at the end leaves the form open: the next lines are commands
    let stopped = try CLI.run(
      ["Examples/signup.lua", "--guided"], input: "a@b.co\nhunter22x\n\nn\nnewsletter off\ns\n")
    #expect(stopped.status == 0)
    #expect(stopped.stdout == Self.signupValues.replacing("true", with: "false"))
  }

  @Test func nextAtThePromptStartsAtTheFirstEmptyRow() throws {
    let r = try CLI.run(["Examples/signup.lua"], input: "email a@b.co\nnext\nhunter22x\n\ny\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == Self.signupValues)
    #expect(r.stderr.contains("Question 2 of 3, Password, secret text, required, empty."))
    #expect(!r.stderr.contains("Question 1 of 3, Email"))
  }

  @Test func pipedLinesAreCommandsWhateverTheEnvironment() throws {
    let input = "email a@b.co\npassword hunter22x\nsubmit\n"
    for env in [["ACCESSIBLE": "1"], ["TERM": "dumb"], ["ACCESSIBLE": "1", "TERM": "dumb"]] {
      let r = try CLI.run(["Examples/signup.lua"], input: input, env: env)
      #expect(r.status == 0, "\(env): \(r.stderr)")
      #expect(r.stdout == Self.signupValues)
    }
    let accessible = try CLI.run(["Examples/signup.lua", "--accessible"], input: input)
    #expect(accessible.stdout == Self.signupValues)
    #expect(accessible.stderr.contains("Row 1 of 5, Email, text, required, a@b.co."))
    #expect(accessible.stderr.contains("Submitted."))
    // ACCESSIBLE= (empty) is off, as huh and gum read it
    let off = try CLI.run(["Examples/signup.lua"], input: input, env: ["ACCESSIBLE": ""])
    #expect(off.stderr.contains("╭─ Account"))
    // TERM=dumb keeps ASCII frames
    let dumb = try CLI.run(["Examples/signup.lua"], input: "q\n", env: ["TERM": "dumb"])
    #expect(dumb.stderr.contains("+- Account"))
  }

  /// Every example, whole sessions (commands, then a guided fill) with
  /// ACCESSIBLE=1: no frames, no block characters, no symbol without words.
  static let examples = ["Examples/signup.lua", "Examples/controls.lua", "Examples/dynamic.lua", "Examples/styles.lua"]

  @Test(arguments: examples)
  func accessibleSessionsHaveNoFramesOrBareSymbols(example: String) throws {
    let count = 40
    let rows = (1...count).map { "\($0)\n\n" }.joined()
    let commands = try CLI.run(
      [example], input: "show\nhelp\n" + rows + "values\nerrors\nsubmit\nq\n", env: ["ACCESSIBLE": "1"])
    let guided = try CLI.run(
      [example, "--guided"], input: String(repeating: "\n", count: count) + "y\n:show\n:q\n",
      env: ["ACCESSIBLE": "1"])
    for r in [commands, guided] {
      #expect([0, 1, 3].contains(r.status), "\(r.stderr)")
      let lines = r.stderr.split(separator: "\n").map(String.init)
      #expect(lines.count > 5)
      let bad = lines.filter { line in
        line.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) || "›✓ⓘ•…".unicodeScalars.contains($0) }
          || line.contains("[#") || line.contains("-]") || line.hasPrefix("! ") || line.contains(" ! ")
      }
      #expect(bad.isEmpty, "\(example): \(bad)")
    }
  }
}
