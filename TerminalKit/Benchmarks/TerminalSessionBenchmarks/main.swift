import CPseudoTerminal
import CVTerm
import Foundation
import TerminalKit
import TerminalKitTesting

// terminal-session-benchmarks — what the test harness's emulator costs, in a release build:
//
//   swift run -c release terminal-session-benchmarks [MEGABYTES] [ROUNDS]
//
// A full-screen program's output (frames of the kit's ANSI export: cursor moves, colours and
// attributes, wide characters), MEGABYTES of it (default 10) in a file, replayed by `cat` on a
// pseudo-terminal: once into a TerminalSession (the output parsed by libvterm and read for
// modes, the run recorded), and once into a bare pty that is only read and thrown away — the
// anchor: what the pty and `cat` cost by themselves; and, for the split of the rest, the same
// bytes fed straight to libvterm in this process (its share of the session's time). Median of
// ROUNDS (default 5) each, side by side.

let arguments = CommandLine.arguments.dropFirst()
let megabytes = arguments.first.flatMap { Int($0) } ?? 10
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 5

/// A frame like a shop's: a highlighted title row, a list of priced rows in colours, wide
/// characters, a footer of key hints.
func frame(_ number: Int) -> String {
  var canvas = Canvas(size: Size(width: 80, height: 24))
  canvas.draw(" Products   Profile", at: Point(x: 0, y: 0), style: Style(foreground: .blue, bold: true, reversed: true))
  for row in 1..<23 {
    let selected = row == 1 + number % 22
    canvas.draw("\(selected ? "▸" : " ") 한지 노트 item \(row + number) — notebook", at: Point(x: 1, y: row), style: selected ? Style(foreground: .blue, reversed: true) : .plain)
    canvas.draw("$\(row * 3).50", at: Point(x: 60, y: row), style: Style(foreground: .green))
    canvas.draw("[ Add ]", at: Point(x: 70, y: row), style: Style(foreground: .blue, bold: true))
  }
  canvas.draw("q quit  ? help  ↑↓ move", at: Point(x: 1, y: 23), style: Style(dim: true))
  return canvas.ansiScreen
}

let file = FileManager.default.temporaryDirectory.appendingPathComponent("terminal-session-benchmark-\(getpid()).out")
var output = Data()
var index = 0
while output.count < megabytes * 1_000_000 {
  output.append(Data(frame(index).utf8))
  index += 1
}
output.append(Data("\u{1B}[2J\u{1B}[Hdone\r\n".utf8))
try output.write(to: file)
defer { try? FileManager.default.removeItem(at: file) }

func seconds(_ work: () async throws -> Void) async rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try await work()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// `cat FILE` on a bare pty, read until the end and thrown away.
func bare() throws {
  let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/cat"), strdup(file.path), nil]
  let envp: [UnsafeMutablePointer<CChar>?] = [strdup("LANG=C.UTF-8"), nil]
  defer { (argv + envp).forEach { free($0) } }
  var controller: Int32 = -1
  let pid = pt_spawn("/bin/cat", argv, envp, 24, 80, &controller)
  guard pid > 0 else { throw CocoaError(.executableLoad) }
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, 1_000)
    let count = read(controller, &buffer, buffer.count)
    if count > 0 || (count < 0 && errno == EAGAIN) { continue }
    break
  }
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  close(controller)
}

/// The bytes fed straight to a libvterm screen of 80×24, in 64 KiB writes as a pty delivers them.
func libvtermAlone(_ output: Data) {
  let terminal = vterm_new(24, 80)
  vterm_set_utf8(terminal, 1)
  vterm_screen_reset(vterm_obtain_screen(terminal), 1)
  output.withUnsafeBytes { raw in
    var offset = 0
    while offset < raw.count {
      let length = min(65_536, raw.count - offset)
      _ = vterm_input_write(terminal, raw.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self), length)
      offset += length
    }
  }
  vterm_free(terminal)
}

var session: [Double] = []
var anchor: [Double] = []
var emulatorAlone: [Double] = []
for _ in 0..<rounds {
  emulatorAlone.append(await seconds { libvtermAlone(output) })
  anchor.append(try await seconds { try bare() })
  session.append(try await seconds {
    let cat = try TerminalSession(["/bin/cat", file.path])
    _ = try await cat.waitForExit(timeout: .seconds(600))
    try await cat.waitFor(text: "done")
  })
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let size = Double(output.count) / 1e6
print("A full-screen program's output replayed by cat on a pty, release build: \(String(format: "%.1f", size)) MB, \(index) frames of 80×24, median of \(rounds)\n")
print("reader                                  seconds      MB/s")
for (name, values) in [
  ("bare pty, output thrown away (anchor)", anchor), ("libvterm alone, in process", emulatorAlone),
  ("TerminalSession (libvterm, modes, log)", session),
] {
  print(name.padding(toLength: 38, withPad: " ", startingAt: 0), String(format: "%9.3f %9.1f", median(values), size / median(values)))
}
