import Foundation
@testable import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// The pictures the back office gives: checked before they are kept (decoded within bounds, and
/// little besides the picture in them), kept once, deleted when no product names them, served
/// from the database when asked for, and bounded in number and bytes.
struct StoredPicturesTests {
  static let adminToken = AdminRouteTests.adminToken

  /// A folder for picture files, removed with the test.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("onlinestore-stored-pictures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static func draft(_ title: String, picture: URL) -> String {
    #"{"title":"\#(title)","price":8.5,"category":"stationery","description":"","picture":{"file":"\#(picture.path)"}}"#
  }

  @Test(arguments: TestDatabase.all)
  func aReplacedPictureIsDeletedAndAKeptOneIsServedFromTheDatabase(database: TestDatabase) async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("p.png")
    let first = TestPNG.make(width: 64, height: 48, seed: 1)
    let second = TestPNG.make(width: 64, height: 48, seed: 2)
    try await RouteTests.withServer(database, adminToken: Self.adminToken) { http, routes in
      try first.write(to: file)
      let added = try await http.operate("/admin/products", body: Data(Self.draft("Ink", picture: file).utf8))
      #expect(added.status == 200, "\(added.error ?? "")")
      let product = try added.decode(Product.self)
      let name = String(product.imageURL.split(separator: "/").last!)
      let served = try await http.get("/img/\(name)")
      #expect(served.status == 200 && served.body == first, "read from the database")
      let tag = try #require(served.headers["etag"])
      var conditional = http
      conditional.headers["If-None-Match"] = tag
      #expect(try await conditional.get("/img/\(name)").status == 304)
      #expect(routes.pictureCache.bytes == first.count, "kept for the next client")

      try second.write(to: file)
      let edited = try await http.operate("/admin/products/\(product.id)", method: "PUT", body: Self.draft("Ink", picture: file))
      #expect(edited.status == 200, "\(edited.error ?? "")")
      #expect(try await http.get("/img/\(name)").status == 404, "the replaced picture is gone")
      let stored = try await routes.database.catalogContents().pictures
      #expect(stored.count == 1, "only the picture a product names is kept: \(stored.keys)")
      #expect(stored.values.first?.size == second.count)
    }
  }

  @Test func picturesPastTheBoundsAreRefusedAndNothingChanges() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var limits = APILimits.testing
    limits.storedPictures = PictureBounds(count: 2, bytes: 1_048_576)
    try await RouteTests.withServer(.sqlite, limits: limits, adminToken: Self.adminToken) { http, routes in
      for seed in 1...2 {
        let file = folder.appendingPathComponent("\(seed).png")
        try TestPNG.make(width: 32, height: 32, seed: UInt64(seed)).write(to: file)
        #expect(try await http.operate("/admin/products", body: Data(Self.draft("P\(seed)", picture: file).utf8)).status == 200)
      }
      let third = folder.appendingPathComponent("3.png")
      try TestPNG.make(width: 32, height: 32, seed: 3).write(to: third)
      let refused = try await http.operate("/admin/products", body: Data(Self.draft("P3", picture: third).utf8))
      #expect(refused.status == 409)
      #expect(refused.error == "picture: the store keeps at most 2 pictures and 1 MiB of them; nothing was changed")
      #expect(try await routes.database.catalogContents().products.count == 22, "the 20 of the demo and the two added")
      // A picture that brings the total past the bytes: refused too.
      let large = folder.appendingPathComponent("large.png")
      try TestPNG.make(width: 600, height: 600, seed: 4).write(to: large)
      #expect(try await http.operate("/admin/products/21", method: "PUT", body: Self.draft("P1", picture: large)).status == 409)
    }
  }

  /// What a file carried inside a picture looks like, each refused with the same answer as a
  /// file that is no picture at all.
  @Test func aPictureThatCarriesSomethingElseIsRefused() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let demo = try #require(DemoCatalogFiles.picture(named: "product-3.png"))
    var jpegWithPayload = Data([0xFF, 0xD8])
    for _ in 0..<6 {
      // Six APP15 segments of 60,000 bytes each: 360,000 bytes nobody decodes.
      jpegWithPayload.append(contentsOf: [0xFF, 0xEF, UInt8(60_002 >> 8), UInt8(60_002 & 0xFF)])
      jpegWithPayload.append(Data(repeating: 0x41, count: 60_000))
    }
    jpegWithPayload.append(contentsOf: [0xFF, 0xD9])
    var brokenData = TestPNG.make(width: 64, height: 64, seed: 5)
    brokenData.replaceSubrange(200..<260, with: Data(repeating: 0xAB, count: 60))
    let cases: [(String, Data)] = [
      ("after its end", demo + Data(repeating: 0x5A, count: 300_000) + Data([0xFF, 0xD9])),
      ("a comment of 300 kB", TestPNG.make(width: 16, height: 16, seed: 6, comment: 300_000)),
      ("trailing bytes", TestPNG.make(width: 16, height: 16, seed: 7, trailing: 300_000)),
      ("a JPEG of markers and no picture", jpegWithPayload),
      ("pixels that do not decode", brokenData),
    ]
    try await RouteTests.withServer(.sqlite, adminToken: Self.adminToken) { http, _ in
      for (what, bytes) in cases {
        let file = folder.appendingPathComponent("case.png")
        try bytes.write(to: file)
        let answer = try await http.operate("/admin/products", body: Data(Self.draft("X", picture: file).utf8))
        #expect(answer.status == 400 && answer.error?.hasSuffix(AdminRouteTests.notAPicture) == true, "\(what): \(answer.error ?? "")")
      }
      // A picture with a little metadata, as cameras write it, is taken.
      let small = folder.appendingPathComponent("small.png")
      try TestPNG.make(width: 16, height: 16, seed: 8, comment: 2_000).write(to: small)
      #expect(try await http.operate("/admin/products", body: Data(Self.draft("Y", picture: small).utf8)).status == 200)
    }
  }

  @Test func metadataIsCountedByFormat() throws {
    #expect(PictureCheck.metadataBytes(in: [UInt8](TestPNG.make(width: 4, height: 4, seed: 1))) == 0)
    #expect(PictureCheck.metadataBytes(in: [UInt8](TestPNG.make(width: 4, height: 4, seed: 1, comment: 100))) == 108)
    #expect(PictureCheck.metadataBytes(in: [UInt8](TestPNG.make(width: 4, height: 4, seed: 1, trailing: 7))) == 7)
    for name in DemoCatalogFiles.pictureNames {
      let bytes = try #require(DemoCatalogFiles.picture(named: name))
      #expect(PictureCheck.isPictureNow(bytes), "the demo's own \(name)")
    }
  }
}
