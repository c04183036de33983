import Composable
import Foundation
import Testing

// The seed app (OnlineStoreTCA at TCA 1.15) writes its cart feature this way; this is a small
// version of it in the same spelling — `@Reducer`, `@ObservableState`, `@Presents`,
// `IdentifiedActionOf`, `TaskResult`, `.forEach(\.cartItems, action: \.cartItem)`,
// `.ifLet(\.$alert, action: \.alert)` — tested as the seed tests it.

struct SeedProduct: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
  var price: Double
}

/// The seed's API client, as the seed declares it: `@DependencyClient` writes an unimplemented
/// default for every endpoint, so a test fails on any call it did not set up.
@DependencyClient
struct SeedAPIClient {
  var sendOrder: @Sendable (_ products: [SeedProduct]) async throws -> Int
}

extension SeedAPIClient: TestDependencyKey {
  static let testValue = SeedAPIClient()
}

extension DependencyValues {
  var seedAPIClient: SeedAPIClient {
    get { self[SeedAPIClient.self] }
    set { self[SeedAPIClient.self] = newValue }
  }
}

@Reducer
struct CartItemDomain {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: UUID
    var product: SeedProduct
    var quantity: Int
  }

  enum Action: Equatable {
    case deleteCartItem(product: SeedProduct)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
  }
}

struct PurchaseFailed: Error, Equatable {}

@Reducer
struct CartListDomain {
  @ObservableState
  struct State: Equatable {
    var cartItems: IdentifiedArrayOf<CartItemDomain.State> = []
    var totalPrice: Double = 0
    var isPayButtonDisabled = false
    @Presents var alert: AlertState<Action.Alert>?
  }

  enum Action: Equatable {
    case cartItem(IdentifiedActionOf<CartItemDomain>)
    case getTotalPrice
    case didPressPayButton
    case didReceivePurchaseResponse(TaskResult<Int>)
    case alert(PresentationAction<Alert>)

    enum Alert: Equatable {
      case didConfirmPurchase
      case didCancelConfirmation
      case dismissSuccessAlert
    }
  }

  @Dependency(\.seedAPIClient) var apiClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .cartItem(.element(id, .deleteCartItem)):
        state.cartItems.remove(id: id)
        return .send(.getTotalPrice)

      case .getTotalPrice:
        state.totalPrice = state.cartItems.reduce(0) { $0 + $1.product.price * Double($1.quantity) }
        state.isPayButtonDisabled = state.totalPrice == 0
        return .none

      case .didPressPayButton:
        state.alert = .confirmationAlert(totalPriceString: "$\(state.totalPrice)")
        return .none

      case .alert(.presented(.didConfirmPurchase)):
        let products = state.cartItems.map(\.product)
        return .run { send in
          await send(.didReceivePurchaseResponse(TaskResult { try await apiClient.sendOrder(products) }))
        }

      case .didReceivePurchaseResponse(.success):
        state.alert = .successAlert
        return .none

      case .didReceivePurchaseResponse(.failure):
        return .none

      case .alert:
        return .none
      }
    }
    .forEach(\.cartItems, action: \.cartItem) {
      CartItemDomain()
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension AlertState where Action == CartListDomain.Action.Alert {
  static var successAlert: AlertState {
    AlertState {
      TextState("Thank you!")
    } actions: {
      ButtonState(action: .dismissSuccessAlert, label: { TextState("Done") })
    } message: {
      TextState("Your order is in process.")
    }
  }

  static func confirmationAlert(totalPriceString: String) -> AlertState {
    AlertState {
      TextState("Confirm your purchase")
    } actions: {
      ButtonState(action: .didConfirmPurchase, label: { TextState("Pay \(totalPriceString)") })
      ButtonState(role: .cancel, action: .didCancelConfirmation, label: { TextState("Cancel") })
    } message: {
      TextState("Do you want to proceed with your purchase of \(totalPriceString)?")
    }
  }
}

@MainActor
struct SeedAppSpellingTests {
  static let products = [SeedProduct(id: 1, title: "Backpack", price: 10), SeedProduct(id: 2, title: "Mug", price: 5)]
  static let first = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
  static let second = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!

  static var twoItems: CartListDomain.State {
    CartListDomain.State(cartItems: [
      .init(id: first, product: products[0], quantity: 2),
      .init(id: second, product: products[1], quantity: 1),
    ])
  }

  @Test func deletingAnItemByCaseKeyPathUpdatesTheTotal() async {
    let store = TestStore(initialState: Self.twoItems) { CartListDomain() }
    await store.send(\.cartItem[id: Self.first].deleteCartItem, Self.products[0]) {
      $0.cartItems.remove(id: Self.first)
    }
    await store.receive(\.getTotalPrice) {
      $0.totalPrice = 5
    }
  }

  @Test func confirmingThroughTheAlertSkipsPresented() async {
    let store = TestStore(initialState: Self.twoItems) {
      CartListDomain()
    } withDependencies: {
      $0.seedAPIClient.sendOrder = { _ in 42 }
    }
    await store.send(.getTotalPrice) { $0.totalPrice = 25 }
    await store.send(.didPressPayButton) {
      $0.alert = .confirmationAlert(totalPriceString: "$25.0")
    }
    // `\.alert.didConfirmPurchase` is `.alert(.presented(.didConfirmPurchase))`.
    await store.send(\.alert.didConfirmPurchase) {
      $0.alert = nil
    }
    await store.receive(\.didReceivePurchaseResponse.success, 42) {
      $0.alert = .successAlert
    }
  }

  @Test func aTaskResultKeepsTheErrorAndComparesIt() async {
    let failed = await TaskResult<Int> { throw PurchaseFailed() }
    #expect(failed == .failure(PurchaseFailed()))
    #expect(failed != .success(1))
    #expect(throws: PurchaseFailed.self) { try failed.value }
    let succeeded = await TaskResult { 7 }
    #expect(succeeded == .success(7) && succeeded.map { $0 * 2 } == .success(14))
  }

  @Test func aStoreReadsItsStateByDynamicMember() {
    let store = Store(initialState: Self.twoItems) { CartListDomain() }
    store.send(.getTotalPrice)
    #expect(store.totalPrice == 25)
    #expect(store.cartItems.count == 2)
  }
}
