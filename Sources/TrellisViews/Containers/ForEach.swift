import TrellisGraph

/// One view per element of a collection, each with the identity of its element's id, like
/// SwiftUI's `ForEach`.
///
/// - Keyed by id (`Identifiable` elements or `id:` key path): a row's state follows its
///   element through insertions, deletions and moves.
/// - `id: \.self` over positions, or a constant range: identity is the position, so state
///   stays with the position.
/// - A constant range (`ForEach(0..<3)`) whose count changes is reported (use `id:` for
///   dynamic ranges); the new range is used, so content is never asked for an index that is
///   out of range.
/// - Duplicate ids: one diagnostic per update naming them and the enclosing view; the first
///   element with a given id is shown, later ones are skipped. Never a crash.
///
/// Each element's content is evaluated in its own tracked computation, so a change read only
/// by one row's content re-runs that row alone: the cost of one row's change does not depend
/// on how many rows there are.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  /// The elements.
  public let data: Data
  let identify: (Data.Element) -> ID
  let content: @MainActor (Data.Element) -> Content
  let isConstantRange: Bool

  /// Creates views over `data`, identified by `id`.
  /// - Parameters:
  ///   - data: the elements.
  ///   - id: the key path to each element's identity.
  ///   - content: the view for an element.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    self.data = data
    identify = { $0[keyPath: id] }
    self.content = content
    isConstantRange = false
  }

  /// Renders one child per element (see the type's notes for identity rules).
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: "ForEach", showsInTree: false)
    if view.isConstantRange { checkConstantRange(view, in: node) }
    var seen = Set<ID>(minimumCapacity: view.data.count)
    var duplicates: [ID] = []
    node.updateChildren { children in
      for element in view.data {
        let id = view.identify(element)
        guard seen.insert(id).inserted else {
          duplicates.append(id)
          continue
        }
        let key = AnyHashable(id)
        children.update(
          .id(key), ForEachElement(element: element, content: view.content), explicitID: key)
      }
    }
    if !duplicates.isEmpty { reportDuplicates(duplicates, in: node) }
  }

  private static func reportDuplicates(_ duplicates: [ID], in node: ViewNode) {
    let shown = duplicates.prefix(10).map { "\($0)" }.joined(separator: ", ")
    GraphDiagnostics.report(
      GraphDiagnostic(
        kind: .invalidInput, nodes: [node.enclosingViewName],
        message:
          "ForEach in \(node.enclosingViewName) has duplicate ids (\(shown)); only the first "
          + "element with each id is shown. Give every element a unique id."))
  }

  private static func checkConstantRange(_ view: Self, in node: ViewNode) {
    let count = view.data.count
    if let initial = node.modifierState as? ConstantRangeCount {
      guard initial.count != count else { return }
      GraphDiagnostics.report(
        GraphDiagnostic(
          kind: .invalidInput, nodes: [node.enclosingViewName],
          message:
            "ForEach(_:content:) in \(node.enclosingViewName) was given a constant range of "
            + "\(initial.count) elements, now \(count). Use ForEach(_:id:content:) for a range "
            + "that changes; the new range is used."))
      initial.count = count
    } else {
      node.modifierState = ConstantRangeCount(count)
    }
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Creates views over identifiable `data`.
  /// - Parameters:
  ///   - data: the elements.
  ///   - content: the view for an element.
  public init(
    _ data: Data, @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    self.init(data, id: \.id, content: content)
  }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// Creates views over a constant range, identified by position.
  /// - Parameters:
  ///   - data: the range; it should not change (see the type's notes).
  ///   - content: the view for an index.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping @MainActor (Int) -> Content) {
    self.data = data
    identify = { $0 }
    self.content = content
    isConstantRange = true
  }
}

/// The count a constant-range `ForEach` started with.
final class ConstantRangeCount {
  var count: Int
  init(_ count: Int) { self.count = count }
}

/// One element of a `ForEach`: an internal composite whose "body" is the content closure
/// applied to the element, evaluated in its own tracked computation.
struct ForEachElement<Element, Content: View>: View {
  let element: Element
  let content: @MainActor (Element) -> Content

  var body: Content { content(element) }

  static func _update(_ view: Self, in node: ViewNode) {
    node.isInternal = true
    node.updateComposite(view)
  }
}
