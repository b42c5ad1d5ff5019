import FormCore

/// A paged form (`form.pages`, `section.page`): one page at a time, Next and
/// Back below its rows, then a summary of every value with a way back to
/// each page and the Submit stop. Next is refused while a row on the page
/// has a problem (its rows' errors show, the focus goes to the first); Back
/// always goes.
extension FormView {
  /// True when the form is shown a page at a time (found again after a change of its structure).
  public var paged: Bool {
    if let known = knownPaged { return known }
    let paged = Pages.isPaged(form)
    knownPaged = paged
    return paged
  }

  /// The pages shown: those with a row the focus can stop on (found again
  /// after a change of the form, not for every move of the focus).
  public var livePages: [Page] {
    if let known = knownPages { return known }
    let pages = Pages.of(form, keeping: \.enabled)
    knownPages = pages
    return pages
  }

  /// The page shown (nil on the summary, or on a form without pages): the
  /// one last entered, else (it went: its rows hidden) the next one at its place.
  public func currentPage(_ pages: [Page]) -> Page? {
    guard !onSummary, !pages.isEmpty else { return nil }
    if let id = pageID, let page = pages.first(where: { $0.id == id }) { return page }
    return pages.first { $0.place >= pagePlace } ?? pages.last
  }

  /// The rows the focus moves among: the page's on a paged form (none on the summary), else all.
  public var stopRows: [Item] {
    guard paged else { return form.rows }
    return currentPage(livePages)?.rows ?? []
  }

  /// The stops below the rows, in order.
  public var stops: [Stop] {
    guard paged else { return [.submit] }
    let pages = livePages
    guard let page = currentPage(pages) else {
      return onSummary ? pages.map { .page($0.id) } + [.submit, .back] : [.submit]
    }
    return [.next] + (page.number > 1 ? [.back] : [])
  }

  /// What the page shown is called: `Page 2 of 3: Payment`, `Summary`.
  public var pageWords: String? {
    guard paged else { return nil }
    if onSummary { return form.say("screen.summary_heading") }
    return currentPage(livePages)?.heading
  }

  /// A stop pressed.
  func press(_ stop: Stop) {
    switch stop {
    case .submit: submit()
    case .next: nextPage()
    case .back: previousPage()
    case .page(let id):
      if let page = livePages.first(where: { $0.id == id }) { enter(page) }
    }
  }

  /// On a page the next page, on the summary (or a form without pages) the submit.
  func goOn() {
    if paged && !onSummary { nextPage() } else { submit() }
  }

  /// Next: refused, naming them, while rows on the page have problems.
  func nextPage() {
    let pages = livePages
    guard let page = currentPage(pages) else { return }
    let problems = page.problems
    if !problems.isEmpty {
      for section in page.sections { checkedSections.insert(ObjectIdentifier(section)) }
      noteAll()
      focus(problems[0])
      message = Message(page.refusal(problems), .error)
      return
    }
    if page.number < pages.count { enter(pages[page.number]) } else { enterSummary(from: page.number) }
  }

  /// Back: the page before (from the summary, the last page).
  func previousPage() {
    let pages = livePages
    if onSummary {
      if let last = pages.last { enter(last) }
      return
    }
    guard let page = currentPage(pages) else { return }
    guard page.number > 1 else {
      message = Message(form.say("screen.first_page"), .keyHelp)
      return
    }
    enter(pages[page.number - 2])
  }

  /// Show `page`, the focus on its first row.
  func enter(_ page: Page, focusing item: Item? = nil) {
    let from = onSummary ? 0 : currentPage(livePages)?.number ?? 0
    editor = nil
    search = nil
    onSummary = false
    pageID = page.id
    pagePlace = page.place
    pageTurns += 1
    restructure()
    focus(item ?? page.rows.first(where: \.enabled))
    moved(from: from, to: page.number)
  }

  func enterSummary(from: Int) {
    editor = nil
    search = nil
    onSummary = true
    pageTurns += 1
    restructure()
    focusItem = nil
    stop = .submit
    moved(from: from, to: 0)
  }

  /// `form.on_page` runs; what it printed goes to the status line.
  func moved(from: Int, to: Int) {
    knownFacts = [:]
    // (a handler: through the busy wrapper, as every verb)
    _ = busy("on_page") {
      Pages.moved(self.form, from: from, to: to)
      return .nothing
    }
    absorb(form.takeChanges())
    take(engine.notices())
  }

  /// A resumed draft goes back to the page of its first row still empty or invalid.
  public func resumePage() {
    let pages = livePages
    guard !pages.isEmpty else { return }
    let rows = form.rows
    guard let item = rows.first(where: { $0.enabled && $0.kind.hasValue && ($0.value.isBlank || !$0.errors.isEmpty) }),
      let page = Pages.page(of: item, in: pages)
    else { return }
    pageID = page.id
    pagePlace = page.place
    restructure()
    focus(page.rows.first(where: \.enabled))
  }

  /// True when `item` is on a page a Next was refused on (its errors show).
  func onCheckedPage(_ item: Item) -> Bool {
    guard !checkedSections.isEmpty, let section = item.section else { return false }
    return checkedSections.contains(ObjectIdentifier(section))
  }

  /// A refused submit on a paged form: the page of the first row with a problem.
  func showProblem(_ item: Item) {
    guard paged, let page = Pages.page(of: item, in: livePages) else { return }
    enter(page, focusing: item)
  }
}
