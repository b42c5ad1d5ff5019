import FormCore
import FormLua
import FormSession
import TestSupport
import Testing

@testable import FormCLI

/// `--set` and `--answers` land their values in the form's order, handlers
/// running between, so the result never depends on the order of the flags
/// or of the answers file's keys.
struct PrefillOrderTests {
  /// A row shown by another's value, before and after it in the form, and a
  /// company section shown by a switch at the end.
  static let source = """
    local s = form:section{ header = "Place" }
    s:radio{ name = "country", title = "Country", options = { "Canada", "United States" },
      on_change = function(item) form:find("state").hidden = item.value ~= "United States" end }
    s:text{ name = "state", title = "State", hidden = true }
    s:text{ name = "city", title = "City" }
    local c = form:section{ header = "Company", hidden = true }
    c:text{ name = "company", title = "Company name" }
    local e = form:section{}
    e:bool{ name = "employed", title = "Employed",
      on_change = function(item) c.hidden = not item.value end }
    """

  func filled(_ entries: [(String, Value)]) throws -> (String?, [Value.Field]) {
    let runtime = LuaRuntime()
    try runtime.load(source: Self.source, name: "form.lua")
    let session = Session(form: runtime.form, host: TestHost(), driver: .fill)
    let all = entries.map { Prefill.Entry(name: $0.0, value: $0.1, source: "--set \($0.0)") }
    let error = Prefill.apply(all, into: session)
    return withExtendedLifetime(runtime) { (error, runtime.form.values) }
  }

  static let everything: [(String, Value)] = [
    ("state", .string("CA")), ("company", .string("Acme")), ("city", .string("Boston")),
    ("employed", .bool(true)), ("country", .string("United States")),
  ]

  @Test func everyOrderGivesTheSameValues() throws {
    let expected: [Value.Field] = [
      .init("country", .string("United States")), .init("state", .string("CA")), .init("city", .string("Boston")),
      .init("company", .string("Acme")), .init("employed", .bool(true)),
    ]
    var orders = [Self.everything, Array(Self.everything.reversed())]
    // every rotation too
    for k in 1..<Self.everything.count { orders.append(Array(Self.everything[k...] + Self.everything[..<k])) }
    for order in orders {
      let (error, values) = try filled(order)
      #expect(error == nil, "\(order.map(\.0)): \(error ?? "")")
      #expect(values == expected, "\(order.map(\.0))")
    }
  }

  @Test func aTitleFindsTheRowInAnyOrderToo() throws {
    let (error, values) = try filled([("State", .string("NY")), ("Country", .string("United States"))])
    #expect(error == nil)
    #expect(values.first { $0.key == "state" }?.value == .string("NY"))
  }

  @Test func aValueForARowThatStaysHiddenIsRefused() throws {
    let (error, _) = try filled([("state", .string("CA")), ("country", .string("Canada"))])
    #expect(error == "--set state: 'state' is hidden")
    let (hiddenLater, _) = try filled([
      ("country", .string("United States")), ("state", .string("CA")), ("country", .string("Canada")),
    ])
    #expect(hiddenLater == "--set state: 'state' is hidden", "the later value for a row wins, and hides State")
    // what is left is refused in the order given
    let (left, _) = try filled([("nosuch", .string("x")), ("stat", .string("CA")), ("city", .string("Oslo"))])
    #expect(left?.hasPrefix("--set nosuch: the form has no item named 'nosuch'") == true, "\(left ?? "")")
    let (begun, _) = try filled([("stat", .string("CA")), ("nosuch", .string("x"))])
    #expect(begun == "--set stat: the form has no item named 'stat' (did you mean 'state'?)")
  }

  @Test func anAnswersFileIsReadInTheFormsOrder() throws {
    let runtime = LuaRuntime()
    try runtime.load(source: Self.source, name: "form.lua")
    let session = Session(form: runtime.form, host: TestHost(), driver: .fill)
    let json = #"{"state": "CA", "country": "United States", "city": "Boston"}"#
    #expect(Prefill.answers(session, bytes: Array(json.utf8), source: "a.json") == nil)
    #expect(runtime.form.find("state")?.value == .string("CA"))
    let bad = #"{"state": "CA", "country": "Canada"}"#
    let again = LuaRuntime()
    try again.load(source: Self.source, name: "form.lua")
    let refused = Prefill.answers(
      Session(form: again.form, host: TestHost(), driver: .fill), bytes: Array(bad.utf8), source: "b.json")
    #expect(refused == "b.json: 'state' is hidden")
  }
}
