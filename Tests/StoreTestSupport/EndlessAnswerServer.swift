import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A hostile picture server on 127.0.0.1: to every request it answers 200 with no length and
/// then zeros, 1 MiB at a time, as fast as the client takes them, until the client closes the
/// connection or `limitBytes` are sent. It counts what each connection took, so a test can tell
/// whether a client stopped reading at its cap or read on.
///
/// Bounded itself: `connections` connections, then it stops accepting; each ends at
/// `limitBytes`, or after 30 s.
public final class EndlessAnswerServer: @unchecked Sendable {
  public let port: Int
  private let listener: Int32
  private let lock = NSLock()
  private var sent: [Int] = []
  private var finished = 0

  public init(connections: Int, limitBytes: Int = 2_000_000_000) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    listener = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard descriptor >= 0, bound else { throw CocoaError(.fileWriteUnknown) }
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in
      for _ in 0..<connections {
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { break }
        Thread.detachNewThread { [self] in serve(connection, limitBytes: limitBytes) }
      }
      Glibc.close(descriptor)
    }
  }

  private func serve(_ connection: Int32, limitBytes: Int) {
    defer { Glibc.close(connection) }
    var head = [UInt8](repeating: 0, count: 8_192)
    _ = recv(connection, &head, head.count, 0)
    let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nConnection: close\r\n\r\n".utf8)
    _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let zeros = [UInt8](repeating: 0, count: 1_048_576)
    var total = 0
    while total < limitBytes {
      let count = zeros.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      total += count
    }
    lock.withLock {
      sent.append(total)
      finished += 1
    }
  }

  /// The bytes each finished connection took, once `count` have finished (or 30 s passed).
  public func bytesSent(waitingFor count: Int) async -> [Int] {
    for _ in 0..<600 {
      if lock.withLock({ finished >= count }) { break }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return lock.withLock { sent }
  }
}
