import Foundation

/// The median of several timed runs, and what it means per action.
struct Timing {
  let actionsPerRun: Int
  let seconds: [Double]

  var median: Double { seconds.sorted()[seconds.count / 2] }
  var nanosecondsPerAction: Double { median / Double(actionsPerRun) * 1e9 }
  var actionsPerSecond: Double { Double(actionsPerRun) / median }
}

/// Runs `body` `runs` times after one warm-up run, timing each with the monotonic clock.
func measure(runs: Int, actionsPerRun: Int, _ body: () -> Void) -> Timing {
  body()
  var seconds: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  return Timing(actionsPerRun: actionsPerRun, seconds: seconds)
}

/// The process's peak resident memory so far, from /proc/self/status (VmHWM), in MiB.
func peakResidentMiB() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Double(line.split(separator: " ")[1])
  else { return .nan }
  return kilobytes / 1024
}
