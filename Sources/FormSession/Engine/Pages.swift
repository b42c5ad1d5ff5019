import FormCore

/// One page of a paged form (`form.pages`, `section.page`): the sections
/// from one that starts a page up to the next one, as the guided walk and
/// the screen mode show them, one page at a time.
public struct Page {
  /// The page's sections in order, hidden ones included.
  public let sections: [Section]
  /// Its number among the pages shown (from 1).
  public let number: Int
  /// How many pages are shown.
  public let count: Int
  /// Where the page is among all the form's pages, shown or not (from 0).
  public let place: Int
  /// The rows shown on it, in order.
  public let rows: [Item]

  /// The page's identity while the form's sections stay: its first section.
  public var id: ObjectIdentifier { ObjectIdentifier(sections[0]) }

  /// Its name: the first line of the first shown section's header (else its tag); nil without one.
  public var title: String? {
    for section in sections where !section.hidden {
      if let h = section.header?.split(separator: "\n").first.map(String.init), !h.trimmingSpaces.isEmpty {
        return Cells.sanitize(h.trimmingSpaces)
      }
    }
    for section in sections where !section.hidden {
      if let t = section.tag, !t.isEmpty { return Cells.sanitize(t) }
    }
    return nil
  }

  /// `Page 2 of 3: Payment`.
  public var heading: String {
    let args: KeyValuePairs = ["number": String(number), "count": String(count), "title": title ?? ""]
    return words.say(title == nil ? "page.heading" : "page.heading_titled", args)
  }

  /// The catalogue the page speaks in: its form's.
  var words: Catalogue { sections.first?.form?.catalogue ?? .english }

  /// True when `item` is one of the page's rows.
  public func holds(_ item: Item) -> Bool {
    guard let s = item.section else { return false }
    return sections.contains { $0 === s }
  }

  /// The rows on the page a Next would be refused for: those shown with an error.
  public var problems: [Item] { rows.filter { !$0.errors.isEmpty } }

  /// `Page 1 of 3: Account is not finished: Email can't be blank.`: why a Next is refused.
  public func refusal(_ problems: [Item]) -> String {
    // a row's message names it already (`Email can't be blank.`)
    let said = problems.map { OutcomeWords.period(Cells.sanitize($0.errors.first ?? "")) }
    return words.say("page.not_finished", ["heading": heading, "errors": said.joined(separator: " ")])
  }
}

/// How a form is cut into pages. A form is paged when `form.pages` is true
/// (every section starts a page) or a section has `page = true` (it starts
/// a page, and the sections after it belong to it up to the next that
/// starts one; the sections before the first such one are the first page).
/// A page whose sections are hidden, or none of whose rows is left to show,
/// is passed over, and the pages are numbered without it.
public enum Pages {
  /// True when the form is shown a page at a time.
  public static func isPaged(_ form: Form) -> Bool { form.pages || form.sections.contains { $0.page } }

  /// The form's sections grouped into pages, shown or not.
  static func groups(_ form: Form) -> [[Section]] {
    var out: [[Section]] = []
    for section in form.sections {
      if out.isEmpty || form.pages || section.page {
        out.append([section])
      } else {
        out[out.count - 1].append(section)
      }
    }
    return out
  }

  /// The pages shown: those with a row that `keeps` (the walk: a row it
  /// asks; the screen: a row the focus stops on); none when the form is not paged.
  public static func of(_ form: Form, keeping keeps: (Item) -> Bool) -> [Page] {
    guard isPaged(form) else { return [] }
    var kept: [(place: Int, sections: [Section], rows: [Item])] = []
    for (place, group) in groups(form).enumerated() {
      var rows: [Item] = []
      for section in group where !section.hidden {
        for item in section.items where !item.hidden { rows.append(item) }
      }
      if rows.contains(where: keeps) { kept.append((place, group, rows)) }
    }
    return kept.enumerated().map { n, p in
      Page(sections: p.sections, number: n + 1, count: kept.count, place: p.place, rows: p.rows)
    }
  }

  /// The page in `pages` that holds `item`.
  public static func page(of item: Item, in pages: [Page]) -> Page? {
    guard let s = item.section else { return nil }
    return pages.first { $0.sections.contains { $0 === s } }
  }

  /// `form.on_page(form, from, to)`, when the script set it (0 is the summary).
  public static func moved(_ form: Form, from: Int, to: Int) {
    guard from != to, let h = form.onPage else { return }
    form.call(h, [.form(form), .value(.int(from)), .value(.int(to))], context: "form on_page")
  }
}
