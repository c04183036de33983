#if canImport(Glibc)
  import Glibc

  /// Gives large blocks back to the system as soon as they are freed.
  ///
  /// A picture passes through the server as a few blocks of megabytes (read from the database,
  /// kept in the picture cache, copied into the response). glibc serves such blocks from `mmap`
  /// until one is freed, then raises its threshold to that size and serves the next ones from
  /// its heaps, whose freed space a busy multi-threaded server rarely returns: an instance that
  /// served 18 uploaded pictures of 4 MB grew by 35–58 MiB (once 65), of which its 32 MiB
  /// picture cache explains about 23. A fixed threshold keeps every block of 256 KiB or more in
  /// `mmap`; the same instance then grows by 23 MiB, run after run (PictureUploadsEndToEndTests).
  enum LargeAllocations {
    static let threshold: Int32 = 256 * 1_024
    /// `M_MMAP_THRESHOLD` of `<malloc.h>`, which the Glibc module does not bring in.
    static let mmapThreshold: Int32 = -3

    static func returnToTheSystemWhenFreed() {
      typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: MallocOption.self)(mmapThreshold, threshold)
    }
  }
#else
  enum LargeAllocations {
    static func returnToTheSystemWhenFreed() {}
  }
#endif
