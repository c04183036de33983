import Boundaries
import Foundation
import Shop
import StoreTestSupport
import Testing

/// Ports of the original CartList tests, and the cart's rules from SPEC "Behaviour".
@MainActor
struct CartFeatureTests {
  /// The original samples: a $22.30 T-shirt ×2 and a $109.95 backpack ×2.
  static let items: IdentifiedArrayOf<CartItemFeature.State> = [
    CartItemFeature.State(item: CartItem(product: .tShirt, quantity: 2)),
    CartItemFeature.State(item: CartItem(product: .backpack, quantity: 2)),
  ]

  func makeStore(
    items: IdentifiedArrayOf<CartItemFeature.State> = Self.items,
    sendOrder: @escaping @Sendable (OrderAttempt) async throws -> OrderConfirmation = { _ in
      throw APIError.other("not expected")
    }
  ) -> TestStoreOf<CartFeature> {
    TestStore(initialState: CartFeature.State(items: items, customer: 1, checkoutDraft: .sample)) {
      CartFeature()
    } withDependencies: {
      $0.apiClient.sendOrder = sendOrder
      $0.date.now = .orderDate
      $0.uuid = .incrementing
    }
  }

  /// The order the sample cart sends from checkout: the lines at the prices shown, to the
  /// sample address by standard delivery, free over $100.
  static let order = OrderRequest(
    userId: 1, date: .orderDate,
    products: [
      .init(productId: Product.tShirt.id, quantity: 2, price: Product.tShirt.price),
      .init(productId: Product.backpack.id, quantity: 2, price: Product.backpack.price),
    ],
    shipping: .sample, delivery: .standard, total: Money(cents: 26_450)
  )

  /// Pay, then checkout's Place order from the review of the kept draft: the confirmation asks
  /// with the total, shipping included.
  func checkOut(_ store: TestStoreOf<CartFeature>, total: String = "$264.50") async {
    await store.send(\.view.payTapped) {
      $0.checkout = CheckoutFeature.State(lines: $0.orderableItems, customer: 1, draft: .sample)
    }
    let checkout = store.state.checkout!
    await store.send(._internal(.checkout(.delegate(.placeOrder(checkout.draft, total: checkout.total))))) {
      $0.alert = .confirmPurchaseForTest(total: total)
    }
    await store.receive(.delegate(.checkoutDraftChanged(.sample)))
  }

  /// Checkout's Place order again, the checkout still open (after a failure).
  func placeOrderAgain(_ store: TestStoreOf<CartFeature>, total: String = "$264.50") async {
    let checkout = store.state.checkout!
    await store.send(._internal(.checkout(.delegate(.placeOrder(checkout.draft, total: checkout.total))))) {
      $0.alert = .confirmPurchaseForTest(total: total)
    }
    await store.receive(.delegate(.checkoutDraftChanged(.sample)))
  }

  /// The first attempt a test store makes: its key is the first UUID of `.incrementing`.
  static let firstAttempt = order.attempt("00000000-0000-0000-0000-000000000000")

  @Test func theTotalIsKnownAsSoonAsTheCartOpens() {
    let state = CartFeature.State(items: Self.items, customer: 1)
    #expect(state.total.formatted == "$264.50")
    #expect(state.canPay)
    #expect(state.focus == .item(Product.tShirt.id))
    let empty = CartFeature.State(items: [], customer: 1)
    #expect(empty.total == .zero && !empty.canPay)
    #expect(empty.focus == .payButton)
  }

  @Test func deletingAnItemRemovesItAndRecomputesTheTotal() async {
    let store = makeStore()
    await store.send(\._internal.items[id: Product.tShirt.id].view.deleteTapped)
    await store.receive(\._internal.items[id: Product.tShirt.id].delegate.deleteRequested) {
      $0.items.remove(id: Product.tShirt.id)
      $0.focus = .item(Product.backpack.id)
    }
    await store.receive(.delegate(.itemRemoved(Product.tShirt.id)))
    #expect(store.state.total == Money(cents: 10_995) * 2)
  }

  /// `+` and `-` on a line change its quantity (the cart once ignored them without a word), and
  /// tell the list; `-` at one takes the line out, as it does on the list.
  @Test func plusAndMinusChangeALineAndMinusAtOneDeletesIt() async {
    let store = makeStore()
    let shirt = Product.tShirt.id
    let before = store.state.items[id: shirt]!.quantity
    await store.send(\._internal.items[id: shirt].view.plusTapped) { $0.items[id: shirt]?.quantity = before + 1 }
    await store.receive(\._internal.items[id: shirt].delegate.quantityChanged)
    await store.receive(.delegate(.quantityChanged(shirt, before + 1)))
    for quantity in stride(from: before, through: 1, by: -1) {
      await store.send(\._internal.items[id: shirt].view.minusTapped) { $0.items[id: shirt]?.quantity = quantity }
      await store.receive(\._internal.items[id: shirt].delegate.quantityChanged)
      await store.receive(.delegate(.quantityChanged(shirt, quantity)))
    }
    await store.send(\._internal.items[id: shirt].view.minusTapped)
    await store.receive(\._internal.items[id: shirt].delegate.deleteRequested) {
      $0.items.remove(id: shirt)
      $0.focus = .item(Product.backpack.id)
    }
    await store.receive(.delegate(.itemRemoved(shirt)))
  }

  @Test func deletingEverythingDisablesPay() async {
    let store = makeStore()
    for product in [Product.tShirt, .backpack] {
      await store.send(\._internal.items[id: product.id].view.deleteTapped)
      await store.receive(\._internal.items[id: product.id].delegate.deleteRequested) {
        $0.items.remove(id: product.id)
        $0.focus = $0.items.first.map { .item($0.id) } ?? .payButton
      }
      await store.receive(.delegate(.itemRemoved(product.id)))
    }
    #expect(store.state.total == .zero)
    #expect(!store.state.canPay)
    // Pay does nothing for an empty cart.
    await store.send(\.view.payTapped)
  }

  @Test func payingSucceeds() async {
    let sent = LockIsolated<OrderAttempt?>(nil)
    let confirmation = OrderConfirmation(id: 11, userId: 1, products: [])
    let store = makeStore { attempt in
      sent.setValue(attempt)
      return confirmation
    }

    await checkOut(store)
    await store.send(\.view.alert.confirmPurchase) {
      $0.alert = nil
      $0.order = .sending
      $0.attempt = Self.firstAttempt
    }
    await store.receive(._internal(.orderResponse(.success(confirmation)))) {
      $0.order = .sent(confirmation)
      $0.attempt = nil
      $0.alert = .orderSucceededForTest(number: 11)
    }
    #expect(sent.value == Self.firstAttempt)
    await store.send(\.view.alert.orderCompletedAcknowledged) {
      $0.alert = nil
    }
    await store.receive(\.delegate.orderCompleted)
  }

  /// A clear refusal: the order was not taken, the cart stays, and paying again is a new attempt.
  @Test func payingFailsAndTheCartStaysAsItWas() async {
    let store = makeStore { _ in throw APIError.httpStatus(400) }
    await checkOut(store)
    await store.send(\.view.alert.confirmPurchase) {
      $0.alert = nil
      $0.order = .sending
      $0.attempt = Self.firstAttempt
    }
    await store.receive(._internal(.orderResponse(.failure(.httpStatus(400))))) {
      $0.order = .failed(.httpStatus(400))
      $0.attempt = nil
      $0.alert = AlertState {
        TextState("Oops!")
      } actions: {
        ButtonState { TextState("Done") }
      } message: {
        TextState("Unable to send order, try again later. The store answered 400.")
      }
    }
    // "Done" has no action: it dismisses the alert and nothing else changes.
    await store.send(\.view.alert.dismiss) { $0.alert = nil }
    #expect(store.state.items == Self.items)
    #expect(store.state.canPay)
    // So the customer can pay again: the checkout is still there, at its review.
    #expect(store.state.checkout?.step == .review)
    await placeOrderAgain(store)
  }

  /// Finding 4 of the cart-safety issue: an order that timed out was sent again as a new order.
  /// After a failure that may have reached the store, the alert says so, and paying again for
  /// the same cart resends the same attempt: same key, same body (same date).
  @Test(arguments: [APIError.timedOut(seconds: 10), .connectionLost, .httpStatus(502), .httpStatus(503), .httpStatus(504)])
  func anUnclearFailureIsSaidAndPayingAgainReusesTheAttempt(error: APIError) async {
    let sent = LockIsolated<[OrderAttempt]>([])
    let confirmation = OrderConfirmation(id: 5, userId: 1, products: Self.order.products)
    let store = makeStore { attempt in
      sent.withValue { $0.append(attempt) }
      if sent.value.count == 1 { throw error }
      return confirmation
    }
    await checkOut(store)
    await store.send(\.view.alert.confirmPurchase) {
      $0.alert = nil
      $0.order = .sending
      $0.attempt = Self.firstAttempt
    }
    await store.receive(._internal(.orderResponse(.failure(error)))) {
      $0.order = .failed(error)
      $0.alert = AlertState {
        TextState("Order not confirmed")
      } actions: {
        ButtonState { TextState("Done") }
      } message: {
        TextState(
          "\(error.message), so your order may have gone through. Your cart is kept. "
            + "Paying again for the same items is safe: the store takes one order only once. "
            + "To check, look for the order in your order history at the store."
        )
      }
    }
    // The parent keeps the attempt with the saved cart.
    await store.receive(.delegate(.orderUnconfirmed(Self.firstAttempt)))
    await store.send(\.view.alert.dismiss) { $0.alert = nil }
    await placeOrderAgain(store)
    await store.send(\.view.alert.confirmPurchase) {
      $0.alert = nil
      $0.order = .sending
    }
    await store.receive(._internal(.orderResponse(.success(confirmation)))) {
      $0.order = .sent(confirmation)
      $0.attempt = nil
      $0.alert = .orderSucceededForTest(number: 5)
    }
    #expect(sent.value == [Self.firstAttempt, Self.firstAttempt])
  }

  /// A cart changed after an unclear failure is a different order: it gets a key of its own.
  @Test func aChangedCartAfterAnUnclearFailureIsANewAttempt() async {
    let sent = LockIsolated<[OrderAttempt]>([])
    let store = makeStore { attempt in
      sent.withValue { $0.append(attempt) }
      throw APIError.timedOut(seconds: 10)
    }
    store.exhaustivity = .off
    await checkOut(store)
    await store.send(\.view.alert.confirmPurchase)
    await store.receive(\._internal.orderResponse)
    await store.send(\.view.alert.dismiss)
    await store.send(\._internal.items[id: Product.tShirt.id].view.deleteTapped)
    await store.receive(.delegate(.itemRemoved(Product.tShirt.id)))
    #expect(store.state.checkout?.lines == [CartItem(product: .backpack, quantity: 2)], "checkout pays for what the cart holds")
    await placeOrderAgain(store, total: "$219.90")
    await store.send(\.view.alert.confirmPurchase)
    await store.receive(\._internal.orderResponse)
    #expect(sent.value.map(\.idempotencyKey) == ["00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001"])
    #expect(sent.value.last?.order.products == [.init(productId: Product.backpack.id, quantity: 2, price: Product.backpack.price)])
  }

  /// Lines the store no longer lists are not counted, not ordered, and Pay is off when only
  /// they are left.
  @Test func unavailableLinesAreNeitherCountedNorOrdered() async {
    let sent = LockIsolated<OrderAttempt?>(nil)
    let items: IdentifiedArrayOf<CartItemFeature.State> = [
      CartItemFeature.State(unavailableID: 99, quantity: 3),
      CartItemFeature.State(item: CartItem(product: .tShirt, quantity: 1)),
    ]
    let store = makeStore(items: items) { attempt in
      sent.setValue(attempt)
      return OrderConfirmation(id: 1, userId: 1, products: attempt.order.products)
    }
    store.exhaustivity = .off
    #expect(store.state.total == Product.tShirt.price)
    await store.send(\.view.payTapped)
    #expect(store.state.checkout?.lines == [CartItem(product: .tShirt, quantity: 1)])
    await placeOrderAgain(store, total: (Product.tShirt.price + Money(cents: 500)).formatted)
    await store.send(\.view.alert.confirmPurchase)
    await store.receive(\._internal.orderResponse)
    #expect(sent.value?.order.products == [.init(productId: Product.tShirt.id, quantity: 1, price: Product.tShirt.price)])
    #expect(sent.value?.order.total == Product.tShirt.price + Money(cents: 500), "under $100: standard shipping is $5")
    let onlyUnavailable = CartFeature.State(items: [CartItemFeature.State(unavailableID: 99, quantity: 3)], customer: 1)
    #expect(onlyUnavailable.total == .zero && !onlyUnavailable.canPay)
  }

  @Test func cancelClosesTheConfirmation() async {
    let store = makeStore()
    await checkOut(store)
    await store.send(\.view.alert.dismiss) { $0.alert = nil }
  }

  /// Esc on the confirmation presses Cancel (it has the cancel role): the alert goes, nothing
  /// is sent. On the one-button success alert it presses Done, which completes the order.
  @Test func escapePressesTheCancelButtonOrTheOnlyOne() async {
    let store = makeStore()
    await checkOut(store)
    await store.send(.view(.alertEscaped)) { $0.alert = nil }
    await store.send(.view(.alertEscaped))

    var succeeded = store.state
    succeeded.alert = .orderSucceededForTest(number: 3)
    let success = TestStore(initialState: succeeded) { CartFeature() }
    await success.send(.view(.alertEscaped)) { $0.alert = nil }
    await success.receive(.delegate(.orderCompleted))
  }

  @Test func whileSendingTheCartCannotCloseDeleteOrPayAgain() async {
    let release = AsyncStream.makeStream(of: Void.self)
    let confirmation = OrderConfirmation(id: 3, userId: 1, products: [])
    let store = makeStore { _ in
      for await _ in release.stream { break }
      return confirmation
    }
    await checkOut(store)
    await store.send(\.view.alert.confirmPurchase) {
      $0.alert = nil
      $0.order = .sending
      $0.attempt = Self.firstAttempt
    }
    #expect(!store.state.canPay)
    await store.send(.view(.closeTapped))
    await store.send(\.view.payTapped)
    await store.send(\._internal.items[id: Product.tShirt.id].view.deleteTapped)
    await store.receive(\._internal.items[id: Product.tShirt.id].delegate.deleteRequested)

    release.continuation.yield()
    await store.receive(._internal(.orderResponse(.success(confirmation)))) {
      $0.order = .sent(confirmation)
      $0.attempt = nil
      $0.alert = .orderSucceededForTest(number: 3)
    }
  }

  @Test func closingAsksTheParent() async {
    let store = makeStore()
    await store.send(.view(.closeTapped))
    await store.receive(.delegate(.closeRequested))
  }

  @Test func focusMovesThroughTheLinesToPay() async {
    let store = makeStore()
    await store.send(.view(.focusMoved(.down, visibleRows: 10))) { $0.focus = .item(Product.backpack.id) }
    await store.send(.view(.focusMoved(.down, visibleRows: 10))) { $0.focus = .payButton }
    await store.send(.view(.focusMoved(.down, visibleRows: 10)))
    await store.send(.view(.focusMoved(.first, visibleRows: 10))) { $0.focus = .item(Product.tShirt.id) }
  }

  @Test func theKeyboardMovesBetweenAlertButtons() async {
    let store = makeStore()
    await checkOut(store)
    #expect(store.state.alert?.focusedButton?.action == .confirmPurchase)
    await store.send(.view(.alertFocusMoved(by: 1))) { $0.alert?.moveFocus(by: 1) }
    #expect(store.state.alert?.focusedButton?.role == .cancel)
    await store.send(.view(.alertFocusMoved(by: 1))) { $0.alert?.moveFocus(by: 1) }
    #expect(store.state.alert?.focusedButton?.action == .confirmPurchase)
  }
}

extension AlertState where Action == CartFeature.Action.Alert {
  /// The success alert, spelled out independently of the feature's own builder.
  static func orderSucceededForTest(number: Int) -> Self {
    AlertState {
      TextState("Thank you!")
    } actions: {
      ButtonState(action: .orderCompletedAcknowledged) { TextState("Done") }
    } message: {
      TextState("Your order is in process. Your order number is \(number). It ships to Ana Lima, San Francisco, United States.")
    }
  }

  /// The confirmation alert, spelled out independently of the feature's own builder.
  static func confirmPurchaseForTest(total: String) -> Self {
    AlertState {
      TextState("Confirm your purchase")
    } actions: {
      ButtonState(action: .confirmPurchase) { TextState("Pay \(total)") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("Do you want to proceed with your purchase of \(total), shipping to Ana Lima in San Francisco?")
    }
  }
}
