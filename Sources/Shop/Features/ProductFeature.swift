import Boundaries

/// One row of the product list: a product and its add-to-cart stepper.
@Reducer
public struct ProductFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Hashable, Identifiable, Sendable {
    public let product: Product
    public var addToCart: AddToCartFeature.State
    /// What the store has left of it; `nil` when it sells without a limit. The stepper stops
    /// there.
    public var stockLeft: Int? {
      didSet { addToCart.limit = stockLeft.map { min(max($0, 0), AddToCartFeature.State.maximum) } ?? AddToCartFeature.State.maximum }
    }

    public init(product: Product, quantity: Int = 0) {
      self.product = product
      self.addToCart = AddToCartFeature.State(count: quantity)
    }

    /// Whether the store has none of it left.
    public var isSoldOut: Bool { stockLeft.map { $0 <= 0 } ?? false }

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
