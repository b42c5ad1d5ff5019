import FormCore
import FormLua
import FormSession
import Synchronization

/// One browser session: the form run afresh for this visitor in a Lua state
/// of its own, the engine on it, and what the page shows besides the rows
/// (the page of a paged form, messages, text a row refused). Its requests
/// take turns: a Lua state is used by one thread at a time (`lock`). It
/// lives while the visitor comes back (a reload draws what was typed) and
/// ends when idle for the server's `idle` seconds.
final class Visitor: @unchecked Sendable {
  /// The session cookie's value.
  let id: String
  /// What every POST of this visitor's page must carry.
  let csrf: String
  /// The Lua state the form runs in (nil for a spec's page: the test run holds it).
  let runtime: LuaRuntime?
  /// The engine on the visitor's form (a new one when a submit's values could not be kept).
  var engine: Engine
  /// Serve ends with the first submission (`--once`): the page offers no new start.
  let once: Bool
  /// Held while a request works on this visitor.
  let lock = Lock()
  private let lastSeenMilliseconds: Atomic<Int>

  /// Stable ids the page names rows and sections by.
  var ids = PageIDs()
  /// On a paged form: the page shown (its first section) and its place
  /// among all pages; or the summary.
  var pageID: ObjectIdentifier?
  var pagePlace = 0
  var onSummary = false
  /// Sections of pages a Next was refused on: their rows' errors show.
  var checkedSections: Set<ObjectIdentifier> = []
  /// A submit was refused: every row's errors show, the focus goes to the first.
  var submitRefused = false
  /// Text a row's kind refused, with the reason: the page shows it as typed, to be corrected.
  var refused: [ObjectIdentifier: (text: String, reason: String)] = [:]
  /// Messages for the page: handler errors, what handlers printed, notes.
  var messages: [String] = []
  /// How the form ended, once it has.
  var ending: Ending?
  /// Bumped by every change: the page's script sends the one it drew from.
  var version = 0

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
    self.engine = engine
    lastSeenMilliseconds = Atomic(Int(now * 1000))
    (engine.host as? BrowserHost)?.visitor = self
    // what the script printed as it loaded; from now on changes are the visitor's
    take()
    _ = engine.form.takeChanges()
  }

  /// When the visitor was last seen (monotonic seconds).
  var lastSeenTime: Double { Double(lastSeenMilliseconds.load(ordering: .relaxed)) / 1000 }

  /// The visitor made a request now.
  func seen(_ now: Double) { lastSeenMilliseconds.store(Int(now * 1000), ordering: .relaxed) }

  var form: Form { engine.form }

  /// Queue the form's notices (handler errors, `print`) for the page.
  func take() {
    for notice in engine.notices() where !notice.isEmpty { messages.append(notice) }
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
