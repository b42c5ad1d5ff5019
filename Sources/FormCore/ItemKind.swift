/// What activating a row (`N` with no value) does for a kind.
public enum Activation: Equatable {
  /// an action row: only its `on_select` runs
  case select
  /// the value changes at once (a switch toggles)
  case set(Value)
  /// an editor opens: the next input is the value (a voice says what to
  /// type from the row's `facts`)
  case edit
}

/// The result of reading a value: the value, or a one-line reason.
public enum Parsed: Equatable, Sendable {
  /// the value the text or script value stands for
  case value(Value)
  /// why it is not a value of this kind, in one line
  case refused(String)
}

/// What setting a kind-specific option did.
public enum OptionResult: Equatable {
  /// the option now has the value
  case applied
  /// not an option of this kind
  case unknown
  /// the value does not suit the option; the message says why
  case invalid(String)
}

/// One type of row: how its value is read from text, shown, checked and
/// converted, and how front ends describe it (`facts(for:)`).
///
/// A kind is a value carried by each item (with that item's options: `secure`,
/// `min`, `options`…). Built-in kinds live one per file in `Kinds/` and one
/// line each in `Kinds.builtIn`; a kind registered from Lua is `CustomKind`,
/// the same protocol over handlers. No front end asks a kind's name: what it
/// needs to show, edit and say a row is in the kind's facts.
public protocol ItemKind {
  /// The name used in scripts (`section:text{}`) and in `item.kind`.
  var name: String { get }
  /// False for rows that carry no value (action rows, plain rows).
  var hasValue: Bool { get }
  /// The value a new item starts with.
  var initialValue: Value { get }
  /// Read text typed by a user.
  func parse(_ text: String, for item: Item) -> Parsed
  /// Check (and normalise) a value assigned by a script or read from JSON.
  func accept(_ value: Value, for item: Item) -> Parsed
  /// The row's display of a value; "" when there is nothing to show.
  func display(_ value: Value, for item: Item) -> String
  /// What activating the row does.
  func activate(_ item: Item) -> Activation
  /// True when the editor reads several lines (a line holding only `.` ends them).
  var readsLines: Bool { get }
  /// Messages from the kind's own checks (e.g. a card's Luhn digit), run with the validators.
  func check(_ value: Value, for item: Item) -> [String]
  /// True when `check` depends on the value alone (and the kind's options,
  /// whose change sets the kind again): see `Validator.checksValueAlone`.
  var checksValueAlone: Bool { get }
  /// True when what is typed for this item must not be echoed (a secure field).
  func isSecret(_ item: Item) -> Bool
  /// What the front ends need to show, edit and say this row: the widget,
  /// the words, the limits, the value typed back and read aloud. Required
  /// (no default), so a kind cannot leave its description to a fallback.
  func facts(for item: Item) -> KindFacts
  /// When reading `text` changed what was typed on the way in (snapped to a
  /// step, cut to a mask), a note saying how, such as `0.73 → 0.7 (step 0.1)`;
  /// nil when the value was taken as typed.
  func adjustment(of text: String, to value: Value, for item: Item) -> String?

  /// The kind-specific options (`secure`, `min`, `options`…), one entry each:
  /// `optionNames`, `setOption` and `option` are derived from it.
  static var optionTable: [KindOption<Self>] { get }

  /// The names of the kind's options, in order (from `optionTable`; a
  /// script's kind declares its own).
  var optionNames: [String] { get }
  /// The option `key` as a script reads it; nil when the kind has no such option.
  func option(_ key: String) -> Value?
  /// Set the option `key` from a script value (the kind is unchanged unless it applies).
  mutating func setOption(_ key: String, to value: Value) -> OptionResult
  /// What the row offers as text is typed (a text row's `suggestions`); nil: nothing.
  var suggestionSource: Suggestions? { get }
}

extension ItemKind {
  /// Nothing is offered as text is typed.
  public var suggestionSource: Suggestions? { nil }
  /// Most kinds hold a value; actions do not.
  public var hasValue: Bool { true }
  /// Null: the row starts empty.
  public var initialValue: Value { .null }
  /// One line of input unless the kind says otherwise.
  public var readsLines: Bool { false }
  /// Values are shown unless the kind hides them.
  public func isSecret(_ item: Item) -> Bool { false }
  /// No options beyond the common item properties.
  public static var optionTable: [KindOption<Self>] { [] }
  /// No kind-specific checks.
  public func check(_ value: Value, for item: Item) -> [String] { [] }
  /// A kind's check may look outside the value unless the kind says otherwise.
  public var checksValueAlone: Bool { false }
  /// Opens an editor.
  public func activate(_ item: Item) -> Activation { .edit }
  /// Keeps the typed text as it is.
  public func adjustment(of text: String, to value: Value, for item: Item) -> String? { nil }
  /// The usual reading of a script's value: nil clears, otherwise parse the text form.
  func acceptByParsing(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null: return .value(.null)
    case .string(let s): return parse(s, for: item)
    case .int, .double: return parse(Value.formatNumber(value.number!), for: item)
    default: return .refused("\(value.typeName) is not a value for a \(name) row")
    }
  }
}

/// The built-in kinds, by script name.
public enum Kinds {
  /// Each built-in kind as the value a new row of it starts with, keyed by the
  /// name scripts use (`text`, `date`…). Kinds are values: a new row copies
  /// its kind's prototype (`Form.kinds` holds the same type, a script's own
  /// kinds added).
  nonisolated(unsafe) public static let builtIn: [String: any ItemKind] = [
    "item": ActionKind(),
    "text": TextKind(),
    "bool": BoolKind(),
    "longtext": LongTextKind(),
    "number": NumberKind(),
    "masked": MaskedKind(),
    "float": FloatKind(),
    "date": DateKind(),
    "radio": RadioKind(),
    "segmented": SegmentedKind(),
    "multiple": MultipleKind(),
    "picker": PickerKind(),
    "creditcard": CreditCardKind(),
    "file": FileKind(),
  ]
}
