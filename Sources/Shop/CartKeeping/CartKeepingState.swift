import Boundaries

/// The state that holds a cart, as its keeping reads and changes it: what the keeping
/// remembers, stored there, and the cart's lines where they live. The product list's state is
/// one (its quantities are its rows'); the keeping's tests use a plain one.
///
/// The keeping reduces this state itself (`Scope(state: \.self, action: \.keeping)`), so every
/// fact it touches has one owner: no view of the cart is built for it and written back.
protocol CartKeepingState: Equatable, Sendable {
  /// What the keeping remembers.
  var kept: CartKeeping.Kept { get set }
  /// Every line of the cart by product id, listed or not.
  var quantities: [Product.ID: Int] { get }
  /// Sets one line within what a stepper allows (0 removes it), where that line lives.
  mutating func setQuantity(_ quantity: Int, of id: Product.ID)
  /// Whether the store has listed its products: the saved cart waits for them.
  var catalogLoaded: Bool { get }
  /// The checkout being typed on screen, newer than the kept draft.
  var checkoutOnScreen: CheckoutDraft? { get }
}

extension CartKeepingState {
  /// Makes the cart's lines `quantities`: each line that differs is set, each line missing from
  /// `quantities` goes.
  mutating func setQuantities(_ quantities: [Product.ID: Int]) {
    let current = self.quantities
    for id in Set(current.keys).union(quantities.keys) where current[id] != quantities[id] {
      setQuantity(quantities[id] ?? 0, of: id)
    }
  }

  /// The saved cart's sync as a pure value: what this copy knows of the saved cart and shows.
  var cartSync: CartSync {
    CartSync(
      saved: kept.savedCart, saving: kept.savingChanges,
      current: CartSync.Contents(quantities: quantities, unconfirmedOrder: kept.unconfirmedOrder, checkout: checkoutOnScreen ?? kept.checkoutDraft)
    )
  }
}
