import Testing
@testable import FormScreen

struct ExploreTests {
  @Test func explore() {
    let h = ScreenHarness(Forms.signup)
    print(h.shown.joined(separator: "\n"))
    h.press("down", "down", "enter")
    print("----"); print(h.shown.joined(separator: "\n"))
    h.press("down", "down", "enter")
    print("----"); print(h.shown.joined(separator: "\n"))
    print(h.value("plan") as Any)
  }
}
