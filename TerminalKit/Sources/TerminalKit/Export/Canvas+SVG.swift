extension Canvas {
  /// The frame as an SVG image, for review: in a browser, or a pull request's file view.
  ///
  /// Each row is one `<text>` that places every grapheme at its own cell (a list of `x`
  /// positions), so columns line up in whatever monospace font the viewer has — none is
  /// embedded — and a wide grapheme takes exactly its two cells. Styles are CSS classes: the
  /// row's most common style is the row's own, the others are `<tspan>`s. Backgrounds are
  /// rectangles under the text; reverse video swaps the colours; dim is a lower fill opacity (`opacity` does not apply to a `<tspan>`); bold
  /// and underline are the font's own. Coordinates are in units of a sixth of a cell's width,
  /// so they are short whole numbers; the image is drawn at 8.4 pixels a column. A typical 80×24
  /// screen is 10–13 KB, and one whose text style (colour, bold) changes at every cell stays
  /// under 60 KB. A background that changes at every cell is a rectangle a cell and can pass
  /// 100 KB; no screen here does that.
  public var svg: String {
    let unit = SVGMetrics.self
    var classes = SVGClasses()
    var backgrounds = ""
    var rows = ""
    for y in 0..<size.height {
      let runs = styleRuns(row: y)
      for run in runs {
        if let background = unit.colors(for: run.style).background {
          backgrounds += "<rect x=\"\(run.start * unit.cellWidth)\" y=\"\(y * unit.lineHeight)\" width=\"\(run.columns * unit.cellWidth)\" height=\"\(unit.lineHeight)\" fill=\"\(background)\"/>"
        }
      }
      // Trailing blanks draw nothing.
      let drawn = Array(runs.reversed().drop(while: { $0.style == .plain && $0.text.allSatisfy { $0 == " " } }).reversed())
      guard !drawn.isEmpty else { continue }
      var weights: [Style: Int] = [:]
      for run in drawn { weights[run.style, default: 0] += run.columns }
      let rowStyle = drawn.map(\.style).max { weights[$0]! < weights[$1]! }!
      var positions: [String] = []
      var body = ""
      for run in drawn {
        var column = run.start
        var text = ""
        for character in run.text {
          for _ in character.unicodeScalars { positions.append(String(column * unit.cellWidth)) }
          column += run.isWide ? 2 : 1
          text.append(character)
        }
        let escaped = unit.escaped(text)
        body += run.style == rowStyle ? escaped : "<tspan class=\"\(classes.name(for: run.style))\">\(escaped)</tspan>"
      }
      let rowClass = rowStyle == .plain ? "" : " class=\"\(classes.name(for: rowStyle))\""
      rows += "<text x=\"\(positions.joined(separator: " "))\" y=\"\(y * unit.lineHeight + unit.baseline)\"\(rowClass)>\(body)</text>\n"
    }
    let width = size.width * unit.cellWidth
    let height = size.height * unit.lineHeight
    return """
      <svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="\(unit.pixels(width))" height="\(unit.pixels(height))" viewBox="0 0 \(width) \(height)">
      <style>text{font-family:ui-monospace,Menlo,Consolas,'DejaVu Sans Mono',monospace;font-size:\(unit.fontSize)px;fill:\(unit.defaultForeground);white-space:pre}\(classes.css)</style>
      <rect width="100%" height="100%" fill="\(unit.defaultBackground)"/>
      \(backgrounds)
      \(rows)</svg>

      """
  }

  /// A row cut where the style changes, and around every wide grapheme, so that each wide
  /// grapheme is placed on exactly its own two cells.
  func styleRuns(row y: Int) -> [StyleRun] {
    var runs: [StyleRun] = []
    for x in 0..<size.width {
      let cell = self[x, y]
      if cell.width == 0 {
        // The right half of a wide grapheme: its run already counts it.
        continue
      }
      if let last = runs.last, last.style == cell.style, !last.isWide, cell.width == 1 {
        runs[runs.count - 1].columns += 1
        runs[runs.count - 1].text += cell.text
      } else {
        runs.append(StyleRun(start: x, columns: cell.width, style: cell.style, text: cell.text, isWide: cell.width > 1))
      }
    }
    return runs
  }
}

/// Cells side by side in one style.
struct StyleRun {
  var start: Int
  var columns: Int
  var style: Style
  var text: String
  /// One wide grapheme alone.
  var isWide: Bool
}

/// The CSS classes of one SVG: a short name per style, in order of first use.
struct SVGClasses {
  private var names: [Style: String] = [:]
  private(set) var css = ""

  mutating func name(for style: Style) -> String {
    if let name = names[style] { return name }
    let name = "s\(names.count)"
    names[style] = name
    let colors = SVGMetrics.colors(for: style)
    var rules = ["fill:\(colors.foreground)"]
    if style.isBold { rules.append("font-weight:bold") }
    if style.isDim { rules.append("fill-opacity:.6") }
    if style.isItalic { rules.append("font-style:italic") }
    let decorations = [style.isUnderlined ? "underline" : nil, style.isStruckThrough ? "line-through" : nil].compactMap { $0 }
    if !decorations.isEmpty { rules.append("text-decoration:" + decorations.joined(separator: " ")) }
    css += ".\(name){\(rules.joined(separator: ";"))}"
    return name
  }
}

/// The measures and colours of ``Canvas/svg``.
enum SVGMetrics {
  /// A cell is 6 units wide and 12 high; the font is 10 units (a monospace glyph is 0.6 em).
  static let cellWidth = 6
  static let lineHeight = 12
  static let fontSize = 10
  static let baseline = 9
  static let defaultForeground = "#d0d0d0"
  static let defaultBackground = "#1c1c1c"
  /// The eight colours, in ``Color``'s order.
  static let palette = ["#2e2e2e", "#e06c75", "#98c379", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#f0f0f0"]

  static func colors(for style: Style) -> (foreground: String, background: String?) {
    let foreground = style.foreground.map(hex)
    let background = style.background.map(hex)
    if style.isReversed {
      return (background ?? defaultBackground, foreground ?? defaultForeground)
    }
    return (foreground ?? defaultForeground, background)
  }

  /// A named colour from the palette, an exact one as itself.
  static func hex(_ color: Color) -> String {
    color.namedIndex.map { palette[$0] } ?? color.name
  }

  /// Units to pixels: a column is 8.4 pixels, a row 16.8.
  static func pixels(_ units: Int) -> String {
    let tenths = units * 14
    return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
  }

  static func escaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
