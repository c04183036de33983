import Boundaries

/// One line of the cart: a product, its quantity, and a delete button.
public struct CartItemFeature: BoundingReducer, Sendable {
  public struct State: Hashable, Identifiable, Sendable {
    public var item: CartItem

    public init(item: CartItem) {
      self.item = item
    }

    public var id: Product.ID { item.id }
  }

  public typealias Action = FeatureAction<ViewAction, Never, DelegateAction>

  public enum ViewAction: Hashable, Sendable {
    case deleteTapped
  }

  public enum DelegateAction: Hashable, Sendable {
    /// The customer wants this line out of the cart; the cart decides.
    case deleteRequested
  }

  public init() {}

  public func reduce(into state: inout State, viewAction action: ViewAction) -> Effect<Action> {
    switch action {
    case .deleteTapped:
      .send(.delegate(.deleteRequested))
    }
  }
}
