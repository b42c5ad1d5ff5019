/// What a row's kind tells every front end, as data: the widget its value
/// wants (`shape`), what it is and what to type in words (`noun`, `expects`,
/// `examples`), the limits a value must keep, the current value as it could
/// be typed back, and how it reads aloud.
///
/// Each kind fills it in its own file (`ItemKind.facts(for:)`); front ends
/// read `item.facts`, which adds the limits of the row's validators. The
/// voices, `show N`, the prompt's completion and prefill, and a screen mode
/// phrase or draw these facts and never ask a kind's name, so a new kind is
/// its file, one registry line and its tests.
///
/// The words are the kind's, unsanitised: a front end makes them safe to show
/// (`Cells.sanitize`) as it does any text from a script.
public struct KindFacts: Equatable, Sendable {
  /// The widget the value wants: free text, one of N, a number in a range…
  public var shape: Shape
  /// What the row is, in a few words a sentence can hold: `switch`,
  /// `number from 2 to 500`, `date and time`, `secret text`, `choice`.
  /// The options of a choice are not in it: a voice lists them from `shape`.
  public var noun: String
  /// What the editor reads, one phrase with an example where one helps
  /// (`a date, e.g. 11/30/2026 or 2026-11-30`, `y or n`), with the kind's own
  /// limits. Every front end says it from here: the editor's prompt, `show N`,
  /// the guided walk and the accessible voice.
  public var expects: String
  /// Texts the kind reads that show its format (`2026-11-30`,
  /// `4242 4242 4242 4242 12/28 123`); empty when any text is taken as it is.
  public var examples: [String]
  /// The limits a value must keep, as data: the kind's options, and in
  /// `Item.facts` the row's validators too (`length`, `count`, `range`).
  public var limits: Limits
  /// The current value as it could be typed back into the editor
  /// (`2026-11-30`, `Cheese, Olives`, `4242424242424242 12/28 123`): it reads
  /// back as the same value. Nil when the row is empty or holds no value, and
  /// always nil for a secret.
  public var typed: String?
  /// The current value read aloud.
  public var spoken: SpokenValue
  /// For a value that is a path: where it is read from and what it may
  /// name, so a prompt can complete it; nil for other values.
  public var paths: PathRules?

  /// Facts as a kind states them; `limits`, `examples` and `typed` default to none.
  public init(
    shape: Shape, noun: String, expects: String, examples: [String] = [], limits: Limits = Limits(),
    typed: String? = nil, spoken: SpokenValue, paths: PathRules? = nil
  ) {
    self.paths = paths
    self.shape = shape
    self.noun = noun
    self.expects = expects
    self.examples = examples
    self.limits = limits
    self.typed = typed
    self.spoken = spoken
  }
}

extension KindFacts {
  /// The widget a row's value wants. No case names a kind: a new kind takes
  /// the shape it is edited like (a colour typed as text is `.text`), and
  /// `.custom` when no widget fits but a line of text.
  public enum Shape: Equatable, Sendable {
    /// no value: choosing the row runs its action
    case action
    /// one line of free text
    case text
    /// one line of text that is never shown, echoed or read out
    case secret
    /// several lines of text
    case lines
    /// on or off; choosing the row toggles it
    case toggle
    /// a number within `limits.range`, with `limits.step` and
    /// `limits.decimals`; `slider` draws it as a bar between the ends
    case number(slider: Bool)
    /// digits typed into a mask
    case masked(Mask)
    /// a day, a time of day or both, within `limits.dates`
    case date(DateShape)
    /// one of the options
    case oneOf(ChoiceList)
    /// any number of the options (`limits.count` says how many)
    case severalOf(ChoiceList)
    /// one option of each component, in order (a picker's wheels)
    case components([ChoiceList])
    /// a payment card: these fields, typed in this order on one line
    case card([CardField])
    /// a script's own kind: a line of text its `parse` reads
    case custom
  }

  /// One option: what a person sees and types, and what the value holds.
  /// (Today both are the option's text; labels apart from values come later.)
  public struct Choice: Equatable, Sendable {
    /// What is shown and typed (besides the option's number).
    public var label: String
    /// What the row's value holds when this option is chosen.
    public var value: Value

    /// An option shown as `label`, holding `value`.
    public init(label: String, value: Value) {
      self.label = label
      self.value = value
    }

    /// An option whose text is both its label and its value.
    public init(_ text: String) { self.init(label: text, value: .string(text)) }
  }

  /// The options of a choice and which of them the value holds.
  public struct ChoiceList: Equatable, Sendable {
    /// The options, in order (a person's number for one is its index + 1).
    public var choices: [Choice]
    /// The 0-based indices of the options the value holds, in option order.
    public var chosen: [Int]
    /// True when the options are drawn side by side (a segmented control)
    /// rather than one under another.
    public var inline: Bool

    /// Options with these chosen.
    public init(choices: [Choice], chosen: [Int] = [], inline: Bool = false) {
      self.choices = choices
      self.chosen = chosen
      self.inline = inline
    }
  }

  /// Where the digits of a masked number go.
  public struct Mask: Equatable, Sendable {
    /// The mask, one `X` per digit (`(XXX) XXX-XXXX`); nil: digits as typed.
    public var format: String?
    /// The number of digits the mask holds (its `X`s); nil without a mask.
    public var digits: Int?

    /// The mask `format` (nil: any digits).
    public init(format: String?) {
      self.format = format
      digits = format.map { $0.filter { $0 == "X" }.count }
    }
  }

  /// What a date row asks and how it shows it.
  public struct DateShape: Equatable, Sendable {
    /// A day, a time of day, or both.
    public enum Mode: String, CaseIterable, Sendable { case date, time, datetime }
    /// What is asked.
    public var mode: Mode
    /// The pattern the row shows the value in (`MM/dd/yyyy`), read as well as ISO-8601.
    public var pattern: String
    /// Minutes a time moves by (the row's `minute_step`; 1 without one).
    public var minuteStep: Int

    /// A date row asking `mode`, shown in `pattern`, its minutes stepped by `minuteStep`.
    public init(mode: Mode, pattern: String, minuteStep: Int = 1) {
      self.mode = mode
      self.pattern = pattern
      self.minuteStep = max(minuteStep, 1)
    }
  }

  /// One part of a composite value typed on one line (a card's number).
  public struct CardField: Equatable, Sendable {
    /// The key in the value's record (`number`, `expiry`, `cvv`).
    public var key: String
    /// The part in words (`card number`, `expiry`, `security code`).
    public var label: String
    /// The part as it may be typed (`4242 4242 4242 4242`, `12/28`, `123`).
    public var example: String

    /// A field of the record at `key`, called `label`, typed like `example`.
    public init(key: String, label: String, example: String) {
      self.key = key
      self.label = label
      self.example = example
    }
  }

  /// A lower and an upper bound, each optional.
  public struct Bounds<T: Comparable & Sendable>: Equatable, Sendable {
    /// The smallest allowed; nil: no lower bound.
    public var min: T?
    /// The largest allowed; nil: no upper bound.
    public var max: T?

    /// Bounds from `min` to `max` (nil: open on that side).
    public init(min: T? = nil, max: T? = nil) {
      self.min = min
      self.max = max
    }

    /// True when neither bound is set.
    public var isEmpty: Bool { min == nil && max == nil }

    /// What both bounds allow: the higher minimum, the lower maximum.
    public func narrowed(by other: Bounds) -> Bounds {
      Bounds(
        min: [min, other.min].compactMap { $0 }.max(),
        max: [max, other.max].compactMap { $0 }.min())
    }
  }

  /// The limits a value must keep, as data for front ends that say them
  /// before they are failed, check them as keys are typed, or export them.
  public struct Limits: Equatable, Sendable {
    /// Characters of text (`max_length`, `length(8, 64)`).
    public var length: Bounds<Int>
    /// How many options are chosen (`count(1, 3)`).
    public var count: Bounds<Int>
    /// A number's range (`min`/`max` of `number` and `float`, `range(0, 10)`).
    public var range: Bounds<Double>
    /// A number's step (a slider's `step`); nil: any value in the range.
    public var step: Double?
    /// Digits allowed after the point; nil: any, 0: whole numbers only.
    public var decimals: Int?
    /// The earliest and latest moment, in ISO-8601 (`2026-01-01`, `09:00`).
    public var dates: Bounds<String>

    /// Limits, none set unless given.
    public init(
      length: Bounds<Int> = Bounds(), count: Bounds<Int> = Bounds(), range: Bounds<Double> = Bounds(),
      step: Double? = nil, decimals: Int? = nil, dates: Bounds<String> = Bounds()
    ) {
      self.length = length
      self.count = count
      self.range = range
      self.step = step
      self.decimals = decimals
      self.dates = dates
    }

    /// True when no limit is set.
    public var isEmpty: Bool {
      length.isEmpty && count.isEmpty && range.isEmpty && step == nil && decimals == nil && dates.isEmpty
    }

    /// What both allow: each bound narrowed, the fewer decimals, a step kept.
    public func narrowed(by other: Limits) -> Limits {
      Limits(
        length: length.narrowed(by: other.length), count: count.narrowed(by: other.count),
        range: range.narrowed(by: other.range), step: step ?? other.step,
        decimals: [decimals, other.decimals].compactMap { $0 }.min(), dates: dates.narrowed(by: other.dates))
    }
  }

  /// What a path value may name (a `file` row): Tab offers the entries of
  /// the folder typed so far, folders always, files when they may be chosen.
  public struct PathRules: Equatable, Sendable {
    /// The folder a relative path is read from; nil: the working folder.
    public var base: String?
    /// True when only folders may be chosen.
    public var foldersOnly: Bool
    /// Endings a file's name must have (any case); empty: any.
    public var extensions: [String]

    /// Rules for a path under `base`.
    public init(base: String?, foldersOnly: Bool, extensions: [String]) {
      self.base = base
      self.foldersOnly = foldersOnly
      self.extensions = extensions
    }
  }

  /// A value read aloud: a few words, and lines read one by one after them.
  public struct SpokenValue: Equatable, Sendable {
    /// The value in words (`on`, `Pro`, `at 0.7`, `card ending in 4242,
    /// expires 12/28`, `2 lines`), or what its absence is called (`empty`,
    /// `nothing chosen`). A secret's words never hold it.
    public var words: String
    /// Lines said one by one after the words (a long text's lines); most values have none.
    public var lines: [String]

    /// A value said as `words`, then `lines`.
    public init(_ words: String, lines: [String] = []) {
      self.words = words
      self.lines = lines
    }
  }
}

extension KindFacts.Shape {
  /// True for the shapes a person chooses options in: one of N, several of N, components.
  public var isChoice: Bool {
    switch self {
    case .oneOf, .severalOf, .components: return true
    default: return false
    }
  }

  /// The options of a choice (one list for one of N or several of N, one
  /// per component for a picker); empty for other shapes.
  public var choiceLists: [KindFacts.ChoiceList] {
    switch self {
    case .oneOf(let list), .severalOf(let list): return [list]
    case .components(let lists): return lists
    default: return []
    }
  }
}

extension KindFacts.Limits {
  /// The limits in words, one phrase each, in a fixed order: `8 to 64
  /// characters`, `choose 1 to 3`, `from 2 to 500`, `in steps of 0.5`,
  /// `whole numbers`, `from 1900-01-01 to 2026-12-31`. Every front end that
  /// says limits before they are failed says these.
  public var phrases: [String] { phrases(beyond: nil) }

  /// The same in `c`'s words.
  public func phrases(in c: Catalogue) -> [String] { phrases(beyond: nil, c) }

  /// The phrases of the limits that differ from `other`'s: what a row's
  /// validators add to the limits its kind's own words already say.
  public func phrases(beyond other: KindFacts.Limits?, _ c: Catalogue = .english) -> [String] {
    var out: [String] = []
    if length != other?.length, let p = Self.span(length, c, { c.say("limit.characters", ["count": String($0)]) }) {
      out.append(p)
    }
    if count != other?.count {
      switch (count.min, count.max) {
      case (let a?, let b?):
        out.append(
          a == b
            ? c.say("limit.choose", ["count": String(a)])
            : c.say("limit.choose_between", ["min": String(a), "max": String(b)]))
      case (let a?, nil): out.append(c.say("limit.choose_at_least", ["min": String(a)]))
      case (nil, let b?): out.append(c.say("limit.choose_at_most", ["max": String(b)]))
      default: break
      }
    }
    if range != other?.range {
      switch (range.min.map(Value.formatNumber), range.max.map(Value.formatNumber)) {
      case (let a?, let b?): out.append(c.say("limit.from_to", ["min": a, "max": b]))
      case (let a?, nil): out.append(c.say("limit.at_least_number", ["min": a]))
      case (nil, let b?): out.append(c.say("limit.at_most_number", ["max": b]))
      default: break
      }
    }
    if step != other?.step, let step { out.append(c.say("limit.steps", ["step": Value.formatNumber(step)])) }
    if decimals != other?.decimals, let decimals {
      out.append(decimals == 0 ? c.say("limit.whole") : c.say("limit.decimals", ["count": String(decimals)]))
    }
    if dates != other?.dates {
      switch (dates.min, dates.max) {
      case (let a?, let b?): out.append(c.say("limit.from_to", ["min": a, "max": b]))
      case (let a?, nil): out.append(c.say("limit.from_on", ["min": a]))
      case (nil, let b?): out.append(c.say("limit.up_to", ["max": b]))
      default: break
      }
    }
    return out
  }

  /// `8 to 64 characters`, `at least 8 characters`, `at most 64 characters`.
  static func span(_ bounds: KindFacts.Bounds<Int>, _ c: Catalogue = .english, _ unit: (Int) -> String) -> String? {
    switch (bounds.min, bounds.max) {
    case (let a?, let b?):
      return a == b
        ? c.say("limit.exactly", ["unit": unit(a)]) : c.say("limit.to", ["min": String(a), "unit": unit(b)])
    case (let a?, nil): return c.say("limit.at_least", ["unit": unit(a)])
    case (nil, let b?): return c.say("limit.at_most", ["unit": unit(b)])
    default: return nil
    }
  }
}

extension Item {
  /// The limits the row's validators put on its value, narrowed together (a
  /// kind whose own words state such a limit may say the narrowed one).
  public var validatorLimits: KindFacts.Limits {
    validators.reduce(KindFacts.Limits()) { $0.narrowed(by: $1.limits) }
  }

  /// What the row's kind says of it (`ItemKind.facts(for:)`), with the
  /// limits of its validators added: the facts every front end reads. What
  /// the validators add is said in `expects` too (`one line of text; 8 to 64
  /// characters`), so every phrase of what to type states the limits.
  public var facts: KindFacts {
    var facts = kind.facts(for: self)
    let own = facts.limits
    for validator in validators { facts.limits = facts.limits.narrowed(by: validator.limits) }
    let added = facts.limits.phrases(beyond: own, words)
    if !added.isEmpty { facts.expects += "; " + added.joined(separator: "; ") }
    // an editor that opens empty has nothing to type back
    if openEmpty { facts.typed = nil }
    return facts
  }
}
