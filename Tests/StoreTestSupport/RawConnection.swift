import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A plain TCP connection that sends only what it is told to, as slowly as it is told: for tests
/// of servers against clients that stay silent, or send half a request and stop.
///
/// `@unchecked Sendable`: each is used by one test task at a time.
public final class RawConnection: @unchecked Sendable {
  public let descriptor: Int32

  /// Connects to 127.0.0.1:`port`, from the local address `source` if given; `nil` if it cannot.
  public init?(port: Int, source: String? = nil) {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
      guard bound == 0 else {
        Glibc.close(descriptor)
        return nil
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      Glibc.close(descriptor)
      return nil
    }
  }

  public func send(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { Glibc.send(descriptor, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL)) }
  }

  /// Whether the server closed the connection within `seconds` (reading and dropping what it
  /// sent meanwhile, such as its banner).
  public func waitUntilClosed(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while Date() < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return true }
    }
    return false
  }

  /// The status code of the HTTP answer that arrives within `seconds`, read from its status
  /// line (`HTTP/1.1 401 Unauthorized`); `nil` when none came or the line is not one.
  public func answerStatus(seconds: Double) -> Int? {
    let deadline = Date().addingTimeInterval(seconds)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while Date() < deadline, received.count < 65_536 {
      if let end = received.firstIndex(of: UInt8(ascii: "\r")) {
        let line = String(decoding: received[..<end], as: UTF8.self).split(separator: " ")
        return line.count >= 2 && line[0].hasPrefix("HTTP/") ? Int(line[1]) : nil
      }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return nil }
      if count > 0 { received += buffer[..<count] }
    }
    return nil
  }

  public func close() {
    Glibc.close(descriptor)
  }
}

extension RawConnection {
  /// Whether the server reset or closed `connection` within `seconds`, found without reading a
  /// byte of what it sent: sends (that never block) start failing once it has gone.
  public static func isReset(_ connection: RawConnection, within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let sent = Glibc.send(connection.descriptor, "x", 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      if sent < 0, errno == ECONNRESET || errno == EPIPE { return true }
      usleep(100_000)
    }
    return false
  }

  /// Everything the server sends until it closes the connection or `seconds` pass (at most
  /// 1 MiB), as text.
  public func textUntilClosed(seconds: Double) -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while Date() < deadline, received.count < 1 << 20 {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { break }
      if count > 0 { received += buffer[..<count] }
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Reads answers until the server closes the connection or `seconds` pass: how many status
  /// lines came, and whether it was closed.
  public func answersUntilClosed(seconds: Double) -> (count: Int, closed: Bool) {
    let deadline = Date().addingTimeInterval(seconds)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while Date() < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
        let text = String(decoding: received, as: UTF8.self)
        return (text.components(separatedBy: "HTTP/1.1 ").count - 1, true)
      }
      if count > 0 { received += buffer[..<count] }
    }
    return (String(decoding: received, as: UTF8.self).components(separatedBy: "HTTP/1.1 ").count - 1, false)
  }

  /// Sends one HTTP/1.1 request exactly as written — `target` is not normalised in any way — to
  /// 127.0.0.1:`port`, and gives the status of its answer (`nil` if none came in 10 s).
  public static func status(
    port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: String = ""
  ) -> Int? {
    guard let connection = RawConnection(port: port) else { return nil }
    defer { connection.close() }
    var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    if method == "POST" || method == "PUT" { request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
    connection.send(request + "\r\n" + body)
    return connection.answerStatus(seconds: 10)
  }
}
