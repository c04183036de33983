/// Text from outside the program made safe to draw.
///
/// Product titles and descriptions come from a server; a hostile or broken one could put
/// escape sequences in them to move the cursor, recolour the screen, change the window title or
/// worse. Whole sequences are stripped, not just their first byte, so none of their text is left
/// on screen as noise (`[31m`, `]0;title`): CSI (`ESC [` … final byte, or C1 CSI), OSC, DCS, SOS,
/// PM and APC strings (up to BEL or ST), and two-byte escapes such as `ESC c` or `ESC ( B`. Every
/// other control character — C0, DEL, C1 — is stripped too, and so are the bidirectional
/// overrides and isolates that can make text display in a different order than it is stored.
/// Tabs, line breaks and the Unicode line and paragraph separators become spaces: a title is
/// one line.
public enum SafeText {
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// Whether `scalar` never reaches the terminal: a control character (C0, DEL, C1) or a
  /// bidirectional embedding, override or isolate.
  public static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  public static func sanitize(_ text: some StringProtocol) -> String {
    // Printable ASCII, most of what is drawn, has nothing to strip.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(text) }
    var scalars = String.UnicodeScalarView()
    var state = SequenceState.text
    for scalar in text.unicodeScalars {
      state = state.next(after: scalar, appendingTo: &scalars)
    }
    return String(scalars)
  }

  /// Where the sanitiser is: in plain text, or inside an escape sequence it is stripping.
  private enum SequenceState {
    case text
    /// After ESC, possibly after intermediate bytes (`ESC (`).
    case escape
    /// Inside `ESC [` … up to its final byte.
    case controlSequence
    /// Inside an OSC, DCS, SOS, PM or APC string, up to BEL or ST.
    case string
    /// After ESC inside such a string: `\` ends it.
    case stringEscape

    func next(after scalar: Unicode.Scalar, appendingTo scalars: inout String.UnicodeScalarView) -> SequenceState {
      let value = scalar.value
      switch self {
      case .text:
        switch value {
        case 0x1B: return .escape
        case 0x9B: return .controlSequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return .string
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: scalars.append(" ")
        case _ where SafeText.isDropped(scalar): break
        default: scalars.append(scalar)
        }
        return .text
      case .escape:
        switch value {
        case 0x5B: return .controlSequence  // [
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return .string  // ] P X ^ _
        case 0x20...0x2F: return .escape  // intermediate bytes, then a final byte
        case 0x30...0x7E: return .text
        default: return SequenceState.text.next(after: scalar, appendingTo: &scalars)
        }
      case .controlSequence:
        switch value {
        case 0x20...0x3F: return .controlSequence
        case 0x40...0x7E: return .text
        // Not a control sequence after all: drop what was read of it, keep this character.
        default: return SequenceState.text.next(after: scalar, appendingTo: &scalars)
        }
      case .string:
        switch value {
        case 0x07, 0x9C: return .text
        case 0x1B: return .stringEscape
        default: return .string
        }
      case .stringEscape:
        return value == 0x5C ? .text : .string
      }
    }
  }
}

/// Fitting text into columns: truncating with an ellipsis, and wrapping by words.
public enum TextLayout {
  public static let ellipsis: Character = "…"

  /// `text` made to fit `width` by shortening the file paths in it first — leading directories
  /// give way to `…`, one at a time, the file name stays — and only then truncated: a notice
  /// about a file should still name the file.
  public static func fitting(_ text: String, toWidth width: Int) -> String {
    var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    while TextWidth.columns(of: words.joined(separator: " ")) > width {
      guard let index = words.indices.max(by: { shortenable(words[$0]) < shortenable(words[$1]) }),
        shortenable(words[index]) > 0
      else { break }
      words[index] = droppingFirstDirectory(words[index])
    }
    return truncate(words.joined(separator: " "), toWidth: width)
  }

  /// How many directories of the path in `word` can still go.
  private static func shortenable(_ word: String) -> Int {
    guard let (_, path, _) = pathParts(word) else { return 0 }
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    let alreadyShort = parts.first == "…" ? 1 : 0
    return max(0, parts.count - 1 - alreadyShort)
  }

  /// `(/a/b/c.json:` → `(…/b/c.json:` → `(…/c.json:`.
  private static func droppingFirstDirectory(_ word: String) -> String {
    guard let (prefix, path, suffix) = pathParts(word) else { return word }
    var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    if parts.first == "…" { parts.removeFirst() }
    parts.removeFirst()
    return prefix + (["…"] + parts).joined(separator: "/") + suffix
  }

  /// A word holding a file path (`/…`, `~/…` or `…/…`), split into the punctuation before it,
  /// the path, and the punctuation after it: `(/a/b.json:` → `(`, `/a/b.json`, `:`.
  private static func pathParts(_ word: String) -> (String, String, String)? {
    let punctuation: Set<Character> = ["(", ")", "[", "]", "\"", "'", ":", ",", ".", ";"]
    let start = word.firstIndex { !punctuation.contains($0) } ?? word.endIndex
    var end = word.endIndex
    while end > start, punctuation.contains(word[word.index(before: end)]) { end = word.index(before: end) }
    let path = String(word[start..<end])
    guard path.hasPrefix("/") || path.hasPrefix("~/") || path.hasPrefix("…/"), path.dropFirst().contains("/") else { return nil }
    return (String(word[..<start]), path, String(word[end...]))
  }

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
  /// longer than a line is broken wherever it has to be. At most `maximumLines` lines are made:
  /// a screen that shows ten lines of a long text asks for ten, and the rest is never measured.
  ///
  /// One pass over the text, each character measured once: a description that is a single word
  /// of a million characters costs its length, not its length squared.
  public static func wrap(_ text: String, toWidth width: Int, maximumLines: Int = .max) -> [String] {
    guard width > 0, maximumLines > 0 else { return [] }
    var wrapping = Wrapping(width: width)
    for character in text {
      if character == " " {
        wrapping.endWord()
      } else {
        wrapping.add(character)
      }
      if wrapping.lines.count >= maximumLines { return Array(wrapping.lines.prefix(maximumLines)) }
    }
    wrapping.endWord()
    if wrapping.lineWidth > 0 { wrapping.lines.append(wrapping.line) }
    return Array(wrapping.lines.prefix(maximumLines))
  }

  /// The state of one ``wrap(_:toWidth:maximumLines:)``: the lines made, the line being filled,
  /// and the word being read.
  private struct Wrapping {
    let width: Int
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    var word = ""
    var wordWidth = 0

    init(width: Int) {
      self.width = width
    }

    mutating func add(_ character: Character) {
      let columns = TextWidth.columns(of: character)
      guard wordWidth + columns > width else {
        word.append(character)
        wordWidth += columns
        return
      }
      // The word is longer than a line: it goes on lines of its own, broken here.
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      if !word.isEmpty { lines.append(word) }
      if columns > width {
        // A character wider than the whole line: the replacement instead of nothing.
        lines.append("\(SafeText.replacement)")
        word = ""
        wordWidth = 0
      } else {
        word = String(character)
        wordWidth = columns
      }
    }

    mutating func endWord() {
      guard !word.isEmpty else { return }
      if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
      } else {
        if lineWidth > 0 { lines.append(line) }
        line = word
        lineWidth = wordWidth
      }
      word = ""
      wordWidth = 0
    }
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
