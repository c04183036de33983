import TerminalKit

/// What a session keeps of a program's output for its failure messages: the last few
/// kilobytes as they came, and the whole run as an asciicast recording — both bounded, so a
/// program that prints without end cannot take the test's memory.
struct SessionLog {
  /// The most output kept for ``recentOutput``.
  static let recentLimit = 16 * 1_024
  /// The most output recorded; what comes after is counted, not kept.
  static let recordingLimit = 8 * 1_024 * 1_024

  private(set) var recording: Asciicast
  private(set) var recent: [UInt8] = []
  private(set) var recordedBytes = 0
  private(set) var droppedBytes = 0
  /// The start of a UTF-8 sequence a read cut off, kept for the next one.
  private var incomplete: [UInt8] = []

  init(size: Size, title: String) {
    recording = Asciicast(size: size, title: title)
  }

  mutating func append(_ bytes: [UInt8], at time: Duration) {
    recent += bytes
    if recent.count > Self.recentLimit { recent.removeFirst(recent.count - Self.recentLimit) }
    guard recordedBytes < Self.recordingLimit else {
      droppedBytes += bytes.count
      return
    }
    recordedBytes += bytes.count
    var chunk = incomplete + bytes
    incomplete = Self.cutIncompleteSequence(from: &chunk)
    if !chunk.isEmpty { recording.record(output: String(decoding: chunk, as: UTF8.self), at: time) }
    if recordedBytes >= Self.recordingLimit {
      recording.record(output: "\r\n[recording stopped at \(Self.recordingLimit) bytes]\r\n", at: time)
    }
  }

  mutating func resized(to size: Size, at time: Duration) {
    recording.record(resize: size, at: time)
  }

  /// The recent output with every control character written out (`\e`, `\r`, `\x07`), so a
  /// failure message shows what the program sent rather than acting it out.
  var recentOutput: String {
    var text = ""
    for scalar in String(decoding: recent, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "\u{1B}": text += "\\e"
      case "\r": text += "\\r"
      case "\n": text += "\\n\n"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        text += "\\x" + (hex.count < 2 ? "0" : "") + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// Removes and returns the trailing bytes of `bytes` that begin a UTF-8 sequence without
  /// finishing it (at most three).
  static func cutIncompleteSequence(from bytes: inout [UInt8]) -> [UInt8] {
    var start = bytes.count
    while start > 0, bytes.count - start < 3, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
    guard start > 0 else { return [] }
    let lead = bytes[start - 1]
    let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    let present = bytes.count - (start - 1)
    guard needed > present else { return [] }
    let tail = Array(bytes[(start - 1)...])
    bytes.removeLast(tail.count)
    return tail
  }
}
