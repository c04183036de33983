import Shop
import TerminalKit

/// The stock editor of one product: a count to set, or units to add (or take away).
public struct StockEditor: Hashable, Sendable {
  public enum Mode: Hashable, Sendable { case count, adjust }

  public var productID: Product.ID
  public var title: String
  public var current: Int?
  public var mode: Mode
  public var field: TextFieldState
  public var message: String?

  public init(entry: CatalogEntry, mode: Mode) {
    productID = entry.id
    title = entry.product.title
    current = entry.stock
    self.mode = mode
    field = TextFieldState(text: mode == .count ? entry.stock.map(String.init) ?? "" : "", limit: 8)
  }

  /// Digits, and a sign in front when adding or taking away; anything else typed is dropped.
  mutating func edit(_ edit: TextFieldState.Edit) {
    var next = field
    next.apply(edit)
    let allowed = next.text.enumerated().allSatisfy { index, character in
      character.isASCII && (character.isNumber || (mode == .adjust && index == 0 && (character == "-" || character == "+")))
    }
    if allowed {
      field = next
      message = nil
    }
  }

  /// What the typed text asks of the stock, or `nil` when it is not a number in range.
  public func setting() -> StockSetting? {
    guard let value = Int(field.text) else { return nil }
    switch mode {
    case .count: return (0...StockSetting.maximum).contains(value) ? .count(value) : nil
    case .adjust: return value != 0 && (-StockSetting.maximum...StockSetting.maximum).contains(value) ? .adjust(by: value) : nil
    }
  }
}
