import Foundation
import Observability
import Shop
import StoreModels
import TerminalPictures
import TerminalUI

/// What this store measures for its front door's metrics (``StoreEvent``), when `onlinestore
/// serve --metrics` started it with a socket to send to; otherwise nothing is measured.
enum StoreEvents {
  /// The sender the front door gave this process, if it gave one.
  static func senderOfThisProcess() -> StoreEventSender? {
    guard let path = ProcessInfo.processInfo.environment[MetricsSocketVariable.name], !path.isEmpty else { return nil }
    return StoreEventSender(path: path)
  }

  /// Each decode's outcome as an event: its time, or why it was refused. A decode stopped
  /// because the picture was no longer wanted is neither.
  static func pictureDecodes(to sender: StoreEventSender) -> PictureDecodeReport {
    PictureDecodeReport { outcome in
      switch outcome {
      case let .success(duration): sender.send(.pictureDecoded(duration))
      case let .failure(failure): if let reason = refusal(failure) { sender.send(.pictureRefused(reason)) }
      }
    }
  }

  static func refusal(_ failure: PictureDecoder.Failure) -> StoreEvent.PictureRefusal? {
    switch failure {
    case .unknownFormat: .unknownFormat
    case .broken: .broken
    case .tooLarge: .tooLarge
    case .noMemory: .noMemory
    case .tooComplex: .tooComplex
    case .overBudget: .overBudget
    case .cancelled: nil
    }
  }
}

extension CartStorage {
  /// This storage, each save sent as saved or failed, with its time.
  func reportingSaves(to sender: StoreEventSender?) -> CartStorage {
    guard let sender else { return self }
    return timingSaves { duration, failed in sender.send(failed ? .cartSaveFailed(duration) : .cartSaved(duration)) }
  }
}
