/// Text laid out in lines of a column: how a long title, value or header
/// wraps onto continuation lines instead of being cut.
extension Cells {
  /// The most lines one column of a row wraps onto; the last one shown ends
  /// in `…` when there was more (a 10 kB value does not fill the screen).
  public static let wrapLimit = 20

  /// True when `s` takes at most `cells` cells (one pass over plain ASCII).
  @inline(__always)
  public static func fits(_ s: String, in cells: Int) -> Bool {
    if let n = plainASCIICount(s) { return n <= cells }
    return width(s) <= cells
  }

  /// True when `s`, made safe to show (`sanitize`), takes at most `cells`
  /// cells: one pass over plain ASCII, which sanitising leaves as it is.
  @inline(__always)
  public static func fitsShown(_ s: String, in cells: Int) -> Bool {
    if let n = plainASCIICount(s) { return n <= cells }
    return width(sanitize(s)) <= cells
  }

  /// `s` in lines of at most `cells` cells, each with its width: broken at
  /// spaces where it can be, inside a word longer than the line where it
  /// must, a wide character never split across the line's end; at most
  /// `limit` lines, the last cut with `…` when there was more.
  public static func wrapped(_ s: String, to cells: Int, limit: Int = wrapLimit) -> [(text: String, cells: Int)] {
    guard cells > 0 else { return [("", 0)] }
    if let n = plainASCIICount(s), n <= cells { return [(s, n)] }
    var lines: [(text: String, cells: Int)] = []
    var line = ""
    var lineCells = 0
    func flush() {
      lines.append((line, lineCells))
      line = ""
      lineCells = 0
    }
    var more = false
    outer: for word in s.split(separator: " ", omittingEmptySubsequences: true) {
      let w = width(word)
      if lineCells > 0 {
        if lineCells + 1 + w <= cells {
          line += " "
          line += word
          lineCells += 1 + w
          continue
        }
        flush()
        if lines.count == limit {
          more = true
          break
        }
      }
      if w <= cells {
        line += word
        lineCells = w
        continue
      }
      // a word longer than the line: cut by cells, character by character
      for ch in word {
        let cw = width(ch)
        if lineCells + cw > cells {
          flush()
          if lines.count == limit {
            more = true
            break outer
          }
        }
        line.append(ch)
        lineCells += cw
      }
    }
    if lineCells > 0 || lines.isEmpty { lines.append((line, lineCells)) }
    if lines.count > limit {
      lines.removeLast(lines.count - limit)
      more = true
    }
    if more, let last = lines.last {
      // room for the mark: the last line cut to one cell less
      lines[lines.count - 1] = fit(last.text + " …", to: cells)
    }
    return lines
  }
}
