import Foundation
import Testing

/// Drafts: the values are kept in a file after every accepted change, resumed
/// on the next start, and removed by a submit or a cancel (the crash test,
/// Tests/Drafts/crashtest.py, kills formrun while it writes them).
struct DraftTests {
  static let form = """
    local s = form:section{}
    s:text{ name = "name", title = "Name" }
    s:text{ name = "password", title = "Password", secure = true }
    s:number{ name = "seats", title = "Seats", value = 2 }
    s:text{ name = "shout", title = "Shout" }
    form:find("name").on_change = function(item)
      print("on_change saw " .. tostring(item.value))
      form:find("shout").value = string.upper(item.value or "")
    end
    """

  /// A fresh form and the path of its draft (not made yet) in a new folder.
  func setUp(_ source: String = DraftTests.form) throws -> (form: String, draft: String) {
    let form = try CLI.script(source)
    let draft = URL(fileURLWithPath: form).deletingLastPathComponent().appendingPathComponent("drafts/form.json").path
    return (form, draft)
  }

  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  func mode(_ path: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func everyAcceptedChangeIsKeptWithAHeaderAndNoSecureValue() throws {
    let (form, draft) = try setUp()
    let r = try CLI.run(
      [form, "--draft", draft, "--set", "seats=3"], input: "name ada\npassword hunter22x\nseats nope\n")
    #expect(r.status == 3)
    let text = try read(draft)
    #expect(!text.contains("hunter22x"))
    #expect(!text.contains("password"))
    let doc = try json(text)
    let header = try #require(doc["formrun_draft"] as? [String: Any])
    #expect(header["form"] as? String == URL(fileURLWithPath: form).resolvingSymlinksInPath().path)
    #expect((header["saved"] as? String)?.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/#) != nil)
    // the flag, the typed value and the handler's change; the refused value is not there
    let values = try #require(doc["values"] as? [String: Any])
    #expect(values["name"] as? String == "ada")
    #expect(values["shout"] as? String == "ADA")
    #expect(values["seats"] as? Int == 3)
    // readable by the user only, and so is a folder formrun made
    #expect(try mode(draft) == 0o600)
    #expect(try mode(URL(fileURLWithPath: draft).deletingLastPathComponent().path) == 0o700)
  }

  @Test func resumeThroughAPipeAppliesTheValuesAsAnswersDo() throws {
    let (form, draft) = try setUp()
    _ = try CLI.run([form, "--draft", draft], input: "name ada\npassword hunter22x\nseats 7\n")
    let r = try CLI.run([form, "--draft", draft, "--resume", "--submit"])
    #expect(r.status == 0, "\(r.stderr)")
    // the secure row is asked again: it was not kept
    #expect(r.stdout == #"{"name":"ada","password":null,"seats":7,"shout":"ADA"}"# + "\n")
    #expect(r.stderr.contains("on_change saw ada"), "the handler runs on resume: \(r.stderr)")
    #expect(r.stderr.contains("formrun: resumed the draft from "))
    #expect(r.stderr.contains("type Password again"))
  }

  @Test(arguments: ["s", "q"])
  func submitAndCancelRemoveTheDraft(ending: String) throws {
    let (form, draft) = try setUp()
    _ = try CLI.run([form, "--draft", draft], input: "name ada\n")
    #expect(exists(draft))
    let r = try CLI.run([form, "--draft", draft, "--resume"], input: "seats 4\n\(ending)\n")
    #expect(r.status == (ending == "s" ? 0 : 1), "\(r.stderr)")
    #expect(!exists(draft))
  }

  @Test func aRefusedSubmitKeepsTheDraft() throws {
    let (form, draft) = try setUp(Self.form + "\nform:find(\"seats\").validators = { \"range(5, 9)\" }\n")
    let r = try CLI.run([form, "--draft", draft, "--set", "name=ada", "--submit"])
    #expect(r.status == 3)
    #expect(try read(draft).contains("\"ada\""))
  }

  /// One unreadable draft through the binary (exit code, the file left as
  /// it is); every reason is checked in the process (FormCLITests, DraftPolicyTests).
  static let corrupt: [(String, String)] = [
    (#"{"formrun_draft":{"form":"/x.lua","saved":"2026-11-30T22:01:02Z"},"values":{"na"#, "cut short or not JSON")
  ]

  @Test(arguments: DraftTests.corrupt)
  func aDraftThatCannotBeReadIsReportedAndLeftAsItIs(content: String, reason: String) throws {
    let (form, draft) = try setUp()
    try FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: draft).deletingLastPathComponent().path, withIntermediateDirectories: true)
    try content.write(toFile: draft, atomically: false, encoding: .utf8)
    for flags in [[], ["--resume"], ["--submit"]] {
      let r = try CLI.run([form, "--draft", draft] + flags, input: "name bob\n")
      #expect(r.status == 2, "\(flags)")
      #expect(r.stderr.contains("formrun: the draft \(draft) cannot be read: "), "\(r.stderr)")
      #expect(r.stderr.contains(reason), "\(r.stderr)")
      #expect(r.stderr.contains("--fresh removes it"))
      #expect(try read(draft) == content, "the draft was overwritten (\(flags))")
    }
    // --no-draft leaves it alone; --fresh removes it and starts afresh
    #expect(try CLI.run([form, "--draft", draft, "--no-draft"]).status == 2)  // the flags go apart
    #expect(try CLI.run([form, "--no-draft"], input: "name bob\n").status == 3)
    #expect(try read(draft) == content)
    let r = try CLI.run([form, "--draft", draft, "--fresh"], input: "name bob\n")
    #expect(r.status == 3)
    #expect(try read(draft).contains("\"bob\""))
  }

  @Test func anExistingDraftWithoutResumeOrFreshIsNotOverwrittenThroughAPipe() throws {
    let (form, draft) = try setUp()
    _ = try CLI.run([form, "--draft", draft], input: "name ada\n")
    let before = try read(draft)
    let r = try CLI.run([form, "--draft", draft], input: "name bob\n")
    #expect(r.status == 2)
    #expect(r.stderr.contains("a draft of this form from "), "\(r.stderr)")
    #expect(r.stderr.contains("(2 values) is in \(draft)"), "\(r.stderr)")
    #expect(try read(draft) == before)
    // --fresh removes it: the values are the form's own
    let fresh = try CLI.run([form, "--draft", draft, "--fresh", "--submit"])
    #expect(fresh.stdout == #"{"name":null,"password":null,"seats":2,"shout":null}"# + "\n")
    #expect(!exists(draft))
  }

  @Test func aChangedFormResumesWhatStillFitsAndSaysTheRest() throws {
    let (form, draft) = try setUp()
    try FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: draft).deletingLastPathComponent().path, withIntermediateDirectories: true)
    let path = URL(fileURLWithPath: form).resolvingSymlinksInPath().path
    let content = """
      {"formrun_draft":{"form":"\(path)","saved":"2026-11-30T22:01:02Z"},
       "values":{"name":"ada","fax":"0123","seats":"many"}}
      """
    try content.write(toFile: draft, atomically: false, encoding: .utf8)
    let r = try CLI.run([form, "--draft", draft, "--resume", "--submit"])
    #expect(r.status == 0)
    #expect(r.stdout == #"{"name":"ada","password":null,"seats":2,"shout":"ADA"}"# + "\n")
    #expect(r.stderr.contains("resumed the draft from 2026-11-30"), "\(r.stderr)")
    #expect(r.stderr.contains(": 1 value\n"), "\(r.stderr)")
    #expect(r.stderr.contains("formrun: not resumed: draft fax: the form has no item named 'fax'"), "\(r.stderr)")
    #expect(r.stderr.contains("formrun: not resumed: draft seats: Seats must be a number"), "\(r.stderr)")
  }

  @Test func throughAPipeTheStateFolderIsUsedOnlyWhenAsked() throws {
    let (form, _) = try setUp()
    let state = URL(fileURLWithPath: try CLI.script("")).deletingLastPathComponent().appendingPathComponent("state")
    let env = ["XDG_STATE_HOME": state.path]
    _ = try CLI.run([form], input: "name ada\n", env: env)
    #expect(!exists(state.path), "a pipe keeps no draft unless asked")
    // --resume asks: it finds none, starts afresh and keeps one from then on
    let r = try CLI.run([form, "--resume"], input: "name ada\n", env: env)
    #expect(r.stderr.contains("no draft of this form to resume"))
    let folder = state.appendingPathComponent("formrun").path
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(files.count == 1)
    let name = try #require(files.first)
    // the form's absolute path made a name, then a hash of it
    let sanitised = URL(fileURLWithPath: form).resolvingSymlinksInPath().path.dropFirst()
      .replacing("/", with: "_")
    #expect(name.hasPrefix(sanitised + "-"), "\(name)")
    #expect(name.wholeMatch(of: #/.+-[0-9a-f]{16}\.json/#) != nil, "\(name)")
    #expect(try mode(folder) == 0o700)
    #expect(try mode(folder + "/" + name) == 0o600)
    let resumed = try CLI.run([form, "--resume", "--submit", "--field", "shout"], env: env)
    #expect(resumed.stdout == "ADA\n")
    #expect(!exists(folder + "/" + name))
  }
}

/// What two runs, a slip of `--draft` and a hand-edited file can do to a
/// draft: only a formrun draft is ever removed or replaced, one formrun at a
/// time has it, hidden rows keep their values, secure values never come back.
struct DraftSafetyTests {
  func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }
  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func freshRemovesOnlyADraft() throws {
    let form = try CLI.script(DraftTests.form)
    let dir = (form as NSString).deletingLastPathComponent
    let source = try read(form)
    // the form itself, given as the draft by a slip of Tab completion
    for flags in [["--fresh"], ["--fresh", "--submit"], []] {
      let r = try CLI.run([form, "--draft", form] + flags, input: "name ada\n")
      #expect(r.status == 2, "\(flags): \(r.stderr)")
      #expect(r.stderr.contains("formrun: --draft \(form) is the form itself"), "\(r.stderr)")
      #expect(try read(form) == source)
    }
    // any file that is not a formrun draft: refused and kept, --fresh or not
    for (name, content) in [
      ("notes.txt", "precious notes\n"), ("data.json", #"{"values":{"name":"x"}}"#),
      ("other.lua", "form:section{}\n"), ("list.json", "[1, 2]"),
    ] {
      let path = dir + "/" + name
      try write(content, path)
      for flags in [["--fresh"], ["--fresh", "--submit"], ["--resume"], []] {
        let r = try CLI.run([form, "--draft", path] + flags, input: "name ada\ns\n")
        #expect(r.status == 2, "\(name) \(flags): \(r.stderr)")
        #expect(r.stderr.contains("formrun: \(path) is not a formrun draft"), "\(r.stderr)")
        #expect(!r.stderr.contains("--fresh removes it"), "\(r.stderr)")
        #expect(try read(path) == content, "\(name) was changed by \(flags)")
      }
    }
    // a draft (cut short, another form's, empty) is one to remove
    let draft = dir + "/d.json"
    for content in [
      #"{"formrun_draft":{"form":"/x.lua","saved":"2026-11-30T22:01:02Z"},"values":{"na"#,
      #"{"formrun_draft":{"form":"/elsewhere.lua","saved":"2026-11-30T22:01:02Z"},"values":{}}"#,
      #"  { "formrun_draft" : {"#, "",
    ] {
      try write(content, draft)
      let r = try CLI.run([form, "--draft", draft, "--fresh"], input: "name bob\n")
      #expect(r.status == 3, "\(content): \(r.stderr)")
      #expect(try read(draft).contains("\"bob\""))
    }
  }

  @Test func aSecondFormrunOnADraftSaysWhoHasItAndExits2() throws {
    let form = try CLI.script(
      """
      local s = form:section("Two")
      s:text{ name = "a", title = "A" }
      s:text{ name = "b", title = "B" }
      """)
    let dir = (form as NSString).deletingLastPathComponent
    // A holds the draft (its first edit is on the disk) while B starts
    let r = try CLI.launch(
      "/bin/bash",
      [
        "-c",
        """
        cd "$1"
        { echo "a from-A"; while [ ! -e go ]; do sleep 0.05; done; echo s; } | "$FORMRUN" form.lua --draft d.json --resume > A.out 2> A.err &
        a=$!
        while [ ! -e d.json ]; do sleep 0.05; done
        echo "b from-B" | "$FORMRUN" form.lua --draft d.json --resume > B.out 2> B.err
        echo "B=$?"
        touch go
        wait $a
        echo "A=$?"
        """, "bash", dir,
      ], environment: ["FORMRUN": CLI.binary]
    ).result
    #expect(r.stdout == "B=2\nA=0\n", "\(r.stdout) \(r.stderr)")
    let b = try read(dir + "/B.err")
    #expect(b.contains(#/formrun: the draft d.json is in use by formrun \(process \d+\)/#), "\(b)")
    #expect(b.contains("--no-draft"), "\(b)")
    #expect(try read(dir + "/B.out").isEmpty)
    #expect(try read(dir + "/A.out") == #"{"a":"from-A","b":null}"# + "\n")
    // A's submit removed the draft, and its lock with it
    let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("d.json") }
    #expect(left.isEmpty, "\(left)")
  }

  @Test func hiddenRowsKeepTheirValuesInTheDraft() throws {
    let form = try CLI.script(
      """
      local s = form:section("A")
      s:text{ name = "a", title = "A" }
      s:bool{ name = "sw", title = "Sw", on_change = function(i) form:find_section("x").hidden = not i.value end }
      form:section{ header = "X", tag = "x" }:text{ name = "hid", title = "Hidden later" }
      s:text{ name = "gone", title = "Gone", on_change = function(i) i.hidden = true end }
      """)
    let draft = (form as NSString).deletingLastPathComponent + "/d.json"
    let first = try CLI.run([form, "--draft", draft], input: "a hello\nhid precious\nsw\nsw\ngone kept\n")
    #expect(first.status == 3)
    let text = try read(draft)
    #expect(text.contains(#""hid":"precious""#), "\(text)")
    #expect(text.contains(#""gone":"kept""#), "\(text)")
    let resumed = try CLI.run([form, "--draft", draft, "--resume"], input: "sw\nv\nq\n")
    #expect(resumed.stderr.contains(#""hid":"precious""#), "\(resumed.stderr)")
    #expect(!resumed.stderr.contains("not resumed"), "\(resumed.stderr)")
    // resumed, `gone` hid itself again (its on_change ran): it is kept, not submitted
    try write(text, draft)
    let submitted = try CLI.run([form, "--draft", draft, "--resume", "--submit"])
    #expect(
      submitted.stdout == #"{"a":"hello","sw":false,"hid":"precious"}"# + "\n",
      "\(submitted.stdout) \(submitted.stderr)")
  }

  @Test func aHandEditedDraftResumesNoSecureValueAndShowsAnOddTimeAsWritten() throws {
    let form = try CLI.script(
      """
      local s = form:section("Six")
      s:text{ name = "a", title = "A" }
      s:text{ name = "pw", title = "Password", secure = true }
      """)
    let path = URL(fileURLWithPath: form).resolvingSymlinksInPath().path
    let draft = (form as NSString).deletingLastPathComponent + "/h.json"
    for saved in ["2026-99-99T99:99:99Z", "2026-02-30T10:00:00Z", "2026-01-01T24:00:00Z", "0000-01-01T00:00:00Z"] {
      try write(
        #"{"formrun_draft":{"form":"\#(path)","saved":"\#(saved)"},"values":{"a":"x","pw":"typed-secret"}}"#, draft)
      let r = try CLI.run([form, "--draft", draft, "--resume"], input: "v\nq\n")
      #expect(r.stderr.contains("formrun: resumed the draft from \(saved): 1 value\n"), "\(r.stderr)")
      #expect(!r.stderr.contains("typed-secret"), "\(r.stderr)")
      #expect(r.stderr.contains(#""pw":null"#), "\(r.stderr)")
      #expect(
        r.stderr.contains("formrun: not resumed: draft pw: a secure value is never kept in a draft"), "\(r.stderr)")
    }
  }
}
