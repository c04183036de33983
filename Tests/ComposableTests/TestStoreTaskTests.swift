@_spi(Canary) import Composable
import ConcurrencyExtras
import Testing

/// `TestStoreTask(rawValue:timeout:)`, the Canary SPI: a test store's task around any task.
struct TestStoreTaskTests {
  @Test func aTaskAroundAFinishedTaskFinishesWithoutComplaint() async {
    let task = TestStoreTask(rawValue: Task {}, timeout: .seconds(1))
    await task.finish()
    #expect(!task.isCancelled)
  }

  @Test func aTaskAroundNoTaskHasNothingToWaitFor() async {
    let task = TestStoreTask(rawValue: nil, timeout: .seconds(1))
    await task.finish()
    #expect(task.isCancelled, "nothing runs, as for a send that started no effect")
  }

  @Test(.timeLimit(.minutes(1))) func aTaskThatOutlivesItsTimeoutIsReported() async {
    let ended = LockIsolated(false)
    let endless = Task<Void, Never> {
      try? await Task.sleep(for: .seconds(3_600))
      ended.setValue(true)
    }
    let task = TestStoreTask(rawValue: endless, timeout: .milliseconds(100))
    await withKnownIssue {
      await task.finish()
    } matching: { issue in
      issue.description.contains("still running")
    }
    #expect(!ended.value, "reported at its timeout, while the task still runs")
    await task.cancel()
    #expect(task.isCancelled)
  }
}
