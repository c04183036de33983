/// A key shopper's or account customer's saved addresses. The first is the default: checkout
/// starts from it, and an address used for an order or made the default moves to the front.
/// Guests have none.
public struct AddressBook: Hashable, Sendable, Codable {
  public var addresses: [ShippingAddress]

  /// The most addresses one book keeps; the oldest beyond it are let go.
  public static let capacity = 20

  public init(addresses: [ShippingAddress] = []) {
    self.addresses = Array(addresses.prefix(Self.capacity))
  }

  public static let empty = AddressBook()

  /// The address checkout starts from.
  public var defaultAddress: ShippingAddress? { addresses.first }

  /// `address` first, without a copy of it further down.
  public func using(_ address: ShippingAddress) -> AddressBook {
    AddressBook(addresses: [address] + addresses.filter { $0 != address })
  }

  /// Without the address at `index`.
  public func removing(at index: Int) -> AddressBook {
    guard addresses.indices.contains(index) else { return self }
    var copy = addresses
    copy.remove(at: index)
    return AddressBook(addresses: copy)
  }

  /// With the address at `index` replaced by `address`, where it was.
  public func replacing(at index: Int, with address: ShippingAddress) -> AddressBook {
    guard addresses.indices.contains(index) else { return self }
    var copy = addresses
    copy[index] = address
    return AddressBook(addresses: copy)
  }
}
