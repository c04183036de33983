import Boundaries

/// One row of the product list: a product and its add-to-cart stepper.
@Reducer
public struct ProductFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Hashable, Identifiable, Sendable {
    public let product: Product
    public var addToCart: AddToCartFeature.State

    public init(product: Product, quantity: Int = 0) {
      self.product = product
      self.addToCart = AddToCartFeature.State(count: quantity)
    }

    public var id: Product.ID { product.id }

    /// How many of this product are in the cart.
    public var quantity: Int {
      get { addToCart.count }
      set { addToCart.count = newValue }
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum InternalAction: Hashable, Sendable {
      case addToCart(AddToCartFeature.Action)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// The customer changed how many of this product they want.
      case quantityChanged(Int)
    }

    case view(Never)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.addToCart, action: \.addToCart) { AddToCartFeature() }
    coreReducer
  }


  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .addToCart(.delegate(.countChanged(count))):
      return .send(.delegate(.quantityChanged(count)))
    case .addToCart:
      return .none
    }
  }
}
