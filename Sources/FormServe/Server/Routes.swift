import FormCore
import FormLua
import FormSession
import Synchronization

/// What serve answers, request by request: the token, the visitor's
/// session (a cookie), the CSRF token of every POST, then the page, a
/// change from the page's script, a plain POST of the page, the shipped
/// script and style, path completions. Called on libmicrohttpd's threads.
final class Routes: @unchecked Sendable {
  let settings: ServeSettings
  let visitors: Visitors
  let load: @Sendable (BrowserHost) -> Result<LuaRuntime, ServeFailure>
  let collector: (any Collector)?
  /// With `--once`: writes the values as a fill does; the message when it could not.
  let once: (@Sendable ([Value.Field]) -> String?)?
  /// Told when serve should end (`--once`: submitted or cancelled), once the answer is sent.
  let finish: @Sendable (ServeEnd) -> Void
  /// The cookies' names carry the port: two servers on one host keep theirs apart.
  let tokenCookie: String
  let sessionCookie: String
  /// With `--once`: the first submission or cancel taken ends serve; later ones are refused.
  private let onceTaken = Atomic<Bool>(false)
  /// The server's own time on changes and opens (`FORMRUN_STATS`).
  let timings: Timings

  init(
    settings: ServeSettings, port: Int, visitors: Visitors, collector: (any Collector)?,
    once: (@Sendable ([Value.Field]) -> String?)?,
    load: @escaping @Sendable (BrowserHost) -> Result<LuaRuntime, ServeFailure>,
    finish: @escaping @Sendable (ServeEnd) -> Void
  ) {
    self.settings = settings
    self.visitors = visitors
    self.collector = collector
    self.once = once
    self.load = load
    self.finish = finish
    timings = Timings(on: settings.stats)
    tokenCookie = "formrun_token_\(port)"
    sessionCookie = "formrun_session_\(port)"
  }

  /// Answer one request.
  func answer(_ request: HTTPRequest) -> HTTPResponse {
    if request.path == "/favicon.ico" { return HTTPResponse(status: 204, headers: Security.headers) }
    var cookies: [String] = []
    // without a token only this machine's names are answered: a page
    // elsewhere whose name was pointed at 127.0.0.1 (DNS rebinding) is not
    if settings.token == nil, !Routes.loopbackName(request.header("Host")) {
      return HTTPResponse.text(421, "formrun: this server answers only as 127.0.0.1, localhost or [::1]")
    }
    if let token = settings.token {
      if let given = request.query("token"), Token.same(given, token) {
        // the token goes into a cookie (the page's script takes it out of the
        // address: history, a shared screen); the page is answered at once,
        // so a client that keeps no cookie still gets it
        cookies.append(cookie(tokenCookie, token))
      } else if !(request.cookie(tokenCookie).map { Token.same($0, token) } ?? false) {
        return page(403, request, text: "serve.no_token")
      }
    }
    switch (request.method, request.path) {
    case ("GET", "/"), ("HEAD", "/"): return timings.time(open: true) { show(request, cookies: cookies) }
    case ("POST", "/"): return post(request)
    case ("POST", "/change"): return timings.time(open: false) { change(request) }
    case ("GET", "/complete"): return complete(request)
    case ("GET", "/formrun.js"): return Assets.script
    case ("GET", "/formrun.css"): return Assets.style
    case ("GET", "/theme.css"): return theme(request)
    case (_, "/"), (_, "/change"):
      var r = HTTPResponse.text(405, "formrun: \(request.method) is not taken here")
      r.headers.append(("Allow", request.path == "/" ? "GET, HEAD, POST" : "POST"))
      return r
    default: return HTTPResponse.text(404, "formrun: there is nothing at this address")
    }
  }

  /// True for a Host header naming this machine (`127.0.0.1:8080`, `localhost`, `[::1]:80`).
  static func loopbackName(_ host: String?) -> Bool {
    guard let host else { return false }
    var name = Substring(host.lowercased())
    if name.hasPrefix("[") {
      guard let close = name.firstIndex(of: "]") else { return false }
      name = name[name.index(after: name.startIndex)..<close]
      return name == "::1"
    }
    if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
    if name == "localhost" || name.hasSuffix(".localhost") { return true }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }

  func cookie(_ name: String, _ value: String) -> String {
    "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict"
  }

  func redirect(_ to: String, cookies: [String] = []) -> HTTPResponse {
    HTTPResponse(
      status: 303, headers: [("Location", to)] + cookies.map { ("Set-Cookie", $0) } + Security.headers)
  }

  /// A short page of one sentence (no token, too many visitors), in English:
  /// no form, so no language of its own.
  func page(_ status: Int, _ request: HTTPRequest, text key: String) -> HTTPResponse {
    let words = Catalogue.english.say(key)
    var h = HTML()
    h.raw("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>formrun</title>")
    h.raw("<link rel=\"stylesheet\" href=\"/formrun.css\"></head><body><main><h1>formrun</h1><p>")
    h.text(words)
    h.raw("</p></main></body></html>\n")
    return HTTPResponse(
      status: status, headers: [("Content-Type", "text/html; charset=utf-8")] + Security.headers, body: h.bytes)
  }

  // MARK: visitors

  /// The request's visitor, or a new one (its form loaded) when it has none
  /// or asks to start again; the cookies to set for it.
  func visitor(for request: HTTPRequest, fresh: Bool, cookies: inout [String]) -> Result<Visitor, Refused> {
    let now = HTTPServer.now()
    let known = visitors.find(request.cookie(sessionCookie), now: now)
    if let known, !fresh { return .success(known) }
    if let known { visitors.remove(known.id) }
    guard visitors.hasRoom else { return .failure(Refused(page(503, request, text: "serve.full"))) }
    let host = BrowserHost()
    let runtime: LuaRuntime
    switch load(host) {
    case .success(let r): runtime = r
    case .failure(let f): return .failure(Refused(HTTPResponse.text(500, "formrun: " + f.message)))
    }
    let v = Visitor(runtime: runtime, engine: Engine(form: runtime.form, host: host), now: now, once: settings.once)
    guard visitors.add(v) else { return .failure(Refused(page(503, request, text: "serve.full"))) }
    cookies.append(cookie(sessionCookie, v.id))
    return .success(v)
  }

  /// GET /: the visitor's page as it stands (a reload keeps what was typed).
  func show(_ request: HTTPRequest, cookies given: [String]) -> HTTPResponse {
    var cookies = given
    let fresh = request.query("again") != nil || request.query("expired") != nil
    let v: Visitor
    switch visitor(for: request, fresh: fresh, cookies: &cookies) {
    case .success(let found): v = found
    case .failure(let refused): return refused.response
    }
    if fresh || request.query("expired") != nil {
      if request.query("expired") != nil, !v.ended {
        v.lock.held { v.messages.append(v.form.say("serve.expired")) }
      }
      return redirect("/", cookies: cookies)
    }
    let body = v.lock.held { () -> [UInt8] in
      // what the form's code changed since (a handler of another request) shows too
      v.catchUp()
      v.take()
      let html = PageDrawer(visitor: v).document().bytes
      v.drawn = v.view.version
      // messages are said once; a refused submit's list shows until the next change
      v.messages.removeAll()
      return html
    }
    return htmlResponse(body, cookies: cookies)
  }

  func htmlResponse(_ body: [UInt8], cookies: [String] = [], status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status,
      headers: [("Content-Type", "text/html; charset=utf-8")] + cookies.map { ("Set-Cookie", $0) } + Security.headers,
      body: body)
  }

  /// The visitor of a POST, with its CSRF token checked.
  func poster(_ request: HTTPRequest, _ fields: FormFields) -> Result<Visitor, Refused> {
    guard let v = visitors.find(request.cookie(sessionCookie), now: HTTPServer.now()) else {
      // expired (or never had one): a new start, which says so
      return .failure(Refused(redirect("/?expired=1")))
    }
    guard let csrf = fields["csrf"], Token.same(csrf, v.csrf) else {
      return .failure(
        Refused(HTTPResponse.text(403, "formrun: this request did not come from the form's page (no CSRF token)")))
    }
    return .success(v)
  }

  /// The visitor's form's theme as a style sheet (`--theme`, `FORMRUN_THEME`, `form.theme`).
  func theme(_ request: HTTPRequest) -> HTTPResponse {
    let own = visitors.find(request.cookie(sessionCookie), now: HTTPServer.now()).flatMap { v in
      v.lock.held { v.form.theme }
    }
    let (theme, _) = Theme.chosen(flag: settings.theme, environment: settings.themeEnvironment, form: own)
    return HTTPResponse(
      status: 200, headers: [("Content-Type", "text/css; charset=utf-8")] + Security.headers,
      body: Array(ThemeStyle.css(theme).utf8))
  }

  // MARK: a plain POST (no script)

  /// POST /: every field of the page sent, then the button pressed; the
  /// answer is the page again (by a redirect), or the ended page.
  func post(_ request: HTTPRequest) -> HTTPResponse {
    let fields = request.fields
    let v: Visitor
    switch poster(request, fields) {
    case .success(let found): v = found
    case .failure(let refused): return refused.response
    }
    return v.lock.held { () -> HTTPResponse in
      if !v.ended {
        for item in PageDrawer(visitor: v).rowsShown {
          let name = "r\(v.ids.id(item))"
          v.change(item, FieldReading.typed(item.facts, name: name, in: fields))
        }
        if let button = Routes.button(in: fields) {
          if let values = v.press(button) { return submitted(v, values) }
          if v.ending == .cancelled { return ended(v, .cancelled) }
        }
      }
      return redirect("/")
    }
  }

  /// The button a POST names (its `name` and `value`).
  static func button(in fields: FormFields) -> Visitor.Button? {
    if let d = fields["do"] {
      switch d {
      // Enter in a field: the page's own button (Submit, or Next on a page)
      case "submit", "enter": return .submit
      case "cancel": return .cancel
      case "next": return .next
      case "back": return .back
      default: return nil
      }
    }
    func id(_ name: String) -> Int? { fields[name].flatMap { Int($0) } }
    if let n = id("page") { return .page(n) }
    if let n = id("select") { return .select(n) }
    if let n = id("detail") { return .detail(n) }
    if let n = id("delete") { return .delete(n) }
    if let n = id("up") { return .up(n) }
    if let n = id("down") { return .down(n) }
    if let n = id("insert") { return .insert(n) }
    if let run = fields["run"], let colon = run.firstIndex(of: ":"), let n = Int(run[..<colon]) {
      return .run(n, String(run[run.index(after: colon)...]))
    }
    return nil
  }

  // MARK: endings

  /// The form was submitted: its values kept (the collect file, stdout), the
  /// page says "sent" only after. With `--once` serve then ends.
  func submitted(_ v: Visitor, _ values: [Value.Field]) -> HTTPResponse {
    if let once {
      guard !onceTaken.exchange(true, ordering: .acquiringAndReleasing) else {
        v.ending = .notKept(v.form.say("serve.once_taken"))
        return ended(v, v.ending!)
      }
      if let error = once(values) {
        v.ending = .notKept(error)
        return ended(v, v.ending!, then: .notWritten)
      }
      v.ending = .sent(Token.random())
      return ended(v, v.ending!, then: .submitted)
    }
    let submission = Submission.now(values)
    if let error = collector?.keep(submission) {
      // the person may try again: a new engine and view on the same form, which still holds the values
      v.view = FormView(engine: Engine(form: v.form, host: v.engine.host))
      v.noticesTaken = 0
      v.drawn = v.view.version
      v.messages.append(v.form.say("serve.not_kept", ["why": error]))
      return redirect("/")
    }
    v.ending = .sent(submission.id)
    return ended(v, v.ending!)
  }

  /// The ended page, answered at once (with `--once` serve stops after it is sent).
  func ended(_ v: Visitor, _ ending: Visitor.Ending, then end: ServeEnd? = nil) -> HTTPResponse {
    v.ending = ending
    var response = htmlResponse(PageDrawer(visitor: v).document().bytes)
    v.messages.removeAll()
    var end = end
    if settings.once, end == nil, ending == .cancelled {
      end = onceTaken.exchange(true, ordering: .acquiringAndReleasing) ? nil : .cancelled
    }
    if let end {
      let finish = self.finish
      response.then = { finish(end) }
    }
    return response
  }
}

/// A request answered before it reached a visitor (no session, no room, a bad CSRF token).
struct Refused: Error {
  var response: HTTPResponse
  init(_ response: HTTPResponse) { self.response = response }
}
