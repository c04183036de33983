/// Something the customer should know that is not an error of the product list itself, as
/// data: the screens write it (`ProductListNotice+Text.swift` in TerminalUI).
public enum ProductListNotice: Hashable, Sendable {
  /// The saved cart could not be read or written.
  case cartStorage(CartStorageError)
  /// This many products of the store's answer could not be read, and are not shown.
  case productsSkipped(Int)
  /// The host of this session is restarting; the cart is kept, and connecting again reaches
  /// another host.
  case hostRestarting
  /// Fetching the list again failed; the list from before is still shown.
  case refreshFailed(APIError)
}

/// Version 1.0's cart as this store would take it in: its lines, named by the products this
/// store lists (`nil` for one it does not), so the customer can tell whether it was meant for
/// this store.
public struct EarlierVersionCartOffer: Hashable, Sendable {
  public struct Line: Hashable, Sendable {
    public var id: Product.ID
    public var title: String?
    public var quantity: Int

    public init(id: Product.ID, title: String?, quantity: Int) {
      self.id = id
      self.title = title
      self.quantity = quantity
    }
  }

  public var lines: [Line]

  public init(lines: [Line]) {
    self.lines = lines
  }

  public var unitCount: Int { lines.reduce(0) { $0 + $1.quantity } }
}
