/// The add-to-cart control of a product row: `[ Add to Cart ]` at 0, `[-]  2 [+]` above.
public enum StepperText {
  /// The columns the control takes, whatever the quantity.
  public static let width = 15

  public static func text(count: Int) -> String {
    guard count > 0 else { return "[ Add to Cart ]" }
    let number = String(count)
    return TextLayout.pad("[-] " + String(repeating: " ", count: max(0, 3 - number.count)) + number + " [+]", toWidth: width, alignment: .trailing)
  }
}
