import FormCore

/// What a person may type for a row, in sentences. The guided walk and the
/// accessible voice's editor say it; the words are the row's facts
/// (`KindFacts.expects`), the same phrase the framed editor's prompt shows.
public enum ExpectedInput {
  /// The options, numbered, when the row is a choice; then what to type:
  /// `Options: 1 Free, 2 Pro, 3 Team.`, `Type a number from 1 to 3 or an option, e.g. 1 for Free.`
  /// In the walk (`inWalk`) a long list is read as its first few options and
  /// how to search it or hear it all.
  public static func lines(for item: Item, inWalk: Bool = false) -> [String] {
    let facts = item.facts
    let expects = Cells.sanitize(facts.expects)
    let lists = facts.shape.choiceLists
    if facts.shape.isChoice, lists.allSatisfy(\.choices.isEmpty) {
      // nothing to type: the kind's phrase says so (`no options to choose from`)
      return [Spoken.period(expects.prefix(1).uppercased() + expects.dropFirst())]
    }
    var out: [String] = []
    let c = item.words
    if !lists.isEmpty { out.append(c.say("expect.options", ["options": options(facts.shape, inWalk: inWalk, c)])) }
    out.append(Spoken.period(c.say(item.kind.readsLines ? "expect.type_lines" : "expect.type", ["what": expects])))
    if inWalk && isLong(facts.shape) { out.append(c.say("expect.search")) }
    return out
  }

  /// Above this many options the walk reads the first `firstFew` and the count of the rest.
  static let longList = 10
  static let firstFew = 5

  /// True when a list of the shape is longer than the walk reads whole.
  static func isLong(_ shape: KindFacts.Shape) -> Bool { shape.choiceLists.contains { $0.choices.count > longList } }

  /// `1 Free, 2 Pro, 3 Team`; a picker's parts as `part 1: 1 S, 2 M; part 2: …`.
  static func options(
    _ shape: KindFacts.Shape, inWalk: Bool = false, whole: Bool = false, _ c: Catalogue = .english
  ) -> String {
    if case .components(let parts) = shape {
      return parts.enumerated().map {
        c.say(
          "expect.part",
          ["number": String($0.offset + 1), "options": numbered($0.element, cut: inWalk, whole: whole, c)])
      }
      .joined(
        separator: "; ")
    }
    return shape.choiceLists.map { numbered($0, cut: inWalk, whole: whole, c) }.joined(separator: "; ")
  }

  /// The options said before `and N more` outside the walk: a long list is not read out whole.
  static let said = 20

  /// `1 Free, 2 Pro, 3 Team`: the options with their numbers (`cut`: a long
  /// list's first few, then `and 35 more`; otherwise the first `said` of a
  /// longer list, then how many more; `whole`: every option, as `?` asks).
  static func numbered(
    _ list: KindFacts.ChoiceList, cut: Bool = false, whole: Bool = false, _ c: Catalogue = .english
  ) -> String {
    let n = list.choices.count
    let shown = whole ? list.choices : Array(list.choices.prefix(cut && n > longList ? firstFew : said))
    let words = shown.enumerated().map { "\($0.offset + 1) \(Cells.sanitize($0.element.label))" }
    guard shown.count < n else { return words.joined(separator: ", ") }
    let more = c.say(cut ? "expect.and_more" : "expect.and_more_narrow", ["count": String(n - shown.count)])
    return (words + [more]).joined(separator: ", ")
  }
}
