import FormSession
import FormTerminal
import TestSupport
import Testing

@testable import FormCLI
@testable import FormCore

/// The fill prompt's Tab offers and an editor's starting text, from the rows' facts.
struct FormPromptTests {
  func session() throws -> Session {
    let form = Form()
    let s = form.addSection()
    try s.append(Item(kind: Kinds.builtIn["radio"]!, title: "Plan", name: "plan"))
    try s.append(Item(kind: Kinds.builtIn["multiple"]!, title: "Toppings", name: "toppings"))
    try s.append(Item(kind: Kinds.builtIn["picker"]!, title: "Pizza", name: "pizza"))
    try s.append(Item(kind: Kinds.builtIn["date"]!, title: "Day", name: "day"))
    try s.append(Item(kind: Kinds.builtIn["text"]!, title: "Secret", name: "secret"))
    _ = form.find("plan")!.setOption("options", to: .list(["Free", "Pro", "Team"].map { .string($0) }))
    _ = form.find("toppings")!.setOption("options", to: .list(["Cheese", "Chili", "Olives"].map { .string($0) }))
    _ = form.find("pizza")!.setOption(
      "options", to: .list([.list(["S", "M"].map { .string($0) }), .list(["Thin", "Thick"].map { .string($0) })]))
    _ = form.find("secret")!.setOption("secure", to: .bool(true))
    try s.append(Item(kind: Kinds.builtIn["text"]!, title: "City", name: "city"))
    _ = form.find("city")!.setOption("suggestions", to: .list(["Boston", "Berlin", "Bern"].map { .string($0) }))
    return Session(form: form, host: TestHost())
  }

  @Test func tabOffersTheOptionsOfTheRowsShape() throws {
    let s = try session()
    #expect(FormPrompt.complete("plan t", session: s) == Completion(start: 5, words: ["Team"]))
    #expect(
      FormPrompt.complete("toppings Olives, ch", session: s) == Completion(start: 17, words: ["Cheese", "Chili"]))
    #expect(FormPrompt.complete("pizza S, th", session: s) == Completion(start: 9, words: ["Thin", "Thick"]))
    #expect(FormPrompt.complete("pizza S, M, ", session: s).words.isEmpty, "a picker has two parts")
    #expect(FormPrompt.complete("day 2", session: s).words.isEmpty, "a date offers no options")
  }

  @Test func tabOffersATextRowsSuggestionsForTheWholeText() throws {
    let s = try session()
    #expect(FormPrompt.complete("city  ber", session: s) == Completion(start: 6, words: ["Berlin", "Bern"]))
    #expect(FormPrompt.complete("city bstn", session: s) == Completion(start: 5, words: ["Boston"]))
    #expect(FormPrompt.complete("secret b", session: s).words.isEmpty, "a secret offers nothing")
    _ = s.send("city")
    #expect(FormPrompt.complete("", session: s) == Completion(start: 0, words: ["Boston", "Berlin", "Bern"]))
    #expect(FormPrompt.complete("brn", session: s) == Completion(start: 0, words: ["Bern", "Berlin"]))
  }

  @Test func anEditorStartsWithTheValueTypedBack() throws {
    let s = try session()
    _ = s.send("toppings 3, 1")
    _ = s.send("toppings")
    #expect(FormPrompt.prefill(s) == "Cheese, Olives")
    _ = s.send("")
    _ = s.send("day 2026-11-30")
    _ = s.send("day")
    #expect(FormPrompt.prefill(s) == "2026-11-30")
    _ = s.send("")
    _ = s.send("secret hunter22")
    _ = s.send("secret")
    #expect(FormPrompt.prefill(s) == nil, "a secret is never typed back")
  }

  @Test func upInAChoiceEditorStepsThroughItsOptionsNotTheHistory() throws {
    let s = try session()
    #expect(FormPrompt.recall(s) == nil, "at the prompt: the kept lines")
    _ = s.send("plan")
    #expect(FormPrompt.recall(s) == ["Team", "Pro", "Free"], "the first ↑ gives the first option")
    _ = s.send("")
    _ = s.send("toppings")
    #expect(FormPrompt.recall(s) == ["Olives", "Chili", "Cheese"])
    _ = s.send("")
    _ = s.send("pizza")
    #expect(FormPrompt.recall(s) == [], "a picker's parts: nothing to recall")
    _ = s.send("")
    _ = s.send("day")
    #expect(FormPrompt.recall(s) == nil)
  }

  @Test func tabListsEscapedAndAsksPastAHundred() {
    let listing = FormPrompt.listing { Catalogue.shipped["de"]! }
    #expect(listing.shown("esc\u{1B}[2J.csv") == "esc\\e[2J.csv")
    #expect(listing.question(100_000) == "Alle 100000 Möglichkeiten zeigen? (j oder n)")
    #expect(listing.answer("j") == true)
    #expect(listing.answer("y") == true)
    #expect(listing.answer("n") == false)
    #expect(listing.answer("x") == nil)
    #expect(listing.limit == 100)
  }
}
