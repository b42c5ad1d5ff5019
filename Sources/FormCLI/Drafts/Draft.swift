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
        say(["formrun: " + form.say("draft.not_saved", ["path": Cells.sanitize(path), "reason": problem])])
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
/// stopping, as the flags and the person say. The form is loaded by then:
/// every line is said in its words.
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
  /// A yes/no question, answered in the words of the catalogue given (the
  /// form's); nil when input ended. Only asked when `asks`.
  var ask: (String, Catalogue) -> Bool?
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
          say(["formrun: " + form.say("draft.no_state_folder")])
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
      say(["formrun: " + form.say("draft.is_the_form", ["path": Cells.sanitize(path)])])
      return .refused
    }
    if let problem = files.makeFolder(SystemFiles.folder(of: path)) {
      say(["formrun: " + form.say("draft.no_folder", ["reason": Cells.sanitize(problem)])])
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
    switch DraftFile.read(files.read(path, limit: DraftFile.sizeLimit), formPath: formPath, words: form.catalogue) {
    case .none:
      if o.resume { say(["formrun: " + form.say("draft.none_to_resume", ["path": shown])]) }
      return .keep(draft)
    case .foreign(let why):
      // never removed nor replaced: it may be anything (the form, notes…)
      say([
        "formrun: " + form.say("draft.foreign", ["path": shown, "reason": Cells.sanitize(why)]),
        "formrun: " + form.say("draft.foreign_how"),
      ])
      return .refused
    case .unopened(let why):
      say([
        "formrun: " + form.say("draft.unopened", ["path": shown, "reason": Cells.sanitize(why)]),
        "formrun: " + form.say("draft.foreign_how"),
      ])
      return .refused
    case .unreadable(let why):
      if o.fresh {
        files.remove(path)
        return .keep(draft)
      }
      say([
        "formrun: " + form.say("draft.unreadable", ["path": shown, "reason": Cells.sanitize(why)]),
        "formrun: " + form.say("draft.unreadable_how"),
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
            "formrun: " + form.say("draft.found", ["when": when, "count": String(n), "path": shown]),
            "formrun: " + form.say("draft.found_how"),
          ])
          return .refused
        }
        guard let yes = ask(form.say("draft.ask_resume", ["when": when, "count": String(n)]), form.catalogue) else {
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
    let form = session.form
    let shown = Cells.sanitize(path)
    say([
      "formrun: "
        + (pid.map { form.say("draft.in_use_by", ["path": shown, "pid": String($0)]) }
          ?? form.say("draft.in_use", ["path": shown]))
    ])
    guard asks, !o.fresh else {
      say(["formrun: " + form.say("draft.in_use_how")])
      return .refused
    }
    guard let yes = ask(form.say("draft.ask_read_only"), form.catalogue) else { return .inputEnded }
    guard yes else { return .refused }
    let read = DraftFile.read(files.read(path, limit: DraftFile.sizeLimit), formPath: formPath, words: form.catalogue)
    if case .found(let found) = read {
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
      let source = form.say("draft.source", ["name": f.key])
      if let item, item.kind.isSecret(item) {
        // formrun never writes one: this one was put there by hand
        let reason = Cells.sanitize(source) + ": " + form.say("draft.secure_by_hand")
        problems.append("formrun: " + form.say("draft.not_resumed", ["reason": reason]))
        continue
      }
      if let item, !item.isShown || !item.enabled {
        if let e = Prefill.restore(session, item, value: f.value, source: source) {
          problems.append("formrun: " + form.say("draft.not_resumed", ["reason": e]))
        } else {
          resumed += 1
        }
        continue
      }
      if let e = Prefill.set(session, name: f.key, value: f.value, source: source) {
        problems.append("formrun: " + form.say("draft.not_resumed", ["reason": e]))
      } else {
        resumed += 1
      }
    }
    var lines = session.notices()
    lines.append("formrun: " + form.say("draft.resumed", ["when": when, "count": String(resumed)]))
    lines += problems
    let secure = form.sections.flatMap(\.items).filter { $0.isShown && $0.kind.isSecret($0) && $0.kind.hasValue }
    if !secure.isEmpty {
      let names = secure.map { Cells.sanitize($0.label) }.joined(separator: ", ")
      lines.append("formrun: " + form.say("draft.secure_again", ["names": names]))
    }
    return lines
  }
}
