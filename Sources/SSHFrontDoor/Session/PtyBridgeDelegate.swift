import NIOCore

/// What the bridge tells the stage that runs the store (``StoreSession``). A direct call, not a
/// pipeline event: the bridge goes on draining a store's terminal after the client's channel
/// has closed and its handlers have left the pipeline, and the store's stage must still hear
/// that the terminal closed.
protocol PtyBridgeDelegate: AnyObject {
  /// The store's terminal is open and being read.
  func ptyAttached()
  /// The store's terminal has closed: everything the store wrote has been read.
  func ptyClosed()
  /// The store's terminal could not be read.
  func ptyFailed()
  /// `bytes` of the store's output were handed to the client's channel.
  func outputSent(bytes: Int)
  /// The client's input was written to the store's terminal.
  func inputWritten()
}

extension PtyBridgeDelegate {
  /// A delegate that does not measure the traffic need not say so.
  func outputSent(bytes: Int) {}
  func inputWritten() {}
}

/// What the bridge needs of the connection under the client's channel: whether its socket can
/// take more now, and a word when it can again.
protocol TransportWritability: AnyObject {
  var transportIsWritable: Bool { get }
  func whenTransportWritable(_ resume: @escaping () -> Void)
}

extension ShopperConnection: TransportWritability {}
