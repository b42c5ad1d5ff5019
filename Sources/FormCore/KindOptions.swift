import Synchronization

// The kind-specific options of `section:KIND{...}` (`secure`, `min`,
// `options`…) as one table per kind: each entry names a key, the kind's
// property it sets (a key path) and the codec between script values and that
// property. Reading, setting, the list of names, messages and the reference
// text all come from that table. The Lua bindings build their class-table
// properties from the same codecs (FormLua's Bindings/Kit/Codecs.swift).

/// Why a script's value cannot be an option (one line, naming the option).
package struct OptionError: Error, Equatable, Sendable {
  package var message: String
  /// True when the message is lauxlib's `T expected, got U` (a value of the
  /// wrong type), which a property's message puts in parentheses.
  package var isMismatch = false
  package init(_ message: String) { self.message = message }

  /// `T expected, got U`.
  package static func mismatch(expected: String, got: String) -> OptionError {
    var e = OptionError("\(expected) expected, got \(got)")
    e.isMismatch = true
    return e
  }

  /// The message for a property's value: `bad value for 'title' of the form
  /// (string expected, got boolean)`, or `bad value for …: the reason`.
  package func worded(for subject: String) -> String {
    isMismatch ? "bad value for \(subject) (\(message))" : "bad value for \(subject): \(message)"
  }
}

/// Converts between script values and one Swift type, checking what it reads.
package struct OptionCodec<T> {
  /// How the reference and editor annotations name the type (`boolean`, `integer?`…).
  package let type: String
  package let decode: (Value, String) throws(OptionError) -> T
  package let encode: (T) -> Value

  /// A codec reading with `decode(value, key)` and giving back `encode(t)`.
  package init(
    type: String, decode: @escaping (Value, String) throws(OptionError) -> T, encode: @escaping (T) -> Value
  ) {
    self.type = type
    self.decode = decode
    self.encode = encode
  }
}

extension OptionCodec where T == Bool {
  /// `true` or `false`.
  package static var bool: Self {
    Self(
      type: "boolean",
      decode: { v, key throws(OptionError) in
        guard let b = v.bool else { throw OptionError("'\(key)' must be a boolean") }
        return b
      }, encode: { .bool($0) })
  }
}

extension OptionCodec where T == Int {
  /// A whole number in `range`; a number from a script is checked before it
  /// becomes an `Int` (1e300, `math.huge` and NaN are refused, never trapped on).
  /// `noun` words the message: "a whole number of characters".
  package static func whole(in range: ClosedRange<Int>, of noun: String? = nil) -> Self {
    Self(
      type: "integer",
      decode: { v, key throws(OptionError) in
        let what = "'\(key)' must be a whole number" + (noun.map { " of \($0)" } ?? "")
        let bounds = " from \(range.lowerBound) to \(range.upperBound)"
        guard let n = v.number, n == n.rounded() else { throw OptionError(what + (noun == nil ? bounds : "")) }
        // compare as doubles: Int(n) traps outside Int's range
        guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
          // a noun-less message already names the range; keep it as it always read
          throw OptionError(what + bounds + (noun == nil ? "" : " (got \(Value.formatNumber(n)))"))
        }
        return Int(n)
      }, encode: { .int($0) })
  }
}

extension OptionCodec where T == Double {
  /// A finite number whose size is at most `limit`, so sums and differences of
  /// two of them stay finite. Read back as an integer when it is whole.
  static func number(limit: Double = 1e15) -> Self {
    Self(
      type: "number",
      decode: { v, key throws(OptionError) in
        guard let x = v.number, x.isFinite else { throw OptionError("'\(key)' must be a number") }
        guard abs(x) <= limit else {
          throw OptionError(
            "'\(key)' must be a number from \(Value.formatNumber(-limit)) to \(Value.formatNumber(limit)) (got \(Value.formatNumber(x)))"
          )
        }
        return x
      }, encode: OptionCodec.numberValue)
  }

  /// A number above 0 (at most `limit`).
  static func positive(limit: Double = 1e15) -> Self {
    Self(
      type: "number",
      decode: { v, key throws(OptionError) in
        guard let x = v.number, x > 0, x.isFinite else { throw OptionError("'\(key)' must be a number above 0") }
        guard x <= limit else {
          throw OptionError("'\(key)' must be a number above 0 and at most \(Value.formatNumber(limit))")
        }
        return x
      }, encode: OptionCodec.numberValue)
  }

  /// A number as Lua would hold it: an integer when it is one.
  static func numberValue(_ x: Double) -> Value {
    x == x.rounded() && abs(x) < 9e15 ? .int(Int(x)) : .double(x)
  }
}

extension OptionCodec {
  /// nil (or an absent key) clears the option; anything else goes through `codec`.
  package static func optional<Wrapped>(_ codec: OptionCodec<Wrapped>) -> Self where T == Wrapped? {
    Self(
      type: codec.type + "?",
      decode: { v, key throws(OptionError) in v.isNull ? nil : try codec.decode(v, key) },
      encode: { $0.map(codec.encode) ?? .null })
  }
}

/// One option of a kind: its key, the property it sets and the codec.
public struct KindOption<Kind> {
  let key: String
  /// The type as the reference names it (`boolean`, `integer?`, `string[]`…).
  private(set) var type: String
  /// One line for the reference.
  let summary: String
  let read: (Kind) -> Value
  let write: (inout Kind, Value) throws(OptionError) -> Void
  /// For an option that may also be a script's function: the function it
  /// holds (nil: none), and how one is set.
  var readFunction: ((Kind) -> Handler?)?
  var writeFunction: ((inout Kind, Handler) -> Void)?

  /// The option `key` over the property at `path`, read and written through
  /// `codec`. The key path is made when the option is first read or written
  /// (the runtime keeps it then): making one costs some 40,000 instructions,
  /// and a start makes the table of every kind it uses.
  init<T>(
    _ key: String, _ path: @autoclosure @escaping () -> WritableKeyPath<Kind, T>, _ codec: OptionCodec<T>,
    _ summary: String
  ) {
    self.key = key
    type = codec.type
    self.summary = summary
    read = { codec.encode($0[keyPath: path()]) }
    write = { kind, value throws(OptionError) in kind[keyPath: path()] = try codec.decode(value, key) }
  }

  /// The option `key` over a property that holds what `codec` reads or a
  /// script's function (`function` wraps one, `held` gives it back);
  /// `functionType` names the function for the reference.
  init<T>(
    _ key: String, _ path: @autoclosure @escaping () -> WritableKeyPath<Kind, T>, _ codec: OptionCodec<T>,
    or functionType: String, function: @escaping (Handler) -> T, held: @escaping (T) -> Handler?,
    _ summary: String
  ) {
    self.init(key, path(), codec, summary)
    type = codec.type + "|" + functionType
    readFunction = { held($0[keyPath: path()]) }
    writeFunction = { kind, handler in kind[keyPath: path()] = function(handler) }
  }
}

/// An option as the reference and completion see it, whatever its kind.
public struct KindOptionInfo: Equatable, Sendable {
  /// The key a script sets (`max_length`).
  public let key: String
  /// The type as the reference names it (`integer?`).
  public let type: String
  /// One line for the reference.
  public let summary: String
  /// The value a new item of the kind starts with, as a script would read it.
  public let initial: Value
}

/// Each kind's option table, made once per kind type: `optionTable` builds
/// its entries (and their key paths) on every read, which a row made in a
/// loop would pay for each option it sets.
private let optionTables = Mutex<[ObjectIdentifier: MadeTable]>([:])

/// A made option table (immutable once made, so it may be shared between threads).
private final class MadeTable: @unchecked Sendable {
  let entries: Any
  init(_ entries: Any) { self.entries = entries }
}

extension ItemKind {
  /// `optionTable`, made once.
  static var options: [KindOption<Self>] {
    let id = ObjectIdentifier(Self.self)
    if let made = optionTables.withLock({ $0[id] })?.entries as? [KindOption<Self>] { return made }
    let made = optionTable
    let box = MadeTable(made)
    optionTables.withLock { $0[id] = box }
    return made
  }

  /// The names of the kind's options, in table order.
  public var optionNames: [String] { Self.options.map { $0.key } }

  /// The kind's options with their types, summaries and current values.
  public var optionInfo: [KindOptionInfo] {
    Self.options.map { KindOptionInfo(key: $0.key, type: $0.type, summary: $0.summary, initial: $0.read(self)) }
  }

  /// True when the kind has an option called `key`.
  public func hasOption(_ key: String) -> Bool { optionNames.contains(key) }

  /// Set the option `key` from a script value (the kind is unchanged unless it applies).
  public mutating func setOption(_ key: String, to value: Value) -> OptionResult {
    guard let entry = Self.options.first(where: { $0.key == key }) else { return .unknown }
    var copy = self
    do throws(OptionError) { try entry.write(&copy, value) } catch { return .invalid(error.message) }
    self = copy
    return .applied
  }

  /// The option `key` as a script reads it; nil when the kind has no such option.
  public func option(_ key: String) -> Value? { Self.options.first { $0.key == key }?.read(self) }

  /// True when the option `key` may be a script's function.
  public func optionTakesFunction(_ key: String) -> Bool {
    Self.options.first { $0.key == key }?.writeFunction != nil
  }

  /// The script's function the option `key` holds; nil when it holds none.
  public func functionOption(_ key: String) -> Handler? {
    Self.options.first { $0.key == key }?.readFunction?(self)
  }

  /// Set the option `key` to a script's function (`.unknown` when it takes none).
  public mutating func setOption(_ key: String, function: Handler) -> OptionResult {
    guard let write = Self.options.first(where: { $0.key == key })?.writeFunction else { return .unknown }
    write(&self, function)
    return .applied
  }
}
