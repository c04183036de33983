import Foundation
import StoreModels
import Synchronization

/// The catalog an API instance serves, as the database has it now. Reading it costs a lock and a
/// copy of a reference, so every request reads the current one; a change made through this
/// instance is read again at once (``reload(from:)``), one made through another instance within
/// ``checkInterval`` (``follow(_:)`` asks the database's catalog version). A reload reads the
/// products and what is known of each stored picture, never a picture's bytes: those are read
/// when the picture is asked for (``PictureCache``), so uploads do not grow any instance.
final class LiveCatalog: Sendable {
  /// What one version of the catalog is, ready to serve.
  struct Snapshot: Sendable {
    let version: Int
    /// The products the shop lists (not archived), encoded for the list routes.
    let encoded: EncodedCatalog
    /// Every product's JSON by id, archived ones too: a placed order keeps naming them.
    let productJSON: [Int: Data]
    /// The products that may be ordered: listed ones.
    let sellable: [Int: Product]
    /// Every product id the store ever had: an open cart may keep a line of an archived one.
    let known: Set<Int>
    /// Every product's title, archived ones too.
    let titles: [Int: String]
    /// The catalog's own pictures, in memory.
    let pictures: CatalogPictures
    /// The pictures the back office kept: their tags and types, the bytes left in the database.
    let stored: [String: StoredPictureInfo]

    init(version: Int, contents: CatalogContents, customers: [Customer], configuredPictures: CatalogPictures, publicBase: String?) throws {
      self.version = version
      let listed = contents.products.filter { !contents.archived.contains($0.id) }
      encoded = try EncodedCatalog(StoreCatalog(products: listed, customers: customers), publicBase: publicBase)
      productJSON = try Dictionary(
        contents.products.map { ($0.id, try StoreJSON.encoder.encode(CatalogPictures.rewrite($0, publicBase: publicBase))) },
        uniquingKeysWith: { first, _ in first }
      )
      sellable = Dictionary(listed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      known = Set(contents.products.map(\.id))
      titles = Dictionary(contents.products.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
      pictures = configuredPictures
      stored = contents.pictures.filter { configuredPictures.byName[$0.key] == nil }
    }
  }

  /// How often an instance asks whether another changed the catalog.
  static let checkInterval: Duration = .seconds(1)

  private let state: Mutex<Snapshot>
  private let customers: [Customer]
  private let configuredPictures: CatalogPictures
  private let publicBase: String?

  /// The catalog of `catalog` (read from the database at start), at version -1 — below any the
  /// database has, so the first reload reads the database's own.
  init(_ catalog: StoreCatalog, pictures: CatalogPictures, publicBase: String?) throws {
    customers = catalog.customers
    configuredPictures = pictures
    self.publicBase = publicBase
    state = Mutex(
      try Snapshot(
        version: -1, contents: CatalogContents(products: catalog.products, archived: [], pictures: [:]), customers: catalog.customers,
        configuredPictures: pictures, publicBase: publicBase
      )
    )
  }

  var current: Snapshot { state.withLock { $0 } }

  /// `product` as this server serves it: a picture it keeps pointed at `/img/…`.
  func served(_ product: Product) -> Product {
    CatalogPictures.rewrite(product, publicBase: publicBase)
  }

  /// Reads the catalog again if the database's version moved past the one served.
  func reload(from database: any CatalogStorage) async throws {
    let version = try await database.catalogVersion()
    guard version > current.version else { return }
    let contents = try await database.catalogContents()
    let snapshot = try Snapshot(
      version: version, contents: contents, customers: customers, configuredPictures: configuredPictures, publicBase: publicBase
    )
    state.withLock { if snapshot.version > $0.version { $0 = snapshot } }
  }

  /// Follows the database's catalog until the task is cancelled: a change through another
  /// instance is served within ``checkInterval``. A failed check is tried again at the next.
  func follow(_ database: any CatalogStorage) async {
    while !Task.isCancelled {
      try? await reload(from: database)
      try? await Task.sleep(for: Self.checkInterval)
    }
  }
}
