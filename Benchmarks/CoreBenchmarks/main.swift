import Foundation

// core-benchmarks — actions per second and peak memory of the Composable core.
//
//   swift run -c release core-benchmarks            all scenarios, each in its own process
//   swift run -c release core-benchmarks hierarchy 10000 [actions]
//   swift run -c release core-benchmarks shared-file-write [actions]
//
// Each scenario sends its actions through a real Store several times after a warm-up and
// reports the median. Times come from the monotonic clock, memory from /proc (VmHWM).

let runs = 5
let arguments = Array(CommandLine.arguments.dropFirst())

if let scenario = Scenario(arguments: Array(arguments.prefix(2))) {
  // The count of actions follows the scenario's own arguments (a hierarchy's rows).
  let given = arguments.dropFirst(scenario.arguments.count).first.flatMap { Int($0) }
  let actions = given ?? defaultActions(for: scenario)
  let timing = MainActor.assumeIsolated { scenario.run(actions: actions, runs: runs) }
  print(
    String(
      format: "%-48@ %12.0f actions/s %8.1f ns/action   peak %7.1f MiB",
      scenario.title as NSString, timing.actionsPerSecond, timing.nanosecondsPerAction,
      peakResidentMiB()
    )
  )
} else if arguments.isEmpty {
  // Written unbuffered, so that it comes before the children's lines.
  FileHandle.standardOutput.write(
    Data("Composable core, release build, median of \(runs) runs after a warm-up\n\n".utf8)
  )
  for scenario in Scenario.all {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = scenario.arguments
    try child.run()
    child.waitUntilExit()
  }
} else {
  FileHandle.standardError.write(
    Data("usage: core-benchmarks [plain-counter | bounded-counter | seed-counter | mirrored-counter | hierarchy ROWS | stack-push-pop | shared-write | shared-file-write] [ACTIONS]\n".utf8)
  )
  exit(2)
}

func defaultActions(for scenario: Scenario) -> Int {
  switch scenario {
  case .plainCounter, .boundedCounter, .seedCounter, .mirroredCounter: 2_000_000
  case .hierarchy: 500_000
  case .stackPushPop, .sharedWrite: 1_000_000
  case .sharedFileWrite: 2_000
  }
}
