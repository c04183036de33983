import Shop

/// What a key asks for: a view action of one of the screens, or something only the terminal
/// can do. The router turns a key into one of these; the run loop sends it.
public enum KeyCommand: Hashable, Sendable {
  case app(AppFeature.ViewAction)
  case products(ProductListFeature.ViewAction)
  /// The stepper of one product row.
  case stepper(Product.ID, AddToCartFeature.ViewAction)
  /// The category or sort picker.
  case picker(PickerFeature.ViewAction)
  /// The product detail sheet.
  case details(ProductDetailsFeature.ViewAction)
  case cart(CartFeature.ViewAction)
  /// One line of the cart.
  case cartItem(Product.ID, CartItemFeature.ViewAction)
  case profile(ProfileFeature.ViewAction)
  /// Leave the program.
  case quit
  /// Repaint the whole screen (Ctrl-L), for when something else wrote over it.
  case redraw
}
