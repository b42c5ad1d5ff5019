import FormCore
import FormLua
import FormSession
import Synchronization

/// One browser session: the form run afresh for this visitor in a Lua state
/// of its own, the engine on it and the view model over the engine (the
/// page shown of a paged form, whose errors show, what changed since the
/// page last drew), and what only a page has besides: the text a row's kind
/// refused (kept in its field to be corrected), the page's messages, how the
/// submission was kept. Its requests take turns: a Lua state is used by one
/// thread at a time (`lock`). It lives while the visitor comes back (a reload
/// draws what was typed) and ends when idle for the server's `idle` seconds.
final class Visitor: @unchecked Sendable {
  /// The session cookie's value.
  let id: String
  /// What every POST of this visitor's page must carry.
  let csrf: String
  /// The Lua state the form runs in (nil for a spec's page: the test run holds it).
  let runtime: LuaRuntime?
  /// The view model of the form (a new one, on a new engine, when a submit's values could not be kept).
  var view: FormView
  /// Serve ends with the first submission (`--once`): the page offers no new start.
  let once: Bool
  /// Held while a request works on this visitor.
  let lock = Lock()
  private let lastSeenMilliseconds: Atomic<Int>

  /// Stable ids the page names rows and sections by.
  var ids = PageIDs()
  /// The view's version the page was last drawn from: a change answers with what changed since.
  var drawn = 0
  /// Text a row's kind refused, with the reason: the page shows it as typed, to be corrected.
  var refused: [ObjectIdentifier: (text: String, reason: String)] = [:]
  /// Messages for the page: handler errors, what handlers printed, refusals, notes.
  var messages: [String] = []
  /// How many of the view's notices are among the messages already.
  var noticesTaken = 0
  /// A Next was just refused: the page's problems are listed.
  var nextRefused = false
  /// How the form ended, once it has.
  var ending: Ending?

  /// How this visitor's form ended.
  enum Ending: Equatable {
    /// submitted and kept as the submission with this id
    case sent(String)
    /// submitted but the values could not be kept (the message says why)
    case notKept(String)
    case cancelled
  }

  /// A visitor of the form `engine` runs, loaded in `runtime`.
  init(runtime: LuaRuntime?, engine: Engine, now: Double, once: Bool) {
    id = Token.random()
    csrf = Token.random()
    self.runtime = runtime
    self.once = once
    lastSeenMilliseconds = Atomic(Int(now * 1000))
    // the view takes what the script printed as it loaded, and its changes
    view = FormView(engine: engine)
    (engine.host as? BrowserHost)?.visitor = self
    take()
    drawn = view.version
  }

  /// When the visitor was last seen (monotonic seconds).
  var lastSeenTime: Double { Double(lastSeenMilliseconds.load(ordering: .relaxed)) / 1000 }

  /// The visitor made a request now.
  func seen(_ now: Double) { lastSeenMilliseconds.store(Int(now * 1000), ordering: .relaxed) }

  var engine: Engine { view.engine }
  var form: Form { view.form }

  /// The page's messages gain what the view and the form said since: the
  /// handlers' prints and errors (the view's notices, and those a verb made
  /// outside the view left in the form), and the view's message when it is
  /// one a page must show (a refused Next, a refusal; a notice is said once).
  func take() {
    let notices = view.notices
    if noticesTaken < notices.count {
      messages += notices[noticesTaken...].filter { !$0.trimmingSpaces.isEmpty }
      noticesTaken = notices.count
    }
    messages += engine.notices().filter { !$0.trimmingSpaces.isEmpty }
    if let m = view.message {
      if m.role != .message { messages.append(m.text) }
      // said once: the page's messages have it now
      view.dismissMessage()
    }
  }

  /// True once the form was submitted or cancelled.
  var ended: Bool { ending != nil }
}

/// Ids for the page's rows and sections that stay while they do: a row keeps
/// its id when rows are inserted, deleted or moved around it, so a request
/// from a page drawn before such a change still names the row it meant.
struct PageIDs {
  private var rowIDs: [ObjectIdentifier: (item: Weak<Item>, id: Int)] = [:]
  private var rowsByID: [Int: Weak<Item>] = [:]
  private var sectionIDs: [ObjectIdentifier: (section: Weak<Section>, id: Int)] = [:]
  private var next = 1

  /// The id of `item` (given it now if it has none).
  mutating func id(_ item: Item) -> Int {
    let key = ObjectIdentifier(item)
    if let known = rowIDs[key], known.item.object === item { return known.id }
    let id = next
    next += 1
    rowIDs[key] = (Weak(item), id)
    rowsByID[id] = Weak(item)
    return id
  }

  /// The row with id `id`, while it is in the form.
  func item(_ id: Int) -> Item? { rowsByID[id]?.object }

  /// The id of `section`.
  mutating func id(_ section: Section) -> Int {
    let key = ObjectIdentifier(section)
    if let known = sectionIDs[key], known.section.object === section { return known.id }
    let id = next
    next += 1
    sectionIDs[key] = (Weak(section), id)
    return id
  }

  /// The section with id `id`.
  func section(_ id: Int, in form: Form) -> Section? {
    form.sections.first { sectionIDs[ObjectIdentifier($0)]?.id == id }
  }
}

/// A reference that does not keep its object.
struct Weak<T: AnyObject> {
  weak var object: T?
  init(_ object: T) { self.object = object }
}
