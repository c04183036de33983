import Foundation

/// Fetched pictures on disk (`$XDG_CACHE_HOME/onlinestore/pictures`), shared by every copy of the
/// store on the machine — the SSH front door's sessions too — so a picture is fetched once.
///
/// Each picture is two files named by a hash of its URL: the bytes (`.picture`) and what the
/// server said of them (`.json`: the URL, the `ETag`, when it was stored and for how long it is
/// fresh). Each file is written to a temporary file and renamed, so a reader in another process
/// never sees a half-written one; between the two renames it may find new bytes beside the old
/// metadata, which at worst makes it ask the server again. An entry whose URL is not the one
/// asked for (a hash collision) or whose bytes are missing is no entry. The cache holds at most
/// ``capacity`` bytes: storing beyond it removes the entries used longest ago.
public struct PictureDiskCache: Sendable {
  public let directory: URL
  public let capacity: Int
  /// The most one picture may have: larger files in the directory are not read.
  public let maximumPictureBytes: Int

  public static let defaultCapacity = 64 * 1_048_576

  public init(directory: URL, capacity: Int = defaultCapacity, maximumPictureBytes: Int = PictureLimits.maximumBytes) {
    self.directory = directory
    self.capacity = capacity
    self.maximumPictureBytes = maximumPictureBytes
  }

  /// `$XDG_CACHE_HOME/onlinestore/pictures`, or `~/.cache/onlinestore/pictures`; `nil` without
  /// either.
  public static func standardDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return URL(fileURLWithPath: cache).appendingPathComponent("onlinestore/pictures")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/onlinestore/pictures")
  }

  /// A stored picture and what the server said of it.
  public struct Entry: Codable, Equatable, Sendable {
    public var url: String
    public var entityTag: String?
    /// Seconds since 1970.
    public var storedAt: Double
    /// How long after ``storedAt`` the picture may be used without asking the server again.
    public var freshFor: Double

    public init(url: String, entityTag: String?, storedAt: Double, freshFor: Double) {
      self.url = url
      self.entityTag = entityTag
      self.storedAt = storedAt
      self.freshFor = freshFor
    }

    public func isFresh(at now: Date) -> Bool {
      now.timeIntervalSince1970 < storedAt + freshFor
    }
  }

  public func entry(for url: String) -> (entry: Entry, bytes: Data)? {
    let name = Self.fileName(for: url)
    guard let metadata = read(name + ".json", atMost: 16_384),
      let entry = try? JSONDecoder().decode(Entry.self, from: metadata), entry.url == url,
      let bytes = read(name + ".picture", atMost: maximumPictureBytes), !bytes.isEmpty
    else { return nil }
    // Used now: the last to be removed when room is made.
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: directory.appendingPathComponent(name + ".picture").path)
    return (entry, bytes)
  }

  /// Stores `bytes` for `entry.url`, then makes room. Errors (a full disk, a read-only home)
  /// are thrown for the caller to log; the picture is still shown.
  public func store(_ bytes: Data, as entry: Entry) throws {
    guard bytes.count <= maximumPictureBytes, bytes.count <= capacity else { return }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let name = Self.fileName(for: entry.url)
    try write(bytes, to: name + ".picture")
    try write(JSONEncoder().encode(entry), to: name + ".json")
    trim()
  }

  /// Records that the server still has the same picture (a 304): fresh again from `entry.storedAt`.
  public func refresh(_ entry: Entry) throws {
    try write(JSONEncoder().encode(entry), to: Self.fileName(for: entry.url) + ".json")
  }

  /// A temporary file this much older than now was left by a writer that was killed.
  static let abandonedAfter: TimeInterval = 300

  /// Removes the entries used longest ago until the cache holds at most ``capacity`` bytes,
  /// and the temporary files of writers killed mid-write.
  func trim() {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
    guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
    let abandoned = Date(timeIntervalSinceNow: -Self.abandonedAfter)
    for file in files where file.lastPathComponent.hasPrefix(".") {
      if let written = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate, written < abandoned {
        try? FileManager.default.removeItem(at: file)
      }
    }
    var pictures = files.filter { $0.pathExtension == "picture" }.compactMap { file -> (URL, Int, Date)? in
      guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
      return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
    }
    var total = pictures.reduce(0) { $0 + $1.1 }
    pictures.sort { $0.2 < $1.2 }
    for (file, size, _) in pictures where total > capacity {
      try? FileManager.default.removeItem(at: file.deletingPathExtension().appendingPathExtension("json"))
      try? FileManager.default.removeItem(at: file)
      total -= size
    }
  }

  /// FNV-1a, 64 bits, of the URL: a name that is safe in any file system.
  public static func fileName(for url: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  private func read(_ name: String, atMost limit: Int) -> Data? {
    let file = directory.appendingPathComponent(name)
    guard let size = (try? file.resourceValues(forKeys: [.fileSizeKey]))?.fileSize, size <= limit else { return nil }
    return try? Data(contentsOf: file)
  }

  private func write(_ data: Data, to name: String) throws {
    let file = directory.appendingPathComponent(name)
    let temporary = directory.appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
    try data.write(to: temporary)
    guard rename(temporary.path, file.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot store \(name): \(reason)"])
    }
  }
}
