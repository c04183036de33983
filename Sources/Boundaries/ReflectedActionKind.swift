import Synchronization

/// Reads which of its three cases a plain bounded action enum holds — the tca-boundaries
/// spelling, `enum Action: TCAFeatureAction { case view(…) case _internal(…) case delegate(…) }`
/// with nothing else written — from the enum's layout, as the Swift runtime describes it.
///
/// `@Reducer` writes `kind` as a `switch` for the `Action` of the feature it is attached to; this
/// is for an action enum declared on its own. Per action it costs two calls into the runtime's
/// value witnesses (the case's tag, the payload's projection) and a lookup of the type's layout,
/// and it allocates nothing. The layout — which tag is `view`, `_internal`, `delegate` — is read
/// from the enum's field names once per type.
@usableFromInline
enum ReflectedActionKind {
  /// The tags of the three cases of one action enum.
  struct Layout: Sendable {
    var view: UInt32
    var `internal`: UInt32
    var delegate: UInt32
  }

  private static let layouts = Mutex<[ObjectIdentifier: Layout]>([:])

  @usableFromInline
  static func kind<Action: TCAFeatureAction>(
    of action: Action
  ) -> FeatureAction<Action.ViewAction, Action.InternalAction, Action.DelegateAction> {
    let metadata = EnumLayout(Action.self)
    let layout = layout(of: Action.self, metadata)
    var copy = action
    return withUnsafeMutableBytes(of: &copy) { bytes in
      let pointer = bytes.baseAddress!
      let tag = metadata.tag(of: UnsafeRawPointer(pointer))
      metadata.projectPayload(pointer)
      defer { metadata.injectTag(tag, into: pointer) }
      switch tag {
      case layout.view: return .view(pointer.load(as: Action.ViewAction.self))
      case layout.internal: return ._internal(pointer.load(as: Action.InternalAction.self))
      default: return .delegate(pointer.load(as: Action.DelegateAction.self))
      }
    }
  }

  private static func layout<Action>(of type: Action.Type, _ metadata: EnumLayout) -> Layout {
    let key = ObjectIdentifier(type)
    if let known = layouts.withLock({ $0[key] }) { return known }
    let cases = metadata.cases()
    func tag(_ name: String) -> UInt32 {
      guard let index = cases.firstIndex(where: { $0.name == name }) else {
        preconditionFailure("\(type) is a TCAFeatureAction without a case named '\(name)'")
      }
      precondition(!cases[index].isIndirect, "\(type).\(name) is indirect; write `kind` for it, or use @Reducer")
      return UInt32(index)
    }
    let layout = Layout(view: tag("view"), internal: tag("_internal"), delegate: tag("delegate"))
    layouts.withLock { $0[key] = layout }
    return layout
  }
}

/// An enum type as the Swift runtime lays it out (its metadata, value witnesses and field
/// descriptor, whose format the Swift ABI fixes).
struct EnumLayout {
  private let metadata: UnsafeRawPointer

  init(_ type: Any.Type) {
    metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  private typealias Inject = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  /// The value witness table sits one word before the metadata; an enum's three witnesses come
  /// after the eight common functions, the size, the stride, the flags and the extra
  /// inhabitant count.
  private var witnesses: UnsafeRawPointer {
    metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
  }
  private static let enumWitnessesOffset = 8 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<Int>.size + 8

  func tag(of value: UnsafeRawPointer) -> UInt32 {
    let function = witnesses.load(fromByteOffset: Self.enumWitnessesOffset, as: GetTag.self)
    return function(value, metadata)
  }

  /// Leaves the payload alone in `value`'s memory; ``injectTag(_:into:)`` undoes it.
  func projectPayload(_ value: UnsafeMutableRawPointer) {
    let function = witnesses.load(fromByteOffset: Self.enumWitnessesOffset + 8, as: Project.self)
    function(value, metadata)
  }

  func injectTag(_ tag: UInt32, into value: UnsafeMutableRawPointer) {
    let function = witnesses.load(fromByteOffset: Self.enumWitnessesOffset + 16, as: Inject.self)
    function(value, tag, metadata)
  }

  /// The enum's cases in tag order (the cases with a payload first, as declared).
  func cases() -> [(name: String, isIndirect: Bool)] {
    // Metadata: kind, then the type descriptor. The descriptor's fifth 32-bit field is a
    // relative pointer to the field descriptor.
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
    guard let fields = Self.relative(descriptor + 16) else { return [] }
    // Field descriptor: type name, superclass (relative pointers), kind (16 bits), record size
    // (16 bits), count (32 bits), then the records: flags, type name, field name.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    return (0..<count).map { index in
      let record = fields + 16 + index * recordSize
      let flags = record.load(as: UInt32.self)
      let name = Self.relative(record + 8).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
      return (name, flags & 0x1 != 0)
    }
  }

  /// The target of the 32-bit relative pointer at `pointer`, or `nil` if it is null.
  private static func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = pointer.load(as: Int32.self)
    return offset == 0 ? nil : pointer + Int(offset)
  }
}
