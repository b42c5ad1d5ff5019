import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// The row commands (`do`, `delete`, `move`, `insert`, `detail`) as typed
/// outcomes, with Swift closures for the script's handlers.
struct RowCommandTests {
  /// Three rows a, b, c in one section; `calls` records each handler's call.
  final class Fixture {
    let form = Form()
    let section = Section(header: "S")
    var calls: [String] = []
    lazy var session = Session(form: form, host: TestHost(), renderer: Renderer(width: 40))

    init() throws {
      try form.insertSection(section)
      for name in ["a", "b", "c"] { try section.append(Item(kind: TextKind(), title: name.uppercased(), name: name)) }
    }

    func item(_ name: String) -> Item { form.find(name)! }

    /// A handler that records `label` and returns `result`.
    func handler(_ label: String, returning result: Value = .null) -> Handler {
      ClosureHandler { [unowned self] _ in
        calls.append(label)
        return .returned([result])
      }
    }

    var order: [String] { section.items.compactMap(\.name) }
  }

  @Test func actionsAreListedRunAndRefused() throws {
    let f = try Fixture()
    let a = f.item("a")
    #expect(f.session.perform(.run(.row(1), nil)) == .refused(.noAction(a, title: nil)))
    a.rowActions.actions = [RowAction(title: "Archive", run: f.handler("archive"))]
    guard case .actions(let listed) = f.session.perform(.run(.row(1), nil)) else {
      Issue.record("no list")
      return
    }
    #expect(listed === a)
    guard case .changed = f.session.perform(.run(.name("a"), "arch")) else {
      Issue.record("the action did not run")
      return
    }
    #expect(f.calls == ["archive"])
    #expect(f.session.perform(.run(.row(1), "zap")) == .refused(.noAction(a, title: "zap")))
  }

  @Test func deleteNeedsDeletableAndTheHandlersConsent() throws {
    let f = try Fixture()
    let b = f.item("b")
    #expect(f.session.perform(.delete(.row(2))) == .refused(.notDeletable(b)))
    b.rowActions.deletable = true
    b.rowActions.onDelete = f.handler("no", returning: .string("kept"))
    #expect(f.session.perform(.delete(.row(2))) == .refused(.declined(.delete, b, message: "kept")))
    b.rowActions.onDelete = f.handler("no", returning: .bool(false))
    #expect(f.session.perform(.delete(.row(2))) == .refused(.declined(.delete, b, message: nil)))
    #expect(f.order == ["a", "b", "c"])
    b.rowActions.onDelete = f.handler("yes")
    _ = f.session.perform(.delete(.row(2)))
    #expect(f.order == ["a", "c"])
    #expect(b.section == nil)
  }

  @Test func moveTakesRowMsPlaceAfterOnMoveAgrees() throws {
    let f = try Fixture()
    let a = f.item("a")
    #expect(f.session.perform(.move(.row(1), to: 3)) == .refused(.notMovable(a)))
    a.rowActions.movable = true
    #expect(f.session.perform(.move(.row(1), to: 9)) == .refused(.noRow(9, count: 3)))
    var seen: [[HandlerArgument]] = []
    a.rowActions.onMove = ClosureHandler { args in
      seen.append(args)
      return .returned([.null])
    }
    _ = f.session.perform(.move(.row(1), to: 3))
    #expect(f.order == ["b", "c", "a"])
    #expect(a.row == 3)
    if case .value(.int(let from)) = seen.first?[1], case .value(.int(let to)) = seen.first?[2] {
      #expect(from == 1 && to == 3)
    } else {
      Issue.record("on_move was not given the rows")
    }
    _ = f.session.perform(.move(.row(3), to: 1))
    #expect(f.order == ["a", "b", "c"])
  }

  @Test func insertAsksTheSectionsHandler() throws {
    let f = try Fixture()
    #expect(f.session.perform(.insert(nil)) == .refused(.noInsert(nil)))
    f.section.onInsert = f.handler("insert")
    _ = f.session.perform(.insert(.row(2)))
    _ = f.session.perform(.insert(nil))
    #expect(f.calls == ["insert", "insert"])
    try f.form.insertSection(Section())
    f.form.sections[1].onInsert = f.handler("other")
    #expect(f.session.perform(.insert(nil)) == .refused(.insertWhere(count: 2)))
  }

  @Test func theAccessibleVoiceSaysActionsAndRefusalsInWords() throws {
    let f = try Fixture()
    let a = f.item("a")
    f.session.voice = AccessibleVoice()
    a.rowActions.actions = [RowAction(title: "Archive", run: f.handler("archive"))]
    #expect(f.session.send("do 1") == ["Row 1, A, actions: Archive.", "Type do 1 and an action to run it."])
    a.onWillSelect = f.handler("veto", returning: .string("Not yet."))
    #expect(f.session.send("1") == ["Error: Not yet."])
  }

  @Test func willSelectVetoesTheSelection() throws {
    let f = try Fixture()
    let a = f.item("a")
    a.onWillSelect = f.handler("veto", returning: .string("not yet"))
    a.onSelect = f.handler("select")
    f.form.onSelect = f.handler("form select")
    #expect(f.session.perform(.activate(.row(1))) == .refused(.vetoed(a, message: "not yet")))
    #expect(f.calls == ["veto"])
    a.onWillSelect = f.handler("allow", returning: .bool(true))
    _ = f.session.perform(.activate(.row(1)))
    #expect(f.calls == ["veto", "allow", "select", "form select"])
  }
}
