import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One plain-HTTP `GET` that may wait long for its answer — the store's server holding a request
/// until the cart changes — on a thread of its own, blocked in `poll(2)` until bytes come.
///
/// Why not URLSession: FoundationNetworking on Linux keeps asking the kernel whether a request's
/// socket is writable while it waits for the answer, so a store with one such request open used a
/// quarter of a core doing nothing (measured: 75 ticks in 3 s, against 0 with none open).
/// This client costs nothing while it waits.
///
/// Bounded like every request of the store: the whole exchange within `timeout`, at most
/// `maxResponseBytes` of answer, `Connection: close` (one request per connection, no pool to
/// hold). Cancelling the task ends the wait at once (the socket is shut down under the thread).
enum WaitingRequest {
  struct Answer: Equatable {
    var status: Int
    var body: Data
  }

  static func get(_ url: URL, headers: [String: String], timeout: Duration, maxResponseBytes: Int) async throws(APIError) -> Answer {
    guard url.scheme?.lowercased() == "http", let host = url.host else {
      throw .other("A waiting request needs an http:// address (got \(url.absoluteString))")
    }
    let port = url.port ?? 80
    var target = url.path.isEmpty ? "/" : url.path
    if let query = url.query { target += "?" + query }
    var head = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    let request = Array((head + "\r\n").utf8)
    let socket = SocketBox()
    let result: Result<Answer, APIError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(
            returning: exchange(
              host: host, port: port, request: request, deadline: .now + timeout, limit: maxResponseBytes, socket: socket,
              seconds: Int(timeout.components.seconds)
            )
          )
        }
      }
    } onCancel: {
      socket.shutDown()
    }
    if Task.isCancelled { throw .other("Cancelled") }
    return try result.get()
  }

  /// The socket of one exchange, so that a cancellation can shut it down from another thread.
  final class SocketBox: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    private var cancelled = false

    /// Keeps `descriptor`; `false` (and the caller closes it) when the request was cancelled.
    func hold(_ descriptor: Int32) -> Bool {
      lock.withLock {
        guard !cancelled else { return false }
        self.descriptor = descriptor
        return true
      }
    }

    func shutDown() {
      lock.withLock {
        cancelled = true
        if descriptor >= 0 { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
      }
    }

    func close() {
      lock.withLock {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
      }
    }
  }

  /// Connects, sends, reads to the end; blocking, on the calling thread.
  private static func exchange(
    host: String, port: Int, request: [UInt8], deadline: ContinuousClock.Instant, limit: Int, socket box: SocketBox, seconds: Int
  ) -> Result<Answer, APIError> {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else {
      return .failure(.unreachable("the host name was not found"))
    }
    defer { freeaddrinfo(found) }
    let descriptor = Glibc.socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return .failure(.other("No socket: \(String(cString: strerror(errno)))")) }
    guard box.hold(descriptor) else {
      Glibc.close(descriptor)
      return .failure(.other("Cancelled"))
    }
    defer { box.close() }
    // A blocking connect gives up after the send timeout: an unreachable server costs no more
    // than the request's own time.
    let connectSeconds = max(1, min(seconds, 10))
    var limitTime = timeval(tv_sec: connectSeconds, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limitTime, socklen_t(MemoryLayout<timeval>.size))
    guard connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
      return .failure(.unreachable("the connection was refused"))
    }
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { return .failure(.connectionLost) }
      sent += count
    }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1_024)
    while true {
      let left = deadline - .now
      guard left > .zero else { return .failure(.timedOut(seconds: seconds)) }
      var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(min(Int64(left.components.seconds) * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
      let ready = poll(&watch, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .failure(.connectionLost) }
      if count == 0 { break }
      received.append(contentsOf: buffer[0..<count])
      guard received.count <= limit + 16 * 1_024 else { return .failure(.tooLarge(limitBytes: limit)) }
    }
    return parse(received, limit: limit)
  }

  /// The status and body of a whole HTTP/1.1 answer (`Content-Length`, chunked, or to the end).
  static func parse(_ bytes: Data, limit: Int) -> Result<Answer, APIError> {
    guard let split = bytes.range(of: Data("\r\n\r\n".utf8)) else {
      return .failure(bytes.isEmpty ? .connectionLost : .malformed("not a valid HTTP answer"))
    }
    let head = String(decoding: bytes[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head.first?.split(separator: " ") ?? []
    guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
      return .failure(.malformed("not a valid HTTP answer"))
    }
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(bytes[split.upperBound...])
    if fields["transfer-encoding"]?.lowercased() == "chunked" {
      guard let whole = dechunk(body) else { return .failure(.malformed("a broken chunked answer")) }
      body = whole
    } else if let length = fields["content-length"].flatMap(Int.init) {
      guard body.count >= length else { return .failure(.connectionLost) }
      body = body.prefix(length)
    }
    guard body.count <= limit else { return .failure(.tooLarge(limitBytes: limit)) }
    return .success(Answer(status: status, body: body))
  }

  private static func dechunk(_ data: Data) -> Data? {
    var body = Data()
    var rest = data[...]
    while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
      let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
      // At most 16 hex digits, and no chunk larger than what is left: a size of
      // 7fffffffffffffff must not reach the arithmetic below (it once trapped on overflow).
      let digits = sizeText.trimmingCharacters(in: .whitespaces)
      guard (1...16).contains(digits.utf8.count), let size = Int(digits, radix: 16), size >= 0 else { return nil }
      if size == 0 { return body }
      let start = lineEnd.upperBound
      let left = rest.distance(from: start, to: rest.endIndex)
      guard size <= left, left - size >= 2 else { return nil }
      let end = rest.index(start, offsetBy: size)
      body.append(rest[start..<end])
      rest = rest[rest.index(end, offsetBy: 2)...]
    }
    return nil
  }
}
