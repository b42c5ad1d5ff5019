import Foundation
import TestSupport

/// Forms the screen tests run.
enum Forms {
  /// The review's form (a): email with a validator, a password 8–64, a radio
  /// of 5, a multiple of 6 limited to 1–3, a switch, a date.
  static let signup = Fixtures.reviewSignup
}

/// The example with a row of every kind.
enum Controls {
  static var source: String {
    (try? String(contentsOf: Launch.root.appendingPathComponent("Examples/controls.lua"), encoding: .utf8)) ?? ""
  }
}
