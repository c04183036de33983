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
    /// Lines of the text scrolled past.
    public var scrollOffset = 0
    /// How far the text can scroll at the screen's size (the screen reports it); 0 when it fits.
    public var scrollLimit = 0

    public init(productID: Product.ID) {
      self.productID = productID
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case scrolled(by: Int)
      /// The screen has this many more lines of text than fit.
      case scrollLimitChanged(Int)
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
    case let .scrolled(lines):
      state.scrollOffset = min(max(0, state.scrollOffset + lines), state.scrollLimit)
      return .none
    case let .scrollLimitChanged(limit):
      state.scrollLimit = max(0, limit)
      state.scrollOffset = min(state.scrollOffset, state.scrollLimit)
      return .none
    case .closeTapped:
      return .send(.delegate(.closeRequested))
    }
  }
}
