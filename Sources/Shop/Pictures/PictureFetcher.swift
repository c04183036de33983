import Foundation
import StoreModels

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The limits every fetched picture is held to, wherever it comes from.
public enum PictureLimits {
  /// 4 MiB: a product photo is rarely a tenth of it.
  public static let maximumBytes = 4 * 1_048_576
  /// How long one picture may take, from the request to its last byte.
  public static let timeout = Duration.seconds(5)
  /// How long a picture is used without asking the server again when it does not say.
  public static let defaultFreshness = 3_600.0
}

/// Why a picture could not be had, in words for the log.
public struct PictureFetchFailure: Error, Equatable, Sendable {
  public var reason: String

  public init(_ reason: String) {
    self.reason = reason
  }
}

/// A picture's bytes, wherever it is: the demo catalog's own, or fetched over HTTP within
/// ``PictureLimits`` and kept in a ``PictureDiskCache``.
public struct PictureFetcher: Sendable {
  public var fetch: @Sendable (PictureAddress) async throws(PictureFetchFailure) -> Data

  public init(fetch: @escaping @Sendable (PictureAddress) async throws(PictureFetchFailure) -> Data) {
    self.fetch = fetch
  }

  /// Fetches with the limits and the cache; `log` hears what a person looking into a missing or
  /// changed picture would want to know.
  public static func live(
    cache: PictureDiskCache?,
    timeout: Duration = PictureLimits.timeout,
    maximumBytes: Int = PictureLimits.maximumBytes,
    hosts: PictureHostPolicy = .any,
    now: @escaping @Sendable () -> Date = Date.init,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) -> PictureFetcher {
    // No request id: a picture host may be anyone's, and the id is for the store's own server.
    let transport = HTTPTransport(timeout: timeout, maxResponseBytes: maximumBytes, hosts: hosts, requestIDs: nil)
    return PictureFetcher { address throws(PictureFetchFailure) in
      switch address {
      case let .demo(name):
        guard let bytes = DemoCatalogFiles.picture(named: name) else { throw PictureFetchFailure("the demo catalog has no picture \(name)") }
        return bytes
      case let .web(url):
        return try await fetchFromWeb(url, transport: transport, cache: cache, now: now, log: log)
      }
    }
  }

  /// The cached copy while it is fresh; otherwise the server is asked — with the copy's `ETag`,
  /// so that an unchanged picture costs a 304 — and a changed picture replaces the copy. When
  /// the server cannot be reached, a stale copy is better than none.
  private static func fetchFromWeb(
    _ url: URL, transport: HTTPTransport, cache: PictureDiskCache?, now: @Sendable () -> Date, log: @Sendable (String) -> Void
  ) async throws(PictureFetchFailure) -> Data {
    let key = url.absoluteString
    let cached = cache?.entry(for: key)
    if let cached, cached.entry.isFresh(at: now()) { return cached.bytes }
    var request = URLRequest(url: url)
    request.setValue("image/png, image/jpeg, image/webp", forHTTPHeaderField: "Accept")
    request.setValue("onlinestore-terminal", forHTTPHeaderField: "User-Agent")
    if let tag = cached?.entry.entityTag { request.setValue(tag, forHTTPHeaderField: "If-None-Match") }
    let answer: HTTPAnswer
    do {
      answer = try await transport.answer(for: request)
    } catch {
      if let cached {
        log("picture \(PictureLog.quoted(key)): \(error.pictureReason); showing the copy fetched earlier")
        return cached.bytes
      }
      throw PictureFetchFailure(error.pictureReason)
    }
    let freshFor = CacheControl(answer.cacheControl).freshFor ?? PictureLimits.defaultFreshness
    if answer.isNotModified {
      guard var entry = cached?.entry else { throw PictureFetchFailure("the server answered 304 to a request that was not conditional") }
      entry.storedAt = now().timeIntervalSince1970
      entry.freshFor = freshFor
      try? cache?.refresh(entry)
      return cached!.bytes
    }
    guard !answer.body.isEmpty else { throw PictureFetchFailure("the server sent an empty picture") }
    if let cached, cached.entry.entityTag != answer.entityTag {
      log("picture \(PictureLog.quoted(key)) changed on the server (ETag \(PictureLog.quoted(cached.entry.entityTag ?? "none")) → \(PictureLog.quoted(answer.entityTag ?? "none")))")
    }
    if CacheControl(answer.cacheControl).mayStore, let cache {
      let entry = PictureDiskCache.Entry(url: key, entityTag: answer.entityTag, storedAt: now().timeIntervalSince1970, freshFor: freshFor)
      do {
        try cache.store(answer.body, as: entry)
      } catch {
        log("picture \(PictureLog.quoted(key)) not kept on disk: \(error.localizedDescription)")
      }
    }
    return answer.body
  }
}

extension APIError {
  /// What went wrong, said of a picture's server rather than of the store.
  var pictureReason: String {
    switch self {
    case let .timedOut(seconds): "no answer within \(seconds) s"
    case let .unreachable(reason): "its server could not be reached: \(reason)"
    case .connectionLost: "the connection was lost"
    case let .httpStatus(code): "the server answered \(code)"
    case let .tooLarge(limit): "larger than \(limit / 1_048_576) MiB"
    default: message
    }
  }
}

/// The two parts of `Cache-Control` a picture cache heeds.
struct CacheControl {
  /// `max-age`, or 0 for `no-cache`; `nil` when the server does not say.
  var freshFor: Double?
  /// Not with `no-store`.
  var mayStore = true

  init(_ header: String?) {
    for directive in (header ?? "").lowercased().split(separator: ",") {
      let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
      switch parts.first {
      case "max-age": freshFor = parts.count == 2 ? Double(parts[1]).map { min(max($0, 0), 31_536_000) } : nil
      case "no-cache": freshFor = 0
      case "no-store": mayStore = false
      default: break
      }
    }
  }
}

/// Words for the log about pictures.
public enum PictureLog {
  /// `text` in quotes, control characters shown as `\u{…}` and cut at 200 characters: a URL
  /// from a server is not trusted to be harmless in a log.
  public static func quoted(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars.prefix(200) {
      shown += scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }
    return "\"" + shown + (text.unicodeScalars.count > 200 ? "…" : "") + "\""
  }
}
