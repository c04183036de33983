import Composable
import Foundation
import Testing

/// The guide's SyncUps chapter, tested the way TCA's tutorial tests it.
@MainActor
struct SyncUpsListTests {
  @Test func addSyncUp() async {
    let store = TestStore(initialState: SyncUpsList.State()) {
      SyncUpsList()
    } withDependencies: {
      $0.uuid = .incrementing
    }

    await store.send(.addSyncUpButtonTapped) {
      $0.addSyncUp = SyncUpForm.State(syncUp: SyncUp(id: UUID(0)))
    }
    await store.send(\.addSyncUp.titleChanged, "Point-Free Morning Sync") {
      $0.addSyncUp?.syncUp.title = "Point-Free Morning Sync"
    }
    await store.send(.confirmAddButtonTapped) {
      $0.addSyncUp = nil
      $0.$syncUps.withLock {
        $0 = [SyncUp(id: UUID(0), title: "Point-Free Morning Sync")]
      }
    }
  }

  @Test func theListIsKeptInItsFile() async throws {
    let files = InMemoryFiles()
    let store = TestStore(initialState: SyncUpsList.State()) {
      SyncUpsList()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.defaultFileStorage = .inMemory(files)
    }
    await store.send(.addSyncUpButtonTapped) {
      $0.addSyncUp = SyncUpForm.State(syncUp: SyncUp(id: UUID(0)))
    }
    await store.send(.confirmAddButtonTapped) {
      $0.addSyncUp = nil
      $0.$syncUps.withLock { $0 = [SyncUp(id: UUID(0))] }
    }
    let saved = try JSONDecoder().decode(
      IdentifiedArrayOf<SyncUp>.self, from: #require(files.contents(of: .syncUps))
    )
    #expect(saved.ids == [UUID(0)])
  }
}

@MainActor
struct SyncUpDetailTests {
  @Test func edit() async {
    let syncUp = SyncUp(id: UUID(), title: "Point-Free Morning Sync")
    let store = TestStore(initialState: SyncUpDetail.State(syncUp: Shared(value: syncUp))) {
      SyncUpDetail()
    }

    await store.send(.editButtonTapped) {
      $0.destination = .edit(SyncUpForm.State(syncUp: syncUp))
    }
    await store.send(\.destination.edit.titleChanged, "Blob's Meeting") {
      $0.destination?.modify(\.edit) { $0.syncUp.title = "Blob's Meeting" }
    }
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
      $0.$syncUp.withLock { $0.title = "Blob's Meeting" }
    }
  }

  @Test func cancelingAnEditChangesNothingShared() async {
    let syncUp = SyncUp(id: UUID(), title: "Standup")
    let store = TestStore(initialState: SyncUpDetail.State(syncUp: Shared(value: syncUp))) {
      SyncUpDetail()
    }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(SyncUpForm.State(syncUp: syncUp))
    }
    await store.send(\.destination.edit.titleChanged, "Retro") {
      $0.destination?.modify(\.edit) { $0.syncUp.title = "Retro" }
    }
    await store.send(.cancelEditButtonTapped) {
      $0.destination = nil
    }
    #expect(store.state.syncUp.title == "Standup")
  }
}

@MainActor
struct SyncUpsAppTests {
  @Test func drillIntoASyncUpAndEditIt() async throws {
    let syncUp = SyncUp(id: UUID(), title: "Design")
    @Shared(.syncUps) var syncUps = [syncUp]
    let store = TestStore(initialState: SyncUpsApp.State()) {
      SyncUpsApp()
    }
    let sharedSyncUp = try #require(Shared($syncUps[id: syncUp.id]))

    await store.send(\.syncUpsList.syncUpTapped, syncUp.id) {
      $0.path[id: 0] = .detail(SyncUpDetail.State(syncUp: sharedSyncUp))
    }
    await store.send(\.path[id: 0].detail.editButtonTapped) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = .edit(SyncUpForm.State(syncUp: syncUp)) }
    }
    await store.send(\.path[id: 0].detail.destination.edit.titleChanged, "Design review") {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination?.modify(\.edit) { $0.syncUp.title = "Design review" }
      }
    }
    await store.send(\.path[id: 0].detail.doneEditingButtonTapped) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.destination = nil
        $0.$syncUp.withLock { $0.title = "Design review" }
      }
    }
    // The list holds the same sync-up: the edit is there already.
    #expect(store.state.syncUpsList.syncUps[id: syncUp.id]?.title == "Design review")
  }

  @Test func delete() async throws {
    let syncUp = SyncUp(id: UUID(), title: "Design")
    @Shared(.syncUps) var syncUps = [syncUp]
    let store = TestStore(initialState: SyncUpsApp.State()) {
      SyncUpsApp()
    }
    let sharedSyncUp = try #require(Shared($syncUps[id: syncUp.id]))

    await store.send(\.path.push, (id: 0, .detail(SyncUpDetail.State(syncUp: sharedSyncUp)))) {
      $0.path[id: 0] = .detail(SyncUpDetail.State(syncUp: sharedSyncUp))
    }
    await store.send(\.path[id: 0].detail.deleteButtonTapped) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = .alert(.deleteSyncUp) }
    }
    await store.send(\.path[id: 0].detail.destination.alert.confirmDeletion) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = nil }
      $0.syncUpsList.$syncUps.withLock { $0 = [] }
    }
    await store.receive(\.path.popFrom) {
      $0.path = StackState()
    }
  }
}
