import NIOConcurrencyHelpers

/// Every connection the front door holds, and whether one more may come in.
///
/// The limits are the front door's defence against one client taking what every shopper needs:
/// the connections at once (each holds descriptors), those per address (per /64 for IPv6), new
/// connections per address in a sliding window, and connections still logging in. A connection
/// past the last limit is not refused: one that has not logged in is closed to make room, as
/// OpenSSH's `MaxStartups` does — the longest silent one (it has sent nothing at all) first, and
/// only when none is silent, the one that has talked longest without logging in. So silent
/// connections, even ones the kernel hands over after a shopper's (a backlog that overflowed),
/// never push out a shopper in the middle of logging in.
struct AdmissionLimits: Sendable, Equatable {
  var maximumConnections: Int
  var maximumPerAddress: Int
  var maximumLoggingIn: Int
  var newPerAddress: Int
  var newPerAddressWindow: Duration
  /// Whether this machine's own connections are exempt from the per-address limits (the operator
  /// said so: `--exempt-loopback`); they are counted like any address by default, because a
  /// local TCP proxy would otherwise exempt everyone behind it.
  var exemptsLoopback: Bool
}

/// The pure bookkeeping behind ``ConnectionTable``: no locks, no clock of its own.
struct AdmissionState {
  typealias ID = UInt64

  struct Entry {
    var key: ClientAddress
    var opened: ContinuousClock.Instant
    var loggedIn: Bool
    /// Whether the client has sent anything: its SSH banner, at least.
    var spoke = false
  }

  enum Verdict: Equatable {
    /// In, as `id`; the connections in `evicting` must be closed to make room.
    case admitted(ID, evicting: [ID])
    /// Out, with the reason for the log and its kind for the metrics.
    case refused(String, FrontDoorMetrics.Refusal)
  }

  /// The most addresses whose recent arrivals are remembered at once: enough for any real crowd,
  /// and a bound on what a client with many addresses (an IPv6 prefix per connection) can make
  /// the table hold.
  static let maximumRememberedAddresses = 100_000

  let limits: AdmissionLimits
  private(set) var entries: [ID: Entry] = [:]
  private var openPerKey: [ClientAddress: Int] = [:]
  /// When each address's recent connections came, oldest first, at most `newPerAddress` each.
  private var recentPerKey: [ClientAddress: [ContinuousClock.Instant]] = [:]
  private var nextID: ID = 1

  init(limits: AdmissionLimits) {
    self.limits = limits
  }

  var count: Int { entries.count }
  var loggingIn: Int { entries.values.count { !$0.loggedIn } }
  /// How many addresses the table remembers (open connections or recent arrivals).
  var rememberedAddresses: Int { Set(openPerKey.keys).union(recentPerKey.keys).count }

  mutating func admit(_ address: ClientAddress, now: ContinuousClock.Instant) -> Verdict {
    let key = address.limitKey
    let counted = !(limits.exemptsLoopback && address.isLoopback)
    if counted {
      forgetOldArrivals(of: key, now: now)
      if recentPerKey[key] == nil, recentPerKey.count >= Self.maximumRememberedAddresses {
        forgetOldArrivals(now: now)
        guard recentPerKey.count < Self.maximumRememberedAddresses else {
          return .refused("connections are arriving from too many addresses at once", .full)
        }
      }
      if (recentPerKey[key]?.count ?? 0) >= limits.newPerAddress {
        return .refused("more than \(limits.newPerAddress) new connections from this address in \(limits.newPerAddressWindow)", .address)
      }
      if openPerKey[key, default: 0] >= limits.maximumPerAddress {
        return .refused("\(limits.maximumPerAddress) connections from this address are open", .address)
      }
    }
    var evicting: [ID] = []
    if loggingIn >= limits.maximumLoggingIn || entries.count >= limits.maximumConnections {
      // Full either way: a connection still logging in makes room; only shoppers who have
      // logged in, every one of them, keep a newcomer out.
      guard let victim = oldestLoggingIn() else {
        return .refused("the server holds its maximum of \(limits.maximumConnections) connections", .full)
      }
      evicting.append(victim)
    }
    if counted { recentPerKey[key, default: []].append(now) }
    let id = nextID
    nextID += 1
    entries[id] = Entry(key: key, opened: now, loggedIn: false)
    openPerKey[key, default: 0] += 1
    // Whoever is evicted leaves the table now, so the count never passes the limits even
    // before its channel has finished closing.
    for evicted in evicting { closed(evicted) }
    return .admitted(id, evicting: evicting)
  }

  mutating func loggedIn(_ id: ID) {
    entries[id]?.loggedIn = true
  }

  mutating func spoke(_ id: ID) {
    entries[id]?.spoke = true
  }

  mutating func closed(_ id: ID) {
    guard let entry = entries.removeValue(forKey: id) else { return }
    let remaining = openPerKey[entry.key, default: 1] - 1
    openPerKey[entry.key] = remaining > 0 ? remaining : nil
  }

  /// Drops every address's arrivals that are out of the window, so that the table holds only
  /// addresses with open connections or recent arrivals.
  mutating func forgetOldArrivals(now: ContinuousClock.Instant) {
    for key in Array(recentPerKey.keys) { forgetOldArrivals(of: key, now: now) }
  }

  private mutating func forgetOldArrivals(of key: ClientAddress, now: ContinuousClock.Instant) {
    guard var times = recentPerKey[key] else { return }
    times.removeAll { now - $0 >= limits.newPerAddressWindow }
    recentPerKey[key] = times.isEmpty ? nil : times
  }

  /// The connection to close to make room: silent ones before talking ones, the oldest first.
  private func oldestLoggingIn() -> ID? {
    entries.filter { !$0.value.loggedIn }.min { lhs, rhs in
      lhs.value.spoke != rhs.value.spoke ? !lhs.value.spoke : lhs.value.opened < rhs.value.opened
    }?.key
  }
}

/// ``AdmissionState`` shared by the event loops, with a way to close each connection it holds.
final class ConnectionTable: Sendable {
  private struct Locked {
    var state: AdmissionState
    var closers: [AdmissionState.ID: @Sendable () -> Void] = [:]
    var lastSweep: ContinuousClock.Instant
  }

  private let locked: NIOLockedValueBox<Locked>

  init(limits: AdmissionLimits, now: ContinuousClock.Instant = .now) {
    locked = NIOLockedValueBox(Locked(state: AdmissionState(limits: limits), lastSweep: now))
  }

  var limits: AdmissionLimits { locked.withLockedValue { $0.state.limits } }
  var count: Int { locked.withLockedValue { $0.state.count } }

  /// Takes a place for a connection from `address`, which `close` ends; `.refused` says why not.
  func admit(_ address: ClientAddress, now: ContinuousClock.Instant = .now, close: @escaping @Sendable () -> Void) -> AdmissionState.Verdict {
    let (verdict, evicted) = locked.withLockedValue { locked -> (AdmissionState.Verdict, [@Sendable () -> Void]) in
      // Once a minute, forget the addresses that only arrived long ago.
      if now - locked.lastSweep > .seconds(60) {
        locked.state.forgetOldArrivals(now: now)
        locked.lastSweep = now
      }
      let verdict = locked.state.admit(address, now: now)
      guard case let .admitted(id, evicting) = verdict else { return (verdict, []) }
      locked.closers[id] = close
      return (verdict, evicting.compactMap { locked.closers.removeValue(forKey: $0) })
    }
    evicted.forEach { $0() }
    return verdict
  }

  func loggedIn(_ id: AdmissionState.ID) {
    locked.withLockedValue { $0.state.loggedIn(id) }
  }

  func spoke(_ id: AdmissionState.ID) {
    locked.withLockedValue { $0.state.spoke(id) }
  }

  func closed(_ id: AdmissionState.ID) {
    locked.withLockedValue {
      $0.state.closed(id)
      $0.closers[id] = nil
    }
  }

  /// Closes every connection (the server is stopping).
  func closeAll() {
    let closers = locked.withLockedValue { Array($0.closers.values) }
    closers.forEach { $0() }
  }
}
