import FormCore
import FormLua
import FormTerminal

/// `FORMRUN_TIME_BUDGET=SECONDS`: the wall-clock time a handler (or a REPL
/// chunk) and a form script's load may run before they are stopped, in
/// place of the defaults (5 and 10 seconds). For a form whose handlers wait
/// on slow commands, and for tests of runaways that should not wait long.
enum TimeBudget {
  static let variable = "FORMRUN_TIME_BUDGET"

  /// Give `runtime` the budget the environment asks for; a value that is no
  /// positive number of seconds is said once and ignored.
  static func apply(to runtime: LuaRuntime) {
    guard let text = Terminal.env("FORMRUN_TIME_BUDGET") else { return }
    guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
      Terminal.ui([
        "formrun: \(variable)='\(Cells.sanitize(text))' is not a number of seconds above 0; the default budgets apply"
      ])
      return
    }
    runtime.handlerBudget.seconds = seconds
    runtime.loadBudget.seconds = seconds
  }
}
