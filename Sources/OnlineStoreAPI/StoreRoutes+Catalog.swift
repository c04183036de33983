import Foundation
import HTTPTypes
import Hummingbird
import StoreModels

/// The catalog's routes: products, categories and the pictures (what is in stock: ``addStock(to:)``).
extension StoreRoutes {
  /// The catalog and its pictures: open to anyone.
  func addCatalog<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("products") { request, _ in
      let query = try ListQuery(request)
      let encoded = live.current.encoded
      let body = query.isEmpty ? encoded.allProducts : EncodedCatalog.array(query.apply(to: encoded.products))
      return JSONAnswer.body(body, status: .ok)
    }
    router.get("products/categories") { _, _ in
      JSONAnswer.body(live.current.encoded.categories, status: .ok)
    }
    router.get("products/category/:name") { request, context in
      let name = try context.parameters.require("name")
      let category = name.removingPercentEncoding ?? name
      let items = try ListQuery(request).apply(to: live.current.encoded.productsByCategory[category] ?? [])
      return JSONAnswer.body(EncodedCatalog.array(items), status: .ok)
    }
    router.get("products/:id") { _, context in
      // Archived products too: the orders that hold them still name them.
      let id = try Self.id(context)
      guard let json = live.current.productJSON[id] else { throw APIFailure(.notFound, "no product \(id)") }
      return JSONAnswer.body(json, status: .ok)
    }
    router.get("img/:file") { request, context in
      try await picture(request, context)
    }
  }

  /// A picture of the catalog, with its `ETag`; a 304 without the bytes when the client has
  /// the same one. The catalog's own pictures are in memory; one the back office kept is read
  /// from the database only when a client does not have it already, and kept a while
  /// (``PictureCache``).
  func picture(_ request: Request, _ context: some RequestContext) async throws -> Response {
    let name = try context.parameters.require("file")
    let current = live.current
    let tag: String
    let contentType: String
    if let picture = current.pictures.byName[name] {
      (tag, contentType) = (picture.entityTag, picture.contentType)
    } else if let stored = current.stored[name] {
      (tag, contentType) = (stored.entityTag, stored.contentType)
    } else {
      throw APIFailure(.notFound, "no picture \(name.prefix(100))")
    }
    var headers: HTTPFields = [.eTag: tag, .cacheControl: "public, max-age=\(CatalogPictures.freshFor)"]
    let asked = request.headers[.ifNoneMatch] ?? ""
    if asked.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag || $0.trimmingCharacters(in: .whitespaces) == "*" }) {
      return Response(status: .notModified, headers: headers)
    }
    let bytes: Data
    if let picture = current.pictures.byName[name] {
      bytes = picture.bytes
    } else if let kept = pictureCache.picture(tagged: tag) {
      bytes = kept.bytes
    } else {
      // Gone since the catalog was read (replaced through another instance): not found, as it is now.
      guard let picture = try await database.catalogPicture(named: name) else { throw APIFailure(.notFound, "no picture \(name.prefix(100))") }
      pictureCache.keep(picture)
      bytes = picture.bytes
    }
    headers[.contentType] = contentType
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// The item whose id the path names, or a 404 that says which `kind` was not found.
  static func one(of items: [EncodedCatalog.Item], _ context: some RequestContext, called kind: String) throws -> Response {
    let id = try id(context)
    guard let item = items.first(where: { $0.id == id }) else { throw APIFailure(.notFound, "no \(kind) \(id)") }
    return JSONAnswer.body(item.json, status: .ok)
  }

  static func id(_ context: some RequestContext) throws -> Int {
    let text = try context.parameters.require("id")
    guard let id = Int(text), id > 0 else { throw APIFailure(.badRequest, "'\(text)' is not an id") }
    return id
  }
}
