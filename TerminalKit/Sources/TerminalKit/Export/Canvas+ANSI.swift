extension Canvas {
  /// The frame as a terminal would be sent it: each row from its first column, styles as SGR
  /// sequences (the eight colours, bold, dim, reverse, underline), reset at the end of every
  /// row. What `onlinestore snapshot --format ansi` prints and what recordings replay; `cat`
  /// shows it in colour.
  ///
  /// The text is the canvas's own, already made safe by ``SafeText``: no control character
  /// reaches the output except the SGR sequences written here and the line breaks.
  public var ansiRows: [String] {
    (0..<size.height).map { y in
      var row = ""
      var current = Style.plain
      var lastVisible = -1
      for x in 0..<size.width where self[x, y].width > 0 && (self[x, y].text != " " || self[x, y].style != .plain) {
        lastVisible = x
      }
      var x = 0
      while x <= lastVisible {
        let cell = self[x, y]
        defer { x += 1 }
        guard cell.width > 0 else { continue }
        if cell.style != current {
          row += Self.sgr(cell.style)
          current = cell.style
        }
        row += cell.text
      }
      if current != .plain { row += "\u{1B}[0m" }
      return row
    }
  }

  /// The whole frame in ANSI, rows separated by line breaks.
  public var ansiText: String {
    ansiRows.joined(separator: "\n") + "\n"
  }

  /// The frame as one screenful to replay: home, then each row at its line, cleared to its
  /// end. Drawn over any earlier frame, it leaves exactly this one.
  public var ansiScreen: String {
    var screen = "\u{1B}[H"
    for (y, row) in ansiRows.enumerated() {
      screen += "\u{1B}[\(y + 1);1H" + row + "\u{1B}[0m\u{1B}[K"
    }
    return screen
  }

  /// The SGR sequence that sets exactly `style`, from a reset.
  static func sgr(_ style: Style) -> String {
    var codes = ["0"]
    if style.isBold { codes.append("1") }
    if style.isDim { codes.append("2") }
    if style.isItalic { codes.append("3") }
    if style.isUnderlined { codes.append("4") }
    if style.isReversed { codes.append("7") }
    if style.isStruckThrough { codes.append("9") }
    if let foreground = style.foreground { codes.append(sgrColor(foreground, base: 30)) }
    if let background = style.background { codes.append(sgrColor(background, base: 40)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}

extension Canvas {
  /// `34` for blue, `38;2;r;g;b` for an exact colour (48 for a background): true colour, which
  /// the terminals that replay recordings and show `cat`ted ANSI have.
  static func sgrColor(_ color: Color, base: Int) -> String {
    switch color {
    case let .rgb(red, green, blue): "\(base + 8);2;\(red);\(green);\(blue)"
    default: String(base + color.namedIndex!)
    }
  }
}
