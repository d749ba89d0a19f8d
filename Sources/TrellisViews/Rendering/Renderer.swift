/// A backend that shows what a `ViewHost` renders: it receives, once per commit, the minimal
/// list of changes to its own elements.
///
/// Shaped after SwiftCrossUI's `AppBackend` and React's host config (`createInstance`,
/// `insertBefore`, `removeChild`, `commitUpdate`, `commitTextUpdate`). The host keeps the
/// view tree; a renderer keeps only its elements, which are its own type (a terminal cell
/// range, a widget, a test record).
///
/// What a renderer sees:
/// - **Elements.** Every view that renders something gets one element: leaves (`Text`,
///   `Toggle`, `ProgressView`), containers (`VStack`, `List`, `Button`, `NavigationLink`) and
///   custom views, by type name, so the structure is visible. Structural wrappers (tuples,
///   conditions, `ForEach`, `AnyView`, built-in modifiers) have none: their content's elements
///   sit directly in the nearest enclosing element.
/// - **Minimal mutations.** Editing one row's title is one `setText`; reordering keyed rows is
///   `move`s only (a longest-increasing-subsequence diff keeps the most elements in place); an
///   unchanged subtree emits nothing. A new subtree arrives as `createElement` calls, each child
///   inserted into its new parent, and then one `insert` of the subtree's root.
/// - **Order.** Within a commit, structural changes come first (per container: removals, then
///   moves and insertions in ascending final position), then text and attribute updates. Every
///   index refers to the parent's children at the moment the call is made, so the index
///   arguments themselves need not ascend (an `insert` at 6 may be followed by a `move` from
///   0 to 6, which counts the list without the moved element).
/// - **Lifetime.** Removing an element removes its subtree from the parent, not from
///   existence: retaining containers (a lazy container's rows scrolled out, the navigation
///   levels a push covers, the tabs not selected) remove elements and later insert the same
///   ones again, and may update them while they are detached. Free nothing on `remove`: when
///   an element's view is destroyed, the host calls `destroyElement(_:)` and drops its
///   reference, so a native resource is freed there (or in a class element's `deinit`).
/// - **The end.** When the host unmounts or goes away, it removes the root's children from
///   `rootElement` in one last commit and destroys every element it still holds (retained ones
///   included): the renderer is left with its root alone, free for another host.
///
/// One renderer serves one host. All calls come on the main actor, between `beginCommit(_:)`
/// and `endCommit(_:)`.
@MainActor
public protocol Renderer: AnyObject {
  /// The renderer's representation of one element.
  associatedtype Element

  /// The container the root view's elements are inserted into (a window, a screen, a test
  /// root). Asked for once, when the renderer is attached.
  var rootElement: Element { get }

  /// Creates a detached element.
  /// - Parameter description: what the element is and shows; see `ElementDescription`.
  /// - Returns: the new element.
  func createElement(_ description: ElementDescription) -> Element

  /// Inserts a detached element among `parent`'s children.
  /// - Parameters:
  ///   - child: the element, new or created earlier in this commit.
  ///   - parent: the container.
  ///   - index: its position among `parent`'s children after the insertion.
  func insert(_ child: Element, into parent: Element, at index: Int)

  /// Moves one of `parent`'s children: removes it from `source` and inserts it at
  /// `destination`, an index into the children without it. The element is kept, not recreated.
  /// - Parameters:
  ///   - child: the element.
  ///   - parent: its container.
  ///   - source: its current index.
  ///   - destination: its index after the move.
  func move(_ child: Element, in parent: Element, from source: Int, to destination: Int)

  /// Detaches one of `parent`'s children, with its subtree. The host may insert it again
  /// later, unchanged or updated meanwhile, without creating it anew (see "Lifetime" above).
  /// - Parameters:
  ///   - child: the element.
  ///   - parent: its container.
  ///   - index: its current index.
  func remove(_ child: Element, from parent: Element, at index: Int)

  /// Changes the text a leaf shows.
  /// - Parameters:
  ///   - text: the new text.
  ///   - element: the leaf.
  func setText(_ text: String?, of element: Element)

  /// Replaces an element's attributes.
  /// - Parameters:
  ///   - attributes: the new attributes, complete.
  ///   - element: the element.
  func setAttributes(_ attributes: ElementAttributes, of element: Element)

  /// Called before the first mutation of a commit. The default does nothing.
  /// - Parameter commit: what is known about the commit (see `CommitInfo`).
  func beginCommit(_ commit: CommitInfo)

  /// Called after the last mutation of a commit: the moment to draw. The default does nothing.
  /// - Parameter commit: the same value `beginCommit(_:)` received.
  func endCommit(_ commit: CommitInfo)

  /// Called once, when the renderer is attached to a host, before the first commit (the
  /// mount), with the channel through which it reports back (viewports, activations). The
  /// default ignores it. The connection may be called from inside a commit too: that input is
  /// applied by the same update cycle, in a new round, so a renderer that answers every commit
  /// with input loops until the cycle stops, and the update-cycle report names its call.
  /// - Parameter connection: the host's side of the connection.
  func connect(_ connection: RendererConnection)

  /// Called when the host drops an element for good: its view was destroyed (removed from the
  /// tree, or a retained one let go), or the host unmounted or went away. The element is
  /// detached by then, or inside a detached subtree, and the host never names it again. The
  /// moment to free what a value-type element stands for (a handle into the renderer's own
  /// table, a native widget); the default does nothing. Mirrors React's
  /// `detachDeletedInstance`. Called inside a commit, after the commit's structural changes.
  ///
  /// A removed subtree is removed by its root alone: its descendants are never removed from
  /// it one by one, and are destroyed after it (parents before their children). A toolkit whose
  /// widgets free their children when they are freed should free only elements without a
  /// parent, or mark the children freed there and skip them when they come.
  /// - Parameter element: the element.
  func destroyElement(_ element: Element)
}

extension Renderer {
  /// Does nothing.
  /// - Parameter commit: ignored.
  public func beginCommit(_ commit: CommitInfo) {}

  /// Does nothing.
  /// - Parameter commit: ignored.
  public func endCommit(_ commit: CommitInfo) {}

  /// Ignores the connection.
  /// - Parameter connection: ignored.
  public func connect(_ connection: RendererConnection) {}

  /// Does nothing: the host drops its reference, which frees a class element.
  /// - Parameter element: ignored.
  public func destroyElement(_ element: Element) {}
}

/// The host's handle for one element: stable for the element's lifetime, never reused for
/// another element while this one exists (a generation number tells reused slots apart).
///
/// An id belongs to the host that made it: handed to another host's connection, it names
/// nothing there (the generation carries a tag of the host), and the call says the element is
/// gone. Tags repeat every 4,096 hosts, so a backend with several hosts keeps one map of
/// elements per host rather than trusting ids to be unique among all of them.
public struct ElementID: Hashable, Sendable, CustomStringConvertible {
  /// The slot in the host's element table.
  let index: UInt32
  /// The host's tag (the high bits, see `hostTagShift`) and how many times the slot was reused
  /// before this element (the low bits).
  let generation: UInt32

  /// Where a host's tag starts in `generation`: 12 bits of tag, 20 of reuse count.
  static let hostTagShift: UInt32 = 20
  static let hostTagMask: UInt32 = 0xFFF
  static let reuseMask: UInt32 = (1 << hostTagShift) - 1

  /// The root container's handle.
  static let root = ElementID(index: 0, generation: 0)

  /// `index.reuses`, for logs (the host's tag left out).
  public var description: String { "\(index).\(generation & Self.reuseMask)" }
}

/// What an element is: a built-in view (`Text`, `VStack`, …) or a custom view, by type name.
///
/// A struct rather than an enum, so that built-in kinds can be added without breaking
/// renderers: compare with the static members and treat unknown kinds as containers.
public struct ElementKind: Hashable, Sendable, CustomStringConvertible {
  /// The type name: `Text`, `VStack`, `NoteRow`.
  public let name: String
  /// Whether the element stands for a custom view (a `View` with a `body`, or a custom
  /// `ViewModifier`), shown so that the structure is visible; it draws nothing itself.
  public let isCustomView: Bool

  /// A built-in kind.
  /// - Parameter name: its type name.
  public init(_ name: String) {
    self.name = name
    isCustomView = false
  }

  private init(customView name: String) {
    self.name = name
    isCustomView = true
  }

  /// The kind of a custom view.
  /// - Parameter name: the view's type name, without generic arguments.
  /// - Returns: the kind.
  public static func customView(_ name: String) -> ElementKind { ElementKind(customView: name) }

  /// `Text`: a leaf showing its text.
  public static let text = ElementKind("Text")
  /// `Button`: a container of its label; the host runs its action on `tap(_:)` or
  /// `RendererConnection.activate(_:)`.
  public static let button = ElementKind("Button")
  /// `Toggle`: a leaf showing its title as text and `isOn` as an attribute.
  public static let toggle = ElementKind("Toggle")
  /// `ProgressView`: a leaf, with its label as text.
  public static let progressView = ElementKind("ProgressView")
  /// `VStack`: children top to bottom.
  public static let vStack = ElementKind("VStack")
  /// `HStack`: children leading to trailing.
  public static let hStack = ElementKind("HStack")
  /// `ZStack`: children back to front.
  public static let zStack = ElementKind("ZStack")
  /// `List`: rows top to bottom.
  public static let list = ElementKind("List")
  /// `NavigationLink`: a container of its label that pushes a value when activated.
  public static let navigationLink = ElementKind("NavigationLink")
  /// A pushed navigation destination, above the stack's root.
  public static let navigationDestination = ElementKind("Destination")

  // Containers, presentations and navigation: lazy stacks, tabs, sheets, split views.

  /// `ScrollView`: a scrolling container; the viewport a renderer reports for it applies to
  /// the lazy stacks inside it.
  public static let scrollView = ElementKind("ScrollView")
  /// `LazyVStack`: the realized rows top to bottom (see `ElementAttribute.rows`).
  public static let lazyVStack = ElementKind("LazyVStack")
  /// `LazyHStack`: the realized rows leading to trailing.
  public static let lazyHStack = ElementKind("LazyHStack")
  /// `Section`: a group of rows, its header first and its footer last.
  public static let section = ElementKind("Section")
  /// `TabView`: the selected tab's content, then one `TabItem` per tab that has a label.
  public static let tabView = ElementKind("TabView")
  /// A tab's label in the tab bar; activating it selects the tab.
  public static let tabItem = ElementKind("TabItem")
  /// Content presented by `.sheet`, drawn above the view it is attached to.
  public static let sheet = ElementKind("Sheet")
  /// Content presented by `.fullScreenCover`, drawn over everything.
  public static let fullScreenCover = ElementKind("FullScreenCover")
  /// An alert presented by `.alert`: its title, its message, then its buttons.
  public static let alert = ElementKind("Alert")
  /// A dialog presented by `.confirmationDialog`: its title, its message, then its buttons.
  public static let confirmationDialog = ElementKind("ConfirmationDialog")
  /// `NavigationSplitView`: its columns, leading to trailing.
  public static let navigationSplitView = ElementKind("NavigationSplitView")
  /// One column of a `NavigationSplitView`.
  public static let navigationColumn = ElementKind("Column")
  // MARK: Controls, leaves and attached content (the vocabulary's kinds)

  /// `TextField`: a leaf showing its title; its text is the `value` control attribute.
  public static let textField = ElementKind("TextField")
  /// `SecureField`: a `TextField` whose `value` is masked.
  public static let secureField = ElementKind("SecureField")
  /// `TextEditor`: a multi-line text field without a title.
  public static let textEditor = ElementKind("TextEditor")
  /// The field of `.searchable(text:)`: a leaf showing its prompt, with the `value` attribute.
  public static let searchField = ElementKind("SearchField")
  /// `Searchable`: the container `.searchable` makes, its search field first, then the
  /// searched content.
  public static let searchable = ElementKind("Searchable")
  /// `Picker`: a container showing its title, whose options carry `tag` (and `selected`).
  public static let picker = ElementKind("Picker")
  /// `Stepper`: a leaf showing its title, with `value`, `bounds` and `step`.
  public static let stepper = ElementKind("Stepper")
  /// `Slider`: a container of its label, with `value`, `bounds` and `step`.
  public static let slider = ElementKind("Slider")
  /// `Spacer`: takes the space left along its stack's axis.
  public static let spacer = ElementKind("Spacer")
  /// `Divider`: a thin line across its stack's axis.
  public static let divider = ElementKind("Divider")
  /// `Label`: its icon, then its title.
  public static let label = ElementKind("Label")
  /// `Image`: a leaf with a `systemImage` or `image` attribute.
  public static let image = ElementKind("Image")
  /// `Form`: rows of controls, top to bottom.
  public static let form = ElementKind("Form")
  /// `Color` used as a view: fills the space offered with its `fill` attribute.
  public static let color = ElementKind("Color")
  /// `Rectangle`, filled or stroked.
  public static let rectangle = ElementKind("Rectangle")
  /// `RoundedRectangle`, with its `cornerRadius`.
  public static let roundedRectangle = ElementKind("RoundedRectangle")
  /// `Capsule`.
  public static let capsule = ElementKind("Capsule")
  /// `Circle`.
  public static let circle = ElementKind("Circle")
  /// `Ellipse`.
  public static let ellipse = ElementKind("Ellipse")
  /// `.overlay(alignment:content:)`: the content first (it decides the size), then the overlay
  /// drawn over it, placed by the `alignment` attribute.
  public static let overlay = ElementKind("Overlay")
  /// `.background(alignment:content:)`: the content first (it decides the size), then the
  /// background drawn behind it, placed by the `alignment` attribute.
  public static let background = ElementKind("Background")

  /// The type name.
  public var description: String { name }
}

/// Everything a renderer needs to create one element.
public struct ElementDescription {
  /// The host's handle for the element (for `RendererConnection`).
  public let id: ElementID
  /// What it is.
  public let kind: ElementKind
  /// The text a leaf shows (a `Text`'s string, a `Toggle`'s title), if any.
  public let text: String?
  /// Its attributes, in a stable order.
  public let attributes: ElementAttributes
  /// The explicit identity (`ForEach` id, `.id(_:)`) the element is the first to show; nil
  /// for structural identity. Made on each read (see `ExplicitID`): read it once per element.
  public var explicitID: AnyHashable? { identityValue?.hashable }
  /// The identity as the host keeps it.
  let identityValue: ExplicitID?

  /// `explicitID` as text, as the rendered tree shows it: ids longer than 32 characters (UUIDs)
  /// are shortened to their first 8 and `…`, an `ObjectIdentifier` is its address in hex. Made
  /// on demand.
  public var identity: String? { identityValue?.text }

  init(
    id: ElementID, kind: ElementKind, text: String?, attributes: ElementAttributes,
    explicitID: ExplicitID?
  ) {
    self.id = id
    self.kind = kind
    self.text = text
    self.attributes = attributes
    identityValue = explicitID
  }
}

/// One typed attribute of an element. Each case is one family of attributes; a renderer reads
/// the families it understands and ignores the others.
public enum ElementAttribute: Hashable, Sendable, CustomStringConvertible {
  /// A navigation title (`navigationTitle(_:)`), carried by the first element of the titled
  /// view.
  case navigationTitle(String)
  /// A toggle's state.
  case isOn(Bool)
  /// A key handler of an `onKeyPress` modifier around the element (see `KeyPressHandler`).
  case keyPress(KeyPressHandler)

  // Containers: which rows a lazy container realized, and what is selected.

  /// The rows a lazy container (`List`, `LazyVStack`, `LazyHStack`) realized, as positions in
  /// all of its rows (the viewport plus the overscan), and how many rows it has in all. Its
  /// children are exactly these rows, in order. In a container of `Section`s, each section's
  /// header counts as one row of the positions and of `total` (two sections of 15 rows make
  /// 32), and the container's children are the realized sections, each holding its own
  /// realized rows.
  case rows(Range<Int>, total: Int)
  /// The axes a `ScrollView` scrolls along.
  case scrollAxes(Axis.Set)
  /// Whether a tab item's tab, or a list row, is the selected one.
  case isSelected(Bool)
  // MARK: Layout, style, content and control families (see their types)

  /// How the element is sized and placed (`.padding`, `.frame`, stack alignment, …).
  case layout(LayoutAttribute)
  /// How the element and its content are drawn (`.font`, `.foregroundStyle`, …).
  case style(StyleAttribute)
  /// What the element shows besides its text (images, badges, progress, text runs).
  case content(ContentAttribute)
  /// A control's state (a field's text, a value, a selection, disabled, focused).
  case control(ControlAttribute)

  /// An attribute with no typed family (yet): name and value as text.
  case custom(name: String, value: String)

  /// The family's name: `title`, `isOn`, `onKeyPress`, or a custom attribute's name.
  public var name: String {
    switch self {
    case .navigationTitle: "title"
    case .isOn: "isOn"
    case .keyPress: "onKeyPress"
    case .rows: "rows"
    case .scrollAxes: "axes"
    case .isSelected: "isSelected"
    case .layout(let attribute): attribute.name
    case .style(let attribute): attribute.name
    case .content(let attribute): attribute.name
    case .control(let attribute): attribute.name
    case .custom(let name, _): name
    }
  }

  /// `name=value`, as the rendered tree shows it: `title="Notes"`, `isOn=true`; a key handler
  /// shows its name only, `onKeyPress`.
  public var description: String {
    switch self {
    case .navigationTitle(let title): "title=\"\(title)\""
    case .isOn(let isOn): "isOn=\(isOn)"
    case .keyPress: "onKeyPress"
    case .rows(let rows, let total): "rows=\(rows.lowerBound)..<\(rows.upperBound)/\(total)"
    case .scrollAxes(let axes): "axes=\(axes)"
    case .isSelected(let isSelected): "isSelected=\(isSelected)"
    case .layout(let attribute): attribute.description
    case .style(let attribute): attribute.description
    case .content(let attribute): attribute.description
    case .control(let attribute): attribute.description
    case .custom(let name, let value): "\(name)=\(value)"
    }
  }
}

/// An element's attributes, in a stable order: its own, then those of the structural
/// wrappers it is the first element of (innermost first).
public struct ElementAttributes: Hashable, Sendable, RandomAccessCollection,
  ExpressibleByArrayLiteral, CustomStringConvertible
{
  private var attributes: [ElementAttribute]

  /// Creates a list of attributes.
  /// - Parameter elements: the attributes, in order.
  public init(arrayLiteral elements: ElementAttribute...) { attributes = elements }

  /// Creates a list of attributes.
  /// - Parameter attributes: the attributes, in order.
  public init(_ attributes: [ElementAttribute]) { self.attributes = attributes }

  /// The position of the first attribute.
  public var startIndex: Int { attributes.startIndex }
  /// The position after the last attribute.
  public var endIndex: Int { attributes.endIndex }

  /// The attribute at `position`.
  /// - Parameter position: a valid index.
  public subscript(position: Int) -> ElementAttribute { attributes[position] }

  /// The first attribute of the family `name`, if any. O(n).
  /// - Parameter name: a family name such as `isOn`.
  public subscript(named name: String) -> ElementAttribute? { attributes.first { $0.name == name } }

  /// Appends `other`'s attributes after these.
  /// - Parameter other: the attributes to append.
  mutating func append(contentsOf other: ElementAttributes) {
    attributes.append(contentsOf: other.attributes)
  }

  /// The attributes as the rendered tree shows them, space-separated.
  public var description: String { attributes.map(\.description).joined(separator: " ") }
}

/// What a renderer learns about a commit when it begins and ends: its number, and the
/// transaction (animation) each of its mutations was made under.
public struct CommitInfo: Sendable, Equatable {
  /// The commit's number in its host, from 1.
  public let number: Int

  // MARK: Transactions

  /// The transaction of the update that made the commit (`withAnimation`, `withTransaction`):
  /// the latest one its changes were made under (the body run last under one); empty (no
  /// animation) when no change was. A change made by a body that a plain write re-ran has its
  /// own, empty, transaction: ask `transaction(for:)`.
  public let transaction: Transaction
  /// The elements whose mutations were made under another transaction than `transaction`
  /// (the writes that changed them carried another, or `.animation(_:value:)` or
  /// `.transaction(_:)` above them changed it).
  let elementTransactions: [ElementID: Transaction]

  init(
    number: Int, transaction: Transaction = Transaction(),
    elementTransactions: [ElementID: Transaction] = [:]
  ) {
    self.number = number
    self.transaction = transaction
    self.elementTransactions = elementTransactions
  }

  /// The transaction a mutation of `element` was made under: for `setText` and
  /// `setAttributes`, the element's; for `insert`, `move` and `remove`, the container's (the
  /// `parent` argument), whose children changed. O(1).
  /// - Parameter element: the element the mutation names.
  /// - Returns: the transaction; its `animation` is nil for a change that is not animated.
  public func transaction(for element: ElementID) -> Transaction {
    elementTransactions[element] ?? transaction
  }

  /// Whether any mutation of the commit is animated.
  public var hasAnimations: Bool {
    transaction.animation != nil || elementTransactions.values.contains { $0.animation != nil }
  }
}

/// The stretch of a scrolling container that a renderer shows, along the container's axis:
/// in rows, or in points with an estimated extent per row. Lazy containers realize the rows
/// that fall inside it, plus a small overscan (`ViewHostOptions.lazyOverscan`).
///
/// A renderer reports it with `RendererConnection.reportViewport(_:for:)`, for a lazy
/// container's element or for a `ScrollView`'s (which then applies to the lazy stacks inside);
/// a host drives it with `ViewHost.scroll(toRow:visibleRows:)`. Until one is reported, a lazy
/// container shows `ViewHostOptions.defaultViewportRows` rows from the top.
public struct Viewport: Hashable, Sendable {
  /// What `offset` and `length` count.
  public enum Unit: Hashable, Sendable {
    /// Whole rows.
    case rows
    /// Points (or terminal lines, or pixels) along the axis, with every row taken to be
    /// `rowExtent` long (at least 1) for the purpose of deciding which rows are visible.
    case points(rowExtent: Int)
  }

  /// The first visible row or point along the container's axis.
  public var offset: Int
  /// How many rows or points are visible.
  public var length: Int
  /// What `offset` and `length` count.
  public var unit: Unit

  /// Creates a viewport.
  /// - Parameters:
  ///   - offset: the first visible row or point; negative values count as 0.
  ///   - length: how many are visible; negative values count as 0.
  ///   - unit: rows (default) or points.
  public init(offset: Int, length: Int, unit: Unit = .rows) {
    self.offset = offset
    self.length = length
    self.unit = unit
  }

  /// The rows the viewport covers, partly or wholly: for points, every row any of whose
  /// points is inside. O(1). A viewport reaching past `Int.max` ends there (a scroll to
  /// `Int.max` shows the last rows; it never overflows).
  public var rows: Range<Int> {
    let offset = max(0, self.offset)
    let length = max(0, self.length)
    let (end, overflow) = offset.addingReportingOverflow(length)
    let last = overflow ? Int.max : end
    switch unit {
    case .rows:
      return offset..<last
    case .points(let rowExtent):
      let extent = max(1, rowExtent)
      guard length > 0 else { return (offset / extent)..<(offset / extent) }
      // Rounded up without adding `extent - 1`, which could overflow.
      let upper = last / extent + (last % extent == 0 ? 0 : 1)
      return (offset / extent)..<upper
    }
  }

  /// What is wrong with the viewport as reported, if anything: a negative offset or length,
  /// or a row extent below 1 (each counts as 0, or as 1 for the extent).
  var problem: String? {
    var problems: [String] = []
    if offset < 0 { problems.append("a negative offset (\(offset)), which counts as 0") }
    if length < 0 { problems.append("a negative length (\(length)), which counts as 0") }
    if case .points(let rowExtent) = unit, rowExtent < 1 {
      problems.append("a row extent below 1 (\(rowExtent)), which counts as 1")
    }
    return problems.isEmpty ? nil : problems.joined(separator: ", and ")
  }

  /// How many rows the viewport spans: `rows.count`, except for a viewport reaching past
  /// `Int.max`, which still counts every row it would span, so that a scroll far past the end
  /// of a container shows as many rows as a scroll to its end. O(1).
  var spannedRowCount: Int {
    let length = max(0, self.length)
    switch unit {
    case .rows:
      return length
    case .points(let rowExtent):
      guard length > 0 else { return 0 }
      let extent = max(1, rowExtent)
      // The points before the viewport in its first row, then the viewport, rounded up to
      // whole rows; without adding `extent - 1`, which could overflow.
      let (span, overflow) = (max(0, offset) % extent).addingReportingOverflow(length)
      if overflow { return Int.max / extent }
      return span / extent + (span % extent == 0 ? 0 : 1)
    }
  }
}
