import Testing

@testable import FormCore
@testable import FormSession

/// Outcomes are values: equal exactly when they are the same case with
/// equal payloads, rows and sections compared by identity (not by title or
/// value), so no case compares vacuously.
struct OutcomeEqualityTests {
  @Test func everyCaseIsEqualToItselfAndToNoOtherPayload() throws {
    let form = try signup()
    let email = try #require(form.find("email"))
    let other = Item(kind: TextKind(), title: "Email", name: "email")  // the same contents, another row
    let news = try #require(form.find("newsletter"))
    let section = form.sections[0]
    let changes = Form.Changes(structure: false, items: [email])
    let values: [Value.Field] = [.init("email", .string("a"))]
    // (one outcome, another that differs only in its payload)
    let pairs: [(Outcome, Outcome)] = [
      (.changed(changes), .changed(Form.Changes(structure: false, items: [other]))),
      (.changed(changes), .changed(Form.Changes(structure: true, items: [email]))),
      (.refused(.disabled(email)), .refused(.disabled(other))),
      (.refused(.ambiguous("e", candidates: [email, news])), .refused(.ambiguous("e", candidates: [news, email]))),
      (
        .editorOpened(email, changes: changes),
        .editorOpened(email, changes: Form.Changes(structure: true, items: [email]))
      ),
      (.editorOpened(email, changes: changes), .editorOpened(other, changes: changes)),
      (.submitted(values), .submitted([.init("email", .string("b"))])),
      (.submitRefused(.invalid([email]), changes: nil), .submitRefused(.invalid([other]), changes: nil)),
      (.submitRefused(.invalid([email]), changes: nil), .submitRefused(.invalid([email]), changes: changes)),
      (.submitRefused(.handler(.declined), changes: nil), .submitRefused(.handler(.message("no")), changes: nil)),
      (.values(values), .values([])),
      (.errors([email]), .errors([other])),
      (.actions(email), .actions(other)),
      (.rowShown(email), .rowShown(news)),
      (.rowsShown([email, news]), .rowsShown([email])),
      (.sectionShown(section), .sectionShown(Section())),
      (.names([email]), .names([other])),
      (.editorLeft(email), .editorLeft(other)),
      (.adjusted(changes, item: email, note: "a"), .adjusted(changes, item: email, note: "b")),
      (.adjusted(changes, item: email, note: "a"), .adjusted(changes, item: other, note: "a")),
    ]
    for (a, b) in pairs {
      #expect(a == a, "\(a) is not equal to itself")
      #expect(a != b, "\(a) equals \(b)")
    }
    let plain: [Outcome] = [.nothing, .unchanged, .lineRead, .cancelled, .screen, .help, .started, .walk]
    for (i, a) in plain.enumerated() {
      for (j, b) in plain.enumerated() { #expect((a == b) == (i == j), "\(a) vs \(b)") }
    }
  }
}
