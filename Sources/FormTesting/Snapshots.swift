/// The snapshots of one spec folder: `__snapshots__/NAME.txt`, read and
/// written only there — never through a symbolic link (a link committed into
/// a repository could point anywhere), with names of letters, digits, `.`,
/// `-` and `_` only (so no `/`, no absolute path, no `..` leaves the folder).
/// A file holds the text and one final newline; a file an editor saved
/// without it, or with `\r\n`, reads as the same text.
struct Snapshots {
  let folder: String
  let files: TestFiles

  struct Problem: Error { var message: String }

  func path(of name: String) -> String { folder + "/" + name + ".txt" }

  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy { c in
        (48...57).contains(c) || (65...90).contains(c) || (97...122).contains(c) || c == 46 || c == 45 || c == 95
      }
  }

  /// Why the snapshot's place cannot be used, or nil.
  func refusal(_ name: String) -> Problem? {
    guard Self.isValidName(name) else {
      return Problem(message: "snapshot name '\(name)' is not a name of letters, digits, '.', '-' or '_'")
    }
    for p in [folder, path(of: name)] where files.isLink(p) {
      return Problem(
        message: "\(p) is a symbolic link: formrun test reads and writes snapshots only inside the spec's "
          + "__snapshots__ folder, never through a link (remove the link)")
    }
    return nil
  }

  /// The stored file's content; nil when there is none.
  func read(_ name: String) -> Result<String?, Problem> {
    if let problem = refusal(name) { return .failure(problem) }
    return .success(files.read(path(of: name)))
  }

  /// Store `text` (and its final newline); the problem when it could not be.
  func write(_ name: String, _ text: String) -> Problem? {
    if let problem = refusal(name) { return problem }
    return files.write(path(of: name), text + "\n") ? nil : Problem(message: "cannot write snapshot \(path(of: name))")
  }

  /// The text a stored file holds: without its one final newline (`\n` or
  /// `\r\n`) when it has one.
  static func text(of stored: String) -> String {
    if stored.hasSuffix("\r\n") { return String(stored.utf8.dropLast(2))! }
    if stored.hasSuffix("\n") { return String(stored.utf8.dropLast(1))! }
    return stored
  }
}
