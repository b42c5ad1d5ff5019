import FormCore
import FormSession

/// The page a visitor sees, drawn on the server from the form as it stands:
/// the title, messages, the rows of the page (or of the whole form) as
/// blocks the script can swap one at a time, the buttons. Every text from
/// the script or the person is escaped (`HTML`); a secret's value is never
/// written into the page.
struct PageDrawer {
  let visitor: Visitor
  var form: Form { visitor.form }
  var view: FormView { visitor.view }
  func say(_ key: String, _ args: KeyValuePairs<String, String> = [:]) -> String { form.say(key, args) }

  /// One block of the page's rows: a section's head, a row, a section's foot.
  struct Block {
    var id: String
    var html: [UInt8]
  }

  // MARK: the document

  /// The whole page.
  func document() -> HTML {
    var h = HTML()
    h.raw("<!doctype html>\n<html")
    h.attribute("lang", form.catalogue.language)
    h.raw(
      "><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    )
    h.raw("<title>")
    h.text(pageTitle)
    h.raw("</title><link rel=\"stylesheet\" href=\"/formrun.css\"><link rel=\"stylesheet\" href=\"/theme.css\">")
    h.raw("<script src=\"/formrun.js\" defer></script>")
    h.raw("</head><body><main id=\"main\"")
    h.attribute("data-version", String(view.version))
    h.raw(">")
    // a page has its heading: the form's title, else a word for a form
    h.raw("<h1>")
    h.text(form.title.map(Cells.sanitize).flatMap { $0.isEmpty ? nil : $0 } ?? say("serve.untitled"))
    h.raw("</h1>")
    if let ending = visitor.ending {
      ended(ending, into: &h)
    } else {
      body(into: &h)
    }
    h.raw("</main></body></html>\n")
    return h
  }

  /// What the browser's tab says: the form's title, else a word for the form.
  var pageTitle: String {
    let title = form.title.map(Cells.sanitize) ?? ""
    let base = title.isEmpty ? say("serve.untitled") : title
    guard let heading = pageHeading else { return base }
    return base + " – " + heading
  }

  /// The heading of the page shown on a paged form (`Page 2 of 3: Payment`, the summary).
  var pageHeading: String? {
    guard view.paged, !visitor.ended else { return nil }
    if view.onSummary { return say("serve.summary") }
    return visitor.currentPage()?.heading
  }

  /// The form's page: messages, problems, the rows, the buttons.
  func body(into h: inout HTML) {
    h.raw("<form id=\"form\" method=\"post\" action=\"/\" novalidate>")
    h.raw("<input type=\"hidden\" name=\"csrf\"")
    h.attribute("value", visitor.csrf)
    h.raw("><input type=\"hidden\" name=\"version\"")
    h.attribute("value", String(view.version))
    // Enter in a field submits a form by its first button: this one (the
    // page's own Submit or Next), not a row's Delete or an action row
    h.raw(">")
    h.raw("<button type=\"submit\" name=\"do\" value=\"enter\" class=\"default-button\" tabindex=\"-1\"")
    h.raw(" aria-hidden=\"true\"></button>")
    if let heading = pageHeading {
      h.raw("<h2 class=\"page\">")
      h.text(heading)
      h.raw("</h2>")
    }
    messages(into: &h)
    problems(into: &h)
    h.raw("<div id=\"rows\">")
    for block in blocks() { h.trusted(String(decoding: block.html, as: UTF8.self)) }
    h.raw("</div>")
    buttons(into: &h)
    h.raw("</form>")
  }

  /// The messages (handler errors, what handlers printed), in a live region.
  func messages(into h: inout HTML) {
    h.raw("<div id=\"messages\" role=\"status\" aria-live=\"polite\">")
    for m in visitor.messages {
      h.raw("<p>")
      h.text(m)
      h.raw("</p>")
    }
    h.raw("</div>")
  }

  /// After a refused submit or Next: the problems, each a link to its row;
  /// the focus starts here (`autofocus` on the list's heading, made focusable).
  func problems(into h: inout HTML) {
    let shown = problemRows
    guard !shown.isEmpty else { return }
    h.raw("<div id=\"problems\" class=\"problems\" role=\"alert\"><h2 id=\"problems-title\" tabindex=\"-1\">")
    h.text(say("serve.problems", ["count": String(shown.count)]))
    h.raw("</h2><ul>")
    var ids = visitor.ids
    for item in shown {
      h.raw("<li><a")
      h.attribute("href", "#" + controlID(item, &ids))
      h.raw(">")
      h.text(Cells.sanitize(item.label) + ": " + Cells.sanitize(item.errors.first ?? ""))
      h.raw("</a></li>")
    }
    visitor.ids = ids
    h.raw("</ul></div>")
  }

  /// The rows whose errors the problems list names: after a refused submit,
  /// the form's; after a refused Next, the page's.
  var problemRows: [Item] {
    if refusedSubmit { return rowsShown.filter { !$0.errors.isEmpty } }
    guard visitor.nextRefused, let page = visitor.currentPage() else { return [] }
    return page.problems
  }

  /// A submit was refused (here, or by another front end on the same engine: a spec's `s:submit()`).
  var refusedSubmit: Bool { view.showAllErrors || (form.submitAttempted && !visitor.ended) }

  /// The rows on the page shown (every shown row of a form without pages).
  var rowsShown: [Item] {
    if view.paged { return visitor.currentPage()?.rows ?? [] }
    return form.rows
  }

  /// The buttons below the rows: Submit (and Cancel); on a paged form Next
  /// and Back, and on the summary a button per page.
  func buttons(into h: inout HTML) {
    h.raw("<div class=\"buttons\">")
    if view.paged {
      if view.onSummary {
        button("submit", say("serve.submit"), primary: true, into: &h)
        button("back", say("serve.back"), into: &h)
      } else if let page = visitor.currentPage() {
        let last = page.number == page.count
        button("next", say(last ? "serve.next_summary" : "serve.next"), primary: true, into: &h)
        if page.number > 1 { button("back", say("serve.back"), into: &h) }
      }
    } else {
      button("submit", say("serve.submit"), primary: true, into: &h)
    }
    button("cancel", say("serve.cancel"), into: &h)
    h.raw("</div>")
  }

  func button(_ value: String, _ label: String, primary: Bool = false, into h: inout HTML) {
    h.raw("<button type=\"submit\" name=\"do\"")
    h.attribute("value", value)
    if primary { h.raw(" class=\"primary\"") }
    h.raw(">")
    h.text(label)
    h.raw("</button>")
  }

  /// The page once the form ended: sent (with the submission's id), not kept, or cancelled.
  func ended(_ ending: Visitor.Ending, into h: inout HTML) {
    h.raw("<div id=\"ended\" role=\"status\">")
    switch ending {
    case .sent(let id):
      h.raw("<p class=\"sent\">")
      h.text(say("serve.sent"))
      h.raw("</p><p class=\"id\">")
      h.text(say("serve.sent_id", ["id": id]))
      h.raw("</p>")
    case .notKept(let why):
      h.raw("<p class=\"error\">")
      h.text(say("serve.not_kept", ["why": why]))
      h.raw("</p>")
    case .cancelled:
      h.raw("<p>")
      h.text(say("serve.cancelled"))
      h.raw("</p>")
    }
    messages(into: &h)
    if !visitor.once {
      h.raw("<p><a href=\"/?again=1\">")
      h.text(say("serve.again"))
      h.raw("</a></p>")
    }
    h.raw("</div>")
  }

  // MARK: blocks

  /// The blocks of the page shown, in order.
  func blocks() -> [Block] {
    var out: [Block] = []
    if view.paged {
      if view.onSummary { return summaryBlocks() }
      guard let page = visitor.currentPage() else { return [] }
      for section in page.sections where !section.hidden { sectionBlocks(section, into: &out) }
      return out
    }
    for section in form.sections where !section.hidden { sectionBlocks(section, into: &out) }
    return out
  }

  /// A section's head (its header, and the lines its header kind drew), its
  /// rows, its foot (footer, the empty text, the Add button).
  func sectionBlocks(_ section: Section, into out: inout [Block]) {
    var ids = visitor.ids
    let sid = ids.id(section)
    visitor.ids = ids
    var head = HTML()
    let headerText = section.shownText(.header) ?? ""
    let drawnHead = section.drawnLines(.header)
    if !headerText.isEmpty || !drawnHead.isEmpty {
      head.raw("<div class=\"section-head\"")
      head.attribute("id", "s\(sid)-head")
      head.raw(">")
      if !headerText.isEmpty {
        head.raw("<h2>")
        head.text(Cells.sanitize(headerText.split(separator: "\n").joined(separator: " ")))
        head.raw("</h2>")
      }
      band(drawnHead, spoken: section.spokenBand(.header), into: &head)
      head.raw("</div>")
      out.append(Block(id: "s\(sid)-head", html: head.bytes))
    }
    for item in section.items where !item.hidden { out.append(rowBlock(item)) }
    var foot = HTML()
    let footerText = section.shownText(.footer) ?? ""
    let drawnFoot = section.drawnLines(.footer)
    let empty = section.shownCount == 0 ? section.emptyText : nil
    let inserts = section.onInsert != nil
    if !footerText.isEmpty || !drawnFoot.isEmpty || empty != nil || inserts {
      foot.raw("<div class=\"section-foot\"")
      foot.attribute("id", "s\(sid)-foot")
      foot.raw(">")
      if let empty {
        foot.raw("<p class=\"empty\">")
        foot.text(Cells.sanitize(empty))
        foot.raw("</p>")
      }
      if inserts {
        foot.raw("<button type=\"submit\" name=\"insert\" class=\"insert\"")
        foot.attribute("value", String(sid))
        foot.raw(">")
        foot.text(say("serve.insert", ["section": section.header.map(Cells.sanitize) ?? ""]))
        foot.raw("</button>")
      }
      if !footerText.isEmpty {
        foot.raw("<p class=\"footer\">")
        foot.text(footerText)
        foot.raw("</p>")
      }
      band(drawnFoot, spoken: section.spokenBand(.footer), into: &foot)
      foot.raw("</div>")
      out.append(Block(id: "s\(sid)-foot", html: foot.bytes))
    }
  }

  /// The lines a header or footer kind drew (for the eye), and what it says
  /// (for a screen reader) when it says something.
  func band(_ lines: [String], spoken: String?, into h: inout HTML) {
    guard !lines.isEmpty else { return }
    if let spoken, !spoken.isEmpty {
      h.raw("<pre class=\"band\" aria-hidden=\"true\">")
      h.text(lines.joined(separator: "\n"))
      h.raw("</pre><p class=\"visually-hidden\">")
      h.text(spoken)
      h.raw("</p>")
    } else {
      h.raw("<pre class=\"band\">")
      h.text(lines.joined(separator: "\n"))
      h.raw("</pre>")
    }
  }

  /// The summary of a paged form: each page's heading with a button to go
  /// back to it, and its values as the rows show them (secrets masked).
  func summaryBlocks() -> [Block] {
    var out: [Block] = []
    var ids = visitor.ids
    for page in view.livePages {
      var h = HTML()
      let sid = ids.id(page.sections[0])
      h.raw("<div class=\"summary-page\"")
      h.attribute("id", "p\(sid)")
      h.raw("><h3>")
      h.text(page.heading)
      h.raw("</h3><dl>")
      for item in page.rows where item.kind.hasValue {
        h.raw("<dt>")
        h.text(Cells.sanitize(item.label))
        h.raw("</dt><dd>")
        h.text(PageDrawer.summaryValue(item))
        h.raw("</dd>")
      }
      h.raw("</dl><button type=\"submit\" name=\"page\"")
      h.attribute("value", String(sid))
      h.raw(">")
      h.text(say("serve.change_page", ["heading": page.heading]))
      h.raw("</button></div>")
      out.append(Block(id: "p\(sid)", html: h.bytes))
    }
    visitor.ids = ids
    return out
  }

  /// A value as the summary says it: empty, a choice or a switch in words
  /// (`Pro`, `on`), anything else as its row shows it (a secret masked).
  static func summaryValue(_ item: Item) -> String {
    if item.value.isBlank { return item.form?.say("serve.empty") ?? "" }
    let facts = item.facts
    switch facts.shape {
    case .oneOf, .severalOf, .components, .toggle: return Cells.sanitize(facts.spoken.words)
    default: return Cells.sanitize(item.displayValue)
    }
  }

  /// The id of `item`'s control (what a label's `for` and a problem's link name).
  func controlID(_ item: Item, _ ids: inout PageIDs) -> String { "r\(ids.id(item))" }
}
