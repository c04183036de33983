import Synchronization

/// Which of a store's running effects are cancellable under which ``EffectID``s, behind a lock:
/// the store registers and unregisters on the main actor, and `Task.cancel(id:)` cancels from
/// whatever thread an effect runs on, at once, as in the Composable Architecture.
final class EffectCancellation: Sendable {
  private struct Registry {
    var idsByToken: [Int: [EffectID]] = [:]
    var tokensByID: [EffectID: Set<Int>] = [:]
  }

  private let registry = Mutex(Registry())
  private let tasks: RunningTasks

  init(tasks: RunningTasks) {
    self.tasks = tasks
  }

  func register(_ token: Int, under ids: [EffectID]) {
    guard !ids.isEmpty else { return }
    registry.withLock { registry in
      registry.idsByToken[token] = ids
      for id in ids { registry.tokensByID[id, default: []].insert(token) }
    }
  }

  func unregister(_ token: Int) {
    registry.withLock { registry in
      for id in registry.idsByToken.removeValue(forKey: token) ?? [] {
        registry.tokensByID[id]?.remove(token)
        if registry.tokensByID[id]?.isEmpty == true { registry.tokensByID[id] = nil }
      }
    }
  }

  /// Cancels every running effect registered under `id`.
  func cancel(id: EffectID) {
    let tokens = registry.withLock { $0.tokensByID.removeValue(forKey: id) } ?? []
    for token in tokens { tasks.cancel(token) }
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
  /// reducer. Called from outside any effect, there is no store to look in and nothing is
  /// cancelled (the Composable Architecture keeps one table for all stores; this core keeps one
  /// per store, see ``EffectID``).
  public static func cancel(id: some Hashable & Sendable) {
    guard let cancellation = EffectContext.cancellation else { return }
    cancellation.cancel(id: EffectContext.scopedID(EffectID(id)))
  }
}
