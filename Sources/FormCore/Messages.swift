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
