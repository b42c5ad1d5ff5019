import FormCore
import FormLua

@testable import FormServe

/// A form made from Lua source, as serve makes one per visitor.
func loader(_ source: String) -> @Sendable (BrowserHost) -> Result<LuaRuntime, ServeFailure> {
  { host in
    let runtime = LuaRuntime(host: host)
    do throws(ScriptError) { try runtime.load(source: source, name: "test.lua") } catch {
      return .failure(ServeFailure(error.message))
    }
    return .success(runtime)
  }
}

/// A collector that keeps submissions in memory.
final class Kept: Collector, @unchecked Sendable {
  private let lock = Lock()
  private var list: [Submission] = []
  var submissions: [Submission] { lock.held { list } }
  func keep(_ submission: Submission) -> String? {
    lock.held { list.append(submission) }
    return nil
  }
  func close() {}
}

/// Serve's routes on a form, without a socket: requests made by hand.
struct Bench {
  let routes: Routes
  let kept = Kept()
  let ended = EndBox()

  init(_ source: String, token: String? = "t0ken-t0ken", once: Bool = false, maxSessions: Int = 10) {
    var settings = ServeSettings()
    settings.token = token
    settings.once = once
    settings.maxSessions = maxSessions
    let box = ended
    let write: @Sendable ([Value.Field]) -> String? = { _ in nil }
    let finish: @Sendable (ServeEnd) -> Void = { box.set($0) }
    let collector: (any Collector)? = once ? nil : kept
    routes = Routes(
      settings: settings, port: 8080, visitors: Visitors(limit: maxSessions, idle: 1800), collector: collector,
      once: once ? write : nil, load: loader(source), finish: finish)
  }

  /// A request: `given` holds headers (`header:name`), cookies (`cookie:name`) and query arguments (`query:name`).
  func request(_ method: String, _ path: String, body: String = "", _ given: [String: String] = [:]) -> HTTPResponse {
    var r = HTTPRequest(method: method, target: path, connection: nil, body: Array(body.utf8))
    r.given = given
    return routes.answer(r)
  }

  /// The cookies a response sets, by name.
  static func cookies(_ r: HTTPResponse) -> [String: String] {
    var out: [String: String] = [:]
    for (name, value) in r.headers where name == "Set-Cookie" {
      let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
      out["cookie:" + pair[0]] = String(pair[1])
    }
    return out
  }

  /// A visitor's first page: its cookies (the token's and the session's) and its HTML.
  func open() -> (cookies: [String: String], page: String) {
    var cookies = ["cookie:formrun_token_8080": "t0ken-t0ken"]
    let r = request("GET", "/", cookies)
    cookies.merge(Bench.cookies(r)) { $1 }
    return (cookies, String(decoding: r.body, as: UTF8.self))
  }
}

/// How serve ended, set from a request's thread.
final class EndBox: @unchecked Sendable {
  private let lock = Lock()
  private var end: ServeEnd?
  func set(_ e: ServeEnd) { lock.held { end = e } }
  var value: ServeEnd? { lock.held { end } }
}

/// The CSRF token a page carries.
func csrf(_ page: String) -> String {
  guard let r = page.firstRange(of: "name=\"csrf\" value=\"") else { return "" }
  return String(page[r.upperBound...].prefix(32))
}

extension HTTPResponse {
  var text: String { String(decoding: body, as: UTF8.self) }
}
