/// A reusable change to a view, like SwiftUI's `ViewModifier`: its `body(content:)` wraps the
/// modified view, and it can hold `@State` and read `@Environment` like a view.
///
/// ```swift
/// struct Bordered: ViewModifier {
///   func body(content: Content) -> some View {
///     VStack { content; Text("—") }
///   }
/// }
/// Text("Hi").modifier(Bordered())
/// ```
@MainActor
public protocol ViewModifier {
  /// The type of view `body(content:)` returns.
  associatedtype Body: View
  /// The modified view, as the modifier's body sees it.
  typealias Content = ModifierContent

  /// Wraps `content`.
  /// - Parameter content: the modified view.
  /// - Returns: the modified result.
  @ViewBuilder func body(content: Content) -> Body

  /// Runtime entry point: brings `node` up to date with `content` modified by `modifier`.
  /// The default evaluates `body(content:)` like a view's body; built-in modifiers replace it.
  static func _apply<Modified: View>(_ modifier: Self, to content: Modified, in node: ViewNode)
}

extension ViewModifier {
  /// The default: the modifier's body runs in its own tracked computation, like a view's,
  /// named after the modifier in logs, diagnostics and the rendered tree.
  public static func _apply<Modified: View>(
    _ modifier: Self, to content: Modified, in node: ViewNode
  ) {
    if node.role == .unset { node.nameType = Self.self }
    node.updateComposite(ModifierBody(modifier: modifier, content: content))
  }
}

/// A built-in modifier that applies itself through `_apply(_:to:in:)` and has no
/// `body(content:)`.
///
/// Only built-in modifiers conform, so that a custom modifier that forgets `body(content:)`
/// fails to compile, as in SwiftUI.
public protocol _PrimitiveViewModifier: ViewModifier where Body == Never {}

extension _PrimitiveViewModifier {
  /// Built-in modifiers have no body; the runtime never calls this.
  public func body(content: Content) -> Never {
    fatalError("\(Self.self) is a built-in modifier and has no body.")
  }
}

/// The content placeholder a `ViewModifier`'s body receives: the modified view, type-erased.
public struct ModifierContent: View, _PrimitiveView {
  let content: AnyView

  /// Renders the modified view in place.
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setTransparent()
    node.updateChild(.index(0), view.content)
  }
}

/// A custom modifier's body, evaluated as a composite view named after the modifier.
struct ModifierBody<Modifier: ViewModifier, Modified: View>: View {
  var modifier: Modifier
  let content: Modified

  var body: Modifier.Body { modifier.body(content: ModifierContent(content: AnyView(content))) }
}

/// A custom modifier's body: the modifier value owns the dynamic properties (`@State`,
/// `@Environment`, …) that the runtime links before the body runs, and its inputs are the
/// modifier's properties and the modified view.
extension ModifierBody: CustomDynamicPropertyLinking, CustomInputComparison {
  mutating func linkDynamicProperties(to node: ViewNode) -> Bool {
    ComparisonPlan.plan(for: Modifier.self).linkDynamicProperties(of: &modifier, to: node)
  }

  static var updatesDynamicProperties: Bool {
    ComparisonPlan.plan(for: Modifier.self).hasDynamicPropertyUpdates
  }

  mutating func updateDynamicProperties() -> Bool {
    ComparisonPlan.plan(for: Modifier.self).updateDynamicProperties(of: &modifier)
  }

  /// The modifier's changed properties, and `content` when the modified view changed.
  func changedInputs(since old: Any) -> [String]? {
    guard let old = old as? Self else { return ["@self"] }
    var changed =
      ComparisonPlan.plan(for: Modifier.self).changedInputs(old.modifier, modifier) ?? []
    if ComparisonPlan.plan(for: Modified.self).changedInputs(old.content, content) != nil {
      changed.append("content")
    }
    return changed.isEmpty ? nil : changed
  }
}

/// A view with a modifier applied, like SwiftUI's `ModifiedContent`.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, _PrimitiveView {
  /// The modified view.
  public let content: Content
  /// The modifier.
  public let modifier: Modifier

  /// Creates the modified view.
  /// - Parameters:
  ///   - content: the view.
  ///   - modifier: the modifier.
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }

  /// Applies the modifier.
  public static func _update(_ view: Self, in node: ViewNode) {
    Modifier._apply(view.modifier, to: view.content, in: node)
  }
}

extension View {
  /// Applies `modifier` to this view.
  /// - Parameter modifier: the modifier.
  /// - Returns: the modified view.
  public func modifier<Modifier: ViewModifier>(
    _ modifier: Modifier
  ) -> ModifiedContent<Self, Modifier> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

extension ViewNode {
  /// Renders a built-in modifier: a transparent node around the content, named after the
  /// content in lifecycle logs.
  func updateModifier<Content: View>(content: Content) {
    setTransparent(isModifier: true)
    updateChild(.index(0), content)
  }
}
