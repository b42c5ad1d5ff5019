import FormSession

/// The page a browser gets for a form, for a spec: `formrun.open(path,
/// { web = true })`, then `s:page()` is its HTML as the form stands (what
/// the session's lines changed, the errors that show, the handlers'
/// messages not yet read as the session's output).
public final class WebPage {
  let visitor: Visitor

  /// The page of the form `engine` runs.
  public init(engine: Engine) {
    visitor = Visitor(runtime: nil, engine: engine, now: HTTPServer.now(), once: false)
  }

  /// The page's HTML now.
  public func html() -> String {
    visitor.lock.held {
      // what the session's lines did to the form, as the view takes it
      visitor.catchUp()
      visitor.take()
      let page = PageDrawer(visitor: visitor).document().string
      visitor.messages.removeAll()
      return page
    }
  }
}
