@_spi(Reflection) import Swift

/// What the runtime knows about one view type's stored properties, found by reflection once
/// per type: how to decide whether two values have the same inputs, and where the dynamic
/// properties (`@State`, `@Environment`, …) are.
///
/// A composite view whose new value has the same inputs as the previous one is skipped: its
/// body does not run. "Same inputs", most specific rule first:
/// 1. an `Equatable` view that is not plain data is compared with `==`; an instance of a class
///    by identity; an `EquatableView` with its content's `==` (a `CustomInputComparison`);
/// 2. a view with no stored properties is always equal;
/// 3. otherwise (a view of plain data too, whatever its `==`, as SwiftUI takes `==` for a true
///    equality and compares plain data directly) the stored properties are compared one by one:
///    - `@State`, `@Environment`, `@StateObject` are owned by the runtime, not inputs: equal;
///    - bindings by the source they read and write (two bindings to the same `@State` are
///      equal, whatever closures they carry); `@ObservedObject` and `@Bindable` by the object;
///    - plain bit patterns (`_isPOD` types) by their bits, even with an `==` of their own;
///      other `Equatable` values with `==`; class instances (and optional ones) by identity;
///      an array without `==` by its storage, or element by element when its elements are
///      class instances (by identity) or plain data;
///    - values of protocol type by the rules above applied to the value inside;
///    - an optional by its wrapped value's rule (both nil equal, one nil not);
///    - a struct without `==`, or a tuple, member by member, each member by these rules, as
///      SwiftUI compares such inputs (a change is named after the view's property); a view
///      held as an input is compared so, its own `@State` and `@Environment` skipped;
///    - closures and any other value (an enum without `==`) are never equal (they cannot be
///      compared), so a view holding a closure re-runs its body whenever its parent does.
///
/// Cost: building a plan reflects the type once (`_forEachField`); comparing two values then
/// walks the plan's fields and touches no `Mirror`. Plans are facts about types, shared by
/// every host.
///
/// It reads memory through raw pointers (as `ForEach`'s bit-for-bit comparisons do, through
/// `bitsEqual`, inside `withUnsafeBytes` of the values compared): a field is read at the
/// offset the type's own metadata reported, inside `withUnsafeBytes(of:)` of a value of
/// exactly that type, as the field's own type; an optional field's payload is read by loading
/// the field as the optional type itself (a nil may sit in the payload's spare bits) and
/// comparing copies of the two values. Linking reads each dynamic property the same way, to
/// link it or to find that another place links its box. It never writes: a dynamic property's
/// `update()`, and a box of its own for a view shown twice, go through key paths
/// (`DynamicPropertyUpdates`, `SharedPropertyUnlinking`). That invariant holds because a
/// plan is built for, cached under, and only ever applied to one type `V` (every entry point is
/// generic over `V` and looks the plan up by `V.self`). The comparison tests run under
/// AddressSanitizer over every field kind above.
final class ComparisonPlan {
  /// How two whole values compare.
  private enum WholeValue {
    /// `Equatable`: `==` on the value.
    case equatable((UnsafeRawPointer, UnsafeRawPointer) -> Bool)
    /// No stored properties.
    case alwaysEqual
    /// Field by field.
    case fields
    /// The view compares itself (`CustomInputComparison`).
    case custom
    /// The element compares itself (`SelfComparedElement`), on the main actor.
    case selfCompared(@MainActor (UnsafeRawPointer, UnsafeRawPointer) -> Bool)
    /// A class instance: equal when it is the same instance.
    case identity
    /// Plain data (elements only): equal when the bits are equal.
    case bits(size: Int)
    /// Not comparable (an enum or a tuple without `Equatable`).
    case neverEqual
  }

  /// How one stored property compares.
  private enum FieldRule {
    /// Owned by the runtime: never an input.
    case skip
    /// Equal when the bytes are equal (class references, plain data).
    case bits(size: Int)
    /// A comparison of the field's values.
    case compare((UnsafeRawPointer, UnsafeRawPointer) -> Bool)
    /// Never equal (closures, values that cannot be compared).
    case never
  }

  private struct Field {
    let offset: Int
    let name: String
    let rule: FieldRule
  }

  /// Links one dynamic property at its offset to a node.
  private struct DynamicPropertyField {
    let offset: Int
    let label: String
    /// Links the property at the address to the node, at the ordinal, with the label; returns
    /// false, linking nothing, for a `PositionBoundProperty` that another place links (see
    /// `isLinked(elsewhereThan:ordinal:)`), unless the last argument says to link it anyway.
    let link: @MainActor (UnsafeRawPointer, ViewNode, Int, String, Bool) -> Bool
  }

  private let wholeValue: WholeValue
  private let fields: [Field]
  private let dynamicProperties: [DynamicPropertyField]
  /// The `update()` calls of the app's own dynamic properties (a
  /// `DynamicPropertyUpdates<V>` for the plan's type `V`); nil when there are none.
  private let dynamicPropertyUpdates: AnyObject?

  /// Whether values of the type carry dynamic properties that must be linked before `body`.
  var hasDynamicProperties: Bool { !dynamicProperties.isEmpty }
  /// A `SharedPropertyUnlinking<V>` for the plan's type `V`, made the first time a value of it
  /// is found shown in two places.
  @MainActor private var unlinking: AnyObject?
  /// Whether a field that could not be given a box of its own was reported (once per type).
  @MainActor private var reportedUnreachedSharing = false
  /// Whether values of the type carry dynamic properties of the app's own to update.
  var hasDynamicPropertyUpdates: Bool { dynamicPropertyUpdates != nil }

  /// How many bytes to compare when the same bytes mean equal inputs (a class instance,
  /// compared by identity, or plain data; for plain data with a custom `==`, other bytes may
  /// still be equal, so this is a quick check, not the rule); nil otherwise.
  let bitwiseSize: Int?

  /// The plans built so far: a view type's, and an element type's (`elementPlan(for:)`).
  @MainActor private static var plans: [PlanKey: ComparisonPlan] = [:]

  private struct PlanKey: Hashable {
    let type: ObjectIdentifier
    let comparesElements: Bool
  }

  /// The plan for the view type `type`, built on first use.
  @MainActor
  static func plan<V>(for type: V.Type) -> ComparisonPlan {
    cachedPlan(for: type, comparesElements: false)
  }

  /// The plan for the elements of a `ForEach`, built on first use: whether an element is the
  /// same as before, so that its row's content need not be built again.
  ///
  /// Unlike a view's plan, it never asks the element's own `==` about the element as a whole:
  /// `==` may hold for values that show differently (`0.0 == -0.0`, or an `==` that compares
  /// only an id), and SwiftUI builds every row's content again whatever the elements' `==`
  /// says. Plain data is compared by its bits, a class instance by identity, a standard library
  /// value (`String`, `Array`, …) by its `==`, any other value field by field (each field by the
  /// rules of a view's fields); a value that cannot be taken apart (an enum with payloads) by
  /// `==` if it has one, else never equal.
  @MainActor
  static func elementPlan<V>(for type: V.Type) -> ComparisonPlan {
    cachedPlan(for: type, comparesElements: true)
  }

  @MainActor
  private static func cachedPlan<V>(for type: V.Type, comparesElements: Bool) -> ComparisonPlan {
    let key = PlanKey(type: ObjectIdentifier(type), comparesElements: comparesElements)
    if let plan = plans[key] { return plan }
    let plan = ComparisonPlan(type, comparesElements: comparesElements)
    plans[key] = plan
    // Once per type, as the plan: a model from Apple's Observation would never update it.
    if comparesElements {
      ObservableModelCheck.checkElements(of: type)
    } else {
      ObservableModelCheck.checkInputs(of: type)
    }
    return plan
  }

  @MainActor
  private init<V>(_ type: V.Type, comparesElements: Bool) {
    var reflection: Reflection?
    if comparesElements {
      if let compared = type as? any SelfComparedElement.Type {
        wholeValue = .selfCompared(Self.sameElement(compared))
      } else if MemoryLayout<V>.size == 0 {
        wholeValue = .alwaysEqual
      } else if type is AnyClass {
        wholeValue = .identity
      } else if _isPOD(type) {
        wholeValue = .bits(size: MemoryLayout<V>.size)
      } else if let equatable = type as? any Equatable.Type, Self.isStandardLibraryType(type) {
        // `String`, `Array`, …: their `==` is the standard library's (and their fields are
        // its private storage, which cannot be compared).
        wholeValue = .equatable(Self.equality(equatable))
      } else if let reflected = Self.reflect(type) {
        reflection = reflected
        wholeValue = .fields
      } else if let equatable = type as? any Equatable.Type {
        wholeValue = .equatable(Self.equality(equatable))
      } else {
        wholeValue = .neverEqual
      }
    } else if type is any CustomInputComparison.Type {
      wholeValue = .custom
    } else if let equatable = type as? any Equatable.Type, !_isPOD(type) {
      // As SwiftUI: a view's `==` is taken for a true equality, so a view of plain data is
      // compared field by field, more cheaply, and its `==` is used only through
      // `.equatable()` (`EquatableView`, a `CustomInputComparison`).
      wholeValue = .equatable(Self.equality(equatable))
    } else if MemoryLayout<V>.size == 0 {
      wholeValue = .alwaysEqual
    } else if type is AnyClass {
      wholeValue = .identity
    } else {
      reflection = Self.reflect(type)
      wholeValue = reflection == nil ? .neverEqual : .fields
    }
    fields = reflection?.fields ?? []
    // Linking needs the dynamic properties whatever rule compares the value: an `Equatable`
    // view, or one that compares itself, still has its `@State` and `@Environment`.
    if reflection == nil, !comparesElements, !(type is AnyClass) {
      reflection = Self.reflect(type)
    }
    dynamicProperties = reflection?.dynamicProperties ?? []
    // Only views (and the values inside custom modifiers and `.equatable()`) run them.
    dynamicPropertyUpdates =
      reflection?.dynamicProperties.isEmpty == false && !comparesElements
      ? DynamicPropertyUpdates<V>.make() : nil
    if type is AnyClass {
      bitwiseSize = MemoryLayout<AnyObject>.size
    } else if _isPOD(type) {
      bitwiseSize = MemoryLayout<V>.size
    } else {
      bitwiseSize = nil
    }
  }

  /// A type's stored properties, as reflection reports them.
  private struct Reflection {
    var fields: [Field] = []
    var dynamicProperties: [DynamicPropertyField] = []
  }

  /// The stored properties of `type`, each with its rule; nil if it cannot be reflected (an
  /// enum, a tuple).
  @MainActor
  private static func reflect<V>(_ type: V.Type) -> Reflection? {
    var reflection = Reflection()
    return reflectFields(of: type, at: 0, labelled: "", into: &reflection) ? reflection : nil
  }

  /// Adds the stored properties of `type`, found `base` bytes into the value, to `reflection`;
  /// false if `type` cannot be reflected.
  ///
  /// A dynamic property of the app's own (a struct of `@State`, `@Environment` and other
  /// values, as SwiftUI's custom `DynamicProperty`) is taken apart: the properties in it are
  /// compared and linked as the view's own, each with a storage slot of its own, and labelled
  /// after both (`_counter.count`).
  @MainActor
  private static func reflectFields(
    of type: Any.Type, at base: Int, labelled prefix: String, into reflection: inout Reflection
  ) -> Bool {
    _forEachField(of: type, options: []) { name, offset, fieldType, kind in
      let own = String(cString: name)
      let label = prefix.isEmpty ? own : prefix + "." + Self.inputName(own)
      if let property = fieldType as? any DynamicProperty.Type {
        reflection.dynamicProperties.append(
          DynamicPropertyField(
            offset: base + offset, label: label,
            link: (fieldType as? any PositionBoundProperty.Type).map { Self.positionLinker($0) }
              ?? Self.linker(property)))
        // The library's own wrappers (`@State`, `@ObservedObject`, …) are linked and compared
        // whole.
        let isLibraryWrapper =
          fieldType is any RuntimeOwnedProperty.Type || fieldType is any ObjectIdentityInput.Type
        // The app's own: the properties inside it are linked as the view's own (its
        // `update()` is found by `DynamicPropertyUpdates`).
        if !isLibraryWrapper, kind == .struct,
          Self.reflectFields(of: fieldType, at: base + offset, labelled: label, into: &reflection)
        {
          return true
        }
      }
      if kind == .struct || kind == .tuple, Self.comparesMembers(of: fieldType) {
        // A struct with no `==` of its own, or a tuple (a `TupleView`'s views, which a
        // `@ViewBuilder` content holds): compared member by member, as SwiftUI compares view
        // inputs, each member by these rules. Every member is named after the view's own
        // property (a generic container's members nest deep, and their names mean nothing to
        // the app). A view held as an input (a container's `content`) is compared the same
        // way, its `@State` and `@Environment` skipped as the view's own are: they are that
        // view's storage, linked when it runs, not this view's (its members' dynamic
        // properties are not taken as this view's own).
        var members = Reflection()
        if Self.reflectFields(of: fieldType, at: base + offset, labelled: label, into: &members) {
          let name = Self.inputName(label)
          reflection.fields += members.fields.map {
            Field(offset: $0.offset, name: name, rule: $0.rule)
          }
          return true
        }
      }
      reflection.fields.append(
        Field(offset: base + offset, name: Self.inputName(label), rule: Self.rule(fieldType, kind)))
      return true
    }
  }

  /// Whether a struct field is compared through its members: it has no `==`, is not plain data
  /// (compared by its bits, more cheaply), is not one of the library's wrappers (compared by
  /// their own rules), and is not the standard library's, whose members are private storage.
  private static func comparesMembers(of type: any Any.Type) -> Bool {
    !(type is any Equatable.Type) && !_isPOD(type) && !(type is any RuntimeOwnedProperty.Type)
      && !(type is any BindingIdentity.Type) && !(type is any ObjectIdentityInput.Type)
      && !(type is any DynamicProperty.Type) && !isStandardLibraryType(type)
  }

  // MARK: - Comparing

  /// `nil` when `old` and `new` have the same inputs; otherwise the names of the properties
  /// that differ (`@self` for the value as a whole).
  @MainActor
  func changedInputs<V>(_ old: V, _ new: V) -> [String]? {
    if case .custom = wholeValue {
      return (new as! any CustomInputComparison).changedInputs(since: old)
    }
    if case .selfCompared(let same) = wholeValue {
      return withPointers(old, new) { same($0, $1) } ? nil : ["@self"]
    }
    return changedValues(old, new)
  }

  /// `changedInputs(_:_:)` for every rule but `custom`, off any actor.
  private func changedValues<V>(_ old: V, _ new: V) -> [String]? {
    switch wholeValue {
    case .alwaysEqual: return nil
    case .neverEqual, .custom, .selfCompared: return ["@self"]
    case .identity:
      return withPointers(old, new) { Self.bitsEqual($0, $1, MemoryLayout<AnyObject>.size) }
        ? nil : ["@self"]
    case .bits(let size):
      return withPointers(old, new) { Self.bitsEqual($0, $1, size) } ? nil : ["@self"]
    case .equatable(let equal):
      return withPointers(old, new) { equal($0, $1) } ? nil : ["@self"]
    case .fields:
      let changed = withPointers(old, new) { old, new in
        var changed: [String] = []
        // A struct's members are adjacent and share its name: named once.
        for field in fields
        where changed.last != field.name
          && !Self.equal(field.rule, old + field.offset, new + field.offset)
        {
          changed.append(field.name)
        }
        return changed
      }
      return changed.isEmpty ? nil : changed
    }
  }

  /// Whether `old` and `new` have the same inputs; stops at the first difference.
  @MainActor
  func inputsEqual<V>(_ old: V, _ new: V) -> Bool {
    if case .custom = wholeValue {
      return (new as! any CustomInputComparison).changedInputs(since: old) == nil
    }
    if case .selfCompared(let same) = wholeValue {
      return withPointers(old, new) { same($0, $1) }
    }
    return valuesEqual(old, new)
  }

  /// Whether two elements are the same, by an element plan (see `elementPlan(for:)`), off any
  /// actor (an element plan is never `custom`, nor `selfCompared` but for `ForEach($items)`'s
  /// own elements): for an equality cut-off.
  func elementsEqual<V>(_ old: V, _ new: V) -> Bool { valuesEqual(old, new) }

  /// `inputsEqual(_:_:)` for every rule but `custom`, off any actor: the comparisons are plain
  /// memory reads and `==`.
  private func valuesEqual<V>(_ old: V, _ new: V) -> Bool {
    switch wholeValue {
    case .alwaysEqual: return true
    case .neverEqual: return false
    case .identity:
      return withPointers(old, new) { Self.bitsEqual($0, $1, MemoryLayout<AnyObject>.size) }
    case .bits(let size): return withPointers(old, new) { Self.bitsEqual($0, $1, size) }
    case .custom, .selfCompared: return false
    case .equatable(let equal): return withPointers(old, new) { equal($0, $1) }
    case .fields:
      return withPointers(old, new) { old, new in
        for field in fields where !Self.equal(field.rule, old + field.offset, new + field.offset) {
          return false
        }
        return true
      }
    }
  }

  private static func equal(
    _ rule: FieldRule, _ old: UnsafeRawPointer, _ new: UnsafeRawPointer
  ) -> Bool {
    switch rule {
    case .skip: return true
    case .never: return false
    case .bits(let size): return bitsEqual(old, new, size)
    case .compare(let compare): return compare(old, new)
    }
  }

  /// Whether `size` bytes at `old` and `new` are the same.
  static func bitsEqual(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer, _ size: Int) -> Bool {
    var offset = 0
    while offset + 8 <= size {
      guard
        old.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == new.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < size {
      guard
        old.load(fromByteOffset: offset, as: UInt8.self)
          == new.load(fromByteOffset: offset, as: UInt8.self)
      else { return false }
      offset += 1
    }
    return true
  }

  private func withPointers<V, Result>(
    _ old: V, _ new: V, _ body: (UnsafeRawPointer, UnsafeRawPointer) -> Result
  ) -> Result {
    withUnsafeBytes(of: old) { old in
      withUnsafeBytes(of: new) { new in body(old.baseAddress!, new.baseAddress!) }
    }
  }

  // MARK: - Linking dynamic properties

  /// Links every dynamic property of `view` to `node`, in declaration order.
  ///
  /// A `@State` (or other `PositionBoundProperty`) that another place links (the same view
  /// value shown twice, or by two hosts) is first given a box of its own in `view`, so that
  /// each place keeps its own state, as in SwiftUI.
  /// - Returns: whether `view` changed that way (the caller keeps the changed copy).
  @MainActor
  @discardableResult
  func linkDynamicProperties<V>(of view: inout V, to node: ViewNode) -> Bool {
    guard !dynamicProperties.isEmpty else { return false }
    // One pass, in place (`&view`: a copy of the value cost a retain and a release of every
    // field per body run); a property linked elsewhere is left for the second.
    var shared: [Int] = []
    withUnsafeBytes(of: &view) { raw in
      // A value of no size holds nothing to link.
      guard let base = raw.baseAddress else { return }
      for (ordinal, property) in dynamicProperties.enumerated()
      where !property.link(base + property.offset, node, ordinal, property.label, false) {
        shared.append(ordinal)
      }
    }
    guard !shared.isEmpty else { return false }
    unlink(shared.map { dynamicProperties[$0].offset }, in: &view)
    // Each now has a box of its own (or, past a weak or unowned property, still the shared
    // one, reported): linked here.
    withUnsafeBytes(of: &view) { raw in
      guard let base = raw.baseAddress else { return }
      for ordinal in shared {
        let property = dynamicProperties[ordinal]
        _ = property.link(base + property.offset, node, ordinal, property.label, true)
      }
    }
    return true
  }

  /// Gives the fields of `view` at `offsets` boxes of their own; a field the key paths cannot
  /// reach keeps the shared one, and is reported once per type.
  @MainActor
  private func unlink<V>(_ offsets: [Int], in view: inout V) {
    let unlinking = self.unlinking as? SharedPropertyUnlinking<V> ?? SharedPropertyUnlinking<V>()
    self.unlinking = unlinking
    let unreached = unlinking.unlink(offsets, in: &view)
    guard !unreached.isEmpty, !reportedUnreachedSharing else { return }
    reportedUnreachedSharing = true
    SharedPropertyUnlinking<V>.reportUnreached(
      dynamicProperties.filter { unreached.contains($0.offset) }.map(\.label))
  }

  /// Calls `update()` on each dynamic property of the app's own in `view`, inner ones first,
  /// as SwiftUI does before each body; the caller has linked them.
  /// - Returns: whether the type has any (so that a caller holding a copy writes it back).
  @MainActor
  @discardableResult
  func updateDynamicProperties<V>(of view: inout V) -> Bool {
    // Always of type `V`: a plan is built for, and only applied to, one type.
    guard let updates = dynamicPropertyUpdates as? DynamicPropertyUpdates<V> else { return false }
    updates.run(on: &view)
    return true
  }

  // MARK: - Building

  private static func inputName(_ label: String) -> String {
    label.hasPrefix("_") ? String(label.dropFirst()) : label
  }

  private static func rule(_ type: any Any.Type, _ kind: _MetadataKind) -> FieldRule {
    if type is any RuntimeOwnedProperty.Type { return .skip }
    if type is any BindingIdentity.Type { return bindingRule(type) }
    // An object wrapper holds just its object: the same bits are the same object.
    if let object = type as? any ObjectIdentityInput.Type { return .bits(size: object.size) }
    // Plain data by its bits, even with an `==` of its own, as SwiftUI compares a field.
    if let size = podSize(type) { return .bits(size: size) }
    if let equatable = type as? any Equatable.Type { return .compare(equality(equatable)) }
    if type is AnyClass { return .bits(size: MemoryLayout<AnyObject>.size) }
    switch kind {
    case .function: return .never
    case .existential: return .compare(dynamicComparison(type))
    default: break
    }
    if let optional = type as? any OptionalProtocol.Type {
      if optional.wrappedType is AnyClass { return .bits(size: MemoryLayout<AnyObject?>.size) }
      // Otherwise by the wrapped value's rule (an optional binding, `TabView(selection:)`'s):
      // it had none, so such a field never compared equal, and named itself as a reason for
      // every re-run (found by a SwiftUI developer).
      // Asked as a struct: the kind matters only to functions and existentials, and an
      // optional of one of those stays never equal, as before.
      switch rule(optional.wrappedType, .struct) {
      case .skip: return .skip
      case .never: return .never
      case .bits(let size): return .compare(optional.payloads { bitsEqual($0, $1, size) })
      case .compare(let equal): return .compare(optional.payloads(equal))
      }
    }
    if let array = type as? any ArrayInput.Type { return .compare(array.sameElements) }
    return .never
  }

  /// Whether `type` is declared by the Swift standard library (`Swift.String`, …). Asked
  /// once per element type.
  private static func isStandardLibraryType(_ type: any Any.Type) -> Bool {
    String(reflecting: type).hasPrefix("Swift.")
  }

  private static func podSize<T>(_ type: T.Type) -> Int? {
    _isPOD(type) ? MemoryLayout<T>.size : nil
  }

  /// A `SelfComparedElement`'s comparison, made once, for the element plan.
  @MainActor
  private static func sameElement<E: SelfComparedElement>(
    _ type: E.Type
  ) -> @MainActor (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
    let same = E.makeSameElement()
    return { old, new in
      same(old.assumingMemoryBound(to: E.self).pointee, new.assumingMemoryBound(to: E.self).pointee)
    }
  }

  private static func equality<E: Equatable>(
    _ type: E.Type
  ) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
    { old, new in
      old.assumingMemoryBound(to: E.self).pointee == new.assumingMemoryBound(to: E.self).pointee
    }
  }

  /// A binding compares by its source (`Binding.sourceIdentity`), read at the offset the
  /// binding type's own metadata reports; a binding without a known source is never equal.
  private static func bindingRule(_ type: any Any.Type) -> FieldRule {
    var sourceOffset: Int?
    _forEachField(of: type, options: []) { name, offset, _, _ in
      if String(cString: name) == "sourceIdentity" { sourceOffset = offset }
      return true
    }
    guard let sourceOffset else { return .never }
    return .compare { old, new in
      guard
        let oldSource = (old + sourceOffset).assumingMemoryBound(to: AnyHashable?.self).pointee,
        let newSource = (new + sourceOffset).assumingMemoryBound(to: AnyHashable?.self).pointee
      else { return false }
      return oldSource == newSource
    }
  }

  /// A value of protocol type: compared by the rules for the value inside, found at run time.
  private static func dynamicComparison<T>(
    _ type: T.Type
  ) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
    { old, new in
      DynamicInputComparison.equal(
        old.assumingMemoryBound(to: T.self).pointee, new.assumingMemoryBound(to: T.self).pointee)
    }
  }

  @MainActor
  private static func linker<P: DynamicProperty>(
    _ type: P.Type
  ) -> @MainActor (UnsafeRawPointer, ViewNode, Int, String, Bool) -> Bool {
    { field, node, ordinal, label, _ in
      field.assumingMemoryBound(to: P.self).pointee._link(to: node, ordinal: ordinal, label: label)
      return true
    }
  }

  @MainActor
  private static func positionLinker<P: PositionBoundProperty>(
    _ type: P.Type
  ) -> @MainActor (UnsafeRawPointer, ViewNode, Int, String, Bool) -> Bool {
    { field, node, ordinal, label, evenIfShared in
      let property = field.assumingMemoryBound(to: P.self)
      if !evenIfShared, property.pointee.isLinked(elsewhereThan: node, ordinal: ordinal) {
        return false
      }
      property.pointee._link(to: node, ordinal: ordinal, label: label)
      return true
    }
  }
}

/// Lets a plan see through `Optional` to the wrapped type.
protocol OptionalProtocol {
  static var wrappedType: any Any.Type { get }

  /// A comparison of two optionals at the addresses: both nil are equal, one nil is not, and
  /// two values are compared by `wrapped`, given the addresses of copies of them.
  static func payloads(
    _ wrapped: @escaping (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  ) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool
}

extension Optional: OptionalProtocol {
  static var wrappedType: any Any.Type { Wrapped.self }

  static func payloads(
    _ wrapped: @escaping (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  ) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
    { old, new in
      // Read as the optional type itself: a payload's nil may be stored in its spare bits.
      let old = old.assumingMemoryBound(to: Wrapped?.self).pointee
      let new = new.assumingMemoryBound(to: Wrapped?.self).pointee
      switch (old, new) {
      case (nil, nil): return true
      case (let old?, let new?):
        return withUnsafeBytes(of: old) { old in
          withUnsafeBytes(of: new) { new in
            // A value of no size has nothing to differ in.
            guard let old = old.baseAddress, let new = new.baseAddress else { return true }
            return wrapped(old, new)
          }
        }
      default: return false
      }
    }
  }
}

/// An array whose elements have no `==` (an array of model objects, the most common row
/// input): the same storage is the same input, as SwiftUI compares it, and so are two arrays
/// whose elements are the same objects (or the same plain data) in the same order, however
/// they were built (a `filter` in the parent's body makes a new array every run). Any other
/// array is never equal.
protocol ArrayInput {
  /// Whether the arrays at the two addresses hold the same elements.
  static var sameElements: (UnsafeRawPointer, UnsafeRawPointer) -> Bool { get }
}

extension Array: ArrayInput {
  static var sameElements: (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
    // Bits compare class instances by identity and plain data by value; anything else (a
    // struct holding references) cannot be compared by its bits.
    let comparesBits = Element.self is AnyClass || _isPOD(Element.self)
    return { old, new in
      if ComparisonPlan.bitsEqual(old, new, MemoryLayout<[Element]>.size) { return true }
      guard comparesBits else { return false }
      let old = old.assumingMemoryBound(to: [Element].self).pointee
      let new = new.assumingMemoryBound(to: [Element].self).pointee
      guard old.count == new.count else { return false }
      return old.withUnsafeBytes { old in
        new.withUnsafeBytes { new in
          old.isEmpty || ComparisonPlan.bitsEqual(old.baseAddress!, new.baseAddress!, old.count)
        }
      }
    }
  }
}

/// The comparison rules for a value whose type is known only at run time (a property of
/// protocol type).
enum DynamicInputComparison {
  static func equal(_ old: Any, _ new: Any) -> Bool {
    if old is any RuntimeOwnedProperty { return true }
    if let old = old as? any Equatable { return old.isEqualToAny(new) }
    if type(of: old) is AnyClass, type(of: new) is AnyClass {
      return (old as AnyObject) === (new as AnyObject)
    }
    return false
  }
}

/// A view that compares its inputs its own way (a custom modifier's body).
@MainActor
protocol CustomInputComparison {
  /// `nil` when the inputs equal those of `old` (a value of the same type); otherwise the names
  /// of the inputs that differ.
  func changedInputs(since old: Any) -> [String]?
}

/// An element type of a `ForEach` that tells itself when two of its values are the same
/// element (`ForEach($items)`'s elements: the same source, id and value), rather than being
/// compared by the element plan's rules.
protocol SelfComparedElement {
  /// Whether two values are the same element; made once per type, when its plan is built.
  @MainActor static func makeSameElement() -> @MainActor (Self, Self) -> Bool
}

/// Marks the property wrappers whose storage the runtime owns (not inputs of a view).
protocol RuntimeOwnedProperty {}

/// A wrapper that holds nothing but an object and compares by the object's identity
/// (`@ObservedObject`, `@Bindable`): two values are the same input when their bits are.
protocol ObjectIdentityInput {}

extension ObjectIdentityInput {
  static var size: Int { MemoryLayout<Self>.size }
}

/// A binding: two bindings compare equal when they have the same known source (its
/// `sourceIdentity` property, which every conforming type has).
protocol BindingIdentity {}

extension Equatable {
  /// `==` against a value of unknown type: false when the types differ.
  func isEqualToAny(_ other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
