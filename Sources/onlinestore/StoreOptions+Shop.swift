import Foundation
import Shop
import StoreCommand

/// What the store's options mean to the shop: where it gets its data, whose cart it keeps, how
/// it draws. Shared by the interactive store and `onlinestore snapshot`.
extension StoreOptions {
  /// The store to talk to: the server given with `--api`, or the embedded catalog — as a
  /// guest sees it, for a guest of `onlinestore serve`.
  var apiClient: APIClient {
    let client: APIClient =
      if let url = apiBaseURL {
        .live(baseURL: url, timeout: .seconds(timeout), token: apiTokenFile.flatMap { try? Self.readToken($0) })
      } else {
        .embedded(latency: .milliseconds(latency))
      }
    return guest ? .guestSession(of: client) : client
  }

  /// Whose cart at which store: the customer `--user` at the `--api` server or the embedded
  /// catalog (or the SSH key `--customer` names).
  var cartOwner: CartOwner {
    var owner: CartOwner = apiBaseURL.map { .api($0, customer: user) } ?? .embedded(customer: user)
    if let customer { owner.customerName = customer }
    return owner
  }

  /// How a run of the store reaches its store: one value, made once, so that the cart, the
  /// address book and the stock share one `--api` server, asked once what it offers.
  struct ShopServices {
    var apiClient: APIClient
    var cartStorage: CartStorage
    var addressBook: AddressBookStorage
    var stockWatch: StockWatch
  }

  /// What the full-screen store uses: the cart and addresses kept where ``cartStorage(server:)``
  /// and ``addressBookStorage(server:)`` say, the stock followed (or, under `serve`, heard from
  /// the front door, which follows it once for all its sessions).
  func shopServices() -> ShopServices {
    let server = storeServer
    // Under `serve`, the front door follows the stock once for every session (StockRelay).
    let stock: StockWatch = stockRelay.map { .relayed(from: URL(fileURLWithPath: $0)) } ?? server.map { .following($0) } ?? .none
    return ShopServices(
      apiClient: apiClient, cartStorage: cartStorage(server: server), addressBook: addressBookStorage(server: server), stockWatch: stock
    )
  }

  /// What `onlinestore snapshot` uses: nothing saved or read (a cart and addresses in memory),
  /// and one look at the stock, so that the snapshot shows what a shopper would see and ends.
  func snapshotServices() -> ShopServices {
    ShopServices(apiClient: apiClient, cartStorage: .inMemory(), addressBook: .inMemory(), stockWatch: storeServer.map { .once($0) } ?? .none)
  }

  /// The `--api` server's own routes (`/shop/…`), when there is one.
  private var storeServer: StoreServer? {
    apiBaseURL.map { StoreServer(baseURL: $0, token: apiTokenFile.flatMap { try? Self.readToken($0) }, timeout: .seconds(timeout)) }
  }

  /// The `--api` server's open carts (`--carts server`, or `auto` when the server is
  /// `onlinestore-api`); otherwise the cart's file under the state directory, or a cart in
  /// memory when there is no home to keep it in. A guest's cart is always this session's own.
  private func cartStorage(server: StoreServer?) -> CartStorage {
    // A guest's cart is the session's own; a key shopper's under `serve` is written only by
    // that shopper's stores, which ring each other's bells (an inotify instance each would run
    // out past 128 shoppers); a store on a person's machine watches the file.
    let hearing: CartHearing = guest ? .none : customer != nil ? .bells : .watch
    let files: CartStorage = CartStorage.stateDirectory().map { .files(in: $0, for: cartOwner, hearing: hearing) } ?? .inMemory()
    guard !guest, carts != .files, let server else { return files }
    return carts == .server ? .server(server, customer: user) : .serverIfItKeepsCarts(server, customer: user, otherwise: files)
  }

  /// Where the shopper's addresses are kept: as the cart is — the `--api` server's database when
  /// it is onlinestore-api (or `--carts server`), otherwise a file under the state directory
  /// (`addresses/<store>/<customer>.json`) — and nowhere for a guest, who types one each time.
  private func addressBookStorage(server: StoreServer?) -> AddressBookStorage {
    guard !guest else { return .none }
    let file: AddressBookStorage =
      CartStorage.stateDirectory().map { .file(at: $0.appendingPathComponent("addresses").appendingPathComponent(cartOwner.relativePath)) }
      ?? .inMemory()
    guard carts != .files, let server else { return file }
    return carts == .server ? .server(server, customer: user) : .serverIfItKeepsAddresses(server, customer: user, otherwise: file)
  }

  /// Whether to draw in colour: not with `--no-color`, nor when `NO_COLOR` is set and not empty
  /// (https://no-color.org).
  var wantsColor: Bool {
    guard !noColor else { return false }
    let environment = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
    return environment.isEmpty
  }
}
