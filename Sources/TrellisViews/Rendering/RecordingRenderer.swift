/// A renderer for tests: it records every mutation of every commit, and keeps its elements as
/// a small tree to look at.
///
/// ```swift
/// let recorder = RecordingRenderer()
/// let host = ViewHost(RowList(model: model), executor: .manual, renderer: recorder)
/// recorder.clear()
/// model.rows[3].title = "new"
/// host.flush()
/// #expect(recorder.lastCommit.map(\.description) == [#"setText Text@9 "new""#])
/// ```
///
/// Elements are numbered in creation order from 1 and shown as `Kind@number`. With
/// `recordsMutations: false` only the counts are kept, for benchmarks.
@MainActor
public final class RecordingRenderer: Renderer {
  /// One element as the recorder keeps it.
  public final class Element: CustomStringConvertible, IterativelyReleased {
    /// Its creation number, from 1 (0 is the root).
    public let number: Int
    /// What it is.
    public let kind: ElementKind
    /// The explicit identity it shows, if any. Made on each read (see `ExplicitID`).
    public var explicitID: AnyHashable? { identityValue?.hashable }
    /// `explicitID` as the rendered tree shows it.
    public var identity: String? { identityValue?.text }
    private let identityValue: ExplicitID?
    // `text`, `attributes` and `children` skip dynamic exclusivity checks (two runtime calls
    // per text update, a twentieth of updating one row; two per insertion, about 160
    // instructions per mounted row): only the renderer's own mutation methods write them, one
    // statement at a time, so no access can overlap a write.

    /// Its current text.
    @exclusivity(unchecked) public fileprivate(set) var text: String?
    /// Its current attributes.
    @exclusivity(unchecked) public fileprivate(set) var attributes: ElementAttributes
    /// Its current children.
    @exclusivity(unchecked) public internal(set) var children: [Element] = []
    /// The host's handle for it (for `CommitInfo.transaction(for:)`).
    public let id: ElementID

    init(
      number: Int, id: ElementID, kind: ElementKind, explicitID: ExplicitID?, text: String?,
      attributes: ElementAttributes
    ) {
      self.number = number
      self.id = id
      self.kind = kind
      identityValue = explicitID
      self.text = text
      self.attributes = attributes
    }

    /// `Kind@number`, such as `Text@7`.
    public var description: String { "\(kind.name)@\(number)" }

    deinit { releaseIteratively(&children) }
  }

  /// One recorded mutation.
  public enum Mutation: Equatable, CustomStringConvertible {
    /// `createElement`.
    case create(Element)
    /// `insert(_:into:at:)`.
    case insert(Element, into: Element, at: Int)
    /// `move(_:in:from:to:)`.
    case move(Element, in: Element, from: Int, to: Int)
    /// `remove(_:from:at:)`.
    case remove(Element, from: Element, at: Int)
    /// `setText(_:of:)`.
    case setText(String?, of: Element)
    /// `setAttributes(_:of:)`.
    case setAttributes(ElementAttributes, of: Element)

    /// The element whose transaction the mutation was made under: the container of an
    /// insertion, move or removal, otherwise the element itself.
    var transactionElement: Element {
      switch self {
      case .create(let element), .setText(_, let element), .setAttributes(_, let element):
        element
      case .insert(_, let parent, _), .move(_, let parent, _, _), .remove(_, let parent, _):
        parent
      }
    }

    /// Mutations are equal when they name the same elements (by identity) and values.
    public static func == (lhs: Mutation, rhs: Mutation) -> Bool {
      switch (lhs, rhs) {
      case (.create(let a), .create(let b)): a === b
      case (.insert(let a, let p, let i), .insert(let b, let q, let j)):
        a === b && p === q && i == j
      case (.move(let a, let p, let f, let t), .move(let b, let q, let g, let u)):
        a === b && p === q && f == g && t == u
      case (.remove(let a, let p, let i), .remove(let b, let q, let j)):
        a === b && p === q && i == j
      case (.setText(let s, let a), .setText(let t, let b)): s == t && a === b
      case (.setAttributes(let s, let a), .setAttributes(let t, let b)): s == t && a === b
      default: false
      }
    }

    /// `create Text@7 "title"`, `insert Text@7 into VStack@2 at 0`,
    /// `move Row@4 in VStack@2 from 3 to 0`, `remove Row@4 from VStack@2 at 1`,
    /// `setText Text@7 "new"`, `setAttributes Toggle@3 isOn=true` (`[]` for no attributes).
    public var description: String {
      switch self {
      case .create(let element):
        var line = "create \(element)"
        if let identity = element.identity { line += " #\(identity)" }
        if let text = element.text { line += " \"\(text)\"" }
        if !element.attributes.isEmpty { line += " \(element.attributes)" }
        return line
      case .insert(let child, let parent, let index):
        return "insert \(child) into \(parent) at \(index)"
      case .move(let child, let parent, let source, let destination):
        return "move \(child) in \(parent) from \(source) to \(destination)"
      case .remove(let child, let parent, let index):
        return "remove \(child) from \(parent) at \(index)"
      case .setText(let text, let element):
        return "setText \(element) \(text.map { "\"\($0)\"" } ?? "nil")"
      case .setAttributes(let attributes, let element):
        return "setAttributes \(element) \(attributes.isEmpty ? "[]" : attributes.description)"
      }
    }
  }

  /// How many mutations of each kind were made since the last `clear()`.
  public struct Counts: Equatable, Sendable {
    /// `createElement` calls.
    public var creates = 0
    /// `insert` calls.
    public var inserts = 0
    /// `move` calls.
    public var moves = 0
    /// `remove` calls.
    public var removes = 0
    /// `setText` calls.
    public var textUpdates = 0
    /// `setAttributes` calls.
    public var attributeUpdates = 0
    /// Commits that made at least one mutation.
    public var commits = 0

    /// Every mutation.
    public var total: Int { creates + inserts + moves + removes + textUpdates + attributeUpdates }

    /// Creates counts, zero unless given.
    /// - Parameters:
    ///   - creates: `createElement` calls.
    ///   - inserts: `insert` calls.
    ///   - moves: `move` calls.
    ///   - removes: `remove` calls.
    ///   - textUpdates: `setText` calls.
    ///   - attributeUpdates: `setAttributes` calls.
    ///   - commits: commits that made at least one mutation.
    public init(
      creates: Int = 0, inserts: Int = 0, moves: Int = 0, removes: Int = 0,
      textUpdates: Int = 0, attributeUpdates: Int = 0, commits: Int = 0
    ) {
      self.creates = creates
      self.inserts = inserts
      self.moves = moves
      self.removes = removes
      self.textUpdates = textUpdates
      self.attributeUpdates = attributeUpdates
      self.commits = commits
    }
  }

  /// The container of the root view's elements.
  public let rootElement: Element
  /// Whether mutations are recorded one by one (otherwise only counted).
  public let recordsMutations: Bool
  /// The mutations of every commit since the last `clear()`, one list per commit.
  public private(set) var commits: [[Mutation]] = []
  // The counts and the bookkeeping every mutation and commit touches skip dynamic exclusivity
  // checks (a runtime call each, more than the bookkeeping itself): they are written only by
  // this class's own methods, on the main actor, one statement at a time.

  /// The counts since the last `clear()`.
  @exclusivity(unchecked) public private(set) var counts = Counts()
  @exclusivity(unchecked) private var current: [Mutation] = []
  @exclusivity(unchecked) private var currentCount = 0
  private var nextNumber = 1

  /// Creates a recorder.
  /// - Parameter recordsMutations: false to keep only the counts.
  public init(recordsMutations: Bool = true) {
    self.recordsMutations = recordsMutations
    rootElement = Element(
      number: 0, id: .root, kind: ElementKind("Root"), explicitID: nil, text: nil,
      attributes: [])
  }

  /// Every recorded mutation since the last `clear()`, in order.
  public var mutations: [Mutation] { commits.flatMap { $0 } }

  /// The mutations of the latest commit that made any, or none.
  public var lastCommit: [Mutation] { commits.last ?? [] }

  /// Forgets the recorded mutations and counts (the elements stay).
  public func clear() {
    commits = []
    transactions = []
    commitInfos = []
    counts = Counts()
  }

  /// The first element, pre-order from the root, whose text is `text`.
  /// - Parameter text: the exact text.
  /// - Returns: the element, or nil.
  public func element(withText text: String) -> Element? {
    var stack = [rootElement]
    while let element = stack.popLast() {
      if element.text == text { return element }
      stack.append(contentsOf: element.children.reversed())
    }
    return nil
  }

  private func record(_ mutation: @autoclosure () -> Mutation) {
    currentCount += 1
    guard recordsMutations else { return }
    let mutation = mutation()
    current.append(mutation)
    currentTransactions.append(currentInfo?.transaction(for: mutation.transactionElement.id))
  }

  // MARK: Transactions

  /// The transaction of every recorded mutation, parallel to `commits`.
  public private(set) var transactions: [[Transaction]] = []
  /// The `CommitInfo` of every recorded commit, parallel to `commits`: its number and its own
  /// transaction (`CommitInfo.transaction`, `CommitInfo.hasAnimations`).
  public private(set) var commitInfos: [CommitInfo] = []
  @exclusivity(unchecked) private var currentTransactions: [Transaction?] = []
  @exclusivity(unchecked) private var currentInfo: CommitInfo?

  /// The latest commit's animated mutations, as `mutation ~ animation`
  /// (`setText Text@3 "2" ~ spring(0.5)`), in order.
  public var lastCommitAnimations: [String] {
    guard let mutations = commits.last, let transactions = transactions.last else { return [] }
    return zip(mutations, transactions).compactMap { mutation, transaction in
      transaction.animation.map { "\(mutation) ~ \($0)" }
    }
  }

  /// Records the creation.
  /// - Parameter description: the element's description.
  /// - Returns: the new element.
  public func createElement(_ description: ElementDescription) -> Element {
    let element = Element(
      number: nextNumber, id: description.id, kind: description.kind,
      explicitID: description.identityValue, text: description.text,
      attributes: description.attributes)
    nextNumber += 1
    counts.creates += 1
    record(.create(element))
    return element
  }

  /// Records the insertion.
  /// - Parameters:
  ///   - child: the element.
  ///   - parent: the container.
  ///   - index: the position.
  public func insert(_ child: Element, into parent: Element, at index: Int) {
    parent.children.insertOrAppend(child, at: index)
    counts.inserts += 1
    record(.insert(child, into: parent, at: index))
  }

  /// Records the move.
  /// - Parameters:
  ///   - child: the element.
  ///   - parent: the container.
  ///   - source: the old position.
  ///   - destination: the new position.
  public func move(_ child: Element, in parent: Element, from source: Int, to destination: Int) {
    precondition(
      parent.children[source] === child, "move: \(child) is not at \(source) in \(parent)")
    parent.children.remove(at: source)
    parent.children.insertOrAppend(child, at: destination)
    counts.moves += 1
    record(.move(child, in: parent, from: source, to: destination))
  }

  /// Records the removal.
  /// - Parameters:
  ///   - child: the element.
  ///   - parent: the container.
  ///   - index: the position.
  public func remove(_ child: Element, from parent: Element, at index: Int) {
    precondition(
      parent.children[index] === child, "remove: \(child) is not at \(index) in \(parent)")
    parent.children.remove(at: index)
    counts.removes += 1
    record(.remove(child, from: parent, at: index))
  }

  /// Records the text change.
  /// - Parameters:
  ///   - text: the new text.
  ///   - element: the element.
  public func setText(_ text: String?, of element: Element) {
    element.text = text
    counts.textUpdates += 1
    record(.setText(text, of: element))
  }

  /// Records the attribute change.
  /// - Parameters:
  ///   - attributes: the new attributes.
  ///   - element: the element.
  public func setAttributes(_ attributes: ElementAttributes, of element: Element) {
    element.attributes = attributes
    counts.attributeUpdates += 1
    record(.setAttributes(attributes, of: element))
  }

  /// Starts a commit's list.
  /// - Parameter commit: the commit.
  public func beginCommit(_ commit: CommitInfo) {
    currentCount = 0
    // Counting only, the commit's lists and transactions are never read: keeping them cost
    // about a tenth of a one-row update.
    guard recordsMutations else { return }
    current = []
    currentTransactions = []
    currentInfo = commit
  }

  /// Closes the commit's list; a commit that made no mutation is not listed.
  /// - Parameter commit: the commit.
  public func endCommit(_ commit: CommitInfo) {
    if currentCount > 0 { counts.commits += 1 }
    guard recordsMutations else { return }
    currentInfo = nil
    guard currentCount > 0 else { return }
    commits.append(current)
    transactions.append(currentTransactions.map { $0 ?? Transaction() })
    commitInfos.append(commit)
    current = []
    currentTransactions = []
  }

  // Reporting back, as a real backend would: viewports of lazy containers.

  /// The host's side of the connection, once attached.
  public private(set) var connection: RendererConnection?

  /// Keeps the connection, for `reportViewport(_:for:)`.
  /// - Parameter connection: the host's side.
  public func connect(_ connection: RendererConnection) { self.connection = connection }

  /// Reports that `element` (a lazy container or a scroll view) shows `viewport`, as a
  /// scrolling backend would.
  /// - Parameters:
  ///   - viewport: the visible stretch.
  ///   - element: the scrolling element.
  public func reportViewport(_ viewport: Viewport, for element: Element) {
    connection?.reportViewport(viewport, for: element.id)
  }

  /// The first element, pre-order from the root, of kind `kind`.
  /// - Parameter kind: the kind, such as `.list`.
  /// - Returns: the element, or nil.
  public func element(ofKind kind: ElementKind) -> Element? {
    var stack = [rootElement]
    while let element = stack.popLast() {
      if element.kind == kind { return element }
      stack.append(contentsOf: element.children.reversed())
    }
    return nil
  }
}
