import TerminalKit
import Shop

/// The add-to-cart control of a product row: `[ Add to Cart ]` at 0, `[-]  2 [+]` above; on a
/// narrow list the compact `[ Add ]` and `[-] 2 [+]`, so the title keeps room.
public enum StepperText {
  /// Lists narrower than this get the compact control.
  public static let compactBelowWidth = 60

  /// The columns the control takes, whatever the quantity.
  public static func width(compact: Bool) -> Int { compact ? 9 : 15 }

  public static func text(count: Int, compact: Bool = false) -> String {
    let width = width(compact: compact)
    guard count > 0 else { return TextLayout.pad(compact ? "[ Add ]" : "[ Add to Cart ]", toWidth: width, alignment: .trailing) }
    let number = String(count)
    let text =
      compact
      ? "[-]" + String(repeating: " ", count: max(0, 2 - number.count)) + number + " [+]"
      : "[-] " + String(repeating: " ", count: max(0, 3 - number.count)) + number + " [+]"
    return TextLayout.pad(text, toWidth: width, alignment: .trailing)
  }

  /// Makes the control drawn at `point` answer clicks: `[ Add to Cart ]` and `[+]` add one,
  /// `[-]` removes one. `text(count:compact:)` is right-aligned in its width, so the buttons'
  /// places follow from it.
  static func addTargets(
    count: Int, compact: Bool, at point: Point, on canvas: inout ScreenFrame, command: (AddToCartFeature.Action.ViewAction) -> KeyCommand
  ) {
    let text = Array(self.text(count: count, compact: compact))
    let width = width(compact: compact)
    if count == 0 {
      let start = text.firstIndex { $0 != " " } ?? 0
      canvas.onPress(Rect(x: point.x + start, y: point.y, width: width - start, height: 1), command(.plusTapped))
      return
    }
    let start = text.firstIndex { $0 != " " } ?? 0
    canvas.onPress(Rect(x: point.x + start, y: point.y, width: 3, height: 1), command(.minusTapped))
    canvas.onPress(Rect(x: point.x + width - 3, y: point.y, width: 3, height: 1), command(.plusTapped))
  }
}
