/// A check of one item's value, giving the messages of what is wrong.
public protocol Validator {
  /// As written by the script, e.g. `length(8, 64)`.
  var source: String { get }
  func check(_ value: Value, item: Item) -> [String]
  /// True when the check refuses an empty value: the row is marked required.
  var marksRequired: Bool { get }
  /// What the check asks of a value, as data a front end can say before it
  /// fails (`length(8, 64)`: 8 to 64 characters); none by default.
  var limits: KindFacts.Limits { get }
  /// True when the check's result depends on the value alone (no script,
  /// no file, no other row): a row whose checks all do, validated since its
  /// value and checks last changed, need not be validated again at submit.
  var checksValueAlone: Bool { get }
}

extension Validator {
  /// Most checks accept an empty value (pair them with `presence`).
  public var marksRequired: Bool { false }
  /// Most checks (a format, a script's function) put no limit a front end can state.
  public var limits: KindFacts.Limits { KindFacts.Limits() }
  /// A check may run a script or look outside the value unless it says otherwise.
  public var checksValueAlone: Bool { false }
}

/// A validator supplied by a script: `form:validator(name, fn)`, used as
/// `"name"` or `"name(args)"`; `fn(value, item, ...)` returns nil or a message.
struct HandlerValidator: Validator {
  let source: String
  let handler: Handler
  let arguments: [Value]

  func check(_ value: Value, item: Item) -> [String] {
    let args = [HandlerArgument.value(value), .item(item)] + arguments.map { .value($0) }
    // in a form a failure is reported as a notice; detached, it is only refused
    let result: [Value]?
    if let form = item.form {
      result = form.call(handler, args, context: "validator '\(source)' of '\(item.label)'")
    } else if case .returned(let v) = handler.invoke(args) {
      result = v
    } else {
      result = nil
    }
    guard let result else { return ["\(item.messageName) could not be checked (validator '\(source)' failed)."] }
    return messages(from: result.first ?? .null)
  }
}

/// The messages a script's check returned: nil/false/true → none, a string → one, a list → each.
func messages(from value: Value) -> [String] {
  switch value {
  case .string(let s): return [s]
  case .list(let l): return l.flatMap { messages(from: $0) }
  case .int, .double: return [Value.formatNumber(value.number!)]
  default: return []
  }
}
