import Foundation
import StoreTestSupport
import Synchronization

/// A store deployed as on several machines, on this one: two `serve` hosts, each in a Linux
/// network namespace of its own joined to this one by a veth pair, HAProxy in TCP mode with
/// `send-proxy-v2` in front of them on 127.0.0.1, and two `onlinestore-api` instances on one
/// database, each listening on the link to its host.
///
/// ```
///   ssh ──▶ 127.0.0.1:<port> HAProxy ──PROXY v2──▶ 10.N.1.2  serve A  (namespace A) ──▶ 10.N.1.1 API 1 ─┐
///                                    └─PROXY v2──▶ 10.N.2.2  serve B  (namespace B) ──▶ 10.N.2.1 API 2 ─┴─ PostgreSQL
/// ```
///
/// Namespaces need root (CI runs as root); ``unavailable`` says why they cannot be had.
final class Deployment: Sendable {
  let workspace: URL
  let backend: StoreBackend
  let hosts: [ServeProcess]
  let balancerPort: Int
  private let balancer: Process
  private let namespaces: [String]
  let knownHosts: URL

  /// Why namespaces cannot be made here, or `nil` when they can.
  static let unavailable: String? = {
    guard geteuid() == 0 else { return "network namespaces need root (ip netns); CI runs as root" }
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") else { return "no /usr/sbin/ip (apt-get install iproute2)" }
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/haproxy") else { return "no /usr/sbin/haproxy (apt-get install haproxy)" }
    let probe = "osprobe\(getpid() % 10_000)"
    guard (try? Deployment.ip(["netns", "add", probe])) != nil else { return "this machine refuses to make a network namespace" }
    _ = try? Deployment.ip(["netns", "del", probe])
    return nil
  }()

  private init(
    workspace: URL, backend: StoreBackend, hosts: [ServeProcess], balancer: Process, balancerPort: Int, namespaces: [String]
  ) {
    self.workspace = workspace
    self.backend = backend
    self.hosts = hosts
    self.balancer = balancer
    self.balancerPort = balancerPort
    self.namespaces = namespaces
    knownHosts = workspace.appendingPathComponent("known_hosts")
  }

  /// Sets it all up; `apiArguments[i]` and `serveArguments[i]` go to instance and host i. With
  /// `live`, on a database whose instances do not hear each other's saves at once (SQLite, when
  /// no PostgreSQL is given), both hosts talk to the first instance.
  static func open(apiArguments: [[String]] = [], serveArguments: [[String]] = [], live: Bool = false) async throws -> Deployment {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    // A network of its own for this run: 10.N.1.0/24 to host A, 10.N.2.0/24 to host B.
    let network = try await Blocking.run { try unusedNetwork() }
    let tag = String(UInt32.random(in: 0 ... .max), radix: 36)
    let namespaces = ["osA\(tag)", "osB\(tag)"]
    var backendStarted: StoreBackend?
    var hostsStarted: [ServeProcess] = []
    do {
      for (index, namespace) in namespaces.enumerated() {
        // `ip` and HAProxy's start block: on a dispatch thread, never on the two threads every
        // test's tasks share.
        try await Blocking.run {
          try link(namespace, outside: "10.\(network).\(index + 1).1", inside: "10.\(network).\(index + 1).2")
        }
      }
      let backend = try await StoreBackend.start(
        in: workspace, arguments: apiArguments, hosts: (1...2).map { "10.\(network).\($0).1" }
      )
      backendStarted = backend
      let hostKey = try await HostKeyFile.make(in: workspace)
      var hosts: [ServeProcess] = []
      for (index, namespace) in namespaces.enumerated() {
        let arguments = [
          "--api", (live ? backend.liveAPI(for: index) : backend.api(for: index)).baseURL.absoluteString, "--proxy-protocol-from", "10.\(network).\(index + 1).1",
          "--host-key", hostKey.path, "--metrics", "10.\(network).\(index + 1).2:\(operatorPort)",
        ] + (index < serveArguments.count ? serveArguments[index] : [])
        hosts.append(
          try await ServeProcess.start(
            stateDirectory: workspace.appendingPathComponent("host-\(index)"), arguments: arguments, host: "10.\(network).\(index + 1).2",
            namespace: namespace
          )
        )
        hostsStarted = hosts
      }
      let backends = hosts.map { "\($0.host):\($0.port)" }
      let (balancer, port) = try await Blocking.run { try startBalancer(in: workspace, backends: backends) }
      return Deployment(workspace: workspace, backend: backend, hosts: hosts, balancer: balancer, balancerPort: port, namespaces: namespaces)
    } catch {
      // Whatever was started goes, and both namespaces (a half-made one too), so that a failed
      // start leaves no address behind for the next deployment to meet.
      for host in hostsStarted { _ = await host.stop() }
      await backendStarted?.stop()
      await Blocking.run { for namespace in namespaces { _ = try? ip(["netns", "del", namespace]) } }
      throw error
    }
  }

  /// `ssh` through the load balancer, checking the host key against the one every host serves.
  func ssh(as key: URL) -> [String] {
    ServeProcess.ssh(host: "127.0.0.1", port: balancerPort, identity: key, knownHosts: knownHosts)
  }

  /// Which host's log says a session started for the `count`th time: the hosts each session reached.
  func sessionsStarted() -> [Int] {
    hosts.map { $0.logText.components(separatedBy: "session started").count - 1 }
  }

  /// Sends the next sessions to host `index` only, as an operator taking the others out of the
  /// balancer would (HAProxy's admin socket: the others' state is set to maintenance).
  func route(to index: Int) async throws {
    let count = hosts.count
    try await Blocking.run { [self] in
      for other in 0..<count {
        try balancerCommand("set server shop/host\(other) state \(other == index ? "ready" : "maint")")
      }
    }
  }

  /// What HAProxy says of host `index` now: its status (`UP`, `DOWN`, `MAINT`) and its last
  /// health check's (`L7OK`, `L7STS` with the status that failed it, …), from `show stat`.
  func balancerView(of index: Int) async throws -> (status: String, check: String) {
    let answer = try await Blocking.run { [self] in try balancerCommand("show stat", expectingAnswer: true) }
    let lines = answer.split(separator: "\n").map(String.init)
    guard let header = lines.first?.dropFirst(2).split(separator: ",", omittingEmptySubsequences: false).map(String.init),
      let status = header.firstIndex(of: "status"), let check = header.firstIndex(of: "check_status"), let code = header.firstIndex(of: "check_code")
    else { throw TestFailure("HAProxy's stats have no header: \(answer.prefix(200))") }
    for line in lines.dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard fields.count > max(status, check, code), fields[0] == "shop", fields[1] == "host\(index)" else { continue }
      return (fields[status], fields[check] + (fields[code].isEmpty ? "" : " " + fields[code]))
    }
    throw TestFailure("HAProxy's stats do not name host\(index)")
  }

  /// Sends sessions to every host again (after ``route(to:)``), each as its health check says.
  func routeToEvery() async throws {
    let count = hosts.count
    try await Blocking.run { [self] in
      for index in 0..<count { try balancerCommand("set server shop/host\(index) state ready") }
    }
  }

  /// One command on HAProxy's admin socket; unless `expectingAnswer`, its answer must be empty
  /// (HAProxy's "done"). Returns the answer.
  @discardableResult
  private func balancerCommand(_ command: String, expectingAnswer: Bool = false) throws -> String {
    let path = workspace.appendingPathComponent("haproxy.sock").path
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
    }
    guard connected else { throw TestFailure("HAProxy's admin socket cannot be reached") }
    let line = Array((command + "\n").utf8)
    guard write(descriptor, line, line.count) == line.count else { throw TestFailure("HAProxy's admin socket took no command") }
    // HAProxy answers and closes: read to the end, within a bound.
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while answer.count < 1 << 20 {
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { break }
      answer += chunk.prefix(count)
    }
    let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard expectingAnswer || text.isEmpty else { throw TestFailure("HAProxy refused '\(command)': \(text)") }
    return text
  }

  func close() async {
    let balancer = self.balancer
    await Blocking.run {
      balancer.terminate()
      balancer.waitUntilExit()
    }
    for host in hosts { _ = await host.stop() }
    await backend.stop()
    let namespaces = self.namespaces
    await Blocking.run { for namespace in namespaces { _ = try? Self.ip(["netns", "del", namespace]) } }
  }

  // MARK: Set-up

  /// Namespace `namespace`, joined to this one by a veth pair: `outside` here, `inside` there.
  private static func link(_ namespace: String, outside: String, inside: String) throws {
    let here = "v\(namespace)o"
    let there = "v\(namespace)i"
    try ip(["netns", "add", namespace])
    try ip(["link", "add", here, "type", "veth", "peer", "name", there])
    try ip(["link", "set", there, "netns", namespace])
    try ip(["addr", "add", "\(outside)/24", "dev", here])
    try ip(["link", "set", here, "up"])
    try ip(["-n", namespace, "addr", "add", "\(inside)/24", "dev", there])
    try ip(["-n", namespace, "link", "set", there, "up"])
    try ip(["-n", namespace, "link", "set", "lo", "up"])
    // Every address of this namespace (each API instance's) is reachable from the host's.
    try ip(["-n", namespace, "route", "add", "default", "via", outside])
  }

  /// An N for 10.N.0.0/16 that no interface of this machine has an address in, and that this
  /// process has not used. A number picked at random alone once met the veth of an earlier
  /// deployment not yet gone: two routes to one subnet, and a host that could not reach its API.
  static func unusedNetwork() throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
    process.arguments = ["-o", "-4", "addr", "show"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return try usedNetworks.withLock { used in
      guard let free = (200..<250).shuffled().first(where: { !used.contains($0) && !text.contains(" 10.\($0).") }) else {
        throw TestFailure("no free 10.N.0.0/16 network for a deployment")
      }
      used.insert(free)
      return free
    }
  }

  private static let usedNetworks = Mutex<Set<Int>>([])

  @discardableResult
  static func ip(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw TestFailure("ip \(arguments.joined(separator: " ")) failed") }
    return 0
  }

  /// The port each host's `serve --metrics` listens on, in its own namespace.
  static let operatorPort = 9465

  /// HAProxy on 127.0.0.1 and a free port, round robin over `backends`, PROXY v2 to each, the
  /// guide's health check — each host's `/readyz` on its operator's port — every second (a host
  /// that fails one is out), and a connection that cannot reach its host sent to the other.
  private static func startBalancer(in workspace: URL, backends: [String]) throws -> (Process, Int) {
    let port = try freePort()
    let servers = backends.enumerated().map { index, address in
      "    server host\(index) \(address) send-proxy-v2 check port \(operatorPort) inter 1s fall 1 rise 1"
    }
    let configuration = """
      global
          maxconn 512
          stats socket \(workspace.appendingPathComponent("haproxy.sock").path) level admin
      defaults
          mode tcp
          timeout connect 2s
          timeout client 2h
          timeout server 2h
          retries 2
          option redispatch
      frontend ssh_in
          bind 127.0.0.1:\(port)
          default_backend shop
      backend shop
          balance roundrobin
          option httpchk GET /readyz
          http-check expect status 200
      \(servers.joined(separator: "\n"))

      """
    let file = workspace.appendingPathComponent("haproxy.cfg")
    try configuration.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/haproxy")
    process.arguments = ["-db", "-f", file.path]
    let log = workspace.appendingPathComponent("haproxy.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    // Ready when it accepts, and both hosts have passed their first checks.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, !accepts(port) { usleep(50_000) }
    usleep(1_500_000)
    return (process, port)
  }

  static func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else { throw TestFailure("no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static func accepts(_ port: Int) -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
  }
}
