import Foundation
import SnapshotTesting
import TerminalKit

/// A ``Frame`` is compared through its canvas: `assertSnapshot(of: frame.canvas, as: .screen)`.
extension Snapshotting where Value == Canvas, Format == String {
  /// The screen's text, then every change of style (``Canvas/styledText``): a wrong word and a
  /// lost colour both fail. The reference is a `.txt` file a reviewer reads like the screen.
  public static var screen: Snapshotting {
    Snapshotting<String, String>.lines.pullback(\.styledText)
  }

  /// The screen's text alone (``Canvas/plainText``), for tests that care about nothing else.
  public static var text: Snapshotting {
    Snapshotting<String, String>.lines.pullback(\.plainText)
  }

  /// The screen as a terminal would show it (``Canvas/ansiText``): each row with its SGR
  /// escapes, so `cat` on the reference file shows it in colour. Saved as `.ansi`.
  public static var ansi: Snapshotting {
    var ansi = Snapshotting<String, String>.lines.pullback(\Canvas.ansiText)
    ansi.pathExtension = "ansi"
    return ansi
  }

  /// The screen as an SVG image (``Canvas/svg``): a review copy that a browser or a pull
  /// request shows in colour. Compared as text, so it is exact.
  /// A failing one shows the rows of text that differ first, then the SVG's lines.
  public static var svg: Snapshotting {
    Snapshotting<String, String>(pathExtension: "svg", diffing: ScreenDiff.svg).pullback(\Canvas.svg)
  }
}

extension Snapshotting where Value == Asciicast, Format == String {
  /// A recording (``Asciicast``), compared line by line: make it with ``ProgramLoop/recording(keys:step:title:)`` so
  /// that its times are the script's, not the machine's.
  public static var cast: Snapshotting {
    var cast = Snapshotting<String, String>.lines.pullback(\Asciicast.text)
    cast.pathExtension = "cast"
    return cast
  }
}
