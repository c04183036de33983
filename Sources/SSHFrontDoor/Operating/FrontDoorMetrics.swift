import CoreMetrics
import Observability

/// What the front door measures, for an operator's Prometheus (`onlinestore serve --metrics
/// HOST:PORT`): its sessions, what it refused and why, how long a shopper waits for the login,
/// for the first frame and for a key's frame (sampled), the bytes it sends, how its stores were
/// started, and what the stores themselves measured (picture decodes, cart saves). Kept in a
/// ``MetricsRegistry`` of its own, or nowhere (``none``). `Docs/Operating.md` lists each metric
/// with what to alert on.
public final class FrontDoorMetrics: Sendable {
  /// Why the front door turned a connection or a session away: a small, fixed set, so that a
  /// label never grows.
  public enum Refusal: String, Sendable, CaseIterable {
    /// The server held its most connections, or connections came from too many addresses.
    case full
    /// One address opened too many connections, or too many in a short time.
    case address
    /// A load balancer's PROXY header that could not be read, or none in time (or a socket that
    /// is not IP at all).
    case proxyHeader = "proxy_header"
    /// Every session place was taken.
    case sessions
    /// The host was draining.
    case draining
    /// The client asked for a store without a terminal (`ssh` without `-t`).
    case noTerminal = "no_pty"
  }

  /// How a store was started: forked by the session starter, or executed on its own.
  public enum StoreStart: String, Sendable, CaseIterable {
    case starter
    case exec
  }

  /// Measures nothing: a front door without `--metrics`.
  public static let none = FrontDoorMetrics(registry: .none)

  /// Where the metrics are kept, for `/metrics`.
  public let registry: MetricsRegistry
  private let activeSessions: Meter
  private let startedSessions: CoreMetrics.Counter
  private let refusals: [Refusal: CoreMetrics.Counter]
  private let handshakes: CoreMetrics.Timer
  private let firstFrames: CoreMetrics.Timer
  private let keysToFrames: CoreMetrics.Timer
  private let sentBytes: CoreMetrics.Counter
  private let sessionSizes: Recorder
  private let storeStarts: [StoreStart: CoreMetrics.Counter]
  private let starterRestarts: CoreMetrics.Counter
  private let pictureDecodes: CoreMetrics.Timer
  private let pictureRefusals: [StoreEvent.PictureRefusal: CoreMetrics.Counter]
  private let cartSaves: CoreMetrics.Timer
  private let failedCartSaves: CoreMetrics.Timer
  private let droppedStoreEvents: CoreMetrics.Counter

  /// The counters among the names: Prometheus writes them with `_total`.
  static let counters: Set<String> = [
    "onlinestore.ssh.sessions.started", "onlinestore.ssh.refused", "onlinestore.ssh.sent_bytes", "onlinestore.stores.started",
    "onlinestore.stores.starter_restarts", "onlinestore.pictures.refused",
    "onlinestore.stores.events_dropped",
  ]

  /// The histogram of the bytes each session sent (its buckets are bytes, not seconds).
  static let sessionSize = "onlinestore.ssh.session.sent.size"

  /// Measures into a new Prometheus registry.
  public convenience init() {
    self.init(registry: MetricsRegistry(counters: Self.counters, byteHistograms: [Self.sessionSize]))
  }

  init(registry: MetricsRegistry) {
    self.registry = registry
    let factory = registry.factory
    activeSessions = Meter(label: "onlinestore.ssh.sessions.active", factory: factory)
    startedSessions = CoreMetrics.Counter(label: "onlinestore.ssh.sessions.started", factory: factory)
    refusals = Dictionary(
      uniqueKeysWithValues: Refusal.allCases.map {
        ($0, CoreMetrics.Counter(label: "onlinestore.ssh.refused", dimensions: [("reason", $0.rawValue)], factory: factory))
      }
    )
    handshakes = CoreMetrics.Timer(label: "onlinestore.ssh.handshake.duration", factory: factory)
    firstFrames = CoreMetrics.Timer(label: "onlinestore.ssh.first_frame.duration", factory: factory)
    keysToFrames = CoreMetrics.Timer(label: "onlinestore.ssh.key_to_frame.duration", factory: factory)
    sentBytes = CoreMetrics.Counter(label: "onlinestore.ssh.sent_bytes", factory: factory)
    sessionSizes = Recorder(label: Self.sessionSize, aggregate: true, factory: factory)
    storeStarts = Dictionary(
      uniqueKeysWithValues: StoreStart.allCases.map {
        ($0, CoreMetrics.Counter(label: "onlinestore.stores.started", dimensions: [("how", $0.rawValue)], factory: factory))
      }
    )
    starterRestarts = CoreMetrics.Counter(label: "onlinestore.stores.starter_restarts", factory: factory)
    pictureDecodes = CoreMetrics.Timer(label: "onlinestore.picture.decode.duration", factory: factory)
    pictureRefusals = Dictionary(
      uniqueKeysWithValues: StoreEvent.PictureRefusal.allCases.map {
        ($0, CoreMetrics.Counter(label: "onlinestore.pictures.refused", dimensions: [("reason", $0.rawValue)], factory: factory))
      }
    )
    cartSaves = CoreMetrics.Timer(label: "onlinestore.cart.save.duration", dimensions: [("outcome", "saved")], factory: factory)
    failedCartSaves = CoreMetrics.Timer(label: "onlinestore.cart.save.duration", dimensions: [("outcome", "failed")], factory: factory)
    droppedStoreEvents = CoreMetrics.Counter(label: "onlinestore.stores.events_dropped", factory: factory)
  }

  /// A connection or a session was turned away.
  func refused(_ reason: Refusal) { refusals[reason]?.increment() }

  /// A shopper logged in `duration` after the connection was admitted.
  func loggedIn(after duration: Duration) { handshakes.record(duration) }

  /// A session's store is running; ``sessionEnded(sentBytes:)`` follows.
  func sessionStarted() {
    startedSessions.increment()
    activeSessions.increment()
  }

  /// A session ended, having sent its shopper `sentBytes` bytes in all.
  func sessionEnded(sentBytes: Int) {
    activeSessions.decrement()
    sessionSizes.record(sentBytes)
  }

  /// A session's first output reached its connection `duration` after the shopper asked for
  /// the store.
  func firstFrame(after duration: Duration) { firstFrames.record(duration) }

  /// A sampled key's output reached the shopper `duration` after the key reached the store
  /// (``KeyToFrameSampler``).
  func keyToFrame(after duration: Duration) { keysToFrames.record(duration) }

  /// `count` bytes of a store's output went to its shopper.
  func sent(_ count: Int) { sentBytes.increment(by: count) }

  func storeStarted(_ how: StoreStart) { storeStarts[how]?.increment() }

  /// The session starter was gone and another was started (or none could be).
  func starterRestarted() { starterRestarts.increment() }

  /// What a store process measured and sent (``StoreEventRelay``).
  func record(_ event: StoreEvent) {
    switch event {
    case let .pictureDecoded(duration): pictureDecodes.record(duration)
    case let .pictureRefused(reason): pictureRefusals[reason]?.increment()
    case let .cartSaved(duration): cartSaves.record(duration)
    case let .cartSaveFailed(duration): failedCartSaves.record(duration)
    case let .dropped(count): droppedStoreEvents.increment(by: count)
    }
  }

  /// The registry's text, as Prometheus scrapes it; empty for ``none``.
  public func exposition() -> String { registry.exposition() }
}
