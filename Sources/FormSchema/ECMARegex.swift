import CPCRE2

/// An ECMA-262 regular expression (JSON Schema's `pattern` and
/// `patternProperties`) compiled by PCRE2 with the options that read it as
/// JavaScript does: `$` only at the very end, unset back references match
/// empty, `\uHHHH` and `\u{H…}` escapes. A search, not an anchored match, as
/// JSON Schema asks.
final class ECMARegex {
  /// The pattern as the schema wrote it.
  let source: String
  private let code: OpaquePointer

  /// Why a pattern does not compile: PCRE2's message and the offset in the pattern.
  struct CompileError: Error, Equatable {
    var message: String
    var offset: Int
  }

  /// What a search came to when it could not finish.
  enum SearchError: Error, Equatable {
    /// the pattern backtracked past the match limit (it would run without end)
    case tooCostly
    case failed(String)
  }

  /// Steps PCRE2 may take on one search before it gives up.
  static let matchLimit: UInt32 = 5_000_000

  init(_ source: String) throws(CompileError) {
    self.source = source
    var error: Int32 = 0
    var offset = 0
    let made = Self.withBytes(Self.pcreSyntax(source)) { formrun_re_compile($0, $1, &error, &offset) }
    guard let made else { throw CompileError(message: Self.message(error), offset: offset) }
    code = made
  }

  deinit { formrun_re_free(code) }

  /// True when the pattern matches somewhere in `text`.
  func search(_ text: String) -> Result<Bool, SearchError> {
    let rc = Self.withBytes(text) { formrun_re_search(code, $0, $1, Self.matchLimit) }
    switch rc {
    case 1: return .success(true)
    case 0: return .success(false)
    case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT: return .failure(.tooCostly)
    default: return .failure(.failed(Self.message(rc)))
    }
  }

  /// ECMA-262 readings PCRE2 has no option for, rewritten into its syntax:
  /// long Unicode property names (`\\p{Letter}`, `\\p{Script=Greek}`) in
  /// the short forms PCRE2 10.42 reads (`\\p{L}`, `\\p{Greek}`), and `\\s`
  /// / `\\S` with the Unicode spaces ECMA-262 counts (no-break space, BOM,
  /// line and paragraph separators, Zs); everything else as written.
  static func pcreSyntax(_ pattern: String) -> String {
    guard pattern.contains("\\") else { return pattern }
    var out = ""
    var chars = Array(pattern)[...]
    var inClass = false
    while let c = chars.popFirst() {
      if c == "[" && !inClass {
        inClass = true
      } else if c == "]" && inClass {
        inClass = false
      }
      guard c == "\\", let e = chars.popFirst() else {
        out.append(c)
        continue
      }
      switch e {
      case "s": out += inClass ? "\\s" + Self.spaces : "[\\s" + Self.spaces + "]"
      case "S" where !inClass: out += "[^\\s" + Self.spaces + "]"
      case "p", "P":
        guard chars.first == "{", let close = chars.firstIndex(of: "}") else {
          out += "\\" + String(e)
          continue
        }
        var name = String(chars[chars.index(after: chars.startIndex)..<close])
        for prefix in ["General_Category=", "gc=", "Script=", "sc=", "Script_Extensions=", "scx="]
        where name.hasPrefix(prefix) {
          name = String(name.dropFirst(prefix.count))
        }
        out += "\\" + String(e) + "{" + (generalCategories[name] ?? name) + "}"
        chars = chars[chars.index(after: close)...]
      default: out += "\\" + String(e)
      }
    }
    return out
  }

  /// What ECMA-262's `\\s` matches beyond PCRE2's ASCII spaces.
  static let spaces = "\\u00a0\\ufeff\\u2028\\u2029\\p{Zs}"

  static let generalCategories: [String: String] = [
    "Letter": "L", "Cased_Letter": "L&", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
    "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn",
    "Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd",
    "Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc",
    "Dash_Punctuation": "Pd", "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
    "Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm",
    "Currency_Symbol": "Sc", "Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z",
    "Space_Separator": "Zs", "Line_Separator": "Zl", "Paragraph_Separator": "Zp", "Other": "C", "Control": "Cc",
    "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs", "Private_Use": "Co", "Unassigned": "Cn",
  ]

  /// The text's UTF-8 bytes and their count (a NUL inside is a character
  /// like any other; one more NUL after the end keeps the pointer valid when empty).
  static func withBytes<R>(_ text: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
    var bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
    let count = bytes.count
    bytes.append(0)
    return bytes.withUnsafeBufferPointer { body($0.baseAddress!, count) }
  }

  static func message(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    _ = formrun_re_message(code, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
