import Synchronization

/// Which of a store's running effects are cancellable under which ``EffectID``s, behind a lock:
/// the store registers and unregisters on the main actor, and `Task.cancel(id:)` cancels from
/// whatever thread an effect runs on, at once, as in the Composable Architecture.
///
/// A child's ids are scoped to it (see ``ScopedEffectID``), and cancelling follows the tree
/// downwards only: `.cancel(id: x)` from a reducer cancels the `x` effects of that reducer and of
/// every child below it, never a parent's or a sibling's — as the Composable Architecture's
/// navigation ids do.
final class EffectCancellation: Sendable {
  /// One running effect under one id: the scopes that id sits in, outermost first.
  private struct Entry {
    let token: Int
    let path: [EffectID]
  }

  private struct Registry {
    var idsByToken: [Int: [EffectID]] = [:]
    /// By the id as its child wrote it, unscoped.
    var entriesByBase: [EffectID: [Entry]] = [:]
  }

  private let registry = Mutex(Registry())
  private let tasks: RunningTasks

  init(tasks: RunningTasks) {
    self.tasks = tasks
    Self.everyStore.withLock { $0[ObjectIdentifier(self)] = WeakCancellation(table: self) }
  }

  deinit {
    _ = Self.everyStore.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
  }

  /// The table of every store alive, for `Task.cancel(id:)` called outside any effect.
  private static let everyStore = Mutex<[ObjectIdentifier: WeakCancellation]>([:])

  /// The tables of the stores alive now.
  static var ofEveryStore: [EffectCancellation] {
    everyStore.withLock { $0.values.compactMap(\.table) }
  }

  func register(_ token: Int, under ids: [EffectID]) {
    guard !ids.isEmpty else { return }
    registry.withLock { registry in
      registry.idsByToken[token] = ids
      for id in ids {
        let (path, base) = id.scopePath
        registry.entriesByBase[base, default: []].append(Entry(token: token, path: path))
      }
    }
  }

  func unregister(_ token: Int) {
    registry.withLock { registry in
      for id in registry.idsByToken.removeValue(forKey: token) ?? [] {
        let base = id.scopePath.base
        registry.entriesByBase[base]?.removeAll { $0.token == token }
        if registry.entriesByBase[base]?.isEmpty == true { registry.entriesByBase[base] = nil }
      }
    }
  }

  /// Cancels every running effect registered under `id`, or under the same id in a child below
  /// the scope `id` is named in.
  func cancel(id: EffectID) {
    let (path, base) = id.scopePath
    let tokens = registry.withLock { registry -> [Int] in
      guard let entries = registry.entriesByBase[base] else { return [] }
      let (hit, kept) = entries.reduce(into: ([Int](), [Entry]())) { split, entry in
        if entry.path.starts(with: path) { split.0.append(entry.token) } else { split.1.append(entry) }
      }
      registry.entriesByBase[base] = kept.isEmpty ? nil : kept
      return hit
    }
    for token in tokens { tasks.cancel(token) }
  }
}

/// A store's table, not kept alive by being listed.
private struct WeakCancellation {
  weak var table: EffectCancellation?
}

extension EffectID {
  /// The scopes this id is private to, outermost first, and the id as its reducer wrote it.
  var scopePath: (path: [EffectID], base: EffectID) {
    var path: [EffectID] = []
    var current = self
    while let scoped = current.base.base as? ScopedEffectID {
      path.append(scoped.scope)
      current = scoped.id
    }
    return (path, current)
  }
}

/// What an effect's task knows of where it runs: its store's cancellation, and the children it
/// is scoped into (a `forEach` row, a presentation), innermost last — so that an id it names
/// means what the same id means in `.cancel(id:)` returned by its reducer.
enum EffectContext {
  @TaskLocal static var cancellation: EffectCancellation?
  @TaskLocal static var scopes: [EffectID] = []

  /// `id` as the reducer's `.cancel(id:)` would name it from here.
  static func scopedID(_ id: EffectID) -> EffectID {
    scopes.reversed().reduce(id) { id, scope in id.scoped(in: scope) }
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects running under `id` in the store whose effect calls this, at once —
  /// the same as returning `.cancel(id:)` from its reducer, without waiting for an action.
  ///
  /// Inside a child of `forEach` or a presentation, `id` is the child's own, as in the
  /// reducer. Called from outside any effect (a test, a callback of some other library), it
  /// cancels the effects running under `id` in every store alive, and in their children — as
  /// the Composable Architecture's one table for all stores does.
  public static func cancel(id: some Hashable & Sendable) {
    guard let cancellation = EffectContext.cancellation else {
      for table in EffectCancellation.ofEveryStore { table.cancel(id: EffectID(id)) }
      return
    }
    cancellation.cancel(id: EffectContext.scopedID(EffectID(id)))
  }
}
