import Foundation

/// Milliseconds since some fixed moment, from the monotonic clock.
func now() -> Double {
  Double(DispatchTime.now().uptimeNanoseconds) / 1e6
}

/// The median and the 95th percentile of `samples`.
func summary(_ samples: [Double]) -> (median: Double, p95: Double) {
  let sorted = samples.sorted()
  guard !sorted.isEmpty else { return (0, 0) }
  return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * 0.95 + 0.5))])
}

/// The process's resident memory in bytes (`/proc/self/statm`'s second field, in pages).
func heapInUse() -> Int {
  let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
  return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

func row(_ name: String, _ values: String...) {
  let columns = values.enumerated().map { $0.offset == values.count - 1 ? $0.element : $0.element.padding(toLength: 14, withPad: " ", startingAt: 0) }
  print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + columns.joined())
}

func ms(_ value: Double) -> String { String(format: "%.3f ms", value) }
