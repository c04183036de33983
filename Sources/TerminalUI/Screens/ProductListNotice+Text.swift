import Shop

extension ProductListNotice {
  /// What the status line says.
  var text: String {
    switch self {
    case let .cartStorage(error):
      error.message
    case let .productsSkipped(count):
      "\(count) \(count == 1 ? "product" : "products") from the store could not be read and \(count == 1 ? "is" : "are") not shown."
    case .hostRestarting:
      "This host is restarting in a moment. Your cart is saved: connect again to go on shopping."
    case let .refreshFailed(error):
      "The list could not be refreshed (\(error.message)); it shows what the store said before. r tries again."
    }
  }
}

extension EarlierVersionCartOffer {
  /// `3 items: Backpack ×2, #31 ×1`.
  var text: String {
    "\(Counted.items(unitCount)): " + lines.map { "\($0.title ?? "#\($0.id)") ×\($0.quantity)" }.joined(separator: ", ")
  }
}
