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
  /// True when the start resumed it: a paged form goes back to its page.
  var resumed = false

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

  /// After an outcome (the engine's observer): a cancel removes the draft
  /// (the driver removes it after a submit, once the values are out); a
  /// change saves it, an answer its checks refused too (kept as typed), and
  /// a left editor (its value put back).
  func follow(_ outcome: Outcome) {
    let changes: Form.Changes?
    switch outcome {
    case .cancelled:
      remove()
      return
    case .editorLeft:
      save()
      return
    case .changed(let c): changes = c
    case .editorOpened(_, let c): changes = c
    case .submitRefused(_, let c): changes = c
    case .reasked(_, _, let c): changes = c
    default: changes = nil
    }
    // only a command that changed something can have changed a value
    if let changes, changes.structure || !changes.items.isEmpty { save() }
  }

  func remove() { files.remove(path) }

  /// Give the draft back for another formrun (at the end of this one).
  func release() { files.unlock(path) }
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
    // a slip of Tab completion (`--draft form.lua`) must not make the form a draft
    if o.draft != nil, files.absolute(path) == formPath {
      say(["formrun: --draft \(Cells.sanitize(path)) is the form itself; give another file for the draft"])
      return .refused
    }
    if let problem = files.makeFolder(SystemFiles.folder(of: path)) {
      say(["formrun: the draft's folder cannot be made: \(Cells.sanitize(problem))"])
      return .refused
    }
    // one formrun at a time: a second would overwrite (or remove) the first's edits
    if case .busy(let pid) = files.lock(path) {
      return inUse(path, formPath: formPath, by: pid, o, session: session, asks: asks)
    }
    let result = open(path, formPath: formPath, o, session: session, asks: asks)
    if case .keep(.some) = result {} else { files.unlock(path) }
    return result
  }

  /// The draft at `path`, taken for this process: read, then resumed,
  /// removed or refused.
  func open(_ path: String, formPath: String, _ o: Options, session: Session, asks: Bool) -> Result {
    let form = session.form
    files.sweep(beside: path)
    let shown = Cells.sanitize(path)
    let draft = Draft(path: path, formPath: formPath, form: form, files: files, say: say, now: now)
    switch DraftFile.read(files.read(path, limit: DraftFile.sizeLimit), formPath: formPath) {
    case .none:
      if o.resume { say(["formrun: no draft of this form to resume (\(shown)); starting afresh"]) }
      return .keep(draft)
    case .foreign(let what):
      // never removed nor replaced: it may be anything (the form, notes…)
      say([
        "formrun: \(shown) \(Cells.sanitize(what))",
        "formrun: it is left as it is; give --draft another file, or --no-draft to run without a draft",
      ])
      return .refused
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
      draft.resumed = true
      return .keep(draft)
    }
  }

  /// Another formrun has the draft: said with its pid, then exit 2; at a
  /// terminal the person may open it read-only (its values resumed, nothing
  /// written or removed) — not with `--fresh`, which would remove it.
  func inUse(_ path: String, formPath: String, by pid: Int32?, _ o: Options, session: Session, asks: Bool) -> Result {
    let who = pid.map { "formrun (process \($0))" } ?? "another formrun"
    say([
      "formrun: the draft \(Cells.sanitize(path)) is in use by \(who): two runs on one draft would lose each other's edits"
    ])
    guard asks, !o.fresh else {
      say(["formrun: wait for it to end, or fill the form without the draft: --no-draft"])
      return .refused
    }
    guard let yes = ask("Open it read-only (its values resumed, nothing saved)? [Y/n] ") else { return .inputEnded }
    guard yes else { return .refused }
    if case .found(let found) = DraftFile.read(files.read(path, limit: DraftFile.sizeLimit), formPath: formPath) {
      say(Self.resume(found, into: session, shown: Cells.sanitize(DraftFile.local(found.saved))))
    }
    return .keep(nil)
  }

  /// Resume: each value through the path of `--answers` (handlers run,
  /// refusals are said); the values that no longer fit are listed. A hidden
  /// or disabled row gets its value back too (it was the person's, kept for
  /// when the row shows again); a secure row never does.
  static func resume(_ found: DraftFile.Found, into session: Session, shown when: String) -> [String] {
    let form = session.form
    var problems: [String] = []
    var resumed = 0
    // rows made on demand (an array's further elements) are made first
    form.documentShape?.makeRows(named: found.values.map(\.key), in: form)
    for f in found.values {
      let item = form.find(f.key)
      if let item, item.value == f.value { continue }
      let source = "draft \(f.key)"
      if let item, item.kind.isSecret(item) {
        // formrun never writes one: this one was put there by hand
        problems.append(
          "formrun: not resumed: \(Cells.sanitize(source)): a secure value is never kept in a draft (this one was written by hand)"
        )
        continue
      }
      if let item, !item.isShown || !item.enabled {
        if let e = Prefill.restore(session, item, value: f.value, source: source) {
          problems.append("formrun: not resumed: " + e)
        } else {
          resumed += 1
        }
        continue
      }
      if let e = Prefill.set(session, name: f.key, value: f.value, source: source) {
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
