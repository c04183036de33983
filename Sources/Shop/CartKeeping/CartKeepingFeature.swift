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
/// Its state is what it keeps (``Kept``, stored in the list) and a view of the cart's lines that
/// the list hands it (``State``): the quantities live on the list's rows and are never stored
/// twice. The list asks it to save after a change (``save(_:)``) and on the way out
/// (``finalSave(_:)``); what could not be read or written comes up as a delegate action, which
/// the list shows as its notice.
@Reducer
public struct CartKeepingFeature: BoundingReducer, Sendable {
  /// What the keeping remembers: the list stores it.
  public struct Kept: Equatable, Sendable {
    /// Whether the saved cart has been read and applied (saving waits for that).
    public var restoration: Restoration = .notStarted
    /// The saved cart as this copy last read it or heard of it.
    public var savedCart: SavedCart = .empty
    /// The changes of the save under way, if one is.
    public var savingChanges: CartChanges?
    /// A cart left by version 1.0, which did not record its store, offered to the customer.
    public var earlierVersionCart: SavedCart?
    /// Version 1.0's cart was taken in and its file is not removed yet: it goes once a save
    /// holding its lines has landed — the take-in's own, or, if the store is quit before that
    /// removal is done (or it failed), the last save on the way out. Never before.
    public var earlierVersionCartTaken = false
    /// An order whose outcome is unknown; the cart resends it if the same lines are paid again.
    /// Saved with the cart, so it survives a restart.
    public var unconfirmedOrder: OrderAttempt?
    /// The checkout typed so far, kept with the cart (and saved with it) until the order is
    /// placed: quitting in the middle of checkout loses nothing.
    public var checkoutDraft: CheckoutDraft?

    public init() {}

    /// How many units of the saved cart wait for the products before they can be shown.
    public var restoringUnitCount: Int {
      if case let .waiting(saved) = restoration { saved.unitCount } else { 0 }
    }
  }

  /// The saved cart's journey into the list.
  public enum Restoration: Hashable, Sendable {
    case notStarted
    case loading
    /// Read, waiting for the products it refers to.
    case waiting(SavedCart)
    /// Applied: changes are saved from now on.
    case done
  }

  /// What the reducer works on: what it keeps, and the cart as the list shows it.
  public struct State: Equatable, Sendable {
    public var kept: Kept
    /// Every line of the cart by product id, listed or not. The list writes changed lines back
    /// to its rows, or aside for a product it does not list.
    public var quantities: [Product.ID: Int]
    /// Whether the store has listed its products: the saved cart waits for them.
    public let catalogLoaded: Bool
    /// The checkout being typed in the open cart sheet, newer than the kept draft.
    public let checkoutOnScreen: CheckoutDraft?

    public init(kept: Kept = Kept(), quantities: [Product.ID: Int] = [:], catalogLoaded: Bool = false, checkoutOnScreen: CheckoutDraft? = nil) {
      self.kept = kept
      self.quantities = quantities
      self.catalogLoaded = catalogLoaded
      self.checkoutOnScreen = checkoutOnScreen
    }

    /// Sets a line of the cart within what a stepper allows (0 removes it), as the list's rows
    /// would hold it: what is saved next is what is shown.
    mutating func setQuantity(_ quantity: Int, of id: Product.ID) {
      let quantity = min(max(quantity, 0), AddToCartFeature.State.maximum)
      quantities[id] = quantity > 0 ? quantity : nil
    }

    /// The saved cart's sync as a pure value: what this copy knows of the saved cart and shows.
    var cartSync: CartSync {
      CartSync(
        saved: kept.savedCart, saving: kept.savingChanges,
        current: CartSync.Contents(quantities: quantities, unconfirmedOrder: kept.unconfirmedOrder, checkout: checkoutOnScreen ?? kept.checkoutDraft)
      )
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    /// None: the keys that touch the kept cart are the list's, which asks this feature.
    public typealias ViewAction = Never

    public enum InternalAction: Hashable, Sendable {
      case savedCartLoaded(Result<SavedCart, CartStorageError>)
      case earlierVersionCartFound(SavedCart)
      /// Version 1.0's file is gone, its lines saved.
      case earlierVersionCartRemoved
      /// Version 1.0's file could not be removed after its lines were saved (it is tried again
      /// on the way out).
      case earlierVersionCartNotRemoved(CartStorageError)
      /// A save finished: the cart as it is saved now.
      case cartSaved(SavedCart)
      case cartSaveFailed(CartStorageError)
      /// Another copy of the store saved the cart.
      case cartChangedElsewhere(SavedCart)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// The saved cart could not be read or written: the customer should know.
      case storageFailed(CartStorageError)
      /// Another copy's save says one of the customer's orders changed.
      case ordersChangedElsewhere
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  enum CancelID {
    case watch
  }

  @Dependency(\.cartStorage) var cartStorage

  public init() {}

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
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
