import ConcurrencyExtras
import Dependencies
import Foundation

/// How `.fileStorage` keys reach files: the real file system, or files in memory for tests.
public struct FileStorage: Sendable {
  /// The contents of the file, or `nil` when there is none.
  var read: @Sendable (URL) throws -> Data?
  /// Replaces the file's contents at once: a reader sees the old contents or the new, never a
  /// part (written beside it, flushed, then renamed over it; readable by its owner only).
  var write: @Sendable (Data, URL) throws -> Void
  /// Keeps a file that could not be read under another name, so that saving over it loses
  /// nothing a person could still recover.
  var moveAside: @Sendable (URL) throws -> Void
  /// Calls `onChange` whenever the file may have changed, until the subscription goes.
  var watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription

  /// The largest file a key reads: a preferences file is a few hundred bytes; a file larger than
  /// this is not one we wrote, and is an error, not a stall.
  public static let maximumFileSize = 4 << 20

  /// Files on disk, watched with inotify for changes other programs make.
  public static let fileSystem = FileStorage(
    read: { url in
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumFileSize {
        throw FileStorageError.tooLarge(url: url, size: size)
      }
      return try Data(contentsOf: url)
    },
    write: { data, url in try writePrivately(data, to: url) },
    moveAside: { url in
      let aside = url.appendingPathExtension("unreadable")
      try? FileManager.default.removeItem(at: aside)
      try FileManager.default.moveItem(at: url, to: aside)
    },
    watch: { url, onChange in FileWatcher.watch(url, onChange: onChange) }
  )

  /// Files in memory: what tests use, so that they touch no disk and can play another program
  /// writing (``InMemoryFiles/writeFromOutside(_:to:)``).
  public static func inMemory(_ files: InMemoryFiles = InMemoryFiles()) -> FileStorage {
    FileStorage(
      read: { url in
        let data = files.contents(of: url)
        if let data, data.count > maximumFileSize {
          throw FileStorageError.tooLarge(url: url, size: data.count)
        }
        return data
      },
      write: { data, url in files.store(data, at: url) },
      moveAside: { url in files.moveAside(url) },
      watch: { url, onChange in files.watch(url, onChange: onChange) }
    )
  }
}

/// Files kept in memory, for tests.
public final class InMemoryFiles: Sendable {
  private let files = LockIsolated<[URL: Data]>([:])
  private let watchers = LockIsolated<[URL: [Int: @Sendable () -> Void]]>([:])
  private let nextWatcher = LockIsolated(0)

  public init() {}

  /// What the file holds now.
  public func contents(of url: URL) -> Data? {
    files.value[url]
  }

  /// Writes as another program would: whoever watches the file is told.
  public func writeFromOutside(_ data: Data, to url: URL) {
    store(data, at: url)
    for watcher in watchers.value[url, default: [:]].values { watcher() }
  }

  func store(_ data: Data, at url: URL) {
    files.withValue { $0[url] = data }
  }

  func moveAside(_ url: URL) {
    files.withValue { files in
      files[url.appendingPathExtension("unreadable")] = files.removeValue(forKey: url)
    }
  }

  func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let id = nextWatcher.withValue { next in
      defer { next += 1 }
      return next
    }
    watchers.withValue { $0[url, default: [:]][id] = onChange }
    return SharedSubscription { [watchers] in
      watchers.withValue { _ = $0[url]?.removeValue(forKey: id) }
    }
  }
}

/// Why a file-stored shared value could not be read or written.
public enum FileStorageError: Error, Equatable, CustomStringConvertible {
  /// The file is larger than ``FileStorage/maximumFileSize``.
  case tooLarge(url: URL, size: Int)
  /// The file is not what the value's type decodes from; it is kept beside as `….unreadable`
  /// when the value is next saved.
  case unreadable(url: URL, reason: String)

  public var description: String {
    switch self {
    case let .tooLarge(url, size):
      "\(url.path) is \(size) bytes, more than the \(FileStorage.maximumFileSize) a shared value reads."
    case let .unreadable(url, reason):
      "\(url.path) could not be read: \(reason)"
    }
  }
}

private enum FileStorageKeyDependency: DependencyKey {
  static let liveValue = FileStorage.fileSystem
  static var testValue: FileStorage { .inMemory() }
}

extension DependencyValues {
  /// Where `.fileStorage` keys read and write: the file system, or memory in tests.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageKeyDependency.self] }
    set { self[FileStorageKeyDependency.self] = newValue }
  }
}
