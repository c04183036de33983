import Boundaries

// The product list's effects and the cart's lines: fetching, reading, watching and saving the
// cart (what to save is ``CartSync``'s to decide), and the selection.
extension ProductListFeature {
  func fetchProducts(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    return .run { send in
      await send(._internal(.productsResponse(await Result { try await apiClient.fetchProducts() })))
    }
    .cancellable(id: CancelID.fetch, cancelInFlight: true)
  }

  func loadSavedCart() -> Effect<Action> {
    .run { send in
      do {
        await send(._internal(.savedCartLoaded(.success(try await cartStorage.load()))))
      } catch {
        await send(._internal(.savedCartLoaded(.failure(.reading(error)))))
      }
      if let earlier = await cartStorage.earlierVersionCart() {
        await send(._internal(.earlierVersionCartFound(earlier)))
      }
    }
  }

  /// Listens for other copies' saves for as long as the store runs.
  func watchSavedCart() -> Effect<Action> {
    .run { send in
      for await update in cartStorage.updates() {
        switch update {
        case let .saved(saved): await send(._internal(.cartChangedElsewhere(saved)))
        }
      }
    }
    .cancellable(id: CancelID.watch, cancelInFlight: true)
  }

  /// Starts the save ``CartSync`` asks for, once the saved cart is restored (an empty list must
  /// never overwrite it).
  func saveCart(_ state: inout State) -> Effect<Action> {
    guard state.restoration == .done else { return .none }
    var sync = state.cartSync
    guard let changes = sync.startSave() else { return .none }
    state.savingChanges = sync.saving
    return apply(changes)
  }

  /// On the way out: everything not yet known to be saved, so the exit waits for all of it.
  func finalSave(_ state: State) -> Effect<Action> {
    guard state.restoration == .done, let changes = state.cartSync.finalSave else { return .none }
    return apply(changes)
  }

  func apply(_ changes: CartChanges) -> Effect<Action> {
    .run { send in
      do {
        await send(._internal(.cartSaved(try await cartStorage.apply(changes))))
      } catch {
        await send(._internal(.cartSaveFailed(.writing(error))))
      }
    }
  }

  /// Applies the saved cart to the products the store lists; the other lines are kept aside.
  func restore(_ saved: SavedCart, into state: inout State) {
    state.restoration = .done
    state.savedCart = saved
    state.unconfirmedOrder = saved.unconfirmedOrder
    state.checkoutDraft = saved.checkout
    for (id, quantity) in saved.quantities {
      setQuantity(quantity, of: id, in: &state)
    }
    refreshOpenCart(&state)
  }

  /// Shows what `sync` decided: the saved cart as known, the save under way, the quantities
  /// and the unconfirmed order. Nothing happens if it decided nothing new.
  func carryOut(_ sync: CartSync, into state: inout State) {
    let before = state.cartSync
    guard sync != before else { return }
    state.savedCart = sync.saved
    state.savingChanges = sync.saving
    let shown = before.current.quantities
    for id in Set(shown.keys).union(sync.current.quantities.keys) where shown[id] != sync.current.quantities[id] {
      setQuantity(sync.current.quantities[id] ?? 0, of: id, in: &state)
    }
    state.unconfirmedOrder = sync.current.unconfirmedOrder
    state.checkoutDraft = sync.current.checkout
    state.cart?.checkoutDraft = sync.current.checkout
    refreshOpenCart(&state)
  }

  /// Sets how many of product `id` are in the cart, whether the store lists it or not.
  func setQuantity(_ quantity: Int, of id: Product.ID, in state: inout State) {
    let quantity = min(max(quantity, 0), AddToCartFeature.State.maximum)
    if state.products[id: id] != nil {
      if state.products[id: id]?.quantity != quantity { state.products[id: id]?.quantity = quantity }
    } else {
      state.unavailableQuantities[id] = quantity > 0 ? quantity : nil
    }
  }

  /// Shows the cart's latest lines in an open sheet, unless an order or a dialog is on it: the
  /// customer is deciding about what they see there.
  func refreshOpenCart(_ state: inout State) {
    guard var cart = state.cart, cart.order != .sending, cart.alert == nil else { return }
    let lines = IdentifiedArray(uniqueElements: state.cartLines)
    let restoring = state.restoringUnitCount
    guard lines != cart.items || restoring != cart.restoringUnitCount else { return }
    cart.items = lines
    cart.restoringUnitCount = restoring
    if case let .item(id) = cart.focus, lines[id: id] == nil {
      cart.focus = lines.first.map { .item($0.id) } ?? .payButton
    }
    cart.scroll.show(cart.focusedIndex, count: lines.count)
    // Checkout pays for what the cart holds now.
    let orderable = cart.orderableItems
    cart.checkout?.lines = orderable
    state.cart = cart
  }
}
