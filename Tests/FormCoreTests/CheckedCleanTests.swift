import Testing

@testable import FormCore

/// A submit checks every row again, but a row whose last check found nothing
/// and whose check depends on its value alone, none of that changed since:
/// checking it again would find nothing again. Every change that could
/// make it fail is seen.
struct CheckedCleanTests {
  /// A value-alone check that counts its runs.
  final class Runs { var count = 0 }
  struct Counted: Validator {
    let runs: Runs
    var alone = true
    var source: String { "counted" }
    var checksValueAlone: Bool { alone }
    func check(_ value: Value, item: Item) -> [String] {
      runs.count += 1
      return value.string == "bad" ? ["\(item.title) is bad."] : []
    }
  }

  func form(_ runs: Runs, alone: Bool = true) throws -> (Form, Item) {
    let form = Form()
    let s = form.addSection("S")
    let item = Item(kind: TextKind(), title: "Name", name: "name")
    item.assign(.string("good"))
    item.validators = [Counted(runs: runs, alone: alone)]
    try s.append(item)
    return (form, item)
  }

  @Test func aCleanRowIsNotCheckedAgainAtSubmit() throws {
    let runs = Runs()
    let (form, _) = try form(runs)
    #expect(runs.count == 1)
    guard case .accepted = form.submit() else {
      Issue.record("refused")
      return
    }
    #expect(runs.count == 1)
  }

  @Test func aCheckThatMayLookElsewhereRunsAtEverySubmit() throws {
    let runs = Runs()
    let (form, _) = try form(runs, alone: false)
    _ = form.submit()
    _ = form.submit()
    #expect(runs.count == 3)
  }

  @Test func aChangedValueIsChecked() throws {
    let runs = Runs()
    let (form, item) = try form(runs)
    // the value set without the form's validation (as a detached row's is)
    item.value = .string("bad")
    guard case .invalid(let rows) = form.submit() else {
      Issue.record("accepted")
      return
    }
    #expect(rows == [item])
    #expect(item.errors == ["Name is bad."])
  }

  @Test func changedValidatorsAreChecked() throws {
    let (form, item) = try form(Runs())
    item.validators = [try Validators.make("length(5, 9)", in: form)]
    guard case .invalid = form.submit() else {
      Issue.record("accepted")
      return
    }
  }

  @Test func aValidateFunctionIsRunAtSubmit() throws {
    let (form, item) = try form(Runs())
    item.validate = ClosureHandler { _ in .returned([.string("No.")]) }
    guard case .invalid = form.submit() else {
      Issue.record("accepted")
      return
    }
    #expect(item.errors == ["No."])
  }

  @Test func aChangedKindIsChecked() throws {
    let runs = Runs()
    let (form, item) = try form(runs)
    item.kind = TextKind(secure: true)
    _ = form.submit()
    #expect(runs.count == 2)
  }

  @Test func aFailedCheckIsCheckedAgainAndReworded() throws {
    let runs = Runs()
    let (form, item) = try form(runs)
    form.setValue(item, .string("bad"), origin: .script)
    #expect(item.errors == ["Name is bad."])
    item.title = "Full name"
    guard case .invalid = form.submit() else {
      Issue.record("accepted")
      return
    }
    #expect(item.errors == ["Full name is bad."])
  }
}
