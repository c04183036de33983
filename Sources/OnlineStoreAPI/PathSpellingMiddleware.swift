import Hummingbird

/// Refuses, before any route is looked up, a path that could name one route in two spellings.
///
/// The router reads `/users`, `//users` and `/users/` alike (it drops empty segments); anything
/// else that looks at the path — a log, a fault plan, a proxy in front — may not. One spelling
/// per route leaves nothing to disagree about, so the server answers 400 to:
///
/// - a target that is not a path from the root (`*`, or an absolute-form target's path that is not
///   one);
/// - an empty segment (`//`, a trailing `/`), and the dot segments `.` and `..`;
/// - a backslash, a control character, and the percent-encoded forms of `.`, `/`, `\`, `%` and
///   NUL (`%2e`, `%2f`, `%5c`, `%25`, `%00`, in either case) that would decode to any of these.
struct PathSpellingMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    if let reason = PathSpelling.refusal(of: request.uri.path) {
      return JSONAnswer.error("the path \(reason); write each route one way: /products/1", status: .badRequest)
    }
    return try await next(request, context)
  }
}

/// The rule ``PathSpellingMiddleware`` applies.
enum PathSpelling {
  /// Why `path` is refused, or `nil` when it is the one spelling of a route.
  static func refusal(of path: String) -> String? {
    guard path.hasPrefix("/") else { return "does not start at the root" }
    if path == "/" { return nil }
    let bytes = Array(path.utf8)
    if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
      return "holds a control character or a backslash"
    }
    for segment in path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
      if segment.isEmpty { return "has an empty segment" }
      if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) { return "has a dot segment" }
    }
    let lowered = path.lowercased()
    if ["%2e", "%2f", "%5c", "%25", "%00"].contains(where: { lowered.contains($0) }) {
      return "encodes a dot, a slash, a backslash, a percent sign or NUL"
    }
    return nil
  }
}
