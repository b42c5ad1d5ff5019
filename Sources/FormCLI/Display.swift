import FormCore
import FormRender
import FormSession
import FormTerminal

/// How the form is drawn here: the width, colour and screen height decided
/// from flags, the environment, the form's style and the terminal (in that order).
struct Display {
  var width: Int
  var explicitWidth: Bool
  var color: Bool
  /// Without colour, a terminal still shows a row's own bold and dim (`item.style`).
  var emphasis: Bool
  var height: Int?
  /// The terminal's height when stderr is one: a taller first screen is cut to it.
  var terminalRows: Int?
  var border: Style.Border
  /// The theme (`--theme`, `FORMRUN_THEME`, `form.theme`), drawn as colour and the terminal allow.
  var theme: Theme
  /// `--theme`, kept to decide again after a resize.
  var themeFlag: String?
  /// What to say of an unknown `FORMRUN_THEME` (said once, by the caller).
  var themeProblem: String?

  init(form: Form, width: Int?, color: String?, theme: String? = nil) {
    let size = Terminal.stderrIsTTY ? Terminal.size : nil
    self.width = width ?? size.map { min(max($0.columns - 1, 20), 100) } ?? 72
    explicitWidth = width != nil
    let dumb = Terminal.env("TERM") == "dumb"
    let noColor = !(Terminal.env("NO_COLOR") ?? "").isEmpty
    emphasis = Terminal.stderrIsTTY && !dumb
    switch color ?? "auto" {
    case "always": self.color = true
    case "never": self.color = false
    default:
      if noColor || dumb {
        self.color = false
      } else {
        switch form.style.color ?? .auto {
        case .always: self.color = true
        case .never: self.color = false
        // a terminal whose terminfo entry has no colours (vt100, xterm-mono) gets attributes only
        case .auto: self.color = Terminal.stderrIsTTY && Terminal.hasColors
        }
      }
    }
    // piped sessions get a notional screen so a huge form is not redrawn per line
    height = size.map { max($0.rows - 2, 10) } ?? 60
    terminalRows = size.map { max($0.rows, 10) }
    border = dumb ? .ascii : .rounded
    themeFlag = theme
    let chosen = Theme.chosen(flag: theme, environment: Terminal.env("FORMRUN_THEME"), form: form.theme)
    themeProblem = chosen.problem
    self.theme = chosen.theme.drawn(self.color ? .color : emphasis ? .emphasis : .plain)
  }

  var renderer: Renderer {
    Renderer(width: width, explicit: explicitWidth, theme: theme, defaultBorder: border)
  }
}

extension Display {
  /// Fit the session to the terminal as it is now (it may have been resized
  /// since the last drawing): its width, unless one was asked for, and its height.
  func follow(_ session: Session) {
    guard Terminal.stderrIsTTY, Terminal.size != nil else { return }
    let now = Display(
      form: session.form, width: explicitWidth ? width : nil, color: color ? "always" : "never", theme: themeFlag)
    session.renderer = now.renderer
    session.height = now.height
    session.terminalRows = now.terminalRows
  }
}
