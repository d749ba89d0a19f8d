@_spi(Reflection) import Swift
import TrellisGraph

/// State owned by a view: a value the runtime keeps for as long as the view's identity lives,
/// and whose changes re-run the body that reads it.
///
/// Mirrors SwiftUI's `@State`, with one difference:
/// - the initial value is evaluated once per identity, lazily, when the body first runs (the
///   wrapped-value expression is an autoclosure), where SwiftUI evaluates it at every `init` of
///   the view value and keeps the first; either way, later parent updates passing other
///   initial values do not reset it;
/// - the value resets when the identity changes (another `if` branch, a new `.id`, a new
///   `ForEach` element);
/// - `$value` is a `Binding` to it;
/// - assigning an equal value (for `Equatable` values) changes nothing.
///
/// Bad input, reported through `TrellisDiagnostics`:
/// - writing it while a body of the same host is being evaluated (SwiftUI's "modifying state
///   during view update") reports a `modifiedDuringUpdate` diagnostic once per state per
///   update, naming the view and the state ("Counter wrote @State Counter.count while its body
///   was being evaluated; …"), and applies the write after the bodies have run (never
///   re-entrantly; see `UpdateCycle`);
/// - reading it from a view value that was never mounted (outside any body) reports it, naming
///   the view type and the property where they can be found, and returns the initial value;
///   writing it there reports it and is ignored.
@propertyWrapper
@MainActor
public struct State<Value>: DynamicProperty, RuntimeOwnedProperty {
  let box: StateBox<Value>

  private init(box: StateBox<Value>) { self.box = box }

  /// Creates state with a lazily evaluated initial value.
  /// - Parameters:
  ///   - wrappedValue: the initial value, evaluated once per identity.
  ///   - function: filled in by the compiler: in a property declaration, the enclosing type.
  ///   - fileID: filled in by the compiler: where the state is declared.
  ///   - line: filled in by the compiler: where the state is declared.
  public init(
    wrappedValue: @autoclosure @escaping () -> Value, function: StaticString = #function,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    box = StateBox(
      initial: wrappedValue,
      declaration: PropertyDeclaration(function: function, fileID: fileID, line: line))
  }

  /// Creates state with an initial value (SwiftUI's older spelling).
  /// - Parameters:
  ///   - initialValue: the initial value.
  ///   - function: filled in by the compiler: in a property declaration, the enclosing type.
  ///   - fileID: filled in by the compiler: where the state is declared.
  ///   - line: filled in by the compiler: where the state is declared.
  public init(
    initialValue: Value, function: StaticString = #function, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    box = StateBox(
      initial: { initialValue },
      declaration: PropertyDeclaration(function: function, fileID: fileID, line: line))
  }

  /// The current value; reading it in a body makes the body depend on it.
  public var wrappedValue: Value {
    get {
      guard let storage = box.storage else {
        box.reportUnmounted("read")
        return box.initialValue()
      }
      return storage.cell.value
    }
    nonmutating set { box.write(newValue) }
  }

  /// A binding that reads and writes this state.
  public var projectedValue: Binding<Value> {
    let box = self.box
    return Binding(
      get: {
        // Reported as a direct read is (found by a new user: only the write was).
        guard let storage = box.storage else {
          box.reportUnmounted("read")
          return box.initialValue()
        }
        return storage.cell.value
      }, set: { box.write($0) },
      source: box.storage.map { AnyHashable(ObjectIdentifier($0)) })
  }

  /// Links this property to its slot in `node`, creating the slot on the first body run.
  public func _link(to node: ViewNode, ordinal: Int, label: String) {
    guard let composite = node.composite else { return }
    if let storage = composite.slot(ordinal) as? StateStorage<Value> {
      box.link(storage)
      return
    }
    let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
    let owner = node.host.logsUpdates ? node.displayName : node.typeName
    let initial = box.initialValue()
    let cell = Cell(initial, name: "@State \(owner).\(name)")
    cell.role = .state
    let storage = StateStorage(cell, initial: initial, host: node.host)
    composite.setSlot(ordinal, storage)
    box.link(storage)
  }
}

extension State: PositionBoundProperty {
  func isLinked(elsewhereThan node: ViewNode, ordinal: Int) -> Bool {
    guard let storage = box.storage else { return false }
    return storage !== node.composite?.slot(ordinal)
  }

  func unlinkedCopy() -> State { State(box: box.unlinkedCopy()) }
}

/// The slot of one `@State` in its view's node: the graph cell that holds the value, and the
/// host whose write rule applies to it.
@MainActor
final class StateStorage<Value> {
  let cell: Cell<Value>
  /// The value the state started with, for a view value that is shown again under another
  /// identity (a destination pushed a second time): it starts from this, not from this
  /// identity's current value.
  let initial: Value
  /// Not retained: a binding to the state may outlive the host.
  @HostReference var host: HostCore?

  init(_ cell: Cell<Value>, initial: Value, host: HostCore) {
    self.cell = cell
    self.initial = initial
    self.host = host
  }

  func write(_ newValue: Value) {
    if let old = cell.untrackedValue as? any Equatable, old.isEqualToAny(newValue) { return }
    guard let host else {
      cell.value = newValue
      return
    }
    let cell = self.cell
    host.writeState(ObjectIdentifier(self), named: cell.name) { cell.value = newValue }
  }
}

/// The reference a `State` value shares with its copies: the initial-value closure and, once
/// linked, the node's slot.
///
/// Once linked, the box lets go of the initial-value closure: the view value that holds the
/// box is kept by its node, and a closure that captured what owns the host (as
/// `State(wrappedValue: model())` in an initializer does) would otherwise keep the host alive.
/// The value the storage started with stands in for it, so that the same view value shown
/// under a new identity starts from its initial value, as in SwiftUI.
@MainActor
final class StateBox<Value> {
  private var initial: (() -> Value)?
  let declaration: PropertyDeclaration
  private(set) var storage: StateStorage<Value>?

  init(initial: @escaping () -> Value, declaration: PropertyDeclaration) {
    self.initial = initial
    self.declaration = declaration
  }

  /// The initial value: from the closure before the state is linked, from the storage (the
  /// value the storage started with) after.
  func initialValue() -> Value {
    if let initial { return initial() }
    return storage!.initial
  }

  /// A box for another place that shows the same view value: not linked, starting from this
  /// state's initial value.
  func unlinkedCopy() -> StateBox {
    let initial = initialValue()
    return StateBox(initial: { initial }, declaration: declaration)
  }

  func link(_ storage: StateStorage<Value>) {
    self.storage = storage
    initial = nil
  }

  func write(_ newValue: Value) {
    guard let storage else {
      reportUnmounted("written")
      return
    }
    storage.write(newValue)
  }

  func reportUnmounted(_ verb: String) {
    declaration.reportUseOutsideAMountedView(
      "@State", wrapperType: State<Value>.self, verb: verb,
      consequence: "has no storage; reads give the initial value and writes are ignored",
      kind: "state")
  }
}

extension HostCore {
  /// The rule for writing `@State` during an update, in one place: a write made while a body
  /// of this host is being evaluated, or a container's content closure (`ForEach`, a lazy
  /// list's rows), is reported (once per state per update, naming the view and the state) and
  /// applied after the flush, before the commit; any other write applies at once and schedules
  /// the bodies that read the state.
  func writeState(
    _ state: ObjectIdentifier, named name: @autoclosure () -> String,
    _ write: @escaping @MainActor () -> Void
  ) {
    guard let writer = evaluatingNode else {
      write()
      return
    }
    if reportedBodyWrites.insert(state).inserted {
      let stateName = name()
      let what =
        writer.role.isNamedComposite
        ? "\(writer.displayName) wrote \(stateName) while its body was being evaluated"
        : "The content closure of \(writer.typeName) in \(writer.enclosingViewName) wrote "
          + "\(stateName) while it was being evaluated"
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .modifiedDuringUpdate, nodes: [writer.diagnosticName, stateName],
          message:
            "\(what); the write is applied after the update. Move it to an action, onAppear, "
            + "onChange or a task."))
    }
    deferredWrites.append(write)
  }
}
