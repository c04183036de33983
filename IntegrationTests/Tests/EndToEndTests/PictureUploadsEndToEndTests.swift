import Foundation
import StoreModels
import StoreTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The back office's pictures on two real `onlinestore-api` instances sharing one database:
/// 200 uploads of 4 MB pictures, each replacing one of five products' pictures through the first
/// instance and fetched from the second, leave both instances' memory where it was after the
/// first twenty, and the database holding five pictures. (1.5 kept every picture ever given and
/// read them all into every instance at each change: 50 uploads took one instance from 49 to
/// 840 MB and an idle second one to 761 MB.)
@Suite(.serialized)
struct PictureUploadsEndToEndTests {
  static let adminToken = "admin-uploads-token-0123456789abcdef"

  /// The resident memory of `pid`, in MiB.
  static func residentMiB(_ pid: Int32) -> Double {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1_024 } ?? 0
  }

  func send(_ method: String, _ url: URL, body: String? = nil) async throws -> (Int, Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body.map { Data($0.utf8) }
    request.timeoutInterval = 60
    request.setValue("Bearer \(Self.adminToken)", forHTTPHeaderField: "Authorization")
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
  }

  @Test func twoHundredUploadsKeepBothInstancesFlat() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let token = try BackOfficeEndToEndTests.secret(Self.adminToken, in: workspace, named: "admin.token")
    let database = "sqlite:" + workspace.appendingPathComponent("api.sqlite").path
    let receiving = try await APIServerProcess.start(database: database, arguments: ["--admin-token-file", token.path])
    let idle = try await APIServerProcess.start(database: database, arguments: ["--admin-token-file", token.path])
    let file = workspace.appendingPathComponent("picture.png")
    var before: (Double, Double) = (0, 0)
    var failures: [String] = []
    for upload in 1...200 {
      let picture = TestPNG.make(width: 1_000, height: 1_000, seed: UInt64(upload))
      try picture.write(to: file)
      let product = upload % 5 + 1
      let draft = #"{"title":"Product \#(product)","price":9.5,"category":"stationery","description":"","picture":{"file":"\#(file.path)"}}"#
      let (status, body) = try await send("PUT", receiving.baseURL.appendingPathComponent("admin/products/\(product)"), body: draft)
      guard status == 200, let edited = try? StoreJSON.decoder.decode(Product.self, from: body) else {
        failures.append("upload \(upload): \(status) \(String(decoding: body.prefix(200), as: UTF8.self))")
        continue
      }
      // Every tenth, the other instance serves it, once it has heard of the change (within its second).
      guard upload % 10 == 0 else { continue }
      let name = String(edited.imageURL.split(separator: "/").last!)
      var served = 0
      for _ in 0..<50 where served != 200 {
        (served, _) = (try? await send("GET", idle.baseURL.appendingPathComponent("img/\(name)"))) ?? (0, Data())
        if served != 200 { try await Task.sleep(for: .milliseconds(100)) }
      }
      if served != 200 { failures.append("upload \(upload): the second instance answered \(served)") }
      if upload == 20 { before = (Self.residentMiB(receiving.process.processIdentifier), Self.residentMiB(idle.process.processIdentifier)) }
    }
    let after = (Self.residentMiB(receiving.process.processIdentifier), Self.residentMiB(idle.process.processIdentifier))
    let (_, listing) = try await send("GET", receiving.baseURL.appendingPathComponent("admin/products"))
    await receiving.stop()
    await idle.stop()
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    #expect(after.0 - before.0 < 64, "the receiving instance grew \(after.0 - before.0) MiB (\(before.0) → \(after.0))")
    #expect(after.1 - before.1 < 64, "the idle instance grew \(after.1 - before.1) MiB (\(before.1) → \(after.1))")
    let names = Set((try StoreJSON.decoder.decode([CatalogEntryNames].self, from: listing)).map(\.product.image).filter { $0.contains("upload-") })
    #expect(names.count == 5, "five products, five pictures in use")
  }

  /// The products of `GET /admin/products`, only as far as their pictures.
  struct CatalogEntryNames: Decodable {
    struct Named: Decodable { var image: String }
    var product: Named
  }
}
