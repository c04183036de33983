import BackOffice
import Boundaries
import Foundation
import Shop
import Testing

/// The back office's drill-down: orders → an order → its customer → another order, as a
/// navigation stack, Esc going back one screen at a time.
@MainActor
struct DrillDownTests {
  nonisolated static let customer = CustomerSummary(id: 7, kind: .account, name: "Ada")
  nonisolated static let record = CustomerRecord(
    customer: customer, addresses: .empty, orders: [Samples.order(9, customer: 7), Samples.order(3, customer: 7)]
  )

  /// The console with orders 1…3 loaded and order 3 selected.
  func makeStore(fetchCustomer: @escaping @Sendable (Int) async throws -> CustomerRecord = { _ in DrillDownTests.record }) -> TestStoreOf<BackOfficeFeature> {
    var state = BackOfficeFeature.State()
    state.orders.orders = IdentifiedArray(uniqueElements: Samples.orders(1...3))
    state.orders.loading = .loaded
    state.orders.selectedID = 3
    return TestStore(initialState: state) {
      BackOfficeFeature()
    } withDependencies: {
      $0.adminClient.fetchCustomer = fetchCustomer
    }
  }

  @Test func anOrderItsCustomerAndAnotherOrderThenBackOneAtATime() async {
    let store = makeStore()
    await store.send(._internal(.orders(.view(.opened))))
    await store.receive(\._internal.orders.delegate.orderOpened) {
      $0.path.append(.order(OrderDetailFeature.State(order: Samples.order(3))))
    }
    await store.send(\._internal.path[id: 0].order.view.customerOpened)
    await store.receive(\._internal.path[id: 0].order.delegate.customerOpened, 1) {
      $0.path.append(.customer(CustomerDetailFeature.State(customerID: 1)))
    }
    await store.send(\._internal.path[id: 1].customer.view.task) {
      $0.path[id: 1, case: \.customer]?.isLoading = true
    }
    await store.receive(\._internal.path[id: 1].customer._internal.recordLoaded.success) {
      $0.path[id: 1, case: \.customer]?.isLoading = false
      $0.path[id: 1, case: \.customer]?.record = Self.record
      $0.path[id: 1, case: \.customer]?.selectedOrderID = 9
    }
    await store.send(\._internal.path[id: 1].customer.view.orderOpened)
    await store.receive(\._internal.path[id: 1].customer.delegate.orderOpened) {
      $0.path.append(.order(OrderDetailFeature.State(order: Samples.order(9, customer: 7))))
    }
    #expect(store.state.path.map(\.crumb) == ["Order #3", "Customer 1", "Order #9"])

    // Esc: the order closes, then the customer, then the first order.
    await store.send(\._internal.path[id: 2].order.view.closeTapped)
    await store.receive(\._internal.path[id: 2].order.delegate.closed) { $0.path.pop(from: 2) }
    await store.send(\._internal.path[id: 1].customer.view.closeTapped)
    await store.receive(\._internal.path[id: 1].customer.delegate.closed) { $0.path.pop(from: 1) }
    await store.send(\._internal.path[id: 0].order.view.closeTapped)
    await store.receive(\._internal.path[id: 0].order.delegate.closed) { $0.path = [] }
  }

  @Test func openingAScreenAlreadyOnTheDrillDownGoesBackToIt() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(._internal(.orders(.view(.opened))))
    await store.send(\._internal.path[id: 0].order.view.customerOpened)
    await store.send(\._internal.path[id: 1].customer.view.task)
    await store.receive(\._internal.path[id: 1].customer._internal.recordLoaded.success)
    await store.send(\._internal.path[id: 1].customer.view.orderSelectionMoved, 1)
    // Order 3 is the first screen: opening it from the customer goes back there.
    await store.send(\._internal.path[id: 1].customer.view.orderOpened)
    await store.skipReceivedActions()
    #expect(store.state.path.ids == [0])
    #expect(store.state.path.map(\.crumb) == ["Order #3"])
  }

  @Test func theDrillDownStopsAtItsDepth() async {
    var state = BackOfficeFeature.State()
    state.path = StackState((0..<BackOfficeFeature.maximumDepth).map { .order(OrderDetailFeature.State(order: Samples.order(100 + $0))) })
    let store = TestStore(initialState: state) { BackOfficeFeature() }
    let top = store.state.path.ids.last!
    await store.send(._internal(.path(.element(id: top, action: .order(.view(.customerOpened))))))
    await store.receive(\._internal.path[id: top].order.delegate.customerOpened)
    #expect(store.state.path.count == BackOfficeFeature.maximumDepth)
  }

  @Test func closingACustomerWhileTheirRecordIsOnItsWayCancelsTheFetch() async {
    let store = makeStore(fetchCustomer: { _ in
      try await Task.sleep(for: .seconds(3_600))
      return Self.record
    })
    await store.send(._internal(.customers(.delegate(.customerOpened(7))))) {
      $0.path.append(.customer(CustomerDetailFeature.State(customerID: 7)))
    }
    await store.send(\._internal.path[id: 0].customer.view.task) {
      $0.path[id: 0, case: \.customer]?.isLoading = true
    }
    await store.send(\._internal.path[id: 0].customer.view.closeTapped)
    // The fetch ended with its screen: an exhaustive store fails on an effect still running.
    await store.receive(\._internal.path[id: 0].customer.delegate.closed) { $0.path = [] }
  }

  @Test func aMovedOrderIsShownMovedOnEveryScreenOfItAndInTheTable() async {
    let packed = Samples.moved(Samples.order(3), to: OrderStatusRequest(status: .packed))
    var state = BackOfficeFeature.State()
    state.orders.orders = IdentifiedArray(uniqueElements: Samples.orders(1...3))
    state.path = [
      .order(OrderDetailFeature.State(order: Samples.order(3))), .customer(CustomerDetailFeature.State(customerID: 1)),
    ]
    let store = TestStore(initialState: state) { BackOfficeFeature() }
    await store.send(._internal(.path(.element(id: 0, action: .order(.delegate(.orderChanged(packed))))))) {
      $0.orders.orders[id: 3] = packed
      $0.path[id: 0, case: \.order]?.order = packed
    }
  }

  @Test func aCustomerWhoseRecordFailsSaysSoAndTriesAgain() async {
    let answers = Answers<CustomerRecord?>([nil, Self.record])
    let store = TestStore(initialState: CustomerDetailFeature.State(customerID: 7)) {
      CustomerDetailFeature()
    } withDependencies: {
      $0.adminClient.fetchCustomer = { number in
        guard let record = answers.next() else { throw APIError.other("No customer \(number)") }
        return record
      }
    }
    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(\._internal.recordLoaded.failure) {
      $0.isLoading = false
      $0.failure = "No customer 7"
    }
    await store.send(.view(.retryTapped)) {
      $0.isLoading = true
      $0.failure = nil
    }
    await store.receive(\._internal.recordLoaded.success) {
      $0.isLoading = false
      $0.record = Self.record
      $0.selectedOrderID = 9
    }
    await store.send(.view(.orderSelectionMoved(by: 5))) { $0.selectedOrderID = 3 }
    await store.send(.view(.orderSelectionMoved(by: -5))) { $0.selectedOrderID = 9 }
  }
}
