import TrellisGraph

/// A scrollable view, like SwiftUI's `ScrollView`. Headless: a container of its content, which
/// stays eager (every view in it exists and appears), except inside a `LazyVStack` or
/// `LazyHStack`: the viewport a renderer reports for the scroll view's element (or
/// `ViewHost.scroll(toRow:visibleRows:)`) decides which of a lazy stack's rows are realized.
///
/// Retains: everything in it, shown; only the lazy stacks inside hide rows (see `LazyVStack`).
public struct ScrollView<Content: View>: View, _PrimitiveView {
  let axes: Axis.Set
  let content: Content

  /// Creates a scroll view.
  /// - Parameters:
  ///   - axes: the directions it scrolls in (default vertical); shown as `axes=`.
  ///   - showsIndicators: whether a renderer should draw scroll indicators (not kept by the
  ///     headless tree).
  ///   - content: the scrolled content.
  public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
    @ViewBuilder content: () -> Content
  ) {
    self.axes = axes
    self.content = content()
  }

  /// Renders `ScrollView` around the content, and hands its viewport down to the lazy stacks
  /// inside.
  public static func _update(_ view: Self, in node: ViewNode) {
    if node.role == .unset {
      node.setContainer(kind: .scrollView)
      let context = ScrollContext(element: node.elementID!)
      node.environment = node.environment.child(named: node.enclosingViewName)
      node.environment.setObject(context)
      _ = node.parts.part(ScrollPart.self) { ScrollPart(context: context) }
    }
    node.setAttributes([.scrollAxes(view.axes)])
    node.updateChild(.index(0), view.content)
  }
}

/// The scroll view a lazy stack is in: its element (whose viewport applies) and the lazy
/// stacks to tell when that viewport changes. Reaches them through the environment.
@MainActor
final class ScrollContext {
  let element: ElementID
  private var containers: [WeakLazyRows] = []

  init(element: ElementID) { self.element = element }

  func register(_ container: LazyRowsPart) {
    containers.removeAll { $0.part == nil }
    containers.append(WeakLazyRows(part: container))
  }

  func viewportDidChange() {
    for container in containers { container.part?.viewportDidChange() }
  }
}

/// A lazy container, held without keeping it.
@MainActor
struct WeakLazyRows {
  weak var part: LazyRowsPart?
}

/// A scroll view's part: its context, found from its element when a viewport is reported.
@MainActor
final class ScrollPart: NodePart {
  let context: ScrollContext
  init(context: ScrollContext) { self.context = context }
}

/// A direction along which content is laid out or scrolls, like SwiftUI's `Axis`.
public enum Axis: Int8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Leading to trailing.
  case horizontal
  /// Top to bottom.
  case vertical

  /// `horizontal` or `vertical`.
  public var description: String { self == .horizontal ? "horizontal" : "vertical" }

  /// A set of axes, like SwiftUI's `Axis.Set`.
  public struct Set: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bits: 1 horizontal, 2 vertical.
    public let rawValue: Int8

    /// Creates a set from its bits.
    /// - Parameter rawValue: 1 horizontal, 2 vertical.
    public init(rawValue: Int8) { self.rawValue = rawValue }

    /// The horizontal axis.
    public static let horizontal = Set(rawValue: 1)
    /// The vertical axis.
    public static let vertical = Set(rawValue: 2)

    /// `vertical`, `horizontal`, `horizontal,vertical` or `none`.
    public var description: String {
      var names: [String] = []
      if contains(.horizontal) { names.append("horizontal") }
      if contains(.vertical) { names.append("vertical") }
      return names.isEmpty ? "none" : names.joined(separator: ",")
    }
  }
}

extension HostCore {
  /// A renderer (or a driver) reported a new viewport for `element`: the lazy container that
  /// owns it, or the lazy stacks inside the scroll view that owns it, realize their new range
  /// at the next flush.
  func viewportDidChange(for element: ElementID) {
    guard let node = elements.owner(of: element), node.isMounted else { return }
    let lazyRows = node.parts[LazyRowsPart.self]
    let scroll = node.parts[ScrollPart.self]
    lazyRows?.viewportDidChange()
    scroll?.context.viewportDidChange()
    if let viewport = viewports[element], let problem = viewport.problem {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(element)", node.diagnosticName],
          message:
            "reportViewport(_:for:): the viewport reported for element \(element) (a "
            + "\(node.typeName) in \(node.diagnosticName)) has \(problem)."))
    }
    if lazyRows == nil && scroll == nil {
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: ["\(element)", node.diagnosticName],
          message:
            "reportViewport(_:for:): element \(element) (a \(node.typeName) in "
            + "\(node.diagnosticName)) does not "
            + "scroll; only a List, LazyVStack, LazyHStack or ScrollView has a viewport. The "
            + "viewport is ignored."))
    }
  }
}
