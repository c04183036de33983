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
/// - every change to the cart is handed to the cart-keeping child (``CartKeepingFeature``) to
///   save; what it restores or hears from other copies shows on the rows and in an open cart;
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
    /// The cart's keeping: its restoring, saving and hearing of other copies, and the lines the
    /// store does not list (``CartKeepingFeature``).
    public var kept = CartKeeping.Kept()
    /// The cart's lines whose product the store does not list now, by product id: kept, shown
    /// and saved, never ordered. Each line of the cart is here or on its product's row.
    public var unavailableQuantities: [Product.ID: Int] = [:]
    /// Something the customer should know that is not an error of this screen (the saved cart
    /// could not be read or written).
    public var notice: ProductListNotice?
    /// Whether the list shown is being fetched again (`r` on a loaded list): it stays on screen,
    /// and a failure is a notice, not the error screen.
    public var isRefreshing = false
    /// What the store last said it has left of the products that have a stock.
    public var stock: StockLevels = .unlimited

    public init(customer: Customer.ID = 1) {
      self.customer = customer
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case onAppear
      case retryTapped
      /// A move through the rows shown, on a screen that shows `visibleRows` of them.
      case selectionMoved(SelectionMove, visibleRows: Int)
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
      /// The store's stock changed (or was first heard).
      case stockChanged(StockLevels)
      case products(IdentifiedActionOf<ProductFeature>)
      case cart(PresentationAction<CartFeature.Action>)
      case browsing(BrowsingFeature.Action)
      case keeping(CartKeeping.Action)
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
    case stock
  }

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.stockWatch) var stockWatch
  let cartKeeping = CartKeepingFeature<State>()

  public init() {}

  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.browsing, action: \.browsing) { BrowsingFeature() }
      // The keeping reduces the list's own state: its `kept` and the quantities on its rows.
      Scope(state: \.self, action: \.keeping) { cartKeeping }
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
    // An open cart starts checkout from the kept draft: a draft restored or heard from another
    // copy reaches it (the cart, a child, cannot read the list's `kept`).
    .onChange(of: \.kept.checkoutDraft) { _, draft in
      Reduce { state, _ in
        if state.cart != nil, state.cart?.checkoutDraft != draft { state.cart?.checkoutDraft = draft }
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
      if let keeping = cartKeeping.start(&state) {
        effects.append(keeping.read.map(Self.keeping))
        watch = .merge(keeping.watch.map(Self.keeping), watchStock())
      }
      if state.status.allowsFetch {
        effects.append(fetchProducts(&state))
      }
      return .merge(watch, .concatenate(effects))

    case .retryTapped:
      // After a failure, or when the store had nothing to sell: look again. On a list shown,
      // fetch it again while it stays on screen (new products, changed prices); the cart's
      // quantities are kept by the answer's merge.
      switch state.status {
      case .failed: return fetchProducts(&state)
      case .loaded where state.products.isEmpty: return fetchProducts(&state)
      case .loaded:
        guard !state.isRefreshing else { return .none }
        state.isRefreshing = true
        return .run { send in
          await send(._internal(.productsResponse(await Result { try await apiClient.fetchProducts() })))
        }
        .cancellable(id: CancelID.fetch, cancelInFlight: true)
      default: return .none
      }

    case let .selectionMoved(move, rows):
      guard !state.shownIDs.isEmpty else { return .none }
      let target = state.scroll.move(state.selectedIndex, by: move, count: state.shownIDs.count, visibleRows: rows)
      select(index: target ?? 0, in: &state)
      return .none

    case .cartButtonTapped:
      state.cart = CartFeature.State(
        items: IdentifiedArray(uniqueElements: state.cartLines), customer: state.customer,
        attempt: state.kept.unconfirmedOrder, restoringUnitCount: state.kept.restoringUnitCount, checkoutDraft: state.kept.checkoutDraft
      )
      return .none

    case .hostRestartAnnounced:
      state.notice = .hostRestarting
      return .none

    case .noticeDismissed:
      switch state.attention {
      case .notice: state.notice = nil
      case .earlierVersionCart: state.kept.earlierVersionCart = nil
      case .search, nil: break
      }
      return .none

    case .earlierVersionCartTaken:
      let effect = cartKeeping.takeEarlierVersionCart(&state)
      refreshOpenCart(&state)
      return effect.map(Self.keeping)

    case .willTerminate:
      return cartKeeping.finalSave(state).map(Self.keeping)

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
