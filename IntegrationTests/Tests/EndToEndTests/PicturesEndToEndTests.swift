import FlyingFox
import Foundation
import StoreTestSupport
import Synchronization
import TerminalKit
import TerminalKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Product pictures where the store runs: the embedded catalog, the store's own API server
/// with a catalog directory, a FakeStore-shaped server, and over SSH.
struct PicturesEndToEndTests {
  /// Whether the screen shows a block symbol other than the full block: only a picture draws one.
  static func hasPicture(_ screen: Canvas) -> Bool {
    screen.plainText.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) && $0 != "█" }
  }

  /// Opens the selected product's details, waits for its picture, and closes them again.
  static func openDetailsAndSeeAPicture(_ store: TerminalSession) async throws {
    try store.press(.enter)
    try await store.waitFor(text: "Details")
    try await store.waitUntil("a picture", hasPicture)
    try store.press(.escape)
    try await store.waitUntil("the details closed") { !$0.plainText.contains("Details") }
  }

  static var picturesDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/StoreModels/Catalog/Pictures")
  }

  @Test func theEmbeddedCatalogShowsItsPicturesOffline() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
    let store = try StoreTerminal.start(["--latency", "0"], stateDirectory: state, environment: ["XDG_CACHE_HOME": "\(state.path)/cache"])
    try await store.waitFor(text: "Dot-grid notebook")
    try await Self.openDetailsAndSeeAPicture(store)
    try store.resize(to: Size(width: 120, height: 40))
    try await store.waitUntil("a picture in the pane beside the list at 120 columns", Self.hasPicture)
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))

    let off = try StoreTerminal.start(["--latency", "0", "--pictures", "off"], stateDirectory: state)
    try await off.waitFor(text: "Dot-grid notebook")
    try off.press(.enter)
    try await off.waitFor(text: "Details")
    try await off.waitForIdle(quiet: .milliseconds(300))
    #expect(!Self.hasPicture(off.screen), "--pictures off draws none")
    try off.press("Esc q")
    try await off.waitForExit()
  }

  /// `onlinestore-api --catalog DIR` serves the pictures the directory's products name and
  /// points the products there; the store fetches and shows them, and keeps them on disk.
  @Test func theStoresOwnServerServesACatalogDirectorysPictures() async throws {
    let state = try StoreTerminal.temporaryStateDirectory()
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

    let store = try StoreTerminal.start(
      ["--api", server.baseURL.absoluteString], stateDirectory: state, environment: ["XDG_CACHE_HOME": "\(state.path)/cache"]
    )
    try await store.waitFor(text: "Skillet")
    try await Self.openDetailsAndSeeAPicture(store)
    try store.press("j Enter")
    try await store.waitFor(text: "no picture")
    try store.press("Esc q")
    #expect(try await store.waitForExit() == .exited(0))
    await server.stop()
    let cached = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("cache/onlinestore/pictures").path)
    #expect(cached.filter { $0.hasSuffix(".picture") }.count == 1, "kept on disk: \(cached)")
  }

  /// Answers in FakeStore's own shape, whose images are absolute URLs (here on the test's
  /// server, as FakeStore's are on its own).
  @Test func aFakeStoreShapedServersPicturesShow() async throws {
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tests/TerminalPicturesTests/Fixtures/picture.jpg"))
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
    let state = try StoreTerminal.temporaryStateDirectory()
    let store = try StoreTerminal.start(
      ["--api", server.baseURL.absoluteString], stateDirectory: state, environment: ["XDG_CACHE_HOME": "\(state.path)/cache"]
    )
    try await store.waitFor(text: "Fjallraven")
    try await Self.openDetailsAndSeeAPicture(store)
    try store.press("q")
    #expect(try await store.waitForExit() == .exited(0))
  }

  @Test func picturesShowOverSSH() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let server = try await ServeProcess.start(stateDirectory: workspace.appendingPathComponent("state"))
    let key = try await ShopperKey.make(in: workspace, name: "ada")
    let shopper = try TerminalSession(server.ssh(identity: key), environment: ["XDG_STATE_HOME": workspace.path], timeout: StoreTerminal.timeout)
    try await shopper.waitFor(text: "Dot-grid notebook")
    try await Self.openDetailsAndSeeAPicture(shopper)
    try shopper.press("q")
    #expect(try await shopper.waitForExit() == .exited(0))
    #expect(shopper.leftChanged.isEmpty, "\(shopper.leftChanged)")
    #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("state/cache").path), "the sessions' shared cache")
    #expect(await server.stop() == 0)
  }
}
