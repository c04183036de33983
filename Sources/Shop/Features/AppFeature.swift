import Boundaries

/// The whole shop: two tabs, Products and Profile, and the help overlay.
///
/// Switching tabs keeps each tab's state; the tabs' own features do the rest. An order placed
/// on the Products tab has the Profile tab fetch its order history again, if it has one.
@Reducer
public struct AppFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var selectedTab: Tab = .products
    public var productList: ProductListFeature.State
    public var profile: ProfileFeature.State
    /// Whether the list of key bindings is shown over the screen.
    public var isHelpPresented = false
    /// How many lines of help are scrolled past, when it does not fit the screen (the screen
    /// draws at most as many as do not fit).
    public var helpScrollOffset = 0

    public init(customer: Customer.ID = 1) {
      self.productList = ProductListFeature.State(customer: customer)
      self.profile = ProfileFeature.State(customer: customer)
    }

    /// One of the profile's orders as its history shows it: priced from the products the store
    /// lists now. Here, in the app, because the orders are the profile's and the prices the
    /// product list's; a screen asks this and combines no feature's state with another's.
    public func orderSummary(of order: StoredOrder) -> OrderSummary {
      OrderSummary(order, products: productList.products)
    }
  }

  public enum Tab: Int, CaseIterable, Hashable, Sendable {
    case products
    case profile

    /// The tab after this one, wrapping around.
    public var next: Tab { Tab(rawValue: (rawValue + 1) % Tab.allCases.count)! }
    /// The tab before this one, wrapping around.
    public var previous: Tab {
      Tab(rawValue: (rawValue + Tab.allCases.count - 1) % Tab.allCases.count)!
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case tabSelected(Tab)
      /// The tab after the selected one, wrapping around.
      case nextTabSelected
      /// The tab before the selected one, wrapping around.
      case previousTabSelected
      case helpToggled
      /// Help scrolled by `lines`, on a screen where `limit` lines of it do not fit.
      case helpScrolled(by: Int, limit: Int)
    }

    public enum InternalAction: Hashable, Sendable {
      case productList(ProductListFeature.Action)
      case profile(ProfileFeature.Action)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(Never)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.productList, action: \.productList) { ProductListFeature() }
    Scope(state: \.profile, action: \.profile) { ProfileFeature() }
    coreReducer
  }

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case let .tabSelected(tab):
      state.selectedTab = tab
    case .nextTabSelected:
      state.selectedTab = state.selectedTab.next
    case .previousTabSelected:
      state.selectedTab = state.selectedTab.previous
    case .helpToggled:
      state.isHelpPresented.toggle()
      state.helpScrollOffset = 0
    case let .helpScrolled(lines, limit):
      state.helpScrollOffset = TextScroll.offset(state.helpScrollOffset, movedBy: lines, limit: limit)
    }
    return .none
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case .productList(.delegate(.orderPlaced)), .productList(.delegate(.ordersChangedElsewhere)):
      // The profile decides what an order elsewhere means to it; the app neither presses its
      // keys nor sends it an action of its own.
      return ProfileFeature().ordersChanged(&state.profile).map { ._internal(.profile($0)) }
    case .productList, .profile:
      return .none
    }
  }
}

extension AppFeature.State {
  /// Whether an order is on its way: nothing but quitting may act until it has an answer.
  public var isSendingOrder: Bool {
    selectedTab == .products && productList.cart?.order == .sending
  }
}
