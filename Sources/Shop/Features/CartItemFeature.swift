import Boundaries

/// One line of the cart: a product, its quantity, and a delete button.
///
/// A line whose product the store does not list right now (it stopped selling it, or its list
/// did not load whole) is kept and shown as no longer available: it has no price, counts for
/// nothing in the total and is never ordered, and the customer can delete it.
@Reducer
public struct CartItemFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Hashable, Identifiable, Sendable {
    public let id: Product.ID
    public var quantity: Int
    /// The product as the store lists it now; `nil` when it does not.
    public var product: Product?

    public init(item: CartItem) {
      self.id = item.id
      self.quantity = item.quantity
      self.product = item.product
    }

    /// A line for product `id`, which the store does not list now.
    public init(unavailableID id: Product.ID, quantity: Int) {
      self.id = id
      self.quantity = quantity
      self.product = nil
    }

    /// The line as something to pay for, or `nil` when it is not available.
    public var item: CartItem? {
      product.map { CartItem(product: $0, quantity: quantity) }
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case deleteTapped
      /// One more of it (`+`).
      case plusTapped
      /// One fewer (`-`); at one, the line goes, as `-` at one does on the product list.
      case minusTapped
    }

    public enum DelegateAction: Hashable, Sendable {
      /// The customer wants this line out of the cart; the cart decides.
      case deleteRequested
      /// The line's quantity changed here; the product list keeps the cart, and may hold it to
      /// what the store has left.
      case quantityChanged(Int)
    }

    case view(ViewAction)
    case _internal(Never)
    case delegate(DelegateAction)
  }

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .deleteTapped:
      return .send(.delegate(.deleteRequested))
    case .plusTapped:
      // A line the store does not list now can only be deleted.
      guard state.product != nil, state.quantity < AddToCartFeature.State.maximum else { return .none }
      state.quantity += 1
      return .send(.delegate(.quantityChanged(state.quantity)))
    case .minusTapped:
      guard state.quantity > 1 else { return .send(.delegate(.deleteRequested)) }
      state.quantity -= 1
      return .send(.delegate(.quantityChanged(state.quantity)))
    }
  }
}
