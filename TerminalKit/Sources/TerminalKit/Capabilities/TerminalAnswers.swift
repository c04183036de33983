/// Reads what a terminal sends after ``TerminalQueries``: its answers, which become
/// ``capabilities`` and never reach the screen, and the keys the person typed meanwhile, which
/// ``read(_:)`` gives back in the order they came.
///
/// Answers are escape sequences of shapes no key has: a DCS (XTVERSION), an APC (kitty
/// graphics), an OSC (the background), and CSIs that begin with `?` and end in `c` (device
/// attributes), `$y` (a mode) or `u` (kitty keyboard flags). Every other sequence — an arrow, a
/// function key, Alt and a letter — is a key. A sequence cut between two reads waits for the
/// rest; one still open when the asking ends is given back by ``finish()`` (a lone Esc typed
/// just then is a key, not half an answer). Work is bounded: a sequence longer than
/// ``maximumSequenceLength`` is dropped as it grows, whatever the terminal sends.
public struct TerminalAnswers: Sendable {
  /// The most bytes one sequence may hold (a long XTVERSION is under 100).
  public static let maximumSequenceLength = 512

  public private(set) var capabilities = TerminalCapabilities()
  /// Sequences dropped for their length.
  public private(set) var overlong = 0
  /// Answers read so far (understood or not).
  public private(set) var answersRead = 0
  /// The sequence begun and not yet ended.
  private var pending: [UInt8] = []
  /// The kind (`[`, `P`, `_`, `]`) of a sequence that grew past the bound and is skipped to its
  /// end, and whether the Esc of its ST was just seen.
  private var skipping: (kind: UInt8, sawEscape: Bool)?

  public init() {}

  /// Whether the terminal's last answer came: nothing more is coming.
  public var isComplete: Bool { capabilities.answered }

  /// Whether the terminal has begun to answer: an answer read, or one part read.
  public var isAnswering: Bool { answersRead > 0 || pending.count > 1 || skipping != nil }

  /// Reads `bytes` and returns those that were typed, not answered, in order.
  public mutating func read(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var typed: [UInt8] = []
    for byte in bytes { take(byte, typed: &typed) }
    return typed
  }

  /// The asking is over: a sequence still open is the person's (an Esc typed then), returned as
  /// typed.
  public mutating func finish() -> [UInt8] {
    defer {
      pending = []
      skipping = nil
    }
    return skipping == nil ? pending : []
  }

  private static let escape: UInt8 = 0x1B
  private static let bell: UInt8 = 0x07

  private mutating func take(_ byte: UInt8, typed: inout [UInt8]) {
    if let skipped = skipping {
      skip(byte, skipped)
      return
    }
    if pending.isEmpty {
      if byte == Self.escape { pending = [byte] } else { typed.append(byte) }
      return
    }
    if pending.count == 1 {
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"), UInt8(ascii: "O"):
        pending.append(byte)
      case Self.escape:
        typed.append(Self.escape)  // Esc, then another sequence
      default:
        typed += [Self.escape, byte]  // Alt and a key
        pending = []
      }
      return
    }
    pending.append(byte)
    if pending.count > Self.maximumSequenceLength {
      overlong += 1
      skipping = (pending[1], false)
      pending = []
      return
    }
    switch pending[1] {
    case UInt8(ascii: "O"):
      typed += pending  // SS3: one byte more
      pending = []
    case UInt8(ascii: "["):
      guard (0x40...0x7E).contains(byte) else { return }
      if answered(csi: pending) { answersRead += 1 } else { typed += pending }
      pending = []
    default:
      // DCS, APC, OSC: strings ended by ST (Esc \), an OSC by BEL too.
      let ended = byte == Self.bell && pending[1] == UInt8(ascii: "]") || pending.count >= 4 && pending[pending.count - 2] == Self.escape && byte == UInt8(ascii: "\\")
      guard ended else { return }
      answered(string: pending)
      answersRead += 1
      pending = []
    }
  }

  /// One byte of an overlong sequence, dropped; the sequence ends as its kind ends: a CSI at
  /// its final byte, a string at its terminator (Esc and a backslash) or, an OSC, at BEL.
  private mutating func skip(_ byte: UInt8, _ skipped: (kind: UInt8, sawEscape: Bool)) {
    if skipped.kind == UInt8(ascii: "[") {
      if (0x40...0x7E).contains(byte) { skipping = nil }
    } else if skipped.sawEscape && byte == UInt8(ascii: "\\") || skipped.kind == UInt8(ascii: "]") && byte == Self.bell {
      skipping = nil
    } else {
      skipping = (skipped.kind, byte == Self.escape)
    }
  }

  /// Takes a CSI as an answer if it is one (`ESC [ ? … c`, `… $ y`, `… u`); `false` for a key.
  private mutating func answered(csi: [UInt8]) -> Bool {
    guard csi.count >= 4, csi[2] == UInt8(ascii: "?") else { return false }
    let final = csi[csi.count - 1]
    var body = csi[3..<(csi.count - 1)]
    switch final {
    case UInt8(ascii: "c"):
      capabilities.answered = true
      capabilities.sixel = Self.numbers(body).dropFirst().contains(4)
      return true
    case UInt8(ascii: "y"):
      guard body.last == UInt8(ascii: "$") else { return false }
      body = body.dropLast()
      let numbers = Self.numbers(body)
      guard numbers.count == 2, let state = TerminalCapabilities.ModeState(rawValue: numbers[1]) else { return true }
      capabilities.modes[numbers[0]] = state
      return true
    case UInt8(ascii: "u"):
      capabilities.kittyKeyboardFlags = Self.numbers(body).first ?? 0
      return true
    default:
      return false
    }
  }

  /// Takes a DCS, APC or OSC: always the terminal's, so never shown, whether understood or not.
  private mutating func answered(string: [UInt8]) {
    let end = string.last == Self.bell ? string.count - 1 : string.count - 2
    guard end >= 2 else { return }
    let body = String(decoding: string[2..<end], as: UTF8.self)
    switch string[1] {
    case UInt8(ascii: "P"):
      if body.hasPrefix(">|") { capabilities.version = String(body.dropFirst(2).prefix(100)) }
    case UInt8(ascii: "_"):
      if body.hasPrefix("Gi=\(TerminalQueries.kittyGraphicsID);") { capabilities.kittyGraphics = body.hasSuffix(";OK") }
    default:
      if body.hasPrefix("11;rgb:") { capabilities.background = Self.color(body.dropFirst(7)) }
    }
  }

  /// `62;4;22` → [62, 4, 22]; an empty or unreadable field is skipped.
  private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int] {
    bytes.split(separator: UInt8(ascii: ";")).compactMap { field in
      guard field.count <= 6, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
  }

  /// `RRRR/GGGG/BBBB` (1 to 4 hexadecimal digits a channel) as a colour of 8 bits a channel.
  private static func color(_ text: Substring) -> Color? {
    let channels = text.split(separator: "/", omittingEmptySubsequences: false)
    guard channels.count == 3 else { return nil }
    var values: [UInt8] = []
    for channel in channels {
      guard (1...4).contains(channel.count), channel.allSatisfy(\.isHexDigit), let value = Int(channel, radix: 16) else { return nil }
      values.append(UInt8((value * 255 + ((1 << (4 * channel.count)) - 1) / 2) / ((1 << (4 * channel.count)) - 1)))
    }
    return .rgb(red: values[0], green: values[1], blue: values[2])
  }
}
