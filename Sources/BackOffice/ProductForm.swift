import Foundation
import Shop
import TerminalKit

/// A product as the operator types it in the back office's form: a new one, or one being
/// edited. The fields are the kit's editing values; the form is made from them for each key and
/// each frame, and a submit checks them by ``ProductDraft``'s rules, the server's own.
public struct ProductForm: Hashable, Sendable {
  public enum Field: Hashable, Sendable { case title, price, category, description, stock, picture, save, cancel }

  /// The product edited; `nil` for a new one.
  public var editing: Product.ID?
  public var title = TextFieldState(limit: ProductDraft.maximumTitle)
  public var price = TextFieldState(limit: 12)
  public var category = TextFieldState(limit: ProductDraft.maximumCategory)
  public var description = TextFieldState(limit: ProductDraft.maximumDescription, multiline: true)
  /// Only for a new product: an edit leaves the stock to the stock editor.
  public var stock = TextFieldState(limit: 8)
  /// A full path on the store's server, or an http(s) address; empty keeps the picture.
  public var picture = TextFieldState(limit: 1_024)
  public var focus: Field? = .title
  public var messages: [Field: String] = [:]
  /// The categories the store has, offered under the category field.
  public var categories: [String]

  public init(categories: [String]) {
    self.categories = categories
  }

  public init(editing product: Product, categories: [String]) {
    self.categories = categories
    editing = product.id
    title = TextFieldState(text: product.title, limit: ProductDraft.maximumTitle)
    price = TextFieldState(text: "\(product.price.dollars)", limit: 12)
    category = TextFieldState(text: product.category, limit: ProductDraft.maximumCategory)
    description = TextFieldState(text: product.description, limit: ProductDraft.maximumDescription, multiline: true)
  }

  public var heading: String { editing.map { "Edit product \($0)" } ?? "New product" }

  public var form: Form<ProductForm, Field> {
    var fields: [FormField<ProductForm, Field>] = [
      .text(.title, "Title", \.title, required: true, message: messages[.title]),
      .text(.price, "Price ($)", \.price, placeholder: "12.50", required: true, message: messages[.price]),
      .text(.category, "Category", \.category, placeholder: categoryHint, required: true, message: messages[.category]),
      .textArea(.description, "Description", \.description, rows: 3, message: messages[.description]),
    ]
    if editing == nil { fields.append(.text(.stock, "Stock", \.stock, placeholder: "none: no limit", message: messages[.stock])) }
    fields.append(
      .text(.picture, "Picture", \.picture, placeholder: editing == nil ? "/path/on/the/server.png or https://…" : "keep the picture it has", message: messages[.picture])
    )
    // Enter on the last field saves too; the buttons say so where a person looks for it.
    fields += [.button(.save, "Save"), .button(.cancel, "Cancel")]
    return Form(self, focus: focus, fields: fields)
  }

  /// The store's categories, as the placeholder says them: type one of them, or a new one.
  private var categoryHint: String {
    categories.isEmpty ? "a new category" : categories.joined(separator: ", ")
  }

  /// What a submit comes to.
  public enum Outcome: Hashable, Sendable {
    case ready(ProductDraft)
    case needsFixing(ProductForm)
  }

  public func submitted() -> Outcome {
    var checked = self
    checked.messages = [:]
    let priceText = price.text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "$", with: "")
    let money = Decimal(string: priceText).flatMap { Money(dollars: $0) }
    if money == nil { checked.messages[.price] = "A price in dollars, such as 12.50" }
    let stockText = stock.text.trimmingCharacters(in: .whitespaces)
    let count = stockText.isEmpty ? nil : Int(stockText)
    if editing == nil, !stockText.isEmpty, count == nil { checked.messages[.stock] = "A number of units, or none for no limit" }
    let pictureText = picture.text.trimmingCharacters(in: .whitespaces)
    let source: ProductDraft.PictureSource? =
      pictureText.isEmpty ? nil : pictureText.hasPrefix("/") ? .file(pictureText) : .url(pictureText)
    let draft = ProductDraft(
      title: title.text, price: money ?? .zero, category: category.text, description: description.text, picture: source,
      stock: editing == nil ? count : nil
    )
    for (field, problem) in draft.problems where checked.messages[Self.field(field)] == nil {
      checked.messages[Self.field(field)] = problem
    }
    guard checked.messages.isEmpty else {
      checked.focus = [Field.title, .price, .category, .description, .stock, .picture].first { checked.messages[$0] != nil }
      return .needsFixing(checked)
    }
    return .ready(draft)
  }

  /// The field a refusal of the store names ("picture: … is not a readable …"), and the rest of it.
  public static func field(namedIn message: String) -> (Field, String)? {
    guard let colon = message.firstIndex(of: ":"), let named = ProductDraft.Field(rawValue: message[..<colon].lowercased()) else { return nil }
    let rest = message[message.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    return (field(named), rest.prefix(1).uppercased() + rest.dropFirst())
  }

  private static func field(_ field: ProductDraft.Field) -> Field {
    switch field {
    case .title: .title
    case .price: .price
    case .category: .category
    case .description: .description
    case .picture: .picture
    case .stock: .stock
    }
  }
}
