/// Names the tracking sources of the objects reachable from some roots: which object and which
/// property each source stands for. For diagnostics only, such as the dependency-graph export.
///
/// Sources never reference the object they belong to (so that a subscription cannot keep a model
/// alive), so a source cannot name itself. Instead, the directory reflects (`Mirror`) the roots
/// and everything reachable from their stored properties, collections and optionals: each
/// `@Tracked` property, `TrackingRegistrar` property and `ObjectTrackable` object it meets
/// yields a name. Values are visited depth first, in the order of the roots and of each value's
/// fields, so that everything one root reaches is numbered before the next root; each object is
/// visited once, so cycles end, and the walk stops after `valueLimit` values.
///
/// Call it on the thread that owns the models (reflection reads their fields).
package struct TrackedSourceDirectory {
  /// What one source stands for.
  package struct Entry: Equatable, Sendable {
    /// The object's dynamic type, such as `Note`.
    package let objectType: String
    /// The object's place among the objects of its type, in the order the walk met them (0 for
    /// the first).
    package let ordinal: Int
    /// The property's name, or `*` for a whole-object source.
    package let property: String
  }

  private var entries: [UInt64: Entry] = [:]
  private var objectsPerType: [String: Int] = [:]

  /// The most values one walk visits.
  package static let valueLimit = 200_000

  /// Reflects `roots` and what they reach.
  /// - Parameter roots: objects and values that hold models; anything else is skipped.
  /// - Complexity: O(v) for v values reached, at most `valueLimit`.
  package init(reachableFrom roots: [Any]) {
    var visitedObjects = Set<ObjectIdentifier>()
    // A stack, each value's children pushed in reverse so that they are visited in order.
    var stack: [Any] = roots.reversed()
    var visited = 0
    while let value = stack.popLast(), visited < Self.valueLimit {
      visited += 1
      let mirror = Mirror(reflecting: value)
      var owner: (type: String, ordinal: Int)?
      if mirror.displayStyle == .class {
        let object = value as AnyObject
        guard visitedObjects.insert(ObjectIdentifier(object)).inserted else { continue }
        let typeName = "\(type(of: object))"
        let ordinal = objectsPerType[typeName, default: 0]
        objectsPerType[typeName] = ordinal + 1
        owner = (typeName, ordinal)
        if let whole = object as? any ObjectTrackable {
          name(whole.objectChanges, typeName, ordinal, "*")
        }
      }
      var children: [Any] = []
      var current: Mirror? = mirror
      while let level = current {
        for child in level.children {
          if let owner, let storage = child.value as? any TrackedStorage {
            let label = child.label ?? "?"
            let property = label.hasPrefix("_") ? String(label.dropFirst()) : label
            name(storage.trackingSource, owner.type, owner.ordinal, property)
            children.append(storage.storedValue)
          } else if let owner, let registrar = child.value as? TrackingRegistrar {
            for (property, source) in registrar.storage.namedSources {
              name(source, owner.type, owner.ordinal, property)
            }
          } else {
            children.append(child.value)
          }
        }
        current = level.superclassMirror
      }
      stack += children.reversed()
    }
  }

  private mutating func name(
    _ source: TrackingSource, _ type: String, _ ordinal: Int, _ property: String
  ) {
    if entries[source.serial] == nil {
      entries[source.serial] = Entry(objectType: type, ordinal: ordinal, property: property)
    }
  }

  /// What `source` stands for, or nil when the walk did not meet it.
  package func entry(for source: TrackingSource) -> Entry? { entries[source.serial] }

  /// `Type.property` for `source`, with `#n` after the type when the walk met several objects
  /// of that type (`Note#2.title`, counting from 1); nil when the walk did not meet it.
  package func name(of source: TrackingSource) -> String? {
    guard let entry = entries[source.serial] else { return nil }
    let several = objectsPerType[entry.objectType, default: 0] > 1
    let object = several ? "\(entry.objectType)#\(entry.ordinal + 1)" : entry.objectType
    return "\(object).\(entry.property)"
  }
}
