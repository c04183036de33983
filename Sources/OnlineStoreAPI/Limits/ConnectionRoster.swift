import NIOConcurrencyHelpers

/// Every connection the API server holds and what each is doing, so that when they reach the
/// limit one that is waiting without a whole request head — idle, or trickling a head in byte by
/// byte — is closed to make room: first those that have never had an answer, then those idle
/// between answered requests; the longest waiting of them first. Slow clients can then cost a
/// real client nothing but the moment its connection evicts one of theirs, and a client that
/// keeps a connection alive between requests loses it only when no slow one is left.
///
/// One address holds at most ``perAddress`` connections (loopback too, unless it is exempt): a
/// client that opens hundreds — each trickling a body, say — takes its own share and no more,
/// and the next it opens is closed at once.
final class ConnectionRoster: Sendable {
  typealias ID = UInt64

  enum Phase: Sendable {
    /// Between requests, or before the first.
    case idle
    /// A request head has begun to arrive.
    case readingHead
    /// The head is in; the body is arriving.
    case readingBody
    /// The request is in; the answer is being made or sent.
    case responding

    /// Whether closing the connection now loses nothing a client sent in full.
    var isEvictable: Bool { self == .idle || self == .readingHead }
  }

  private struct Entry {
    var address: PeerAddress
    var phase: Phase
    var since: ContinuousClock.Instant
    /// Whether a request of this connection's has been answered.
    var answered = false
    var close: @Sendable () -> Void

    /// Which of two evictable entries goes first.
    static func goesBefore(_ lhs: Entry, _ rhs: Entry) -> Bool {
      lhs.answered != rhs.answered ? !lhs.answered : lhs.since < rhs.since
    }
  }

  private struct State {
    var entries: [ID: Entry] = [:]
    var nextID: ID = 1
    var byAddress: [PeerAddress: Int] = [:]

    mutating func remove(_ id: ID) -> Entry? {
      guard let entry = entries.removeValue(forKey: id) else { return nil }
      let left = (byAddress[entry.address] ?? 1) - 1
      byAddress[entry.address] = left > 0 ? left : nil
      return entry
    }
  }

  let capacity: Int
  let perAddress: Int
  let exemptsLoopback: Bool
  private let state = NIOLockedValueBox(State())

  init(capacity: Int, perAddress: Int = .max, exemptsLoopback: Bool = false) {
    self.capacity = capacity
    self.perAddress = perAddress
    self.exemptsLoopback = exemptsLoopback
  }

  var count: Int { state.withLockedValue { $0.entries.count } }

  /// Takes a place for a connection from `address` that `close` ends, making room if the roster
  /// is full; `nil` when that address holds its most already (the caller closes the newcomer).
  func join(from address: PeerAddress = PeerAddress(nil), now: ContinuousClock.Instant = .now, close: @escaping @Sendable () -> Void) -> ID? {
    let (id, evicted) = state.withLockedValue { state -> (ID?, (@Sendable () -> Void)?) in
      let counted = !(exemptsLoopback && address.isLoopback)
      if counted, state.byAddress[address, default: 0] >= perAddress { return (nil, nil) }
      var evicted: (@Sendable () -> Void)?
      if state.entries.count >= capacity,
        let oldest = state.entries.filter({ $0.value.phase.isEvictable }).min(by: { Entry.goesBefore($0.value, $1.value) })
      {
        evicted = state.remove(oldest.key)?.close
      }
      let id = state.nextID
      state.nextID += 1
      state.entries[id] = Entry(address: address, phase: .idle, since: now, close: close)
      state.byAddress[address, default: 0] += 1
      return (id, evicted)
    }
    evicted?()
    return id
  }

  func moved(_ id: ID, to phase: Phase, now: ContinuousClock.Instant = .now) {
    state.withLockedValue {
      $0.entries[id]?.phase = phase
      $0.entries[id]?.since = now
      if phase == .responding { $0.entries[id]?.answered = true }
    }
  }

  func left(_ id: ID) {
    _ = state.withLockedValue { $0.remove(id) }
  }
}
