import Foundation
import Hummingbird
import HummingbirdTesting
import NIOHTTP1
@testable import OnlineStoreAPI
import Testing

/// A body that breaks HTTP is the client's fault, said in JSON: a 400, not a 500. (Over real
/// sockets — a real bad chunk, and a `Content-Length` over the limit refused before the body is
/// sent, which a router test cannot write since it sets the length itself — in the integration
/// tier's BrokenRequestTests.)
struct BrokenBodyTests {
  @Test(arguments: [HTTPParserError.invalidChunkSize, .invalidEOFState])
  func aBodyThatBreaksHTTPIsABadRequest(error: HTTPParserError) async throws {
    let router = Router()
    router.add(middleware: JSONErrorMiddleware())
    router.post("broken") { _, _ -> Response in throw error }
    let app = Application(router: router)
    try await app.test(.router) { client in
      let response = try await client.executeRequest(uri: "/broken", method: .post, headers: [:], body: nil)
      #expect(response.status == .badRequest)
      #expect(response.headers[.connection] == "close")
      let message = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String]
      #expect(message?["error"] == "the request body is not valid HTTP: \(error)")
    }
  }
}
