import Boundaries

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
/// - search, category and sort decide which products are shown and in what order; the
///   selection stays on the same product while it is shown (see `ProductListFeature+Browsing`).
@Reducer
public struct ProductListFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var status: FetchStatus = .idle
    /// Every product the store listed, in its order, with its quantity in the cart.
    public var products: IdentifiedArrayOf<ProductFeature.State> = []
    /// What the customer asked to see: search, category, sort.
    public var browsing = ProductBrowsing()
    /// The products on the list now, in order: those that match ``browsing``.
    public var shownIDs: [Product.ID] = []
    /// The search line while it is being edited (`/`); `nil` otherwise.
    public var searchField: SearchField?
    /// The store's categories, once asked for.
    public var categoryListing: CategoryListing = .notRequested
    /// Folded search text and sort order of ``products``.
    public var index = BrowsingIndex()
    /// The highlighted row, if any product is shown.
    public var selectedID: Product.ID?
    /// The index in ``shownIDs`` of the first row on screen.
    public var scrollOffset = 0
    /// How many rows the screen shows at once; the screen reports it, paging uses it.
    public var visibleRowCount = 10
    @Presents public var cart: CartFeature.State?
    /// The category or sort picker.
    @Presents public var picker: PickerFeature.State?
    /// The selected product's detail sheet.
    @Presents public var details: ProductDetailsFeature.State?
    /// Who is shopping: the orders are theirs.
    public var userID: Int
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
    public var unclearOrder: OrderAttempt?
    /// Something the customer should know that is not an error of this screen (the saved cart
    /// could not be read or written).
    public var notice: String?

    public init(userID: Int = 1) {
      self.userID = userID
    }

    /// Quantities by product id: the listed products in the cart and the unavailable lines.
    public var quantities: [Product.ID: Int] {
      var quantities = unavailableQuantities
      for index in indicesInCart {
        quantities[products[index].id] = products[index].quantity
      }
      return quantities
    }

    /// The positions in ``products`` of the products in the cart, in list order.
    ///
    /// It reads each row's quantity in place: the tab bar asks on every frame, and iterating
    /// the rows themselves would copy each one (its strings retained and released): with
    /// 100,000 products that was most of the 4.8 ms a selection move took (`browsing-benchmarks`).
    var indicesInCart: [Int] {
      products.elements.withUnsafeBufferPointer { rows in
        rows.indices.filter { rows[$0].addToCart.count > 0 }
      }
    }

    /// The cart as it would open now: products with a quantity above 0 in list order, then the
    /// lines the store does not list, by id.
    public var cartLines: [CartItemFeature.State] {
      indicesInCart.map { products[$0] }.map { CartItemFeature.State(item: CartItem(product: $0.product, quantity: $0.quantity)) }
        + unavailableQuantities.sorted { $0.key < $1.key }.map { CartItemFeature.State(unavailableID: $0.key, quantity: $0.value) }
    }

    /// What the tab bar says of the cart.
    public var cartSummary: CartSummary {
      if case let .waiting(saved) = restoration, saved.unitCount > 0 {
        return .restoring(units: saved.unitCount)
      }
      let items = indicesInCart.map { products[$0] }
      return CartSummary(
        units: items.reduce(0) { $0 + $1.quantity },
        total: items.sum { $0.product.price * $0.quantity },
        unavailableLines: unavailableQuantities.count
      )
    }

    /// Version 1.0's cart as this store would take it in, its products named as this store
    /// lists them, so the customer can tell whether it was meant for this store:
    /// `3 items: Backpack ×2, #31 ×1`. Offered only once the saved cart is restored.
    public var earlierVersionCartOffer: String? {
      guard restoration == .done, let earlier = earlierVersionCart else { return nil }
      let lines = earlier.quantities.sorted { $0.key < $1.key }.map { id, quantity in
        "\(products[id: id]?.product.title ?? "#\(id)") ×\(quantity)"
      }
      let units = earlier.unitCount
      return "\(units) \(units == 1 ? "item" : "items"): " + lines.joined(separator: ", ")
    }

    /// The saved cart's quantities once the save under way has landed: what this copy's own
    /// changes are measured from.
    var expectedSavedQuantities: [Product.ID: Int] {
      savingChanges.map { savedCart.applying($0).quantities } ?? savedCart.quantities
    }

    /// How many units of the saved cart wait for the products before they can be shown.
    var restoringUnitCount: Int {
      if case let .waiting(saved) = restoration { saved.unitCount } else { 0 }
    }

    /// The index of the selected row among the rows shown.
    public var selectedIndex: Int? {
      selectedID.flatMap { shownIDs.firstIndex(of: $0) }
    }

    /// The selected product's row.
    public var selectedRow: ProductFeature.State? {
      selectedID.flatMap { products[id: $0] }
    }
  }

  /// Where the category picker's list comes from.
  public enum CategoryListing: Hashable, Sendable {
    case notRequested
    case requested
    /// The store's own list (`GET /products/categories`).
    case received([String])
    /// The store has no list (or could not send it): the products' categories stand in.
    case unavailable
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
      /// `/`: the search line opens with the search in force.
      case searchOpened
      case searchEdited(SearchField.Edit)
      /// Enter: the search stays, the list has the keys again.
      case searchCommitted
      /// Esc while typing: the search is cleared and the line closes.
      case searchCancelled
      /// Esc on the list: clears the search in force.
      case searchCleared
      case categoryPickerOpened
      case sortPickerOpened
      /// `Enter`: the selected product's details.
      case detailsOpened
      /// A click on a product row: selects it, or opens the details of the selected one.
      case productTapped(Product.ID)
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
      /// Other copies' saves will be noticed within seconds, not at once (the system's reason).
      case cartWatchedByPolling(reason: String)
      case categoriesResponse(Result<[String], APIError>)
      case products(IdentifiedActionOf<ProductFeature>)
      case cart(PresentationAction<CartFeature.Action>)
      case picker(PresentationAction<PickerFeature.Action>)
      case details(PresentationAction<ProductDetailsFeature.Action>)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// An order went through and the customer saw its confirmation.
      case orderPlaced
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  enum CancelID {
    case fetch
    case watch
    case categories
  }

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.cartStorage) var cartStorage

  public init() {}

  public var body: some ReducerOf<Self> {
    coreReducer
      .forEach(\.products, action: \.products) { ProductFeature() }
      .ifLet(\.$cart, action: \.cart) { CartFeature() }
      .ifLet(\.$picker, action: \.picker) { PickerFeature() }
      .ifLet(\.$details, action: \.details) { ProductDetailsFeature() }
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
        watch = watchSavedCart()
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
      let target = move.target(
        from: state.selectedIndex ?? 0,
        count: state.shownIDs.count,
        page: state.visibleRowCount
      )
      select(index: target, in: &state)
      return .none

    case let .visibleRowCountChanged(count):
      state.visibleRowCount = max(1, count)
      if let index = state.selectedIndex { select(index: index, in: &state) }
      return .none

    case .cartButtonTapped:
      state.cart = CartFeature.State(
        items: IdentifiedArray(uniqueElements: state.cartLines), userID: state.userID,
        attempt: state.unclearOrder, restoringUnitCount: state.restoringUnitCount
      )
      return .none

    case .noticeDismissed:
      if state.notice != nil {
        state.notice = nil
      } else {
        state.earlierVersionCart = nil
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

    case .searchOpened, .searchEdited, .searchCommitted, .searchCancelled, .searchCleared,
      .categoryPickerOpened, .sortPickerOpened, .detailsOpened, .productTapped:
      return reduce(into: &state, browsingAction: action)
    }
  }

  // MARK: Internal

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .productsResponse(.success(listing)):
      state.status = .loaded
      let products = listing.products
      if listing.skippedCount > 0 {
        let count = listing.skippedCount
        state.notice = "\(count) \(count == 1 ? "product" : "products") from the store could not be read and \(count == 1 ? "is" : "are") not shown."
      }
      let previous = state.quantities
      state.products = IdentifiedArray(
        products.map { ProductFeature.State(product: $0, quantity: previous[$0.id] ?? 0) },
        uniquingIDsWith: { first, _ in first }
      )
      state.index = BrowsingIndex(state.products.map(\.product), sort: state.browsing.sort)
      if let details = state.details, state.products[id: details.productID] == nil {
        state.details = nil
      }
      showBrowsedProducts(&state)
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
      state.notice = error.message
      state.restoration = .done
      refreshOpenCart(&state)
      return .none

    case let .earlierVersionCartFound(cart):
      state.earlierVersionCart = cart
      return .none

    case let .cartSaved(saved):
      adopt(saved.quantities, into: &state)
      adoptUnconfirmedOrder(saved, into: &state)
      state.savedCart = saved
      state.savingChanges = nil
      // Changes made while the save was under way go out now.
      return saveCart(&state)

    case let .cartSaveFailed(error):
      // The next save sends these changes again.
      state.savingChanges = nil
      state.notice = error.message
      return .none

    case let .cartWatchedByPolling(reason):
      state.notice = "Changes from another window of the store will show within seconds (\(reason))."
      return .none

    case let .cartChangedElsewhere(saved):
      switch state.restoration {
      case let .waiting(waiting) where saved.revision > waiting.revision:
        state.restoration = .waiting(saved)
        refreshOpenCart(&state)
      case .done where saved.revision > state.savedCart.revision:
        // The save under way will still land on top of this version.
        adopt(state.savingChanges.map { saved.applying($0) }?.quantities ?? saved.quantities, into: &state)
        adoptUnconfirmedOrder(saved, into: &state)
        state.savedCart = saved
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
      state.unclearOrder = nil
      state.cart = nil
      return .concatenate(.send(.delegate(.orderPlaced)), saveCart(&state))

    case let .cart(.presented(.delegate(.orderOutcomeUnclear(attempt)))):
      state.unclearOrder = attempt
      return saveCart(&state)

    case .cart(.presented(.delegate(.closeRequested))):
      state.cart = nil
      return .none

    case .categoriesResponse, .picker, .details:
      return reduce(into: &state, browsingAction: action)

    case .products, .cart:
      return .none
    }
  }

  // MARK: Helpers

  private func fetchProducts(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    return .run { send in
      await send(._internal(.productsResponse(await Result { try await apiClient.fetchProducts() })))
    }
    .cancellable(id: CancelID.fetch, cancelInFlight: true)
  }

  private func loadSavedCart() -> Effect<Action> {
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
  private func watchSavedCart() -> Effect<Action> {
    .run { send in
      for await update in cartStorage.updates() {
        switch update {
        case let .saved(saved): await send(._internal(.cartChangedElsewhere(saved)))
        case let .watchingByPolling(reason): await send(._internal(.cartWatchedByPolling(reason: reason)))
        }
      }
    }
    .cancellable(id: CancelID.watch, cancelInFlight: true)
  }

  /// Saves what this copy changed since it last read or wrote the cart, unless a save is under
  /// way (its answer starts the next one) or there is nothing to save: a copy that changed
  /// nothing writes nothing.
  private func saveCart(_ state: inout State) -> Effect<Action> {
    guard state.restoration == .done, state.savingChanges == nil else { return .none }
    let changes = changes(since: state.savedCart, state)
    guard !changes.isEmpty else { return .none }
    state.savingChanges = changes
    return apply(changes)
  }

  /// What this copy changed since `saved`: quantities, and the unconfirmed order.
  private func changes(since saved: SavedCart, _ state: State) -> CartChanges {
    CartChanges(
      quantities: CartChanges(from: saved.quantities, to: state.quantities).quantities,
      unconfirmedOrder: state.unclearOrder == saved.unconfirmedOrder ? .unchanged : .replaced(by: state.unclearOrder)
    )
  }

  /// On the way out: everything not yet known to be saved, including what a save under way is
  /// writing (applying the same change twice is harmless), so the exit waits for all of it.
  private func finalSave(_ state: State) -> Effect<Action> {
    guard state.restoration == .done else { return .none }
    let changes = changes(since: state.savedCart, state)
    guard !changes.isEmpty else { return .none }
    return apply(changes)
  }

  private func apply(_ changes: CartChanges) -> Effect<Action> {
    .run { send in
      do {
        await send(._internal(.cartSaved(try await cartStorage.apply(changes))))
      } catch {
        await send(._internal(.cartSaveFailed(.writing(error))))
      }
    }
  }

  /// Applies the saved cart to the products the store lists; the other lines are kept aside.
  private func restore(_ saved: SavedCart, into state: inout State) {
    state.restoration = .done
    state.savedCart = saved
    state.unclearOrder = saved.unconfirmedOrder
    for (id, quantity) in saved.quantities {
      setQuantity(quantity, of: id, in: &state)
    }
    refreshOpenCart(&state)
  }

  /// Shows `latest`, the saved cart's new quantities, in every line this copy has not changed
  /// since it last knew the saved cart; lines it did change keep its quantity, to be saved next.
  /// Call it before updating ``State/savedCart`` and ``State/savingChanges``.
  private func adopt(_ latest: [Product.ID: Int], into state: inout State) {
    let current = state.quantities
    let known = state.expectedSavedQuantities
    for id in Set(latest.keys).union(known.keys).union(current.keys)
    where (current[id] ?? 0) == (known[id] ?? 0) {
      setQuantity(latest[id] ?? 0, of: id, in: &state)
    }
    refreshOpenCart(&state)
  }

  /// Takes the saved unconfirmed order unless this copy has changed its own since it last knew
  /// the saved cart. Call it before updating ``State/savedCart`` and ``State/savingChanges``.
  private func adoptUnconfirmedOrder(_ saved: SavedCart, into state: inout State) {
    var known = state.savedCart.unconfirmedOrder
    if case let .replaced(by: attempt)? = state.savingChanges?.unconfirmedOrder { known = attempt }
    if state.unclearOrder == known { state.unclearOrder = saved.unconfirmedOrder }
  }

  /// Sets how many of product `id` are in the cart, whether the store lists it or not.
  private func setQuantity(_ quantity: Int, of id: Product.ID, in state: inout State) {
    let quantity = min(max(quantity, 0), AddToCartFeature.State.maximum)
    if state.products[id: id] != nil {
      if state.products[id: id]?.quantity != quantity { state.products[id: id]?.quantity = quantity }
    } else {
      state.unavailableQuantities[id] = quantity > 0 ? quantity : nil
    }
  }

  /// Shows the cart's latest lines in an open sheet, unless an order or a dialog is on it: the
  /// customer is deciding about what they see there.
  private func refreshOpenCart(_ state: inout State) {
    guard var cart = state.cart, cart.order != .sending, cart.alert == nil else { return }
    let lines = IdentifiedArray(uniqueElements: state.cartLines)
    let restoring = state.restoringUnitCount
    guard lines != cart.items || restoring != cart.restoringUnitCount else { return }
    cart.items = lines
    cart.restoringUnitCount = restoring
    if case let .item(id) = cart.focus, lines[id: id] == nil {
      cart.focus = lines.first.map { .item($0.id) } ?? .payButton
    }
    state.cart = cart
  }

  /// Selects the row at `index` of the rows shown and scrolls just enough to show it.
  func select(index: Int, in state: inout State) {
    guard state.shownIDs.indices.contains(index) else {
      state.selectedID = nil
      state.scrollOffset = 0
      return
    }
    state.selectedID = state.shownIDs[index]
    let visible = max(1, state.visibleRowCount)
    if index < state.scrollOffset {
      state.scrollOffset = index
    } else if index >= state.scrollOffset + visible {
      state.scrollOffset = index - visible + 1
    }
    state.scrollOffset = min(state.scrollOffset, max(0, state.shownIDs.count - visible))
  }
}
