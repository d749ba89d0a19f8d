import TrellisGraph

/// A choice of one value among options, like SwiftUI's `Picker`. Each option is a view tagged
/// with its value (`Text("All").tag(Filter.all)`); options made by `ForEach` without a tag are
/// tagged with their id, as in SwiftUI.
///
/// In the rendered tree: `Picker "title" selection=…` around its options, each option carrying
/// `tag=…` (or, for a `ForEach` option, its identity). A host selects an option by its label
/// with `ViewHost.select(_:in:)`. The selection is read in the picker's own computation, so a
/// new selection changes the picker's attribute and re-runs only the bodies that read it.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, _PrimitiveView {
  let title: String?
  let label: Label
  let selection: Binding<SelectionValue>
  let content: Content

  /// Creates a picker with a label built from views.
  /// - Parameters:
  ///   - selection: the selected value.
  ///   - content: the options, each tagged with its value.
  ///   - label: the label.
  public init(
    selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content,
    @ViewBuilder label: () -> Label
  ) {
    title = nil
    self.label = label()
    self.selection = selection
    self.content = content()
  }

  /// Renders `Picker` around its options (after its label, for a label built from views).
  public static func _update(_ view: Self, in node: ViewNode) {
    node.setContainer(kind: .picker)
    node.setContainerText(view.title)
    let part = node.parts.part(PickerPart<SelectionValue>.self) {
      PickerPart(node: node, selection: view.selection)
    }
    part.selection = view.selection
    part.hasLabelChild = view.title == nil
    part.refresh()
    // The options may have changed without the selection: check them again once built.
    part.queueSelectionCheck()
    if view.title == nil {
      node.updateChildren { children in
        children.update(.index(0), view.label)
        children.update(.index(1), view.content)
      }
    } else {
      node.updateChild(.index(0), view.content)
    }
  }
}

extension Picker where Label == Text {
  /// Creates a picker titled `titleKey`.
  /// - Parameters:
  ///   - titleKey: the title.
  ///   - selection: the selected value.
  ///   - content: the options, each tagged with its value.
  public init(
    _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
    @ViewBuilder content: () -> Content
  ) {
    title = Text(titleKey).content
    label = Text(titleKey)
    self.selection = selection
    self.content = content()
  }

  /// Creates a picker titled `title`, shown as is.
  /// - Parameters:
  ///   - title: the title.
  ///   - selection: the selected value.
  ///   - content: the options, each tagged with its value.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {
    self.title = String(title)
    label = Text(title)
    self.selection = selection
    self.content = content()
  }
}

/// A picker's selection and its options, as the driver sees them.
@MainActor
class PickerControl: ControlPart {
  /// Whether the first child is the label (the options are in the second).
  var hasLabelChild = false

  override var noun: String { "picker" }

  override var title: String? { hasLabelChild ? node.children.first?.title : node.text }

  /// Selects the option `steps` places after (before, for a negative count) the selected one,
  /// stopping at the first and last; with no option selected, the first (or last). False when
  /// there is no option to move to.
  func adjust(by steps: Int) -> Bool {
    let options = self.options
    guard !options.isEmpty else { return false }
    let selected = selectionTag
    let target: Int
    if let index = options.firstIndex(where: { $0.tag == selected }) {
      target = max(0, min(options.count - 1, index + steps))
      guard target != index else { return false }
    } else {
      target = steps > 0 ? 0 : options.count - 1
    }
    return select(options[target].tag)
  }

  /// The options, pre-order: each node tagged with `.tag`, or a `ForEach` row, with its tag.
  /// The search does not enter an option or a nested picker.
  var options: [(node: ViewNode, tag: AnyHashable)] {
    guard let content = hasLabelChild ? node.children.dropFirst().first : node.children.first
    else { return [] }
    var result: [(node: ViewNode, tag: AnyHashable)] = []
    var stack = [content]
    while let current = stack.popLast() {
      if let tag = current.parts[TagPart.self], let value = tag.tag {
        result.append((current, value))
        continue
      }
      if current.key == .row, let id = current.explicitID {
        result.append((current, id.hashable))
        continue
      }
      if current.parts.contains(PickerControl.self) { continue }
      stack.append(contentsOf: current.children.reversed())
    }
    return result
  }

  /// Sets the selection to `tag`; false when the tag is not a value of the selection's type.
  func select(_ tag: AnyHashable) -> Bool { false }

  /// The selection's type, for diagnostics.
  var selectionType: String { "" }

  /// The selection as a tag, or nil when it is `nil` (an optional selection with nothing
  /// chosen, which no option has to match).
  var selectionTag: AnyHashable? { nil }

  /// The selection last reported as matching no option: each is reported once, while it stays.
  private var reportedSelection: AnyHashable?
  /// Tags reported as shared by several options: each is reported once.
  private var reportedDuplicates: Set<AnyHashable> = []
  private var isSelectionCheckQueued = false

  /// Checks, after the current update (once the options it builds exist), that an option is
  /// tagged with the selection. SwiftUI logs "Picker: the selection … is invalid and does not
  /// have an associated tag" and shows no option selected; so does this picker, with the
  /// diagnostic naming the picker, the value and the options.
  func queueSelectionCheck() {
    guard !isSelectionCheckQueued else { return }
    isSelectionCheckQueued = true
    node.host.lifecycleQueue.enqueue(.change) { [weak self] _ in
      guard let self else { return }
      isSelectionCheckQueued = false
      guard node.isMounted else { return }
      checkSelection()
    }
  }

  private func checkSelection() {
    let options = self.options
    reportDuplicateTags(in: options)
    guard let selection = GraphEvaluation.untracked({ selectionTag }) else {
      reportedSelection = nil
      return
    }
    if options.contains(where: { $0.tag == selection }) {
      reportedSelection = nil
      return
    }
    guard reportedSelection != selection else { return }
    reportedSelection = selection
    let shown = options.prefix(8).map {
      "\"\($0.node.title ?? "")\" = \(TagPart.describe($0.tag.base))"
    }
    let list =
      options.isEmpty
      ? "it has no options yet"
      : "its options: \(shown.joined(separator: ", "))\(options.count > 8 ? ", …" : "")"
    // Tags of another type than the selection's never match it: that is the mistake to name.
    let selectionBaseType = type(of: selection.base)
    let tagTypes = Set(options.map { "\(type(of: $0.tag.base))" })
    let isTypeMismatch =
      !options.isEmpty && !options.contains { type(of: $0.tag.base) == selectionBaseType }
    let remedy =
      isTypeMismatch
      ? "the options are tagged with \(tagTypes.sorted().joined(separator: ", ")), not "
        + "\(selectionBaseType); no option is shown selected. Tag each option with .tag(_:) of "
        + "the selection's type."
      : "no option is shown selected. Tag an option with that value, or set the selection to "
        + "an option's tag."
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [node.diagnosticName],
        message:
          "The picker \"\(title ?? "")\" in \(node.diagnosticName) has the selection "
          + "\(TagPart.describe(selection.base)) (\(selectionType)), which no option is tagged "
          + "with (\(list)); \(remedy)"))
  }

  /// Reports, once per tag, options that share a tag: they all show as selected together, and
  /// choosing any of them sets the same value, so the user cannot tell them apart. SwiftUI
  /// leaves this undefined and says nothing.
  private func reportDuplicateTags(in options: [(node: ViewNode, tag: AnyHashable)]) {
    var titles: [AnyHashable: [String]] = [:]
    var order: [AnyHashable] = []
    for option in options {
      if titles[option.tag] == nil { order.append(option.tag) }
      titles[option.tag, default: []].append("\"\(option.node.title ?? "")\"")
    }
    for tag in order {
      guard let shared = titles[tag], shared.count > 1, reportedDuplicates.insert(tag).inserted
      else { continue }
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [node.diagnosticName],
          message:
            "The picker \"\(title ?? "")\" in \(node.diagnosticName) has \(shared.count) options "
            + "tagged \(TagPart.describe(tag.base)) (\(shared.joined(separator: ", "))); they show "
            + "as selected together and choosing any of them sets the same value. Give each "
            + "option its own tag."))
    }
  }
}

/// The picker part for selections of type `SelectionValue`.
final class PickerPart<SelectionValue: Hashable>: PickerControl {
  var selection: Binding<SelectionValue>

  init(node: ViewNode, selection: Binding<SelectionValue>) {
    self.selection = selection
    super.init(node: node)
  }

  override func controlAttributes() -> [ElementAttribute] {
    let value = selection.wrappedValue
    queueSelectionCheck()
    return [.control(.selection(TagPart.describe(value)))]
  }

  override func select(_ tag: AnyHashable) -> Bool {
    guard let value = tag.base as? SelectionValue else { return false }
    selection.wrappedValue = value
    return true
  }

  override var selectionType: String { "\(SelectionValue.self)" }

  override var selectionTag: AnyHashable? {
    let value = selection.wrappedValue
    if let optional = value as? any OptionalTag, optional.wrappedTag == nil { return nil }
    return TagPart.normalized(value)
  }
}
