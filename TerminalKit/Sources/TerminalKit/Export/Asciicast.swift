/// A recording in asciicast v2, the format `asciinema play` replays: a header line, then one
/// JSON line per thing that happened — output with its time, or a resize.
///
/// Frames are recorded whole (``Canvas/ansiScreen``), each at the time it was painted, so the
/// replay shows what a person at the terminal saw, at the pace they saw it.
public struct Asciicast: Sendable {
  /// The terminal's size when the recording began.
  public let size: Size
  public private(set) var lines: [String] = []
  private var lastSize: Size
  private var lastTime = Duration.zero

  public init(size: Size, title: String? = nil) {
    self.size = size
    lastSize = size
    var header = "{\"version\": 2, \"width\": \(size.width), \"height\": \(size.height)"
    if let title { header += ", \"title\": \(Self.jsonString(title))" }
    header += ", \"env\": {\"TERM\": \"xterm-256color\"}}"
    lines.append(header)
  }

  /// Adds `canvas`, painted `time` after the recording began. Times never go backwards.
  public mutating func record(_ canvas: Canvas, at time: Duration) {
    let time = max(time, lastTime)
    lastTime = time
    if canvas.size != lastSize {
      lastSize = canvas.size
      event(at: time, kind: "r", data: "\(canvas.size.width)x\(canvas.size.height)")
    }
    let prefix = lines.count == 1 ? "\u{1B}[?25l\u{1B}[2J" : ""
    event(at: time, kind: "o", data: prefix + canvas.ansiScreen)
  }

  /// Adds what a program wrote, `time` after the recording began, as it wrote it: a recording of
  /// a program's own output rather than of frames.
  public mutating func record(output: String, at time: Duration) {
    let time = max(time, lastTime)
    lastTime = time
    event(at: time, kind: "o", data: output)
  }

  /// Adds a change of the terminal's size, `time` after the recording began.
  public mutating func record(resize size: Size, at time: Duration) {
    let time = max(time, lastTime)
    lastTime = time
    lastSize = size
    event(at: time, kind: "r", data: "\(size.width)x\(size.height)")
  }

  /// The recording as a `.cast` file.
  public var text: String {
    lines.joined(separator: "\n") + "\n"
  }

  private mutating func event(at time: Duration, kind: String, data: String) {
    lines.append("[\(Self.seconds(time)), \"\(kind)\", \(Self.jsonString(data))]")
  }

  /// `1.250000`: seconds with microseconds, as asciinema writes them.
  static func seconds(_ duration: Duration) -> String {
    let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    let fraction = String(microseconds % 1_000_000)
    return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// `text` as a JSON string: quotes, backslashes and every control character escaped. Done on
  /// the UTF-8 bytes, since every byte to escape is ASCII: a recording of megabytes of output
  /// is made at the speed of copying it.
  static func jsonString(_ text: String) -> String {
    var json: [UInt8] = [UInt8(ascii: "\"")]
    json.reserveCapacity(text.utf8.count + 16)
    let hex = Array("0123456789abcdef".utf8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): json += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): json += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): json += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): json += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case UInt8(ascii: "\t"): json += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x00..<0x20, 0x7F:
        json += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      default: json.append(byte)
      }
    }
    json.append(UInt8(ascii: "\""))
    return String(decoding: json, as: UTF8.self)
  }
}
