import FormCore
import FormTerminal
import FormTesting

#if canImport(Glibc)
  import Glibc
#endif

/// `formrun new NAME`: a starter form `NAME.lua` and its spec
/// `spec/NAME_spec.lua` in the working folder, and the spec's snapshot,
/// recorded by running the spec once (so `formrun test` passes at once, with
/// `--ci` too). Nothing is overwritten: when one of the files exists,
/// nothing is written.
enum NewCommand {
  enum End {
    /// the files are written (and the spec passed)
    case written
    /// a file of that name exists, or a file could not be written
    case refused
  }

  /// The files `new` writes for `name`, in the order written.
  struct Paths: Equatable {
    var form: String
    var spec: String
    var snapshot: String

    init(name: String) {
      form = name + ".lua"
      spec = "spec/" + name + "_spec.lua"
      snapshot = "spec/__snapshots__/" + name + ".txt"
    }

    var all: [String] { [form, spec, snapshot] }
  }

  static func run(name: String) -> End {
    let files = Paths(name: name)
    if let taken = files.all.first(where: Files.exists) {
      Terminal.ui([
        "formrun: \(Cells.sanitize(taken)) exists; formrun new writes no file over another (nothing was written)"
      ])
      return .refused
    }
    var written: [String] = []
    for (path, text) in [(files.form, form(name: name)), (files.spec, spec(name: name))] {
      if let problem = create(path, text) {
        for done in written { unlink(done) }
        Terminal.ui(["formrun: \(Cells.sanitize(path)) could not be written: \(problem) (nothing was written)"])
        return .refused
      }
      written.append(path)
    }
    var said = [
      "wrote \(files.form) (the form: formrun \(files.form))", "wrote \(files.spec) (its spec: formrun test)",
    ]
    switch recordSnapshot(files) {
    case .recorded: said.append("wrote \(files.snapshot) (the spec's snapshot of the empty form)")
    case .later(let why): said.append("\(why): the first formrun test records \(files.snapshot)")
    case .failed(let why):
      Terminal.ui(said + ["formrun: the starter spec did not pass (a bug): \(why)"])
      return .refused
    }
    Terminal.ui(said)
    return .written
  }

  enum Recording: Equatable {
    case recorded
    /// busted is not installed: the snapshot waits for the first test run
    case later(String)
    case failed(String)
  }

  /// Run the new spec once in this process, its report thrown away: that
  /// records the snapshot through `assert.snapshot` itself, and shows the
  /// spec passes.
  static func recordSnapshot(_ files: Paths) -> Recording {
    let access = TestFiles(read: Files.read, write: Files.write, exists: Files.exists)
    guard let sink = fopen("/dev/null", "w") else { return .later("/dev/null cannot be opened") }
    defer { fclose(sink) }
    let report = TestRunner(files: access, ci: false).run(arguments: ["-o", "TAP", files.spec], stdout: sink)
    switch report.ending {
    case .missing(let message): return .later(message)
    case .internalError(let message), .bustedFailed(let message), .luaInitFailed(let message): return .failed(message)
    case .stoppedEarly(let code), .ran(let code):
      if code != 0 || report.failed > 0 || report.passed == 0 {
        return .failed("\(report.passed) passed, \(report.failed) failed")
      }
      return Files.exists(files.snapshot) ? .recorded : .failed("no snapshot was recorded")
    }
  }

  /// Write a new file (never over one); the reason when it cannot be.
  static func create(_ path: String, _ text: String) -> String? {
    if let slash = path.lastIndex(of: "/") { mkdir(String(path[..<slash]), 0o755) }
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return FileDescriptor.reason(errno) }
    defer { close(fd) }
    if let code = FileDescriptor.writeAll(fd, text) { return FileDescriptor.reason(code) }
    return nil
  }

  /// `sign-up` → `Sign up`: the form's title.
  static func title(_ name: String) -> String {
    let words = name.map { $0 == "-" || $0 == "_" ? " " : $0 }
    return String(words).prefix(1).uppercased() + String(words).dropFirst()
  }

  static func form(name: String) -> String {
    """
    -- \(name).lua: a starter form. Fill it with `formrun \(name).lua` (at a terminal, or
    -- piped: printf 'name Ada\\nsubmit\\n' | formrun \(name).lua); test it with `formrun test`.
    -- `man formrun` lists every kind, property, validator and handler.
    form.title = \(luaString(title(name)))

    local you = form:section{ header = "You" }
    you:text{ name = "name", title = "Name", required = true }
    you:text{
      name = "email", title = "Email", placeholder = "you@example.com",
      validators = { "email" },
    }
    you:radio{ name = "plan", title = "Plan", options = { "Free", "Pro" }, value = "Free" }
    you:bool{ name = "newsletter", title = "Newsletter", value = false }

    -- a handler: runs when the plan changes
    form:find("plan").on_change = function(item)
      form:find("newsletter").value = item.value == "Pro"
    end

    """
  }

  static func spec(name: String) -> String {
    """
    -- The spec of \(name).lua, run by `formrun test` (busted inside formrun).
    describe(\(luaString(name + ".lua")), function()
      local s
      before_each(function() s = formrun.open(\(luaString(name + ".lua")), { width = 60 }) end)

      it("draws the empty form", function()
        -- recorded in spec/__snapshots__/\(name).txt; formrun test --update-snapshots redraws it
        assert.snapshot(s:screen(), \(luaString(name)))
      end)

      it("needs a name", function()
        local ok, why = s:submit()
        assert.is_false(ok)
        assert.matches("Name can't be blank", why)
      end)

      it("turns the newsletter on with the Pro plan", function()
        s:send("plan Pro")
        assert.is_true(s:value("newsletter"))
      end)

      it("submits what was typed", function()
        s:send("name Ada")
        s:send("email ada@example.com")
        assert.is_true((s:submit()))
        assert.same({ name = "Ada", email = "ada@example.com", plan = "Free", newsletter = false }, s:values())
      end)
    end)

    """
  }

  /// A Lua string literal of `text`.
  static func luaString(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
