import NIOCore
import NIOSSH

/// What a session channel's requests come to, once checked: the first stage of a session, in
/// front of ``StoreSession``, which sees only these.
enum SessionRequest {
  /// Start the store (a shell or exec request); `terminal` is `nil` when no pty was asked for.
  /// `accessible` for the command `accessible` (`ssh -t HOST accessible`): the store's
  /// accessible mode.
  case start(terminal: SessionTerminal?, environment: [String: String], accessible: Bool)
  /// The client's window is now this size (already within bounds).
  case resize(columns: Int, rows: Int)
}

/// The terminal a client asked for: its type (one terminfo knows) and size (within bounds).
struct SessionTerminal: Equatable {
  var term: String
  var columns: Int
  var rows: Int
}

/// Checks every request on a session channel against ``SessionRequestPolicy`` and answers it:
/// one pty, at most ``SessionRequestPolicy/maximumVariables`` allowed environment variables with
/// safe values, one shell or exec, window changes within bounds. A subsystem (`ssh -s sftp`) is
/// refused rather than left unanswered. A client that keeps asking for replies is cut off after
/// ``FrontDoorLimits/maximumRepliedRequests``, so that answers never pile up for a client that
/// does not read them.
final class SessionRequestValidator: ChannelInboundHandler {
  typealias InboundIn = SSHChannelData
  typealias InboundOut = SSHChannelData

  private let policy: SessionRequestPolicy
  private let maximumReplies: Int
  private var terminal: SessionTerminal?
  private var environment: [String: String] = [:]
  private var started = false
  private var replies = 0

  init(policy: SessionRequestPolicy, maximumReplies: Int) {
    self.policy = policy
    self.maximumReplies = maximumReplies
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    context.fireChannelRead(data)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
      let size = SessionRequestPolicy.size(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
      let accepted = !started && terminal == nil && size != nil
      if accepted, let size {
        terminal = SessionTerminal(term: TerminalType.resolve(request.term), columns: size.columns, rows: size.rows)
      }
      reply(accepted, to: request.wantReply, context: context)

    case let request as SSHChannelRequestEvent.EnvironmentRequest:
      let verdict = started ? .refuse("after the store started") : policy.environment(name: request.name, value: request.value, current: environment)
      if verdict == .accept { environment[request.name] = request.value }
      reply(verdict == .accept, to: request.wantReply, context: context)

    case let request as SSHChannelRequestEvent.ShellRequest:
      start(wantReply: request.wantReply, accessible: false, context: context)

    case let request as SSHChannelRequestEvent.ExecRequest:
      // A command is not something the store runs; with a terminal it is shopping all the same,
      // in the accessible mode when the command asks for it.
      start(wantReply: request.wantReply, accessible: SessionRequestPolicy.asksForAccessibleMode(request.command), context: context)

    case let request as SSHChannelRequestEvent.SubsystemRequest:
      reply(false, to: request.wantReply, context: context)

    case let request as SSHChannelRequestEvent.WindowChangeRequest:
      if let size = SessionRequestPolicy.size(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight) {
        if started {
          context.fireUserInboundEventTriggered(SessionRequest.resize(columns: size.columns, rows: size.rows))
        } else {
          terminal?.columns = size.columns
          terminal?.rows = size.rows
        }
      }

    case is SSHChannelRequestEvent.SignalRequest, is SSHChannelRequestEvent.LocalFlowControlRequest:
      break  // Nothing to do: the store is not the client's to signal.

    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  private func start(wantReply: Bool, accessible: Bool, context: ChannelHandlerContext) {
    let first = !started
    started = true
    reply(first, to: wantReply, context: context)
    if first {
      context.fireUserInboundEventTriggered(SessionRequest.start(terminal: terminal, environment: environment, accessible: accessible))
    }
  }

  private func reply(_ success: Bool, to wantReply: Bool, context: ChannelHandlerContext) {
    guard wantReply else { return }
    replies += 1
    guard replies <= maximumReplies else {
      context.close(promise: nil)
      return
    }
    context.triggerUserOutboundEvent(success ? ChannelSuccessEvent() : ChannelFailureEvent(), promise: nil)
  }
}
