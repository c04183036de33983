extension Canvas {
  /// The frame's rows as plain text, trailing blanks trimmed.
  public var textRows: [String] {
    (0..<size.height).map { y in
      var row = ""
      for x in 0..<size.width {
        row += self[x, y].text
      }
      return String(row.reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  /// The frame as text, followed by a map of its styles — what snapshot tests compare, so that
  /// a lost highlight fails a test as surely as a wrong word.
  ///
  /// ```
  ///  Products   Profile                      Cart: empty
  ///
  /// -- styles --
  ///  0 AAAAAAAAAA
  /// A = bold reversed fg:blue
  /// ```
  ///
  /// Each distinct style gets a letter in order of first appearance; rows drawn only in the
  /// plain style are left out of the map.
  public var snapshotText: String {
    var codes: [Style: Character] = [:]
    var legend: [String] = []
    var styleRows: [String] = []
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    for y in 0..<size.height {
      var row = ""
      for x in 0..<size.width {
        let style = self[x, y].style
        guard style != .plain else {
          row.append(" ")
          continue
        }
        if codes[style] == nil {
          let letter = codes.count < letters.count ? letters[codes.count] : "?"
          codes[style] = letter
          legend.append("\(letter) = \(style.summary)")
        }
        row.append(codes[style]!)
      }
      let trimmed = String(row.reversed().drop(while: { $0 == " " }).reversed())
      if !trimmed.isEmpty {
        let number = String(y)
        styleRows.append(String(repeating: " ", count: max(0, 3 - number.count)) + number + " " + trimmed)
      }
    }
    var text = textRows.joined(separator: "\n")
    if !styleRows.isEmpty {
      text += "\n\n-- styles --\n" + styleRows.joined(separator: "\n") + "\n" + legend.joined(separator: "\n")
    }
    return text + "\n"
  }
}
