import Foundation
import Shop
import StoreCommand
import TerminalKit
import TerminalPictures
import TerminalUI

/// What `--pictures` comes to on a terminal: which symbols, how many colours, what cell shape.
extension StoreOptions {
  /// How pictures are drawn on a terminal that shows `colorCount` colours (0: none) with cells
  /// `cellAspect` as wide as tall; `nil` for `--pictures off`.
  ///
  /// `auto` takes quadrants, which every common monospace font has; `blocks` half blocks only.
  /// The colours are what the terminal can show: direct colour (24-bit), 256, 16 or 8, or none.
  func pictureMode(colorCount: Int, cellAspect: Double = PictureMode.usualCellAspect) -> PictureMode? {
    let symbols: PictureSymbols
    switch pictures {
    case .off: return nil
    case .auto: symbols = .quadrants
    case .blocks: symbols = .halfBlocks
    case .ascii: symbols = .ascii
    }
    let colors: PictureColors =
      switch colorCount {
      case 0x100_0000...: .truecolor
      case 256...: .indexed256
      case 8...: .indexed16
      default: .none
      }
    return PictureMode(symbols: symbols, colors: colors, cellAspect: cellAspect)
  }

  /// The loader for pictures drawn in `mode`: the demo catalog's own pictures, or those the
  /// store's answers point to, fetched within ``PictureLimits`` and kept in the cache directory;
  /// each decode's outcome goes to `decodes`.
  @MainActor
  func pictureLoader(mode: PictureMode?, log: SessionLog?, decodes: PictureDecodeReport = .none) -> PictureLoader? {
    guard let mode else { return nil }
    let cache = PictureDiskCache.standardDirectory().map { PictureDiskCache(directory: $0) }
    let write: @Sendable (String) -> Void = { [log] line in log?.write(line) }
    let hosts: PictureHostPolicy = pictureHosts == .public ? .publicOnly(trusted: apiBaseURL) : .any
    return PictureLoader(mode: mode, storeBase: apiBaseURL, fetcher: .live(cache: cache, hosts: hosts, log: write), log: write, decodes: decodes)
  }
}
