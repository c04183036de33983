import FlyingFox
import FlyingSocks
import Foundation
import Shop
import StoreTestSupport
import TerminalKit
import TerminalPictures
import TerminalUI
import Testing

/// Every bad answer a picture can get: each ends in the quiet placeholder and one line in the
/// log, within the limits, and never a crash.
@MainActor
struct BadPictureTests {
  static let mode = PictureMode(symbols: .quadrants, colors: .truecolor)

  enum BadAnswer: String, CaseIterable, Sendable {
    case truncatedJPEG, hugePNG, htmlAsJPEG, notFound, fiftyMegabytes, fiftyMegabytesAnnounced, neverEnding

    var reason: String {
      switch self {
      case .truncatedJPEG: "damaged or cut short"
      case .hugePNG: "more pixels than a store decodes (16 MP, 4 MP for a PNG)"
      case .htmlAsJPEG: "not a PNG, JPEG or WebP"
      case .notFound: "answered 404"
      case .fiftyMegabytes, .fiftyMegabytesAnnounced: "larger than 4 MiB"
      case .neverEnding: "no answer within 3 s"
      }
    }

    /// How long the fetch may take: short for the answer that never ends, which must be cut by
    /// it; long for the others, whose own limit must act first, however busy the machine.
    var timeout: Duration { self == .neverEnding ? .seconds(3) : .seconds(15) }

    var response: HTTPResponse {
      switch self {
      case .truncatedJPEG: PictureAnswers.image(PictureAnswers.fixture("truncated.jpg"), type: "image/jpeg")
      case .hugePNG: PictureAnswers.image(PictureAnswers.fixture("huge.png"), type: "image/png")
      case .htmlAsJPEG: PictureAnswers.image(PictureAnswers.fixture("html.jpg"), type: "image/jpeg")
      case .notFound: HTTPResponse(statusCode: .notFound, headers: HTTPHeaders([.contentType: "text/html"]), body: Data("<h1>Not Found</h1>".utf8))
      case .fiftyMegabytes:
        HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: "image/jpeg"]), body: HTTPBodySequence(from: PictureAnswers.Bytes(total: 50_000_000)))
      case .fiftyMegabytesAnnounced: PictureAnswers.image(Data(count: 50_000_000), type: "image/jpeg")
      case .neverEnding:
        HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: "image/jpeg"]), body: HTTPBodySequence(from: PictureAnswers.Bytes(total: .max, pause: .milliseconds(50))))
      }
    }
  }

  @Test(arguments: BadAnswer.allCases)
  func aBadAnswerGivesThePlaceholderAndALogLine(_ answer: BadAnswer) async throws {
    let server = try await StubStoreServer(["GET /img/bad.jpg": { _ in answer.response }])
    defer { Task { await server.stop() } }
    let log = PictureAnswers.Log()
    let loader = PictureLoader(
      mode: Self.mode, storeBase: server.baseURL,
      fetcher: .live(cache: nil, timeout: answer.timeout, log: log.write), log: log.write
    )
    let product = Product(id: 1, title: "Bad", price: Money(cents: 100), imageURL: "img/bad.jpg")
    let area = Size(width: 20, height: 10)
    let key = try #require(loader.shelf.key(for: product, in: area))
    #expect(loader.shelf.content(for: product, in: area) as PictureView<Int>.Content == .placeholder("loading picture…"))

    let started = ContinuousClock.now
    for work in loader.load([key]) { await work.finished() }
    // An answer that never ends would keep a fetch without a deadline waiting for ever: any
    // finite bound shows the limit acts. The margin is for CI's two busy cores.
    #expect(ContinuousClock.now - started < answer.timeout + .seconds(8), "within the time limit, whatever the server does")
    #expect(loader.shelf.content(for: product, in: area) as PictureView<Int>.Content == .placeholder("picture unavailable"))
    let lines = log.lines
    #expect(lines.count == 1, "one line in the log: \(lines)")
    #expect(lines.first?.contains(answer.reason) == true, "the log says why: \(lines)")
    #expect(lines.first?.contains("/img/bad.jpg") == true, "and which picture")

    // Not asked for again while the store runs.
    #expect(loader.load([key]).isEmpty)
  }

  /// An endless answer as fast as loopback carries it: the fetch stops reading at the cap at
  /// once. (It once read 250–311 MB before the cap took effect, copying the body so far for each
  /// piece while libcurl read on.) What the server managed to send is the client's reading
  /// plus the sockets' buffers, nothing more.
  @Test func anEndlessFastAnswerIsReadNoFurtherThanTheCap() async throws {
    let server = try EndlessAnswerServer(connections: 6)
    let fetcher = PictureFetcher.live(cache: nil, timeout: .seconds(20))
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/endless.jpg"))
    for _ in 0..<6 {
      await #expect(throws: PictureFetchFailure("larger than 4 MiB")) { try await fetcher.fetch(.web(url)) }
    }
    let sent = await server.bytesSent(waitingFor: 6)
    #expect(sent.count == 6)
    for bytes in sent {
      #expect(bytes < PictureLimits.maximumBytes + 24 * 1_048_576, "the server sent \(bytes / 1_048_576) MiB to a client capped at 4")
    }
  }

  /// With `--api` set, a picture on another host than the store's is fetched too, with the
  /// same limits.
  @Test func aPictureOnAnotherHostIsFetchedWithTheSameLimits() async throws {
    let pictures = try await StubStoreServer([
      "GET /good.png": { _ in PictureAnswers.image(PictureAnswers.fixture("picture.png"), type: "image/png") },
      "GET /big.png": { _ in PictureAnswers.image(Data(count: 5_000_000), type: "image/png") },
    ])
    defer { Task { await pictures.stop() } }
    let port = try #require(pictures.baseURL.port)
    let store = URL(string: "http://127.0.0.1:1/")!
    // The limit tried here is the size; the deadline only leaves room for a busy machine.
    let loader = PictureLoader(mode: Self.mode, storeBase: store, fetcher: .live(cache: nil, timeout: .seconds(10)))
    let good = Product(id: 1, title: "Good", price: Money(cents: 100), imageURL: "http://localhost:\(port)/good.png")
    let big = Product(id: 2, title: "Big", price: Money(cents: 100), imageURL: "http://localhost:\(port)/big.png")
    let area = Size(width: 12, height: 6)
    let keys = [good, big].compactMap { loader.shelf.key(for: $0, in: area) }
    #expect(keys.count == 2)
    for work in loader.load(keys) { await work.finished() }
    guard case let .picture(picture) = loader.shelf.content(for: good, in: area) as PictureView<Int>.Content else {
      Issue.record("the picture on the other host is shown")
      return
    }
    #expect(picture.size.width <= 12 && picture.size.height <= 6)
    #expect(loader.shelf.content(for: big, in: area) as PictureView<Int>.Content == .placeholder("picture unavailable"))
  }

  /// A product without a picture, or with an address that is not fetched, says so at once.
  @Test func withoutAUsableAddressNothingIsFetched() {
    let loader = PictureLoader(mode: Self.mode, storeBase: nil, fetcher: PictureFetcher { _ throws(PictureFetchFailure) in
      Issue.record("nothing is fetched")
      return Data()
    })
    for image in ["", "file:///etc/passwd", "data:image/png;base64,AAAA", "../../etc/passwd", "javascript:alert(1)", String(repeating: "a", count: 3_000)] {
      let product = Product(id: 1, title: "x", price: Money(cents: 1), imageURL: image)
      #expect(loader.shelf.key(for: product, in: Size(width: 10, height: 5)) == nil, "\(image.prefix(30))")
      #expect(loader.shelf.content(for: product, in: Size(width: 10, height: 5)) as PictureView<Int>.Content == .placeholder("no picture"))
    }
  }
}
