import Boundaries

/// The detail sheet of one product (`Enter` on a row): its whole description, scrollable.
///
/// The product and its stepper stay in the product list — the sheet names the product, and the
/// stepper keys it shows reach the list's own row — so there is one quantity, never two.
@Reducer
public struct ProductDetailsFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var productID: Product.ID
    /// Lines of the text scrolled past (the screen draws at most as many as do not fit).
    public var scrollOffset = 0

    public init(productID: Product.ID) {
      self.productID = productID
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      /// The text scrolled by `lines`, on a screen where `limit` lines of it do not fit.
      case scrolled(by: Int, limit: Int)
      case closeTapped
    }

    public enum DelegateAction: Hashable, Sendable {
      case closeRequested
    }

    case view(ViewAction)
    case _internal(Never)
    case delegate(DelegateAction)
  }

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case let .scrolled(lines, limit):
      state.scrollOffset = TextScroll.offset(state.scrollOffset, movedBy: lines, limit: limit)
      return .none
    case .closeTapped:
      return .send(.delegate(.closeRequested))
    }
  }
}
