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
      try Self.picture(in: live.current.pictures, request, context)
    }
  }

  /// A picture of the catalog, with its `ETag`; a 304 without the bytes when the client has
  /// the same one.
  static func picture(in pictures: CatalogPictures, _ request: Request, _ context: some RequestContext) throws -> Response {
    let name = try context.parameters.require("file")
    guard let picture = pictures.byName[name] else { throw APIFailure(.notFound, "no picture \(name.prefix(100))") }
    var headers: HTTPFields = [.eTag: picture.entityTag, .cacheControl: "public, max-age=\(CatalogPictures.freshFor)"]
    let asked = request.headers[.ifNoneMatch] ?? ""
    if asked.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == picture.entityTag || $0.trimmingCharacters(in: .whitespaces) == "*" }) {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentType] = picture.contentType
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: picture.bytes)))
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
