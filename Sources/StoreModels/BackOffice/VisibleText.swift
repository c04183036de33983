/// The rules for text the back office writes and every shopper's terminal shows: a product's
/// title, category and description, a shipment's carrier and tracking reference, a
/// cancellation's reason. Lengths are counted in Unicode scalars, not in the characters a
/// screen shows, so combining marks piled on one letter count for what they are; and nothing
/// that changes how a terminal draws the text gets in — control characters and escapes, marks
/// that reverse or isolate its direction, line and paragraph separators, private-use, tag and
/// non-characters — nor text that shows nothing at all.
public enum VisibleText {
  /// What is wrong with `text`, if anything.
  public static func problem(_ text: String, most: Int, required: Bool = true, lineBreaks: Bool = false) -> String? {
    let scalars = text.unicodeScalars
    if scalars.count > most { return "At most \(most) characters" }
    if let stacked = stackedMarks(text) { return stacked.prefix(1).uppercased() + stacked.dropFirst() }
    if scalars.contains(where: { !isAllowed($0, lineBreaks: lineBreaks) }) { return "No control or invisible formatting characters" }
    let shows = scalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .spaceSeparator, .control, .format, .nonspacingMark, .enclosingMark, .spacingMark: false
      default: true
      }
    }
    if required, !shows { return "Needed" }
    return nil
  }

  private static func isAllowed(_ scalar: Unicode.Scalar, lineBreaks: Bool) -> Bool {
    if lineBreaks, scalar == "\n" { return true }
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return false  // direction marks and overrides
    case 0xE0000...0xE007F: return false  // tags
    case 0xFFFE, 0xFFFF, 0xFDD0...0xFDEF: return false  // non-characters
    default: break
    }
    if scalar.value & 0xFFFE == 0xFFFE { return false }
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return false
    default: return true
    }
  }

  /// The most code points one character may be made of: a letter and its accents, a Hangul
  /// syllable's jamo, the longest emoji sequences (a couple with two skin tones is ten).
  public static let maximumScalarsPerCharacter = 16

  /// "no character may carry more than 16 marks" when one of `text`'s does, else `nil`.
  public static func stackedMarks(_ text: String) -> String? {
    text.contains { $0.unicodeScalars.count > maximumScalarsPerCharacter }
      ? "no character may carry more than \(maximumScalarsPerCharacter) marks" : nil
  }

  /// `text` cut to at most `most` Unicode scalars.
  public static func cut(_ text: String, to most: Int) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.prefix(most)))
  }
}
