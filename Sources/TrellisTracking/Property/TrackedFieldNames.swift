import Synchronization

#if canImport(Darwin)
  @_silgen_name("malloc_size")
  private func allocationSize(_ pointer: UnsafeRawPointer) -> Int
#else
  /// glibc's `malloc_usable_size` (not exported by the Glibc module): the size of the heap
  /// block an object lives in, which bounds the one scan of its fields.
  @_silgen_name("malloc_usable_size")
  private func allocationSize(_ pointer: UnsafeRawPointer) -> Int
#endif

/// Names `@Tracked` properties without key paths, reflecting on each class once.
///
/// The first time an object of a class needs a name, its fields are reflected (`Mirror`) to
/// pair each `@Tracked` property's name with the byte offset where the object stores that
/// property's cell reference. From then on, naming the property a cell belongs to, in any
/// object of that class, is a comparison of a few words of the object against the cell's
/// address: no reflection per object, so the first observed write to each of 100,000 rows costs
/// what it costs for one.
enum TrackedFieldNames {
  private struct Field {
    let offset: Int
    let name: String
  }

  private static let fieldsByClass = Mutex<[ObjectIdentifier: [Field]]>([:])
  /// Names the `fieldsByClass` lock for ThreadSanitizer (see `withAnnotatedLock`).
  private static let lockOwner = PropertyNameBox("TrackedFieldNames")

  /// The name of the `@Tracked` property of `object` whose storage is `cell`, or nil.
  static func name(of cell: TrackingSource, in object: AnyObject) -> String? {
    let classID = ObjectIdentifier(type(of: object))
    let known = fieldsByClass.withAnnotatedLock(owner: lockOwner) { $0[classID] }
    let fields = known ?? learnFields(of: object, classID: classID)
    let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    let target = UnsafeRawPointer(Unmanaged.passUnretained(cell).toOpaque())
    for field in fields
    where base.load(fromByteOffset: field.offset, as: UnsafeRawPointer?.self) == target {
      return field.name
    }
    return nil
  }

  /// Reflects `object` once for its class: finds each tracked cell's field by its address.
  private static func learnFields(of object: AnyObject, classID: ObjectIdentifier) -> [Field] {
    var cells: [(name: String, address: UnsafeRawPointer)] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard let storage = child.value as? any TrackedStorage, let label = child.label else {
          continue
        }
        let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
        cells.append(
          (name, UnsafeRawPointer(Unmanaged.passUnretained(storage.trackingSource).toOpaque())))
      }
      mirror = current.superclassMirror
    }
    let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    let wordSize = MemoryLayout<UnsafeRawPointer>.size
    var fields: [Field] = []
    // Scan the object's own allocation (header included) for the cells' addresses.
    let size = allocationSize(base)
    var offset = 2 * wordSize
    // A `Tracked` value holds its cell's address twice (strong and unmanaged): keep the first.
    var unmatched = cells
    while offset + wordSize <= size && !unmatched.isEmpty {
      let word = base.load(fromByteOffset: offset, as: UnsafeRawPointer?.self)
      if let index = unmatched.firstIndex(where: { $0.address == word }) {
        fields.append(Field(offset: offset, name: unmatched[index].name))
        unmatched.remove(at: index)
      }
      offset += wordSize
    }
    fieldsByClass.withAnnotatedLock(owner: lockOwner) { $0[classID] = fields }
    return fields
  }

}
