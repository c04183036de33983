import TerminalPictures

/// Where a ``PictureLoader`` tells each decode's outcome: how long it took, or why it failed.
/// The store's metrics read it; the loader itself needs nothing back.
public struct PictureDecodeReport: Sendable {
  public let report: @Sendable (Result<Duration, PictureDecoder.Failure>) -> Void

  public init(_ report: @escaping @Sendable (Result<Duration, PictureDecoder.Failure>) -> Void) {
    self.report = report
  }

  /// Tells no one.
  public static let none = PictureDecodeReport { _ in }
}
