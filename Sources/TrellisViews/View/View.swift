/// A piece of user interface described as a value: a `body` built from other views.
///
/// Mirrors SwiftUI's `View`. A view is a short-lived description; the runtime keeps what
/// persists (state, subscriptions, tasks) in a node keyed by the view's identity, and
/// re-evaluates `body` only when something the body read changed: a `@State`, an
/// `@Environment` key, a tracked property of a model, or the view's own inputs.
///
/// ```swift
/// struct Counter: View {
///   @State private var count = 0
///   var body: some View {
///     Button("Count: \(count)") { count += 1 }
///   }
/// }
/// ```
///
/// Body evaluation must be pure: the runtime may call it whenever it needs to. Writing state
/// from `body` is reported and deferred (see `State`).
///
/// **Existence and visibility are two things**, as in SwiftUI. A view's state lives as long as
/// its identity: it is created when the identity first appears in the tree and destroyed when
/// the identity leaves it. `onAppear`, `onDisappear` and `.task` follow visibility instead:
/// a view appears when it is attached and shown, and disappears when it is removed *or
/// hidden*.
/// - Containers that **retain** hidden children (their state, computations and subscriptions
///   stay; they disappear and their tasks are cancelled, and they appear again with their
///   state when shown): `TabView` (the tabs not selected), the lazy containers (`List`,
///   `LazyVStack`, `LazyHStack`: rows scrolled out of the viewport, up to
///   `ViewHostOptions.lazyRowRetention` of them) and the covered levels of a
///   `NavigationStack` or `NavigationSplitView`.
/// - What **destroys** a child (its state is gone; showing it again starts fresh): an `if`
///   whose branch changes, a `ForEach` element removed from its data, a different `.id`, a
///   popped navigation level, a dismissed or replaced presentation, a lazy row evicted beyond
///   the retention limit.
@MainActor
public protocol View {
  /// The type of view this view's body returns.
  associatedtype Body: View

  /// The content of this view, re-evaluated when anything it read changes.
  @ViewBuilder var body: Body { get }

  /// Runtime entry point: brings `node` up to date with `view`. The default implementation
  /// is the composite behaviour (evaluate `body` in its own tracked computation); built-in
  /// primitives replace it. Not meant to be called or implemented by users.
  static func _update(_ view: Self, in node: ViewNode)
}

extension View {
  /// The composite behaviour: the view's body is evaluated by its own tracked computation.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.updateComposite(view)
  }
}

/// A built-in view that renders itself through `_update(_:in:)` and has no `body`.
///
/// Only built-in views conform. The `body` of a primitive comes from this protocol, never from
/// `View` itself, so that a view that forgets its `body` fails to compile ("type does not
/// conform to protocol 'View'"), as in SwiftUI, instead of stopping at mount.
public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
  /// Primitive views have no body; the runtime never asks for it.
  public var body: Never {
    fatalError("\(Self.self) is a primitive view and has no body.")
  }
}

extension Never: View {
  /// `Never` has no body.
  public typealias Body = Never

  /// `Never` has no value, so this is never called.
  public var body: Never { self }
}

/// A view that renders nothing and takes no space.
///
/// Mirrors SwiftUI's `EmptyView`.
public struct EmptyView: View, _PrimitiveView {
  /// Creates an empty view.
  public init() {}

  /// Renders nothing.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
  }
}
