/// Reads what a terminal sends while a person types — bytes in, ``InputEvent``s out, in the
/// order they came — without a terminal library's key tables: the keys a terminal of today
/// sends (arrows, Home/End, PgUp/PgDn, Delete, Shift-Tab, with Ctrl or Alt), SGR mouse reports,
/// bracketed pastes, and the kitty keyboard protocol's `CSI … u` keys, in which Esc is a key of
/// its own and needs no delay.
///
/// What a terminal says of itself — device attributes, mode reports, XTVERSION, OSC colours,
/// kitty graphics replies — is never a key, even when it comes late (an answer that missed the
/// probe's deadline over a slow link): it is read and dropped here.
///
/// A value told the time rather than reading a clock: a lone Esc at the end of a read is held
/// until ``deadline`` (the escape delay — never at once, as it may start a key cut between two
/// reads) and becomes the Esc key at ``expire(at:)``, so the rule is tested on a test clock.
/// Work is bounded: a sequence longer than ``maximumSequenceLength`` is dropped as it grows,
/// a string (OSC, DCS, APC) is skipped without being kept, a paste keeps at most
/// ``PasteAssembly/maximumLength`` scalars.
public struct InputDecoder<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
  /// The longest key sequence kept (the longest a terminal sends for a key is under 30 bytes).
  public static var maximumSequenceLength: Int { 64 }

  /// How long a lone Esc waits for the rest of a sequence before it is the Esc key.
  public let escapeDelay: Duration
  /// Whether the terminal sends Esc as a sequence of its own (the kitty keyboard protocol's
  /// disambiguation is on): a lone Esc byte then only ever starts a sequence, so it waits up to
  /// a second for the rest and is then dropped rather than taken for the key.
  public var escapeIsSequence = false

  /// Bytes of a sequence (or of one UTF-8 character) begun and not finished.
  private var pending: [UInt8] = []
  /// When the pending bytes came.
  private var pendingSince: Instant?
  /// The kind of string being skipped (`]`, `P`, `_`, `^`, `X`), and whether its Esc came.
  private var skippingString: (kind: UInt8, afterEscape: Bool)?
  /// A sequence too long to keep, skipped to its final byte.
  private var skippingSequence = false
  private var paste = PasteAssembly<Instant>()
  /// Bytes of the paste's text cut between reads (a character split in two), or a part of its
  /// end marker.
  private var pasteBytes: [UInt8] = []

  public init(escapeDelay: Duration = .milliseconds(25)) {
    self.escapeDelay = escapeDelay
  }

  /// When a held Esc (or a paste whose end never came) is due: the caller wakes then and calls
  /// ``expire(at:)``. `nil` when nothing waits.
  public var deadline: Instant? {
    let held = pendingSince.map { $0.advanced(by: escapeIsSequence ? .seconds(1) : escapeDelay) }
    return [held, paste.deadline].compactMap { $0 }.min()
  }

  /// Reads `bytes`, which arrived at `now`: the events they complete, in order.
  public mutating func read(_ bytes: some Sequence<UInt8>, at now: Instant) -> [InputEvent] {
    var events: [InputEvent] = []
    for byte in bytes {
      read(byte, at: now, into: &events)
    }
    if !pending.isEmpty, pendingSince == nil { pendingSince = now }
    return events
  }

  /// The time is `now`: a lone Esc held past the delay is the Esc key (dropped when the
  /// terminal sends Esc as a sequence), a sequence left unfinished is dropped, and a paste open
  /// too long ends.
  public mutating func expire(at now: Instant) -> [InputEvent] {
    var events: [InputEvent] = []
    if let event = paste.expire(at: now) {
      events.append(event)
      pasteBytes = []
    }
    guard let began = pendingSince, now >= began.advanced(by: escapeIsSequence ? .seconds(1) : escapeDelay) else { return events }
    if !escapeIsSequence {
      // Esc alone is the key; Esc and `[` or `O` with nothing after, Alt and that character.
      if pending == [0x1B] { events.append(.key(.escape)) }
      if pending.count == 2, pending[0] == 0x1B, let key = Self.singleByteKey(pending[1]) { events.append(.key(.alt(key))) }
    }
    finish()
    return events
  }

  // MARK: One byte

  private mutating func read(_ byte: UInt8, at now: Instant, into events: inout [InputEvent]) {
    if paste.isOpen {
      readPasted(byte, into: &events)
      return
    }
    if let string = skippingString {
      skipString(byte, string)
      return
    }
    if skippingSequence {
      if (0x40...0x7E).contains(byte) { skippingSequence = false }
      return
    }
    guard !pending.isEmpty else {
      start(byte, at: now, into: &events)
      return
    }
    pending.append(byte)
    guard pending.count <= Self.maximumSequenceLength else {
      pending = []
      pendingSince = nil
      skippingSequence = !(0x40...0x7E).contains(byte)
      return
    }
    decodePending(at: now, into: &events)
  }

  /// A byte with nothing pending: a key of one byte, or the start of a longer one.
  private mutating func start(_ byte: UInt8, at now: Instant, into events: inout [InputEvent]) {
    switch byte {
    case 0x1B, 0xC2...0xF4:
      pending = [byte]
      pendingSince = nil
    default:
      if let key = Self.singleByteKey(byte) { events.append(.key(key)) }
    }
  }

  /// A key of one byte: text, Enter, Tab, Backspace or a control letter; `nil` for a byte that
  /// is none (a stray continuation byte, NUL, the control codes no key sends alone).
  static func singleByteKey(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x09: .tab
    case 0x7F, 0x08: .backspace
    case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
    case 0x20...0x7E: .character(Character(Unicode.Scalar(byte)))
    default: nil
    }
  }

  /// The pending bytes with one more: finished (an event, or nothing for an answer), or not yet.
  private mutating func decodePending(at now: Instant, into events: inout [InputEvent]) {
    if pending[0] != 0x1B {
      decodeCharacter(at: now, into: &events)
      return
    }
    let second = pending[1]
    switch second {
    case UInt8(ascii: "["):
      // `CSI M` and three bytes: the mouse in X10's encoding (never asked for): read, dropped.
      if pending.count >= 3, pending[2] == UInt8(ascii: "M") {
        if pending.count == 6 { finish() }
        return
      }
      guard pending.count > 2, let final = pending.last, (0x40...0x7E).contains(final) else { return }
      let sequence = Array(pending[2...])
      finish()
      if let event = Self.controlSequence(sequence) {
        if event == .paste("") {
          paste.begin(at: now)
        } else {
          events.append(event)
        }
      }
    case UInt8(ascii: "O"):
      guard pending.count > 2 else { return }
      let final = pending[2]
      finish()
      if let key = Self.singleShiftKey(final) { events.append(.key(key)) }
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
      finish()
      skippingString = (second, false)
    case 0x1B:
      // Esc and Esc: the first is the key; the second may start a sequence.
      events.append(.key(.escape))
      pending = [0x1B]
    case 0xC2...0xF4:
      // Alt and a character of several bytes (a broken one is dropped).
      let character = Array(pending[1...])
      guard character.count >= Self.utf8Length(second) else { return }
      finish()
      if let decoded = Self.utf8Character(character) { events.append(.key(.alt(.character(decoded)))) }
    default:
      finish()
      if let key = Self.singleByteKey(second) { events.append(.key(.alt(key))) }
    }
  }

  /// One UTF-8 character of several bytes: whole, broken (dropped), or not yet.
  private mutating func decodeCharacter(at now: Instant, into events: inout [InputEvent]) {
    let last = pending[pending.count - 1]
    guard (0x80...0xBF).contains(last) else {
      // A character cut short by something new: it is dropped, and the new byte read again.
      finish()
      read(last, at: now, into: &events)
      return
    }
    guard pending.count >= Self.utf8Length(pending[0]) else { return }
    let bytes = pending
    finish()
    if let character = Self.utf8Character(bytes) { events.append(.key(.character(character))) }
  }

  private mutating func finish() {
    pending = []
    pendingSince = nil
  }

  // MARK: Strings and pastes

  /// A byte of an OSC, DCS, APC, PM or SOS: dropped, to the end (ST, or BEL for an OSC).
  private mutating func skipString(_ byte: UInt8, _ string: (kind: UInt8, afterEscape: Bool)) {
    if string.afterEscape, byte == UInt8(ascii: "\\") {
      skippingString = nil
    } else if byte == 0x07, string.kind == UInt8(ascii: "]") {
      skippingString = nil
    } else {
      skippingString = (string.kind, byte == 0x1B)
    }
  }

  /// The end marker of a bracketed paste.
  private static var pasteEnd: [UInt8] { [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E] }

  /// A byte inside a paste: text up to the end marker, kept as whole characters.
  private mutating func readPasted(_ byte: UInt8, into events: inout [InputEvent]) {
    pasteBytes.append(byte)
    guard let markerStart = Self.partialEnd(in: pasteBytes) else {
      appendPasted(pasteBytes)
      return
    }
    // The end marker, or the start of one: held until it is whole, or is not one after all.
    guard pasteBytes.count - markerStart == Self.pasteEnd.count else { return }
    appendPasted(Array(pasteBytes[..<markerStart]))
    pasteBytes = []
    if let event = paste.end() { events.append(event) }
  }

  /// Where a (possibly partial) end marker starts at the end of `bytes`, if one does.
  private static func partialEnd(in bytes: [UInt8]) -> Int? {
    let longest = min(bytes.count, pasteEnd.count)
    for length in stride(from: longest, through: 1, by: -1) where bytes.suffix(length).elementsEqual(pasteEnd.prefix(length)) {
      return bytes.count - length
    }
    return nil
  }

  /// Pasted bytes, as whole characters; a character cut at the end waits for its rest.
  private mutating func appendPasted(_ bytes: [UInt8]) {
    var cut = bytes.count
    // Keep back the bytes of a character not finished yet.
    if let lead = bytes.lastIndex(where: { !(0x80...0xBF).contains($0) }), bytes[lead] >= 0xC2,
      bytes.count - lead < Self.utf8Length(bytes[lead])
    {
      cut = lead
    }
    for scalar in String(decoding: bytes[..<cut], as: UTF8.self).unicodeScalars {
      paste.append(scalar)
    }
    pasteBytes = Array(bytes[cut...])
  }
}

// MARK: Sequences

extension InputDecoder {
  /// What a finished `CSI` sequence (the bytes after `ESC [`) means: a key, the mouse, a
  /// paste's start (`.paste("")`), or `nil` for what is none — a terminal's answer, a paste's
  /// stray end, a key no screen uses.
  static func controlSequence(_ bytes: [UInt8]) -> InputEvent? {
    guard let final = bytes.last else { return nil }
    let body = String(decoding: bytes.dropLast(), as: UTF8.self)
    // Answers: `?…c`, `?…u`, `…$y`, `?…$y`, `>…c`; the mouse is `<…M`/`<…m`.
    if body.hasPrefix("?") || body.hasPrefix(">") || body.hasPrefix("=") || body.hasSuffix("$") { return nil }
    if body.hasPrefix("<") { return mouse(body.dropFirst(), pressed: final == UInt8(ascii: "M")) }
    let fields = body.split(separator: ";", omittingEmptySubsequences: false).map { field in
      field.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    }
    let first = fields.first?.first.flatMap { $0 }
    let modifiers = fields.count > 1 ? (fields[1].first.flatMap { $0 } ?? 1) : 1
    // A kitty key's release is not a press.
    if fields.count > 1, fields[1].count > 1, fields[1][1] == 3 { return nil }
    let key: Key?
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "Z"): key = .backTab
    case UInt8(ascii: "~"):
      switch first {
      case 200: return .paste("")
      case 1, 7: key = .home
      case 4, 8: key = .end
      case 3: key = .delete
      case 5: key = .pageUp
      case 6: key = .pageDown
      default: key = nil
      }
    case UInt8(ascii: "u"):
      key = first.flatMap(kittyKey)
    default:
      key = nil
    }
    return key.map { .key(Self.applying(modifiers: modifiers, to: $0)) }
  }

  /// A key of the kitty keyboard protocol by its Unicode code (or one of its own numbers).
  static func kittyKey(_ code: Int) -> Key? {
    switch code {
    case 27: .escape
    case 13: .enter
    case 9: .tab
    case 127, 8: .backspace
    case 0xE000...0xF8FF: nil  // the protocol's own keys (F13 on, the keypad, modifiers alone)
    default: Unicode.Scalar(code).flatMap { $0.value >= 0x20 ? Key.character(Character($0)) : nil }
    }
  }

  /// `key` with the modifiers of a `CSI` key (1 + Shift 1, Alt 2, Ctrl 4): Ctrl and a letter is
  /// a control letter, Ctrl with a movement `withControl`, Alt is `alt`; Shift is in the key.
  static func applying(modifiers: Int, to key: Key) -> Key {
    let bits = max(0, modifiers - 1)
    let alt = bits & 2 != 0
    let control = bits & 4 != 0
    var result = key
    if control {
      if case let .character(character) = key, let letter = character.lowercased().first, letter.isASCII, letter.isLetter {
        result = .control(letter)
      } else if key == .tab, bits & 1 != 0 {
        result = .backTab
      } else {
        result = .withControl(key)
      }
    } else if key == .tab, bits & 1 != 0 {
      result = .backTab
    }
    return alt ? .alt(result) : result
  }

  /// An SGR mouse report (`b;x;y`, 1-based): a press of the first button or a wheel notch;
  /// releases, motion and other buttons are none.
  static func mouse(_ body: Substring, pressed: Bool) -> InputEvent? {
    let numbers = body.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3, pressed, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
    let point = Point(x: numbers[1] - 1, y: numbers[2] - 1)
    switch numbers[0] {
    case 0: return .mouse(MouseEvent(.press, at: point))
    case 64: return .mouse(MouseEvent(.wheelUp, at: point))
    case 65: return .mouse(MouseEvent(.wheelDown, at: point))
    default: return nil
    }
  }

  /// The key of `ESC O x` (application cursor keys).
  static func singleShiftKey(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "M"): .enter
    default: nil
    }
  }

  /// How many bytes a UTF-8 character that starts with `lead` has.
  static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 1
    }
  }

  /// `bytes` as one character, if they are exactly one whole, valid UTF-8 scalar.
  static func utf8Character(_ bytes: [UInt8]) -> Character? {
    guard let lead = bytes.first, bytes.count == utf8Length(lead) else { return nil }
    var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
    guard let scalar = scalars.next(), scalars.next() == nil, scalar != "\u{FFFD}" else { return nil }
    return Character(scalar)
  }
}
