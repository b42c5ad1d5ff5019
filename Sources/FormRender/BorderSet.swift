import FormCore

/// The characters a border style draws with.
struct BorderSet {
  var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String

  static func of(_ border: Style.Border) -> BorderSet? {
    switch border {
    case .rounded:
      return BorderSet(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
    case .single:
      return BorderSet(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
    case .ascii:
      return BorderSet(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
    case .none: return nil
    }
  }

  /// Accessory glyphs drawn with this set (ASCII sets use ASCII glyphs).
  static func glyph(_ a: Accessory, ascii: Bool) -> String {
    switch a {
    case .none: return ""
    case .disclosure: return ascii ? ">" : "›"
    case .checkmark: return ascii ? "v" : "✓"
    case .info: return ascii ? "i" : "ⓘ"
    case .detail: return ascii ? "+" : "⊕"
    }
  }
}
