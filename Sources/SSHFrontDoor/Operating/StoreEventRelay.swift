import Dispatch
import Observability
import Synchronization

/// Counts what the stores send (``StoreEvent``) into the front door's metrics, as it arrives:
/// a ``StoreEventInbox`` read on a dispatch queue of its own whenever the socket has datagrams.
final class StoreEventRelay: Sendable {
  /// The socket's path, for the stores' environment (`MetricsSocketVariable.name`).
  var path: String { inbox.path }
  private let inbox: StoreEventInbox
  /// Dispatch's sources are not `Sendable`; this one is touched only to start and to cancel.
  private let source: Mutex<any DispatchSourceRead>

  init(path: String, metrics: FrontDoorMetrics) throws(FrontDoorError) {
    let inbox = try StoreEventInbox(path: path)
    let source = DispatchSource.makeReadSource(fileDescriptor: inbox.descriptor, queue: DispatchQueue(label: "onlinestore.store-events"))
    // One batch a call: while datagrams remain queued, the source calls again.
    source.setEventHandler {
      for event in inbox.drain().events { metrics.record(event) }
    }
    source.setCancelHandler { inbox.close() }
    source.resume()
    self.inbox = inbox
    self.source = Mutex(source)
  }

  /// Stops reading; the socket is closed once the reader has stopped (its file stays, see
  /// ``StoreEventInbox/close()``).
  func stop() { source.withLock { $0.cancel() } }
}
