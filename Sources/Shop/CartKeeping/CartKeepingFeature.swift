import Boundaries

/// Keeps the shopper's cart across runs and copies of the store: reads the saved cart and
/// restores it once the products have loaded, saves every change, hears other copies' saves,
/// and offers version 1.0's cart.
///
/// Rules it keeps:
/// - the saved cart is restored once the products have loaded; until then it is "restoring";
/// - nothing is saved before the saved cart is restored, so an empty list never overwrites it;
/// - every change is saved as a change (the lines this copy touched), one save at a time, so
///   another copy's changes to other lines are kept, and another copy's saves show up here
///   (what to save and what to show is ``CartSync``'s to decide);
/// - a cart left by version 1.0 is offered, never taken in unasked;
/// - an order whose outcome is unknown, and the checkout typed so far, are saved with the cart.
///
/// Its state is the state that holds the cart (``CartKeepingState``: the product list's), reduced
/// in place: what it keeps is ``CartKeeping/Kept``, stored beside the rows, and the quantities it
/// restores and saves are the rows' own — nothing is copied out for it and written back. The
/// list asks it to save after a change (``save(_:)``) and on the way out (``finalSave(_:)``);
/// what could not be read or written comes up as a delegate action, which the list shows as its
/// notice.
@Reducer
struct CartKeepingFeature<Cart: CartKeepingState>: BoundingReducer, Sendable {
  typealias State = Cart
  typealias Action = CartKeeping.Action

  enum CancelID {
    case watch
  }

  @Dependency(\.cartStorage) var cartStorage

  init() {}

  func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .savedCartLoaded(.success(saved)):
      if state.catalogLoaded {
        restore(saved, into: &state)
      } else {
        state.kept.restoration = .waiting(saved)
      }
      return .none

    case let .savedCartLoaded(.failure(error)):
      state.kept.restoration = .done
      return .send(.delegate(.storageFailed(error)))

    case let .earlierVersionCartFound(cart):
      state.kept.earlierVersionCart = cart
      return .none

    case .earlierVersionCartRemoved:
      state.kept.earlierVersionCartTaken = false
      return .none

    case let .earlierVersionCartNotRemoved(error):
      return .send(.delegate(.storageFailed(error)))

    case let .cartSaved(saved):
      var sync = state.cartSync
      sync.saveLanded(saved)
      carryOut(sync, into: &state)
      // Changes made while the save was under way go out now.
      return save(&state)

    case let .cartSaveFailed(error):
      var sync = state.cartSync
      sync.saveFailed()
      carryOut(sync, into: &state)
      return .send(.delegate(.storageFailed(error)))

    case let .cartChangedElsewhere(saved):
      switch state.kept.restoration {
      case let .waiting(waiting) where saved.revision > waiting.revision:
        state.kept.restoration = .waiting(saved)
      case .done:
        let orderUpdates = state.kept.savedCart.orderUpdates
        var sync = state.cartSync
        sync.heardElsewhere(saved)
        carryOut(sync, into: &state)
        if state.kept.savedCart.orderUpdates != orderUpdates { return .send(.delegate(.ordersChangedElsewhere)) }
      default:
        break
      }
      return .none
    }
  }
}
