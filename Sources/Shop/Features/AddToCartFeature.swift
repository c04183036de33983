import Boundaries

/// The add-to-cart stepper of a product row: `[ Add to Cart ]` at 0, `[-] 2 [+]` above.
///
/// It keeps its count between 0 and ``State/maximum`` itself, so a quantity is never negative
/// (the original app's stepper went below zero and relied on its parent to clamp it), and
/// tells its parent whenever the count changes.
@Reducer
public struct AddToCartFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Hashable, Sendable {
    public var count: Int

    /// The most of one product a cart may hold.
    public static let maximum = 99

    public init(count: Int = 0) {
      self.count = count
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case plusTapped
      case minusTapped
    }

    public enum DelegateAction: Hashable, Sendable {
      /// The count is now this.
      case countChanged(Int)
    }

    case view(ViewAction)
    case _internal(Never)
    case delegate(DelegateAction)
  }

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
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
