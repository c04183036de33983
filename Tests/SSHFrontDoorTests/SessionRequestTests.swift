import CPseudoTerminal
import Foundation
import StoreTestSupport
import Testing

/// The session starter's request: what the server encodes and the starter decodes (and checks)
/// before it forks anything. The starter runs as root's or the service's own process; a request
/// it cannot read must be refused, never half-read.
struct SessionRequestTests {
  /// Encodes with the C function; `nil` when it refuses.
  static func encode(title: String, arguments: [String], environment: [String], capacity: Int = Int(SR_REQUEST_CAPACITY)) -> [UInt8]? {
    var buffer = [CChar](repeating: 0, count: capacity)
    let used = withCStrings(arguments) { argv in
      withCStrings(environment) { envp in sr_encode(&buffer, capacity, title, argv, envp) }
    }
    return used == 0 ? nil : buffer.prefix(used).map { UInt8(bitPattern: $0) }
  }

  /// What the C decoder reads from `bytes`, or `nil` when it refuses them.
  static func decode(_ bytes: [UInt8]) -> (title: String, arguments: [String], environment: [String])? {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        var request = sr_request()
        guard sr_decode(chars.baseAddress, chars.count, &request) == 0 else { return nil }
        defer { sr_free(&request) }
        let arguments = (0..<Int(request.argument_count)).map { String(cString: request.arguments[$0]!) }
        var environment: [String] = []
        var index = 0
        while let variable = request.environment[index] {
          environment.append(String(cString: variable))
          index += 1
        }
        return (String(cString: request.title), arguments, environment)
      }
    }
  }

  static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies + [nil])
  }

  @Test func whatTheServerEncodesTheStarterReads() throws {
    let arguments = ["--latency", "0", "--customer", "김민지", "", "--title=ひらがな"]
    let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "SSH_USER=ana"]
    let bytes = try #require(Self.encode(title: "onlinestore: ana@pts/3", arguments: arguments, environment: environment))
    let decoded = try #require(Self.decode(bytes))
    #expect(decoded.title == "onlinestore: ana@pts/3")
    #expect(decoded.arguments == arguments, "an empty argument is still an argument")
    #expect(decoded.environment == environment)
    let bare = try #require(Self.encode(title: "", arguments: [], environment: []))
    #expect(bare == [0, 0x30, 0], "an empty title and no arguments: two strings")
    #expect(Self.decode(bare).map { $0.arguments.isEmpty && $0.environment.isEmpty } == true)
  }

  @Test func whatDoesNotFitIsNotSent() {
    let big = String(repeating: "x", count: Int(SR_REQUEST_CAPACITY))
    #expect(Self.encode(title: "t", arguments: [big], environment: []) == nil)
    #expect(Self.encode(title: "t", arguments: [], environment: ["A=\(big)"]) == nil)
    #expect(Self.encode(title: "t", arguments: ["a"], environment: [], capacity: 4) == nil, "\"t\\0\" \"1\\0\" leaves no room for \"a\\0\"")
    #expect(Self.encode(title: "t", arguments: ["a"], environment: [], capacity: 6) != nil, "exactly full")
    let many = Array(repeating: "a", count: Int(SR_MAXIMUM_ARGUMENTS) + 1)
    #expect(Self.encode(title: "t", arguments: many, environment: []) == nil)
    #expect(Self.encode(title: "t", arguments: Array(many.dropLast()), environment: []) != nil)
  }

  @Test func whatIsNotARequestIsRefused() {
    func bytes(_ strings: [String], terminated: Bool = true) -> [UInt8] {
      let joined = Array(strings.joined(separator: "\0").utf8)
      return terminated ? joined + [0] : joined
    }
    #expect(Self.decode([]) == nil, "empty")
    #expect(Self.decode(bytes(["title", "1", "arg"], terminated: false)) == nil, "the last string runs off the end")
    #expect(Self.decode(bytes(["title"])) == nil, "no count")
    for count in ["", "x", "-1", "+1", " 1", "1 ", "0x1", "1025", "99999999999"] {
      #expect(Self.decode(bytes(["title", count, "a"])) == nil, "count \(count.debugDescription)")
    }
    #expect(Self.decode(bytes(["title", "3", "a", "b"])) == nil, "fewer arguments than the count")
    #expect(Self.decode(bytes(["title", "2", "a", "b"]))?.arguments == ["a", "b"])
    #expect(Self.decode(bytes(["title", "1", "a", "B=1"]))?.environment == ["B=1"])
  }

  /// Random bytes — a request cut short, a stray packet — are read or refused, and what is read
  /// lies within them: every string a whole string of the request, never more arguments than
  /// the limit.
  @Test func randomBytesAreReadOrRefusedNeverOverrun() {
    // A fixed sequence (xorshift), so that a failure is the same failure again.
    var state: UInt64 = 0x2026_1126
    func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    var read = 0
    for _ in 0..<5000 {
      let alphabet: [UInt8] = [0, 0, 0, 0x30, 0x31, 0x32, 0x39, 0x41, 0x3D, 0x2D]
      let bytes = (0..<next(41)).map { _ in alphabet[next(alphabet.count)] }
      guard let decoded = Self.decode(bytes) else { continue }
      read += 1
      #expect(decoded.arguments.count <= Int(SR_MAXIMUM_ARGUMENTS))
      let strings = [decoded.title] + decoded.arguments + decoded.environment
      #expect(strings.map(\.utf8.count).reduce(0, +) + strings.count < bytes.count, "the strings and their ends, and the count besides")
    }
    #expect(read > 0, "some random requests are well formed")
  }
}
