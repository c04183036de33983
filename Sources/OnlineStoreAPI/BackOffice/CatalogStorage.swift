import Foundation
import StoreModels

/// The catalog as the back office changes it: products added, edited and archived, pictures
/// kept in the database so that every API instance serves them, and a version that moves on with
/// every change, so each instance knows when to read the catalog again (``LiveCatalog``).
public protocol CatalogStorage: Sendable {
  /// Moves on with every change of the catalog.
  func catalogVersion() async throws -> Int

  /// Every product, the archived ones with them, and what the database keeps of each picture
  /// the back office gave — its tag, type and size, never its bytes: an instance reads the
  /// catalog again at every change, and pictures are read only when served (``catalogPicture(named:)``).
  func catalogContents() async throws -> CatalogContents

  /// The bytes of picture `name` as the back office gave it, `nil` when there is none.
  func catalogPicture(named name: String) async throws -> CatalogPictures.Picture?

  /// Adds a product made of `draft` (its picture already read and checked, if it is a file) with
  /// the next free id, its stock, and the change in the audit, in one transaction.
  func addProduct(_ draft: ProductDraft, picture: StoredPicture?, by actor: String, at time: Date) async throws -> Product

  /// Changes product `id` to `draft` (its picture kept unless the draft names one; its stock
  /// untouched). Throws ``StockRejection/noSuchProduct`` when there is none.
  func updateProduct(_ id: Int, to draft: ProductDraft, picture: StoredPicture?, by actor: String, at time: Date) async throws -> Product

  /// Archives product `id` (the shop stops listing and selling it; orders keep naming it) or
  /// brings it back.
  func setArchived(_ id: Int, _ archived: Bool, by actor: String, at time: Date) async throws -> Product
}

/// The catalog as the database holds it.
public struct CatalogContents: Sendable {
  public var products: [Product]
  public var archived: Set<Int>
  /// The pictures the back office gave, by name.
  public var pictures: [String: StoredPictureInfo]
}

/// What a stored picture is without its bytes: enough to answer `If-None-Match` and to list it.
public struct StoredPictureInfo: Hashable, Sendable {
  public var entityTag: String
  public var contentType: String
  public var size: Int
}

/// How many pictures the back office may keep in the database at once, and how many bytes they
/// may take together. A replaced picture that no product names any more is deleted with the
/// change that replaced it, so these bound the pictures in use, not the uploads.
public struct PictureBounds: Sendable, Equatable {
  public var count: Int
  public var bytes: Int

  public init(count: Int, bytes: Int) {
    self.count = count
    self.bytes = bytes
  }

  public static let standard = PictureBounds(count: 2_000, bytes: 1_024 * 1_048_576)
}

/// Why the database would not keep a picture.
public enum PictureRejection: Error, Equatable {
  /// Keeping it would pass the database's ``PictureBounds``.
  case full(PictureBounds)
}

/// A picture an operator gave as a file, read and checked, with the name it is served under.
public struct StoredPicture: Sendable {
  public var name: String
  public var picture: CatalogPictures.Picture
}

/// How the audit and the catalog's rows say what a product is.
enum ProductWording {
  /// "Brass pen · $32.95 · stationery".
  static func summary(_ product: Product) -> String {
    "\(product.title) · \(product.price.formatted) · \(product.category)"
  }

  /// `product` as `draft` has it: the same id and rating, and the picture `draft` names (or the
  /// stored one, or the one it had).
  static func apply(_ draft: ProductDraft, to product: Product, picture: StoredPicture?) -> Product {
    var product = product
    product.title = draft.title.trimmingCharacters(in: .whitespacesAndNewlines)
    product.price = draft.price
    product.category = draft.category.trimmingCharacters(in: .whitespacesAndNewlines)
    product.description = draft.description
    if let picture {
      product.imageURL = picture.name
    } else if case let .url(url)? = draft.picture {
      product.imageURL = url
    }
    return product
  }
}
