import Foundation

/// Reading a file the back office names, with a bound on what is read.
enum BoundedFileRead {
  /// The bytes of the regular file at `url` if it holds at most `limit` of them, read on a
  /// thread of its own; `nil` for anything else (no such file, not a regular file, unreadable,
  /// longer than `limit` — found by reading one byte past it, whatever the file says of its size).
  static func read(_ url: URL, atMost limit: Int) async -> Data? {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: readNow(url, atMost: limit))
      }
    }
  }

  private static func readNow(_ url: URL, atMost limit: Int) -> Data? {
    guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { return nil }
    // Opened without blocking: a FIFO put in the file's place after the check above would
    // otherwise wait here for a writer that never comes.
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    guard let bytes = try? handle.read(upToCount: limit + 1), bytes.count <= limit else { return nil }
    return bytes
  }
}

/// Whether a picture's bytes are the whole of one, beyond the first bytes that name its kind:
/// a PNG's signature and its header chunk, a JPEG's start and end markers, a WebP's RIFF length
/// matching the file. A file that merely starts like a picture (a text file beginning "\u{89}PNG")
/// is not served as one.
enum PictureShape {
  static func isWhole(_ bytes: Data) -> Bool {
    let b = [UInt8](bytes)
    if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return b.count > 16 && Array(b[12..<16]) == Array("IHDR".utf8)
    }
    if b.starts(with: [0xFF, 0xD8, 0xFF]) {
      return b.count > 4 && b.suffix(2).elementsEqual([0xFF, 0xD9])
    }
    if b.count >= 16, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
      let length = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
      return length + 8 == b.count && Array(b[12..<15]) == Array("VP8".utf8)
    }
    return false
  }
}
