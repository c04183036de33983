import Foundation
import StoreModels
import Synchronization

/// One host's stock, followed once for all its sessions: `onlinestore serve` follows the
/// `--api` server's stock (``StockWatch/following(_:clock:)``: one request held at a time,
/// however many shoppers) and writes each change into a folder of its state directory, ringing
/// the bell of every store that listens there (``StockWatch/relayed(from:)``). A thousand
/// shoppers on one host then cost the server what one does.
///
/// The folder holds `levels.json` (the latest ``StockLevels``, replaced whole) and the stores'
/// bells (`.bells/`, see `CartChangeBell`). Only the front door writes it; the stores run as
/// the same user and only read it.
public enum StockRelay {
  /// The file of the latest levels in a relay's folder.
  static func file(in folder: URL) -> URL { folder.appendingPathComponent("levels.json") }

  /// Makes `folder` (0700) and removes an earlier run's levels, so that no store shows them.
  public static func prepare(_ folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try? FileManager.default.removeItem(at: file(in: folder))
  }

  /// Writes `levels` as the latest (a new file renamed over the old one, so a store never reads
  /// half of it) and rings at most `listeners` stores' bells.
  public static func publish(_ levels: StockLevels, in folder: URL, listeners: Int) throws {
    try StoreJSON.encoder.encode(levels).write(to: file(in: folder), options: .atomic)
    CartChangeBell.ring(in: folder.path, atMost: listeners)
  }

  /// The latest levels in `folder`, `nil` when there are none yet (or none a store can read).
  static func latest(in folder: URL) -> StockLevels? {
    guard let data = try? Data(contentsOf: file(in: folder)), data.count <= 1_048_576 else { return nil }
    return try? StoreJSON.decoder.decode(StockLevels.self, from: data)
  }
}

extension StockWatch {
  /// The stock a front door relays into `folder` (``StockRelay``): the levels there now, then
  /// each new one when the front door rings this store's bell. Without a bell (no socket to be
  /// had) the levels there at the start are all it hears.
  public static func relayed(from folder: URL) -> StockWatch {
    StockWatch {
      AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
        let last = LockedLevels()
        let read: @Sendable () -> Void = {
          if let levels = StockRelay.latest(in: folder), last.replace(with: levels) { continuation.yield(levels) }
        }
        let bell = CartChangeBell.listen(in: folder.path, onRing: read)
        read()
        continuation.onTermination = { _ in bell?.stop() }
      }
    }
  }
}

/// The levels a relayed watch last passed on.
private final class LockedLevels: Sendable {
  private let levels = Mutex<StockLevels?>(nil)

  /// Keeps `new`; whether it differs from what was kept.
  func replace(with new: StockLevels) -> Bool {
    levels.withLock { levels in
      defer { levels = new }
      return levels != new
    }
  }
}
