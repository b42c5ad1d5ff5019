import FormCore

/// What a person may type for a row, in sentences. The guided walk and the
/// accessible voice's editor say it; the words are the row's facts
/// (`KindFacts.expects`), the same phrase the framed editor's prompt shows.
public enum ExpectedInput {
  /// The options, numbered, when the row is a choice; then what to type:
  /// `Options: 1 Free, 2 Pro, 3 Team.`, `Type a number from 1 to 3 or an option, e.g. 1 for Free.`
  public static func lines(for item: Item) -> [String] {
    let facts = item.facts
    let expects = Cells.sanitize(facts.expects)
    let lists = facts.shape.choiceLists
    if facts.shape.isChoice, lists.allSatisfy(\.choices.isEmpty) {
      // nothing to type: the kind's phrase says so (`no options to choose from`)
      return [Spoken.period(expects.prefix(1).uppercased() + expects.dropFirst())]
    }
    var out: [String] = []
    if !lists.isEmpty { out.append("Options: " + options(facts.shape) + ".") }
    let ending = item.kind.readsLines ? "; a line with only a full stop (.) ends the text" : ""
    return out + [Spoken.period("Type " + expects + ending)]
  }

  /// `1 Free, 2 Pro, 3 Team`; a picker's parts as `part 1: 1 S, 2 M; part 2: …`.
  static func options(_ shape: KindFacts.Shape) -> String {
    if case .components(let parts) = shape {
      return parts.enumerated().map { "part \($0.offset + 1): " + numbered($0.element) }.joined(separator: "; ")
    }
    return shape.choiceLists.map(numbered).joined(separator: "; ")
  }

  /// `1 Free, 2 Pro, 3 Team`: the options with their numbers.
  static func numbered(_ list: KindFacts.ChoiceList) -> String {
    list.choices.enumerated().map { "\($0.offset + 1) \(Cells.sanitize($0.element.label))" }.joined(separator: ", ")
  }
}
