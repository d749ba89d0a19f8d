import TrellisGraph

/// State owned by a view: a value the runtime keeps for as long as the view's identity lives,
/// and whose changes re-run the body that reads it.
///
/// Mirrors SwiftUI's `@State`:
/// - the initial value is evaluated once per identity, lazily, when the body first runs (the
///   wrapped-value expression is an autoclosure); later parent updates passing other initial
///   values do not reset it;
/// - the value resets when the identity changes (another `if` branch, a new `.id`, a new
///   `ForEach` element);
/// - `$value` is a `Binding` to it;
/// - assigning an equal value (for `Equatable` values) changes nothing.
///
/// Bad input, reported through `GraphDiagnostics`:
/// - writing it while a body is being evaluated reports "modifying state during view update",
///   naming the view and the state, and applies the write after the evaluation (never
///   re-entrantly);
/// - reading it from a view value that was never mounted (outside any body) reports it and
///   returns the initial value; writing it there reports it and is ignored.
@propertyWrapper
@MainActor
public struct State<Value>: DynamicProperty, RuntimeOwnedProperty {
  let box: StateBox<Value>

  /// Creates state with a lazily evaluated initial value.
  /// - Parameter wrappedValue: the initial value, evaluated once per identity.
  public init(wrappedValue: @autoclosure @escaping () -> Value) {
    box = StateBox(initial: wrappedValue)
  }

  /// Creates state with an initial value (SwiftUI's older spelling).
  /// - Parameter initialValue: the initial value.
  public init(initialValue: Value) {
    box = StateBox(initial: { initialValue })
  }

  /// The current value; reading it in a body makes the body depend on it.
  public var wrappedValue: Value {
    get {
      guard let cell = box.cell else {
        box.reportUnmounted("read")
        return box.initial()
      }
      return cell.value
    }
    nonmutating set { box.write(newValue) }
  }

  /// A binding that reads and writes this state.
  public var projectedValue: Binding<Value> {
    let box = self.box
    return Binding(
      get: { box.cell?.value ?? box.initial() }, set: { box.write($0) },
      source: box.cell.map { AnyHashable(ObjectIdentifier($0)) })
  }

  /// Links this property to its slot in `node`, creating the slot on the first body run.
  public func _link(to node: ViewNode, ordinal: Int, label: String) {
    if let cell = node.slots[ordinal] as? Cell<Value> {
      box.cell = cell
      return
    }
    let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
    let cell = Cell(box.initial(), name: "@State \(node.displayName).\(name)")
    node.slots[ordinal] = cell
    box.cell = cell
  }
}

/// The reference a `State` value shares with its copies: the initial-value closure and, once
/// linked, the runtime's cell.
@MainActor
final class StateBox<Value> {
  let initial: () -> Value
  var cell: Cell<Value>?

  init(initial: @escaping () -> Value) { self.initial = initial }

  func write(_ newValue: Value) {
    guard let cell else {
      reportUnmounted("written")
      return
    }
    if let old = cell.untrackedValue as? any Equatable, old.isEqualToAny(newValue) { return }
    if let node = ViewNode.evaluatingBody {
      // One report per state per update: a body that writes on every evaluation would
      // otherwise repeat it for every round until the update cycle is stopped.
      if ViewNode.reportedBodyWrites.insert(ObjectIdentifier(cell)).inserted {
        reportWriteDuringBody(by: node, to: cell)
      }
      GraphEvaluation.afterEvaluation { cell.value = newValue }
      return
    }
    cell.value = newValue
  }

  private func reportWriteDuringBody(by node: ViewNode, to cell: Cell<Value>) {
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .modifiedDuringUpdate, nodes: [node.displayName, cell.name],
        message:
          "\(node.displayName) wrote \(cell.name) while its body was being evaluated; the "
          + "write is applied after the update. Move it to an action, onAppear, onChange or "
          + "a task."))
  }

  func reportUnmounted(_ verb: String) {
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .invalidInput, nodes: ["State<\(Value.self)>"],
        message:
          "State<\(Value.self)> was \(verb) outside of a mounted view, so it has no storage; "
          + "reads give the initial value and writes are ignored. Read state only from body, "
          + "actions and lifecycle callbacks of a mounted view."))
  }
}
