import Foundation
import Testing

/// A typed choice reads the same in every mode: the screen's ranking picks
/// the clear best of the options holding the letters, said back in the
/// walk; close ones are listed; `--strict` takes only whole options.
struct ChoiceMatchingCLITests {
  static let languages = """
    local s = form:section{ header = "Project" }
    s:radio{ name = "language", title = "Language", required = true,
      options = { "C", "C++", "Go", "Java", "JavaScript", "Kotlin", "Objective-C", "Rust", "Swift", "TypeScript", "Zig" } }
    s:multiple{ name = "sizes", title = "Sizes", options = { "XS", "S", "M", "L", "XL", "XXL" } }
    """

  @Test(arguments: [
    ("language js\nsizes xx, m\ns\n", #"{"language":"JavaScript","sizes":["M","XXL"]}"#),
    ("language obj\nsizes 1\ns\n", #"{"language":"Objective-C","sizes":["XS"]}"#),
    ("language ts\nsizes sm\nsizes l\ns\n", #"{"language":"TypeScript","sizes":["L"]}"#),
  ])
  func theLineModeTakesTheClearBest(input: String, values: String) throws {
    let path = try CLI.script(Self.languages)
    let r = try CLI.run([path, "--quiet"], input: input)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == values + "\n")
  }

  @Test func optionsAboutAsGoodAreListedBestFirst() throws {
    let path = try CLI.script(Self.languages)
    let r = try CLI.run([path, "--quiet"], input: "language script\nlanguage ja\nsizes x\nq\n")
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "! 'script' could be more than one option of Language: 5 JavaScript, 10 TypeScript (value unchanged)"),
      "\(r.stderr)")
    #expect(r.stderr.contains("! 'ja' could be more than one option of Language: 4 Java, 5 JavaScript"))
    #expect(r.stderr.contains("! 'x' could be more than one option of Sizes: 1 XS, 5 XL, 6 XXL"))
  }

  @Test func theWalkSaysWhatItTookFromLetters() throws {
    let path = try CLI.script(Self.languages)
    for flags in [["--guided"], ["--guided", "--accessible"]] {
      let r = try CLI.run([path] + flags, input: "ts\nxl\ny\n")
      #expect(r.status == 0, "\(flags): \(r.stderr)")
      #expect(r.stdout == #"{"language":"TypeScript","sizes":["XL"]}"# + "\n")
      #expect(r.stderr.contains(#"Language: TypeScript (taken from "ts"; :back changes it)."#), "\(r.stderr)")
    }
  }

  @Test func strictTakesOnlyWholeOptionsOrNumbers() throws {
    let path = try CLI.script(Self.languages)
    let whole = try CLI.run([path, "--strict", "--quiet"], input: "language typescript\nsizes 2, XL\ns\n")
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stdout == #"{"language":"TypeScript","sizes":["S","XL"]}"# + "\n")
    let letters = try CLI.run([path, "--strict", "--quiet"], input: "language ts\nq\n")
    #expect(letters.status == 1)
    #expect(
      letters.stderr.contains(
        "! Language has no option 'ts'; --strict takes only a whole option or its number (closest: 10 TypeScript)"),
      "\(letters.stderr)")
    let walk = try CLI.run([path, "--strict", "--guided"], input: "ts\nxl\ny\n")
    #expect(walk.status == 3, "a refused answer stops a piped walk: \(walk.stderr)")
    #expect(walk.stdout.isEmpty)
    let set = try CLI.run([path, "--strict", "--set", "language=js", "--submit"])
    #expect(set.status == 2)
    #expect(set.stderr.hasPrefix("formrun: --set language: Language has no option 'js'; --strict"), "\(set.stderr)")
    let loose = try CLI.run([path, "--set", "language=js", "--submit"])
    #expect(loose.stdout == #"{"language":"JavaScript","sizes":[]}"# + "\n", "\(loose.stderr)")
  }
}
