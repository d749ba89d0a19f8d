import TrellisGraph

/// Which fields' submission an `.onSubmit` action answers, like SwiftUI's `SubmitTriggers`.
public struct SubmitTriggers: OptionSet, Hashable, Sendable {
  /// The bits.
  public let rawValue: Int

  /// Creates triggers from bits.
  /// - Parameter rawValue: the bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Text fields and secure fields.
  public static let text = SubmitTriggers(rawValue: 1)
  /// The search field of `.searchable`.
  public static let search = SubmitTriggers(rawValue: 2)
}

extension View {
  /// Runs `action` when a field in this view is submitted, like SwiftUI's
  /// `.onSubmit(of:_:)`. A submission runs every enclosing `.onSubmit` action for its trigger,
  /// innermost first, up to the nearest `.submitScope()`.
  /// - Parameters:
  ///   - triggers: the fields it answers (default `.text`).
  ///   - action: what submitting does.
  /// - Returns: the modified view.
  public func onSubmit(
    of triggers: SubmitTriggers = .text, _ action: @escaping @MainActor () -> Void
  ) -> ModifiedContent<Self, SubmitModifier> {
    modifier(SubmitModifier(triggers: triggers, action: action, isBlocking: false))
  }

  /// Stops submissions from fields in this view from reaching `.onSubmit` actions above it,
  /// like SwiftUI's `.submitScope(_:)`.
  /// - Parameter isBlocking: whether the scope blocks (default true).
  /// - Returns: the modified view.
  public func submitScope(_ isBlocking: Bool = true) -> ModifiedContent<Self, SubmitModifier> {
    modifier(SubmitModifier(triggers: [], action: nil, isBlocking: isBlocking))
  }
}

/// The modifier behind `.onSubmit(of:_:)` and `.submitScope(_:)`.
public struct SubmitModifier: _PrimitiveViewModifier {
  let triggers: SubmitTriggers
  let action: (@MainActor () -> Void)?
  let isBlocking: Bool

  /// Gives the subtree a submit scope (once) holding the latest action.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    let scope = node.parts.part(SubmitScope.self) {
      let outer = GraphEvaluation.untracked { node.environment.object(SubmitScope.self) }
      let scope = SubmitScope(outer: outer)
      node.ensureOwnEnvironment()
      node.environment.setObject(scope)
      return scope
    }
    scope.triggers = modifier.triggers
    scope.action = modifier.action
    scope.isBlocking = modifier.isBlocking
    node.updateModifier(content: content)
  }
}

/// One `.onSubmit` (or `.submitScope`) in the environment of the fields below it, with the
/// one above it.
@MainActor
final class SubmitScope: NodePart {
  let outer: SubmitScope?
  var triggers: SubmitTriggers = []
  var action: (@MainActor () -> Void)?
  var isBlocking = false

  init(outer: SubmitScope?) { self.outer = outer }
}
