import CPseudoTerminal
import CursesTerminal
import Foundation
import TerminalKit

/// The program typed into: a box, a label and a one-line text field, and key hints, full-screen.
@MainActor
final class TypingProgram: TerminalProgram {
  enum Command: Hashable, Sendable { case edit(TextFieldState.Edit), quit }
  var field = TextFieldState(limit: 1_000)

  func frame(size: Size, context: RenderContext) -> Frame<Command> {
    var frame = Frame<Command>(size: size, theme: context.theme)
    frame.render(Box(title: "Ship to"), in: frame.bounds)
    let rows = Layout(.vertical, [.length(1), .fill(1), .length(1)], margin: Size(width: 1, height: 1)).split(frame.bounds)
    let label = frame.draw("Street: ", at: rows[0].origin, style: frame.theme.title)
    frame.render(TextField(field, placeholder: "street and number"), in: Rect(x: rows[0].x + label, y: rows[0].y, width: rows[0].width - label, height: 1))
    frame.render(KeyHints([Hint(keys: "Esc", text: "quit", isEssential: true)]), in: rows[2])
    return frame
  }

  func command(for input: InputEvent, size: Size) -> Command? {
    switch input {
    case .key(.escape): .quit
    case let .key(key): field.edit(for: key).map(Command.edit)
    case let .paste(text): .edit(.paste(text))
    default: nil
    }
  }

  func perform(_ command: Command) -> ProgramStep {
    switch command {
    case let .edit(edit): field.apply(edit)
    case .quit: return .quit
    }
    return .continue
  }
}

/// A program on a pseudo-terminal of 80×24, typed into one byte at a time: for each key, the
/// milliseconds from writing it to the last byte of what the program sent back (the frame), and
/// how many bytes that was.
func typeInto(_ command: [String], characters: String) throws -> (latencies: [Double], bytes: [Int]) {
  let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
  let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=/tmp"]
  let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
  defer { (argv + envp).forEach { free($0) } }
  var controller: Int32 = -1
  let pid = pt_spawn(command[0], argv, envp, 24, 80, &controller)
  guard pid > 0 else { throw CocoaError(.executableLoad) }
  defer {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(controller)
  }
  var buffer = [UInt8](repeating: 0, count: 65_536)
  /// Reads until nothing more comes for `quiet` ms; returns the bytes and when the last came.
  func drain(quiet: Int32) -> (Int, Double) {
    var total = 0
    var last = now()
    while true {
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, quiet) > 0 else { return (total, last) }
      let count = read(controller, &buffer, buffer.count)
      guard count > 0 else { return (total, last) }
      total += count
      last = now()
    }
  }
  _ = drain(quiet: 500)
  var latencies: [Double] = []
  var bytes: [Int] = []
  for character in characters {
    let data = Array(String(character).utf8)
    let sent = now()
    _ = data.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    let (count, last) = drain(quiet: 30)
    latencies.append(last - sent)
    bytes.append(count)
  }
  return (latencies, bytes)
}
