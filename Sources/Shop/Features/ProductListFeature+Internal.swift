import Boundaries

// What the product list hears from its effects and its children.
extension ProductListFeature {
  // MARK: Internal

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .productsResponse(.success(listing)):
      state.status = .loaded
      state.isRefreshing = false
      if case .refreshFailed = state.notice { state.notice = nil }
      let products = listing.products
      if listing.skippedCount > 0 {
        let count = listing.skippedCount
        state.notice = .productsSkipped(count)
      }
      let previous = state.quantities
      state.products = IdentifiedArray(
        products.map { ProductFeature.State(product: $0, quantity: previous[$0.id] ?? 0) },
        uniquingIDsWith: { first, _ in first }
      )
      // Each line of the cart in one place: on its product's row if the store lists it now,
      // else kept aside.
      for (id, quantity) in previous {
        state.unavailableQuantities[id] = state.products[id: id] == nil ? quantity : nil
      }
      applyStock(to: &state)
      if let details = state.details, state.products[id: details.productID] == nil {
        state.details = nil
      }
      state.browsing.catalogChanged(state.products.map(\.product))
      cartKeeping.catalogLoaded(&state)
      refreshOpenCart(&state)
      return .none

    case let .productsResponse(.failure(error)):
      if state.isRefreshing {
        // The list shown stays: what the store said before is still worth shopping from.
        state.isRefreshing = false
        state.notice = .refreshFailed(error)
      } else {
        state.status = .failed(error)
      }
      return .none

    case .products(.element(_, .delegate(.quantityChanged))):
      return saveCart(&state)

    case let .cart(.presented(.delegate(.itemRemoved(id)))):
      state.setQuantity(0, of: id)
      return saveCart(&state)

    case let .cart(.presented(.delegate(.quantityChanged(id, quantity)))):
      // Held to what the store has left, as the row's own `+` is; the cart's line follows.
      let allowed = min(quantity, state.products[id: id]?.addToCart.limit ?? AddToCartFeature.State.maximum)
      state.setQuantity(allowed, of: id)
      if allowed != quantity { state.cart?.items[id: id]?.quantity = allowed }
      return saveCart(&state)

    case .cart(.presented(.delegate(.orderCompleted))):
      for index in state.products.indices where state.products[index].quantity != 0 {
        state.products[index].quantity = 0
      }
      // Closed first: the checkout on its screen is done with, and must not be saved again.
      state.cart = nil
      return .concatenate(.send(.delegate(.orderPlaced)), cartKeeping.orderPlaced(&state).map(Self.keeping))

    case let .cart(.presented(.delegate(.checkoutDraftChanged(draft)))):
      return cartKeeping.checkoutChanged(to: draft, &state).map(Self.keeping)

    case let .cart(.presented(.delegate(.orderUnconfirmed(attempt)))):
      return cartKeeping.orderUnconfirmed(attempt, &state).map(Self.keeping)

    case .cart(.presented(.delegate(.closeRequested))):
      state.cart = nil
      return .none

    case let .stockChanged(levels):
      state.stock = levels
      applyStock(to: &state)
      return .none

    case .details(.presented(.delegate(.closeRequested))):
      state.details = nil
      return .none

    case let .keeping(action):
      // Whatever the keeping did — restored, saved, heard another copy — may have changed the
      // cart's lines: an open cart shows them (a cheap look when nothing changed).
      refreshOpenCart(&state)
      switch action {
      case let .delegate(.storageFailed(error)):
        state.notice = .cartStorage(error)
        return .none
      case .delegate(.ordersChangedElsewhere):
        return .send(.delegate(.ordersChangedElsewhere))
      case ._internal, .view:
        return .none
      }

    case .products, .cart, .details, .browsing:
      return .none
    }
  }
}
