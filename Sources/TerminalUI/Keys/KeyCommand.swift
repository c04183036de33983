import TerminalKit
import Shop

/// What a key asks for: a view action of one of the screens, or something only the terminal
/// can do. The router turns a key into one of these; the run loop sends it.
public enum KeyCommand: Hashable, Sendable {
  case app(AppFeature.Action.ViewAction)
  case products(ProductListFeature.Action.ViewAction)
  /// The product list's search line and its category and sort pickers' opening.
  case browsing(BrowsingFeature.Action.ViewAction)
  /// The stepper of one product row.
  case stepper(Product.ID, AddToCartFeature.Action.ViewAction)
  /// The category or sort picker.
  case picker(PickerFeature.Action.ViewAction)
  /// The product detail sheet.
  case details(ProductDetailsFeature.Action.ViewAction)
  case cart(CartFeature.Action.ViewAction)
  /// One line of the cart.
  case cartItem(Product.ID, CartItemFeature.Action.ViewAction)
  /// Checkout, in the cart's sheet.
  case checkout(CheckoutFeature.Action.ViewAction)
  case profile(ProfileFeature.Action.ViewAction)
  /// Leave the program.
  case quit
  /// Repaint the whole screen (Ctrl-L), for when something else wrote over it.
  case redraw
}
