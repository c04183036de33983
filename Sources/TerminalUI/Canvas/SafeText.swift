/// Text from outside the program made safe to draw.
///
/// Product titles and descriptions come from a server; a hostile or broken one could put
/// escape sequences in them to move the cursor, recolour the screen, change the window title or
/// worse. Every control character — C0, DEL, C1 (which covers ESC and CSI) — is replaced by
/// U+FFFD `�`, which makes tampering visible without letting it act. So are the bidirectional
/// overrides and isolates that can make text display in a different order than it is stored,
/// and the Unicode line and paragraph separators. Tabs and line breaks become spaces: a title is
/// one line.
public enum SafeText {
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  public static func sanitize(_ text: some StringProtocol) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D:
        scalars.append(" ")
      case 0x00...0x1F, 0x7F...0x9F:
        scalars.append(replacement)
      case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
        scalars.append(replacement)
      default:
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}

/// Fitting text into columns: truncating with an ellipsis, and wrapping by words.
public enum TextLayout {
  public static let ellipsis: Character = "…"

  /// `text` cut to at most `width` columns, ending in "…" when something was cut.
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    guard TextWidth.columns(of: text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = TextWidth.columns(of: character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    result.append(ellipsis)
    return result
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible; a word
  /// longer than a line is broken wherever it has to be.
  public static func wrap(_ text: String, toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      var wordWidth = TextWidth.columns(of: word)
      if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      while wordWidth > width {
        var piece = ""
        var pieceWidth = 0
        var rest = word[...]
        while let character = rest.first, pieceWidth + TextWidth.columns(of: character) <= width {
          piece.append(character)
          pieceWidth += TextWidth.columns(of: character)
          rest = rest.dropFirst()
        }
        if piece.isEmpty {
          // A character wider than the whole line: show the replacement instead of nothing.
          piece = "\(SafeText.replacement)"
          rest = rest.dropFirst()
        }
        lines.append(piece)
        word = rest
        wordWidth = TextWidth.columns(of: word)
      }
      line = String(word)
      lineWidth = wordWidth
    }
    if lineWidth > 0 { lines.append(line) }
    return lines
  }

  /// `text` padded with spaces to exactly `width` columns (truncated first if longer).
  public static func pad(_ text: String, toWidth width: Int, alignment: Alignment = .leading) -> String {
    let fitted = truncate(text, toWidth: width)
    let gap = max(0, width - TextWidth.columns(of: fitted))
    switch alignment {
    case .leading: return fitted + String(repeating: " ", count: gap)
    case .trailing: return String(repeating: " ", count: gap) + fitted
    case .center:
      return String(repeating: " ", count: gap / 2) + fitted + String(repeating: " ", count: gap - gap / 2)
    }
  }

  public enum Alignment: Sendable {
    case leading, center, trailing
  }
}
