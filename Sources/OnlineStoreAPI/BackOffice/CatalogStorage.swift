import Foundation
import StoreModels

/// The catalog as the back office changes it: products added, edited and archived, pictures
/// kept in the database so that every API instance serves them, and a version that moves on with
/// every change, so each instance knows when to read the catalog again (``LiveCatalog``).
public protocol CatalogStorage: Sendable {
  /// Moves on with every change of the catalog.
  func catalogVersion() async throws -> Int

  /// Every product, the archived ones with them, and — `withPictures` — the pictures kept in the
  /// database (up to 4 MiB each: only what serves them reads them).
  func catalogContents(withPictures: Bool) async throws -> CatalogContents

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
  public var pictures: [String: CatalogPictures.Picture]
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
