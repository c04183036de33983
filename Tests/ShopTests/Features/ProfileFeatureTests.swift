import Boundaries
import Shop
import Testing

@MainActor
struct ProfileFeatureTests {
  @Test func loadsTheProfileOnFirstAppearance() async {
    let store = TestStore(initialState: ProfileFeature.State(userID: 1)) {
      ProfileFeature()
    } withDependencies: {
      $0.apiClient.fetchUserProfile = { id in
        #expect(id == 1)
        return .john
      }
    }
    await store.send(.view(.onAppear)) { $0.status = .loading }
    await store.receive(._internal(.profileResponse(.success(.john)))) {
      $0.status = .loaded
      $0.profile = .john
    }
    #expect(store.state.profile?.fullName == "John Doe")
    // Seen again: no second request.
    await store.send(.view(.onAppear))
  }

  @Test func aFailureShowsWhyAndRetryLoads() async {
    let attempts = LockIsolated(0)
    let store = TestStore(initialState: ProfileFeature.State(userID: 7)) {
      ProfileFeature()
    } withDependencies: {
      $0.apiClient.fetchUserProfile = { id in
        attempts.withValue { $0 += 1 }
        if attempts.value == 1 { throw APIError.unreachable("the connection was refused") }
        return .john
      }
    }
    await store.send(.view(.onAppear)) { $0.status = .loading }
    await store.receive(._internal(.profileResponse(.failure(.unreachable("the connection was refused"))))) {
      $0.status = .failed(.unreachable("the connection was refused"))
    }
    #expect(store.state.profile == nil)
    await store.send(.view(.retryTapped)) { $0.status = .loading }
    await store.receive(._internal(.profileResponse(.success(.john)))) {
      $0.status = .loaded
      $0.profile = .john
    }
    // Retry means nothing once loaded.
    await store.send(.view(.retryTapped))
  }

  @Test func namesAreCapitalised() {
    let user = UserProfile(id: 1, email: "", username: "", name: .init(firstname: "mary ann", lastname: "o'neil"))
    #expect(user.fullName == "Mary Ann O'neil")
  }
}
