import Foundation
import Testing

/// `formrun FORM.lua` end to end: the built binary with piped input.
struct FillTests {
  @Test func pipedCommandsPrintOnlyTheValuesOnStdout() throws {
    let r = try CLI.run(["Examples/signup.lua"], input: "email a@b.co\npassword hunter22x\nsubmit\n")
    #expect(r.status == 0)
    #expect(r.stdout == "{\"email\":\"a@b.co\",\"password\":\"hunter22x\",\"newsletter\":true}\n")
    #expect(r.stderr.contains("Create account"))
    #expect(r.stderr.contains("submitted"))
  }

  @Test func luaPrintGoesToStderr() throws {
    let r = try CLI.run(["Examples/signup.lua"], input: "newsletter\nq\n")
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("newsletter is now\tfalse"))
  }

  @Test func invalidSubmitThenCancel() throws {
    let r = try CLI.run(["Examples/signup.lua"], input: "email nope\nsubmit\ncancel\n")
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("Email is not a valid email."))
  }

  @Test func endOfInputBeforeSubmitExits3() throws {
    let r = try CLI.run(["Examples/signup.lua"], input: "email a@b.co\n")
    #expect(r.status == 3)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasSuffix("formrun: input ended before submit\n"))
  }

  @Test func setAndSubmitFlags() throws {
    let ok = try CLI.run(["Examples/signup.lua", "--set", "email=a@b.co", "--set=password=hunter22x", "--submit"])
    #expect(ok.status == 0)
    #expect(ok.stdout == "{\"email\":\"a@b.co\",\"password\":\"hunter22x\",\"newsletter\":true}\n")
    let bad = try CLI.run(["Examples/signup.lua", "--set", "email=nope", "--submit"])
    #expect(bad.status == 3)
    #expect(bad.stdout.isEmpty)
    #expect(bad.stderr.contains("row 1: Email is not a valid email."))
    #expect(bad.stderr.contains("row 2: Password can't be blank."))
  }

  @Test func answersFile() throws {
    let answers = try CLI.script(#"{"email": "a@b.co", "password": "hunter22x", "newsletter": false}"#, name: "a.json")
    let r = try CLI.run(["Examples/signup.lua", "--answers", answers, "--submit"])
    #expect(r.status == 0)
    #expect(r.stdout == "{\"email\":\"a@b.co\",\"password\":\"hunter22x\",\"newsletter\":false}\n")
    let wrong = try CLI.script(#"{"emali": "a@b.co"}"#, name: "b.json")
    let w = try CLI.run(["Examples/signup.lua", "--answers", wrong, "--submit"])
    #expect(w.status == 2)
    #expect(w.stderr.contains("the form has no item named 'emali' (did you mean 'email'?)"))
  }

  @Test(arguments: [
    (["--width", "5", "Examples/signup.lua"], "--width takes a number from 20 to 1000 (got '5')"),
    (["--color", "pink", "Examples/signup.lua"], "--color takes auto, always or never (got 'pink')"),
    (["--frob", "Examples/signup.lua"], "unknown option '--frob'"),
    ([], "no form given"),
    (["missing.lua"], "cannot open missing.lua"),
  ])
  func usageErrorsExit2(args: [String], message: String) throws {
    let r = try CLI.run(args)
    #expect(r.status == 2)
    #expect(r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  @Test func scriptErrorsExit2WithFileAndLine() throws {
    let path = try CLI.script(
      "form.title = 'x'\nlocal s = form:section{}\ns:text{ name = 'a', validators = { 'emial' } }\n")
    let r = try CLI.run([path])
    #expect(r.status == 2)
    #expect(r.stderr.contains("form.lua:3: unknown validator 'emial' (did you mean 'email'?)"))
    let syntax = try CLI.script("form.title = \n")
    let s = try CLI.run([syntax])
    #expect(s.status == 2)
    #expect(s.stderr.contains("form.lua:2: unexpected symbol near <eof>"))
  }

  @Test func handlerErrorsAreReportedAndTheFormGoesOn() throws {
    let path = try CLI.script(
      """
      local s = form:section{}
      s:item{ name = "bad", title = "Bad", on_select = function() error("nope") end }
      s:text{ name = "t", title = "T" }
      """)
    let r = try CLI.run([path], input: "bad\nt hello\ns\n")
    #expect(r.status == 0)
    #expect(r.stdout == "{\"t\":\"hello\"}\n")
    #expect(r.stderr.contains("error in on_select of 'Bad': "))
    #expect(r.stderr.contains("form.lua:2: nope"))
  }

  @Test func controlBytesNeverReachStderrRaw() throws {
    let path = try CLI.script(
      """
      form.title = "evil\\27[2J"
      local s = form:section{ header = "\\7bell" }
      s:text{ name = "t", title = "T\\27]0;x\\7" }
      print("printed\\27[31m")
      """)
    let r = try CLI.run([path], input: "t a\u{1B}[1mb\n3\nv\nq\n")
    #expect(r.status == 1)
    #expect(
      !r.stderr.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7f...0x9f).contains($0.value)
      })
    #expect(r.stderr.contains("evil\\e[2J"))
    #expect(r.stderr.contains("printed\\e[31m"))
  }

  @Test func invalidUTF8IsRefusedAndNothingIsLost() throws {
    let path = try CLI.script("form:section{}:text{ name = 't', title = 'T' }")
    // a raw invalid byte, through a file (a Swift String cannot hold one)
    let bytes = Data("t kept\nt b".utf8) + Data([0xFF]) + Data("d\ns\n".utf8)
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("formrun-bad-\(UUID().uuidString)")
    try bytes.write(to: input)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", "\"$0\" \"$1\" < \"$2\"", CLI.binary, path, input.path]
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    p.waitUntilExit()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(p.terminationStatus == 0)
    #expect(stdout == "{\"t\":\"kept\"}\n")
    #expect(stderr.contains("that line is not valid UTF-8; it was ignored"))
  }

  @Test func noColorMeansNoEscapes() throws {
    let r = try CLI.run(["Examples/signup.lua", "--color", "always"], input: "q\n")
    #expect(r.stderr.contains("\u{1B}["))
    for env in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
      let plain = try CLI.run(["Examples/signup.lua"], input: "email x\nq\n", env: env)
      #expect(!plain.stderr.contains("\u{1B}"))
    }
  }

  @Test func helpAndVersion() throws {
    let h = try CLI.run(["--help"])
    #expect(h.status == 0)
    #expect(h.stdout.contains("usage: formrun FORM.lua"))
    #expect(h.stdout.contains("Exit codes: 0 submitted"))
    let v = try CLI.run(["--version"])
    #expect(v.stdout.hasPrefix("formrun "))
  }
}

/// Issue 3's check: Examples/controls.lua driven through a pipe submits the
/// JSON of the value column of Docs/reference.md's *Kinds* table.
struct ControlsPipeTests {
  @Test func everyKindThroughAPipe() throws {
    let input =
      [
        "name Jane", "password hunter22", "notes", "Dear team,", "see you at 9.", ".",
        "phone 555-123-4567", "seats 4", "price 12.5", "volume 0.7", "wifi",
        "birthday 11/30/1990", "alarm 07:30 PM", "meeting 2026-11-30T14:05",
        "plan", "2", "size l", "toppings 1,3", "pizza L, thick",
        "card 4242 4242 4242 4242 12/30 123", "stars 5", "submit",
      ].joined(separator: "\n") + "\n"
    let r = try CLI.run(["Examples/controls.lua"], input: input)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout == """
        {"name":"Jane","password":"hunter22","notes":"Dear team,\\nsee you at 9.","phone":"5551234567",\
        "seats":4,"price":12.5,"volume":0.7,"wifi":false,"birthday":"1990-11-30","alarm":"19:30",\
        "meeting":"2026-11-30T14:05","plan":"Pro","size":"L","toppings":["Cheese","Olives"],\
        "pizza":["L","Thick"],"card":{"number":"4242424242424242","expiry":"12/30","cvv":"123"},"stars":5}

        """)
    #expect(r.stderr.contains("(555) 123-4567"))
  }

  @Test func ioWriteDoesNotReachStdout() throws {
    let path = try CLI.script("io.write('to the UI\\n'); print('also UI'); form:section{}:text{ name = 't' }")
    let r = try CLI.run([path, "--set", "t=x", "--submit"])
    #expect(r.stdout == "{\"t\":\"x\"}\n")
    #expect(r.stderr.contains("to the UI"))
  }
}

struct InterruptTests {
  @Test func ctrlCExits130() throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: CLI.binary)
    p.arguments = ["Examples/signup.lua"]
    p.currentDirectoryURL = CLI.root
    let input = Pipe()
    let err = Pipe()
    p.standardInput = input
    p.standardError = err
    p.standardOutput = Pipe()
    try p.run()
    signal(SIGPIPE, SIG_IGN)
    try? input.fileHandleForWriting.write(contentsOf: Data("email a@b.co\n".utf8))
    // wait until the form has been drawn, then interrupt
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("a@b.co") {
      let chunk = err.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += chunk
    }
    kill(p.processIdentifier, SIGINT)
    p.waitUntilExit()
    #expect(p.terminationStatus == 130)
  }
}
