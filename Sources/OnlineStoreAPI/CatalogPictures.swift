import Foundation
import StoreModels

/// The pictures a store serves at `/img/<file>`: the demo catalog's own, or the files a catalog
/// directory's products name. Read into memory at start, each with its `ETag`.
///
/// A product's `image` that is a relative path (`1.png`, `img/1.png`) names a file beside the
/// catalog; it is served as `/img/<its file name>` and the answers point there (see
/// ``rewrite(_:publicBase:)``). An absolute URL is left as it is.
public struct CatalogPictures: Sendable {
  public struct Picture: Sendable {
    public let bytes: Data
    public let entityTag: String
    public let contentType: String
  }

  public let byName: [String: Picture]

  /// The most one picture may have, as the store's clients take at most this much.
  public static let maximumBytes = 4 * 1_048_576
  /// How long clients may use a picture before asking again (`Cache-Control: max-age`).
  public static let freshFor = 3_600

  public init(byName: [String: Picture]) {
    self.byName = byName
  }

  /// The demo catalog's pictures.
  public static func demo() -> CatalogPictures {
    CatalogPictures(
      byName: Dictionary(uniqueKeysWithValues: DemoCatalogFiles.pictureNames.compactMap { name in
        DemoCatalogFiles.picture(named: name).flatMap { bytes in picture(bytes).map { (name, $0) } }
      })
    )
  }

  /// The files `products` name relative to `directory`. A file that is missing, not a PNG, JPEG
  /// or WebP, over ``maximumBytes``, or named twice by different paths is left out, with a
  /// line in `problems` for each.
  public static func load(for products: [Product], from directory: URL, problems: inout [String]) -> CatalogPictures {
    var byName: [String: Picture] = [:]
    var paths: [String: String] = [:]
    for product in products {
      guard let path = relativePath(product.imageURL) else { continue }
      let name = (path as NSString).lastPathComponent
      if let earlier = paths[name] {
        if earlier != path { problems.append("product \(product.id): \(path) and \(earlier) would both be /img/\(name); left out") }
        continue
      }
      paths[name] = path
      let file = directory.appendingPathComponent(path)
      guard let size = (try? file.resourceValues(forKeys: [.fileSizeKey]))?.fileSize else {
        problems.append("product \(product.id): no picture at \(file.path)")
        continue
      }
      guard size <= maximumBytes else {
        problems.append("product \(product.id): \(file.path) is over \(maximumBytes / 1_048_576) MiB")
        continue
      }
      guard let bytes = try? Data(contentsOf: file), let picture = picture(bytes) else {
        problems.append("product \(product.id): \(file.path) is not a PNG, JPEG or WebP picture")
        continue
      }
      byName[name] = picture
    }
    return CatalogPictures(byName: byName)
  }

  /// `image` as a path under the catalog, if it is one: relative, plain characters, not
  /// climbing out with `..`.
  static func relativePath(_ image: String) -> String? {
    guard !image.isEmpty, image.utf8.count <= 1_024, !image.hasPrefix("/"), URL(string: image)?.scheme == nil,
      image.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-/".unicodeScalars.contains($0) }),
      !image.split(separator: "/").contains(where: { $0 == ".." || $0 == "." })
    else { return nil }
    return image
  }

  /// The product with its `image` pointing at this server when it names a file of the
  /// catalog: `<publicBase>/img/<file>`, or `/img/<file>` (relative to the server, as
  /// browsers and this project's store resolve it) without a public base.
  public static func rewrite(_ product: Product, publicBase: String?) -> Product {
    guard let path = relativePath(product.imageURL) else { return product }
    var product = product
    let base = (publicBase ?? "").hasSuffix("/") ? String(publicBase!.dropLast()) : (publicBase ?? "")
    product.imageURL = base + "/img/" + (path as NSString).lastPathComponent
    return product
  }

  /// A picture of `bytes`, if they are PNG, JPEG or WebP (told from the bytes themselves).
  static func picture(_ bytes: Data) -> Picture? {
    guard let type = contentType(of: bytes) else { return nil }
    return Picture(bytes: bytes, entityTag: entityTag(of: bytes), contentType: type)
  }

  static func contentType(of bytes: Data) -> String? {
    let head = [UInt8](bytes.prefix(12))
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
    return nil
  }

  /// A strong `ETag`: FNV-1a (64 bits) of the bytes and their length, quoted.
  static func entityTag(of bytes: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    bytes.withUnsafeBytes { raw in
      for byte in raw {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
    }
    return "\"\(String(hash, radix: 16))-\(String(bytes.count, radix: 16))\""
  }
}
