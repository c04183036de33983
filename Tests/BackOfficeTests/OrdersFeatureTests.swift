import BackOffice
import Boundaries
import Shop
import TerminalKit
import Testing

/// The orders table: the first page, the next as the selection nears the end, the filter and
/// the search each starting over, new orders merged in from the pulse, and an order opened,
/// moved and closed.
@MainActor
struct OrdersFeatureTests {
  func makeStore(
    pulses: AsyncStream<BackOfficePulse>? = nil, fetch: @escaping @Sendable (OrderQuery) async throws -> [StoredOrder]
  ) -> TestStoreOf<OrdersFeature> {
    TestStore(initialState: OrdersFeature.State()) {
      OrdersFeature()
    } withDependencies: {
      $0.adminClient.fetchOrders = fetch
      if let pulses { $0.pulseWatch = PulseWatch { pulses } }
    }
  }

  @Test func theFirstPageThenTheNextAsTheSelectionNearsTheEnd() async {
    let store = makeStore { query in
      query.before == nil ? Samples.orders(101...300) : Array(Samples.orders(1...100).filter { $0.id < query.before! }.prefix(query.limit))
    }
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) {
      $0.orders = IdentifiedArray(uniqueElements: Samples.orders(101...300))
      $0.hasMore = true
      $0.loading = .loaded
      $0.selectedID = 300
    }
    await store.send(.view(.selectionMoved(.last, visibleRows: 20))) {
      $0.scroll.visibleRows = 20
      $0.selectedID = 101
      $0.scroll.offset = 180
      $0.loading = .loading
    }
    await store.receive(\._internal.pageLoaded) {
      $0.orders.append(contentsOf: Samples.orders(1...100))
      $0.hasMore = false
      $0.loading = .loaded
    }
    #expect(store.state.orders.count == 300 && store.state.orders.last?.id == 1)
  }

  @Test func theFilterAndTheSearchStartOver() async {
    let store = makeStore { query in
      switch (query.status, query.search) {
      case (nil, nil): Samples.orders(1...3)
      case (.placed?, nil): [Samples.order(2)]
      case (.placed?, 2?): [Samples.order(2)]
      default: []
      }
    }
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) {
      $0.orders = IdentifiedArray(uniqueElements: Samples.orders(1...3))
      $0.loading = .loaded
      $0.selectedID = 3
    }
    await store.send(.view(.filterCycled)) {
      $0.filter = .placed
      $0.orders = []
      $0.selectedID = nil
      $0.loading = .loading
    }
    await store.receive(\._internal.pageLoaded) {
      $0.orders = [Samples.order(2)]
      $0.loading = .loaded
      $0.selectedID = 2
    }
    await store.send(.view(.searchOpened)) { $0.searchField = TextFieldState(limit: 12) }
    // Letters are dropped as they are typed: the search is a number.
    await store.send(.view(.searchEdited(.paste("a2b")))) { $0.searchField = TextFieldState(text: "2", limit: 12) }
    await store.send(.view(.searchCommitted)) {
      $0.searchField = nil
      $0.search = 2
      $0.orders = []
      $0.selectedID = nil
      $0.loading = .loading
    }
    await store.receive(\._internal.pageLoaded) {
      $0.orders = [Samples.order(2)]
      $0.loading = .loaded
      $0.selectedID = 2
    }
  }

  /// A new order and another operator's change arrive with the pulse: the first page is fetched
  /// again, the new order goes in front, the changed one is replaced, the selection stays.
  @Test func thePulseMergesNewOrdersAndChangesIn() async {
    let pulses = AsyncStream.makeStream(of: BackOfficePulse.self)
    let packed = Samples.moved(Samples.order(2), to: OrderStatusRequest(status: .packed))
    let answers = Answers([Samples.orders(1...3), [Samples.order(4), Samples.order(3), packed, Samples.order(1)]])
    let store = makeStore(pulses: pulses.stream) { _ in answers.next() }
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) {
      $0.orders = IdentifiedArray(uniqueElements: Samples.orders(1...3))
      $0.loading = .loaded
      $0.selectedID = 3
    }
    pulses.continuation.yield(BackOfficePulse(newestOrder: 4, newestAudit: 1))
    await store.receive(\._internal.pulseHeard) { $0.pulse = BackOfficePulse(newestOrder: 4, newestAudit: 1) }
    await store.receive(\._internal.pageLoaded) {
      $0.orders = [Samples.order(4), Samples.order(3), packed, Samples.order(1)]
    }
    #expect(store.state.selectedID == 3, "the selection stays on its order")
    pulses.continuation.finish()
    await store.finish()
  }

  @Test func anOrderOpenedIsHandedToTheConsole() async {
    let store = makeStore { _ in Samples.orders(1...3) }
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) {
      $0.orders = IdentifiedArray(uniqueElements: Samples.orders(1...3))
      $0.loading = .loaded
      $0.selectedID = 3
    }
    await store.send(.view(.opened))
    await store.receive(\.delegate.orderOpened, Samples.order(3))
    await store.send(.view(.rowTapped(2))) { $0.selectedID = 2 }
    await store.send(.view(.rowTapped(2)))
    await store.receive(\.delegate.orderOpened, Samples.order(2))
  }

  @Test func aFailedFetchIsSaidAndRefreshTriesAgain() async {
    let answers = Answers<[StoredOrder]?>([nil, Samples.orders(1...1)])
    let store = makeStore { _ in
      guard let orders = answers.next() else { throw APIError.httpStatus(503) }
      return orders
    }
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) { $0.loading = .failed("The store answered 503") }
    await store.send(.view(.refreshTapped)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) {
      $0.orders = [Samples.order(1)]
      $0.loading = .loaded
      $0.selectedID = 1
    }
  }
}

/// Answers given in turn, the last one for ever after.
final class Answers<Value: Sendable>: Sendable {
  private let values: LockIsolated<[Value]>

  init(_ values: [Value]) {
    self.values = LockIsolated(values)
  }

  func next() -> Value {
    values.withValue { values in values.count > 1 ? values.removeFirst() : values[0] }
  }
}
