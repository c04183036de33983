import Foundation

/// A product as the operator writes it in the back office: what `POST /admin/products` adds and
/// `PUT /admin/products/{id}` changes. The id, the rating and (once it is sold) the prices
/// orders were placed at are the store's.
public struct ProductDraft: Hashable, Sendable, Codable {
  public var title: String
  public var price: Money
  public var category: String
  public var description: String
  /// Where its picture comes from; `nil` keeps the one it has (none for a new product).
  public var picture: PictureSource?
  /// Units in stock for a new product (`nil`: no limit). A product's stock is changed by the
  /// stock routes afterwards, never by an edit: an edit typed while orders came in must not
  /// write back a count they had already changed.
  public var stock: Int?

  public init(title: String, price: Money, category: String, description: String = "", picture: PictureSource? = nil, stock: Int? = nil) {
    self.title = title
    self.price = price
    self.category = category
    self.description = description
    self.picture = picture
    self.stock = stock
  }

  private enum CodingKeys: String, CodingKey { case title, price, category, description, picture, stock }

  /// A description may be left out: it is then empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    price = try container.decode(Money.self, forKey: .price)
    category = try container.decode(String.self, forKey: .category)
    description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
    picture = try container.decodeIfPresent(PictureSource.self, forKey: .picture)
    stock = try container.decodeIfPresent(Int.self, forKey: .stock)
  }

  /// A picture as the operator gives it: a file on the server's own machine (read and checked
  /// by the server, then kept in its database so every instance serves it), or an address the
  /// shop fetches it from.
  public enum PictureSource: Hashable, Sendable, Codable {
    case file(String)
    case url(String)

    private enum CodingKeys: String, CodingKey { case file, url }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      switch (try container.decodeIfPresent(String.self, forKey: .file), try container.decodeIfPresent(String.self, forKey: .url)) {
      case let (file?, nil): self = .file(file)
      case let (nil, url?): self = .url(url)
      default: throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "a picture is {\"file\": …} or {\"url\": …}"))
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch self {
      case let .file(path): try container.encode(path, forKey: .file)
      case let .url(url): try container.encode(url, forKey: .url)
      }
    }
  }

  public enum Field: String, CaseIterable, Hashable, Sendable {
    case title, price, category, description, picture, stock
  }

  public static let maximumTitle = 200
  public static let maximumCategory = 50
  public static let maximumDescription = 5_000
  public static let maximumPrice = Money(cents: 10_000_000)

  /// What is wrong with each field, if anything: the same rules the server and the console's
  /// form keep.
  public var problems: [Field: String] {
    var problems: [Field: String] = [:]
    problems[.title] = VisibleText.problem(title, most: Self.maximumTitle)
    problems[.category] = VisibleText.problem(category, most: Self.maximumCategory)
    problems[.description] = VisibleText.problem(description, most: Self.maximumDescription, required: false, lineBreaks: true)
    if price.cents <= 0 || price > Self.maximumPrice { problems[.price] = "From $0.01 to \(Self.maximumPrice.formatted)" }
    if let stock, !(0...StockSetting.maximum).contains(stock) { problems[.stock] = "From 0 to \(StockSetting.maximum), or none for no limit" }
    switch picture {
    case let .url(url)?:
      // Plain ASCII with nothing a terminal or a header would read: what every client can fetch.
      let parsed = URL(string: url)
      let scheme = parsed?.scheme?.lowercased()
      let plain = url.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }
      if url.utf8.count > 1_024 || !plain || !(scheme == "http" || scheme == "https") || parsed?.host == nil || parsed?.user != nil
        || parsed?.password != nil
      {
        problems[.picture] = "A full path on the store's server (/…), or an http or https address without spaces or a user name"
      }
    case let .file(path)?:
      if !path.hasPrefix("/") || path.utf8.count > 1_024 || path.contains("\u{0}") { problems[.picture] = "A full path on the store's server" }
    case nil:
      break
    }
    return problems
  }
}

/// One product as the back office lists it: the product, whether the shop still lists it, and
/// its stock (`nil`: no limit).
public struct CatalogEntry: Hashable, Sendable, Codable, Identifiable {
  public var product: Product
  public var archived: Bool
  public var stock: Int?

  public var id: Int { product.id }

  public init(product: Product, archived: Bool, stock: Int?) {
    self.product = product
    self.archived = archived
    self.stock = stock
  }
}
