import Foundation
import GRDB
import StoreModels

/// The catalog's changes in SQLite: products rewritten in place, archived by a flag, pictures
/// in a table, and a version in a row of its own that each change moves on.
extension SQLiteStoreDatabase {
  /// The fifth migration: every product listed, no picture kept, the catalog at version 0.
  static func registerCatalog(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("5: catalog changes") { db in
      try db.execute(
        sql: """
          ALTER TABLE products ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;
          CREATE TABLE catalog_pictures (name TEXT PRIMARY KEY, content_type TEXT NOT NULL, bytes BLOB NOT NULL);
          CREATE TABLE catalog_state (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
          INSERT INTO catalog_state (id, version) VALUES (1, 0);
          """
      )
    }
  }

  /// The sixth migration: each picture's tag and size kept beside its bytes, so that neither
  /// listing nor serving it reads or hashes them again; and the pictures no product names (1.5
  /// kept every one it was ever given) deleted.
  static func registerPictureTags(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("6: picture tags") { db in
      try db.execute(sql: "ALTER TABLE catalog_pictures ADD COLUMN entity_tag TEXT NOT NULL DEFAULT ''")
      try db.execute(sql: "ALTER TABLE catalog_pictures ADD COLUMN size INTEGER NOT NULL DEFAULT 0")
      try forgetUnnamedPictures(in: db)
      for name in try String.fetchAll(db, sql: "SELECT name FROM catalog_pictures") {
        let bytes = try Data.fetchOne(db, sql: "SELECT bytes FROM catalog_pictures WHERE name = ?", arguments: [name]) ?? Data()
        try db.execute(
          sql: "UPDATE catalog_pictures SET entity_tag = ?, size = ? WHERE name = ?",
          arguments: [CatalogPictures.entityTag(of: bytes), bytes.count, name]
        )
      }
    }
  }

  public func catalogVersion() async throws -> Int {
    try await pool.read { db in try Int.fetchOne(db, sql: "SELECT version FROM catalog_state WHERE id = 1") ?? 0 }
  }

  public func catalogContents() async throws -> CatalogContents {
    try await pool.read { db in
      var products: [Product] = []
      var archived: Set<Int> = []
      for row in try Row.fetchAll(db, sql: "SELECT id, json, archived FROM products ORDER BY id") {
        products.append(try DatabaseJSON.value(Product.self, row["json"]))
        if row["archived"] as Bool { archived.insert(row["id"]) }
      }
      var pictures: [String: StoredPictureInfo] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT name, content_type, entity_tag, size FROM catalog_pictures") {
        pictures[row["name"]] = StoredPictureInfo(entityTag: row["entity_tag"], contentType: row["content_type"], size: row["size"])
      }
      return CatalogContents(products: products, archived: archived, pictures: pictures)
    }
  }

  public func catalogPicture(named name: String) async throws -> CatalogPictures.Picture? {
    try await pool.read { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT content_type, entity_tag, bytes FROM catalog_pictures WHERE name = ?", arguments: [name])
      else { return nil }
      return CatalogPictures.Picture(bytes: row["bytes"], entityTag: row["entity_tag"], contentType: row["content_type"])
    }
  }

  public func addProduct(_ draft: ProductDraft, picture: StoredPicture?, by actor: String, at time: Date) async throws -> Product {
    let bounds = pictureBounds
    return try await pool.write { db in
      let id = (try Int.fetchOne(db, sql: "SELECT MAX(id) FROM products") ?? 0) + 1
      let product = ProductWording.apply(draft, to: Product(id: id, title: "", price: .zero), picture: picture)
      try db.execute(
        sql: "INSERT INTO products (id, category, json, stock) VALUES (?, ?, ?, ?)",
        arguments: [id, product.category, try DatabaseJSON.text(product), draft.stock]
      )
      try Self.keep(picture, within: bounds, in: db)
      try Self.changedCatalog(
        AuditEntry(at: time, actor: actor, subject: "product \(id)", change: "added", before: nil, after: ProductWording.summary(product)), in: db
      )
      return product
    }
  }

  public func updateProduct(_ id: Int, to draft: ProductDraft, picture: StoredPicture?, by actor: String, at time: Date) async throws -> Product {
    let bounds = pictureBounds
    return try await pool.write { db in
      guard let json = try String.fetchOne(db, sql: "SELECT json FROM products WHERE id = ?", arguments: [id]) else {
        throw StockRejection.noSuchProduct
      }
      let before = try DatabaseJSON.value(Product.self, json)
      let after = ProductWording.apply(draft, to: before, picture: picture)
      try db.execute(sql: "UPDATE products SET category = ?, json = ? WHERE id = ?", arguments: [after.category, try DatabaseJSON.text(after), id])
      try Self.keep(picture, within: bounds, in: db)
      try Self.changedCatalog(
        AuditEntry(
          at: time, actor: actor, subject: "product \(id)", change: "edited", before: ProductWording.summary(before), after: ProductWording.summary(after)
        ),
        in: db
      )
      return after
    }
  }

  public func setArchived(_ id: Int, _ archived: Bool, by actor: String, at time: Date) async throws -> Product {
    try await pool.write { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT json, archived FROM products WHERE id = ?", arguments: [id]) else {
        throw StockRejection.noSuchProduct
      }
      let product = try DatabaseJSON.value(Product.self, row["json"])
      let was: Bool = row["archived"]
      guard was != archived else { return product }
      try db.execute(sql: "UPDATE products SET archived = ? WHERE id = ?", arguments: [archived, id])
      try Self.changedCatalog(
        AuditEntry(
          at: time, actor: actor, subject: "product \(id)", change: archived ? "archived" : "restored",
          before: archived ? "listed" : "archived", after: archived ? "archived" : "listed"
        ),
        in: db
      )
      return product
    }
  }

  /// Keeps `picture` (the change has already pointed its product at it), deletes the pictures
  /// no product names any more, and refuses the change when what is left passes the bounds.
  private static func keep(_ picture: StoredPicture?, within bounds: PictureBounds, in db: Database) throws {
    if let picture {
      try db.execute(
        sql: "INSERT INTO catalog_pictures (name, content_type, entity_tag, size, bytes) VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING",
        arguments: [picture.name, picture.picture.contentType, picture.picture.entityTag, picture.picture.bytes.count, picture.picture.bytes]
      )
    }
    try forgetUnnamedPictures(in: db)
    let row = try Row.fetchOne(db, sql: "SELECT COUNT(*) AS count, COALESCE(SUM(size), 0) AS bytes FROM catalog_pictures")
    if let row, (row["count"] as Int) > bounds.count || (row["bytes"] as Int) > bounds.bytes {
      throw PictureRejection.full(bounds)
    }
  }

  /// Deletes the pictures no product (archived ones too) names.
  private static func forgetUnnamedPictures(in db: Database) throws {
    try db.execute(
      sql: "DELETE FROM catalog_pictures WHERE name NOT IN (SELECT json_extract(json, '$.image') FROM products WHERE json_extract(json, '$.image') IS NOT NULL)"
    )
  }

  /// Writes `entry` to the audit and moves the catalog's version on.
  private static func changedCatalog(_ entry: AuditEntry, in db: Database) throws {
    try record(entry, in: db)
    try db.execute(sql: "UPDATE catalog_state SET version = version + 1 WHERE id = 1")
  }
}
