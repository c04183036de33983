import Shop
import TerminalKit
import TerminalPictures

/// Which pictures the screens of a state show at a size, found from the same layouts the
/// screens draw with — so they can be loaded before the frame that shows them, and the frame
/// itself stays a plain function of what is ready.
public enum ShopPictures {
  /// The pictures on screen, then those a step away: the products below and above the selected
  /// one, whose pictures the detail pane shows next.
  public static func wanted(in state: AppFeature.State, layout: AppLayout, shelf: PictureShelf) -> PictureRequests {
    let keys = wantedKeys(in: state, layout: layout, shelf: shelf)
    return PictureRequests(onScreen: Array(keys.prefix(1)), ahead: Array(keys.dropFirst()))
  }

  private static func wantedKeys(in state: AppFeature.State, layout: AppLayout, shelf: PictureShelf) -> [PictureKey] {
    guard shelf.mode != nil, layout.showsPictures, layout.fitsMinimum, state.selectedTab == .products else { return [] }
    let list = state.productList
    var keys: [PictureKey] = []
    func want(_ product: Product?, in area: Rect?) {
      guard let product, let area, let key = shelf.key(for: product, in: area.size) else { return }
      keys.append(key)
    }
    if let cart = list.cart {
      want(CartSheet.pictured(cart), in: CartSheet.pictureArea(in: layout.screen))
      return keys
    }
    if list.details != nil, let details = list.details {
      want(list.products[id: details.productID]?.product, in: DetailsSheet.pictureArea(for: list, layout: layout.screen))
      return keys
    }
    if let pane = layout.screen.detailPane, let area = ProductsScreen.panePictureArea(in: pane), let index = list.selectedIndex {
      for neighbour in [index, index + 1, index - 1] where list.shownIDs.indices.contains(neighbour) {
        want(list.products[id: list.shownIDs[neighbour]]?.product, in: area)
      }
    }
    return keys
  }
}

/// What a screen asks the loader for: the pictures it shows, and those it may show next.
public struct PictureRequests: Equatable, Sendable {
  public var onScreen: [PictureKey]
  public var ahead: [PictureKey]

  public init(onScreen: [PictureKey], ahead: [PictureKey]) {
    self.onScreen = onScreen
    self.ahead = ahead
  }

  public var all: [PictureKey] { onScreen + ahead }
}
