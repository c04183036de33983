import Boundaries
import Foundation
import Shop
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
    sendOrder: @escaping @Sendable (OrderRequest) async throws -> OrderConfirmation = { _ in
      throw APIError.other("not expected")
    }
  ) -> TestStoreOf<CartFeature> {
    TestStore(initialState: CartFeature.State(items: items, userID: 1)) {
      CartFeature()
    } withDependencies: {
      $0.apiClient.sendOrder = sendOrder
      $0.date.now = .orderDate
    }
  }

  @Test func theTotalIsKnownAsSoonAsTheCartOpens() {
    let state = CartFeature.State(items: Self.items, userID: 1)
    #expect(state.total.formatted == "$264.50")
    #expect(state.canPay)
    #expect(state.focus == .item(Product.tShirt.id))
    let empty = CartFeature.State(items: [], userID: 1)
    #expect(empty.total == .zero && !empty.canPay)
    #expect(empty.focus == .payButton)
  }

  @Test func deletingAnItemRemovesItAndRecomputesTheTotal() async {
    let store = makeStore()
    await store.send(._internal(.items(.element(id: Product.tShirt.id, action: .view(.deleteTapped)))))
    await store.receive(._internal(.items(.element(id: Product.tShirt.id, action: .delegate(.deleteRequested))))) {
      $0.items.remove(id: Product.tShirt.id)
      $0.focus = .item(Product.backpack.id)
    }
    await store.receive(.delegate(.itemRemoved(Product.tShirt.id)))
    #expect(store.state.total == Money(cents: 10_995) * 2)
  }

  @Test func deletingEverythingDisablesPay() async {
    let store = makeStore()
    for product in [Product.tShirt, .backpack] {
      await store.send(._internal(.items(.element(id: product.id, action: .view(.deleteTapped)))))
      await store.receive(._internal(.items(.element(id: product.id, action: .delegate(.deleteRequested))))) {
        $0.items.remove(id: product.id)
        $0.focus = $0.items.first.map { .item($0.id) } ?? .payButton
      }
      await store.receive(.delegate(.itemRemoved(product.id)))
    }
    #expect(store.state.total == .zero)
    #expect(!store.state.canPay)
    // Pay does nothing for an empty cart.
    await store.send(.view(.payTapped))
  }

  @Test func payingSucceeds() async {
    let sent = LockIsolated<OrderRequest?>(nil)
    let confirmation = OrderConfirmation(id: 11, userId: 1, products: [])
    let store = makeStore { order in
      sent.setValue(order)
      return confirmation
    }

    await store.send(.view(.payTapped)) {
      $0.alert = AlertState {
        TextState("Confirm your purchase")
      } actions: {
        ButtonState(action: .confirmPurchase) { TextState("Pay $264.50") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("Do you want to proceed with your purchase of $264.50?")
      }
    }
    await store.send(.view(.alert(.presented(.confirmPurchase)))) {
      $0.alert = nil
      $0.order = .sending
    }
    await store.receive(._internal(.orderResponse(.success(confirmation)))) {
      $0.order = .sent(confirmation)
      $0.alert = .orderSucceededForTest(number: 11)
    }
    #expect(
      sent.value
        == OrderRequest(
          userId: 1, date: .orderDate,
          products: [.init(productId: Product.tShirt.id, quantity: 2), .init(productId: Product.backpack.id, quantity: 2)]
        )
    )
    await store.send(.view(.alert(.presented(.orderCompletedAcknowledged)))) {
      $0.alert = nil
    }
    await store.receive(.delegate(.orderCompleted))
  }

  @Test func payingFailsAndTheCartStaysAsItWas() async {
    let store = makeStore { _ in throw APIError.httpStatus(503) }
    await store.send(.view(.payTapped)) { $0.alert = .confirmPurchaseForTest(total: "$264.50") }
    await store.send(.view(.alert(.presented(.confirmPurchase)))) {
      $0.alert = nil
      $0.order = .sending
    }
    await store.receive(._internal(.orderResponse(.failure(.httpStatus(503))))) {
      $0.order = .failed(.httpStatus(503))
      $0.alert = AlertState {
        TextState("Oops!")
      } actions: {
        ButtonState { TextState("Done") }
      } message: {
        TextState("Unable to send order, try again later. The store answered 503.")
      }
    }
    // "Done" has no action: it dismisses the alert and nothing else changes.
    await store.send(.view(.alert(.dismiss))) { $0.alert = nil }
    #expect(store.state.items == Self.items)
    #expect(store.state.canPay)
    // So the customer can pay again.
    await store.send(.view(.payTapped)) { $0.alert = .confirmPurchaseForTest(total: "$264.50") }
  }

  @Test func cancelClosesTheConfirmation() async {
    let store = makeStore()
    await store.send(.view(.payTapped)) { $0.alert = .confirmPurchaseForTest(total: "$264.50") }
    await store.send(.view(.alert(.dismiss))) { $0.alert = nil }
  }

  @Test func whileSendingTheCartCannotCloseDeleteOrPayAgain() async {
    let release = AsyncStream.makeStream(of: Void.self)
    let confirmation = OrderConfirmation(id: 3, userId: 1, products: [])
    let store = makeStore { _ in
      for await _ in release.stream { break }
      return confirmation
    }
    await store.send(.view(.payTapped)) { $0.alert = .confirmPurchaseForTest(total: "$264.50") }
    await store.send(.view(.alert(.presented(.confirmPurchase)))) {
      $0.alert = nil
      $0.order = .sending
    }
    #expect(!store.state.canPay)
    await store.send(.view(.closeTapped))
    await store.send(.view(.payTapped))
    await store.send(._internal(.items(.element(id: Product.tShirt.id, action: .view(.deleteTapped)))))
    await store.receive(._internal(.items(.element(id: Product.tShirt.id, action: .delegate(.deleteRequested)))))

    release.continuation.yield()
    await store.receive(._internal(.orderResponse(.success(confirmation)))) {
      $0.order = .sent(confirmation)
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
    await store.send(.view(.focusMoved(.down))) { $0.focus = .item(Product.backpack.id) }
    await store.send(.view(.focusMoved(.down))) { $0.focus = .payButton }
    await store.send(.view(.focusMoved(.down)))
    await store.send(.view(.focusMoved(.first))) { $0.focus = .item(Product.tShirt.id) }
  }

  @Test func theKeyboardMovesBetweenAlertButtons() async {
    let store = makeStore()
    await store.send(.view(.payTapped)) { $0.alert = .confirmPurchaseForTest(total: "$264.50") }
    #expect(store.state.alert?.focusedButton?.action == .confirmPurchase)
    await store.send(.view(.alertFocusMoved(by: 1))) { $0.alert?.moveFocus(by: 1) }
    #expect(store.state.alert?.focusedButton?.role == .cancel)
    await store.send(.view(.alertFocusMoved(by: 1))) { $0.alert?.moveFocus(by: 1) }
    #expect(store.state.alert?.focusedButton?.action == .confirmPurchase)
  }
}

extension AlertState where Action == CartFeature.AlertAction {
  /// The success alert, spelled out independently of the feature's own builder.
  static func orderSucceededForTest(number: Int) -> Self {
    AlertState {
      TextState("Thank you!")
    } actions: {
      ButtonState(action: .orderCompletedAcknowledged) { TextState("Done") }
    } message: {
      TextState("Your order is in process. Your order number is \(number).")
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
      TextState("Do you want to proceed with your purchase of \(total)?")
    }
  }
}
