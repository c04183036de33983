import TerminalKit

/// A picture drawn as cells, centred in its area: each cell its symbol, in its ink on its
/// background. A picture larger than the area is cut to it (render it at the area's size).
/// Without a picture — none, not yet loaded, or broken — a quiet placeholder says which.
public struct PictureView<Command: Hashable & Sendable>: Widget {
  public enum Content: Hashable, Sendable {
    case picture(SymbolPicture)
    /// What the placeholder says: "no picture", "loading…", "picture unavailable".
    case placeholder(String)
  }

  public var content: Content
  public var theme: Theme

  public init(_ content: Content, theme: Theme) {
    self.content = content
    self.theme = theme
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    guard !area.isEmpty else { return }
    switch content {
    case let .placeholder(text):
      frame.drawCentered(text, in: area.centered(width: area.width, height: 1), style: theme.secondary)
    case let .picture(picture):
      let width = min(picture.size.width, area.width)
      let height = min(picture.size.height, area.height)
      let origin = area.centered(width: width, height: height)
      for y in 0..<height {
        for x in 0..<width {
          let cell = picture[x, y]
          let style = picture.isColored ? Style(foreground: Color(cell.foreground), background: Color(cell.background)) : theme.text
          frame.drawSymbol(cell.symbol, at: Point(x: origin.x + x, y: origin.y + y), style: style)
        }
      }
    }
  }
}

extension Color {
  /// The exact colour of `rgb`.
  public init(_ rgb: RGB) {
    self = .rgb(red: rgb.red, green: rgb.green, blue: rgb.blue)
  }
}
