import CLua
import FormCore

/// Messages in the author's words (issue 13): `messages` on a row and on the
/// form, a row's `error_label`, and the form's `locale` for `date` rows.
enum MessageBinding {
  /// (Computed: read once, by the class table.)
  static var itemProperties: [Property<Item>] {
    [
      Property(
        "messages", "table<string, string>",
        "Validator name → this row's message (`%s` = its error label), in place of the built-in wording.",
        get: { b, item in b.state.push(record(item.customMessages)) },
        set: { b, item, i, what throws(ConversionError) in item.customMessages = try table(b, at: i, what()) }),
      .text("error_label", \.errorLabel, "How messages name the row when not by its title."),
    ]
  }

  /// (Computed: read once, by the class table.)
  static var formProperties: [Property<Form>] {
    [
      Property(
        "messages", "table<string, string>",
        "Validator name → message for every row (`%s` = the row's error label or title); a row's own win.",
        get: { b, form in b.state.push(record(form.customMessages)) },
        set: { b, form, i, what throws(ConversionError) in form.customMessages = try table(b, at: i, what()) }),
      Property(
        "locale", "{ months: string[]?, days: string[]? }",
        "Month (12, January first) and day (7, Sunday first) names for date rows.",
        get: { b, form in
          b.state.push(
            .record([
              .init("months", .list(form.dateNames.months.map { .string($0) })),
              .init("days", .list(form.dateNames.days.map { .string($0) })),
            ]))
        },
        set: { b, form, i, what throws(ConversionError) in form.dateNames = try locale(b, at: i, what()) }),
    ]
  }

  static func record(_ table: [String: String]) -> Value {
    .record(table.keys.sorted().map { .init($0, .string(table[$0]!)) })
  }

  /// `{ presence = "…", … }` at `index` (nil: none).
  static func table(_ b: ObjectBridge, at index: Int32, _ what: String) throws(ConversionError) -> [String: String] {
    let v = try b.state.value(at: index)
    if v.isNull || v == .list([]) { return [:] }
    guard case .record(let fields) = v else {
      throw ConversionError(message: "bad value for \(what) (a table of validator name = message expected)")
    }
    var out: [String: String] = [:]
    for f in fields {
      guard let text = f.value.string else {
        throw ConversionError(message: "bad value for \(what): the message for '\(f.key)' must be a string")
      }
      out[f.key] = text
    }
    return out
  }

  /// `{ months = {…12}, days = {…7} }` at `index`; a list left out stays English.
  static func locale(_ b: ObjectBridge, at index: Int32, _ what: String) throws(ConversionError) -> DateNames {
    let v = try b.state.value(at: index)
    if v.isNull || v == .list([]) { return .english }
    guard case .record(let fields) = v else {
      throw ConversionError(message: "bad value for \(what) (a table { months = {…}, days = {…} } expected)")
    }
    var names = DateNames.english
    for f in fields {
      let count: Int
      switch f.key {
      case "months": count = 12
      case "days": count = 7
      default: throw ConversionError(message: "unknown field '\(f.key)' of \(what) (expected months or days)")
      }
      guard let list = f.value.list, list.count == count,
        case let strings = list.compactMap(\.string), strings.count == count,
        strings.allSatisfy({ !$0.trimmingSpaces.isEmpty })
      else {
        throw ConversionError(
          message: "bad value for \(what): '\(f.key)' must list \(count) names"
            + (f.key == "days" ? " (Sunday first)" : " (January first)"))
      }
      if f.key == "months" { names.months = strings } else { names.days = strings }
    }
    return names
  }
}
