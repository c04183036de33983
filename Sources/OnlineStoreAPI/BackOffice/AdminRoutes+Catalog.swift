import Foundation
import Hummingbird
import StoreModels

/// The back office's catalog:
///
/// - `GET /admin/products`: every product, archived ones too, with its stock;
/// - `POST /admin/products` (``ProductDraft``): a new product, with the next free id;
/// - `PUT /admin/products/<id>` (``ProductDraft``): a product changed (its stock is not: that
///   is the stock route's);
/// - `POST /admin/products/<id>/archive` and `/restore`: the shop stops or starts listing and
///   selling it again; placed orders keep naming it, at the prices they were placed at.
///
/// A picture given as a file is read here, by the server — at most
/// ``CatalogPictures/maximumBytes``, and only a PNG, JPEG or WebP that decodes and carries little
/// else (``PictureCheck``), so no other file the server can read is ever served — and kept in the
/// database, so every instance serves it; a picture no product names any more is deleted with the
/// change that replaced it. Each change is audited, and this instance serves it at once (the others within a
/// second: ``LiveCatalog``).
extension AdminRoutes {
  func addCatalog<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("admin/products") { _, _ in
      let contents = try await database.catalogContents()
      let stock = try await database.stock()
      return try JSONAnswer.ok(
        contents.products.map { CatalogEntry(product: live.served($0), archived: contents.archived.contains($0.id), stock: stock[$0.id] ?? nil) }
      )
    }
    router.post("admin/products") { request, _ in
      let draft = try await Self.draft(from: request)
      let picture = try await Self.storedPicture(draft.picture)
      let product = try await Self.keepingPictures { try await database.addProduct(draft, picture: picture, by: try Self.actor(request), at: now()) }
      try await live.reload(from: database)
      stockChanged()
      return try JSONAnswer.ok(live.served(product))
    }
    router.put("admin/products/:id") { request, context in
      let id = try Self.number(context, of: "product")
      let draft = try await Self.draft(from: request)
      do {
        let picture = try await Self.storedPicture(draft.picture)
        let product = try await Self.keepingPictures {
          try await database.updateProduct(id, to: draft, picture: picture, by: try Self.actor(request), at: now())
        }
        try await live.reload(from: database)
        return try JSONAnswer.ok(live.served(product))
      } catch StockRejection.noSuchProduct {
        throw APIFailure(.notFound, "no product \(id)")
      }
    }
    for (path, archived) in [("archive", true), ("restore", false)] {
      router.post("admin/products/:id/\(path)") { request, context in
        let id = try Self.number(context, of: "product")
        do {
          let product = try await database.setArchived(id, archived, by: try Self.actor(request), at: now())
          try await live.reload(from: database)
          stockChanged()
          return try JSONAnswer.ok(CatalogEntry(product: live.served(product), archived: archived, stock: try await database.stock()[id] ?? nil))
        } catch StockRejection.noSuchProduct {
          throw APIFailure(.notFound, "no product \(id)")
        }
      }
    }
  }

  /// `change`, with a full picture store said as the 409 an operator can act on.
  static func keepingPictures(_ change: () async throws -> Product) async throws -> Product {
    do {
      return try await change()
    } catch let PictureRejection.full(bounds) {
      throw APIFailure(
        .conflict, "picture: the store keeps at most \(bounds.count) pictures and \(bounds.bytes / 1_048_576) MiB of them; nothing was changed"
      )
    }
  }

  /// A product as sent, every field checked as the console's form checks it.
  static func draft(from request: Request) async throws -> ProductDraft {
    var request = request
    let body = Data(buffer: try await request.collectBody(upTo: RouteLimits.maximumBodyBytes))
    guard let draft = try? StoreJSON.decoder.decode(ProductDraft.self, from: body) else {
      throw APIFailure(
        .badRequest, "a product is {\"title\", \"price\", \"category\", \"description\", \"picture\": {\"file\"|\"url\"}, \"stock\"}"
      )
    }
    if let (field, problem) = ProductDraft.Field.allCases.lazy.compactMap({ field in draft.problems[field].map { (field, $0) } }).first {
      throw APIFailure(.badRequest, "\(field.rawValue): \(problem)")
    }
    return draft
  }

  /// The picture a draft names as a file on this machine, read and checked; `nil` for none or a
  /// URL. The read is bounded by what it reads, not by what the file says of its size (a file
  /// of `/proc` says 0 and never ends), runs on a thread of its own rather than one of the two
  /// every request shares, and refuses the kernel's own files. Whatever fails — no such file,
  /// too large, not a picture — is one answer, so the route tells nobody which paths exist.
  static func storedPicture(_ source: ProductDraft.PictureSource?) async throws(APIFailure) -> StoredPicture? {
    guard case let .file(path)? = source else { return nil }
    let refusal = APIFailure(
      .badRequest, "picture: \(path.prefix(200)) is not a readable PNG, JPEG or WebP file of at most \(CatalogPictures.maximumBytes / 1_048_576) MiB"
    )
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    guard !["/proc/", "/sys/", "/dev/"].contains(where: { resolved.path.hasPrefix($0) }),
      let bytes = await BoundedFileRead.read(resolved, atMost: CatalogPictures.maximumBytes),
      let picture = CatalogPictures.picture(bytes), await PictureCheck.isPicture(bytes)
    else { throw refusal }
    let suffix = picture.contentType.split(separator: "/").last.map(String.init) ?? "png"
    // Named by its bytes: the same picture given twice is kept once.
    let name = "upload-" + picture.entityTag.filter { $0.isLetter || $0.isNumber || $0 == "-" } + "." + (suffix == "jpeg" ? "jpg" : suffix)
    return StoredPicture(name: name, picture: picture)
  }
}
