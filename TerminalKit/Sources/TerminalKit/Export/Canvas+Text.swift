extension Canvas {
  /// The frame's rows as plain text, trailing blanks trimmed.
  public var textRows: [String] {
    (0..<size.height).map { y in
      var end = size.width
      while end > 0, self[end - 1, y].text == " " { end -= 1 }
      var row = ""
      row.reserveCapacity(end)
      for x in 0..<end {
        row += self[x, y].text
      }
      return row
    }
  }

  /// The frame as plain text: its rows, trailing blanks trimmed, one per line.
  public var plainText: String {
    textRows.joined(separator: "\n") + "\n"
  }

  /// The frame as text followed by its styles, listed only where they change: what snapshot
  /// tests compare, so that a change of colour alone fails a test as surely as a wrong word.
  ///
  /// ```
  ///  Products   Profile                      Cart: empty
  ///
  /// -- styles (row:column style, in reading order, from plain) --
  /// 0:0 bold reversed fg:blue
  /// 0:10 plain
  /// ```
  ///
  /// The style runs on in reading order, across the ends of rows, until the next line of the
  /// list changes it; a frame drawn all in the plain style has no list. The right half of a
  /// wide grapheme takes its left half's style and is not listed. A cursor that shows (a text
  /// field being edited) ends the text with its place: `-- cursor at 22:9 --`.
  public var styledText: String {
    var changes: [String] = []
    var current = Style.plain
    for y in 0..<size.height {
      for x in 0..<size.width where self[x, y].width > 0 && self[x, y].style != current {
        current = self[x, y].style
        changes.append("\(y):\(x) \(current.summary)")
      }
    }
    let cursorLine = cursor.map { "\n-- cursor at \($0.y):\($0.x) --\n" } ?? ""
    guard !changes.isEmpty else { return plainText + cursorLine }
    return plainText + "\n-- styles (row:column style, in reading order, from plain) --\n" + changes.joined(separator: "\n") + "\n" + cursorLine
  }
}
