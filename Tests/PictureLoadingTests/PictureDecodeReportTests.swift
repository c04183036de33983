import Foundation
import Shop
import Synchronization
import TerminalKit
import TerminalPictures
@testable import TerminalUI
import Testing

/// Each decode the loader does is told to its report (the store's metrics): a picture decoded,
/// with a time, and one refused, with why.
@MainActor
struct PictureDecodeReportTests {
  @Test func eachDecodeIsReportedDecodedOrRefused() async throws {
    let reports = Mutex<[Result<Duration, PictureDecoder.Failure>]>([])
    let fetcher = PictureFetcher { address throws(PictureFetchFailure) in
      if address.key.hasSuffix("product-1.png") {
        guard let bytes = DemoCatalogFiles.picture(named: "product-1.png") else { throw PictureFetchFailure("none") }
        return bytes
      }
      return Data("not a picture at all".utf8)
    }
    let loader = PictureLoader(
      mode: PictureLoaderTests.mode, storeBase: nil, fetcher: fetcher, decodes: PictureDecodeReport { outcome in reports.withLock { $0.append(outcome) } }
    )
    let good = try #require(loader.shelf.key(for: PictureLoaderTests.product(0), in: Size(width: 10, height: 5)))
    for item in loader.load([good]) { await item.finished() }
    let bad = try #require(loader.shelf.key(for: PictureLoaderTests.product(1), in: Size(width: 10, height: 5)))
    for item in loader.load([bad]) { await item.finished() }
    let seen = reports.withLock { $0 }
    #expect(seen.count == 2, "\(seen)")
    guard case let .success(duration)? = seen.first else {
      Issue.record("the first decode succeeded: \(seen)")
      return
    }
    #expect(duration > .zero)
    #expect(seen.last.map { if case .failure(.unknownFormat) = $0 { true } else { false } } == true, "\(seen)")
  }
}
