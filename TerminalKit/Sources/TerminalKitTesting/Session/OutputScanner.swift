/// Reads a program's output on its way to the emulator, for the two things libvterm 0.1.4 does
/// not do: it keeps the modes a program sets (``TerminalModes``; libvterm keeps most of them but
/// tells only some), and it takes out the application program commands, privacy messages and
/// start-of-string sequences (`ESC _ … ESC \`, `ESC ^ …`, `ESC X …`), which libvterm would
/// otherwise print as text — a real terminal swallows them whole. Kitty's graphics protocol
/// travels in them; its queries are answered when the session claims to support it.
///
/// It also keeps a program's frames whole, as a terminal with synchronized output does: what a
/// program writes between `CSI ? 2026 h` and `CSI ? 2026 l` reaches the emulator at the `l`, in
/// one piece, so the screen a test reads is never a frame half-drawn — however long the program
/// paused inside it.
///
/// Sequences may be cut anywhere between two reads: the scanner keeps its place from one
/// ``scan(_:)`` to the next.
struct OutputScanner {
  /// What one ``scan(_:)`` produced.
  struct Result {
    /// The bytes for the emulator: the output without the control strings, and without the
    /// part of a synchronized frame not yet ended.
    var forEmulator: [UInt8] = []
    /// What the terminal answers on its own (kitty graphics queries, when supported).
    var answers: [UInt8] = []
    /// Where in ``forEmulator`` (as the step wrote it) synchronized output began or ended.
    fileprivate var frameMarks: [(position: Int, begins: Bool)] = []
  }

  /// Whether the program has announced a frame with synchronized output: its frames are then
  /// whole whenever the screen is read, and a wait needs no quiet time after it.
  private(set) var announcesFrames = false
  /// The output of the synchronized frame being written.
  private var heldFrame: [UInt8] = []
  /// The most a frame holds back before it is shown anyway (a terminal bounds it too).
  static let maximumHeldFrame = 4 * 1_024 * 1_024
  /// Whether a synchronized frame has begun and not ended.
  var isHoldingFrame: Bool { modes.synchronizedOutput }

  /// What is held of a frame that has not ended, handed over now — for a program that stalled
  /// inside one, or ended in one, as a terminal shows it after a while.
  mutating func releaseHeldFrame() -> [UInt8] {
    defer { heldFrame.removeAll(keepingCapacity: false) }
    return heldFrame
  }

  private(set) var modes = TerminalModes.initial
  /// Whether kitty graphics queries are answered "OK" (a terminal without the protocol says
  /// nothing, which is what a program's probe expects of one).
  var answersKittyGraphics: Bool

  /// The longest control string kept to read a kitty query from; longer ones are still
  /// swallowed whole, only not read.
  static let maximumControlString = 4_096
  /// The longest parameter list kept of a control sequence; a longer one changes no mode.
  static let maximumParameters = 64

  private enum State {
    case ground
    case escape
    /// A control sequence: `private` after `CSI ?`, an intermediate seen (its parameter bytes
    /// are in `collected`).
    case controlSequence(isPrivate: Bool, intermediate: UInt8?)
    /// An APC, PM or SOS string (its bytes are in `collected`); `escape` when the last byte was
    /// ESC (a possible terminator).
    case controlString(kind: UInt8, escape: Bool)
  }

  private var state = State.ground
  /// The parameter bytes of the sequence or the bytes of the string being read, kept apart from
  /// the state so that reading them appends in place.
  private var collected: [UInt8] = []

  init(answersKittyGraphics: Bool = false) {
    self.answersKittyGraphics = answersKittyGraphics
  }

  mutating func scan(_ bytes: some Collection<UInt8>) -> Result {
    let inFrameAtStart = modes.synchronizedOutput
    var result = Result()
    result.forEmulator.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if case .ground = state {
        // Most output is text: up to the next ESC it goes to the emulator as it is.
        let escape = bytes[index...].firstIndex(of: 0x1B) ?? bytes.endIndex
        result.forEmulator.append(contentsOf: bytes[index..<escape])
        index = escape
        if index == bytes.endIndex { break }
      }
      step(bytes[index], into: &result)
      index = bytes.index(after: index)
    }
    holdFrames(of: &result, inFrameAtStart: inFrameAtStart)
    return result
  }

  private mutating func step(_ byte: UInt8, into result: inout Result) {
    switch state {
    case .ground:
      if byte == 0x1B {
        state = .escape  // held back until the next byte says whether it starts a string
      } else {
        result.forEmulator.append(byte)
      }

    case .escape:
      switch byte {
      case UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
        collected.removeAll(keepingCapacity: true)
        state = .controlString(kind: byte, escape: false)
        return
      case 0x1B:
        result.forEmulator.append(0x1B)  // ESC ESC: the first one was nothing
        return
      default:
        break
      }
      result.forEmulator += [0x1B, byte]
      switch byte {
      case UInt8(ascii: "["):
        collected.removeAll(keepingCapacity: true)
        state = .controlSequence(isPrivate: false, intermediate: nil)
      case UInt8(ascii: "="): modes.applicationKeypad = true; state = .ground
      case UInt8(ascii: ">"): modes.applicationKeypad = false; state = .ground
      case UInt8(ascii: "c"):
        // A full reset ends a synchronized frame too.
        if modes.synchronizedOutput { result.frameMarks.append((position: result.forEmulator.count, begins: false)) }
        modes = .initial
        state = .ground
      default: state = .ground
      }

    case let .controlSequence(isPrivate, intermediate):
      result.forEmulator.append(byte)
      switch byte {
      case UInt8(ascii: "?") where collected.isEmpty && !isPrivate:
        state = .controlSequence(isPrivate: true, intermediate: intermediate)
      case 0x30...0x3F:
        if collected.count <= Self.maximumParameters { collected.append(byte) }
      case 0x20...0x2F:
        state = .controlSequence(isPrivate: isPrivate, intermediate: byte)
      case 0x40...0x7E:
        finish(isPrivate: isPrivate, intermediate: intermediate, final: byte, into: &result)
        state = .ground
      case 0x18, 0x1A:
        state = .ground  // CAN and SUB cancel a sequence
      case 0x1B:
        result.forEmulator.removeLast()
        state = .escape
      default:
        break  // C0 controls inside a sequence act as themselves; the emulator sees them
      }

    case let .controlString(kind, escape):
      if escape {
        if byte == UInt8(ascii: "\\") {
          endControlString(kind: kind, into: &result)
          state = .ground
        } else {
          // An ESC that does not end the string starts something new, as in a real parser.
          endControlString(kind: kind, into: &result)
          state = .escape
          step(byte, into: &result)
        }
      } else if byte == 0x1B {
        state = .controlString(kind: kind, escape: true)
      } else if byte == 0x07 {
        endControlString(kind: kind, into: &result)
        state = .ground
      } else if byte == 0x18 || byte == 0x1A {
        state = .ground
      } else if collected.count < Self.maximumControlString {
        collected.append(byte)
      }
    }
  }

  /// Moves what belongs to a frame not yet ended from `result` to ``heldFrame``, and a frame
  /// that ended (held from earlier scans and this one) into `result`, in the order written.
  private mutating func holdFrames(of result: inout Result, inFrameAtStart: Bool) {
    guard inFrameAtStart || !result.frameMarks.isEmpty else { return }
    var shown: [UInt8] = []
    shown.reserveCapacity(result.forEmulator.count)
    var inFrame = inFrameAtStart
    var start = 0
    for mark in result.frameMarks {
      let part = result.forEmulator[start..<mark.position]
      if inFrame { heldFrame += part } else { shown += part }
      start = mark.position
      if !mark.begins, inFrame {
        shown += heldFrame
        heldFrame.removeAll(keepingCapacity: true)
      }
      inFrame = mark.begins
    }
    let rest = result.forEmulator[start...]
    if inFrame { heldFrame += rest } else { shown += rest }
    if heldFrame.count > Self.maximumHeldFrame { shown += releaseHeldFrame() }
    result.forEmulator = shown
  }

  private mutating func finish(isPrivate: Bool, intermediate: UInt8?, final: UInt8, into result: inout Result) {
    if isPrivate, intermediate == nil, final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
      guard collected.count <= Self.maximumParameters else { return }  // a list past the bound changes nothing
      for number in String(decoding: collected, as: UTF8.self).split(separator: ";") {
        guard let number = Int(number) else { continue }
        let on = final == UInt8(ascii: "h")
        if number == 2026, on != modes.synchronizedOutput {
          if on { announcesFrames = true }
          result.frameMarks.append((position: result.forEmulator.count, begins: on))
        }
        modes.setPrivateMode(number, to: on)
      }
    } else if !isPrivate, intermediate == UInt8(ascii: "!"), final == UInt8(ascii: "p") {
      modes.softReset()
    }
  }

  /// A kitty graphics command is an APC string starting with `G`: its keys, then `;` and a
  /// payload. A query (`a=q`) is answered with its id, as kitty does.
  private func endControlString(kind: UInt8, into result: inout Result) {
    guard answersKittyGraphics, kind == UInt8(ascii: "_"), collected.first == UInt8(ascii: "G") else { return }
    let text = String(decoding: collected.dropFirst(), as: UTF8.self)
    let keys = text.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    var values: [Substring: Substring] = [:]
    for pair in keys.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    guard values["a"] == "q" else { return }
    let id = values["i"].map { "i=\($0)" } ?? ""
    result.answers += Array("\u{1B}_G\(id);OK\u{1B}\\".utf8)
  }
}
