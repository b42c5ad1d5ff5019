import FormCore
import FormSession
import Testing

@testable import FormServe

#if canImport(Glibc)
  import Glibc
#endif

/// The small parts: HTML escaping, `--listen`, the collect files.
struct PieceTests {
  @Test(arguments: [
    (
      "<b>x</b> & \"q\" 'a'", "&lt;b&gt;x&lt;/b&gt; &amp; \"q\" 'a'",
      "&lt;b&gt;x&lt;/b&gt; &amp; &quot;q&quot; &#39;a&#39;"
    ),
    ("bell\u{07}esc\u{1B}[31m", "bellesc[31m", "bellesc[31m"),
    ("two\nlines\ttab", "two\nlines\ttab", "two\nlines\ttab"),
  ])
  func htmlEscapesAuthorsText(_ given: String, _ asText: String, _ asAttribute: String) {
    var h = HTML()
    h.text(given)
    #expect(h.string == asText)
    var a = HTML()
    a.attribute(given)
    #expect(a.string == asAttribute)
  }

  @Test(arguments: [
    ("127.0.0.1:8080", "127.0.0.1", 8080), (":0", "127.0.0.1", 0), ("8081", "127.0.0.1", 8081),
    ("[::1]:9000", "::1", 9000), ("0.0.0.0:80", "0.0.0.0", 80), ("localhost:1", "localhost", 1),
  ])
  func listenIsRead(_ text: String, _ host: String, _ port: Int) throws {
    let (h, p) = try Listener.parse(text)
    #expect(h == host && p == port)
  }

  @Test(arguments: ["127.0.0.1:99999", "::1:80", "[::1]80", "host:", "[::1"])
  func listenRefusesWhatIsNoAddress(_ text: String) {
    #expect(throws: Listener.Failure.self) { try Listener.parse(text) }
  }

  @Test func aListenerOnPortZeroGetsAFreePortAndKnowsLoopback() throws {
    let l = try Listener.bind("127.0.0.1:0")
    defer { close(l.fd) }
    #expect(l.port > 0 && l.loopback && l.address == "http://127.0.0.1:\(l.port)")
    #expect(throws: Listener.Failure.self) { try Listener.bind("127.0.0.1:\(l.port)") }
  }

  func temporary(_ name: String) -> String {
    let folder = "/tmp/formrun-serve-tests-\(getpid())"
    mkdir(folder, 0o700)
    let path = folder + "/" + name
    unlink(path)
    return path
  }

  func read(_ path: String) -> String {
    guard let f = fopen(path, "r") else { return "" }
    defer { fclose(f) }
    var out: [UInt8] = []
    var c = fgetc(f)
    while c != EOF {
      out.append(UInt8(c))
      c = fgetc(f)
    }
    return String(decoding: out, as: UTF8.self)
  }

  @Test func aJSONLinesFileGetsOneWholeLineASubmission() throws {
    let path = temporary("answers.jsonl")
    // a line an earlier crash cut short is ended first
    let f = fopen(path, "w")
    fputs("{\"id\":\"cut", f)
    fclose(f)
    let c = try JSONLinesCollector(path: path)
    let s = Submission(
      id: "abc", time: "2026-01-01T00:00:00.000Z", values: [.init("a", .string("x\ny")), .init("n", .int(2))])
    #expect(c.keep(s) == nil)
    #expect(c.keep(s) == nil)
    c.close()
    let lines = read(path).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    #expect(lines[1] == #"{"id":"abc","time":"2026-01-01T00:00:00.000Z","values":{"a":"x\ny","n":2}}"#)
    #expect(lines[3] == "")
  }

  @Test func aSQLiteFileGetsARowASubmission() throws {
    let path = temporary("answers.sqlite")
    let c = try SQLiteCollector(path: path)
    #expect(c.keep(Submission(id: "one", time: "t1", values: [.init("a", .int(1))])) == nil)
    #expect(c.keep(Submission(id: "two", time: "t2", values: [.init("a", .string("é"))])) == nil)
    #expect(c.rows() == [["one", "t1", #"{"a":1}"#], ["two", "t2", #"{"a":"é"}"#]])
    c.close()
    // a second serve adds to the same table
    let again = try SQLiteCollector(path: path)
    #expect(again.keep(Submission(id: "three", time: "t3", values: [])) == nil)
    #expect(again.rows().count == 3)
    again.close()
  }

  @Test func aCollectFileThatCannotBeOpenedIsSaid() {
    #expect(throws: CollectError.self) { try JSONLinesCollector(path: "/nonexistent/folder/a.jsonl") }
    #expect(throws: CollectError.self) { try SQLiteCollector(path: "/nonexistent/folder/a.sqlite") }
  }

  @Test func idleVisitorsExpire() throws {
    let v = Visitors(limit: 2, idle: 10)
    let load = loader("form:section{}:text{ name = 'a' }")
    func visitor(at now: Double) throws -> Visitor {
      let host = BrowserHost()
      let runtime = try load(host).get()
      return Visitor(runtime: runtime, engine: Engine(form: runtime.form, host: host), now: now, once: false)
    }
    let one = try visitor(at: 100)
    let two = try visitor(at: 105)
    #expect(v.add(one) && v.add(two))
    #expect(!v.add(try visitor(at: 105)))
    #expect(v.find(one.id, now: 109) === one)
    #expect(v.sweep(now: 117) == 1)
    #expect(v.find(one.id, now: 117) === one && v.find(two.id, now: 117) == nil)
    #expect(v.find(one.id, now: 130) == nil)
    #expect(v.count == 0)
  }
}
