/// The shop's words on the kit's quantity control: at 0 it offers to add the product to the cart.
enum CartStepper {
  static func emptyLabel(compact: Bool) -> String {
    compact ? "Add" : "Add to Cart"
  }
}
