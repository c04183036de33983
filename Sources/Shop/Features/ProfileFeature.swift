import Boundaries

/// The Profile tab: the customer's name and email.
///
/// Fetched when the tab first appears; a failure shows why and offers Retry (the original app
/// showed empty fields forever).
public struct ProfileFeature: BoundingReducer, Sendable {
  public struct State: Equatable, Sendable {
    public var userID: Int
    public var status: FetchStatus = .idle
    public var profile: UserProfile?

    public init(userID: Int = 1) {
      self.userID = userID
    }
  }

  public typealias Action = FeatureAction<ViewAction, InternalAction, Never>

  public enum ViewAction: Hashable, Sendable {
    case onAppear
    case retryTapped
  }

  @CasePathable
  public enum InternalAction: Hashable, Sendable {
    case profileResponse(Result<UserProfile, APIError>)
  }

  private enum CancelID { case fetch }

  @Dependency(\.apiClient) var apiClient

  public init() {}

  public func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
    switch action {
    case .onAppear:
      guard state.status.allowsFetch else { return .none }
      return fetchProfile(&state)
    case .retryTapped:
      guard case .failed = state.status else { return .none }
      return fetchProfile(&state)
    }
  }

  public func reduce(into state: inout State, internalAction action: InternalAction) -> Effect<Action> {
    switch action {
    case let .profileResponse(.success(profile)):
      state.status = .loaded
      state.profile = profile
    case let .profileResponse(.failure(error)):
      state.status = .failed(error)
    }
    return .none
  }

  private func fetchProfile(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    let id = state.userID
    return .run { send in
      do {
        await send(._internal(.profileResponse(.success(try await apiClient.fetchUserProfile(id: id)))))
      } catch {
        await send(._internal(.profileResponse(.failure(APIError(error)))))
      }
    }
    .cancellable(id: CancelID.fetch, cancelInFlight: true)
  }
}
