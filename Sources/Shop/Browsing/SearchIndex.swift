import Foundation

/// The products' searchable text, folded once when the products arrive, so that each key typed
/// in the search line costs one pass of `memmem` over bytes and no string work.
///
/// Folding ignores case, accents and character width (`É` finds `e`, `Ｔ` finds `t`) in any
/// script: Hangul, kana and kanji fold to themselves (kana lose their voicing marks, as accents),
/// so a query written the same way as the text finds it.
public struct SearchIndex: Equatable, Sendable {
  /// Every product's folded title, category and description, one after another, each ended by
  /// a 0 byte so a match never runs from one product into the next.
  private var text: [UInt8] = []
  /// Where each product's text starts in ``text``; one more entry than products, for the end.
  private var starts: [Int] = [0]
  /// Where each product's folded title ends (it comes first), for sorting by title.
  private var titleEnds: [Int] = []

  public init() {}

  /// Folds `products`' title, category and description, in their order.
  public init(_ products: some Sequence<Product>) {
    for product in products {
      text += Self.fold(product.title)
      titleEnds.append(text.count)
      text.append(0x0A)
      text += Self.fold(product.category)
      text.append(0x0A)
      text += Self.fold(product.description)
      text.append(0)
      starts.append(text.count)
    }
  }

  /// `text` as the index keeps it: case, accents and width folded, in UTF-8.
  public static func fold(_ text: String) -> [UInt8] {
    Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).utf8)
  }

  /// The folded title of the product at `position`.
  func foldedTitle(at position: Int) -> ArraySlice<UInt8> {
    text[starts[position]..<titleEnds[position]]
  }

  /// The positions among `candidates` whose product's text contains `query` (already folded),
  /// in the order of `candidates`. An empty query matches every product.
  func positions(among candidates: [Int], containing query: [UInt8]) -> [Int] {
    guard !query.isEmpty else { return candidates }
    return text.withUnsafeBufferPointer { text in
      query.withUnsafeBufferPointer { query in
        candidates.filter { position in
          Self.contains(query, in: UnsafeBufferPointer(rebasing: text[starts[position]..<starts[position + 1]]))
        }
      }
    }
  }

  /// Whether `needle` (not empty) occurs in `haystack`: `memchr` finds each place its first
  /// byte occurs, `memcmp` checks the rest there.
  private static func contains(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
    let first = Int32(needle[0])
    let lastStart = base + (haystack.count - needle.count)
    var cursor = base
    while cursor <= lastStart {
      guard let found = memchr(cursor, first, lastStart - cursor + 1) else { return false }
      let candidate = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
      if memcmp(candidate, needle.baseAddress!, needle.count) == 0 { return true }
      cursor = candidate + 1
    }
    return false
  }
}
