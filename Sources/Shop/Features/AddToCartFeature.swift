import Boundaries

/// The add-to-cart stepper of a product row: `[ Add to Cart ]` at 0, `[-] 2 [+]` above.
///
/// It keeps its count between 0 and ``State/maximum`` itself, so a quantity is never negative
/// (the original app's stepper went below zero and relied on its parent to clamp it), and
/// tells its parent whenever the count changes.
public struct AddToCartFeature: BoundingReducer, Sendable {
  public struct State: Hashable, Sendable {
    public var count: Int

    /// The most of one product a cart may hold.
    public static let maximum = 99

    public init(count: Int = 0) {
      self.count = count
    }
  }

  public typealias Action = FeatureAction<ViewAction, Never, DelegateAction>

  public enum ViewAction: Hashable, Sendable {
    case plusTapped
    case minusTapped
  }

  public enum DelegateAction: Hashable, Sendable {
    /// The count is now this.
    case countChanged(Int)
  }

  public init() {}

  public func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
    let previous = state.count
    switch action {
    case .plusTapped:
      state.count = min(state.count + 1, State.maximum)
    case .minusTapped:
      state.count = max(state.count - 1, 0)
    }
    return state.count == previous ? .none : .send(.delegate(.countChanged(state.count)))
  }
}
