/// SwiftUI's name for the view an `if`/`else` or a `switch` builds.
public typealias _ConditionalContent<TrueContent: View, FalseContent: View> =
  ConditionalContent<TrueContent, FalseContent>

/// One of two views, as `if`/`else` and `switch` build. Each branch is a distinct identity:
/// flipping the condition destroys the state of the branch that goes away.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, _PrimitiveView {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }

  let storage: Storage

  /// Reconciles the branch that is present, under that branch's identity.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    switch view.storage {
    case .trueContent(let content): node.updateChild(.branch(true), content)
    case .falseContent(let content): node.updateChild(.branch(false), content)
    }
  }
}

extension Optional: View, _PrimitiveView where Wrapped: View {
  /// `Optional` views have no body of their own.
  public typealias Body = Never

  /// Reconciles the wrapped view when present; when absent the slot stays, empty, so the
  /// siblings keep their positions.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    if let view {
      node.updateChild(.branch(true), view)
    } else if !node.children.isEmpty {
      node.updateChildren { _ in }
    }
  }
}
