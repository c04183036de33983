import Foundation
import Shop
import TerminalKit
import TerminalPictures

/// Fetches, decodes and draws the pictures the screens ask for, off the main actor and a few
/// at a time, and keeps what it drew (``shelf``) for the frames to read.
///
/// Every count has a bound: ``concurrentLoads`` run at once, ``maximumWaiting`` wait (the
/// newest request first — what the shopper looks at now — and the oldest dropped), and
/// ``maximumKept`` drawn pictures are kept (the oldest out). A picture that fails shows
/// "picture unavailable", its reason goes to the log, and it is not asked for again — until more
/// than ``maximumKept`` have failed, when that list starts afresh.
@MainActor
public final class PictureLoader {
  public private(set) var shelf: PictureShelf
  private let fetcher: PictureFetcher
  private let log: @Sendable (String) -> Void
  private let decodes: PictureDecodeReport
  private var keptOrder: [PictureKey] = []
  private var waiting: [PictureKey] = []
  private var running: [PictureKey: Task<Void, Never>] = [:]
  private var waiters: [PictureKey: [CheckedContinuation<Void, Never>]] = [:]
  private var arrivals: [AsyncStream<Void>.Continuation] = []
  /// How many times ``changes()`` fired, counted at once: part of the shop's change count, and
  /// what a test counts, since a stream that keeps only the newest wake-up cannot show two.
  private(set) var wakeUps = 0
  /// The pictures the screen shows now: only their arrival changes what is on screen.
  private var onScreen: Set<PictureKey> = []

  public static let concurrentLoads = 2
  public static let maximumWaiting = 16
  public static let maximumKept = 48

  public init(
    mode: PictureMode, storeBase: URL?, fetcher: PictureFetcher, log: @escaping @Sendable (String) -> Void = { _ in },
    decodes: PictureDecodeReport = .none
  ) {
    self.shelf = PictureShelf(mode: mode, storeBase: storeBase)
    self.fetcher = fetcher
    self.log = log
    self.decodes = decodes
  }

  /// Fires each time a picture on screen is ready or has failed: the screen looks different.
  /// (One loaded ahead changes nothing on screen, so it does not wake the loop.)
  public func changes() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    arrivals.append(continuation)
    return stream
  }

  /// Starts loading those of `keys` that are neither drawn, failed nor under way. Returns, for
  /// a caller that waits (snapshots), work that ends when each of them is ready or has failed.
  @discardableResult
  public func load(_ keys: [PictureKey]) -> [ProgramWork] {
    load(PictureRequests(onScreen: keys, ahead: []))
  }

  /// Starts loading what `requests` asks for, those on screen last so they are taken first.
  @discardableResult
  public func load(_ requests: PictureRequests) -> [ProgramWork] {
    onScreen = Set(requests.onScreen)
    let keys = requests.ahead.reversed() + requests.onScreen
    // A load under way for a picture no longer on screen nor ahead is not wanted: it stops
    // (its decode with it), and starts again if the picture is asked for later.
    let wanted = Set(keys)
    for (key, task) in running where !wanted.contains(key) {
      task.cancel()
      running[key] = nil
      resume(key)
    }
    var work: [ProgramWork] = []
    for key in keys where shelf.ready[key] == nil && shelf.failed[key.address.key] == nil {
      if running[key] == nil {
        waiting.removeAll { $0 == key }
        waiting.append(key)
        startWaiting()
        if waiting.count > Self.maximumWaiting { drop(waiting.removeFirst()) }
      }
      work.append(ProgramWork { await self.finished(key) })
    }
    return work
  }

  /// How many loads are under way and waiting: for tests of the bounds.
  public var pending: (running: Int, waiting: Int) { (running.count, waiting.count) }

  private func startWaiting() {
    while running.count < Self.concurrentLoads, let key = waiting.popLast() {
      let fetcher = self.fetcher
      let decodes = self.decodes
      running[key] = Task.detached(priority: .utility) {
        let result = await Self.draw(key, with: fetcher, decodes: decodes)
        guard !Task.isCancelled else { return }
        await self.store(result, for: key)
      }
    }
  }

  /// Fetches, decodes and draws one picture: all of it off the main actor.
  private nonisolated static func draw(
    _ key: PictureKey, with fetcher: PictureFetcher, decodes: PictureDecodeReport
  ) async -> Result<SymbolPicture, PictureFetchFailure> {
    do {
      let bytes = try await fetcher.fetch(key.address)
      let decoded = try await decode(bytes, for: key, reportingTo: decodes)
      return .success(try SymbolRenderer.render(decoded, fitting: key.area, mode: key.mode))
    } catch let failure as PictureFetchFailure {
      return .failure(failure)
    } catch let failure as PictureDecoder.Failure {
      return .failure(PictureFetchFailure(Self.words(for: failure)))
    } catch {
      return .failure(PictureFetchFailure("it could not be drawn (\(error))"))
    }
  }

  /// Decodes on a thread of its own, bounded in size and work, and stopped if no longer wanted;
  /// the time it took, or why it failed, goes to `decodes`.
  private nonisolated static func decode(
    _ bytes: Data, for key: PictureKey, reportingTo decodes: PictureDecodeReport
  ) async throws(PictureDecoder.Failure) -> DecodedPicture {
    let clock = ContinuousClock()
    let start = clock.now
    do {
      let decoded = try await PictureDecoding.decode(bytes, limits: .forCells(key.area.width, key.area.height))
      decodes.report(.success(start.duration(to: clock.now)))
      return decoded
    } catch {
      decodes.report(.failure(error))
      throw error
    }
  }

  nonisolated static func words(for failure: PictureDecoder.Failure) -> String {
    switch failure {
    case .unknownFormat: "it is not a PNG, JPEG or WebP picture"
    case .broken: "the picture is damaged or cut short"
    case .tooLarge:
      "the picture has more pixels than a store decodes (\(PictureDecoder.Limits().maximumPixels / 1_000_000) MP, \(PictureDecoder.Limits().maximumPNGPixels / 1_000_000) MP for a PNG) or needs too much memory to decode"
    case .noMemory: "there was not enough memory to decode it"
    case .tooComplex: "the picture is a JPEG of more than \(PictureDecoder.Limits().maximumScans) scans"
    case .overBudget: "decoding it took more than \(Int(PictureDecoder.Limits().cpuSeconds)) s of CPU time"
    case .cancelled: "it was no longer wanted"
    }
  }

  private func store(_ result: Result<SymbolPicture, PictureFetchFailure>, for key: PictureKey) {
    guard running.removeValue(forKey: key) != nil else { return }
    switch result {
    case let .success(picture):
      shelf.ready[key] = picture
      keptOrder.append(key)
      if keptOrder.count > Self.maximumKept { shelf.ready[keptOrder.removeFirst()] = nil }
    case let .failure(failure):
      if shelf.failed.count >= Self.maximumKept { shelf.failed.removeAll() }
      shelf.failed[key.address.key] = failure.reason
      log("picture \(PictureLog.quoted(key.address.key)) not shown: \(failure.reason)")
    }
    resume(key)
    if onScreen.contains(key) {
      wakeUps += 1
      for arrival in arrivals { arrival.yield() }
    }
    startWaiting()
  }

  /// Dropped from the queue: whoever waits for it stops waiting (it shows "loading" until asked
  /// again).
  private func drop(_ key: PictureKey) {
    resume(key)
  }

  private func resume(_ key: PictureKey) {
    for waiter in waiters.removeValue(forKey: key) ?? [] { waiter.resume() }
  }

  private func finished(_ key: PictureKey) async {
    guard running[key] != nil || waiting.contains(key) else { return }
    await withCheckedContinuation { waiters[key, default: []].append($0) }
  }
}
