import FlyingFox
import Foundation
import StoreTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Product pictures where the store runs: the embedded catalog, the store's own API server
/// with a catalog directory, a FakeStore-shaped server, and over SSH.
@Suite(.serialized)
struct PicturesEndToEndTests {
  /// A block symbol, which only a picture draws.
  static let pictureGlyphs = "[▀▄▌▐▖▗▘▝▚▞▙▛▜▟]"

  static func hasPicture(_ screen: String) -> Bool {
    screen.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) && $0 != "█" }
  }

  static var picturesDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/StoreModels/Catalog/Pictures")
  }

  @Test func theEmbeddedCatalogShowsItsPicturesOffline() async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let run = try await TUIDrive.run(
      arguments: ["--latency", "0"], stateDirectory: state, firstScreen: "Dot-grid notebook",
      environment: ["XDG_CACHE_HOME=\(state.path)/cache"],
      steps: ["Enter", "@wait Details", "@wait \(Self.pictureGlyphs)", "Escape", "@resize 120x40", "@wait \(Self.pictureGlyphs)", "q"]
    )
    #expect(run.programStatus == 0, "\(run.log)")
    let details = try #require(run.screens.first { $0.contains("Details") })
    #expect(Self.hasPicture(details), "\(details)")
    let wide = run.screens.filter { ($0.split(separator: "\n").first?.count ?? 0) > 100 }
    #expect(wide.contains(where: Self.hasPicture), "the pane beside the list at 120 columns")

    let off = try await TUIDrive.run(
      arguments: ["--latency", "0", "--pictures", "off"], stateDirectory: state, firstScreen: "Dot-grid notebook",
      steps: ["Enter", "@wait Details", "@sleep 0.3", "Escape", "q"]
    )
    #expect(!off.screens.contains(where: Self.hasPicture), "--pictures off draws none")
  }

  /// `onlinestore-api --catalog DIR` serves the pictures the directory's products name and
  /// points the products there; the store fetches and shows them, and keeps them on disk.
  @Test func theStoresOwnServerServesACatalogDirectorysPictures() async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let catalog = state.appendingPathComponent("catalog")
    try FileManager.default.createDirectory(at: catalog.appendingPathComponent("img"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.picturesDirectory.appendingPathComponent("product-6.png"), to: catalog.appendingPathComponent("img/skillet.png"))
    let products = #"[{"id": 1, "title": "Skillet", "price": 45, "description": "Cast iron.", "category": "kitchen", "image": "img/skillet.png", "rating": {"rate": 4.5, "count": 10}}, {"id": 2, "title": "Nothing to see", "price": 1, "description": "", "category": "kitchen", "image": "", "rating": {"rate": 1, "count": 1}}]"#
    try Data(products.utf8).write(to: catalog.appendingPathComponent("products.json"))
    let server = try await APIServerProcess.start(
      database: "sqlite:" + state.appendingPathComponent("api.sqlite").path, arguments: ["--catalog", catalog.path]
    )

    let (body, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("products/1"))
    let product = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    #expect(product["image"] as? String == "/img/skillet.png", "pointed at the server (relative: it listens on port 0)")
    let (picture, response) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("img/skillet.png"))
    let http = try #require(response as? HTTPURLResponse)
    #expect(http.statusCode == 200 && http.value(forHTTPHeaderField: "Content-Type") == "image/png")
    #expect(picture == (try Data(contentsOf: catalog.appendingPathComponent("img/skillet.png"))))
    let tag = try #require(http.value(forHTTPHeaderField: "ETag"))
    #expect(http.value(forHTTPHeaderField: "Cache-Control")?.contains("max-age=") == true)
    var again = URLRequest(url: server.baseURL.appendingPathComponent("img/skillet.png"))
    again.setValue(tag, forHTTPHeaderField: "If-None-Match")
    let (_, unchanged) = try await URLSession.shared.data(for: again)
    #expect((unchanged as? HTTPURLResponse)?.statusCode == 304)

    let run = try await TUIDrive.run(
      arguments: ["--api", server.baseURL.absoluteString], stateDirectory: state, firstScreen: "Skillet",
      environment: ["XDG_CACHE_HOME=\(state.path)/cache"],
      steps: ["Enter", "@wait Details", "@wait \(Self.pictureGlyphs)", "Escape", "j", "Enter", "@wait Details", "@wait no picture", "Escape", "q"]
    )
    await server.stop()
    #expect(run.programStatus == 0, "\(run.log)")
    #expect(run.screens.contains(where: Self.hasPicture), "\(run.screens.last ?? "")")
    let cached = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("cache/onlinestore/pictures").path)
    #expect(cached.filter { $0.hasSuffix(".picture") }.count == 1, "kept on disk: \(cached)")
  }

  /// Answers in FakeStore's own shape, whose images are absolute URLs (here on the test's
  /// server, as FakeStore's are on its own).
  @Test func aFakeStoreShapedServersPicturesShow() async throws {
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("TerminalPicturesTests/Fixtures/picture.jpg"))
    let base = Mutex<String>("")
    let server = try await StubStoreServer([
      "GET /products": { _ in
        let text = String(decoding: try Fixture.products.data, as: UTF8.self).replacingOccurrences(of: "https://fakestoreapi.com", with: base.withLock { $0 })
        return .json(text)
      },
      "GET /img/*": { _ in HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: "image/jpeg"]), body: jpeg) },
    ])
    defer { Task { await server.stop() } }
    base.withLock { $0 = server.baseURL.absoluteString }
    let state = try TUIDrive.temporaryStateDirectory()
    let run = try await TUIDrive.run(
      arguments: ["--api", server.baseURL.absoluteString], stateDirectory: state, firstScreen: "Fjallraven",
      environment: ["XDG_CACHE_HOME=\(state.path)/cache"],
      steps: ["Enter", "@wait Details", "@wait \(Self.pictureGlyphs)", "Escape", "q"]
    )
    #expect(run.programStatus == 0, "\(run.log)")
    #expect(run.screens.contains(where: Self.hasPicture))
  }

  @Test func picturesShowOverSSH() async throws {
    let workspace = try TUIDrive.temporaryStateDirectory()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let run = try await TUIDrive.run(
      stateDirectory: workspace, firstScreen: "Dot-grid notebook", command: server.ssh(identity: key),
      steps: ["Enter", "@wait Details", "@wait \(Self.pictureGlyphs)", "Escape", "q"]
    )
    #expect(run.programStatus == 0, "\(run.log)")
    #expect(run.screens.contains(where: Self.hasPicture))
    #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("state/cache").path), "the sessions' shared cache")
    #expect(await server.stop() == 0)
  }
}
