import Boundaries

// What the product list hears from its effects and its children.
extension ProductListFeature {
  // MARK: Internal

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .productsResponse(.success(listing)):
      state.status = .loaded
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
      applyStock(to: &state)
      if let details = state.details, state.products[id: details.productID] == nil {
        state.details = nil
      }
      state.browsing.catalogChanged(state.products.map(\.product))
      if case let .waiting(saved) = state.restoration {
        restore(saved, into: &state)
      }
      return .none

    case let .productsResponse(.failure(error)):
      state.status = .failed(error)
      return .none

    case let .savedCartLoaded(.success(saved)):
      if state.status == .loaded {
        restore(saved, into: &state)
      } else {
        state.restoration = .waiting(saved)
      }
      return .none

    case let .savedCartLoaded(.failure(error)):
      state.notice = .cartStorage(error)
      state.restoration = .done
      refreshOpenCart(&state)
      return .none

    case let .earlierVersionCartFound(cart):
      state.earlierVersionCart = cart
      return .none

    case let .cartSaved(saved):
      var sync = state.cartSync
      sync.saveLanded(saved)
      carryOut(sync, into: &state)
      // Changes made while the save was under way go out now.
      return saveCart(&state)

    case let .cartSaveFailed(error):
      var sync = state.cartSync
      sync.saveFailed()
      carryOut(sync, into: &state)
      state.notice = .cartStorage(error)
      return .none

    case let .cartChangedElsewhere(saved):
      switch state.restoration {
      case let .waiting(waiting) where saved.revision > waiting.revision:
        state.restoration = .waiting(saved)
        refreshOpenCart(&state)
      case .done:
        let orderUpdates = state.savedCart.orderUpdates
        var sync = state.cartSync
        sync.heardElsewhere(saved)
        carryOut(sync, into: &state)
        if state.savedCart.orderUpdates != orderUpdates { return .send(.delegate(.ordersChangedElsewhere)) }
      default:
        break
      }
      return .none

    case .products(.element(_, .delegate(.quantityChanged))):
      return saveCart(&state)

    case let .cart(.presented(.delegate(.itemRemoved(id)))):
      setQuantity(0, of: id, in: &state)
      return saveCart(&state)

    case .cart(.presented(.delegate(.orderCompleted))):
      for index in state.products.indices where state.products[index].quantity != 0 {
        state.products[index].quantity = 0
      }
      state.unconfirmedOrder = nil
      state.checkoutDraft = nil
      state.cart = nil
      return .concatenate(.send(.delegate(.orderPlaced)), saveCart(&state))

    case let .cart(.presented(.delegate(.checkoutDraftChanged(draft)))):
      state.checkoutDraft = draft
      return saveCart(&state)

    case let .cart(.presented(.delegate(.orderUnconfirmed(attempt)))):
      state.unconfirmedOrder = attempt
      return saveCart(&state)

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

    case .products, .cart, .details, .browsing:
      return .none
    }
  }
}
