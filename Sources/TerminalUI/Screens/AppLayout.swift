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

  public init(size: Size, showsPictures: Bool = false) {
    self.size = size
    self.showsPictures = showsPictures
  }

  public var fitsMinimum: Bool {
    size.width >= Self.minimumSize.width && size.height >= Self.minimumSize.height
  }

  public var tabBar: Rect { Rect(x: 0, y: 0, width: size.width, height: 1) }
  public var content: Rect { Rect(x: 0, y: 1, width: size.width, height: size.height - 2) }
  public var footer: Rect { Rect(x: 0, y: size.height - 1, width: size.width, height: 1) }

  /// Inside a tab's screen: the header row, the rule under it, the body and the status line.
  public var header: Rect { content.row(0) }
  public var rule: Rect { content.row(1) }
  public var body: Rect {
    Rect(x: content.x + 1, y: content.y + 2, width: content.width - 2, height: content.height - 3)
  }
  public var status: Rect { content.row(content.height - 1).insetBy(dx: 1, dy: 0) }

  /// The widths the product list keeps: never narrower than on an 80-column screen once the
  /// detail pane is beside it, and never so wide that a short title sits far from its price.
  public static let productListWidths = 78...100
  /// The detail pane appears only with at least this much room beside the list.
  public static let minimumDetailPaneWidth = 30

  /// The product list: beside the detail pane on wide screens, or alone.
  public var productList: Rect {
    let widths = Self.productListWidths
    let width = hasDetailPane ? min(max(body.width * 3 / 5, widths.lowerBound), widths.upperBound) : min(body.width, widths.upperBound)
    return Rect(x: body.x, y: body.y, width: width, height: body.height)
  }

  /// The selected product's details, where the list keeps its width and the pane has room.
  public var detailPane: Rect? {
    guard hasDetailPane else { return nil }
    let list = productList
    return Rect(x: list.maxX + 1, y: body.y, width: body.maxX - list.maxX - 1, height: body.height)
  }

  public var hasDetailPane: Bool {
    body.width - Self.productListWidths.lowerBound - 1 >= Self.minimumDetailPaneWidth
  }

  /// The cart sheet rises over the tab's screen below its header, slightly inset, like a sheet
  /// over a list.
  public var sheet: Rect {
    let inset = size.width >= 60 ? 3 : 1
    return Rect(x: inset, y: content.y + 1, width: size.width - 2 * inset, height: content.height - 1)
  }

  /// How many product rows fit: what the product list's paging uses.
  public var visibleProductRows: Int { max(1, body.height) }
}
