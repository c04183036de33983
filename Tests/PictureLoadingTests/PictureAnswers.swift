import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// What the picture tests' servers answer, and the log the loader writes to.
enum PictureAnswers {
  /// A picture from the decoding tests' fixtures (drawn by their `make-fixtures.py`).
  static func fixture(_ name: String) -> Data {
    let directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("TerminalPicturesTests/Fixtures")
    return (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()
  }

  static func image(_ data: Data, type: String, headers: [HTTPHeader: String] = [:]) -> HTTPResponse {
    var all = HTTPHeaders(headers)
    all[.contentType] = type
    return HTTPResponse(statusCode: .ok, headers: all, body: data)
  }

  /// Zero bytes with no length announced, in 64 KiB pieces (16 bytes when trickled), each
  /// after `pause`.
  struct Bytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let total: Int
    var pause: Duration = .zero

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
      var remaining: Int
      let pause: Duration

      mutating func next() async -> UInt8? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        return 0
      }

      mutating func nextBuffer(suggested count: Int) async -> [UInt8]? {
        guard remaining > 0 else { return nil }
        if pause > .zero { try? await Task.sleep(for: pause) }
        let size = Swift.min(remaining, pause > .zero ? 16 : 65_536)
        remaining -= size
        return [UInt8](repeating: 0, count: size)
      }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: total, pause: pause) }
  }

  /// Lines written to the log, kept for the test to read.
  final class Log: Sendable {
    private let written = Mutex<[String]>([])

    var lines: [String] { written.withLock { $0 } }

    var write: @Sendable (String) -> Void {
      { [self] line in self.written.withLock { $0.append(line) } }
    }
  }
}
