import Foundation
import Shop

// cart-storage-benchmarks — how long a cart save takes now that it locks, reads and merges,
// next to its anchor, and how soon a running copy hears of another copy's save.
//
//   swift run -c release cart-storage-benchmarks [DIRECTORY] [--servers URL1 URL2]
//
// Saves go to a fresh directory under DIRECTORY (default: the system's temporary directory),
// so the numbers are those of that file system. Every figure is over 1,000 saves (200 for the
// watch) after a warm-up of 50.
//
// With --servers, two `onlinestore-api` instances on one database (Benchmarks/several-hosts.py
// starts them): a save through the first, another host's save heard through the second's
// updates route, and the cart writes a second the first instance takes from 32 hosts at once.

let arguments = Array(CommandLine.arguments.dropFirst())
let servers = arguments.firstIndex(of: "--servers").map { index in
  arguments[(index + 1)...].prefix(2).compactMap { URL(string: $0) }
} ?? []
let base = arguments.first.flatMap { $0.hasPrefix("--") ? nil : URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
let directory = base.appendingPathComponent("cart-storage-benchmarks-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// Microseconds that `body` takes, once per element of `0..<count`.
func measure(_ count: Int, _ body: (Int) async throws -> Void) async rethrows -> [Double] {
  var samples: [Double] = []
  samples.reserveCapacity(count)
  for index in 0..<count {
    let start = ContinuousClock.now
    try await body(index)
    let elapsed = ContinuousClock.now - start
    samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
  }
  return samples
}

func report(_ title: String, _ samples: [Double]) {
  let sorted = samples.sorted()
  func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
  print(String(format: "%-58@ p50 %8.1f µs   p95 %8.1f µs", title as NSString, percentile(0.5), percentile(0.95)))
}

/// A cart of 20 lines, as JSON, the size a save writes.
let cartLines = Dictionary(uniqueKeysWithValues: (1...20).map { ($0, $0 % 5 + 1) })

/// The anchor: version 1.0's save — the whole cart written to a temporary file, flushed,
/// renamed over the old one, the directory flushed — with no lock and no read of the latest.
func wholeCartReplace(_ url: URL, _ data: Data) {
  let temporary = url.path + ".tmp"
  let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  fsync(descriptor)
  close(descriptor)
  rename(temporary, url.path)
  let folder = open(directory.path, O_RDONLY | O_DIRECTORY)
  fsync(folder)
  close(folder)
}

print("Cart storage, release build, \(directory.path)\n")

let anchorFile = directory.appendingPathComponent("anchor.json")
let anchorData = try JSONEncoder().encode(SavedCart(quantities: cartLines, revision: 1))
_ = await measure(50) { _ in wholeCartReplace(anchorFile, anchorData) }
report("1.0 save: whole cart, durable replace, no lock (anchor)", await measure(1_000) { _ in wholeCartReplace(anchorFile, anchorData) })

let file = directory.appendingPathComponent("cart.json")
let storage = CartStorage.file(at: file)
_ = try await storage.apply(CartChanges(quantities: cartLines))
_ = try await measure(50) { index in _ = try await storage.apply(CartChanges(quantities: [index % 20 + 1: index % 9 + 1])) }
report("save now: lock, read latest, apply one change, replace", try await measure(1_000) { index in
  _ = try await storage.apply(CartChanges(quantities: [index % 20 + 1: index % 9 + 1]))
})

// Two copies saving as fast as they can: each waits its turn at the lock.
let other = CartStorage.file(at: file)
let rival = Task.detached {
  for index in 0..<1_000 { _ = try? await other.apply(CartChanges(quantities: [21 + index % 5: 1])) }
}
report("save now, while another copy saves without pause", try await measure(1_000) { index in
  _ = try await storage.apply(CartChanges(quantities: [index % 20 + 1: index % 9 + 1]))
})
await rival.value

// How soon a copy that watches hears of another copy's save. Measured from the start of that
// save: the kernel tells the watcher at the rename, before the saver has flushed the directory
// and returned, so the time from the save's end would come out negative.
report("another copy's save heard by a watching copy (inotify)", try await watchDelays(file: file, saver: other))

if servers.count == 2 {
  try await serverFigures(first: StoreServer(baseURL: servers[0]), second: StoreServer(baseURL: servers[1]))
}

/// The same saves through the store's server: one host's save, another host hearing it, and
/// how many saves one instance takes a second.
func serverFigures(first: StoreServer, second: StoreServer) async throws {
  let run = UUID().uuidString.prefix(8)
  func customer(_ name: String) async throws -> Int {
    guard let number = try await first.keyCustomer(fingerprint: "SHA256:bench\(run)\(name)", origin: "bench-\(run)") else {
      throw CocoaError(.featureUnsupported)
    }
    return number
  }
  let shopper = try await customer("a")
  let host = CartStorage.server(first, customer: shopper)
  _ = try await host.apply(CartChanges(quantities: cartLines))
  _ = try await measure(50) { index in _ = try await host.apply(CartChanges(quantities: [index % 20 + 1: index % 9 + 1])) }
  report("save through the store's server (one instance)", try await measure(1_000) { index in
    _ = try await host.apply(CartChanges(quantities: [index % 20 + 1: index % 9 + 1]))
  })
  let watcher = CartStorage.server(second, customer: shopper)
  report("another host's save heard through the other instance", try await heardDelays(watcher: watcher, saver: host))

  // 32 hosts saving their own customers' carts as fast as they can, for 10 s.
  var customers: [Int] = []
  for index in 0..<32 { customers.append(try await customer("w\(index)")) }
  let end = ContinuousClock.now + .seconds(10)
  let saves = try await withThrowingTaskGroup(of: Int.self) { group in
    for number in customers {
      group.addTask {
        let storage = CartStorage.server(StoreServer(baseURL: servers[0]), customer: number)
        var count = 0
        while ContinuousClock.now < end {
          _ = try await storage.apply(CartChanges(quantities: [count % 20 + 1: count % 9 + 1]))
          count += 1
        }
        return count
      }
    }
    return try await group.reduce(0, +)
  }
  print(String(format: "%-58@ %8.0f saves/s", "cart saves one instance takes, 32 hosts at once" as NSString, Double(saves) / 10))
}

/// Microseconds from the start of each of 200 saves through `saver` to `watcher` hearing it.
func heardDelays(watcher: CartStorage, saver: CartStorage) async throws -> [Double] {
  let (heard, heardContinuation) = AsyncStream.makeStream(of: (Int, ContinuousClock.Instant).self)
  let listening = Task.detached {
    for await update in watcher.updates() {
      if case let .saved(cart) = update { heardContinuation.yield((cart.revision, .now)) }
    }
  }
  defer { listening.cancel() }
  try await Task.sleep(for: .milliseconds(300))
  var delays: [Double] = []
  var iterator = heard.makeAsyncIterator()
  for index in 0..<250 {
    let savedAt = ContinuousClock.now
    let saved = try await saver.apply(CartChanges(quantities: [20: index % 9 + 1]))
    while let (revision, at) = await iterator.next() {
      guard revision >= saved.revision else { continue }
      let delay = at - savedAt
      if index >= 50 { delays.append(Double(delay.components.attoseconds) / 1e12 + Double(delay.components.seconds) * 1e6) }
      break
    }
  }
  return delays
}

/// Microseconds from the start of each of 200 saves by `saver` to a watcher hearing of it.
func watchDelays(file: URL, saver: CartStorage) async throws -> [Double] {
  let watcher = CartStorage.file(at: file)
  let (heard, heardContinuation) = AsyncStream.makeStream(of: (Int, ContinuousClock.Instant).self)
  let listening = Task.detached {
    for await update in watcher.updates() {
      if case let .saved(cart) = update { heardContinuation.yield((cart.revision, .now)) }
    }
  }
  defer { listening.cancel() }
  try await Task.sleep(for: .milliseconds(100))
  var delays: [Double] = []
  var iterator = heard.makeAsyncIterator()
  for index in 0..<250 {
    let savedAt = ContinuousClock.now
    let saved = try await saver.apply(CartChanges(quantities: [30: index % 9 + 1]))
    while let (revision, at) = await iterator.next() {
      guard revision >= saved.revision else { continue }
      let delay = at - savedAt
      if index >= 50 { delays.append(Double(delay.components.attoseconds) / 1e12 + Double(delay.components.seconds) * 1e6) }
      break
    }
  }
  return delays
}
