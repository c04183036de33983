import Boundaries

// What the product list's state says of itself: the cart as it would open, what the tab bar
// shows, the selection, and what its cart keeping reads (``CartKeepingState``).
extension ProductListFeature.State {
  /// Quantities by product id: the listed products in the cart and the unavailable lines.
  public var quantities: [Product.ID: Int] {
    var quantities = unavailableQuantities
    for index in indicesInCart {
      quantities[products[index].id] = products[index].quantity
    }
    return quantities
  }

  /// The positions in ``products`` of the products in the cart, in list order.
  ///
  /// It reads each row's quantity in place: the tab bar asks on every frame, and iterating
  /// the rows themselves would copy each one (its strings retained and released): with
  /// 100,000 products that was most of the 4.8 ms a selection move took (`browsing-benchmarks`).
  var indicesInCart: [Int] {
    products.elements.withUnsafeBufferPointer { rows in
      rows.indices.filter { rows[$0].addToCart.count > 0 }
    }
  }

  /// The cart as it would open now: products with a quantity above 0 in list order, then the
  /// lines the store does not list, by id.
  public var cartLines: [CartItemFeature.State] {
    indicesInCart.map { products[$0] }.map { CartItemFeature.State(item: CartItem(product: $0.product, quantity: $0.quantity)) }
      + unavailableQuantities.sorted { $0.key < $1.key }.map { CartItemFeature.State(unavailableID: $0.key, quantity: $0.value) }
  }

  /// What the tab bar says of the cart.
  public var cartSummary: CartSummary {
    if case let .waiting(saved) = kept.restoration, saved.unitCount > 0 {
      return .restoring(units: saved.unitCount)
    }
    let items = indicesInCart.map { products[$0] }
    return CartSummary(
      units: items.reduce(0) { $0 + $1.quantity },
      total: items.sum { $0.product.price * $0.quantity },
      unavailableLines: unavailableQuantities.count
    )
  }

  /// Version 1.0's cart as this store would take it in, its products named as this store lists
  /// them. Offered only once the saved cart is restored.
  public var earlierVersionCartOffer: EarlierVersionCartOffer? {
    guard kept.restoration == .done, let earlier = kept.earlierVersionCart else { return nil }
    return EarlierVersionCartOffer(
      lines: earlier.quantities.sorted { $0.key < $1.key }.map { id, quantity in
        EarlierVersionCartOffer.Line(id: id, title: products[id: id]?.product.title, quantity: quantity)
      }
    )
  }

  /// The products on the list now, in order, as browsing decided.
  public var shownIDs: [Product.ID] { browsing.shownIDs }

  /// The index of the selected row among the rows shown.
  public var selectedIndex: Int? {
    selectedID.flatMap { shownIDs.firstIndex(of: $0) }
  }

  /// The selected product's row.
  public var selectedRow: ProductFeature.State? {
    selectedID.flatMap { products[id: $0] }
  }

  /// Sets how many of product `id` are in the cart, whether the store lists it or not.
  mutating func setQuantity(_ quantity: Int, of id: Product.ID) {
    let quantity = min(max(quantity, 0), AddToCartFeature.State.maximum)
    if products[id: id] != nil {
      if products[id: id]?.quantity != quantity { products[id: id]?.quantity = quantity }
    } else {
      unavailableQuantities[id] = quantity > 0 ? quantity : nil
    }
  }

  /// What the list's status line is about, and so what Esc answers, the most pressing first:
  /// a notice (dismissed), then version 1.0's cart on offer (left for now), then the search in
  /// force (cleared). The status line, the key map and the reducer all ask this.
  public enum Attention: Hashable, Sendable {
    case notice(ProductListNotice)
    case earlierVersionCart(offer: EarlierVersionCartOffer)
    case search
  }

  public var attention: Attention? {
    if let notice { return .notice(notice) }
    if let offer = earlierVersionCartOffer { return .earlierVersionCart(offer: offer) }
    if !browsing.query.isEmpty { return .search }
    return nil
  }

  /// The index in ``shownIDs`` of the first row on screen.
  public var scrollOffset: Int {
    get { scroll.offset }
    set { scroll.offset = newValue }
  }
}

/// The list holds the cart its keeping keeps: `kept` beside the rows, each line's quantity on its
/// row (or aside, for a product the store does not list).
extension ProductListFeature.State: CartKeepingState {
  var catalogLoaded: Bool { status == .loaded }
  var checkoutOnScreen: CheckoutDraft? { cart?.checkout?.draft }
}
