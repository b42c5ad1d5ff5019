import FormCore
import FormSession

/// The screen mode on a paged form (`form.pages`, `section.page`): one page
/// at a time, Next and Back below its rows, then a summary of every value
/// with a way back to each page and the Submit line. Next is refused while
/// a row on the page has a problem (its rows' errors show, the focus goes
/// to the first); Back always goes.
extension Screen {
  /// A place the focus stops below the rows (when `focusItem` is nil).
  enum Stop: Equatable {
    case submit, next, back
    /// on the summary: go to that page
    case page(ObjectIdentifier)
  }

  /// True when the form is shown a page at a time.
  var paged: Bool { Pages.isPaged(session.form) }

  /// The pages shown: those with a row the focus can stop on.
  var livePages: [Page] { Pages.of(session.form, keeping: \.enabled) }

  /// The page shown (nil on the summary, or on a form without pages): the
  /// one last entered, else (it went: its rows hidden) the next one at its place.
  func currentPage(_ pages: [Page]) -> Page? {
    guard !onSummary, !pages.isEmpty else { return nil }
    if let id = pageID, let page = pages.first(where: { $0.id == id }) { return page }
    return pages.first { $0.place >= pagePlace } ?? pages.last
  }

  /// The rows the focus moves among: the page's on a paged form (none on the summary), else all.
  var stopRows: [Item] {
    guard paged else { return session.form.rows }
    return currentPage(livePages)?.rows ?? []
  }

  /// The stops below the rows, in order.
  var stops: [Stop] {
    guard paged else { return [.submit] }
    let pages = livePages
    guard let page = currentPage(pages) else {
      return onSummary ? pages.map { .page($0.id) } + [.submit, .back] : [.submit]
    }
    return [.next] + (page.number > 1 ? [.back] : [])
  }

  /// What the page shown is called on the status line: `Page 2 of 3: Payment`, `Summary`.
  var pageWords: String? {
    guard paged else { return nil }
    if onSummary { return session.form.say("screen.summary_heading") }
    return currentPage(livePages)?.heading
  }

  /// The content of a paged form: the page's sections, or the summary.
  func pagePieces() -> [Piece] {
    var out: [Piece] = []
    let form = session.form
    if let title = form.title, !title.isEmpty { out.append(.title(Cells.sanitize(title))) }
    let pages = livePages
    guard let page = currentPage(pages) else {
      out.append(.pageHeading(form.say("screen.summary_heading")))
      for page in pages {
        out += [.blank, .button(.page(page.id), label: page.heading)]
        for section in page.sections where !section.hidden {
          for item in section.items where !item.hidden && item.kind.hasValue {
            out.append(.row(item, section: section))
          }
        }
      }
      out += [
        .blank, .button(.submit, label: form.say("screen.submit_button")),
        .button(.back, label: form.say("screen.back_button")),
      ]
      return out
    }
    out.append(.pageHeading(page.heading))
    for section in page.sections where !section.hidden {
      out.append(.blank)
      sectionPieces(section, into: &out)
    }
    out.append(.blank)
    let last = page.number == page.count
    out.append(.button(.next, label: form.say(last ? "screen.next_summary_button" : "screen.next_button")))
    if page.number > 1 { out.append(.button(.back, label: form.say("screen.back_button"))) }
    return out
  }

  /// Enter on a stop below the rows.
  func press(_ stop: Stop) {
    switch stop {
    case .submit: submit()
    case .next: nextPage()
    case .back: previousPage()
    case .page(let id):
      if let page = livePages.first(where: { $0.id == id }) { enter(page) }
    }
  }

  /// Ctrl-S: on a page the next page, on the summary (or a form without pages) the submit.
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
      focus(problems[0])
      message = (page.refusal(problems), .error)
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
      message = (session.form.say("screen.first_page"), .dim)
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
    offset = 0
    focus(item ?? page.rows.first(where: \.enabled))
    moved(from: from, to: page.number)
  }

  func enterSummary(from: Int) {
    editor = nil
    search = nil
    onSummary = true
    offset = 0
    focusItem = nil
    stop = .submit
    moved(from: from, to: 0)
  }

  /// `form.on_page` runs; what it printed goes to the status line.
  func moved(from: Int, to: Int) {
    knownFacts = [:]
    Pages.moved(session.form, from: from, to: to)
    take(session.notices())
  }

  /// A resumed draft goes back to the page of its first row still empty or invalid.
  public func resumePage() {
    let pages = livePages
    guard !pages.isEmpty else { return }
    let rows = session.form.rows
    guard let item = rows.first(where: { $0.enabled && $0.kind.hasValue && ($0.value.isBlank || !$0.errors.isEmpty) }),
      let page = Pages.page(of: item, in: pages)
    else { return }
    pageID = page.id
    pagePlace = page.place
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
