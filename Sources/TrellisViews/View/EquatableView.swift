/// A view whose body re-runs only when its `==` says the view changed, like SwiftUI's
/// `EquatableView`; `.equatable()` makes one.
///
/// Without it, the runtime decides whether a child's inputs changed by its own rules (see
/// `Dependency` in the documentation): a view made only of plain data (`Int`, `Double`, `Bool`
/// and structs of them; no `String`, class, closure or `@State`) is compared field by field
/// even when it conforms to `Equatable`, because its `==` is assumed to be a true equality;
/// any other `Equatable` view is compared with its `==`. `EquatableView` always uses `==`, so
/// an `==` that leaves fields out (a view that shows a rounded value, say) skips the body for
/// changes it ignores, exactly as SwiftUI does.
///
/// The wrapper adds nothing to the rendered tree, the body-run log or diagnostics: the view
/// keeps its own name, state and environment. Wrapping a primitive view (one without a body)
/// changes nothing: it has no body to skip.
///
/// ```swift
/// struct Temperature: View, Equatable {
///   let celsius: Double
///   static func == (a: Self, b: Self) -> Bool { a.celsius.rounded() == b.celsius.rounded() }
///   var body: some View { Text("\(Int(celsius.rounded())) °C") }
/// }
/// Temperature(celsius: reading).equatable()
/// ```
public struct EquatableView<Content: View & Equatable>: View, _PrimitiveView {
  /// The view compared with `==`.
  public var content: Content

  /// Wraps `content`.
  /// - Parameter content: the view whose `==` decides whether its body re-runs.
  public init(content: Content) { self.content = content }

  /// Brings the content up to date, running its body only when `==` says it changed.
  public static func _update(_ view: Self, in node: ViewNode) {
    if Content.self is any _PrimitiveView.Type {
      node.setTransparent()
      node.updateChild(.index(0), view.content)
      return
    }
    if node.role == .unset { node.nameType = Content.self }
    node.updateComposite(EqualityComparedBody(content: view.content))
  }
}

extension View where Self: Equatable {
  /// Compares this view with `==` to decide whether its body re-runs, like SwiftUI's
  /// `.equatable()`.
  ///
  /// Needed only for a view made of plain data whose `==` leaves something out: any other
  /// `Equatable` view is already compared with its `==` (see `EquatableView`).
  /// - Returns: the view wrapped in an `EquatableView`.
  public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}

/// The body of an `EquatableView`'s content, evaluated as a composite view named after the
/// content: the content owns the dynamic properties, and its `==` is the only input
/// comparison.
struct EqualityComparedBody<Content: View & Equatable>: View {
  var content: Content

  var body: Content.Body { content.body }
}

extension EqualityComparedBody: CustomDynamicPropertyLinking, CustomInputComparison {
  mutating func linkDynamicProperties(to node: ViewNode) -> Bool {
    ComparisonPlan.plan(for: Content.self).linkDynamicProperties(of: &content, to: node)
  }

  static var updatesDynamicProperties: Bool {
    ComparisonPlan.plan(for: Content.self).hasDynamicPropertyUpdates
  }

  mutating func updateDynamicProperties() -> Bool {
    ComparisonPlan.plan(for: Content.self).updateDynamicProperties(of: &content)
  }

  /// `["@self"]` when `==` says the content changed.
  func changedInputs(since old: Any) -> [String]? {
    guard let old = old as? Self else { return ["@self"] }
    return old.content == content ? nil : ["@self"]
  }
}
