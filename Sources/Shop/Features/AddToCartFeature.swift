import Boundaries

/// The add-to-cart stepper of a product row: `[ Add to Cart ]` at 0, `[-] 2 [+]` above.
///
/// It keeps its count between 0 and ``State/maximum`` itself, so a quantity is never negative
/// (the original app's stepper went below zero and relied on its parent to clamp it), and
/// tells its parent whenever the count changes. Where the store has less than that left, `+`
/// stops at what is left (``State/limit``); a count already above it (the stock fell after the
/// product went into the cart) is kept, not cut: the shopper decides, and checkout tells them.
@Reducer
public struct AddToCartFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Hashable, Sendable {
    public var count: Int
    /// The most `+` goes to: ``maximum``, or what the store has left when that is less.
    public var limit: Int

    /// The most of one product a cart may hold: ``CartBounds/maximumQuantity``, which the cart's
    /// file and the API refuse to go past.
    public static var maximum: Int { CartBounds.maximumQuantity }

    public init(count: Int = 0, limit: Int = maximum) {
      self.count = count
      self.limit = min(max(limit, 0), Self.maximum)
    }

    /// Whether `+` adds one.
    public var canAdd: Bool { count < limit }
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
      if state.canAdd { state.count += 1 }
    case .minusTapped:
      state.count = max(state.count - 1, 0)
    }
    return state.count == previous ? .none : .send(.delegate(.countChanged(state.count)))
  }
}
