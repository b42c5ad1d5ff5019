import TestSupport
import Testing

@testable import FormCore
@testable import FormLua
@testable import FormSession

/// Examples/controls.lua driven by command lines, as a user or a pipe would:
/// every kind set, then submitted, then the exact JSON.
struct ControlsTests {
  /// The package root, three levels above this file.
  static let root = String(
    "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
      .joined(separator: "/"))

  /// The runtime and a session on its form, kept together: the form's Lua
  /// handlers (the custom kind's `format`) must not outlive the runtime.
  final class Fixture {
    let runtime = LuaRuntime()
    let session: Session

    /// The controls form with the card check's "today" fixed at 15 June 2026.
    init() throws {
      runtime.form.kinds["creditcard"] = CreditCardKind(today: { CivilDate(year: 2026, month: 6, day: 15) })
      try runtime.load(path: ControlsTests.root + "/Examples/controls.lua")
      session = Session(form: runtime.form, host: TestHost())
      _ = session.start()
    }
  }

  static let everyKind = [
    "name Jane",
    "password hunter22",
    "notes", "Dear team,", "see you at 9.", ".",
    "phone 555-123-4567",
    "seats 4",
    "price 12.5",
    "volume 0.73",
    "wifi",
    "birthday 11/30/1990",
    "alarm 07:30 PM",
    "meeting 2026-11-30T14:05",
    "plan", "2",
    "size l",
    "toppings 1,3",
    "pizza L, thick",
    "card 4242 4242 4242 4242 12/28 123",
    "stars 5",
  ]

  @Test func everyKindIsSetByCommandsAndSubmitted() throws {
    let f = try Fixture()
    let (runtime, session) = (f.runtime, f.session)
    for line in Self.everyKind {
      let out = session.send(line)
      #expect(!out.contains { $0.hasPrefix("! ") }, "\(line): \(out.filter { $0.hasPrefix("! ") })")
    }
    #expect(runtime.form.errors == [])
    _ = session.send("submit")
    #expect(
      session.submittedValues.map { JSON.encode(.record($0)) } == """
        {"name":"Jane","password":"hunter22","notes":"Dear team,\\nsee you at 9.","phone":"5551234567",\
        "seats":4,"price":12.5,"volume":0.7,"wifi":false,"birthday":"1990-11-30","alarm":"19:30",\
        "meeting":"2026-11-30T14:05","plan":"Pro","size":"L","toppings":["Cheese","Olives"],\
        "pizza":["L","Thick"],"card":{"number":"4242424242424242","expiry":"12/28","cvv":"123"},"stars":5}
        """)
  }

  @Test func rowsShowEachKindsDisplay() throws {
    let f = try Fixture()
    for line in Self.everyKind { _ = f.session.send(line) }
    let shown = Dictionary(
      uniqueKeysWithValues: f.runtime.form.rows.compactMap { item in
        item.name.map { ($0, item.displayValue) }
      })
    #expect(shown["notes"] == "Dear team, … (2 lines)")
    #expect(shown["phone"] == "(555) 123-4567")
    #expect(shown["price"] == "12.50")
    #expect(shown["volume"] == "[#######---] 0.7")
    #expect(shown["birthday"] == "11/30/1990")
    #expect(shown["alarm"] == "07:30 PM")
    #expect(shown["meeting"] == "Mon Nov 30, 2026 14:05")
    #expect(shown["size"] == "S | M | [L]")
    #expect(shown["toppings"] == "Cheese, Olives")
    #expect(shown["card"] == "Visa •••• 4242  12/28")
    #expect(shown["stars"] == "*****")
  }

  @Test(arguments: [
    ("seats 1", "! Seats must be at least 2 (value unchanged)"),
    ("seats abc", "! Seats must be a number (got 'abc') (value unchanged)"),
    ("birthday 02/30/2001", "! Birthday is not a real date (February 2001 has 28 days) (value unchanged)"),
    ("toppings 1,x", "! Toppings has no option 'x' (options: Cheese, Mushrooms, Olives) (value unchanged)"),
    ("volume 2", "! Volume must be from 0 to 1 (got 2) (value unchanged)"),
    ("card 4242", "! Card takes NUMBER MM/YY CVV separated by spaces (got 1 part) (value unchanged)"),
  ])
  func badInputIsRefusedInOneLine(line: String, answer: String) throws {
    let f = try Fixture()
    let before = f.runtime.form.values
    #expect(f.session.send(line) == [answer])
    #expect(f.runtime.form.values == before)
  }

  @Test func typedCardsFailingTheirChecksAreRefusedAndScriptOnesAreErrors() throws {
    let f = try Fixture()
    #expect(
      f.session.send("card 4242424242424241 05/26 12") == [
        "! Card is not a valid card number. Card has expired. Card security code is not valid. (value unchanged)"
      ])
    #expect(f.runtime.form.find("card")!.value == .null)
    // the same card set by a script is kept, and its errors stop the submit
    let card = f.runtime.form.find("card")!
    guard case .value(let value) = card.kind.accept(.string("4242424242424241 05/26 12"), for: card) else {
      Issue.record("the card was not read")
      return
    }
    card.assign(value)
    let out = f.session.send("submit")
    #expect(f.session.submittedValues == nil)
    #expect(
      Array(out.suffix(4)) == [
        "cannot submit (3 problems):",
        "  row 16: Card is not a valid card number.",
        "  row 16: Card has expired.",
        "  row 16: Card security code is not valid.",
      ])
  }

  @Test func scriptsReadAndSetKindValuesAndOptions() throws {
    let f = try Fixture()
    let runtime = f.runtime
    try runtime.load(
      source: """
        local t = form:find("toppings")
        t.value = { "Olives", 1 }
        assert(#t.value == 2 and t.value[1] == "Cheese" and t.value[2] == "Olives")
        assert(form:find("pizza").options[2][3] == "Thick")
        form:find("plan").value = "team"
        assert(form:find("plan").value == "Team")
        assert(form:find("birthday").format == "MM/dd/yyyy")
        """, name: "check")
    #expect(throws: ScriptError.self) {
      try runtime.load(source: "form:find('seats').decimals = -1", name: "bad")
    }
    do {
      try runtime.load(source: "form:find('plan').value = 'Gold'", name: "bad")
      Issue.record("a value that is not an option was taken")
    } catch {
      #expect(error.summary.contains("Plan has no option 'Gold' (options: Free, Pro, Team)"))
    }
  }
}
