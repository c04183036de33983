import Testing

@testable import SSHFrontDoor

/// The front door's connection limits, without a connection: ``AdmissionState``.
struct AdmissionTests {
  static func limits(
    total: Int = 100, perAddress: Int = 3, loggingIn: Int = 50, newPerAddress: Int = 100, exemptLoopback: Bool = false
  ) -> AdmissionLimits {
    AdmissionLimits(
      maximumConnections: total, maximumPerAddress: perAddress, maximumLoggingIn: loggingIn, newPerAddress: newPerAddress,
      newPerAddressWindow: .seconds(10), exemptsLoopback: exemptLoopback
    )
  }

  let start = ContinuousClock.now
  let client = ClientAddress(parsing: "203.0.113.7")!
  let other = ClientAddress(parsing: "198.51.100.1")!

  func admitted(_ verdict: AdmissionState.Verdict) -> AdmissionState.ID? {
    if case let .admitted(id, _) = verdict { id } else { nil }
  }

  @Test func oneAddressGetsItsShareAndNoMore() {
    var state = AdmissionState(limits: Self.limits(perAddress: 3))
    let ids = (0..<3).compactMap { _ in admitted(state.admit(client, now: start)) }
    #expect(ids.count == 3)
    #expect(admitted(state.admit(client, now: start)) == nil, "the fourth at once")
    #expect(admitted(state.admit(other, now: start)) != nil, "another address has its own share")
    state.closed(ids[0])
    #expect(admitted(state.admit(client, now: start)) != nil, "a place freed is a place again")
  }

  @Test func newConnectionsPerAddressAreCountedOverAWindow() {
    var state = AdmissionState(limits: Self.limits(perAddress: 100, newPerAddress: 3))
    for _ in 0..<3 {
      if let id = admitted(state.admit(client, now: start)) { state.closed(id) }
    }
    #expect(admitted(state.admit(client, now: start + .seconds(1))) == nil, "a fourth within 10 s, though none is open")
    #expect(admitted(state.admit(client, now: start + .seconds(11))) != nil, "the window moved on")
  }

  @Test func loopbackIsCountedUnlessTheOperatorSaysOtherwise() {
    let loopback = ClientAddress(parsing: "127.0.0.1")!
    var counted = AdmissionState(limits: Self.limits(perAddress: 2))
    #expect((0..<3).compactMap { _ in admitted(counted.admit(loopback, now: start)) }.count == 2)
    var exempt = AdmissionState(limits: Self.limits(perAddress: 2, exemptLoopback: true))
    #expect((0..<10).compactMap { _ in admitted(exempt.admit(loopback, now: start)) }.count == 10)
  }

  @Test func anIPv6SubscriberIsOneAddressWhateverAddressInTheir64ItPicks() {
    var state = AdmissionState(limits: Self.limits(perAddress: 2))
    #expect(admitted(state.admit(ClientAddress(parsing: "2001:db8:0:1::1")!, now: start)) != nil)
    #expect(admitted(state.admit(ClientAddress(parsing: "2001:db8:0:1::2")!, now: start)) != nil)
    #expect(admitted(state.admit(ClientAddress(parsing: "2001:db8:0:1:abcd::9")!, now: start)) == nil)
    #expect(admitted(state.admit(ClientAddress(parsing: "2001:db8:0:2::1")!, now: start)) != nil, "the next /64 is someone else")
  }

  @Test func theServerHoldsItsMaximumAndNoMore() {
    var state = AdmissionState(limits: Self.limits(total: 4, perAddress: 100, loggingIn: 100))
    let verdicts = (0..<6).map { index in state.admit(ClientAddress(parsing: "192.0.2.\(index + 1)")!, now: start + .seconds(index)) }
    #expect(state.count == 4, "never more than the most")
    let ids = verdicts.compactMap(admitted)
    let evicted = verdicts.flatMap { verdict -> [AdmissionState.ID] in if case let .admitted(_, evicting) = verdict { evicting } else { [] } }
    #expect(evicted == Array(ids.prefix(2)), "the newest came in by closing the oldest that had not logged in")
  }

  @Test func pastTheLoggingInLimitTheOldestSilentConnectionMakesRoom() {
    var state = AdmissionState(limits: Self.limits(total: 100, perAddress: 100, loggingIn: 2))
    func arrive(_ index: Int) -> AdmissionState.Verdict {
      state.admit(ClientAddress(parsing: "192.0.2.\(index + 1)")!, now: start + .seconds(index))
    }
    let a = admitted(arrive(0))!
    let b = admitted(arrive(1))!
    state.loggedIn(b)
    guard case let .admitted(c, none) = arrive(2) else {
      Issue.record("c was refused")
      return
    }
    #expect(none.isEmpty, "one silent connection is under the limit")
    guard case let .admitted(_, first) = arrive(3) else {
      Issue.record("d was refused")
      return
    }
    #expect(first == [a], "the one that waited longest without logging in")
    guard case let .admitted(_, second) = arrive(4) else {
      Issue.record("e was refused")
      return
    }
    #expect(second == [c], "a connection that logged in is never evicted")
    #expect(state.count == 3)
    #expect(state.loggingIn == 2)
  }

  /// Silent connections the kernel hands over after a shopper's (a backlog that overflowed) once
  /// pushed out the shopper in the middle of its key exchange: the oldest not logged in.
  @Test func aSilentConnectionMakesRoomBeforeOneThatIsLoggingIn() {
    var state = AdmissionState(limits: Self.limits(total: 100, perAddress: 100, loggingIn: 2))
    func arrive(_ index: Int) -> AdmissionState.Verdict {
      state.admit(ClientAddress(parsing: "192.0.2.\(index + 1)")!, now: start + .seconds(index))
    }
    let shopper = admitted(arrive(0))!
    state.spoke(shopper)
    let silent = admitted(arrive(1))!
    guard case let .admitted(late, evicted) = arrive(2) else {
      Issue.record("the late one was refused")
      return
    }
    #expect(evicted == [silent], "the silent one goes, though the shopper came first")
    guard case let .admitted(_, next) = arrive(3) else {
      Issue.record("the next one was refused")
      return
    }
    #expect(next == [late], "and the next silent one, while there is one")
    state.loggedIn(shopper)
    #expect(state.loggingIn == 1)
  }

  /// With every place taken and one of them a shopper who has logged in (or whose connection is
  /// still closing), a newcomer was refused although silent connections held the rest.
  @Test func atTheMostConnectionsASilentOneMakesRoomAndOnlyShoppersKeepANewcomerOut() {
    var state = AdmissionState(limits: Self.limits(total: 3, perAddress: 100, loggingIn: 3))
    func arrive(_ index: Int) -> AdmissionState.Verdict {
      state.admit(ClientAddress(parsing: "192.0.2.\(index + 1)")!, now: start + .seconds(index))
    }
    let shopper = admitted(arrive(0))!
    state.loggedIn(shopper)
    let silent = admitted(arrive(1))!
    _ = admitted(arrive(2))!
    guard case let .admitted(_, evicted) = arrive(3) else {
      Issue.record("the newcomer was refused while silent connections held places")
      return
    }
    #expect(evicted == [silent])
    var full = AdmissionState(limits: Self.limits(total: 2, perAddress: 100, loggingIn: 2))
    for index in 0..<2 {
      let id = admitted(full.admit(ClientAddress(parsing: "192.0.2.\(index + 1)")!, now: start))!
      full.loggedIn(id)
    }
    #expect(full.admit(other, now: start) == .refused("the server holds its maximum of 2 connections", .full), "logged-in shoppers are never pushed out")
  }

  @Test func theTableForgetsAddressesThatLeftLongAgo() {
    var state = AdmissionState(limits: Self.limits(newPerAddress: 5))
    for index in 0..<500 {
      if let id = admitted(state.admit(ClientAddress(parsing: "10.0.\(index / 250).\(index % 250)")!, now: start)) { state.closed(id) }
    }
    #expect(state.rememberedAddresses == 500)
    state.forgetOldArrivals(now: start + .seconds(11))
    #expect(state.rememberedAddresses == 0)
  }

  @Test func theConnectionTableClosesWhomItEvicts() {
    let table = ConnectionTable(limits: Self.limits(total: 10, perAddress: 10, loggingIn: 1))
    let closed = CollectedStrings()
    _ = table.admit(client, now: start) { closed.add("first") }
    _ = table.admit(other, now: start + .seconds(1)) { closed.add("second") }
    #expect(closed.all == ["first"])
    #expect(table.count == 1)
  }

  @Test func limitsShrinkToTheDescriptorsTheProcessHas() {
    let limits = FrontDoorLimits()
    let tight = limits.fitting(descriptors: 128)
    #expect(tight.maximumConnections == 16)
    #expect(tight.maximumSessions == 16)
    #expect(tight.admission.maximumLoggingIn == 16)
    let roomy = limits.fitting(descriptors: 1_048_576)
    #expect(roomy.maximumConnections == limits.maximumConnections && roomy.maximumSessions == limits.maximumSessions)
  }
}

/// What a session's requests may set: ``SessionRequestPolicy``.
struct SessionRequestPolicyTests {
  let policy = SessionRequestPolicy(maximumVariables: 3)

  /// `ssh -t HOST accessible` asks for the accessible mode; any other command shops as a shell.
  @Test func theCommandAccessibleAsksForTheAccessibleMode() {
    for command in ["accessible", " Accessible ", "ACCESSIBLE"] {
      #expect(SessionRequestPolicy.asksForAccessibleMode(command), "\(command)")
    }
    for command in ["", "ls", "accessible; rm -rf /", "accessible mode", "inaccessible"] {
      #expect(!SessionRequestPolicy.asksForAccessibleMode(command), "\(command)")
    }
  }

  @Test(arguments: [
    ("LANG", "en_GB.UTF-8", true), ("LC_ALL", "sr_RS@latin", true), ("LC_CTYPE", "C.UTF-8", true), ("COLORTERM", "truecolor", true),
    ("NO_COLOR", "1", true), ("LC_EVIL", "x", false), ("LD_PRELOAD", "/tmp/x.so", false), ("PATH", "/tmp", false),
    ("TERM", "xterm", false), ("LANG", "", false), ("LANG", String(repeating: "a", count: 65), false),
    ("LANG", String(repeating: "a", count: 64), true), ("LANG", "en_GB.UTF-8; rm -rf /", false), ("LANG", "en GB", false),
    ("LANG", "en_GB\u{1B}[31m", false), ("LANG", "ü", false), ("LC_" + String(repeating: "X", count: 30_000), "C", false),
  ])
  func onlyTheLocaleAndColoursWithPlainValues(name: String, value: String, accepted: Bool) {
    #expect((policy.environment(name: name, value: value, current: [:]) == .accept) == accepted)
  }

  @Test func atMostTheLimitOfVariablesButAVariableMayBeSetAgain() {
    let full = ["LANG": "C", "LC_ALL": "C", "LC_TIME": "C"]
    #expect(policy.environment(name: "LC_CTYPE", value: "C", current: full) == .refuse("too many variables"))
    #expect(policy.environment(name: "LANG", value: "en_GB.UTF-8", current: full) == .accept)
  }

  @Test func zeroSizesMeanTheDefaultAndHugeOnesAreRefused() {
    #expect(SessionRequestPolicy.size(columns: 0, rows: 0)! == (80, 24))
    #expect(SessionRequestPolicy.size(columns: 120, rows: 0)! == (120, 24))
    #expect(SessionRequestPolicy.size(columns: 1_000, rows: 1_000)! == (1_000, 1_000))
    #expect(SessionRequestPolicy.size(columns: 1_001, rows: 40) == nil)
    #expect(SessionRequestPolicy.size(columns: 80, rows: Int(UInt32.max)) == nil)
  }
}

/// How much input a store is given: ``InputAllowance``.
struct InputAllowanceTests {
  @Test func aBurstThenTheRate() {
    let start = ContinuousClock.now
    var allowance = InputAllowance(rate: 1_000, burst: 4_000, now: start)
    #expect(allowance.available(at: start) == 4_000)
    allowance.spend(10_000, at: start)
    #expect(allowance.available(at: start) <= 0, "a read larger than the allowance leaves it in debt")
    #expect(allowance.wait(at: start) > .seconds(5.9) && allowance.wait(at: start) < .seconds(6.1))
    #expect(allowance.available(at: start + .seconds(7)) == 1_000)
    #expect(allowance.available(at: start + .seconds(100)) == 4_000, "never more than the burst")
    #expect(allowance.wait(at: start + .seconds(100)) == .zero)
  }
}
