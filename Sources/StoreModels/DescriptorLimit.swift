import Foundation

/// The number of files a process may have open, which both of the store's servers raise at
/// start and size their connection limits by: a server that runs out of descriptors can accept
/// no one, not even to refuse them.
public enum DescriptorLimit {
  /// Raises the soft limit to the hard limit and returns what the soft limit is now.
  public static func raise() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)
  }
}
