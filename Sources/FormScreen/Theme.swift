import FormSession

/// How the view model's roles look on a terminal: each role's SGR codes
/// with colour on, and without (`NO_COLOR`, a terminal without colour),
/// where only attributes remain.
public struct Theme: Sendable {
  /// A role's look: its codes with colour, and without.
  public struct Look: Sendable, Equatable {
    /// SGR parameters when colour is on (`1;36`); nil: plain.
    public var color: String?
    /// SGR parameters when colour is off (attributes only); nil: plain.
    public var plain: String?
    /// A look of these codes.
    public init(color: String?, plain: String?) {
      self.color = color
      self.plain = plain
    }
    /// The same attributes with colour or without.
    public init(_ codes: String?) { self.init(color: codes, plain: codes) }
  }

  /// The theme's name (`default`, `monochrome`…).
  public var name: String
  /// Each role's look; a role left out is plain.
  public var looks: [Role: Look]

  /// A theme called `name` with these looks.
  public init(name: String, looks: [Role: Look]) {
    self.name = name
    self.looks = looks
  }

  /// The SGR parameters of `role`, nil for plain.
  func code(_ role: Role, color: Bool) -> String? {
    guard let look = looks[role] else { return nil }
    return color ? look.color : look.plain
  }

  /// The attributes of `role` kept inside the focus's reverse video (bold,
  /// dim, italic, underline: no colour); empty for none.
  func attributes(_ role: Role) -> [Substring] {
    guard let codes = looks[role]?.plain else { return [] }
    return codes.split(separator: ";").filter { ["1", "2", "3", "4"].contains($0) }
  }

  /// The default look: bold headers and keys, values in cyan and errors in
  /// red when there is colour, the quiet parts dim; a placeholder dim and
  /// italic with colour or without, so it never looks like a value.
  public static let standard = Theme(
    name: "default",
    looks: [
      .formTitle: Look("1"), .header: Look("1"), .note: Look(color: "2", plain: nil),
      .pageHeading: Look(color: "2", plain: nil), .openTitle: Look("1"), .disabled: Look(color: "2", plain: nil),
      .value: Look(color: "36", plain: nil), .placeholder: Look("2;3"),
      .detail: Look(color: "2", plain: nil), .description: Look(color: "2", plain: nil),
      .hint: Look(color: "2", plain: nil), .error: Look(color: "31", plain: nil), .focus: Look("7"),
      .selection: Look("7"), .button: Look("1"), .key: Look("1"), .keyHelp: Look(color: "2", plain: nil),
      .question: Look("1"),
    ])
}
