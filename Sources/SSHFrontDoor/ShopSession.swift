import CPseudoTerminal
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH

/// One SSH session channel: the store on a pseudo-terminal of its own, bytes copied both ways.
///
/// It takes the client's pty request (TERM and size) and `LANG`/`LC_*`, starts the ordinary
/// full-screen store on the shell request, resizes the pty on window changes, hangs the store
/// up when the client goes away, and reports the store's exit status when it ends. Without a
/// pty it says in one line that the store needs a terminal, and exits 1.
final class ShopSession: ChannelInboundHandler {
  typealias InboundIn = SSHChannelData
  typealias OutboundOut = SSHChannelData

  /// The largest window a client may ask for; anything above is refused.
  static let maximumSize = 1_000

  private let configuration: FrontDoorConfiguration
  private let registry: SessionRegistry
  private let launcher: StoreLauncher
  private let shopper: Shopper
  private let remote: String
  private let logger: Logger
  private var terminal: (term: String, columns: Int, rows: Int)?
  private var locale: [String: String] = [:]
  private var process: (pid: pid_t, controller: Int32)?
  private var output: Channel?
  private var admitted = false
  private var started = ContinuousClock.now
  private var lastInput = ContinuousClock.now
  private var idleCheck: RepeatedTask?
  private var guestDirectory: URL?
  private var ending = "client closed"

  init(
    configuration: FrontDoorConfiguration, registry: SessionRegistry, launcher: StoreLauncher, shopper: Shopper, remote: String,
    logger: Logger
  ) {
    self.configuration = configuration
    self.registry = registry
    self.launcher = launcher
    self.shopper = shopper
    self.remote = remote
    self.logger = logger
  }

  func handlerAdded(context: ChannelHandlerContext) {
    _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
      let fits = (1...Self.maximumSize).contains(request.terminalCharacterWidth) && (1...Self.maximumSize).contains(request.terminalRowHeight)
      if fits {
        terminal = (TerminalType.resolve(request.term), request.terminalCharacterWidth, request.terminalRowHeight)
      }
      reply(fits, to: request.wantReply, context: context)
    case let request as SSHChannelRequestEvent.EnvironmentRequest:
      let accepted = request.name == "LANG" || request.name.hasPrefix("LC_")
      if accepted, request.value.utf8.count < 100, !request.value.contains("\0") { locale[request.name] = request.value }
      reply(accepted, to: request.wantReply, context: context)
    case let request as SSHChannelRequestEvent.ShellRequest:
      reply(process == nil, to: request.wantReply, context: context)
      startStore(context: context)
    case let request as SSHChannelRequestEvent.ExecRequest:
      // A command is not something the store runs; with a terminal it is shopping all the same.
      reply(process == nil, to: request.wantReply, context: context)
      startStore(context: context)
    case let request as SSHChannelRequestEvent.WindowChangeRequest:
      let columns = request.terminalCharacterWidth
      let rows = request.terminalRowHeight
      if let process, (1...Self.maximumSize).contains(columns), (1...Self.maximumSize).contains(rows) {
        _ = pt_resize(process.controller, Int32(rows), Int32(columns))
      }
    case ChannelEvent.inputClosed:
      break
    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let message = unwrapInboundIn(data)
    guard case .channel = message.type, case let .byteBuffer(bytes) = message.data, let output else { return }
    lastInput = .now
    output.writeAndFlush(bytes, promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    // The client went away (or the session ended): the store saves the cart as on a hang-up.
    if let process {
      ending = ending == "client closed" ? "connection dropped" : ending
      kill(process.pid, SIGHUP)
    }
    idleCheck?.cancel()
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    logger.debug("session error", metadata: ["remote": "\(remote)", "error": "\(error)"])
    context.close(promise: nil)
  }

  private func reply(_ success: Bool, to wantReply: Bool, context: ChannelHandlerContext) {
    guard wantReply else { return }
    if success {
      context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
    } else {
      context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
    }
  }

  // MARK: The store

  private func startStore(context: ChannelHandlerContext) {
    guard process == nil, !admitted else { return }
    guard let terminal else {
      finish(context: context, message: "The store needs a terminal: connect with ssh -t.", status: 1)
      return
    }
    guard registry.admit() else {
      finish(context: context, message: "The store is full, try again in a minute.", status: 1)
      return
    }
    admitted = true
    do {
      let environment = try storeEnvironment(term: terminal.term)
      var arguments = [configuration.storeExecutable] + configuration.storeArguments
      switch shopper {
      case let .key(fingerprint):
        let number = try CustomerNumbers.number(for: fingerprint, in: configuration.stateDirectory)
        arguments += ["--customer", "key-" + fingerprint, "--user", String(number)]
      case .guest:
        arguments += ["--user", String(configuration.guestCustomerNumber)]
      }
      let (pid, controller) = try launcher.launch(
        arguments: arguments, environment: environment.variables, title: "onlinestore store: \(shopper.logName), state \(environment.state.path)",
        rows: terminal.rows, columns: terminal.columns
      )
      process = (pid, controller)
      registry.started(pid)
      started = .now
      logger.info(
        "session started",
        metadata: ["remote": "\(remote)", "shopper": "\(shopper.logName)", "term": "\(terminal.term)", "size": "\(terminal.columns)x\(terminal.rows)"]
      )
      attachOutput(controller, context: context)
      scheduleIdleCheck(context: context)
    } catch {
      registry.release()
      admitted = false
      finish(context: context, message: "The store could not start here; please try again later.", status: 1)
      logger.error("session failed to start", metadata: ["remote": "\(remote)", "error": "\(error)"])
    }
  }

  /// The environment of the store: the terminal, the locale (UTF-8 unless the client sent
  /// one), and where carts live — the server's state directory for a key, a directory of its
  /// own that goes with the connection for a guest.
  private func storeEnvironment(term: String) throws -> (variables: [String], state: URL) {
    var state = configuration.stateDirectory
    if case .guest = shopper {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("onlinestore-guest-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      guestDirectory = directory
      state = directory
    }
    var environment = [
      "TERM=\(term)", "XDG_STATE_HOME=\(state.path)", "HOME=\(state.path)", "PATH=/usr/local/bin:/usr/bin:/bin",
    ]
    environment += locale.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    if locale["LANG"] == nil, locale["LC_ALL"] == nil { environment.append("LANG=C.UTF-8") }
    return (environment, state)
  }

  /// Copies the store's output to the client, and ends the session when the store ends.
  private func attachOutput(_ controller: Int32, context: ChannelHandlerContext) {
    let ssh = context.channel
    let session = NIOLoopBound(self, eventLoop: context.eventLoop)
    let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
    NIOPipeBootstrap(group: context.eventLoop)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(StoreOutputForwarder(ssh: ssh))
        }
      }
      .takingOwnershipOfDescriptor(inputOutput: controller)
      .whenComplete { result in
        switch result {
        case let .success(channel):
          session.value.output = channel
          channel.closeFuture.whenComplete { _ in session.value.storeEnded(context: loopContext.value) }
        case .failure:
          close(controller)
          session.value.storeEnded(context: loopContext.value)
        }
      }
  }

  /// The store's side of the pty closed: it has ended. Its exit status goes to the client.
  private func storeEnded(context: ChannelHandlerContext) {
    guard let process else { return }
    let pid = process.pid
    let eventLoop = context.eventLoop
    let session = NIOLoopBound(self, eventLoop: eventLoop)
    let loopContext = NIOLoopBound(context, eventLoop: eventLoop)
    // The wait blocks until the process is gone, which is at most moments after its pty closed.
    DispatchQueue.global().async {
      let status = StoreLauncher.waitForEnd(of: pid)
      // The wait status as <sys/wait.h>'s macros read it: a signal in the low 7 bits, or 0 and
      // the exit code in the next 8.
      let signal = Int(status & 0x7F)
      let code = signal == 0 ? Int((status >> 8) & 0xFF) : 128 + signal
      eventLoop.execute {
        session.value.registry.ended(pid)
        session.value.finish(context: loopContext.value, message: nil, status: code, signal: signal == 0 ? nil : signal)
      }
    }
  }

  /// Says `message` (if any) on the client's standard error, reports `status`, and closes.
  private func finish(context: ChannelHandlerContext, message: String?, status: Int, signal: Int? = nil) {
    if let message {
      var buffer = context.channel.allocator.buffer(capacity: message.utf8.count + 2)
      buffer.writeString(message + "\r\n")
      context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
    }
    if process != nil {
      let seconds = (ContinuousClock.now - started).components.seconds
      if let signal { ending = "store ended by signal \(signal)" } else if ending == "client closed" { ending = "store exited \(status)" }
      logger.info(
        "session ended",
        metadata: ["remote": "\(remote)", "shopper": "\(shopper.logName)", "seconds": "\(seconds)", "ending": "\(ending)"]
      )
      process = nil
    }
    if admitted {
      registry.release()
      admitted = false
    }
    if let guestDirectory { try? FileManager.default.removeItem(at: guestDirectory) }
    guestDirectory = nil
    idleCheck?.cancel()
    let channel = context.channel
    context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
      channel.close(promise: nil)
    }
  }

  private func scheduleIdleCheck(context: ChannelHandlerContext) {
    let timeout = configuration.idleTimeout
    let interval = min(timeout, .seconds(30))
    let session = NIOLoopBound(self, eventLoop: context.eventLoop)
    idleCheck = context.eventLoop.scheduleRepeatedTask(
      initialDelay: TimeAmount(interval), delay: TimeAmount(interval)
    ) { _ in
      let session = session.value
      guard let process = session.process, ContinuousClock.now - session.lastInput >= timeout else { return }
      session.ending = "idle"
      kill(process.pid, SIGHUP)
    }
  }
}

/// The store's output, as it comes from the pty, to the client.
final class StoreOutputForwarder: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private let ssh: Channel

  init(ssh: Channel) {
    self.ssh = ssh
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    ssh.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(unwrapInboundIn(data))), promise: nil)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // EIO: every process on the pty's other side has closed it — the store has ended.
    context.close(promise: nil)
  }
}

/// C arrays of C strings for `execve`, valid for the length of a call.
enum CStrings {
  static func with<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
