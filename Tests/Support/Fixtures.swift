import Foundation

/// Forms more than one test target fills, kept once in `Tests/Fixtures`.
public enum Fixtures {
  /// The UX review's six-row sign-up (`Tests/Fixtures/review-signup.lua`).
  public static let reviewSignup = read("review-signup.lua")
  /// A paged order: Account, Payment, a hidden Extras, Notes (`Tests/Fixtures/paged-order.lua`).
  public static let pagedOrder = read("paged-order.lua")

  /// The text of `Tests/Fixtures/NAME` (empty when it cannot be read: the test using it fails).
  public static func read(_ name: String) -> String {
    let url = Launch.root.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }
}
