#if canImport(Glibc)
  import Glibc
#endif

/// Reads which of its three cases a plain bounded action enum holds — the tca-boundaries
/// spelling, `enum Action: TCAFeatureAction { case view(…) case _internal(…) case delegate(…) }`
/// with nothing else written — from the enum's layout, as the Swift runtime describes it.
///
/// `@Reducer` writes `kind` as a `switch` for the `Action` of the feature it is attached to; this
/// is for an action enum declared on its own. Per action it asks the runtime's value witnesses for
/// the case's tag, reads that case's name from the enum's field descriptor (a C string compared
/// in place), and projects the payload out of a copy: no lock, no allocation.
@usableFromInline
enum ReflectedActionKind {
  @usableFromInline
  static func kind<Action: TCAFeatureAction>(
    of action: Action
  ) -> FeatureAction<Action.ViewAction, Action.InternalAction, Action.DelegateAction> {
    let layout = EnumLayout(Action.self)
    var copy = action
    return withUnsafeMutableBytes(of: &copy) { bytes in
      let pointer = bytes.baseAddress!
      let tag = layout.tag(of: UnsafeRawPointer(pointer))
      let field = layout.field(tag)
      precondition(!field.isIndirect, "\(Action.self) has an indirect case; write `kind` for it, or use @Reducer")
      layout.projectPayload(pointer)
      defer { layout.injectTag(tag, into: pointer) }
      if strcmp(field.name, "view") == 0 { return .view(pointer.load(as: Action.ViewAction.self)) }
      if strcmp(field.name, "_internal") == 0 { return ._internal(pointer.load(as: Action.InternalAction.self)) }
      precondition(strcmp(field.name, "delegate") == 0, "\(Action.self) is a TCAFeatureAction with a case other than view, _internal and delegate")
      return .delegate(pointer.load(as: Action.DelegateAction.self))
    }
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

  /// The field record of the case with `tag` (the cases with a payload come first, as
  /// declared): its name, and whether it is `indirect`.
  func field(_ tag: UInt32) -> (name: UnsafePointer<CChar>, isIndirect: Bool) {
    // Metadata: kind, then the type descriptor. The descriptor's fifth 32-bit field is a
    // relative pointer to the field descriptor: type name, superclass (relative pointers), kind
    // (16 bits), record size (16 bits), count (32 bits), then the records: flags, type name,
    // field name.
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
    let fields = Self.relative(descriptor + 16)
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let record = fields + 16 + Int(tag) * recordSize
    let flags = record.load(as: UInt32.self)
    return (Self.relative(record + 8).assumingMemoryBound(to: CChar.self), flags & 0x1 != 0)
  }

  /// The target of the 32-bit relative pointer at `pointer`.
  private static func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer {
    pointer + Int(pointer.load(as: Int32.self))
  }
}
