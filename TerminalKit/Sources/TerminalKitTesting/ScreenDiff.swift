import Foundation
import SnapshotTesting

/// Failure messages a person can read: the screen's own rows compared, before the lines of an
/// SVG image whose differences would otherwise be coordinates and class names.
enum ScreenDiff {
  /// The rows of text an SVG made by ``TerminalKit/Canvas/svg`` shows: one `<text>` element per
  /// row, its tags taken away, its entities read, its trailing blanks dropped.
  static func rows(ofSVG svg: String) -> [String] {
    svg.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix("<text") }
      .map { line in
        var row = ""
        var inTag = false
        for character in line {
          switch character {
          case "<": inTag = true
          case ">": inTag = false
          default: if !inTag { row.append(character) }
          }
        }
        // Trailing blanks are drawn or not depending on the styles; they are not text.
        while row.last == " " { row.removeLast() }
        return row.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
          .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
      }
  }

  /// The rows that differ, numbered, the reference's with `−` and the new one's with `+`; or
  /// `nil` when the text is the same (only styles changed).
  static func rowDifferences(_ reference: [String], _ actual: [String]) -> String? {
    var lines: [String] = []
    for index in 0..<max(reference.count, actual.count) {
      let old = index < reference.count ? reference[index] : nil
      let new = index < actual.count ? actual[index] : nil
      guard old != new else { continue }
      if let old { lines.append("−\(index + 1)│\(old)") }
      if let new { lines.append("+\(index + 1)│\(new)") }
    }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// Line-by-line comparison of SVG screens, with the screen's text compared first.
  static var svg: Diffing<String> {
    Diffing<String>.diff(
    toData: { Data($0.utf8) },
    fromData: { String(decoding: $0, as: UTF8.self) },
    diffV2: { reference, actual in
      guard let (lineDiff, attachments) = Diffing<String>.lines.diffV2(reference, actual) else { return nil }
      let text = rowDifferences(rows(ofSVG: reference), rows(ofSVG: actual))
        .map { "The screen's text differs (− the reference, + this run):\n\($0)" }
        ?? "The screen's text is the same: only styles differ. The SVG's lines:"
      return (text + "\n\n" + lineDiff, attachments)
    }
    )
  }
}

extension SnapshotTestingConfiguration.DiffTool {
  /// `diff -u` on the two files: a command that exists on Linux (the library's default names
  /// macOS's Kaleidoscope). Use it with `@Suite(.snapshots(diffTool: .diff))`, and set
  /// `SNAPSHOT_ARTIFACTS` to a folder of your own to keep failed snapshots out of the shared
  /// temporary folder.
  public static let diff = Self { reference, failed in
    "diff -u \"\(reference)\" \"\(failed)\""
  }
}
