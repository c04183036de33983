import Foundation

/// Decoding as the store does it: each picture on a thread of its own (never a thread of the
/// cooperative pool, which a slow decode would take from everything else), within the decoder's
/// ``PictureDecoder/Limits``, ended when the task that asked is cancelled (the picture is no
/// longer wanted), and one large picture at a time.
public enum PictureDecoding {
  /// Pictures declaring more pixels than this decode one at a time: two 16 MP decodes at once
  /// would hold twice the memory for no gain on two cores.
  public static let largePixels = 4_000_000

  public static func decode(_ data: Data, limits: PictureDecoder.Limits) async throws(PictureDecoder.Failure) -> DecodedPicture {
    let flag = CancelFlag()
    let result: Result<DecodedPicture, PictureDecoder.Failure> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(returning: decodeHere(data, limits: limits, flag: flag))
        }
      }
    } onCancel: {
      flag.set()
    }
    return try result.get()
  }

  private static func decodeHere(_ data: Data, limits: PictureDecoder.Limits, flag: CancelFlag) -> Result<DecodedPicture, PictureDecoder.Failure> {
    let size = PictureDecoder.declaredSize(of: data)
    let isLarge = size.map { $0.width > 0 && $0.height > 0 && $0.width > largePixels / $0.height } ?? false
    if isLarge {
      guard LargeDecodeGate.shared.enter(unless: flag) else { return .failure(.cancelled) }
    }
    defer { if isLarge { LargeDecodeGate.shared.leave() } }
    return Result { () throws(PictureDecoder.Failure) in try PictureDecoder.decode(data, limits: limits, cancelled: flag.pointer) }
  }
}

/// A flag the decoder reads as it works and a cancellation sets from another thread.
final class CancelFlag: @unchecked Sendable {
  let storage: UnsafeMutablePointer<Int32>

  init() {
    storage = .allocate(capacity: 1)
    storage.initialize(to: 0)
  }

  deinit { storage.deallocate() }

  var pointer: UnsafePointer<Int32> { UnsafePointer(storage) }
  var isSet: Bool { storage.pointee != 0 }

  func set() { storage.pointee = 1 }
}

/// One large decode at a time in the process; a waiting one gives up when it is cancelled.
final class LargeDecodeGate: @unchecked Sendable {
  static let shared = LargeDecodeGate()
  private let condition = NSCondition()
  private var busy = false

  /// Waits for the gate; `false` if `flag` was set first.
  func enter(unless flag: CancelFlag) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while busy {
      if flag.isSet { return false }
      _ = condition.wait(until: Date().addingTimeInterval(0.05))
    }
    busy = true
    return true
  }

  func leave() {
    condition.lock()
    busy = false
    condition.signal()
    condition.unlock()
  }
}
