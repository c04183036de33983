import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// An SSH client that does what a test asks, including what no polite client does: any number of
/// requests and channels, floods of bytes, not reading at all, a PROXY header, a chosen source
/// address. Built on swift-nio-ssh, so a test needs nothing outside the repository.
public final class SSHTestClient: Sendable {
  public enum Credentials: Sendable {
    /// Public-key login with the ed25519 key made from this 32-byte seed.
    case key(seed: [UInt8])
    /// Password login, as a guest of `onlinestore serve` is.
    case password(String)

    /// Public-key login with a new key.
    public static func key() -> Credentials {
      .key(seed: (0..<32).map { _ in UInt8.random(in: 0 ... .max) })
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
  }

  private let channel: Channel
  private let group: MultiThreadedEventLoopGroup

  private init(channel: Channel, group: MultiThreadedEventLoopGroup) {
    self.channel = channel
    self.group = group
  }

  /// Connects to `127.0.0.1:port` (from `source`, a local address such as `127.0.0.7`, if
  /// given), sends `prefix` first (a PROXY header), and logs in with `credentials`.
  ///
  /// With `greedyWindow` the client grants the server an SSH window of 2 GiB (64 packets of
  /// 32 MiB) and reads through a 4 KB socket buffer: the SSH layer then never holds the server
  /// back, and only the socket can say that the client is not reading.
  public static func connect(
    port: Int, host: String = "127.0.0.1", source: String? = nil, prefix: [UInt8] = [], credentials: Credentials = .key(),
    greedyWindow: Bool = false, timeout: Duration = .seconds(10)
  ) async throws -> SSHTestClient {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let authenticated = Once(group.next().makePromise(of: Void.self))
    var bootstrap = ClientBootstrap(group: group)
      .connectTimeout(TimeAmount(timeout))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandlers([
            Self.handler(credentials, greedyWindow: greedyWindow, allocator: channel.allocator), AuthenticationWatch(authenticated),
          ])
        }
      }
    if greedyWindow {
      bootstrap = bootstrap.channelOption(ChannelOptions.socketOption(.so_rcvbuf), value: 4_096)
    }
    if let source {
      bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: source, port: 0))
    }
    do {
      let channel: Channel
      if prefix.isEmpty {
        channel = try await bootstrap.connect(host: host, port: port).get()
      } else {
        // The header must be on the wire before the SSH handler's first bytes: write it from
        // the channel's first moment, ahead of the handlers.
        channel = try await bootstrap.channelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(PrefixWriter(prefix), position: .first)
            try channel.pipeline.syncOperations.addHandlers([
              Self.handler(credentials, greedyWindow: greedyWindow, allocator: channel.allocator), AuthenticationWatch(authenticated),
            ])
          }
        }.connect(host: host, port: port).get()
      }
      channel.closeFuture.whenComplete { _ in authenticated.fail(Failure("the connection closed before login")) }
      try await withDeadline(timeout) { try await authenticated.promise.futureResult.get() }
      return SSHTestClient(channel: channel, group: group)
    } catch {
      try? await group.shutdownGracefully()
      throw error
    }
  }

  private static func handler(_ credentials: Credentials, greedyWindow: Bool, allocator: ByteBufferAllocator) -> NIOSSHHandler {
    var configuration = SSHClientConfiguration(userAuthDelegate: ClientCredentials(credentials), serverAuthDelegate: AnyHostKey())
    // swift-nio-ssh offers a window of 64 maximum packets.
    if greedyWindow { configuration.maximumPacketSize = 32 << 20 }
    return NIOSSHHandler(role: .client(configuration), allocator: allocator, inboundChildChannelInitializer: nil)
  }

  /// Opens a session channel; throws if the server refuses it.
  public func openSession() async throws -> SSHTestSession {
    let promise = channel.eventLoop.makePromise(of: Channel.self)
    let session = SSHTestSession.Recorder()
    channel.eventLoop.execute { [channel] in
      do {
        let ssh = try channel.pipeline.syncOperations.handler(type: NIOSSHHandler.self)
        ssh.createChannel(promise, channelType: .session) { child, _ in
          child.eventLoop.makeCompletedFuture {
            _ = child.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            try child.pipeline.syncOperations.addHandler(session)
          }
        }
      } catch {
        promise.fail(error)
      }
    }
    return SSHTestSession(channel: try await promise.futureResult.get(), recorder: session)
  }

  /// Whether the server still holds the connection open.
  public var isOpen: Bool { channel.isActive }

  /// Stops reading from the socket altogether: the server's writes pile up on its side.
  public func stopReading() async {
    try? await channel.setOption(ChannelOptions.autoRead, value: false).get()
  }

  /// Waits up to `timeout` for the server to close the connection; whether it did.
  public func waitUntilClosed(timeout: Duration) async -> Bool {
    (try? await withDeadline(timeout) { try await self.channel.closeFuture.get() }) != nil || !channel.isActive
  }

  public func close() async {
    try? await channel.close()
    try? await group.shutdownGracefully()
  }
}

/// One session channel of an ``SSHTestClient``.
public final class SSHTestSession: Sendable {
  let channel: Channel
  let recorder: Recorder

  init(channel: Channel, recorder: Recorder) {
    self.channel = channel
    self.recorder = recorder
  }

  /// Sends a request; with `wantReply`, waits for the server's answer (`nil` if the channel
  /// closed first, or none came within `timeout`).
  @discardableResult
  public func request(_ event: any Sendable & Hashable, wantReply: Bool, timeout: Duration = .seconds(10)) async -> Bool? {
    let reply = channel.eventLoop.makePromise(of: Bool.self)
    channel.eventLoop.execute { [channel, recorder] in
      if wantReply { recorder.expectReply(reply) } else { reply.succeed(true) }
      channel.triggerUserOutboundEvent(event, promise: nil)
    }
    return try? await withDeadline(timeout) { try await reply.futureResult.get() }
  }

  public func pty(term: String = "xterm-256color", columns: Int = 80, rows: Int = 24) async -> Bool? {
    await request(
      SSHChannelRequestEvent.PseudoTerminalRequest(
        wantReply: true, term: term, terminalCharacterWidth: columns, terminalRowHeight: rows, terminalPixelWidth: 0,
        terminalPixelHeight: 0, terminalModes: .init([:])
      ), wantReply: true
    )
  }

  @discardableResult
  public func environment(_ name: String, _ value: String, wantReply: Bool = true) async -> Bool? {
    await request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: wantReply, name: name, value: value), wantReply: wantReply)
  }

  public func shell() async -> Bool? {
    await request(SSHChannelRequestEvent.ShellRequest(wantReply: true), wantReply: true)
  }

  public func subsystem(_ name: String) async -> Bool? {
    await request(SSHChannelRequestEvent.SubsystemRequest(subsystem: name, wantReply: true), wantReply: true)
  }

  /// A window change, sent without waiting (the protocol has no reply for it).
  public func windowChange(columns: Int, rows: Int) {
    let event = SSHChannelRequestEvent.WindowChangeRequest(
      terminalCharacterWidth: columns, terminalRowHeight: rows, terminalPixelWidth: 0, terminalPixelHeight: 0
    )
    channel.triggerUserOutboundEvent(event, promise: nil)
  }

  /// Sends `bytes` as keystrokes, waiting for the write to be taken by the connection.
  public func send(_ bytes: [UInt8]) async throws {
    var buffer = channel.allocator.buffer(capacity: bytes.count)
    buffer.writeBytes(bytes)
    try await channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer))).get()
  }

  public func send(_ text: String) async throws {
    try await send(Array(text.utf8))
  }

  /// Sends keystrokes as fast as the server's window allows for `duration` or until `total`
  /// bytes; returns how many the server took (a write counts once the connection has sent it).
  public func flood(chunk: [UInt8], total: Int, for duration: Duration) async -> Int {
    let deadline = ContinuousClock.now + duration
    var sent = 0
    var inFlight: [EventLoopFuture<Void>] = []
    while sent < total, ContinuousClock.now < deadline, channel.isActive {
      // A few writes at a time: a write completes only once the server's window let it out, so
      // the client itself never holds more than a few chunks.
      if inFlight.count >= 4 {
        let oldest = inFlight.removeFirst()
        guard (try? await withDeadline(deadline - ContinuousClock.now) { try await oldest.get() }) != nil else { break }
        sent += chunk.count
      }
      var buffer = channel.allocator.buffer(capacity: chunk.count)
      buffer.writeBytes(chunk)
      inFlight.append(channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer))))
    }
    return sent
  }

  /// Stops taking the server's output on this channel (its window is never topped up again).
  public func stopReading() async {
    try? await channel.setOption(ChannelOptions.autoRead, value: false).get()
  }

  /// What the server sent on the channel so far (the last 4 MiB of it).
  public var output: String { String(decoding: recorder.bytes, as: UTF8.self) }
  public var outputByteCount: Int { recorder.byteCount }

  /// What the server sent after the first `count` bytes (as far as the last 4 MiB reach).
  public func output(since count: Int) -> String {
    let (bytes, total) = recorder.snapshot
    let new = max(0, min(bytes.count, total - count))
    return String(decoding: bytes.suffix(new), as: UTF8.self)
  }

  /// Waits up to `timeout` for `text` to appear in the output; whether it did.
  public func waitFor(_ text: String, timeout: Duration = .seconds(20)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if output.contains(text) { return true }
      if !channel.isActive { return output.contains(text) }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return output.contains(text)
  }

  /// The exit status the server sent, once the channel has closed (or `timeout` passed).
  public func exitStatus(timeout: Duration = .seconds(20)) async -> Int? {
    _ = try? await withDeadline(timeout) { try await self.channel.closeFuture.get() }
    return recorder.exitStatus
  }

  public var isOpen: Bool { channel.isActive }

  public func close() async {
    try? await channel.close()
  }

  /// Records a channel's output, its request replies and its exit status.
  final class Recorder: ChannelInboundHandler, Sendable {
    typealias InboundIn = SSHChannelData

    private struct State {
      var bytes: [UInt8] = []
      var byteCount = 0
      var replies: [EventLoopPromise<Bool>] = []
      var exitStatus: Int?
    }

    private let state = NIOLockedValueBox(State())
    private static let kept = 4 * 1_024 * 1_024

    var bytes: [UInt8] { state.withLockedValue(\.bytes) }
    var snapshot: (bytes: [UInt8], total: Int) { state.withLockedValue { ($0.bytes, $0.byteCount) } }
    var byteCount: Int { state.withLockedValue(\.byteCount) }
    var exitStatus: Int? { state.withLockedValue(\.exitStatus) }

    func expectReply(_ promise: EventLoopPromise<Bool>) {
      state.withLockedValue { $0.replies.append(promise) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let message = unwrapInboundIn(data)
      guard case let .byteBuffer(buffer) = message.data else { return }
      state.withLockedValue { state in
        state.bytes += buffer.readableBytesView
        state.byteCount += buffer.readableBytes
        if state.bytes.count > Self.kept { state.bytes.removeFirst(state.bytes.count - Self.kept) }
      }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      switch event {
      case is ChannelSuccessEvent: nextReply()?.succeed(true)
      case is ChannelFailureEvent: nextReply()?.succeed(false)
      case let status as SSHChannelRequestEvent.ExitStatus: state.withLockedValue { $0.exitStatus = status.exitStatus }
      default: context.fireUserInboundEventTriggered(event)
      }
    }

    func channelInactive(context: ChannelHandlerContext) {
      let waiting = state.withLockedValue { state in
        defer { state.replies = [] }
        return state.replies
      }
      waiting.forEach { $0.fail(SSHTestClient.Failure("the channel closed")) }
    }

    private func nextReply() -> EventLoopPromise<Bool>? {
      state.withLockedValue { $0.replies.isEmpty ? nil : $0.replies.removeFirst() }
    }
  }
}

/// Runs `work`, or throws once `timeout` has passed.
/// `work`'s value, or a failure once `timeout` has passed, whichever comes first.
///
/// Not a task group: a group waits for all its children, and much of what a client waits for
/// (an `EventLoopFuture`, a write the server's window holds back) does not end when cancelled;
/// the deadline would then wait for exactly what it was meant to give up on. Here the work is
/// cancelled and left behind.
func withDeadline<Value: Sendable>(_ timeout: Duration, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
  let outcome = FirstOutcome<Value>()
  return try await withCheckedThrowingContinuation { continuation in
    outcome.waiting(continuation)
    let worker = Task {
      do { outcome.settle(.success(try await work())) } catch { outcome.settle(.failure(error)) }
    }
    let timer = Task {
      try? await Task.sleep(for: timeout)
      worker.cancel()
      outcome.settle(.failure(SSHTestClient.Failure("timed out after \(timeout)")))
    }
    outcome.whenSettled { timer.cancel() }
  }
}

/// The first of several results, handed to one continuation exactly once.
private final class FirstOutcome<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value, any Error>?
    var settled = false
    var onSettled: (@Sendable () -> Void)?
  }

  private let state = NIOLockedValueBox(State())

  func waiting(_ continuation: CheckedContinuation<Value, any Error>) {
    state.withLockedValue { $0.continuation = continuation }
  }

  func whenSettled(_ action: @escaping @Sendable () -> Void) {
    let already = state.withLockedValue { state in
      if !state.settled { state.onSettled = action }
      return state.settled
    }
    if already { action() }
  }

  func settle(_ result: Result<Value, any Error>) {
    let (continuation, action) = state.withLockedValue { state -> (CheckedContinuation<Value, any Error>?, (@Sendable () -> Void)?) in
      guard !state.settled else { return (nil, nil) }
      state.settled = true
      defer { state.continuation = nil; state.onSettled = nil }
      return (state.continuation, state.onSettled)
    }
    continuation?.resume(with: result)
    action?()
  }
}

private final class ClientCredentials: NIOSSHClientUserAuthenticationDelegate, Sendable {
  private let credentials: SSHTestClient.Credentials
  private let offered = NIOLockedValueBox(false)

  init(_ credentials: SSHTestClient.Credentials) {
    self.credentials = credentials
  }

  func nextAuthenticationType(
    availableMethods: NIOSSHAvailableUserAuthenticationMethods, nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>
  ) {
    // One offer; a second ask means the first was refused.
    let already = offered.withLockedValue { offered in
      defer { offered = true }
      return offered
    }
    guard !already else {
      nextChallengePromise.succeed(nil)
      return
    }
    switch credentials {
    case let .key(seed):
      guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else {
        nextChallengePromise.succeed(nil)
        return
      }
      nextChallengePromise.succeed(
        .init(username: "shopper", serviceName: "", offer: .privateKey(.init(privateKey: NIOSSHPrivateKey(ed25519Key: key))))
      )
    case let .password(password):
      nextChallengePromise.succeed(.init(username: "shopper", serviceName: "", offer: .password(.init(password: password))))
    }
  }
}

private final class AnyHostKey: NIOSSHClientServerAuthenticationDelegate, Sendable {
  func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
    validationCompletePromise.succeed(())
  }
}

/// A promise that is completed by whichever comes first, success or failure.
private final class Once: Sendable {
  let promise: EventLoopPromise<Void>
  private let done = NIOLockedValueBox(false)

  init(_ promise: EventLoopPromise<Void>) {
    self.promise = promise
  }

  private func first() -> Bool {
    done.withLockedValue { done in
      defer { done = true }
      return !done
    }
  }

  func succeed() { if first() { promise.succeed(()) } }
  func fail(_ error: any Error) { if first() { promise.fail(error) } }
}

/// Fulfils a promise when the client has logged in.
private final class AuthenticationWatch: ChannelInboundHandler, Sendable {
  typealias InboundIn = Any
  private let once: Once

  init(_ once: Once) {
    self.once = once
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is UserAuthSuccessEvent { once.succeed() }
    context.fireUserInboundEventTriggered(event)
  }
}

/// Writes bytes the moment the connection is up, ahead of everything else.
private final class PrefixWriter: ChannelInboundHandler, RemovableChannelHandler, Sendable {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  private let prefix: [UInt8]

  init(_ prefix: [UInt8]) {
    self.prefix = prefix
  }

  func channelActive(context: ChannelHandlerContext) {
    var buffer = context.channel.allocator.buffer(capacity: prefix.count)
    buffer.writeBytes(prefix)
    context.writeAndFlush(NIOAny(buffer), promise: nil)
    context.fireChannelActive()
    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
  }
}
