import Foundation
import OnlineStoreAPI
import StoreModels
import Testing

/// The pictures a catalog directory's products name, as the server serves them.
struct CatalogPicturesTests {
  static func directory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("img"), withIntermediateDirectories: true)
    return directory
  }

  static func product(_ id: Int, image: String) -> Product {
    Product(id: id, title: "P\(id)", price: Money(cents: 100), imageURL: image)
  }

  @Test func theDemoCatalogsPicturesAreAllThere() {
    let pictures = CatalogPictures.demo()
    #expect(pictures.byName.count == 20)
    #expect(pictures.byName["product-7.png"]?.contentType == "image/png")
  }

  @Test func aDirectorysPicturesAreReadAndTheBadOnesSaidAndLeftOut() throws {
    let directory = try Self.directory()
    let png = try #require(DemoCatalogFiles.picture(named: "product-1.png"))
    try png.write(to: directory.appendingPathComponent("img/good.png"))
    try Data("<!doctype html>".utf8).write(to: directory.appendingPathComponent("img/page.jpg"))
    try Data(count: CatalogPictures.maximumBytes + 1).write(to: directory.appendingPathComponent("img/huge.jpg"))
    try png.write(to: directory.appendingPathComponent("good.png"))
    let products = [
      Self.product(1, image: "img/good.png"), Self.product(2, image: "img/page.jpg"), Self.product(3, image: "img/huge.jpg"),
      Self.product(4, image: "img/missing.png"), Self.product(5, image: "good.png"), Self.product(6, image: "../../etc/passwd"),
      Self.product(7, image: "https://elsewhere.example/x.jpg"),
    ]
    var problems: [String] = []
    let pictures = CatalogPictures.load(for: products, from: directory, problems: &problems)
    #expect(Set(pictures.byName.keys) == ["good.png"])
    #expect(problems.count == 4, "\(problems)")
    #expect(problems.contains { $0.contains("page.jpg") && $0.contains("not a PNG, JPEG or WebP") })
    #expect(problems.contains { $0.contains("huge.jpg") && $0.contains("over 4 MiB") })
    #expect(problems.contains { $0.contains("missing.png") })
    #expect(problems.contains { $0.contains("both be /img/good.png") })
  }

  @Test func relativePicturesPointAtTheServerAndOthersStay() {
    #expect(CatalogPictures.rewrite(Self.product(1, image: "img/a.png"), publicBase: "https://shop.example/").imageURL == "https://shop.example/img/a.png")
    #expect(CatalogPictures.rewrite(Self.product(1, image: "a.png"), publicBase: nil).imageURL == "/img/a.png")
    #expect(CatalogPictures.rewrite(Self.product(1, image: "https://cdn.example/a.png"), publicBase: "http://x").imageURL == "https://cdn.example/a.png")
    #expect(CatalogPictures.rewrite(Self.product(1, image: "../secret"), publicBase: "http://x").imageURL == "../secret")
    #expect(CatalogPictures.rewrite(Self.product(1, image: ""), publicBase: "http://x").imageURL == "")
  }
}
