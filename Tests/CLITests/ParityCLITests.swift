import Foundation
import Testing

/// The seeds' and peers' capabilities end to end through the built binary:
/// option labels apart from values (huh's NewOption), a custom kind's own
/// voice (RE's custom items).
struct ParityCLITests {
  static let labelled = """
    local s = form:section("Where")
    s:radio{ name = "country", title = "Country",
      options = { { "United States", value = "US" }, "Canada", { "Mexico", value = "MX" } } }
    s:multiple{ name = "langs", title = "Languages", options = { { "English", value = "en" }, { "French", value = "fr" } } }
    """

  @Test func setAndAnswersTakeValuesAndTheJSONHoldsThem() throws {
    let form = try CLI.script(Self.labelled)
    let set = try CLI.run([form, "--set", "country=MX", "--set", "langs=fr,en", "--submit"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout == "{\"country\":\"MX\",\"langs\":[\"en\",\"fr\"]}\n")
    let answers = try CLI.script("{\"country\": \"US\", \"langs\": [\"fr\"]}", name: "a.json")
    let read = try CLI.run([form, "--answers", answers, "--submit"])
    #expect(read.stdout == "{\"country\":\"US\",\"langs\":[\"fr\"]}\n", "\(read.stderr)")
    let bad = try CLI.run([form, "--set", "country=XX", "--submit"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("no option 'XX' (options: United States (US), Canada, Mexico (MX))"), "\(bad.stderr)")
  }

  @Test func theAccessibleVoiceAndThePromptSayLabels() throws {
    let form = try CLI.script(Self.labelled)
    let spoken = try CLI.run([form, "--accessible"], input: "1\n3\nsubmit\n")
    #expect(spoken.stderr.contains("choice of 3: United States, Canada, Mexico"), "\(spoken.stderr)")
    #expect(spoken.stderr.contains("chosen: Mexico"), "\(spoken.stderr)")
    #expect(!spoken.stderr.contains("MX"))
    #expect(spoken.stdout == "{\"country\":\"MX\",\"langs\":[]}\n")
    let typed = try CLI.run([form], input: "langs English\nsubmit\n")
    #expect(typed.stdout == "{\"country\":null,\"langs\":[\"en\"]}\n", "\(typed.stderr)")
    #expect(typed.stderr.contains("Languages  English"), "\(typed.stderr)")
  }

  @Test func aCustomKindSpeaksItsValueAndAsksItsHint() throws {
    let form = try CLI.script(
      """
      form:kind("duration", {
        hint = "minutes, like 90",
        parse = function(text) local n = tonumber(text); if n then return n end; return nil, "type minutes" end,
        format = function(v) return v and string.format("%d:%02d", v // 60, v % 60) or "" end,
        speak = function(v) return v and (v // 60 .. " hours " .. v % 60 .. " minutes") or "" end,
      })
      form:section("Trip"):duration{ name = "d", title = "Drive", value = 95 }
      """)
    let spoken = try CLI.run([form, "--accessible"], input: "show\n1\n150\nsubmit\n")
    #expect(spoken.stderr.contains("Drive, duration, 1 hours 35 minutes."), "\(spoken.stderr)")
    #expect(spoken.stderr.contains("Type minutes, like 90."), "\(spoken.stderr)")
    #expect(spoken.stderr.contains("2 hours 30 minutes"), "\(spoken.stderr)")
    #expect(spoken.stdout == "{\"d\":150}\n")
    let line = try CLI.run([form], input: "d\n80\nsubmit\n")
    #expect(line.stderr.contains("Drive (minutes, like 90)"), "\(line.stderr)")
    #expect(line.stderr.contains("Drive  1:20"), "\(line.stderr)")
  }

  /// dialog's and gum's `--timeout`: no input for that long ends the run with
  /// 124, saying so, and the draft keeps what was entered.
  @Test func aTimeoutEndsAnUnansweredPromptAndKeepsTheDraft() throws {
    let form = try CLI.script("form:section(\"A\"):text{ name = \"name\", title = \"Name\" }")
    let draft = URL(fileURLWithPath: form).deletingLastPathComponent().appendingPathComponent("d/form.json").path
    // the input stays open (sleep) but nothing more comes
    let ended = try CLI.launch(
      "/bin/sh",
      [
        "-c", "(printf 'name Ada\\n'; exec sleep 3) | \"$0\" \"$1\" --timeout 1 --quiet --draft \"$2\"",
        CLI.binary, form, draft,
      ]
    ).result
    #expect(ended.status == 124, "\(ended.stderr)")
    #expect(ended.stderr.contains("formrun: timed out: no input for 1 second (the draft keeps what was entered)"))
    let kept = try String(contentsOfFile: draft, encoding: .utf8)
    #expect(kept.contains("\"name\":\"Ada\""), "\(kept)")
    // without the flag the same input waits for more, then ends with the input (3)
    let waited = try CLI.launch(
      "/bin/sh", ["-c", "(printf 'name Ada\\n'; sleep 2) | \"$0\" \"$1\" --no-draft", CLI.binary, form]
    )
    .result
    #expect(waited.status == 3)
  }

  /// gum confirm / RE's deletion with completion: a handler's
  /// formrun.confirm asks, the pipe's next line answers, and --submit (no
  /// one to ask) answers no.
  @Test func aHandlerAsksAYesNoQuestion() throws {
    let form = try CLI.script(
      """
      form:section("A"):item{ name = "go", title = "Go",
        on_select = function() print(formrun.confirm("Really?") and "went" or "stayed") end }
      form:section("A"):text{ name = "t", title = "T",
        validate = function(item) if item.value and not formrun.confirm("Keep " .. item.value .. "?") then return "Not kept." end end }
      """)
    let piped = try CLI.run([form, "--quiet"], input: "go\nmaybe\ny\ngo\n\nsubmit\n")
    #expect(piped.stderr.contains("Really? [y/N]\nAnswer y or n.\nReally? [y/N]\nwent\n"), "\(piped.stderr)")
    #expect(piped.stderr.contains("Really? [y/N]\nstayed"), "\(piped.stderr)")
    #expect(piped.status == 0)
    let unasked = try CLI.run([form, "--set", "t=x", "--submit"])
    #expect(unasked.status == 3, "\(unasked.stderr)")
    #expect(unasked.stderr.contains("Not kept."))
  }

  /// A German form's question takes its own letters (and English's).
  @Test func aGermanFormsQuestionTakesJa() throws {
    let form = try CLI.script(
      """
      form.locale = "de"
      form:section("A"):item{ name = "go", title = "Go",
        on_select = function() print(formrun.confirm("Wirklich?") and "ja" or "nein") end }
      """)
    let piped = try CLI.run([form, "--quiet"], input: "go\nvielleicht\nja\ngo\ny\ngo\nnein\nsubmit\n")
    #expect(
      piped.stderr.contains("Wirklich? [j/N]\nBitte j oder n antworten.\nWirklich? [j/N]\nja\n"), "\(piped.stderr)")
    #expect(piped.stderr.contains("Wirklich? [j/N]\nja\nWirklich? [j/N]\nnein\n"), "\(piped.stderr)")
    #expect(piped.status == 0)
  }
}
