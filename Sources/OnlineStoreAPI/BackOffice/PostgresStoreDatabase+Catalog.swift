import Foundation
import Logging
import PostgresNIO
import StoreModels

/// The catalog's changes in PostgreSQL: the same tables and answers as ``SQLiteStoreDatabase``'s.
/// A change locks the catalog's version row first, so two operators adding products at once
/// through two instances take turns for the next id.
extension PostgresStoreDatabase {
  /// The fifth migration: every product listed, no picture kept, the catalog at version 0.
  static func migrateCatalog(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await connection.query("ALTER TABLE products ADD COLUMN archived BOOLEAN NOT NULL DEFAULT FALSE", logger: logger)
      try await connection.query(
        "CREATE TABLE catalog_pictures (name TEXT PRIMARY KEY, content_type TEXT NOT NULL, bytes BYTEA NOT NULL)", logger: logger
      )
      try await connection.query(
        "CREATE TABLE catalog_state (id INTEGER PRIMARY KEY CHECK (id = 1), version BIGINT NOT NULL)", logger: logger
      )
      try await connection.query("INSERT INTO catalog_state (id, version) VALUES (1, 0)", logger: logger)
      try await connection.query("INSERT INTO schema_migrations (version) VALUES (5)", logger: logger)
    }
  }

  /// The sixth migration: each picture's tag and size kept beside its bytes, and the pictures no
  /// product names deleted (as ``SQLiteStoreDatabase``'s).
  static func migratePictureTags(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await connection.query("ALTER TABLE catalog_pictures ADD COLUMN entity_tag TEXT NOT NULL DEFAULT ''", logger: logger)
      try await connection.query("ALTER TABLE catalog_pictures ADD COLUMN size BIGINT NOT NULL DEFAULT 0", logger: logger)
      try await forgetUnnamedPictures(on: connection, logger: logger)
      var names: [String] = []
      for try await name in try await connection.query("SELECT name FROM catalog_pictures", logger: logger).decode(String.self) {
        names.append(name)
      }
      for name in names {
        var bytes = Data()
        for try await stored in try await connection.query("SELECT bytes FROM catalog_pictures WHERE name = \(name)", logger: logger).decode(Data.self) {
          bytes = stored
        }
        try await connection.query(
          "UPDATE catalog_pictures SET entity_tag = \(CatalogPictures.entityTag(of: bytes)), size = \(bytes.count) WHERE name = \(name)", logger: logger
        )
      }
      try await connection.query("INSERT INTO schema_migrations (version) VALUES (6)", logger: logger)
    }
  }

  public func catalogVersion() async throws -> Int {
    for try await version in try await client.query("SELECT version FROM catalog_state WHERE id = 1", logger: logger).decode(Int.self) {
      return version
    }
    return 0
  }

  public func catalogContents() async throws -> CatalogContents {
    var products: [Product] = []
    var archived: Set<Int> = []
    let rows = try await client.query("SELECT id, json, archived FROM products ORDER BY id", logger: logger)
    for try await (id, json, isArchived) in rows.decode((Int, String, Bool).self) {
      products.append(try DatabaseJSON.value(Product.self, json))
      if isArchived { archived.insert(id) }
    }
    var pictures: [String: StoredPictureInfo] = [:]
    let stored = try await client.query("SELECT name, content_type, entity_tag, size FROM catalog_pictures", logger: logger)
    for try await (name, type, tag, size) in stored.decode((String, String, String, Int).self) {
      pictures[name] = StoredPictureInfo(entityTag: tag, contentType: type, size: size)
    }
    return CatalogContents(products: products, archived: archived, pictures: pictures)
  }

  public func catalogPicture(named name: String) async throws -> CatalogPictures.Picture? {
    let rows = try await client.query("SELECT content_type, entity_tag, bytes FROM catalog_pictures WHERE name = \(name)", logger: logger)
    for try await (type, tag, bytes) in rows.decode((String, String, Data).self) {
      return CatalogPictures.Picture(bytes: bytes, entityTag: tag, contentType: type)
    }
    return nil
  }

  public func addProduct(_ draft: ProductDraft, picture: StoredPicture?, by actor: String, at time: Date) async throws -> Product {
    let bounds = pictureBounds
    return try await changingCatalog { connection, logger in
      var highest = 0
      for try await id in try await connection.query("SELECT COALESCE(MAX(id), 0) FROM products", logger: logger).decode(Int.self) {
        highest = id
      }
      let product = ProductWording.apply(draft, to: Product(id: highest + 1, title: "", price: .zero), picture: picture)
      try await connection.query(
        "INSERT INTO products (id, category, json, stock) VALUES (\(product.id), \(product.category), \(try DatabaseJSON.text(product)), \(draft.stock))",
        logger: logger
      )
      try await Self.keep(picture, within: bounds, on: connection, logger: logger)
      let entry = AuditEntry(at: time, actor: actor, subject: "product \(product.id)", change: "added", before: nil, after: ProductWording.summary(product))
      return (product, entry)
    }
  }

  public func updateProduct(_ id: Int, to draft: ProductDraft, picture: StoredPicture?, by actor: String, at time: Date) async throws -> Product {
    let bounds = pictureBounds
    return try await changingCatalog { connection, logger in
      var found: String?
      for try await json in try await connection.query("SELECT json FROM products WHERE id = \(id) FOR UPDATE", logger: logger).decode(String.self) {
        found = json
      }
      guard let found else { throw StockRejection.noSuchProduct }
      let before = try DatabaseJSON.value(Product.self, found)
      let after = ProductWording.apply(draft, to: before, picture: picture)
      try await connection.query(
        "UPDATE products SET category = \(after.category), json = \(try DatabaseJSON.text(after)) WHERE id = \(id)", logger: logger
      )
      try await Self.keep(picture, within: bounds, on: connection, logger: logger)
      let entry = AuditEntry(
        at: time, actor: actor, subject: "product \(id)", change: "edited", before: ProductWording.summary(before), after: ProductWording.summary(after)
      )
      return (after, entry)
    }
  }

  public func setArchived(_ id: Int, _ archived: Bool, by actor: String, at time: Date) async throws -> Product {
    try await changingCatalog { connection, logger in
      var found: (String, Bool)?
      let rows = try await connection.query("SELECT json, archived FROM products WHERE id = \(id) FOR UPDATE", logger: logger)
      for try await row in rows.decode((String, Bool).self) { found = row }
      guard let (json, was) = found else { throw StockRejection.noSuchProduct }
      let product = try DatabaseJSON.value(Product.self, json)
      guard was != archived else { return (product, nil) }
      try await connection.query("UPDATE products SET archived = \(archived) WHERE id = \(id)", logger: logger)
      let entry = AuditEntry(
        at: time, actor: actor, subject: "product \(id)", change: archived ? "archived" : "restored",
        before: archived ? "listed" : "archived", after: archived ? "archived" : "listed"
      )
      return (product, entry)
    }
  }

  /// Runs `change` in a transaction that holds the catalog's version row, then writes its audit
  /// entry and moves the version on — unless it changed nothing (no entry).
  private func changingCatalog(
    _ change: @escaping @Sendable (PostgresConnection, Logger) async throws -> (Product, AuditEntry?)
  ) async throws -> Product {
    let logger = self.logger
    return try await Self.unwrapped {
      try await client.withTransaction(logger: logger) { connection in
        try await connection.query("SELECT version FROM catalog_state WHERE id = 1 FOR UPDATE", logger: logger)
        let (product, entry) = try await change(connection, logger)
        if let entry {
          try await Self.record(entry, on: connection, logger: logger)
          try await connection.query("UPDATE catalog_state SET version = version + 1 WHERE id = 1", logger: logger)
        }
        return product
      }
    }
  }

  /// Keeps `picture` (the change has already pointed its product at it), deletes the pictures
  /// no product names any more, and refuses the change when what is left passes the bounds.
  private static func keep(_ picture: StoredPicture?, within bounds: PictureBounds, on connection: PostgresConnection, logger: Logger) async throws {
    if let picture {
      try await connection.query(
        """
        INSERT INTO catalog_pictures (name, content_type, entity_tag, size, bytes)
        VALUES (\(picture.name), \(picture.picture.contentType), \(picture.picture.entityTag), \(picture.picture.bytes.count), \(picture.picture.bytes))
        ON CONFLICT (name) DO NOTHING
        """,
        logger: logger
      )
    }
    try await forgetUnnamedPictures(on: connection, logger: logger)
    let totals = try await connection.query("SELECT COUNT(*)::BIGINT, COALESCE(SUM(size), 0)::BIGINT FROM catalog_pictures", logger: logger)
    for try await (count, bytes) in totals.decode((Int, Int).self)
    where count > bounds.count || bytes > bounds.bytes {
      throw PictureRejection.full(bounds)
    }
  }

  /// Deletes the pictures no product (archived ones too) names.
  private static func forgetUnnamedPictures(on connection: PostgresConnection, logger: Logger) async throws {
    try await connection.query(
      "DELETE FROM catalog_pictures WHERE name NOT IN (SELECT json::jsonb ->> 'image' FROM products WHERE json::jsonb ->> 'image' IS NOT NULL)",
      logger: logger
    )
  }
}
