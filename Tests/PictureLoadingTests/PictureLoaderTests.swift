import Foundation
import Shop
import Synchronization
import TerminalKit
import TerminalPictures
@testable import TerminalUI
import Testing

/// The loader's bounds: a few at a time, a short queue of the newest requests, a capped shelf;
/// and the drawing happens off the main actor.
@MainActor
struct PictureLoaderTests {
  static let mode = PictureMode(symbols: .halfBlocks, colors: .truecolor)

  /// A fetcher that holds every request until ``open()``: each waits on a continuation, not a
  /// timer.
  final class Gate: Sendable {
    let started = Mutex<[String]>([])
    private let state = Mutex<(isOpen: Bool, held: [CheckedContinuation<Void, Never>])>((false, []))

    var fetcher: PictureFetcher {
      PictureFetcher { [self] address throws(PictureFetchFailure) in
        started.withLock { $0.append(address.key) }
        await passed()
        guard let bytes = DemoCatalogFiles.picture(named: "product-1.png") else { throw PictureFetchFailure("none") }
        return bytes
      }
    }

    /// Lets every held request go, and every later one through at once.
    func open() {
      let held = state.withLock { state in
        state.isOpen = true
        defer { state.held = [] }
        return state.held
      }
      for request in held { request.resume() }
    }

    private func passed() async {
      await withCheckedContinuation { request in
        let isOpen = state.withLock { state in
          if !state.isOpen { state.held.append(request) }
          return state.isOpen
        }
        if isOpen { request.resume() }
      }
    }
  }

  static func product(_ id: Int) -> Product {
    Product(id: id, title: "P\(id)", price: Money(cents: 100), imageURL: "product-\(id % 20 + 1).png")
  }

  @Test func aFewAtATimeAndOnlyTheNewestWait() async throws {
    let gate = Gate()
    let loader = PictureLoader(mode: Self.mode, storeBase: nil, fetcher: gate.fetcher)
    let keys = (0..<40).compactMap { loader.shelf.key(for: Self.product($0), in: Size(width: 10 + $0, height: 5)) }
    #expect(keys.count == 40)
    let work = loader.load(keys)
    #expect(loader.pending.running == PictureLoader.concurrentLoads)
    #expect(loader.pending.waiting == PictureLoader.maximumWaiting, "the oldest requests are dropped")
    gate.open()
    for item in work { await item.finished() }
    #expect(loader.pending == (0, 0))
    let newest = keys.last!
    #expect(loader.shelf.content(for: Self.product(39), in: newest.area) as PictureView<Int>.Content != .placeholder("loading picture…"))
  }

  @Test func theShelfKeepsAtMostItsCap() async throws {
    let loader = PictureLoader(mode: Self.mode, storeBase: nil, fetcher: .live(cache: nil))
    let product = Self.product(0)
    for width in 0..<(PictureLoader.maximumKept + 10) {
      let key = try #require(loader.shelf.key(for: product, in: Size(width: 4 + width, height: 4)))
      for item in loader.load([key]) { await item.finished() }
    }
    let kept = (0..<(PictureLoader.maximumKept + 10)).filter {
      if case .picture = loader.shelf.content(for: product, in: Size(width: 4 + $0, height: 4)) as PictureView<Int>.Content { return true }
      return false
    }
    #expect(kept.count == PictureLoader.maximumKept)
    #expect(kept.first == 10, "the oldest went first")
  }

  /// Pictures are fetched off the main thread, where the screen is drawn and keys are read.
  /// (Decoding and drawing follow in the same detached task; this test sees only the fetch.)
  @Test func picturesAreFetchedOffTheMainThread() async throws {
    let onMain = Mutex<[Bool]>([])
    let fetcher = PictureFetcher { _ throws(PictureFetchFailure) in
      onMain.withLock { $0.append(Thread.isMainThread) }
      guard let bytes = DemoCatalogFiles.picture(named: "product-1.png") else { throw PictureFetchFailure("none") }
      return bytes
    }
    let loader = PictureLoader(mode: Self.mode, storeBase: nil, fetcher: fetcher)
    let key = try #require(loader.shelf.key(for: Self.product(1), in: Size(width: 10, height: 5)))
    #expect(loader.shelf.content(for: Self.product(1), in: key.area) as PictureView<Int>.Content == .placeholder("loading picture…"))
    for item in loader.load([key]) { await item.finished() }
    #expect(onMain.withLock { $0 } == [false])
    guard case .picture = loader.shelf.content(for: Self.product(1), in: key.area) as PictureView<Int>.Content else {
      Issue.record("drawn once fetched")
      return
    }
  }

  /// A picture loaded ahead changes nothing on screen, so it does not wake the loop for a
  /// frame; one on screen does.
  @Test func onlyAPictureOnScreenWakesTheLoop() async throws {
    let loader = PictureLoader(mode: Self.mode, storeBase: nil, fetcher: .live(cache: nil))
    let changes = loader.changes()
    let shown = try #require(loader.shelf.key(for: Self.product(1), in: Size(width: 10, height: 5)))
    let ahead = try #require(loader.shelf.key(for: Self.product(2), in: Size(width: 10, height: 5)))
    var wakes = changes.makeAsyncIterator()
    for work in loader.load(PictureRequests(onScreen: [], ahead: [ahead])) { await work.finished() }
    #expect(loader.wakeUps == 0, "a picture loaded ahead wakes nothing")
    for work in loader.load(PictureRequests(onScreen: [shown], ahead: [])) { await work.finished() }
    #expect(loader.wakeUps == 1, "one wake-up, for the picture on screen")
    #expect(await wakes.next() != nil, "and the loop hears it")
  }
}
