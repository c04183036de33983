import TerminalKit

/// Checkout's first step as a form's state: a text field per part of the address, the country
/// found by typing, and — for a shopper who keeps an address book — the saved addresses to pick
/// from and whether to keep this one. The values are the feature's; ``form(showing:)`` describes
/// them to the kit's ``Form`` for each key and each frame.
public struct AddressForm: Hashable, Sendable {
  public var fullName: TextFieldState
  public var line1: TextFieldState
  public var line2: TextFieldState
  public var city: TextFieldState
  public var region: TextFieldState
  public var postalCode: TextFieldState
  public var country: ChoiceState
  public var email: TextFieldState
  public var phone: TextFieldState
  /// The saved addresses, then "New address"; `nil` when there are none to pick.
  public var saved: ChoiceState?
  /// Whether the shopper keeps an address book (a guest does not): "keep this address" is
  /// offered.
  public var offersKeeping = false
  /// Whether the address goes into the address book when the order is placed.
  public var keepAddress: Bool
  /// The field the keyboard is in.
  public var focus: Field?

  /// A part of the form: the address's fields, the address book's and the button.
  public enum Field: Hashable, Sendable {
    case saved, makeDefault, delete
    case address(ShippingAddress.Field)
    case keepAddress
    case `continue`
  }

  /// The label of the last option of ``saved``.
  public static let newAddressOption = "New address"

  public init(_ address: ShippingAddress, book: AddressBook?, keepAddress: Bool = true) {
    func field(_ text: String) -> TextFieldState {
      TextFieldState(text: text, limit: AddressRules.maximumLength)
    }
    fullName = field(address.fullName)
    line1 = field(address.line1)
    line2 = field(address.line2)
    city = field(address.city)
    region = field(address.region)
    postalCode = field(address.postalCode)
    email = field(address.email)
    phone = field(address.phone)
    let countries = Countries.all
    country = ChoiceState(
      options: countries.map(\.name), aliases: countries.map { Countries.aliases(of: $0.code) },
      selected: countries.firstIndex { $0.code == address.country }
    )
    self.keepAddress = keepAddress
    focus = .address(.fullName)
    if let book { offer(book, current: address) }
  }

  /// Shows `address` in the fields, keeping the focus, the book and the "keep" tick.
  public mutating func fill(with address: ShippingAddress) {
    var filled = AddressForm(address, book: nil, keepAddress: keepAddress)
    filled.saved = saved
    filled.offersKeeping = offersKeeping
    filled.focus = focus
    self = filled
  }

  /// Offers `book`'s addresses to pick from, `current` picked if it is one of them, and keeping
  /// this one.
  public mutating func offer(_ book: AddressBook, current: ShippingAddress) {
    offersKeeping = true
    saved =
      book.addresses.isEmpty
      ? nil
      : ChoiceState(
        options: book.addresses.map(\.oneLine) + [Self.newAddressOption],
        selected: book.addresses.firstIndex(of: current) ?? book.addresses.count
      )
  }

  /// The address as typed.
  public var address: ShippingAddress {
    // Each field by name: this runs several times per key, and key paths cost more than reads.
    ShippingAddress(
      fullName: fullName.text.trimmed, line1: line1.text.trimmed, line2: line2.text.trimmed, city: city.text.trimmed,
      region: region.text.trimmed, postalCode: postalCode.text.trimmed,
      country: country.selected.map { Countries.all[$0].code } ?? "", email: email.text.trimmed, phone: phone.text.trimmed
    )
  }

  /// The text field that holds `field`; `nil` for the country, a choice.
  public static func text(of field: ShippingAddress.Field) -> (WritableKeyPath<AddressForm, TextFieldState> & Sendable)? {
    let keyPath: WritableKeyPath<AddressForm, TextFieldState> & Sendable
    switch field {
    case .fullName: keyPath = \.fullName
    case .line1: keyPath = \.line1
    case .line2: keyPath = \.line2
    case .city: keyPath = \.city
    case .region: keyPath = \.region
    case .postalCode: keyPath = \.postalCode
    case .email: keyPath = \.email
    case .phone: keyPath = \.phone
    case .country: return nil
    }
    return keyPath
  }

  /// The chosen country, if any.
  public var chosenCountry: Country? {
    country.selected.map { Countries.all[$0] }
  }

  /// The index in the book of the saved address picked, or `nil` for a new one.
  public var pickedIndex: Int? {
    guard let saved, let selected = saved.selected, selected < saved.options.count - 1 else { return nil }
    return selected
  }

  /// The form for the kit: the fields in order, each with its message when `shown` says so.
  public func form(showing shown: Set<ShippingAddress.Field>) -> Form<AddressForm, Field> {
    // The address (every field trimmed) is made only if a message is shown: most keys show none.
    var trimmed: ShippingAddress?
    func message(_ field: ShippingAddress.Field) -> String? {
      guard shown.contains(field) else { return nil }
      if trimmed == nil { trimmed = address }
      return trimmed?.problem(with: field)
    }
    var fields: [FormField<AddressForm, Field>] = []
    if saved != nil {
      fields.append(.choice(.saved, "Saved addresses", \.saved!))
    }
    let hasRegions = chosenCountry?.hasRegions ?? false
    fields += [
      .text(.address(.fullName), "Full name", \.fullName, required: true, message: message(.fullName)),
      .text(.address(.line1), "Street address", \.line1, required: true, message: message(.line1)),
      .text(.address(.line2), "Apt, suite", \.line2, placeholder: "optional", message: message(.line2)),
      .text(.address(.city), "City", \.city, required: true, message: message(.city)),
      .text(
        .address(.region), chosenCountry?.regionName ?? "Region", \.region,
        placeholder: hasRegions ? "" : "optional here", required: hasRegions, message: message(.region)
      ),
      .text(.address(.postalCode), "Postal code", \.postalCode, required: true, message: message(.postalCode)),
      .choice(.address(.country), "Country", \.country, required: true, message: message(.country)),
      .text(.address(.email), "Email", \.email, placeholder: "for the receipt and the tracking", required: true, message: message(.email)),
      .text(.address(.phone), "Phone", \.phone, placeholder: "optional", message: message(.phone)),
    ]
    if offersKeeping {
      fields.append(.checkbox(.keepAddress, "Keep this address in my address book", \.keepAddress))
    }
    fields.append(.button(.continue, "Continue to delivery", appearance: .normal))
    // The saved address's own buttons come last, beside Continue: Enter, which moves on from a
    // field, never reaches Delete (it once did, straight after picking an address).
    if let picked = pickedIndex {
      // The first address is the default already.
      if picked > 0 { fields.append(.button(.makeDefault, "Make default")) }
      fields.append(.button(.delete, "Delete this address", appearance: .destructive))
    }
    var form = Form(self, focus: focus, fields: fields)
    if let focus, !fields.contains(where: { $0.id == focus }) { form.focus = fields.first?.id }
    return form
  }
}

extension String {
  /// Without white space at either end (in the standard library's terms, not Foundation's:
  /// this runs for every field on every key).
  var trimmed: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(self[first...last])
  }
}
