import FormCore
import Testing

@testable import FormServe

/// What serve answers, request by request, without a socket.
struct RoutesTests {
  static let form = """
    form.title = "Sign <b>up</b>"
    local s = form:section{ header = "Account" }
    s:text{ name = "email", title = "Email", validators = { "presence", "email" } }
    s:bool{ name = "news", title = "Newsletter",
            on_change = function(item) form:find("often").hidden = not item.value end }
    s:radio{ name = "often", title = "How often", options = { "Daily", "Weekly" }, hidden = true }
    s:text{ name = "pw", title = "Password", secure = true }
    """

  @Test func noTokenNoPage() {
    let b = Bench(Self.form)
    for r in [
      b.request("GET", "/"), b.request("GET", "/", ["query:token": "wrong-token"]),
      b.request("GET", "/formrun.js"), b.request("POST", "/change", body: "row=1"),
      b.request("GET", "/", ["cookie:formrun_token_8080": "t0ken-t0kex"]),
    ] {
      #expect(r.status == 403)
      #expect(!r.text.contains("Email"))
    }
  }

  @Test func theTokenInTheAddressBecomesACookie() {
    let b = Bench(Self.form)
    let r = b.request("GET", "/", ["query:token": "t0ken-t0ken"])
    // the page at once (a client without cookies gets it too), the token kept in a cookie
    #expect(r.status == 200 && r.text.contains("Email"))
    #expect(Bench.cookies(r)["cookie:formrun_token_8080"] == "t0ken-t0ken")
    #expect(Bench.cookies(r)["cookie:formrun_session_8080"] != nil)
    #expect(
      r.headers.contains { $0.0 == "Set-Cookie" && $0.1.contains("HttpOnly") && $0.1.contains("SameSite=Strict") })
  }

  @Test func everyAnswerCarriesThePolicy() {
    let b = Bench(Self.form)
    let (_, page) = b.open()
    #expect(page.contains("<h1>Sign &lt;b&gt;up&lt;/b&gt;</h1>"))
    for r in [b.request("GET", "/"), b.request("GET", "/", ["cookie:formrun_token_8080": "t0ken-t0ken"])] {
      #expect(r.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
      #expect(r.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
    }
  }

  @Test func aPostNeedsItsPagesCSRFToken() {
    let b = Bench(Self.form)
    let (cookies, page) = b.open()
    let refused = b.request("POST", "/", body: "r1=x&do=submit&csrf=0123456789abcdef0123456789abcdef", cookies)
    #expect(refused.status == 403)
    let none = b.request("POST", "/change", body: "row=1&r1=x", cookies)
    #expect(none.status == 403)
    let taken = b.request("POST", "/change", body: "csrf=\(csrf(page))&row=2&r2=ada%40", cookies)
    #expect(taken.status == 200)
  }

  @Test func aChangeAnswersWithTheRowsItChanged() {
    let b = Bench(Self.form)
    let (cookies, page) = b.open()
    let token = csrf(page)
    // the email's row alone, its message tied to its field
    let r = b.request("POST", "/change", body: "csrf=\(token)&row=2&r2=ada%40", cookies)
    #expect(r.text.contains("\"row-2\"") && !r.text.contains("\"row-3\""))
    #expect(!r.text.contains("\"order\""))
    #expect(r.text.contains("aria-invalid=\\\"true\\\"") && r.text.contains("Email is not a valid email"))
    // a handler's row came: every block, in order (a row's id is given when it is first drawn)
    let shown = b.request("POST", "/change", body: "csrf=\(token)&row=3&r3=off&r3=on", cookies)
    #expect(shown.text.contains("\"order\":[\"s1-head\",\"row-2\",\"row-3\",\"row-5\",\"row-4\"]"))
    #expect(shown.text.contains("How often"))
    // and went again
    let hidden = b.request("POST", "/change", body: "csrf=\(token)&row=3&r3=off", cookies)
    #expect(hidden.text.contains("\"order\":[\"s1-head\",\"row-2\",\"row-3\",\"row-4\"]"))
  }

  @Test func cancelInThePageCancelsAtOnceEvenWithValuesTyped() {
    let b = Bench(Self.form)
    let (cookies, page) = b.open()
    let token = csrf(page)
    _ = b.request("POST", "/change", body: "csrf=\(token)&row=2&r2=typed%40example.org", cookies)
    let r = b.request("POST", "/", body: "csrf=\(token)&do=cancel", cookies)
    #expect(r.text.contains("nothing was sent"))
    #expect(b.kept.submissions.isEmpty)
  }

  @Test func aSubmissionIsKeptBeforeThePageSaysSent() {
    let b = Bench(Self.form)
    let (cookies, page) = b.open()
    let r = b.request("POST", "/", body: "csrf=\(csrf(page))&r2=ada%40example.org&r4=pass&do=submit", cookies)
    #expect(r.status == 200 && r.text.contains("Sent."))
    let kept = b.kept.submissions
    #expect(kept.count == 1)
    #expect(r.text.contains(kept.first?.id ?? "none"))
    #expect(JSON.encode(.record(kept.first?.values ?? [])) == #"{"email":"ada@example.org","news":false,"pw":"pass"}"#)
    // the secret went to the collector, never back to the page
    #expect(!r.text.contains("pass\""))
  }

  @Test func aRefusedSubmitListsTheProblemsAndFocusesTheFirst() {
    let b = Bench(Self.form)
    let (cookies, page) = b.open()
    let r = b.request("POST", "/", body: "csrf=\(csrf(page))&do=submit", cookies)
    #expect(r.status == 303)
    let again = b.request("GET", "/", cookies).text
    #expect(again.contains("1 field needs attention"))
    #expect(again.contains("<a href=\"#r2\">Email: Email can&#39;t be blank.</a>") || again.contains("href=\"#r2\""))
    #expect(again.contains("id=\"r2\" name=\"r2\" value=\"\" aria-describedby=\"r2-error\" aria-invalid=\"true\""))
    #expect(again.contains(" autofocus"))
    #expect(b.kept.submissions.isEmpty)
  }

  @Test func aReloadDrawsWhatWasTyped() {
    let b = Bench(Self.form)
    let (cookies, page) = b.open()
    _ = b.request("POST", "/change", body: "csrf=\(csrf(page))&row=2&r2=kept%40example.org", cookies)
    #expect(b.request("GET", "/", cookies).text.contains("value=\"kept@example.org\""))
    // another visitor has a form of its own
    let (_, other) = b.open()
    #expect(!other.contains("kept@example.org"))
  }

  @Test func visitorsBeyondTheLimitAreAskedToComeBack() {
    let b = Bench(Self.form, maxSessions: 2)
    _ = b.open()
    _ = b.open()
    let r = b.request("GET", "/", ["cookie:formrun_token_8080": "t0ken-t0ken"])
    #expect(r.status == 503)
    #expect(r.text.contains("as many visitors as it takes"))
  }

  @Test func onceEndsServeAfterTheAnswerIsSent() {
    let b = Bench(Self.form, once: true)
    let (cookies, page) = b.open()
    let r = b.request("POST", "/", body: "csrf=\(csrf(page))&r2=a%40b.co&do=submit", cookies)
    #expect(r.text.contains("Sent.") && !r.text.contains("Fill in the form again"))
    #expect(b.ended.value == nil)
    r.then?()
    #expect(b.ended.value == .submitted)
  }

  @Test func cancelWithOnceEndsServeCancelled() {
    let b = Bench(Self.form, once: true)
    let (cookies, page) = b.open()
    let r = b.request("POST", "/", body: "csrf=\(csrf(page))&do=cancel", cookies)
    #expect(r.text.contains("nothing was sent"))
    r.then?()
    #expect(b.ended.value == .cancelled)
  }

  @Test func aHandlersQuestionIsAnsweredNoAndSaidOnItsPage() {
    let b = Bench(
      """
      form:section{}:text{ name = "t", title = "T", on_change = function(item)
        item.title = formrun.confirm("Really <b>?</b>") and "yes" or "no"
        print("printed by " .. tostring(item.value))
      end }
      """)
    let (cookies, page) = b.open()
    let row = page.firstRange(of: "id=\"row-").map { String(page[$0.upperBound...].prefix { $0.isNumber }) } ?? ""
    let r = b.request("POST", "/change", body: "csrf=\(csrf(page))&row=\(row)&r\(row)=x", cookies)
    #expect(r.text.contains("A handler asked “Really &lt;b&gt;?&lt;/b&gt;”"))
    #expect(r.text.contains("printed by x"))
    #expect(r.text.contains(">no<"))
    // another visitor's page says nothing of it
    #expect(!b.open().page.contains("Really"))
  }

  @Test func theBrowserFaviconAndUnknownAddresses() {
    let b = Bench(Self.form, token: nil)
    let here = ["header:host": "127.0.0.1:8080"]
    #expect(b.request("GET", "/favicon.ico", here).status == 204)
    #expect(b.request("GET", "/nothing", here).status == 404)
    #expect(b.request("DELETE", "/", here).status == 405)
  }

  @Test(arguments: [
    ("127.0.0.1:8080", true), ("localhost:8080", true), ("[::1]:8080", true), ("127.1.2.3", true),
    ("evil.example:8080", false), ("127.0.0.1.evil.example", false), ("[::2]:80", false), ("", false),
  ])
  func withoutATokenOnlyThisMachinesNamesAreAnswered(_ host: String, _ answered: Bool) {
    let b = Bench(Self.form, token: nil)
    let r = b.request("GET", "/", host.isEmpty ? [:] : ["header:host": host])
    #expect((r.status == 200) == answered)
    if !answered { #expect(r.status == 421) }
  }

  @Test func anExpiredSessionStartsAgainAndSaysSo() {
    let b = Bench(Self.form)
    var cookies = ["cookie:formrun_token_8080": "t0ken-t0ken", "cookie:formrun_session_8080": "gone"]
    let change = b.request("POST", "/change", body: "csrf=x&row=2&r2=a", cookies)
    #expect(change.text == #"{"reload":true,"expired":true}"#)
    let post = b.request("POST", "/", body: "csrf=x&do=submit", cookies)
    #expect(post.status == 303 && post.header("Location") == "/?expired=1")
    let again = b.request("GET", "/", cookies.merging(["query:expired": "1"]) { $1 })
    #expect(again.status == 303 && again.header("Location") == "/")
    cookies.merge(Bench.cookies(again)) { $1 }
    #expect(b.request("GET", "/", cookies).text.contains("left unused too long"))
  }
}
