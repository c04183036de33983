import Boundaries

/// The Products tab: the catalog with a stepper per product, the selection, and the cart sheet.
///
/// Rules it keeps:
/// - products are fetched when the list first appears, and again on appearance or Retry after a
///   failure — never while a fetch is under way or after one succeeded;
/// - the cart opens with the products whose quantity is above 0, in list order;
/// - a line deleted from the cart, and every line after a completed order, goes back to 0;
/// - closing the cart keeps the quantities;
/// - quantities are saved on every change and restored, once, when the products have loaded.
public struct ProductListFeature: ComposedBoundingReducer, Sendable {
  public struct State: Equatable, Sendable {
    public var status: FetchStatus = .idle
    public var products: IdentifiedArrayOf<ProductFeature.State> = []
    /// The highlighted row, if there are products.
    public var selectedID: Product.ID?
    /// The index of the first row on screen.
    public var scrollOffset = 0
    /// How many rows the screen shows at once; the screen reports it, paging uses it.
    public var visibleRowCount = 10
    @PresentationState public var cart: CartFeature.State?
    /// Who is shopping: the orders are theirs.
    public var userID: Int
    /// Whether the saved cart has been read and applied (saving waits for that, so an empty
    /// list never overwrites it).
    public var restoration: CartRestoration = .notStarted
    /// Something the customer should know that is not an error of this screen (the saved cart
    /// could not be read or written).
    public var notice: String?

    public init(userID: Int = 1) {
      self.userID = userID
    }

    /// Quantities by product id, for the products in the cart.
    public var quantities: [Product.ID: Int] {
      var quantities: [Product.ID: Int] = [:]
      for row in products where row.quantity > 0 {
        quantities[row.id] = row.quantity
      }
      return quantities
    }

    /// The cart as it would open now: products with a quantity above 0, in list order.
    public var cartItems: [CartItem] {
      products.filter { $0.quantity > 0 }.map { CartItem(product: $0.product, quantity: $0.quantity) }
    }

    /// The index of the selected row.
    public var selectedIndex: Int? {
      selectedID.flatMap { products.index(id: $0) }
    }
  }

  /// The saved cart's journey into the list.
  public enum CartRestoration: Hashable, Sendable {
    case notStarted
    case loading
    /// Read, waiting for the products it refers to.
    case waiting(SavedCart)
    /// Applied (or there was nothing usable to apply): changes are saved from now on.
    case done
  }

  public typealias Action = FeatureAction<ViewAction, InternalAction, Never>

  @CasePathable
  public enum ViewAction: Hashable, Sendable {
    case onAppear
    case retryTapped
    case selectionMoved(SelectionMove)
    case visibleRowCountChanged(Int)
    case cartButtonTapped
    case noticeDismissed
    /// The app is about to exit: anything worth keeping must be written now.
    case willTerminate
  }

  @CasePathable
  public enum InternalAction: Hashable, Sendable {
    case productsResponse(Result<[Product], APIError>)
    case savedCartLoaded(Result<SavedCart, CartStorageError>)
    case cartSaveFailed(CartStorageError)
    case products(IdentifiedActionOf<ProductFeature>)
    case cart(PresentationAction<CartFeature.Action>)
  }

  private enum CancelID {
    case fetch
    case save
  }

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.cartStorage) var cartStorage

  public init() {}

  public var body: some ReducerOf<Self> {
    coreReducer
      .forEach(\.products, action: \.products) { ProductFeature() }
      .ifLet(\.$cart, action: \.cart) { CartFeature() }
  }

  // MARK: View

  public func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
    switch action {
    case .onAppear:
      // The saved cart is read first (a few microseconds), so that the products always find
      // it waiting: one order of events, whatever the speed of the store.
      var effects: [Effect<Action>] = []
      if state.restoration == .notStarted {
        state.restoration = .loading
        effects.append(loadSavedCart())
      }
      if state.status.allowsFetch {
        effects.append(fetchProducts(&state))
      }
      return .concatenate(effects)

    case .retryTapped:
      guard case .failed = state.status else { return .none }
      return fetchProducts(&state)

    case let .selectionMoved(move):
      guard !state.products.isEmpty else { return .none }
      let target = move.target(
        from: state.selectedIndex ?? 0,
        count: state.products.count,
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
        items: IdentifiedArray(uniqueElements: state.cartItems.map(CartItemFeature.State.init)),
        userID: state.userID
      )
      return .none

    case .noticeDismissed:
      state.notice = nil
      return .none

    case .willTerminate:
      return saveCart(state)
    }
  }

  // MARK: Internal

  public func reduce(into state: inout State, internalAction action: InternalAction) -> Effect<Action> {
    switch action {
    case let .productsResponse(.success(products)):
      state.status = .loaded
      let previous = state.quantities
      state.products = IdentifiedArray(
        products.map { ProductFeature.State(product: $0, quantity: previous[$0.id] ?? 0) },
        uniquingIDsWith: { first, _ in first }
      )
      select(index: state.selectedIndex ?? 0, in: &state)
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
      return .none

    case let .cartSaveFailed(error):
      state.notice = error.message
      return .none

    case .products(.element(_, .delegate(.quantityChanged))):
      return saveCart(state)

    case let .cart(.presented(.delegate(.itemRemoved(id)))):
      state.products[id: id]?.quantity = 0
      return saveCart(state)

    case .cart(.presented(.delegate(.orderCompleted))):
      for index in state.products.indices where state.products[index].quantity != 0 {
        state.products[index].quantity = 0
      }
      state.cart = nil
      return saveCart(state)

    case .cart(.presented(.delegate(.closeRequested))):
      state.cart = nil
      return .none

    case .products, .cart:
      return .none
    }
  }

  // MARK: Helpers

  private func fetchProducts(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    return .run { send in
      do {
        await send(._internal(.productsResponse(.success(try await apiClient.fetchProducts()))))
      } catch {
        await send(._internal(.productsResponse(.failure(APIError(error)))))
      }
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
    }
  }

  /// Writes the current quantities, replacing a save that has not started yet.
  private func saveCart(_ state: State) -> Effect<Action> {
    guard state.restoration == .done else { return .none }
    let cart = SavedCart(quantities: state.quantities)
    return .run { send in
      do {
        try await cartStorage.save(cart)
      } catch is CancellationError {
        return
      } catch {
        await send(._internal(.cartSaveFailed(.writing(error))))
      }
    }
    .cancellable(id: CancelID.save, cancelInFlight: true)
  }

  /// Applies saved quantities to the products that still exist.
  private func restore(_ saved: SavedCart, into state: inout State) {
    for (id, quantity) in saved.quantities {
      state.products[id: id]?.quantity = min(max(quantity, 0), AddToCartFeature.State.maximum)
    }
    state.restoration = .done
  }

  /// Selects the row at `index` and scrolls just enough to show it.
  private func select(index: Int, in state: inout State) {
    guard state.products.indices.contains(index) else {
      state.selectedID = nil
      state.scrollOffset = 0
      return
    }
    state.selectedID = state.products[index].id
    let visible = max(1, state.visibleRowCount)
    if index < state.scrollOffset {
      state.scrollOffset = index
    } else if index >= state.scrollOffset + visible {
      state.scrollOffset = index - visible + 1
    }
    state.scrollOffset = min(state.scrollOffset, max(0, state.products.count - visible))
  }
}
