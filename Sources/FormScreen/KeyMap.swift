import FormCore
import FormSession
import FormTerminal

/// The screen mode's keys as the view model's actions: at the form, and in
/// each kind of editor. What a key does is decided here; what the action
/// does, in `FormView`.
enum KeyMap {
  /// The action of `key` at the form (no editor open); nil: the key does nothing.
  /// `page`: the rows a PgUp or PgDn moves.
  static func atForm(_ key: Key, view: FormView, page: Int) -> ViewAction? {
    let plain = key.modifiers.isDisjoint(with: [.ctrl, .alt])
    switch key.code {
    case .up where plain, .tab where key.modifiers == .shift: return .previous
    case .down where plain, .tab where key.modifiers.isEmpty: return .next
    case .char("p") where key.modifiers == .ctrl: return .previous
    case .char("n") where key.modifiers == .ctrl: return .next
    case .pageUp: return .move(-page)
    case .pageDown: return .move(page)
    case .home: return .first
    case .end: return .last
    case .char("s") where key.modifiers == .ctrl: return .submit
    case .char("t") where key.modifiers == .ctrl: return .takeDefault
    case .left where key.modifiers == .alt: return .previousPage
    case .right where key.modifiers == .alt: return .nextPage
    case .escape: return .cancel
    case .char("c") where key.modifiers == .ctrl: return .interrupt
    case .char("d") where key.modifiers == .ctrl: return .endInput
    case .char("/") where plain: return .find("")
    case .enter: return .open
    case .char(" ") where plain: return view.focusItem == nil ? nil : .open
    case .left where plain: return .step(-1)
    case .right where plain: return .step(1)
    case .char("e") where plain || key.modifiers == .ctrl:
      guard let item = view.focusItem else { return nil }
      if view.facts(of: item).shape == .lines { return .external }
      return plain ? .openTyping(.insert("e")) : nil
    case .function(2): return .openInPlace
    case .char(let c) where plain: return .openTyping(.insert(String(c)))
    case .paste(let text): return .openTyping(.paste(text))
    case .notUTF8: return .openTyping(.invalidText)
    default: return nil
    }
  }

  /// The action of `key` in the open editor `editor`; nil: the key does nothing.
  static func editing(_ key: Key, in editor: RowEditing) -> ViewAction? {
    if key == Key.ctrl("c") { return .interrupt }
    if key == Key.ctrl("s") { return .submit }
    if key == Key.ctrl("e"), editor is LinesEditing { return .external }
    let list = editor is ChoiceEditing || editor is PickerEditing
    // nothing typed is lost unasked: with text typed, Esc leaves the form as
    // it does at the form (asked first, the editor's text counted), and so
    // does Ctrl-D with nothing after the cursor to delete
    if key.code == .escape, key.modifiers.isEmpty, !list, editor.holdsChange { return .cancel }
    if key == Key.ctrl("d"), !deletes(in: editor) { return .endInput }
    return input(key, list: list).map { .edit($0) }
  }

  /// True when Ctrl-D in `editor` deletes (a character after the cursor, or
  /// the selected value), as in a line of a shell; false: it ends the input.
  static func deletes(in editor: RowEditing) -> Bool {
    switch editor {
    case let t as TextEditing:
      return t.selected || t.buffer.cursor < t.buffer.chars.count
    case let l as LinesEditing:
      return l.row < l.lines.count - 1 || l.lines[l.row].cursor < l.lines[l.row].chars.count
    default: return false
    }
  }

  /// What `key` does in an editor of text (or, `list`, of options).
  static func input(_ key: Key, list: Bool) -> EditInput? {
    let ctrl = key.modifiers.contains(.ctrl)
    let alt = key.modifiers.contains(.alt)
    switch key.code {
    case .char(let c) where !ctrl && !alt: return .insert(String(c))
    case .paste(let text): return .paste(text)
    case .notUTF8: return .invalidText
    case .enter: return .enter
    case .escape: return .escape
    case .tab: return key.modifiers.contains(.shift) ? .backTab : .tab
    case .up: return .up
    case .down: return .down
    case .left where ctrl || alt: return .wordLeft
    case .right where ctrl || alt: return .wordRight
    case .left: return .left
    case .right: return .right
    case .home: return .home
    case .end: return .end
    case .pageUp: return .pageUp
    case .pageDown: return .pageDown
    case .backspace where alt: return .deleteWordBack(shell: false)
    case .backspace: return .backspace
    case .delete: return .delete
    case .char(let c) where ctrl:
      switch c {
      case "a": return .home
      case "e": return .end
      case "b": return .left
      case "f": return .right
      case "h": return .backspace
      case "d": return .delete
      case "k": return .killToEnd
      case "u": return .killToStart
      case "w": return .deleteWordBack(shell: true)
      case "p" where list: return .up
      case "n" where list: return .down
      default: return nil
      }
    case .char(let c) where alt:
      switch c {
      case "b", "B": return .wordLeft
      case "f", "F": return .wordRight
      case "d", "D": return .deleteWordForward
      default: return nil
      }
    default: return nil
    }
  }
}
