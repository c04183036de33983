import Shop

/// The shop's words on the kit's quantity control: at 0 it offers to add the product to the
/// cart, or says the store has none.
enum CartStepper {
  static func emptyLabel(compact: Bool) -> String {
    compact ? "Add" : "Add to Cart"
  }

  /// What it says at 0 of a product the store has none of: a button that does nothing.
  static func soldOutLabel(compact: Bool) -> String {
    compact ? "None" : "Sold out"
  }

  /// The label at 0 for `row`.
  static func emptyLabel(for row: ProductFeature.State, compact: Bool) -> String {
    row.isSoldOut ? soldOutLabel(compact: compact) : emptyLabel(compact: compact)
  }
}
