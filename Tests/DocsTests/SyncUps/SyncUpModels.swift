import Composable
import Foundation

// The guide's stacks-and-shared-state chapter (Docs/LearnTCA.md, "Stacks and shared state"):
// the data of a small meetings app in the shape of TCA's SyncUps tutorial, written for this
// repository.

/// A recurring meeting: who comes, how long it lasts, and the meetings held so far.
struct SyncUp: Equatable, Identifiable, Codable, Sendable {
  let id: UUID
  var attendees: IdentifiedArrayOf<Attendee> = []
  var duration: Duration = .seconds(5 * 60)
  var meetings: IdentifiedArrayOf<Meeting> = []
  var title = ""
}

struct Attendee: Equatable, Identifiable, Codable, Sendable {
  let id: UUID
  var name = ""
}

struct Meeting: Equatable, Identifiable, Codable, Sendable {
  let id: UUID
  let date: Date
  var transcript: String
}

extension URL {
  /// Where the app keeps its sync-ups. (`URL.documentsDirectory`, which the tutorial uses, is
  /// not in Linux's Foundation; this is the same folder.)
  static let syncUps = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    .appending(component: "sync-ups.json")
}

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
  static var syncUps: Self {
    Self[.fileStorage(.syncUps), default: []]
  }
}
