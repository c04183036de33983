import Foundation
import Synchronization

/// The stored pictures an instance served lately, kept by their tag so that a picture asked for
/// again is not read from the database again — at most ``capacity`` bytes of them, the least
/// recently served going first. A picture changed by the back office has a new tag (its name
/// does not change meaning: a new picture gets a new name), so nothing kept is ever stale.
final class PictureCache: Sendable {
  private struct Entry {
    var picture: CatalogPictures.Picture
    var lastUse: UInt64
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var bytes = 0
    var clock: UInt64 = 0
  }

  let capacity: Int
  private let state = Mutex(State())

  init(capacity: Int = 32 * 1_048_576) {
    self.capacity = capacity
  }

  /// The bytes kept now.
  var bytes: Int { state.withLock { $0.bytes } }

  /// The picture kept under `tag`, marked as just used.
  func picture(tagged tag: String) -> CatalogPictures.Picture? {
    state.withLock { state in
      guard var entry = state.entries[tag] else { return nil }
      state.clock += 1
      entry.lastUse = state.clock
      state.entries[tag] = entry
      return entry.picture
    }
  }

  /// Keeps `picture`, making room by forgetting the least recently used; a picture larger than
  /// the whole cache is not kept.
  func keep(_ picture: CatalogPictures.Picture) {
    let size = picture.bytes.count
    guard size <= capacity else { return }
    state.withLock { state in
      guard state.entries[picture.entityTag] == nil else { return }
      while state.bytes + size > capacity, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
        state.bytes -= oldest.value.picture.bytes.count
        state.entries[oldest.key] = nil
      }
      state.clock += 1
      state.entries[picture.entityTag] = Entry(picture: picture, lastUse: state.clock)
      state.bytes += size
    }
  }
}
