import Testing

@testable import SSHFrontDoor

/// The sessions' table: places up to the limit, and none once the server restarts.
@Suite struct SessionRegistryTests {
  @Test func placesEndAtTheLimitAndComeBack() {
    let sessions = SessionRegistry(limit: 2)
    #expect(sessions.admit() == .admitted)
    #expect(sessions.admit() == .admitted)
    #expect(sessions.admit() == .full)
    sessions.release()
    #expect(sessions.admit() == .admitted)
  }

  @Test func aRestartingServerAdmitsNoOneAndTellsStoresStartedMeanwhile() {
    let sessions = SessionRegistry(limit: 10)
    #expect(sessions.admit() == .admitted)
    #expect(sessions.started(100) == false, "started before the restart")
    #expect(sessions.admit() == .admitted)
    sessions.restart()
    #expect(sessions.admit() == .restarting, "nobody new once draining, places or not")
    #expect(sessions.started(101) == true, "admitted before, started after: it must hear of the restart")
    #expect(sessions.processes == [100, 101])
  }
}
