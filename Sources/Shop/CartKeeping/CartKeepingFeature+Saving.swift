import Boundaries

// What the list asks of its cart keeping, and the keeping's effects: reading, watching and
// saving the cart. Each call changes the keeping's state in place and returns its effect, which
// the list maps into its own actions.
extension CartKeepingFeature {
  /// The first appearance: reads the saved cart (its answer starts the restoring) and listens
  /// for other copies' saves for as long as the store runs. `nil` once started.
  func start(_ state: inout State) -> (read: Effect<Action>, watch: Effect<Action>)? {
    guard state.kept.restoration == .notStarted else { return nil }
    state.kept.restoration = .loading
    return (loadSavedCart(), watchSavedCart())
  }

  /// The products have loaded: a saved cart waiting for them is applied now.
  func catalogLoaded(_ state: inout State) {
    if case let .waiting(saved) = state.kept.restoration {
      restore(saved, into: &state)
    }
  }

  /// Starts the save ``CartSync`` asks for, once the saved cart is restored (an empty list must
  /// never overwrite it).
  func save(_ state: inout State) -> Effect<Action> {
    startSave(&state).map { apply($0) } ?? .none
  }

  /// On the way out: everything not yet known to be saved, so the exit waits for all of it, and
  /// then the removal of version 1.0's file if its cart was taken in and the file is not gone
  /// yet (quit before the take-in's save was done, or its removal failed).
  func finalSave(_ state: State) -> Effect<Action> {
    guard state.kept.restoration == .done else { return .none }
    let changes = state.cartSync.finalSave
    guard changes != nil || state.kept.earlierVersionCartTaken else { return .none }
    return apply(changes, thenRemovingEarlierVersionCart: state.kept.earlierVersionCartTaken)
  }

  /// Adds version 1.0's cart to this one, saves it, then removes the old file. Not while a save
  /// is under way: the save of these lines would only follow it, and the old file is removed
  /// after that save has landed, never before (asking again works a moment later).
  func takeEarlierVersionCart(_ state: inout State) -> Effect<Action> {
    guard state.kept.restoration == .done, state.kept.savingChanges == nil, let earlier = state.kept.earlierVersionCart
    else { return .none }
    state.kept.earlierVersionCart = nil
    state.kept.earlierVersionCartTaken = true
    for (id, quantity) in earlier.quantities {
      state.setQuantity((state.quantities[id] ?? 0) + quantity, of: id)
    }
    // With nothing new to save (every line it adds was at the maximum already), the file goes
    // at once.
    return apply(startSave(&state), thenRemovingEarlierVersionCart: true)
  }

  /// The order went through: its lines, its unclear attempt and its checkout are done with.
  /// `quantities` is the cart as the list left it (its orderable lines at 0).
  func orderPlaced(_ state: inout State) -> Effect<Action> {
    state.kept.unconfirmedOrder = nil
    state.kept.checkoutDraft = nil
    return save(&state)
  }

  /// The checkout typed so far changed: kept, and saved with the cart.
  func checkoutChanged(to draft: CheckoutDraft?, _ state: inout State) -> Effect<Action> {
    state.kept.checkoutDraft = draft
    return save(&state)
  }

  /// An order's outcome is unknown: the attempt is kept, and saved with the cart, so paying again
  /// for the same lines resends it.
  func orderUnconfirmed(_ attempt: OrderAttempt, _ state: inout State) -> Effect<Action> {
    state.kept.unconfirmedOrder = attempt
    return save(&state)
  }

  // MARK: Effects and their answers

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

  /// The save ``CartSync`` asks for now, marked as under way; `nil` before the saved cart is
  /// restored, while a save is under way, or when nothing changed.
  func startSave(_ state: inout State) -> CartChanges? {
    guard state.kept.restoration == .done else { return nil }
    var sync = state.cartSync
    guard let changes = sync.startSave() else { return nil }
    state.kept.savingChanges = sync.saving
    return changes
  }

  /// Writes `changes`, if any, and answers with the cart as saved; then, if asked and only if
  /// the write landed, removes version 1.0's file.
  func apply(_ changes: CartChanges?, thenRemovingEarlierVersionCart removesEarlier: Bool = false) -> Effect<Action> {
    .run { send in
      if let changes {
        do {
          await send(._internal(.cartSaved(try await cartStorage.apply(changes))))
        } catch {
          await send(._internal(.cartSaveFailed(.writing(error))))
          return
        }
      }
      guard removesEarlier else { return }
      do {
        try await cartStorage.removeEarlierVersionCart()
        await send(._internal(.earlierVersionCartRemoved))
      } catch {
        await send(._internal(.earlierVersionCartNotRemoved(.writing(error))))
      }
    }
  }

  /// Applies the saved cart's lines, its unconfirmed order and its checkout.
  func restore(_ saved: SavedCart, into state: inout State) {
    state.kept.restoration = .done
    state.kept.savedCart = saved
    state.kept.unconfirmedOrder = saved.unconfirmedOrder
    state.kept.checkoutDraft = saved.checkout
    for (id, quantity) in saved.quantities {
      state.setQuantity(quantity, of: id)
    }
  }

  /// Shows what `sync` decided: the saved cart as known, the save under way, the quantities,
  /// the unconfirmed order and the checkout. Nothing happens if it decided nothing new.
  func carryOut(_ sync: CartSync, into state: inout State) {
    guard sync != state.cartSync else { return }
    state.kept.savedCart = sync.saved
    state.kept.savingChanges = sync.saving
    state.setQuantities(sync.current.quantities)
    state.kept.unconfirmedOrder = sync.current.unconfirmedOrder
    state.kept.checkoutDraft = sync.current.checkout
  }
}
