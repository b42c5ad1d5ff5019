/// A section's header or footer: the two bands a script's header and footer
/// kinds draw (`form:header_kind`, `form:footer_kind`).
public enum Band: String, CaseIterable, Sendable {
  case header, footer
}

/// A kind of header or footer a script registered (`form:header_kind(name,
/// { draw = fn, speak = fn })`): `draw(section, width)` gives the lines the
/// band shows, `speak(section)` what the accessible voice says for them.
public struct BandKind {
  /// The name the script registered it under.
  public let name: String
  /// `draw(section, width)` → a string (newlines part its lines) or a list of strings.
  let draw: Handler
  /// `speak(section)` → a string; nil: the drawn lines are read.
  let speak: Handler?

  /// A kind called `name` drawn by `draw` and said by `speak`.
  public init(name: String, draw: Handler, speak: Handler? = nil) {
    self.name = name
    self.draw = draw
    self.speak = speak
  }
}

/// A section's kind of header (or footer), its data, and what its `draw`
/// gave, kept until the data, the kind, the width or a reload asks again:
/// drawing a form never runs a script (`Form.drawBands` does, before).
final class BandState {
  /// The kind's name (checked against the form's kinds when set).
  var kind: String?
  /// `header_data`/`footer_data`: any value the script keeps; opaque to the core.
  var data: AnyObject?
  /// The width the kept lines were drawn at; nil: to be drawn again.
  var drawnWidth: Int?
  /// The lines drawn, each safe to show; nil: none yet, or the draw failed.
  var lines: [String]?
  /// What `speak` said (nil: none, or it failed).
  var spoken: String?
  /// True when the last draw failed: the band shows its plain text, or the kind's name.
  var failed = false
}

/// The lines one draw may give; past them the rest is dropped (and said).
let maxBandLines = 200

extension Form {
  /// The header kinds (`.header`) or footer kinds (`.footer`) a script registered, by name.
  public func bandKinds(_ band: Band) -> [String: BandKind] {
    band == .header ? headerKinds : footerKinds
  }

  /// Register (or replace) a header or footer kind; the sections showing it draw again.
  public func registerBandKind(_ kind: BandKind, as band: Band) {
    if band == .header { headerKinds[kind.name] = kind } else { footerKinds[kind.name] = kind }
    for section in sections {
      if let state = section.bandState(band), state.kind == kind.name { section.restale(band) }
    }
  }

  /// Run the `draw` (and `speak`) of every shown section's header and footer
  /// kind whose kept lines are out of date: its kind or data was set, the form
  /// reloaded, or `width` (the cells its lines have, per section and band)
  /// differs from the one they were drawn at. A draw that fails is reported
  /// as any handler's error; the band then shows its plain text (or the
  /// kind's name). Front ends call it before they draw (the session does, as
  /// it takes the notices), so that drawing itself runs no script.
  public func drawBands(width: (Section, Band) -> Int) {
    // no kind registered: no section shows one (a form of many sections pays nothing)
    guard !headerKinds.isEmpty || !footerKinds.isEmpty else { return }
    // a draw may change the form (hide a section, add one): the list is taken first
    for section in sections where !section.hidden && section.form === self {
      for band in Band.allCases {
        guard let state = section.bandState(band), state.kind != nil else { continue }
        let w = max(width(section, band), 1)
        if state.drawnWidth != w { section.draw(band, width: w) }
      }
    }
  }
}

extension Section {
  func bandState(_ band: Band) -> BandState? { band == .header ? headerBand : footerBand }

  func makeBandState(_ band: Band) -> BandState {
    if let state = bandState(band) { return state }
    let state = BandState()
    if band == .header { headerBand = state } else { footerBand = state }
    return state
  }

  /// The name of the section's header (or footer) kind; nil: plain text only.
  public func kind(of band: Band) -> String? { bandState(band)?.kind }

  /// Show `band` through the kind called `name` (nil: plain text again).
  /// The caller checks the name against the form's kinds.
  public func setKind(_ name: String?, of band: Band) {
    let state = makeBandState(band)
    state.kind = name
    restale(band)
  }

  /// The value the script keeps for the band's kind (`header_data`).
  public func data(of band: Band) -> AnyObject? { bandState(band)?.data }

  /// Set the band's data: the kind draws again.
  public func setData(_ data: AnyObject?, of band: Band) {
    let state = makeBandState(band)
    state.data = data
    restale(band)
  }

  /// Mark the band to be drawn again (and the form to be shown again).
  func restale(_ band: Band) {
    guard let state = bandState(band) else { return }
    state.drawnWidth = nil
    form?.noteStructure()
  }

  /// Both bands drawn again (`form:reload()`: their data may have changed in place).
  func restaleBands() {
    for band in Band.allCases where bandState(band)?.kind != nil { restale(band) }
  }

  /// The lines the band's kind drew, as they were kept; empty with no kind,
  /// before the first draw, or after a failed one.
  public func drawnLines(_ band: Band) -> [String] { bandState(band)?.lines ?? [] }

  /// What the band's kind's `speak` said, else nil.
  public func spokenBand(_ band: Band) -> String? { bandState(band)?.spoken }

  /// The band's plain text as it shows: `header` (or `footer`), or, when the
  /// band's kind drew nothing (its draw failed, or the kind is gone) and
  /// there is no plain text, the kind's name in its place.
  public func shownText(_ band: Band) -> String? {
    let plain = band == .header ? header : footer
    if let plain, !plain.isEmpty { return plain }
    guard let state = bandState(band), let kind = state.kind, state.failed else { return plain }
    return kind
  }

  /// How many lines the kinds' drawings add to the section, for estimates.
  public var drawnLineCount: Int { (headerBand?.lines?.count ?? 0) + (footerBand?.lines?.count ?? 0) }

  /// Run the band's kind's `draw(section, width)` (and `speak(section)`) and keep what they gave.
  func draw(_ band: Band, width: Int) {
    guard let state = bandState(band), let name = state.kind else { return }
    state.drawnWidth = width
    let noun = "\(band.rawValue) kind '\(name)'"
    guard let form, let kind = form.bandKinds(band)[name] else {
      state.lines = nil
      state.spoken = nil
      state.failed = true
      return
    }
    guard let result = form.call(kind.draw, [.section(self), .value(.int(width))], context: "draw of \(noun)")
    else {
      state.lines = nil
      state.spoken = nil
      state.failed = true
      return
    }
    guard let lines = Self.lines(from: result.first ?? .null) else {
      let type = (result.first ?? .null).typeName
      form.report(
        "error in draw of \(noun): it returned \("aeiou".contains(type.prefix(1)) ? "an" : "a") \(type)"
          + " (a string or a list of strings expected)")
      state.lines = nil
      state.spoken = nil
      state.failed = true
      return
    }
    var kept = lines
    if kept.count > maxBandLines {
      form.report(
        form.say(
          "band.too_many_lines",
          ["band": band.rawValue, "name": name, "count": String(kept.count), "shown": String(maxBandLines)]))
      kept.removeLast(kept.count - maxBandLines)
    }
    state.lines = kept
    state.failed = false
    state.spoken = nil
    if let speak = kind.speak,
      let said = form.call(speak, [.section(self)], context: "speak of \(noun)")?.first?.string
    {
      state.spoken = Limits.cut(said)
    }
  }

  /// A draw's result as lines each safe to show: a string (its newlines part
  /// its lines) or a list of strings; nil for anything else.
  static func lines(from value: Value) -> [String]? {
    func split(_ s: String) -> [String] {
      Limits.cut(s).split(separator: "\n", omittingEmptySubsequences: false).map {
        Cells.sanitize(String($0.hasSuffix("\r") ? $0.dropLast() : $0))
      }
    }
    switch value {
    case .string(let s): return s.isEmpty ? [] : split(s)
    case .list(let list):
      var out: [String] = []
      for entry in list {
        guard case .string(let s) = entry else { return nil }
        out += split(s)
        if out.count > maxBandLines * 4 { break }
      }
      return out
    default: return nil
    }
  }
}
