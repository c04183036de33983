import TerminalKit
/// What a terminal below the minimum size shows instead of a broken layout.
public enum TooSmall {
  public static func draw(size: Size, minimum: Size, on canvas: inout ScreenFrame, theme: Theme) {
    let lines = ["Terminal too small", "need \(minimum.width)×\(minimum.height), have \(size.width)×\(size.height)", "Ctrl-C quits"]
    let top = max(0, (canvas.size.height - lines.count) / 2)
    for (index, line) in lines.enumerated() where top + index < canvas.size.height {
      canvas.drawCentered(line, in: canvas.bounds.row(top + index), style: index == 0 ? theme.warning : theme.text)
    }
  }
}
