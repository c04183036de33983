import TerminalKit
/// Where things go on a screen of a given size.
///
/// ```
/// row 0        tab bar                                   cart summary
/// rows 1…h-2   the tab's screen: header, rule, body, status line
/// row h-1      key hints
/// ```
public struct AppLayout: Hashable, Sendable {
  /// Below this the screen shows "Terminal too small" instead.
  public static let minimumSize = Size(width: 40, height: 12)

  public let size: Size
  /// Whether product pictures take room: in the detail sheet, the detail pane and the cart.
  public let showsPictures: Bool

  public let tabBar: Rect
  public let content: Rect
  public let footer: Rect
  /// The tab's screen, laid out in ``content``: what the screens and sheets draw in.
  public let screen: ScreenLayout

  /// Split once, here: a frame asks for these parts many times.
  public init(size: Size, showsPictures: Bool = false) {
    self.size = size
    self.showsPictures = showsPictures
    let bars = Layout(.vertical, [.length(1), .fill(1), .length(1)]).split(Rect(size: size))
    tabBar = bars[0]
    content = bars[1]
    footer = bars[2]
    screen = ScreenLayout(content: content, showsPictures: showsPictures)
  }

  public var fitsMinimum: Bool { Self.fitsMinimum(size) }

  /// Whether a screen of `size` has room for the shop, without laying it out (a key asks this
  /// before it is routed).
  public static func fitsMinimum(_ size: Size) -> Bool {
    size.width >= minimumSize.width && size.height >= minimumSize.height
  }
}
