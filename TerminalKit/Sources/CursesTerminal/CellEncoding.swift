import Foundation
import TerminalKit

/// How a canvas cell is handed to ncurses so that the terminal agrees with the canvas on its
/// width.
///
/// The canvas measures graphemes by its own table; ncurses measures each code point with the C
/// library's `wcwidth`, and a terminal draws what it draws. Where they could disagree — an emoji
/// made wide by VARIATION SELECTOR-16, a ZWJ family, a flag — drawing the whole grapheme would
/// shift the rest of the row and break borders. Such a cell is drawn as its first code point
/// alone (padded with a space if the canvas gave it two columns), which every terminal draws
/// the same way.
enum CellEncoding {
  /// The characters to send, and whether a padding space must follow in the next column.
  static func characters(
    for cell: Canvas.Cell, width measure: (wchar_t) -> Int32
  ) -> (characters: [wchar_t], padding: Bool) {
    let scalars = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
    guard let first = scalars.first else { return ([32], false) }
    let firstWidth = Int(measure(first))
    let restIsZeroWidth = scalars.dropFirst().allSatisfy { measure($0) == 0 }
    if firstWidth == cell.width, restIsZeroWidth, scalars.count <= 5 {
      return (scalars, false)
    }
    if firstWidth == cell.width {
      return ([first], false)
    }
    if firstWidth == 1, cell.width == 2 {
      return ([first], true)
    }
    // Nothing drawable in that width: the replacement character, padded as needed.
    return ([0xFFFD], cell.width == 2)
  }
}
