import TrellisGraph

/// Where the focus is, as a view's state, like SwiftUI's `@FocusState`.
///
/// - `@FocusState var isFocused: Bool` with `.focused($isFocused)`: true while the control
///   below that modifier has the focus;
/// - `@FocusState var field: Field?` with `.focused($field, equals: .name)`: the value of the
///   focused control's modifier, nil when none of them has the focus.
///
/// Focus is the host's: one control at a time. It moves when the state is written (the control
/// bound to the new value takes it; writing false or nil takes it away), by the host's focus
/// drivers (`focusNext()`, `focusPrevious()`, `focus(_:)`, typing into a field), and it leaves
/// a control that is removed, disabled, or hidden by its container (a tab switched away, a row
/// scrolled out of a lazy container, a navigation level covered by a push), as it leaves a view
/// that goes off screen in SwiftUI; each move writes the state back, so the body that reads it
/// re-runs. A write made in the same action that inserts the control takes effect once
/// the control exists (at the end of the update's flush).
///
/// The state lives as long as the view's identity, like `@State`; reading it from a view that
/// was never mounted gives the empty value (false, nil) and writing it does nothing, each
/// reported as `@State` is, naming the property.
@propertyWrapper
@MainActor
public struct FocusState<Value: Hashable>: DynamicProperty, RuntimeOwnedProperty {
  let box: FocusStateBox<Value>

  /// Creates a Boolean focus state, false until its control is focused.
  /// - Parameters:
  ///   - function: filled in by the compiler: in a property declaration, the enclosing type.
  ///   - fileID: filled in by the compiler: where the state is declared.
  ///   - line: filled in by the compiler: where the state is declared.
  public init(
    function: StaticString = #function, fileID: StaticString = #fileID, line: UInt = #line
  )
  where Value == Bool {
    box = FocusStateBox(
      empty: false,
      declaration: PropertyDeclaration(function: function, fileID: fileID, line: line))
  }

  private init(box: FocusStateBox<Value>) { self.box = box }

  /// Creates an optional focus state, nil until a control bound to one of its values is
  /// focused.
  /// - Parameters:
  ///   - function: filled in by the compiler: in a property declaration, the enclosing type.
  ///   - fileID: filled in by the compiler: where the state is declared.
  ///   - line: filled in by the compiler: where the state is declared.
  public init<T: Hashable>(
    function: StaticString = #function, fileID: StaticString = #fileID, line: UInt = #line
  ) where Value == T? {
    box = FocusStateBox(
      empty: nil,
      declaration: PropertyDeclaration(function: function, fileID: fileID, line: line))
  }

  /// The focus as this state sees it; assigning moves the focus. Outside a mounted view, a
  /// read gives the empty value and a write does nothing, each reported.
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.write(newValue) }
  }

  /// A binding for `.focused(_:)` and `.focused(_:equals:)`.
  public var projectedValue: Binding { Binding(box: box) }

  /// A focus state passed to `.focused(_:)`, `.focused(_:equals:)` or another view, like
  /// SwiftUI's `FocusState.Binding`.
  ///
  /// As a view's input it compares by the state it binds (two bindings to one state are the
  /// same input).
  @propertyWrapper
  @MainActor
  public struct Binding: ObjectIdentityInput {
    let box: FocusStateBox<Value>

    /// The focus as the state sees it; assigning moves the focus.
    public var wrappedValue: Value {
      get { box.value }
      nonmutating set { box.write(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding { self }
  }

  /// Links the property to its slot in `node`, creating the slot on the first body run.
  public func _link(to node: ViewNode, ordinal: Int, label: String) {
    guard let composite = node.composite else { return }
    if let storage = composite.slot(ordinal) as? FocusStateStorage<Value> {
      box.storage = storage
      return
    }
    let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
    let owner = node.host.logsUpdates ? node.displayName : node.typeName
    let storage = FocusStateStorage(
      Cell(box.empty, name: "@FocusState \(owner).\(name)"), empty: box.empty, host: node.host,
      ownerName: node.typeName)
    composite.setSlot(ordinal, storage)
    box.storage = storage
  }
}

extension FocusState: PositionBoundProperty {
  func isLinked(elsewhereThan node: ViewNode, ordinal: Int) -> Bool {
    guard let storage = box.storage else { return false }
    return storage !== node.composite?.slot(ordinal)
  }

  func unlinkedCopy() -> FocusState {
    FocusState(box: FocusStateBox(empty: box.empty, declaration: box.declaration))
  }
}

/// What a `FocusState` value shares with its copies: its empty value and, once linked, its
/// slot.
@MainActor
final class FocusStateBox<Value: Hashable> {
  let empty: Value
  let declaration: PropertyDeclaration
  var storage: FocusStateStorage<Value>?

  init(empty: Value, declaration: PropertyDeclaration) {
    self.empty = empty
    self.declaration = declaration
  }

  /// The state's value; the empty value, reported, outside a mounted view.
  var value: Value {
    guard let storage else {
      reportUnmounted("read")
      return empty
    }
    return storage.cell.value
  }

  /// Moves the focus; outside a mounted view, reported and ignored.
  func write(_ newValue: Value) {
    guard let storage else {
      reportUnmounted("written")
      return
    }
    storage.write(newValue)
  }

  /// Found by a new user: `@State` read outside a mounted view was reported, `@FocusState`
  /// silently gave false.
  private func reportUnmounted(_ verb: String) {
    declaration.reportUseOutsideAMountedView(
      "@FocusState", wrapperType: FocusState<Value>.self, verb: verb,
      consequence: "has no focus to follow; reads give \(empty) and writes move nothing",
      kind: "focus state")
  }
}

/// A `@FocusState`'s slot with its value type erased, as the host's focus settles a write.
@MainActor
protocol FocusStateSlot: AnyObject {
  /// `@FocusState SignUpForm.field`, for diagnostics.
  var stateName: String { get }
  /// The type of the view that declares the state.
  var ownerName: String { get }
  /// The value when it is not the empty one (nil, false), as a diagnostic shows it (`email`,
  /// not `Optional(Field.email)`); nil when it is the empty one.
  var unmatchedValue: String? { get }
  /// Writes the empty value, as a move of the focus does.
  func clear()
}

/// The slot of one `@FocusState`: the cell that holds the value, and the host whose focus it
/// reflects.
@MainActor
final class FocusStateStorage<Value: Hashable>: FocusStateSlot {
  let cell: Cell<Value>
  /// The value when nothing bound to this state has the focus (false, nil).
  let empty: Value
  @HostReference var host: HostCore?
  let ownerName: String

  init(_ cell: Cell<Value>, empty: Value, host: HostCore, ownerName: String) {
    self.cell = cell
    self.empty = empty
    self.host = host
    self.ownerName = ownerName
  }

  var stateName: String { cell.name }

  var unmatchedValue: String? {
    let value = cell.untrackedValue
    guard value != empty else { return nil }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value {
      return "\(wrapped)"
    }
    return "\(value)"
  }

  func clear() { reflect(empty) }

  /// A write by the app: the focus follows at the end of the flush.
  func write(_ value: Value) {
    guard cell.untrackedValue != value else { return }
    guard let host else {
      cell.value = value
      return
    }
    let cell = self.cell
    host.writeState(ObjectIdentifier(self), named: cell.name) { [link = host.link] in
      let host = link.core
      cell.value = value
      host?.focus.stateWasWritten(self)
      // The focus follows at the settle even when no body reads the state: ask for a cycle
      // (inside one, the round's end sees the pending settle).
      host?.workScheduled()
    }
  }

  /// A write by the focus itself (a move), which must not move it again.
  func reflect(_ value: Value) {
    guard cell.untrackedValue != value else { return }
    guard let host else { return }
    let cell = self.cell
    host.writeState(ObjectIdentifier(self), named: cell.name) { cell.value = value }
  }
}
