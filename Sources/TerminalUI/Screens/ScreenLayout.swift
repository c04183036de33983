import TerminalKit

/// Where things go inside the area a tab's screen (or a sheet over it) is given:
///
/// ```
/// row 0        header
/// row 1        rule
/// rows 2…h-2   body (one column of margin each side): the product list, the detail pane
/// row h-1      status line
/// ```
///
/// Every rectangle is inside `content`, so a screen drawn by it draws only where it was put.
public struct ScreenLayout: Hashable, Sendable {
  public let content: Rect
  /// Whether product pictures take room: in the detail sheet, the detail pane and the cart.
  public let showsPictures: Bool
  public let header: Rect
  public let rule: Rect
  public let body: Rect
  public let status: Rect

  /// Split once, here: a frame asks for these parts many times.
  public init(content: Rect, showsPictures: Bool = false) {
    self.content = content
    self.showsPictures = showsPictures
    let rows = Layout(.vertical, [.length(1), .length(1), .fill(1), .length(1)]).split(content)
    header = rows[0]
    rule = rows[1]
    body = rows[2].insetBy(dx: 1, dy: 0)
    status = rows[3].insetBy(dx: 1, dy: 0)
  }

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

  /// A sheet (the cart, details, an order) rises over the screen below its header, slightly
  /// inset, like a sheet over a list.
  public var sheet: Rect {
    let inset = content.width >= 60 ? 3 : 1
    return Rect(x: content.x + inset, y: content.y + 1, width: max(0, content.width - 2 * inset), height: max(0, content.height - 1))
  }

  /// How many product rows fit: what the product list's paging uses.
  public var visibleProductRows: Int { max(1, body.height) }
}
