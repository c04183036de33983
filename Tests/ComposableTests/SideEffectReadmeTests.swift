import Composable
import Testing

// The README's "Testing Side effects": a fetch whose answer comes back as an action, received
// by the test, with the API replaced through a dependency.

struct Product: Equatable, Identifiable, Sendable {
  let id: Int
  let title: String
}

struct FetchError: Error, Equatable {}

struct ProductsClient: Sendable {
  var fetchProducts: @Sendable () async throws -> [Product]
}

extension ProductsClient: TestDependencyKey {
  static let testValue = ProductsClient(
    fetchProducts: unimplemented("ProductsClient.fetchProducts", placeholder: [])
  )
}

extension DependencyValues {
  var productsClient: ProductsClient {
    get { self[ProductsClient.self] }
    set { self[ProductsClient.self] = newValue }
  }
}

struct ProductListDomain: Reducer {
  enum DataLoadingStatus: Equatable {
    case notStarted, loading, success, error
  }

  struct State: Equatable {
    var dataLoadingStatus = DataLoadingStatus.notStarted
    var products: [Product] = []
  }

  enum Action: Equatable {
    case fetchProducts
    case fetchProductsResponse(Result<[Product], FetchError>)
  }

  @Dependency(\.productsClient) var productsClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetchProducts:
      state.dataLoadingStatus = .loading
      return .run { send in
        do {
          await send(.fetchProductsResponse(.success(try await productsClient.fetchProducts())))
        } catch {
          await send(.fetchProductsResponse(.failure(FetchError())))
        }
      }
    case let .fetchProductsResponse(.success(products)):
      state.products = products
      state.dataLoadingStatus = .success
      return .none
    case .fetchProductsResponse(.failure):
      state.products = []
      state.dataLoadingStatus = .error
      return .none
    }
  }
}

@MainActor
struct SideEffectReadmeTests {
  let products = [Product(id: 1, title: "ProductDemo"), Product(id: 2, title: "AnotherProduct")]

  @Test func sideEffects() async {
    let products = self.products
    let store = TestStore(initialState: ProductListDomain.State()) {
      ProductListDomain()
    } withDependencies: {
      $0.productsClient.fetchProducts = { products }
    }

    await store.send(.fetchProducts) {
      $0.dataLoadingStatus = .loading
    }
    await store.receive(.fetchProductsResponse(.success(products))) {
      $0.products = products
      $0.dataLoadingStatus = .success
    }
  }

  @Test func failingSideEffect() async {
    let store = TestStore(initialState: ProductListDomain.State()) {
      ProductListDomain()
    } withDependencies: {
      $0.productsClient.fetchProducts = { throw FetchError() }
    }

    await store.send(.fetchProducts) {
      $0.dataLoadingStatus = .loading
    }
    await store.receive(.fetchProductsResponse(.failure(FetchError()))) {
      $0.dataLoadingStatus = .error
    }
  }

  @Test func anUnimplementedDependencyFailsTheTest() async {
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: ProductListDomain.State()) {
        ProductListDomain()
      }
      store.exhaustivity = .off
      await store.send(.fetchProducts)
      await store.receive(.fetchProductsResponse(.success([])))
    } matching: { issue in
      issue.description.contains("ProductsClient.fetchProducts")
    }
  }
}
