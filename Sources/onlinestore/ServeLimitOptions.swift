import ArgumentParser
import SSHFrontDoor

/// `onlinestore serve`'s limits: every bound the front door keeps on what a client can make it
/// hold, with the defaults of ``FrontDoorLimits``.
struct ServeLimitOptions: ParsableArguments {
  @Option(name: .customLong("max-sessions"), parsing: .unconditional, help: ArgumentHelp("Stores running at once; the next shopper is told to come back.", valueName: "n"))
  var maxSessions = FrontDoorLimits().maximumSessions

  @Option(name: .customLong("max-connections"), parsing: .unconditional, help: ArgumentHelp("Connections at once (lowered to fit the open-file limit).", valueName: "n"))
  var maxConnections = FrontDoorLimits().maximumConnections

  @Option(name: .customLong("max-connections-per-address"), parsing: .unconditional, help: ArgumentHelp("Connections at once from one address (one /64 for IPv6).", valueName: "n"))
  var maxConnectionsPerAddress = FrontDoorLimits().maximumConnectionsPerAddress

  @Option(name: .customLong("max-logging-in"), parsing: .unconditional, help: ArgumentHelp("Connections not logged in yet; past it the oldest is closed.", valueName: "n"))
  var maxLoggingIn = FrontDoorLimits().maximumLoggingIn

  @Option(name: .customLong("max-new-connections-per-address"), parsing: .unconditional, help: ArgumentHelp("New connections from one address in 10 seconds.", valueName: "n"))
  var maxNewConnectionsPerAddress = FrontDoorLimits().newConnectionsPerAddress

  @Flag(name: .customLong("exempt-loopback"), help: "Do not apply the per-address limits to connections from this machine.")
  var exemptLoopback = false

  @Option(name: .customLong("login-timeout"), parsing: .unconditional, help: ArgumentHelp("Close a connection not logged in after this long.", valueName: "seconds"))
  var loginTimeout = Int(FrontDoorLimits().loginTimeout.components.seconds)

  @Option(name: .customLong("no-store-timeout"), parsing: .unconditional, help: ArgumentHelp("Close a connection without a store after this long.", valueName: "seconds"))
  var noStoreTimeout = Int(FrontDoorLimits().noStoreTimeout.components.seconds)

  @Option(name: .customLong("idle-timeout"), parsing: .unconditional, help: ArgumentHelp("End a session after this long without a key (its cart is saved).", valueName: "seconds"))
  var idleTimeout = Int(FrontDoorLimits().idleTimeout.components.seconds)

  @Option(name: .customLong("hangup-grace"), parsing: .unconditional, help: ArgumentHelp("Kill a hung-up store that has not exited after this long.", valueName: "seconds"))
  var hangupGrace = Int(FrontDoorLimits().hangupGrace.components.seconds)

  @Option(name: .customLong("max-env"), parsing: .unconditional, help: ArgumentHelp("Locale and colour variables one session may set.", valueName: "n"))
  var maxEnvironment = FrontDoorLimits().maximumEnvironment

  @Option(name: .customLong("input-rate"), parsing: .unconditional, help: ArgumentHelp("Bytes of input a second one store is given; faster shoppers are slowed.", valueName: "bytes"))
  var inputRate = FrontDoorLimits().inputRate

  @Option(name: .customLong("new-keys-per-hour"), parsing: .unconditional, help: ArgumentHelp("New SSH keys one address may register in an hour.", valueName: "n"))
  var newKeysPerHour = FrontDoorLimits().newKeysPerAddressPerHour

  func validate() throws {
    let counts: [(String, Int, ClosedRange<Int>)] = [
      ("--max-sessions", maxSessions, 1...100_000), ("--max-connections", maxConnections, 1...1_000_000),
      ("--max-connections-per-address", maxConnectionsPerAddress, 1...100_000), ("--max-logging-in", maxLoggingIn, 1...100_000),
      ("--max-new-connections-per-address", maxNewConnectionsPerAddress, 1...100_000), ("--login-timeout", loginTimeout, 1...3_600),
      ("--no-store-timeout", noStoreTimeout, 1...3_600), ("--idle-timeout", idleTimeout, 1...604_800), ("--hangup-grace", hangupGrace, 1...600),
      ("--max-env", maxEnvironment, 0...64), ("--input-rate", inputRate, 256...100_000_000), ("--new-keys-per-hour", newKeysPerHour, 1...1_000_000),
    ]
    for (flag, value, range) in counts where !range.contains(value) {
      throw ValidationError("\(flag) needs a number from \(range.lowerBound) to \(range.upperBound) (got \(value)).")
    }
  }

  var limits: FrontDoorLimits {
    var limits = FrontDoorLimits()
    limits.maximumSessions = maxSessions
    limits.maximumConnections = maxConnections
    limits.maximumConnectionsPerAddress = maxConnectionsPerAddress
    limits.maximumLoggingIn = maxLoggingIn
    limits.newConnectionsPerAddress = maxNewConnectionsPerAddress
    limits.exemptsLoopback = exemptLoopback
    limits.loginTimeout = .seconds(loginTimeout)
    limits.noStoreTimeout = .seconds(noStoreTimeout)
    limits.idleTimeout = .seconds(idleTimeout)
    limits.hangupGrace = .seconds(hangupGrace)
    limits.maximumEnvironment = maxEnvironment
    limits.inputRate = inputRate
    limits.inputBurst = max(inputRate * 4, limits.inputBurst)
    limits.newKeysPerAddressPerHour = newKeysPerHour
    return limits
  }
}
