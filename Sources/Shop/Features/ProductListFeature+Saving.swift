import Boundaries

// The product list's side of the cart: fetching the products, handing changes to the cart
// keeping, and showing the cart's lines in an open sheet.
extension ProductListFeature {
  func fetchProducts(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    return .run { send in
      await send(._internal(.productsResponse(await Result { try await apiClient.fetchProducts() })))
    }
    .cancellable(id: CancelID.fetch, cancelInFlight: true)
  }

  /// The cart changed here: the keeping saves the change (once the saved cart is restored).
  func saveCart(_ state: inout State) -> Effect<Action> {
    cartKeeping.save(&state).map(Self.keeping)
  }

  /// A cart-keeping action as the list's.
  static func keeping(_ action: CartKeeping.Action) -> Action {
    ._internal(.keeping(action))
  }

  /// Shows the cart's latest lines in an open sheet, unless an order or a dialog is on it: the
  /// customer is deciding about what they see there.
  func refreshOpenCart(_ state: inout State) {
    guard var cart = state.cart, cart.order != .sending, cart.alert == nil else { return }
    let lines = IdentifiedArray(uniqueElements: state.cartLines)
    let restoring = state.kept.restoringUnitCount
    guard lines != cart.items || restoring != cart.restoringUnitCount else { return }
    cart.items = lines
    cart.restoringUnitCount = restoring
    if case let .item(id) = cart.focus, lines[id: id] == nil {
      cart.focus = lines.first.map { .item($0.id) } ?? .payButton
    }
    // Checkout pays for what the cart holds now.
    let orderable = cart.orderableItems
    cart.checkout?.lines = orderable
    state.cart = cart
  }
}
