import FormCore
import FormSession

/// A form's draft: its values kept in a file after every accepted change, so
/// that nothing typed is lost when formrun is killed, and resumed on the next
/// start. The session only says what changed; this decides when to write,
/// `DraftFile` what, and a `FileSystem` how (atomically).
final class Draft {
  /// At a terminal, a form with more value rows than this keeps a draft
  /// without being asked (`--no-draft` turns it off).
  static let defaultAbove = 5

  let path: String
  /// The form file's absolute path, named in the header.
  let formPath: String
  let form: Form
  let files: any FileSystem
  /// Where a failed save is said.
  let say: ([String]) -> Void
  /// The time a save is stamped with.
  let now: () -> String
  /// The values as last written (or as found at the start): a change that
  /// leaves them so writes nothing.
  var written: String
  /// A failed save is said once, not after every command.
  var failing = false

  init(
    path: String, formPath: String, form: Form, files: any FileSystem, say: @escaping ([String]) -> Void,
    now: @escaping () -> String = DraftFile.now
  ) {
    self.path = path
    self.formPath = formPath
    self.form = form
    self.files = files
    self.say = say
    self.now = now
    written = JSON.encode(DraftFile.values(of: form))
  }

  /// Write the draft when the values differ from the last written ones.
  /// A failure is said once (and again after it worked in between).
  func save() {
    let values = JSON.encode(DraftFile.values(of: form))
    guard values != written else { return }
    if let problem = files.writeAtomically(path, DraftFile.text(form: formPath, saved: now(), values: values)) {
      if !failing {
        say(["formrun: the draft \(Cells.sanitize(path)) could not be saved: \(problem); formrun goes on"])
      }
      failing = true
      return
    }
    failing = false
    written = values
  }

  /// After an outcome: a cancel removes the draft (the driver removes it
  /// after a submit, once the values are out); a change saves it.
  func follow(_ outcome: Outcome) {
    let changes: Form.Changes?
    switch outcome {
    case .cancelled:
      remove()
      return
    case .changed(let c): changes = c
    case .editorOpened(_, let c): changes = c
    case .submitRefused(_, let c): changes = c
    default: changes = nil
    }
    // only a command that changed something can have changed a value
    if let changes, changes.structure || !changes.items.isEmpty { save() }
  }

  func remove() { files.remove(path) }
}

/// Finding a form's draft at the start, and resuming it, removing it or
/// stopping, as the flags and the person say.
struct DraftStart {
  /// What starting came to.
  enum Result {
    /// go on, keeping this draft (nil: none)
    case keep(Draft?)
    /// formrun cannot start: the flags or the draft need a person's choice (exit 2)
    case refused
    /// the question was not answered: input ended (exit 3)
    case inputEnded
  }

  var files: any FileSystem
  /// The state folder for drafts not given by `--draft` (nil: there is none).
  var stateFolder: String?
  /// Where messages go.
  var say: ([String]) -> Void
  /// A yes/no question; nil when input ended. Only asked when `asks`.
  var ask: (String) -> Bool?
  var now: () -> String = DraftFile.now

  /// `asks`: at a terminal, reading commands.
  func start(_ o: Options, session: Session, asks: Bool) -> Result {
    let form = session.form
    guard !o.noDraft, let given = o.path else { return .keep(nil) }
    let formPath = files.absolute(given)
    let path: String
    if let draft = o.draft {
      path = draft
    } else if o.resume || o.fresh || (asks && DraftFile.valueRows(of: form) > Draft.defaultAbove) {
      guard let folder = stateFolder else {
        if o.resume || o.fresh {
          say(["formrun: no state folder for drafts: set HOME or XDG_STATE_HOME, or give --draft FILE"])
          return .refused
        }
        return .keep(nil)
      }
      path = folder + "/" + DraftFile.defaultName(for: formPath)
    } else {
      return .keep(nil)
    }
    if let problem = files.makeFolder(SystemFiles.folder(of: path)) {
      say(["formrun: the draft's folder cannot be made: \(Cells.sanitize(problem))"])
      return .refused
    }
    files.sweep(beside: path)
    let shown = Cells.sanitize(path)
    let draft = Draft(path: path, formPath: formPath, form: form, files: files, say: say, now: now)
    switch DraftFile.read(files.read(path, limit: DraftFile.sizeLimit), formPath: formPath) {
    case .none:
      if o.resume { say(["formrun: no draft of this form to resume (\(shown)); starting afresh"]) }
      return .keep(draft)
    case .unreadable(let why):
      if o.fresh {
        files.remove(path)
        return .keep(draft)
      }
      say([
        "formrun: the draft \(shown) cannot be read: \(Cells.sanitize(why))",
        "formrun: it is left as it is; --fresh removes it and starts afresh, --no-draft runs without a draft",
      ])
      return .refused
    case .found(let found):
      if o.fresh {
        files.remove(path)
        return .keep(draft)
      }
      let n = DraftFile.differing(found, in: form)
      if n == 0 { return .keep(draft) }  // nothing in it to lose
      let when = Cells.sanitize(DraftFile.local(found.saved))
      var resume = o.resume
      if !resume {
        guard asks else {
          say([
            "formrun: a draft of this form from \(when) (\(n) values) is in \(shown)",
            "formrun: --resume continues it, --fresh removes it and starts afresh, --no-draft leaves it alone",
          ])
          return .refused
        }
        guard let yes = ask("Resume the draft from \(when) (\(n) value\(n == 1 ? "" : "s"))? [Y/n] ") else {
          return .inputEnded
        }
        resume = yes
      }
      guard resume else {
        files.remove(path)
        return .keep(draft)
      }
      say(Self.resume(found, into: session, shown: when))
      draft.written = JSON.encode(DraftFile.values(of: form))
      return .keep(draft)
    }
  }

  /// Resume: each value through the path of `--answers` (handlers run,
  /// refusals are said); the values that no longer fit are listed.
  static func resume(_ found: DraftFile.Found, into session: Session, shown when: String) -> [String] {
    let form = session.form
    var problems: [String] = []
    var resumed = 0
    // rows made on demand (an array's further elements) are made first
    form.documentShape?.makeRows(named: found.values.map(\.key), in: form)
    for f in found.values {
      if let item = form.find(f.key), item.value == f.value { continue }
      if let e = Prefill.set(session, name: f.key, value: f.value, source: "draft \(f.key)") {
        problems.append("formrun: not resumed: " + e)
      } else {
        resumed += 1
      }
    }
    var lines = session.notices()
    lines.append("formrun: resumed the draft from \(when): \(resumed) value\(resumed == 1 ? "" : "s")")
    lines += problems
    let secure = form.sections.flatMap(\.items).filter { $0.isShown && $0.kind.isSecret($0) && $0.kind.hasValue }
    if !secure.isEmpty {
      let names = secure.map { Cells.sanitize($0.label) }.joined(separator: ", ")
      lines.append("formrun: secure values are never kept in a draft: type \(names) again")
    }
    return lines
  }
}
