import FormCore
import FormLua
import FormSession
import FormTerminal
import Glibc
import TestSupport
import Testing

@testable import FormCLI

/// The calls of a durable write, recorded; each file opened gets the next
/// descriptor from 3; `failing` names a call that fails with EIO.
final class RecordedCalls: DurableCalls {
  var log: [String] = []
  var failing: String?
  var next: Int32 = 3

  func record(_ name: String, _ what: String) -> Int32? {
    log.append(name + " " + what)
    return failing == name ? EIO : nil
  }
  func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> (fd: Int32, errno: Int32) {
    if let e = record("open", path) { return (-1, e) }
    defer { next += 1 }
    return (next, 0)
  }
  func write(_ fd: Int32, _ text: String) -> Int32? { record("write", "\(fd)") }
  func fsync(_ fd: Int32) -> Int32? { record("fsync", "\(fd)") }
  func close(_ fd: Int32) -> Int32? { record("close", "\(fd)") }
  func rename(_ from: String, _ to: String) -> Int32? { record("rename", from + " " + to) }
  func unlink(_ path: String) -> Int32? { record("unlink", path) }
}

/// A file system held in memory: what the drafts' policy wrote, removed and
/// swept, with failures on demand.
final class MemoryFiles: FileSystem {
  var files: [String: [UInt8]] = [:]
  var folders: Set<String> = []
  var writes: [String] = []
  var swept: [String] = []
  var failWrites: String?
  var unreadable: [String: String] = [:]
  /// drafts another process holds, with its pid
  var heldElsewhere: [String: Int32?] = [:]
  /// drafts this process holds
  var held: Set<String> = []

  func read(_ path: String, limit: Int) -> FileContents {
    if let why = unreadable[path] { return .unreadable(.system(why)) }
    guard let bytes = files[path] else { return .missing }
    return bytes.count > limit ? .unreadable(.larger(mebibytes: limit >> 20)) : .bytes(bytes)
  }
  func writeAtomically(_ path: String, _ text: String) -> String? {
    if let failWrites { return failWrites }
    files[path] = Array(text.utf8)
    writes.append(path)
    return nil
  }
  func remove(_ path: String) { files[path] = nil }
  func makeFolder(_ path: String) -> String? {
    folders.insert(path)
    return nil
  }
  func sweep(beside path: String) { swept.append(path) }
  func lock(_ path: String) -> DraftLock {
    if let pid = heldElsewhere[path] { return .busy(pid: pid) }
    held.insert(path)
    return .taken
  }
  func unlock(_ path: String) { held.remove(path) }
  func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : "/srv/forms/" + path }
  func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }
}

struct DraftPolicyTests {
  static let source = """
    local s = form:section{}
    s:text{ name = "name", title = "Name" }
    s:text{ name = "password", title = "Password", secure = true }
    s:number{ name = "seats", title = "Seats", value = 2 }
    s:text{ name = "shout", title = "Shout" }
    form:find("name").on_change = function(item) form:find("shout").value = string.upper(item.value or "") end
    """

  /// A session on a fresh form, its runtime kept alive by the caller.
  static func session(_ source: String = source) throws -> (LuaRuntime, Session) {
    let runtime = LuaRuntime()
    try runtime.load(source: source, name: "form.lua")
    return (runtime, Session(form: runtime.form, host: TestHost(), driver: .fill))
  }

  final class Said {
    var lines: [String] = []
    var questions: [String] = []
  }

  static func start(
    _ files: MemoryFiles, _ said: Said, answer: Bool? = true, state: String? = "/state/formrun"
  ) -> DraftStart {
    DraftStart(
      files: files, stateFolder: state, say: { said.lines += $0 },
      ask: { q, _ in
        said.questions.append(q)
        return answer
      }, now: { "2026-11-30T22:01:02Z" })
  }

  static func options(_ args: [String]) throws -> Options {
    guard case .fill(let o) = try Arguments.parse(["form.lua"] + args) else { throw UsageError(message: "no fill") }
    return o
  }

  @Test func aChangeIsSavedOnceWithItsHeaderAndNoSecret() throws {
    let (runtime, session) = try Self.session()
    let files = MemoryFiles()
    let said = Said()
    guard
      case .keep(let draft?) = Self.start(files, said).start(
        try Self.options(["--draft", "d.json"]), session: session, asks: false)
    else {
      Issue.record("no draft")
      return
    }
    draft.follow(session.read("password hunter22x"))
    draft.follow(session.read("name ada"))
    draft.follow(session.read("values"))  // no change: nothing written
    #expect(files.writes == ["d.json"])  // the secret alone changed nothing kept
    let text = try #require(files.text("d.json"))
    #expect(
      text == """
        {"formrun_draft":{"form":"/srv/forms/form.lua","saved":"2026-11-30T22:01:02Z"},
         "values":{"name":"ada","seats":2,"shout":"ADA"}}

        """)
    let before = files.writes.count
    draft.follow(session.read("seats 2"))  // the same value again
    #expect(files.writes.count == before)
    #expect(files.swept == ["d.json"])
    withExtendedLifetime(runtime) {}
  }

  @Test func aFailedSaveIsSaidOnceAndAgainAfterItWorked() throws {
    let (runtime, session) = try Self.session()
    let files = MemoryFiles()
    let said = Said()
    let draft = Draft(path: "d.json", formPath: "/f.lua", form: session.form, files: files, say: { said.lines += $0 })
    files.failWrites = "No space left on device"
    draft.follow(session.read("name a"))
    draft.follow(session.read("name b"))
    #expect(said.lines == ["formrun: the draft d.json could not be saved: No space left on device; formrun goes on"])
    files.failWrites = nil
    draft.follow(session.read("name c"))
    files.failWrites = "again"
    draft.follow(session.read("name d"))
    #expect(said.lines.count == 2)
    withExtendedLifetime(runtime) {}
  }

  @Test func cancelRemovesTheDraft() throws {
    let (runtime, session) = try Self.session()
    let files = MemoryFiles()
    let draft = Draft(path: "d.json", formPath: "/f.lua", form: session.form, files: files, say: { _ in })
    draft.follow(session.read("name a"))
    #expect(files.files["d.json"] != nil)
    draft.follow(session.read("q"))
    #expect(files.files["d.json"] == nil)
    withExtendedLifetime(runtime) {}
  }

  @Test func theStateFolderIsUsedAtATerminalForLongFormsOrWhenAsked() throws {
    let long = (1...6).map { "form:section{}:text{ name = \"f\($0)\", title = \"F\($0)\" }" }.joined(separator: "\n")
    let (runtime, session) = try Self.session(long)
    let files = MemoryFiles()
    let said = Said()
    let name = DraftFile.defaultName(for: "/srv/forms/form.lua")
    guard case .keep(let draft?) = Self.start(files, said).start(try Self.options([]), session: session, asks: true)
    else {
      Issue.record("a long form at a terminal keeps no draft")
      return
    }
    #expect(draft.path == "/state/formrun/" + name)
    #expect(files.folders == ["/state/formrun"])
    guard case .keep(nil) = Self.start(files, said).start(try Self.options([]), session: session, asks: false) else {
      Issue.record("a pipe keeps a draft unasked")
      return
    }
    guard
      case .keep(nil) = Self.start(files, said).start(try Self.options(["--no-draft"]), session: session, asks: true)
    else {
      Issue.record("--no-draft keeps one")
      return
    }
    guard
      case .refused = Self.start(files, said, state: nil).start(
        try Self.options(["--resume"]), session: session, asks: false)
    else {
      Issue.record("--resume without a state folder")
      return
    }
    #expect(said.lines.last == "formrun: no state folder for drafts: set HOME or XDG_STATE_HOME, or give --draft FILE")
    withExtendedLifetime(runtime) {}
  }

  @Test func aFoundDraftIsAskedResumedOrRefusedAsTheFlagsSay() throws {
    let files = MemoryFiles()
    files.files["d.json"] = Array(
      DraftFile.text(form: "/srv/forms/form.lua", saved: "2026-11-30T22:01:02Z", values: #"{"name":"ada","fax":"1"}"#)
        .utf8)
    let (r1, piped) = try Self.session()
    let said = Said()
    guard
      case .refused = Self.start(files, said).start(
        try Self.options(["--draft", "d.json"]), session: piped, asks: false)
    else {
      Issue.record("a pipe went on past a draft")
      return
    }
    #expect(said.lines.first?.hasPrefix("formrun: a draft of this form from ") == true)
    #expect(files.files["d.json"] != nil)  // left as it is

    let (r2, asked) = try Self.session()
    let answered = Said()
    guard
      case .keep(let draft?) = Self.start(files, answered).start(
        try Self.options(["--draft", "d.json"]), session: asked, asks: true)
    else {
      Issue.record("not resumed")
      return
    }
    #expect(answered.questions.count == 1 && answered.questions[0].hasSuffix("(2 values)? [Y/n] "))
    #expect(asked.form.find("name")?.value == .string("ada"))
    #expect(answered.lines.contains("formrun: not resumed: draft fax: the form has no item named 'fax'"))
    #expect(answered.lines.contains { $0.hasSuffix(": 1 value") })
    #expect(answered.lines.last == "formrun: secure values are never kept in a draft: type Password again")
    // what was resumed is what is on the disk: the next same change writes nothing
    let before = files.writes.count
    draft.save()
    #expect(files.writes.count == before)

    let (r3, ended) = try Self.session()
    guard
      case .inputEnded = Self.start(files, Said(), answer: nil).start(
        try Self.options(["--draft", "d.json"]), session: ended, asks: true)
    else {
      Issue.record("an unanswered question went on")
      return
    }
    let (r4, fresh) = try Self.session()
    guard
      case .keep = Self.start(files, Said()).start(
        try Self.options(["--draft", "d.json", "--fresh"]), session: fresh, asks: false)
    else {
      Issue.record("--fresh")
      return
    }
    #expect(files.files["d.json"] == nil)
    withExtendedLifetime((r1, r2, r3, r4)) {}
  }

  @Test(arguments: [
    ("", "the file is empty"), ("{\"formrun_draft\":", "cut short or not JSON"),
    ("{\"values\":{}}", "not a formrun draft"), ("\u{FF}", "not valid UTF-8"),
  ])
  func aDraftThatCannotBeReadIsSaidAndKept(content: String, reason: String) throws {
    let files = MemoryFiles()
    files.files["d.json"] = content == "\u{FF}" ? [0xFF] : Array(content.utf8)
    let (runtime, session) = try Self.session()
    let said = Said()
    guard
      case .refused = Self.start(files, said).start(
        try Self.options(["--draft", "d.json"]), session: session, asks: true)
    else {
      Issue.record("went on")
      return
    }
    #expect(said.lines.first?.contains(reason) == true, "\(said.lines)")
    #expect(files.files["d.json"] != nil)
    withExtendedLifetime(runtime) {}
  }

  @Test func anotherFormsDraftIsNotResumed() {
    let text = DraftFile.text(form: "/other.lua", saved: "x", values: "{}")
    #expect(
      DraftFile.read(.bytes(Array(text.utf8)), formPath: "/mine.lua", words: .english)
        == .unreadable("a draft of another form (/other.lua)"))
    #expect(DraftFile.read(.missing, formPath: "/mine.lua", words: .english) == .none)
  }

  @Test func draftNamesComeFromTheWholePath() {
    let a = DraftFile.defaultName(for: "/home/ada/signup.lua")
    #expect(a.hasPrefix("home_ada_signup.lua-") && a.hasSuffix(".json"))
    #expect(a.count == "home_ada_signup.lua-".count + 16 + 5)
    // two paths that make the same name differ by their hash
    #expect(DraftFile.defaultName(for: "/a/b_c.lua") != DraftFile.defaultName(for: "/a_b/c.lua"))
    let long = DraftFile.defaultName(for: "/" + String(repeating: "x", count: 300) + "/end.lua")
    #expect(long.hasPrefix(String(repeating: "x", count: 112) + "_end.lua-"))
    #expect(DraftFile.stateFolder(xdgStateHome: "/x", home: "/h") == "/x/formrun")
    #expect(DraftFile.stateFolder(xdgStateHome: "relative", home: "/h") == "/h/.local/state/formrun")
    #expect(DraftFile.stateFolder(xdgStateHome: nil, home: "") == nil)
    #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
  }

  /// A draft is on the disk before it takes the draft's name, and the
  /// rename is made durable by a sync of the folder; a failed sync leaves
  /// the old draft and no temporary file.
  @Test func aDraftIsSyncedBeforeItIsRenamedAndTheFolderAfter() {
    let calls = RecordedCalls()
    let files = SystemFiles(calls: calls)
    #expect(files.writeAtomically("/s/d.json", "{}") == nil)
    let tmp = SystemFiles.temporary(for: "/s/d.json", pid: getpid())
    #expect(
      calls.log == [
        "open \(tmp)", "write 3", "fsync 3", "close 3", "rename \(tmp) /s/d.json", "open /s", "fsync 4", "close 4",
      ])
    (calls.log, calls.next) = ([], 3)
    files.remove("/s/d.json")
    #expect(calls.log == ["unlink /s/d.json", "open /s", "fsync 3", "close 3"])
    (calls.log, calls.next) = ([], 3)
    calls.failing = "fsync"
    #expect(files.writeAtomically("/s/d.json", "{}") == FileDescriptor.reason(EIO))
    #expect(calls.log == ["open \(tmp)", "write 3", "fsync 3", "close 3", "unlink \(tmp)"])
  }

  @Test func theTemporaryFileSitsBesideTheDraft() {
    #expect(SystemFiles.temporary(for: "/s/d.json", pid: 7) == "/s/.d.json.7.tmp")
    #expect(SystemFiles.temporary(for: "d.json", pid: 7) == ".d.json.7.tmp")
    #expect(SystemFiles.temporary(for: "./d.json", pid: 7) == "./.d.json.7.tmp")
  }

  // MARK: what may be removed, who may write, what comes back

  @Test(arguments: [
    ("precious notes\n", false), ("form:section{}\n", false), (#"{"values":{"a":1}}"#, false), ("[1]", false),
    ("\u{FF}", false), (#"{"formrun_draft":{"form":"/x"#, true), (#"  {  "formrun_draft""#, true), ("", true),
    (DraftFile.text(form: "/other.lua", saved: "x", values: "{}"), true),
  ])
  func onlyAFormrunDraftIsRemovedByFresh(content: String, isDraft: Bool) throws {
    let files = MemoryFiles()
    let bytes: [UInt8] = content == "\u{FF}" ? [0xFF] : Array(content.utf8)
    files.files["d.json"] = bytes
    let (runtime, session) = try Self.session()
    let said = Said()
    let result = Self.start(files, said).start(
      try Self.options(["--draft", "d.json", "--fresh"]), session: session, asks: true)
    if isDraft {
      guard case .keep(let draft?) = result else {
        Issue.record("a draft was not removed: \(said.lines)")
        return
      }
      #expect(files.files["d.json"] == nil)
      draft.release()
    } else {
      guard case .refused = result else {
        Issue.record("went on")
        return
      }
      #expect(files.files["d.json"] == bytes)
      #expect(said.lines.first?.hasPrefix("formrun: d.json is not a formrun draft") == true, "\(said.lines)")
      #expect(files.held.isEmpty, "a refused start keeps the lock")
    }
    withExtendedLifetime(runtime) {}
  }

  @Test func theFormItselfIsNoDraft() throws {
    let files = MemoryFiles()
    files.files["/srv/forms/form.lua"] = Array("form:section{}".utf8)
    let (runtime, session) = try Self.session()
    let said = Said()
    guard
      case .refused = Self.start(files, said).start(
        try Self.options(["--draft", "form.lua", "--fresh"]), session: session, asks: true)
    else {
      Issue.record("went on")
      return
    }
    #expect(said.lines == ["formrun: --draft form.lua is the form itself; give another file for the draft"])
    #expect(files.files["/srv/forms/form.lua"] != nil)
    withExtendedLifetime(runtime) {}
  }

  @Test func aDraftInUseIsRefusedOrOpenedReadOnly() throws {
    let files = MemoryFiles()
    files.files["d.json"] = Array(
      DraftFile.text(form: "/srv/forms/form.lua", saved: "2026-11-30T22:01:02Z", values: #"{"name":"ada"}"#).utf8)
    files.heldElsewhere["d.json"] = 4242
    let (r1, piped) = try Self.session()
    let said = Said()
    guard
      case .refused = Self.start(files, said).start(
        try Self.options(["--draft", "d.json", "--resume"]), session: piped, asks: false)
    else {
      Issue.record("a pipe went on with a draft in use")
      return
    }
    #expect(
      said.lines == [
        "formrun: the draft d.json is in use by formrun (process 4242): two runs on one draft would lose each other's edits",
        "formrun: wait for it to end, or fill the form without the draft: --no-draft",
      ])
    #expect(said.questions.isEmpty)
    // at a terminal: read-only by choice (the values resumed, nothing ever written or removed)
    let (r2, asked) = try Self.session()
    let reader = Said()
    guard
      case .keep(nil) = Self.start(files, reader).start(
        try Self.options(["--draft", "d.json"]), session: asked, asks: true)
    else {
      Issue.record("not opened read-only")
      return
    }
    #expect(reader.questions == ["Open it read-only (its values resumed, nothing saved)? [Y/n] "])
    #expect(asked.form.find("name")?.value == .string("ada"))
    #expect(files.writes.isEmpty)
    #expect(files.files["d.json"] != nil)
    let (r3, declined) = try Self.session()
    guard
      case .refused = Self.start(files, Said(), answer: false).start(
        try Self.options(["--draft", "d.json"]), session: declined, asks: true)
    else {
      Issue.record("a declined read-only went on")
      return
    }
    #expect(declined.form.find("name")?.value == .null)
    // --fresh cannot remove a draft another formrun uses, and read-only is no fresh start
    let (r4, fresh) = try Self.session()
    let freshSaid = Said()
    guard
      case .refused = Self.start(files, freshSaid).start(
        try Self.options(["--draft", "d.json", "--fresh"]), session: fresh, asks: true)
    else {
      Issue.record("--fresh went on with a draft in use")
      return
    }
    #expect(freshSaid.questions.isEmpty)
    #expect(files.files["d.json"] != nil, "--fresh removed a draft in use")
    withExtendedLifetime((r1, r2, r3, r4)) {}
  }

  @Test func aDraftTakenIsHeldUntilReleasedAndRemovedWithTheDraft() throws {
    let files = MemoryFiles()
    let (runtime, session) = try Self.session()
    guard
      case .keep(let draft?) = Self.start(files, Said()).start(
        try Self.options(["--draft", "d.json"]), session: session, asks: false)
    else {
      Issue.record("no draft")
      return
    }
    #expect(files.held == ["d.json"])
    draft.release()
    #expect(files.held.isEmpty)
    withExtendedLifetime(runtime) {}
  }

  @Test func hiddenAndDisabledRowsAreKeptAndResumed() throws {
    let source = """
      local s = form:section{}
      s:text{ name = "name", title = "Name" }
      s:text{ name = "later", title = "Later" }
      s:text{ name = "off", title = "Off" }
      local h = form:section{ header = "H" }
      h:text{ name = "inner", title = "Inner" }
      """
    let (r1, session) = try Self.session(source)
    let form = session.form
    for line in ["name ada", "later soon", "off x", "inner y"] { _ = session.read(line) }
    form.find("later")!.hidden = true
    form.find("off")!.enabled = false
    form.sections[1].hidden = true
    #expect(
      DraftFile.values(of: form)
        == .record([
          .init("name", .string("ada")), .init("later", .string("soon")), .init("off", .string("x")),
          .init("inner", .string("y")),
        ]))
    let (r2, again) = try Self.session(source)
    again.form.find("later")!.hidden = true
    again.form.find("off")!.enabled = false
    again.form.sections[1].hidden = true
    guard case .record(let values) = DraftFile.values(of: form) else { return }
    let lines = DraftStart.resume(
      .init(formPath: "/f.lua", saved: "2026-11-30T22:01:02Z", values: values), into: again, shown: "then")
    #expect(lines.filter { $0.contains("not resumed") }.isEmpty, "\(lines)")
    #expect(again.form.find("later")?.value == .string("soon"))
    #expect(again.form.find("off")?.value == .string("x"))
    #expect(again.form.find("inner")?.value == .string("y"))
    #expect(again.form.find("later")?.hidden == true)
    withExtendedLifetime((r1, r2)) {}
  }

  @Test func aSecureValueInADraftIsNotResumed() throws {
    let (runtime, session) = try Self.session()
    let lines = DraftStart.resume(
      .init(
        formPath: "/f.lua", saved: "2026-11-30T22:01:02Z",
        values: [.init("name", .string("ada")), .init("password", .string("typed-secret"))]), into: session,
      shown: "then")
    #expect(session.form.find("password")?.value == .null)
    #expect(
      lines.contains(
        "formrun: not resumed: draft password: a secure value is never kept in a draft (this one was written by hand)"),
      "\(lines)")
    #expect(lines.contains("formrun: resumed the draft from then: 1 value"))
    withExtendedLifetime(runtime) {}
  }

  @Test(arguments: [
    "2026-99-99T99:99:99Z", "2026-02-30T10:00:00Z", "2025-02-29T10:00:00Z", "2026-01-01T24:00:00Z",
    "2026-01-01T10:60:00Z", "0000-01-01T00:00:00Z", "2026-1-01T10:00:00Z", "x",
  ])
  func aSavedTimeThatIsNoTimeIsShownAsWritten(saved: String) {
    #expect(DraftFile.local(saved) == saved)
  }

  @Test func aRealSavedTimeIsShownInLocalTime() {
    #expect(DraftFile.local("2024-02-29T10:00:00Z").wholeMatch(of: #/2024-02-(29|28|30) \d\d:\d\d/#) != nil)
    #expect(DraftFile.local("2026-12-31T23:59:59Z").wholeMatch(of: #/20(26|27)-\d\d-\d\d \d\d:\d\d/#) != nil)
  }
}
