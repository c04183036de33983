import TerminalKit
import Boundaries
import Foundation
import Shop
import Testing

@MainActor
struct ProfileFeatureTests {
  nonisolated static let older = StoredOrder(id: 3, userId: 1, date: .orderDate, products: [.init(productId: 1, quantity: 2)])
  nonisolated static let newer = StoredOrder(
    id: 9, userId: 1, date: .orderDate.addingTimeInterval(86_400), products: [.init(productId: 2, quantity: 1), .init(productId: 77, quantity: 1)]
  )

  func makeStore(
    customer: Int = 1,
    profile: @escaping @Sendable (Int) async throws -> UserProfile = { _ in .john },
    orders: @escaping @Sendable (Int) async throws -> [StoredOrder] = { _ in [ProfileFeatureTests.newer, ProfileFeatureTests.older] }
  ) -> TestStoreOf<ProfileFeature> {
    TestStore(initialState: ProfileFeature.State(customer: customer)) {
      ProfileFeature()
    } withDependencies: {
      $0.apiClient.fetchUserProfile = profile
      $0.apiClient.fetchOrders = orders
    }
  }

  @Test func loadsTheProfileAndTheOrdersOnFirstAppearance() async {
    let store = makeStore(profile: { id in
      #expect(id == 1)
      return .john
    })
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.ordersStatus = .loading
    }
    await store.receive(\._internal.profileResponse.success) {
      $0.status = .loaded
      $0.profile = .john
    }
    await store.receive(\._internal.ordersResponse.success) {
      $0.ordersStatus = .loaded
      $0.orders = [Self.newer, Self.older]
      $0.selectedOrderID = 9
    }
    #expect(store.state.profile?.fullName == "John Doe")
    // Seen again: no second request.
    await store.send(.view(.onAppear))
  }

  /// Over `onlinestore serve` a shopper signed in with a key has no account at the store: the
  /// profile is not asked for (the test client fails any call it was not given), the orders are.
  @Test func aShopperWithAKeyHasOrdersButNoAccountToFetch() async {
    var state = ProfileFeature.State(customer: 1001)
    state.signIn = .key(fingerprint: "SHA256:abc")
    let asked = LockIsolated<[Int]>([])
    let store = TestStore(initialState: state) {
      ProfileFeature()
    } withDependencies: {
      $0.apiClient.fetchOrders = { id in
        asked.withValue { $0.append(id) }
        return [ProfileFeatureTests.newer]
      }
    }
    await store.send(.view(.onAppear)) {
      $0.status = .loaded
      $0.ordersStatus = .loading
    }
    await store.receive(\._internal.ordersResponse.success) {
      $0.ordersStatus = .loaded
      $0.orders = [ProfileFeatureTests.newer]
      $0.selectedOrderID = ProfileFeatureTests.newer.id
    }
    #expect(asked.value == [1001], "the key's own customer number")
  }

  @Test func aFailureShowsWhyAndRetryLoads() async {
    let attempts = LockIsolated(0)
    let store = makeStore(customer: 7, profile: { _ in
      attempts.withValue { $0 += 1 }
      if attempts.value == 1 { throw APIError.unreachable("the connection was refused") }
      return .john
    }, orders: { _ in [] })
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.ordersStatus = .loading
    }
    await store.receive(\._internal.profileResponse.failure) {
      $0.status = .failed(.unreachable("the connection was refused"))
    }
    await store.receive(\._internal.ordersResponse.success) { $0.ordersStatus = .loaded }
    #expect(store.state.profile == nil)
    // Retry fetches what failed, and only that.
    await store.send(.view(.retryTapped)) { $0.status = .loading }
    await store.receive(\._internal.profileResponse.success) {
      $0.status = .loaded
      $0.profile = .john
    }
    // Retry means nothing once everything loaded.
    await store.send(.view(.retryTapped))
  }

  @Test func theOrderHistoryFailsAloneAndIsRetried() async {
    let attempts = LockIsolated(0)
    let store = makeStore(orders: { _ in
      attempts.withValue { $0 += 1 }
      if attempts.value == 1 { throw APIError.httpStatus(503) }
      return [ProfileFeatureTests.older]
    })
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.ordersStatus = .loading
    }
    await store.receive(\._internal.profileResponse.success) {
      $0.status = .loaded
      $0.profile = .john
    }
    await store.receive(\._internal.ordersResponse.failure) { $0.ordersStatus = .failed(.httpStatus(503)) }
    await store.send(.view(.retryTapped)) { $0.ordersStatus = .loading }
    await store.receive(\._internal.ordersResponse.success) {
      $0.ordersStatus = .loaded
      $0.orders = [Self.older]
      $0.selectedOrderID = 3
    }
  }

  /// Moving through the orders, opening one, and a refresh that keeps the selection on the
  /// same order while a new one appears on top.
  @Test func ordersAreBrowsedOpenedAndRefreshed() async {
    let placed = LockIsolated(false)
    let newest = StoredOrder(id: 12, userId: 1, date: .orderDate.addingTimeInterval(2 * 86_400), products: [.init(productId: 1, quantity: 1)])
    let store = makeStore(orders: { _ in
      placed.value ? [newest, ProfileFeatureTests.newer, ProfileFeatureTests.older] : [ProfileFeatureTests.newer, ProfileFeatureTests.older]
    })
    store.exhaustivity = .off
    await store.send(.view(.onAppear))
    await store.receive(\._internal.ordersResponse.success)
    await store.send(.view(.orderSelectionMoved(.down, visibleRows: 10))) { $0.selectedOrderID = 3 }
    await store.send(.view(.orderSelectionMoved(.down, visibleRows: 10)))
    await store.send(.view(.orderOpened)) { $0.openOrderID = 3 }
    #expect(store.state.openOrder == Self.older)
    await store.send(.view(.orderClosed)) { $0.openOrderID = nil }

    placed.setValue(true)
    store.exhaustivity = .on
    await store.send(.view(.refreshTapped)) { $0.ordersStatus = .loading }
    await store.receive(\._internal.ordersResponse.success) {
      $0.ordersStatus = .loaded
      $0.orders = [newest, Self.newer, Self.older]
    }
    #expect(store.state.selectedOrderID == 3, "still on the same order")
  }

  @Test func anOrderIsSummedFromTheProductsListedNow() {
    let products: IdentifiedArrayOf<ProductFeature.State> = [ProductFeature.State(product: .demo), ProductFeature.State(product: .another)]
    let summary = OrderSummary(Self.newer, products: products)
    #expect(summary.lines.map(\.title) == ["AnotherProduct", "Product #77"])
    #expect(summary.unitCount == 2)
    #expect(summary.total == Product.another.price)
    #expect(!summary.isTotalComplete && summary.hasPricedLine, "a line could not be priced")
    #expect(OrderSummary(Self.older, products: products).isTotalComplete)
    #expect(!OrderSummary(Self.older, products: []).hasPricedLine, "nothing to price it with")
    var app = AppFeature.State()
    app.productList.products = products
    #expect(app.orderSummary(of: Self.newer) == summary, "the app prices the profile's orders from its product list")
  }

  @Test func namesAreCapitalised() {
    let user = UserProfile(id: 1, email: "", username: "", name: .init(firstname: "mary ann", lastname: "o'neil"))
    #expect(user.fullName == "Mary Ann O'neil")
  }
}
