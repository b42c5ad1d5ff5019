import FormCore
import FormSession

/// How the view model's roles look on a terminal: each is drawn in a role
/// of the theme (`Theme`, FormCore: `--theme`, `FORMRUN_THEME`,
/// `form.theme`), with colour when the terminal has it and its attributes
/// (bold, dim, italic, underline, reverse) either way.
extension Theme {
  /// The theme's role a view role is drawn in, and what the screen adds to it.
  static func look(of role: FormSession.Role) -> (role: Theme.Role?, adds: String?) {
    switch role {
    case .plain, .message: return (nil, nil)
    case .formTitle, .button, .key, .question: return (.title, nil)
    case .header: return (.header, nil)
    case .note, .pageHeading, .detail, .description, .hint, .keyHelp: return (.hint, nil)
    case .title: return (.label, nil)
    // the row being edited: its title stands out
    case .openTitle: return (.label, "1")
    case .disabled: return (.disabled, nil)
    case .value: return (.value, nil)
    // never like a value, whatever the theme and with or without colour
    case .placeholder: return (.placeholder, "3")
    case .error: return (.error, nil)
    case .focus, .selection: return (.focus, nil)
    case .chosen: return (.selected, nil)
    }
  }

  /// The SGR parameters `role` is drawn with (`color`: colours too), nil for none.
  func screenCodes(_ role: FormSession.Role, color: Bool) -> String? {
    let (themed, adds) = Self.look(of: role)
    var out = themed.flatMap { self.codes($0, color: color) } ?? ""
    if let adds, !out.split(separator: ";").contains(Substring(adds)) {
      out += (out.isEmpty ? "" : ";") + adds
    }
    if out.isEmpty, role == .focus || role == .selection { out = "7" }
    return out.isEmpty ? nil : out
  }

  /// The attributes of `role` kept inside the focus's reverse video (bold,
  /// dim, italic, underline: no colour, no second reverse).
  func keptInFocus(_ role: FormSession.Role) -> [Substring] {
    guard let codes = screenCodes(role, color: false) else { return [] }
    return codes.split(separator: ";").filter { ["1", "2", "3", "4"].contains($0) }
  }
}
