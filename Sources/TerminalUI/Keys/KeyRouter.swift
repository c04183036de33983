import TerminalKit
import Shop

/// Decides what a key does, from what is on screen.
///
/// The screens' key maps are stacked from the innermost (a dialog, the selected row) to the
/// outermost (the tabs), after the keys that work everywhere. A key goes to the first map that
/// binds it; a modal map (a sheet, a dialog, help) stops the search, so what is underneath does
/// not react. The same stack gives the footer its hints and the help overlay its list.
///
/// The maps are built for a layout, the one the screens draw with: a command that moves through
/// a list carries the rows it shows, and one that scrolls a text how far it can go, so nothing
/// the screen knows has to be reported back to a feature after it draws.
public enum KeyRouter {
  /// The key maps in force: the keys that work everywhere, then the screens' maps innermost
  /// first, as the kit's ``KeyLayers`` stacks them.
  public static func keyLayers(for state: AppFeature.State, layout: AppLayout) -> KeyLayers<KeyCommand> {
    KeyLayers(global: AppKeys.global(for: state), layers: screenLayers(for: state, layout: layout))
  }

  /// The screens' maps, innermost first; a modal one ends them.
  static func screenLayers(for state: AppFeature.State, layout: AppLayout) -> [KeyMap<KeyCommand>] {
    var layers: [KeyMap<KeyCommand>] = []
    if state.isHelpPresented {
      return [AppKeys.help(scrollLimit: ShopHelp.scrollLimit(for: state, layout: layout))]
    }
    let screen = layout.screen
    switch state.selectedTab {
    case .products:
      let list = state.productList
      if let cart = list.cart {
        if cart.order == .sending {
          layers.append(sendingLayer)
          return layers
        }
        if let alert = cart.alert {
          layers.append(
            AlertKeys.map(for: alert, press: { .cart(.alert($0)) }, escape: .cart(.alertEscaped), moveFocus: { .cart(.alertFocusMoved(by: $0)) })
          )
          return layers
        }
        if let checkout = cart.checkout {
          layers.append(CheckoutKeys.map(for: checkout).map(KeyCommand.checkout))
          return layers
        }
        if case let .item(id) = cart.focus, let item = cart.items[id: id] {
          layers.append(CartItemKeys.map(for: item).map { .cartItem(id, $0) })
        }
        layers.append(CartKeys.map(for: cart, visibleRows: CartSheet.visibleRows(in: screen)).map(KeyCommand.cart))
        return layers
      }
      if let picker = list.browsing.picker {
        layers.append(PickerKeys.map(for: picker, visibleRows: PickerView.visibleRows(for: picker, in: screen.body)).map(KeyCommand.picker))
        return layers
      }
      if let details = list.details {
        if let row = list.products[id: details.productID] {
          layers.append(StepperKeys.map(for: row.addToCart).map { .stepper(row.id, $0) })
        }
        let limit = DetailsSheet.scrollLimit(for: list, layout: screen)
        layers.append(DetailsKeys.map(scrollLimit: limit).map(KeyCommand.details))
        return layers
      }
      if let field = list.browsing.searchField {
        layers.append(SearchKeys.map(for: field, visibleRows: screen.visibleProductRows))
        return layers
      }
      if list.status == .loaded, let id = list.selectedID, let row = list.products[id: id] {
        layers.append(StepperKeys.map(for: row.addToCart).map { .stepper(id, $0) })
      }
      layers.append(ProductsKeys.map(for: list, visibleRows: screen.visibleProductRows))
    case .profile:
      let rows = ProfileScreen.visibleOrderRows(of: state.profile, in: screen)
      let profile = ProfileKeys.map(for: state.profile, visibleRows: rows).map(KeyCommand.profile)
      layers.append(profile)
      // An opened order is modal, like a sheet: the tabs do not hear keys under it.
      if profile.isModal { return layers }
    }
    layers.append(AppKeys.topLevel(for: state))
    return layers
  }

  /// While an order is being sent, nothing but the keys that work everywhere (Ctrl-C, which
  /// the footer then shows).
  static let sendingLayer = KeyMap<KeyCommand>("Sending your order", isModal: true, bindings: [])

  /// What `key` does on a screen of `size`, through the key maps built for the state (a program
  /// keeps those of the frame on screen, so a key does not build them again). Below the minimum
  /// size nothing is on screen to act on, so only quitting and repainting work: a key pressed
  /// blind must not change the cart.
  public static func command(for key: Key, through layers: KeyLayers<KeyCommand>, size: Size) -> KeyCommand? {
    guard AppLayout.fitsMinimum(size) else {
      return [.quit, .redraw].first { layers.global.command(for: key) == $0 }
    }
    return layers.command(for: key)
  }

  /// What pasted `text` does: it goes to the innermost text input (a search line), if one is in
  /// force. Anywhere else it does nothing — pasted text is never taken for keys — and below the
  /// minimum size, where the search line is not on screen, nothing either.
  public static func command(forPaste text: String, through layers: KeyLayers<KeyCommand>, size: Size) -> KeyCommand? {
    guard AppLayout.fitsMinimum(size) else { return nil }
    return layers.command(forPaste: text)
  }
}
