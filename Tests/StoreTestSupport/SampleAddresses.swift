import StoreModels

extension ShippingAddress {
  /// An address in the United States, as a shopper there types it.
  public static let sample = ShippingAddress(
    fullName: "Ana Lima", line1: "12 Main Street", city: "San Francisco", region: "CA", postalCode: "94103",
    country: "US", email: "ana@example.com", phone: "+1 415 555 0100"
  )

  /// An address in Seoul, in Korean as people there write it (no region: Korea has none to give).
  public static let seoul = ShippingAddress(
    fullName: "김민지", line1: "세종대로 110", line2: "서울특별시청 3층", city: "서울", postalCode: "04524",
    country: "KR", email: "minji@example.kr"
  )
}

extension CheckoutDraft {
  /// Checkout of ``ShippingAddress/sample`` by standard delivery, at the review.
  public static let sample = CheckoutDraft(address: .sample, delivery: .standard, step: .review)
}
