import FlyingFox
import FlyingSocks
import Foundation
import Shop
import StoreTestSupport
import Synchronization
import TerminalKit
import TerminalPictures
import TerminalUI
import Testing

/// Pictures kept on disk: asked again only when stale, with their `ETag`; a changed picture
/// replaces the copy; the cache keeps to its size.
@MainActor
struct PictureCacheTests {
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("picture-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// The server's picture and what it was asked.
  final class Served: Sendable {
    struct State {
      var bytes: Data
      var tag: String
      var asked: [String?] = []
    }
    let state: Mutex<State>

    init(_ bytes: Data, tag: String) {
      state = Mutex(State(bytes: bytes, tag: tag))
    }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
      state.withLock { state in
        state.asked.append(request.headers[HTTPHeader("If-None-Match")])
        if request.headers[HTTPHeader("If-None-Match")] == state.tag {
          return HTTPResponse(statusCode: .notModified, headers: HTTPHeaders([HTTPHeader("ETag"): state.tag, HTTPHeader("Cache-Control"): "max-age=0"]))
        }
        return PictureAnswers.image(state.bytes, type: "image/png", headers: [HTTPHeader("ETag"): state.tag, HTTPHeader("Cache-Control"): "max-age=0"])
      }
    }
  }

  @Test func anUnchangedPictureCostsA304AndAChangedOneReplacesTheCopy() async throws {
    let first = PictureAnswers.fixture("picture.png")
    let served = Served(first, tag: "\"a\"")
    let server = try await StubStoreServer(["GET /img/p.png": { served.answer($0) }])
    defer { Task { await server.stop() } }
    let cache = PictureDiskCache(directory: try Self.temporaryDirectory())
    let log = PictureAnswers.Log()
    // 60 s, not a store's 5: the stub server answers on this process's threads, busy with the
    // whole suite; what is tested is the cache, not the time.
    let fetcher = PictureFetcher.live(cache: cache, timeout: .seconds(60), log: log.write)
    let address = PictureAddress.web(server.baseURL.appendingPathComponent("img/p.png"))

    #expect(try await fetcher.fetch(address) == first)
    #expect(cache.entry(for: address.key)?.entry.entityTag == "\"a\"", "kept with its tag")
    #expect(try await fetcher.fetch(address) == first)
    #expect(served.state.withLock { $0.asked } == [nil, "\"a\""], "stale (max-age=0), so asked again, with the tag")
    #expect(log.lines.isEmpty)

    // The picture changes on the server: the new one replaces the copy, and the log says so.
    let second = PictureAnswers.fixture("picture.webp")
    served.state.withLock { $0.bytes = second; $0.tag = "\"b\"" }
    #expect(try await fetcher.fetch(address) == second)
    #expect(cache.entry(for: address.key)?.bytes == second)
    #expect(log.lines.count == 1 && log.lines[0].contains("changed on the server"), "\(log.lines)")
  }

  /// The server is gone: the copy fetched earlier is shown, and the log says why.
  @Test func aStaleCopyIsBetterThanNone() async throws {
    let cache = PictureDiskCache(directory: try Self.temporaryDirectory())
    let port = try closedLocalPort()
    let url = "http://127.0.0.1:\(port)/img/p.png"
    let bytes = PictureAnswers.fixture("picture.png")
    try cache.store(bytes, as: .init(url: url, entityTag: "\"a\"", storedAt: 0, freshFor: 1))
    let log = PictureAnswers.Log()
    #expect(try await PictureFetcher.live(cache: cache, log: log.write).fetch(.web(URL(string: url)!)) == bytes)
    #expect(log.lines.count == 1 && log.lines[0].contains("copy fetched earlier"))
  }

  @Test func theCacheKeepsToItsSizeOldestFirstOut() throws {
    let directory = try Self.temporaryDirectory()
    let cache = PictureDiskCache(directory: directory, capacity: 250_000)
    let picture = Data(repeating: 7, count: 100_000)
    for index in 0..<5 {
      try cache.store(picture, as: .init(url: "http://x/\(index)", entityTag: nil, storedAt: 0, freshFor: 60))
      // Distinct times, so that "oldest" means something.
      let file = directory.appendingPathComponent(PictureDiskCache.fileName(for: "http://x/\(index)") + ".picture")
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(1_000 + index))], ofItemAtPath: file.path)
    }
    let kept = (0..<5).filter { cache.entry(for: "http://x/\($0)") != nil }
    #expect(kept == [3, 4], "two of 100 kB fit in 250 kB: the newest two")
  }

  @Test func anEntryIsTheURLsOwnOrNone() throws {
    let directory = try Self.temporaryDirectory()
    let cache = PictureDiskCache(directory: directory)
    try cache.store(Data([1, 2, 3]), as: .init(url: "http://x/a", entityTag: nil, storedAt: 0, freshFor: 60))
    // Another URL's metadata under the same name, as a hash collision would put it.
    let name = PictureDiskCache.fileName(for: "http://x/a")
    try JSONEncoder().encode(PictureDiskCache.Entry(url: "http://x/b", entityTag: nil, storedAt: 0, freshFor: 60))
      .write(to: directory.appendingPathComponent(name + ".json"))
    #expect(cache.entry(for: "http://x/a") == nil)
    // A picture file grown over the limit is not read.
    let small = PictureDiskCache(directory: directory, maximumPictureBytes: 2)
    try cache.store(Data([1, 2, 3]), as: .init(url: "http://x/c", entityTag: nil, storedAt: 0, freshFor: 60))
    #expect(small.entry(for: "http://x/c") == nil)
    #expect(cache.entry(for: "http://x/c")?.bytes == Data([1, 2, 3]))
  }

  @Test func theStandardPlaceFollowsXDG() {
    #expect(PictureDiskCache.standardDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.path == "/c/onlinestore/pictures")
    #expect(PictureDiskCache.standardDirectory(environment: ["HOME": "/h"])?.path == "/h/.cache/onlinestore/pictures")
    #expect(PictureDiskCache.standardDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.path == "/h/.cache/onlinestore/pictures")
    #expect(PictureDiskCache.standardDirectory(environment: [:]) == nil)
  }

  /// A store killed while writing leaves its temporary file behind: the next one to store
  /// removes it once it is old, so crashes cannot fill the disk past the cap.
  @Test func temporaryFilesLeftByAKilledWriterAreSwept() throws {
    let directory = try Self.temporaryDirectory()
    let cache = PictureDiskCache(directory: directory)
    let stale = directory.appendingPathComponent(".0123456789abcdef.picture.4242.7")
    let fresh = directory.appendingPathComponent(".fedcba9876543210.picture.4243.8")
    try Data(count: 1_000).write(to: stale)
    try Data(count: 1_000).write(to: fresh)
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -600)], ofItemAtPath: stale.path)
    try cache.store(Data([1, 2, 3]), as: .init(url: "http://x/a", entityTag: nil, storedAt: 0, freshFor: 60))
    #expect(!FileManager.default.fileExists(atPath: stale.path), "an old one is swept")
    #expect(FileManager.default.fileExists(atPath: fresh.path), "one being written now is left to its writer")
  }

  /// Several stores writing the same picture at once: a reader finds one writer's bytes whole,
  /// never a mixture or a torn file.
  @Test func writersAtOnceLeaveOneWholePicture() async throws {
    let directory = try Self.temporaryDirectory()
    let cache = PictureDiskCache(directory: directory)
    let versions = (0..<8).map { Data(repeating: UInt8($0), count: 200_000) }
    await withTaskGroup(of: Void.self) { group in
      for version in versions {
        group.addTask {
          for _ in 0..<5 { try? cache.store(version, as: .init(url: "http://x/p", entityTag: nil, storedAt: 0, freshFor: 60)) }
        }
      }
      group.addTask {
        for _ in 0..<50 {
          if let bytes = cache.entry(for: "http://x/p")?.bytes { #expect(versions.contains(bytes)) }
        }
      }
    }
    #expect(versions.contains(try #require(cache.entry(for: "http://x/p")?.bytes)))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "no temporary file left by a writer that finished: \(left)")
  }
}
