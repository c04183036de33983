import ConcurrencyExtras
import Dependencies
import Foundation

/// A value kept in a JSON file: `@Shared(.fileStorage(url)) var preferences = Preferences()`.
///
/// - Loaded once, when the first feature declares it; a missing file is the default value.
/// - Saved after each change, atomically (a reader never sees half a file), as sorted, indented
///   JSON a person can read and edit.
/// - Another program's change to the file is seen: the folder is watched, and a changed file is
///   read again (our own writes are recognised and ignored).
/// - A file that cannot be read — not JSON, not this type, larger than
///   ``FileStorage/maximumFileSize`` — is not a crash: the default is used, the error is the
///   value's `loadError`, and the file is kept as `….unreadable` before anything is saved over it.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  public let url: URL
  private let storage: FileStorage
  /// The bytes last read or written, to tell our own writes from another program's, and
  /// whether the file could not be read (so it is kept before it is replaced).
  private let file = LockIsolated(FileMemory())

  private struct FileMemory {
    var lastBytes: Data?
    var isUnreadable = false
  }

  init(url: URL, storage: FileStorage) {
    self.url = url.standardizedFileURL
    self.storage = storage
  }

  public var id: URL { url }

  public func load() throws -> Value? {
    do {
      guard let data = try storage.read(url) else { return nil }
      file.withValue { $0.lastBytes = data }
      return try decode(data)
    } catch {
      file.withValue { $0.isUnreadable = true }
      throw error
    }
  }

  public func save(_ value: Value) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(value)
    try file.withValue { memory in
      if memory.lastBytes == data { return }
      if memory.isUnreadable {
        try storage.moveAside(url)
        memory.isUnreadable = false
      }
      try storage.write(data, url)
      memory.lastBytes = data
    }
  }

  public func subscribe(
    _ onChange: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) -> SharedSubscription {
    storage.watch(url) { [storage, url, file] in
      do {
        guard let data = try storage.read(url) else { return }
        let isNew = file.withValue { memory in
          defer { memory.lastBytes = data }
          return memory.lastBytes != data
        }
        guard isNew else { return }
        onChange(.success(try decode(data)))
        file.withValue { $0.isUnreadable = false }
      } catch {
        file.withValue { $0.isUnreadable = true }
        onChange(.failure(error))
      }
    }
  }

  private func decode(_ data: Data) throws -> Value {
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      throw FileStorageError.unreadable(url: url, reason: "\(error)")
    }
  }
}

extension SharedKey {
  /// A value kept as JSON in the file at `url` (in tests, in memory: see
  /// `DependencyValues.defaultFileStorage`).
  public static func fileStorage<Value>(_ url: URL) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, storage: DependencyValues._current.defaultFileStorage)
  }
}
