import FormCore

/// A row's fields in a POST read back as the text a person would type for
/// it at the prompt: the kind then reads that text by the rules every front
/// end shares (`Session.perform(.set)`), so handlers and checks run the
/// same in the browser. Options go by their text when it reads back as
/// itself, else by their number, as the screen mode sends them.
enum FieldReading {
  /// What the fields say to do with the row.
  enum Typed: Equatable {
    /// the row is not among the fields (not on the page that was sent), or a
    /// secret left empty: nothing to do
    case untouched
    /// empty it
    case clear
    /// set it from this text
    case text(String)
  }

  /// The row `name` (`r<id>`) of `facts` as the fields give it.
  static func typed(_ facts: KindFacts, name: String, in fields: FormFields) -> Typed {
    switch facts.shape {
    case .action: return .untouched
    case .toggle:
      // the hidden `off`, then `on` when the box is ticked
      guard let last = fields.all(name).last else { return .untouched }
      return .text(last == "on" ? "on" : "off")
    case .severalOf(let list):
      let all = fields.all(name)
      guard !all.isEmpty else { return .untouched }
      let chosen = all.compactMap { Int($0) }.filter { (1...list.choices.count).contains($0) }.map { $0 - 1 }
      if chosen.isEmpty { return .clear }
      return .text(typed(chosen, of: list.choices.map(\.label), commas: true))
    case .oneOf(let list):
      guard let v = fields[name] else { return .untouched }
      guard let i = Int(v), (1...max(list.choices.count, 1)).contains(i), i <= list.choices.count else {
        return v.isEmpty ? .clear : .text(v)
      }
      return .text(typed([i - 1], of: list.choices.map(\.label), commas: false))
    case .components(let lists):
      var parts: [String] = []
      var any = false
      for (k, list) in lists.enumerated() {
        guard let v = fields["\(name).\(k + 1)"] else { return .untouched }
        any = any || !v.isEmpty
        guard let i = Int(v), i >= 1, i <= list.choices.count else {
          parts.append(v)
          continue
        }
        parts.append(typed([i - 1], of: list.choices.map(\.label), commas: true))
      }
      return any ? .text(parts.joined(separator: ", ")) : .clear
    case .card(let cardFields):
      let parts = cardFields.map { fields["\(name).\($0.key)"]?.trimmingSpaces ?? "" }
      // a card is never drawn back: empty fields leave the one held as it is
      if parts.allSatisfy(\.isEmpty) { return .untouched }
      return .text(parts.joined(separator: " "))
    case .secret:
      guard let v = fields[name], !v.isEmpty else { return .untouched }
      return .text(v)
    case .text, .lines, .number, .masked, .date, .custom:
      guard let v = fields[name] else { return .untouched }
      return v.isEmpty ? .clear : .text(v)
    }
  }

  /// Options as the line mode reads them: by text when it reads back as
  /// itself (not empty, no spaces at its ends, no comma among several), else by number.
  static func typed(_ indices: [Int], of labels: [String], commas: Bool) -> String {
    indices.map { i in
      let label = labels[i]
      let safe = !label.isEmpty && label.trimmingSpaces == label && !(commas && label.contains(","))
      return safe ? label : String(i + 1)
    }.joined(separator: ", ")
  }
}
