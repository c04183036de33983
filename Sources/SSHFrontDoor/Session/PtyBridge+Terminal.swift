import NIOCore

/// The store's terminal as the bridge knows it: its size, and where it is between being started
/// and closed.
extension PtyBridge {
  struct Size: Equatable {
    var columns: Int
    var rows: Int
  }

  enum Terminal {
    case notStarted
    /// Being opened, at the size the store was started with.
    case opening(controller: Int32, size: Size)
    case open(OpenTerminal)
    case closed
  }

  /// The store's terminal while it is open.
  struct OpenTerminal {
    let channel: any Channel
    let controller: Int32
    /// The window size the terminal has now.
    var size: Size
    /// Whether it takes more input now.
    var isWritable = true
    /// Closes it a moment after the store's exit, if it has not closed by then.
    var drain: Scheduled<Void>?
  }
}
