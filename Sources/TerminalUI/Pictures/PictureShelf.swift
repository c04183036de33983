import Foundation
import Shop
import TerminalKit
import TerminalPictures

/// One product picture drawn for one place on screen: which picture, at most how many cells,
/// in which mode.
public struct PictureKey: Hashable, Sendable {
  public var address: PictureAddress
  public var area: Size
  public var mode: PictureMode
}

/// The pictures the screens can draw now, as a value: what a frame reads. Those not ready
/// show a placeholder; nothing waits for a picture.
public struct PictureShelf: Sendable {
  /// How pictures are drawn; `nil` when they are off (`--pictures off`): no space is kept.
  public var mode: PictureMode?
  /// The store's address, which relative picture names are taken from (`nil`: embedded).
  public var storeBase: URL?
  var ready: [PictureKey: SymbolPicture] = [:]
  /// Why a picture could not be had, by its address's key.
  var failed: [String: String] = [:]

  public init(mode: PictureMode?, storeBase: URL?) {
    self.mode = mode
    self.storeBase = storeBase
  }

  /// No pictures: what the screens draw without a loader.
  public static let off = PictureShelf(mode: nil, storeBase: nil)

  /// The key of `product`'s picture in an area of `area` cells, when it has a usable address.
  public func key(for product: Product, in area: Size) -> PictureKey? {
    guard let mode, case let .address(address) = PictureAddress.lookUp(product.imageURL, storeBase: storeBase) else { return nil }
    return PictureKey(address: address, area: area, mode: mode)
  }

  /// What to draw for `product` in `area`: its picture, or a placeholder that says why not.
  public func content<Command>(for product: Product, in area: Size) -> PictureView<Command>.Content {
    guard let mode else { return .placeholder("") }
    switch PictureAddress.lookUp(product.imageURL, storeBase: storeBase) {
    case .none, .unusable:
      return .placeholder("no picture")
    case let .address(address):
      if failed[address.key] != nil { return .placeholder("picture unavailable") }
      if let picture = ready[PictureKey(address: address, area: area, mode: mode)] { return .picture(picture) }
      return .placeholder("loading picture…")
    }
  }
}
