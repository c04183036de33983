import Boundaries

/// What the cart keeping remembers and says, named apart from the reducer
/// (``CartKeepingFeature``), which is generic over the state it keeps the cart of.
public enum CartKeeping {
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

  @CasePathable
  @_CasePathableMembers
  @BoundedAction
  public enum Action: TCAFeatureAction, Hashable, Sendable {
    /// None: the keys that touch the kept cart are the list's, which asks the keeping.
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
}
