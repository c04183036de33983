import Boundaries
import TerminalKit

/// The Products tab: the catalog with a stepper per product, the selection, and the cart sheet.
///
/// Rules it keeps:
/// - products are fetched when the list first appears, and again on appearance or Retry after a
///   failure — never while a fetch is under way or after one succeeded;
/// - the cart opens with the products whose quantity is above 0, in list order, then the saved
///   lines whose product the store does not list now;
/// - a line deleted from the cart, and every orderable line after a completed order, goes to 0;
/// - closing the cart keeps the quantities, and an order whose outcome is unknown;
/// - the saved cart is restored once the products have loaded; until then it is "restoring";
/// - every change is saved as a change (the lines this copy touched), one save at a time, so
///   another copy's changes to other lines are kept, and another copy's saves show up here;
/// - a cart left by version 1.0 is offered, never taken in unasked;
/// - which products are shown, and in what order, is the browsing child's (``BrowsingFeature``);
///   the selection stays on the same product while it is shown, else goes to the first row.
@Reducer
public struct ProductListFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var status: FetchStatus = .idle
    /// Every product the store listed, in its order, with its quantity in the cart.
    public var products: IdentifiedArrayOf<ProductFeature.State> = []
    /// Which products are shown, in what order: the search, the category and the sort.
    public var browsing = BrowsingFeature.State()
    /// The highlighted row, if any product is shown.
    public var selectedID: Product.ID?
    /// The rows of ``shownIDs`` on screen.
    public var scroll = ListScroll()
    @Presents public var cart: CartFeature.State?
    /// The selected product's detail sheet.
    @Presents public var details: ProductDetailsFeature.State?
    /// Who is shopping: the orders are theirs.
    public var customer: Customer.ID
    /// Whether the saved cart has been read and applied (saving waits for that, so an empty
    /// list never overwrites it).
    public var restoration: CartRestoration = .notStarted
    /// The saved cart as this copy last read it or heard of it.
    public var savedCart: SavedCart = .empty
    /// The changes of the save under way, if one is.
    public var savingChanges: CartChanges?
    /// Saved lines whose product the store does not list now, by product id: kept and shown.
    public var unavailableQuantities: [Product.ID: Int] = [:]
    /// A cart left by version 1.0, which did not record its store, offered to the customer.
    public var earlierVersionCart: SavedCart?
    /// An order whose outcome is unknown; the cart resends it if the same lines are paid again.
    /// Saved with the cart, so it survives a restart.
    public var unconfirmedOrder: OrderAttempt?
    /// The checkout typed so far, kept with the cart (and saved with it) until the order is
    /// placed: quitting in the middle of checkout loses nothing.
    public var checkoutDraft: CheckoutDraft?
    /// Something the customer should know that is not an error of this screen (the saved cart
    /// could not be read or written).
    public var notice: ProductListNotice?
    /// What the store last said it has left of the products that have a stock.
    public var stock: StockLevels = .unlimited

    public init(customer: Customer.ID = 1) {
      self.customer = customer
    }
  }

  /// The saved cart's journey into the list.
  public enum CartRestoration: Hashable, Sendable {
    case notStarted
    case loading
    /// Read, waiting for the products it refers to.
    case waiting(SavedCart)
    /// Applied: changes are saved from now on.
    case done
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case onAppear
      case retryTapped
      case selectionMoved(SelectionMove)
      case visibleRowCountChanged(Int)
      case cartButtonTapped
      /// Dismisses the notice, or leaves version 1.0's cart where it is for now.
      case noticeDismissed
      /// Adds version 1.0's cart to this one.
      case earlierVersionCartTaken
      /// The app is about to exit: anything worth keeping must be written now.
      case willTerminate
      /// `Enter`: the selected product's details.
      case detailsOpened
      /// A click on a product row: selects it, or opens the details of the selected one.
      case productTapped(Product.ID)
      /// The host this session runs on is restarting (`onlinestore serve` is draining): the
      /// customer is told, while the session lasts, that their cart is kept and where to go on.
      case hostRestartAnnounced
    }

    public enum InternalAction: Hashable, Sendable {
      case productsResponse(Result<ProductListing, APIError>)
      case savedCartLoaded(Result<SavedCart, CartStorageError>)
      case earlierVersionCartFound(SavedCart)
      /// A save finished: the cart as it is saved now.
      case cartSaved(SavedCart)
      case cartSaveFailed(CartStorageError)
      /// Another copy of the store saved the cart.
      case cartChangedElsewhere(SavedCart)
      /// The store's stock changed (or was first heard).
      case stockChanged(StockLevels)
      case products(IdentifiedActionOf<ProductFeature>)
      case cart(PresentationAction<CartFeature.Action>)
      case browsing(BrowsingFeature.Action)
      case details(PresentationAction<ProductDetailsFeature.Action>)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// An order went through and the customer saw its confirmation.
      case orderPlaced
      /// The store says one of the customer's orders changed (its status moved on).
      case ordersChangedElsewhere
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  enum CancelID {
    case fetch
    case watch
    case stock
  }

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.cartStorage) var cartStorage
  @Dependency(\.stockWatch) var stockWatch

  public init() {}

  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.browsing, action: \.browsing) { BrowsingFeature() }
      coreReducer
        .forEach(\.products, action: \.products) { ProductFeature() }
        .ifLet(\.$cart, action: \.cart) { CartFeature() }
        .ifLet(\.$details, action: \.details) { ProductDetailsFeature() }
    }
    // Whatever changed the rows shown — the customer browsing, or a new catalog — the
    // selection stays on its product while that is shown. (Comparing the rows costs nothing
    // when they did not change: the same array.)
    .onChange(of: \.browsing.shownIDs) { _, _ in
      Reduce { state, _ in
        keepSelection(&state)
        return .none
      }
    }
  }

  // MARK: View

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .onAppear:
      // The saved cart is read first (a few microseconds), so that the products always find
      // it waiting: one order of events, whatever the speed of the store.
      // Other copies' saves are listened for from the start, for as long as the store runs.
      var effects: [Effect<Action>] = []
      var watch = Effect<Action>.none
      if state.restoration == .notStarted {
        state.restoration = .loading
        effects.append(loadSavedCart())
        watch = .merge(watchSavedCart(), watchStock())
      }
      if state.status.allowsFetch {
        effects.append(fetchProducts(&state))
      }
      return .merge(watch, .concatenate(effects))

    case .retryTapped:
      // After a failure, or when the store had nothing to sell: look again.
      switch state.status {
      case .failed: return fetchProducts(&state)
      case .loaded where state.products.isEmpty: return fetchProducts(&state)
      default: return .none
      }

    case let .selectionMoved(move):
      guard !state.shownIDs.isEmpty else { return .none }
      let target = state.scroll.move(state.selectedIndex, by: move, count: state.shownIDs.count)
      select(index: target ?? 0, in: &state)
      return .none

    case let .visibleRowCountChanged(count):
      state.scroll.resize(to: count, showing: state.selectedIndex, count: state.shownIDs.count)
      return .none

    case .cartButtonTapped:
      state.cart = CartFeature.State(
        items: IdentifiedArray(uniqueElements: state.cartLines), customer: state.customer,
        attempt: state.unconfirmedOrder, restoringUnitCount: state.restoringUnitCount, checkoutDraft: state.checkoutDraft
      )
      return .none

    case .hostRestartAnnounced:
      state.notice = .hostRestarting
      return .none

    case .noticeDismissed:
      switch state.attention {
      case .notice: state.notice = nil
      case .earlierVersionCart: state.earlierVersionCart = nil
      case .search, nil: break
      }
      return .none

    case .earlierVersionCartTaken:
      // Not while a save is under way: the save of these lines would only follow it, and the
      // old file is removed after that save, never before (the key works again a moment later).
      guard state.restoration == .done, state.savingChanges == nil, let earlier = state.earlierVersionCart
      else { return .none }
      state.earlierVersionCart = nil
      for (id, quantity) in earlier.quantities {
        setQuantity(min((state.quantities[id] ?? 0) + quantity, AddToCartFeature.State.maximum), of: id, in: &state)
      }
      refreshOpenCart(&state)
      return .concatenate(
        saveCart(&state),
        .run { _ in try await cartStorage.removeEarlierVersionCart() } catch: { error, send in
          await send(._internal(.cartSaveFailed(.writing(error))))
        }
      )

    case .willTerminate:
      return finalSave(state)

    case .detailsOpened:
      guard let id = state.selectedID else { return .none }
      state.details = ProductDetailsFeature.State(productID: id)
      return .none

    case let .productTapped(id):
      guard let index = state.shownIDs.firstIndex(of: id) else { return .none }
      if state.selectedID == id {
        state.details = ProductDetailsFeature.State(productID: id)
      } else {
        select(index: index, in: &state)
      }
      return .none
    }
  }
}
