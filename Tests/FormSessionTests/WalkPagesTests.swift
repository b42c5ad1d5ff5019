import Testing

@testable import FormCore
@testable import FormRender
@testable import FormSession

/// The guided walk on a paged form: each page announced with its number,
/// Next refused while the page has problems, back always, the summary by page.
struct WalkPagesTests {
  /// Account (email required, name), Payment (plan required), a hidden
  /// Extras, Notes (note): three pages shown.
  static func wizard(pages: Bool = true) throws -> Form {
    let form = Form(title: "Order")
    form.pages = pages
    let a = form.addSection("Account")
    let email = Item(kind: TextKind(), title: "Email", name: "email")
    email.validators = [try Validators.make("presence", in: form)]
    try a.append(email)
    try a.append(Item(kind: TextKind(), title: "Name", name: "name"))
    let p = form.addSection("Payment")
    let plan = Item(kind: TextKind(), title: "Plan", name: "plan")
    plan.validators = [try Validators.make("presence", in: form)]
    try p.append(plan)
    let x = form.addSection("Extras")
    try x.append(Item(kind: BoolKind(), title: "Gift", name: "gift"))
    x.hidden = true
    let n = form.addSection("Notes")
    try n.append(Item(kind: TextKind(), title: "Note", name: "note"))
    return form
  }

  static func walk(_ form: Form, brief: Bool = false) -> Walk {
    let voice: any Voice = brief ? AccessibleVoice() : StandardVoice()
    return Walk(session: Session(form: form, host: TestHost(), renderer: Renderer(width: 60), voice: voice))
  }

  @Test func eachPageIsAnnouncedWithItsNumber() throws {
    let walk = Self.walk(try Self.wizard())
    let start = walk.start()
    #expect(start.contains("Guided fill of Order: 4 questions on 3 pages."), "\(start)")
    #expect(start.contains("Page 1 of 3: Account."), "\(start)")
    let second = walk.read("a@b.co")
    #expect(!second.contains { $0.hasPrefix("Page ") }, "\(second)")
    let payment = walk.read("Ada")
    #expect(payment.contains("Page 2 of 3: Payment."), "\(payment)")
    // the hidden section is no page: Notes is page 3
    #expect(walk.read("Pro").contains("Page 3 of 3: Notes."))
    let summary = walk.read("")
    #expect(summary.contains("  Page 1 of 3: Account"), "\(summary)")
    #expect(summary.contains("    Email: a@b.co."), "\(summary)")
    #expect(summary.contains("  Page 2 of 3: Payment"), "\(summary)")
    #expect(walk.read("y") == ["submitted"])
  }

  @Test func nextFromAPageWithProblemsIsRefusedNamingThem() throws {
    let form = try Self.wizard()
    let walk = Self.walk(form)
    _ = walk.start()
    _ = walk.read("")  // Email kept empty
    let out = walk.read("Ada")
    #expect(out.contains("Page 1 of 3: Account is not finished: Email can't be blank."), "\(out)")
    #expect(!out.contains { $0.hasPrefix("Page 2") }, "\(out)")
    #expect(walk.current?.name == "email")
    // nothing typed is lost
    #expect(form.find("name")?.value == .string("Ada"))
    #expect(walk.read("a@b.co").contains("Name: Ada.") == false)
    #expect(walk.current?.name == "name")
  }

  @Test func throughAPipeARefusedNextEndsTheWalk() throws {
    let walk = Self.walk(try Self.wizard())
    walk.atTerminal = false
    _ = walk.start()
    _ = walk.read("")
    _ = walk.read("")
    #expect(walk.ending == .refused(question: "Email"))
  }

  @Test func backIsAlwaysAllowedAndCrossesPages() throws {
    let walk = Self.walk(try Self.wizard())
    _ = walk.start()
    _ = walk.read("a@b.co")
    _ = walk.read("")
    #expect(walk.current?.name == "plan")
    // Plan is empty (a problem): back goes all the same
    let back = walk.read(":back")
    #expect(back.first == "Page 1 of 3: Account.", "\(back)")
    #expect(walk.current?.name == "name")
  }

  @Test func pageNGoesBackFromTheSummaryAndForwardOnlyPastFinishedPages() throws {
    let walk = Self.walk(try Self.wizard())
    _ = walk.start()
    // forward past an unfinished page is refused at it
    let refused = walk.read(":page 3")
    #expect(refused.first?.hasPrefix("Page 1 of 3: Account is not finished") == true, "\(refused)")
    _ = walk.read("a@b.co")
    _ = walk.read("")
    _ = walk.read("Pro")
    let summary = walk.read("")
    #expect(summary.last?.contains(":page N") == true, "\(summary)")
    let two = walk.read(":page 2")
    #expect(two.first == "Page 2 of 3: Payment.", "\(two)")
    #expect(walk.current?.name == "plan")
    #expect(walk.read(":page Notes").first == "Page 3 of 3: Notes.")
    #expect(walk.read(":page 9").first?.hasPrefix("There is no page 9. Pages: 1 Account, 2 Payment, 3 Notes.") == true)
    _ = walk.read(":page 3")
    _ = walk.read("")
    #expect(walk.read("maybe") == ["Type y to submit or n to stop here (:back goes back, :page N to a page)."])
  }

  @Test func theAccessibleVoiceSaysThePageToo() throws {
    let walk = Self.walk(try Self.wizard(), brief: true)
    let start = walk.start()
    #expect(start.contains("Page 1 of 3: Account."), "\(start)")
    _ = walk.read("a@b.co")
    let out = walk.read("")
    #expect(out.first == "Page 2 of 3: Payment.", "\(out)")
  }

  @Test func aSectionStartsAPageThatTheNextSectionsJoin() throws {
    let form = try Self.wizard(pages: false)
    form.sections[3].page = true
    let walk = Self.walk(form)
    let start = walk.start()
    #expect(start.contains("Page 1 of 2: Account."), "\(start)")
    _ = walk.read("a@b.co")
    // Payment is on page 1, with Account
    #expect(!walk.read("").contains { $0.hasPrefix("Page ") })
    #expect(walk.read("Pro").contains("Page 2 of 2: Notes."))
  }

  @Test func aFormWithoutPagesSaysNone() throws {
    let walk = Self.walk(try Self.wizard(pages: false))
    let start = walk.start()
    #expect(!start.contains { $0.hasPrefix("Page ") || $0.contains("pages") }, "\(start)")
  }

  @Test func onPageRunsOnEveryMoveBetweenPages() throws {
    let form = try Self.wizard()
    var moves: [[Int]] = []
    form.onPage = ClosureHandler { args in
      var m: [Int] = []
      for a in args { if case .value(.int(let n)) = a { m.append(n) } }
      moves.append(m)
      return .returned([])
    }
    let walk = Self.walk(form)
    _ = walk.start()
    _ = walk.read("a@b.co")
    _ = walk.read("")
    _ = walk.read(":back")
    _ = walk.read("")
    _ = walk.read("Pro")
    _ = walk.read("")
    #expect(moves == [[1, 2], [2, 1], [1, 2], [2, 3], [3, 0]], "\(moves)")
  }

  @Test func aResumedWalkStartsOnThePageOfTheFirstUnfinishedRow() throws {
    let form = try Self.wizard()
    form.find("email")?.assign(.string("a@b.co"))
    let walk = Walk.resumed(Session(form: form, host: TestHost(), renderer: Renderer(width: 60)))
    let start = walk.start()
    #expect(start.contains("Page 1 of 3: Account."), "name is empty: \(start)")
    form.find("name")?.assign(.string("Ada"))
    let later = Walk.resumed(Session(form: form, host: TestHost(), renderer: Renderer(width: 60)))
    #expect(later.start().contains("Page 2 of 3: Payment."))
  }
}
