/// Month and day names for `date` rows (`form.locale`): what `MMM`/`MMMM`
/// and `E`/`EEEE` show and read. A short name is the first three characters.
public struct DateNames: Equatable, Sendable {
  /// Twelve names, January first.
  public var months: [String]
  /// Seven names, Sunday first (as `os.date("%w")` counts).
  public var days: [String]

  /// Names as a script gives them in `form.locale`.
  public init(months: [String], days: [String]) {
    self.months = months
    self.days = days
  }

  /// The names rows use unless `form.locale` says otherwise.
  public static let english = DateNames(months: CivilDate.monthNames, days: CivilDate.weekdayNames)
}

extension Item {
  /// How messages name the row: `error_label`, else the label (title, name, kind).
  public var messageName: String { errorLabel ?? label }
}

extension Form {
  /// A validator's messages in the author's words: the row's `messages[name]`,
  /// else the form's, with `%s` replaced by the row's message name; the
  /// validator's own wording when neither names it (a script's validator's
  /// `%s` filled in the same way).
  func authored(_ found: [String], by validator: any Validator, for item: Item) -> [String] {
    guard !found.isEmpty else { return found }
    guard !(item.customMessages.isEmpty && customMessages.isEmpty) else {
      return validator is HandlerValidator ? found.map { $0.replacing("%s", with: item.messageName) } : found
    }
    let name = validatorName(validator.source)
    guard let text = item.customMessages[name] ?? customMessages[name] else {
      return validator is HandlerValidator ? found.map { $0.replacing("%s", with: item.messageName) } : found
    }
    return [text.replacing("%s", with: item.messageName)]
  }

  /// `length(8, 64)` → `length`.
  func validatorName(_ source: String) -> String {
    String(source.prefix { $0 != "(" }).trimmingSpaces
  }
}

/// A phrase as a script writes it in `form.messages`: its text, and the form for one.
public struct PhraseText: Equatable, Sendable {
  /// The phrase (the form for any count but one).
  public var text: String
  /// The form for a count of one, if the phrase has one.
  public var one: String?
  /// A phrase and its form for one.
  public init(_ text: String, one: String? = nil) {
    self.text = text
    self.one = one
  }
}

extension Form {
  /// The phrase of `key` in the form's language.
  public func say(_ key: String, _ args: KeyValuePairs<String, String> = [:]) -> String {
    catalogue.say(key, args)
  }

  /// The form speaks `language` (a shipped catalogue's name) with its
  /// overrides over it; `months`/`days` replace the catalogue's names.
  /// An unknown language is an error naming the shipped ones.
  public func setLocale(_ language: String?, months: [String]? = nil, days: [String]? = nil) throws(CatalogueError) {
    let name = language ?? catalogue.language
    guard var next = Catalogue.shipped[name] else {
      let names = Catalogue.shipped.keys.sorted()
      let hint = suggestion(for: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
      throw CatalogueError(
        "no locale '\(Cells.quoted(name, limit: 40))'\(hint); formrun ships \(names.joined(separator: ", "))")
    }
    for (key, p) in phraseOverrides { try next.override(key, p.text, one: p.one) }
    next.dateNames = DateNames(months: months ?? next.dateNames.months, days: days ?? next.dateNames.days)
    catalogue = next
    dateNames = next.dateNames
  }

  /// `form.messages`' dotted keys, checked: each key must be one of the
  /// catalogue's, naming the key's placeholders (see `Catalogue.checked`).
  public func setPhraseOverrides(_ overrides: [String: PhraseText]) throws(CatalogueError) {
    var next = Catalogue.shipped[catalogue.language] ?? .english
    next.dateNames = catalogue.dateNames
    for key in overrides.keys.sorted() {
      let p = overrides[key]!
      try next.override(key, p.text, one: p.one)
    }
    phraseOverrides = overrides
    catalogue = next
  }
}

extension Item {
  /// The catalogue of the row's form (English for a row in no form).
  public var words: Catalogue { form?.catalogue ?? .english }
}

extension Catalogue {
  /// True when `answer` (lowercased, trimmed) means yes: one of `words.yes`, or English's.
  public func means(yes answer: String) -> Bool {
    words("words.yes").contains(answer) || Catalogue.english.words("words.yes").contains(answer)
  }

  /// True when `answer` means no: one of `words.no`, or English's.
  public func means(no answer: String) -> Bool {
    words("words.no").contains(answer) || Catalogue.english.words("words.no").contains(answer)
  }
}
