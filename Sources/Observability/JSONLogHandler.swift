import Foundation
import Logging

/// `--log-format json`: one JSON object per line — `time` (UTC, milliseconds), `level`,
/// `label`, `message`, then the metadata, each as a string — for a log collector to search by
/// field (`request_id`, `route`, `status`). Written with one `write(2)` per line, so lines from
/// several threads never interleave.
public struct JSONLogHandler: LogHandler {
  public var logLevel: Logger.Level = .info
  public var metadata: Logger.Metadata = [:]
  private let label: String
  private let output: @Sendable (String) -> Void

  public init(label: String, output: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError) {
    self.label = label
    self.output = output
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
    output(Self.line(time: Date(), level: event.level, label: label, message: event.message.description, metadata: merged))
  }

  /// The line for one event, without its newline. The fixed fields come first; metadata follows
  /// in key order, and a key named like a fixed field is written as `metadata.<key>`.
  public static func line(time: Date, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
    var fields = [("time", Self.timestamp(time)), ("level", level.rawValue), ("label", label), ("message", message)]
    let fixed = Set(fields.map(\.0))
    for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
      fields.append((fixed.contains(key) ? "metadata.\(key)" : key, value.description))
    }
    return "{" + fields.map { "\(quoted($0.0)):\(quoted($0.1))" }.joined(separator: ",") + "}"
  }

  /// `2026-11-29T10:05:00.123Z`.
  static func timestamp(_ date: Date) -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
  }

  /// `text` as a JSON string: quotes, backslashes and every control character escaped, so a
  /// message or a value can never end its line or its object early.
  static func quoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\r": quoted += "\\r"
      case "\t": quoted += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028
        || scalar.value == 0x2029:
        quoted += String(format: "\\u%04X", scalar.value)
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }

  /// Writes `line` and a newline to standard error in one call.
  public static let standardError: @Sendable (String) -> Void = { line in
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
  }
}
