import FormCore
import FormSession
import FormTerminal

/// The screen mode: the form's view model (`FormView`) drawn to a terminal,
/// keys mapped to its logical actions (`KeyMap`). It does no I/O:
/// `ScreenRunner` reads the keys and writes the frames, tests call `handle`
/// and read `frame()`; what it asks of the person goes through the engine's
/// host (`ScreenHost`).
public final class Screen {
  /// How the screen ended.
  public typealias Ending = FormView.Ending

  /// The view model drawn.
  public let view: FormView
  /// The engine the screen drives (nothing of the line mode's conversation;
  /// named `session`, as before the engine was split off).
  public var session: Engine { view.engine }
  /// The terminal's size: the frame fits it.
  public var size: TerminalSize
  /// Colour on (with reverse video and bold either way).
  public var color: Bool
  /// How the roles look (the run's theme: `--theme`, `FORMRUN_THEME`, `form.theme`).
  public var theme: Theme = .standard

  /// What shows in place of the form until the next key.
  enum Overlay: Equatable {
    /// `?`: every key
    case keys
    /// Ctrl-R: the focused row in full
    case row(Item)
    /// Ctrl-O: what the form's handlers printed
    case log
  }
  /// What shows in place of the form until the next key; nil: the form.
  var overlay: Overlay?
  /// A handler's question (`formrun.confirm`) while the runner waits for its answer.
  var asking: String?
  /// `?` shows every key until the next key.
  var showingHelp: Bool { overlay == .keys }
  /// The first line of the content shown (the viewport's scroll).
  var offset = 0
  /// What the frame keeps of the content between frames (ScreenLayout.swift).
  var layout = Layout()

  /// How the screen ended; nil while it runs.
  public var ending: Ending? { view.ending }
  /// What handlers printed and reported, in order, for the scrollback after the end.
  public var notices: [String] { view.notices }
  /// Values changed since the screen opened.
  public var changedCount: Int { view.changedCount }

  /// A screen on `engine`'s form, `size` big. When the engine's host is a
  /// `ScreenHost` the screen shows its questions, prints and band widths.
  public init(session engine: Engine, size: TerminalSize, color: Bool = false) {
    self.size = size
    self.color = color
    // the form's own theme until the run says another (`--theme`, `FORMRUN_THEME`)
    theme = engine.form.theme ?? .standard
    view = FormView(engine: engine)
    // header and footer kinds draw at the screen's width (live: it follows a resize)
    (engine.host as? ScreenHost)?.screen = self
    // a path row's picker lists the folder typed
    view.listFolder = Self.entries
  }

  /// The entries of `folder` on this machine (`~/` the home folder).
  static func entries(of folder: String) -> [FolderEntry] {
    var path = folder
    if path == "~" || path.hasPrefix("~/"), let home = Terminal.env("HOME") { path = home + path.dropFirst() }
    return Files.entries(of: path).map { FolderEntry(name: $0.name, isFolder: $0.isFolder) }
  }

  /// A resumed draft of a paged form goes back to its page.
  public func resumePage() { view.resumePage() }

  // the view's state, as the tests read it
  var focusItem: Item? { view.focusItem }
  var editor: RowEditing? { view.editor }
  var search: String? { view.search }

  // MARK: keys

  /// Do what `key` asks.
  public func handle(_ key: Key) {
    guard ending == nil else { return }
    if overlay != nil {
      overlay = nil
      return
    }
    if view.leaving != nil {
      view.perform(.answer(key.code == .char("y") || key.code == .char("Y") || key == Key.ctrl("c") || saysYes(key)))
      return
    }
    if let words = view.search {
      let plain = key.modifiers.isDisjoint(with: [.ctrl, .alt])
      switch key.code {
      case .enter, .escape: return view.perform(.find(nil))
      case .backspace: return view.perform(.find(String(words.dropLast())))
      case .char(let c) where plain: return view.perform(.find(words + String(c)))
      // any other key ends the search and does what it does
      default: view.perform(.find(nil))
      }
    }
    // the row in full and the log, at the form and in an editor
    if key == Key.ctrl("r"), let item = view.focusItem {
      overlay = .row(item)
      return
    }
    if key == Key.ctrl("o") {
      overlay = .log
      return
    }
    if let editor = view.editor {
      if let action = KeyMap.editing(key, in: editor) { view.perform(action) }
      return
    }
    if key.code == .char("?"), key.modifiers.isDisjoint(with: [.ctrl, .alt]) {
      view.dismissMessage()
      overlay = .keys
      return
    }
    if let action = KeyMap.atForm(key, view: view, page: max(1, contentHeight - 2)) { view.perform(action) }
  }

  /// Ctrl-C: as a key (the terminal sent it as a signal).
  public func interrupt() {
    guard ending == nil else { return }
    overlay = nil
    view.perform(.interrupt)
  }

  /// The input ended (the terminal went away): nothing more can be asked.
  public func inputEnded() { view.inputEnded() }

  /// True when the key is a letter that begins one of the catalogue's yes words (`j` for `ja`).
  func saysYes(_ key: Key) -> Bool {
    guard key.modifiers.isEmpty, case .char(let c) = key.code else { return false }
    let letter = String(c).lowercased()
    return session.form.catalogue.words("words.yes").contains { $0 == letter }
  }
}
