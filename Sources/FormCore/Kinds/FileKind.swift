/// `file`: a path to a file or a folder (huh's FilePicker, dialog's
/// `--fselect`). The value is the path as typed; `must_exist`, `dirs_only`,
/// `extensions` and `base` check it, through the form's host (`FormHost.lookUpPath`:
/// the core does no I/O). Tab completes paths.
struct FileKind: ItemKind {
  var mustExist = false
  var dirsOnly = false
  /// Endings a file's name must have (`csv`, `.json`), any case; empty: any.
  var extensions: [String] = []
  /// The folder a relative path is read from (nil: the working folder).
  var base: String?

  var name: String { "file" }
  static var optionTable: [KindOption<Self>] {
    [
      KindOption("must_exist", \.mustExist, .bool, "The path must name something that exists."),
      KindOption("dirs_only", \.dirsOnly, .bool, "The path must be a folder (when it exists)."),
      KindOption(
        "extensions", \.extensions, .endings, "A file's name must end in one of these (\"csv\" or \".csv\"; any case)."),
      KindOption("base", \.base, .folder, "The folder relative paths are read from (nil: the working folder)."),
    ]
  }

  /// The path as typed, checked: its ending, then (when it must exist or be
  /// a folder) what the host finds there.
  func parse(_ text: String, for item: Item) -> Parsed {
    let path = text.trimmingSpaces
    if path.isEmpty { return .value(.null) }
    if path.contains(where: { $0.isNewline || $0 == "\0" }) { return .refused("\(item.messageName) is one path") }
    if !dirsOnly, !extensions.isEmpty {
      let lower = path.lowercased()
      guard extensions.contains(where: { lower.hasSuffix(".\($0.lowercased())") }) else {
        return .refused(item.say("file.ending", ["endings": endings(item.words), "got": path]))
      }
    }
    // (never while a sandboxed script runs: its own assignment learns nothing of the disk)
    if mustExist || dirsOnly, let form = item.form, let host = form.host, form.pathsUnchecked?() != true {
      switch host.lookUpPath(resolved(path)) {
      case .missing where mustExist:
        return .refused(item.say(dirsOnly ? "file.no_folder" : "file.no_file", ["path": path]))
      case .file where dirsOnly: return .refused(item.say("file.not_folder", ["path": path]))
      case .folder where !dirsOnly && mustExist:
        return .refused(item.say("file.not_file", ["path": path]))
      default: break
      }
    }
    return .value(.string(path))
  }

  /// The path the host looks at: a relative one under `base`.
  func resolved(_ path: String) -> String {
    guard let base, !base.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~") else { return path }
    return base.hasSuffix("/") ? base + path : base + "/" + path
  }

  /// `.csv or .json`.
  func endings(_ c: Catalogue) -> String {
    c.alternatives(extensions.map { $0.hasPrefix(".") ? $0 : "." + $0 })
  }

  func accept(_ value: Value, for item: Item) -> Parsed { acceptByParsing(value, for: item) }

  func display(_ value: Value, for item: Item) -> String { value.string ?? "" }

  /// A line of text that names a path; Tab completes it (`paths`).
  func facts(for item: Item) -> KindFacts {
    let c = item.words
    var expects = c.say(dirsOnly ? "file.expects_folder" : "file.expects_file")
    if !dirsOnly, !extensions.isEmpty { expects += c.say("file.ending_in", ["endings": endings(c)]) }
    if mustExist { expects += c.say("file.that_exists") }
    if let base { expects += c.say("file.from", ["base": base]) }
    let path = item.value.string ?? ""
    return KindFacts(
      shape: .text, noun: c.say(dirsOnly ? "file.noun_folder" : "file.noun_file"), expects: expects,
      examples: [dirsOnly ? "docs/" : "notes" + (extensions.first.map { $0.hasPrefix(".") ? $0 : "." + $0 } ?? ".txt")],
      typed: path.isEmpty ? nil : path, spoken: .init(path.isEmpty ? c.say("value.empty_word") : path),
      paths: .init(base: base, foldersOnly: dirsOnly, extensions: extensions))
  }
}

/// What a path names, as the host finds it.
public enum PathKind: Sendable {
  case file, folder, missing
}

extension OptionCodec where T == [String] {
  /// File endings: a list of short strings without spaces or slashes.
  static var endings: Self {
    Self(
      type: "string[]",
      decode: { value, key throws(OptionError) in
        guard let list = value.isNull ? [] : value.list else {
          throw OptionError("'\(key)' must be a list of endings such as { \"csv\", \"json\" }")
        }
        return try list.map { v throws(OptionError) in
          guard let s = v.string, !s.isEmpty, s.count <= 32, !s.contains(where: { $0 == "/" || $0.isWhitespace }) else {
            throw OptionError(
              "'\(key)' must hold endings such as \"csv\" (got \(v.string.map { "'\($0)'" } ?? v.typeName))")
          }
          return s
        }
      }, encode: { .list($0.map(Value.string)) })
  }
}

extension OptionCodec where T == String? {
  /// A folder's path, or nil.
  static var folder: Self {
    Self(
      type: "string?",
      decode: { value, key throws(OptionError) in
        if value.isNull { return nil }
        guard let s = value.string, !s.isEmpty, !s.contains(where: { $0.isNewline || $0 == "\0" }) else {
          throw OptionError("'\(key)' must be a folder's path")
        }
        return s
      }, encode: { $0.map(Value.string) ?? .null })
  }
}
