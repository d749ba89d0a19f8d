import TrellisGraph

/// A composite view's part of its node: the body's computation, the view value it last ran
/// with, and the storage of its dynamic properties.
///
/// The body runs in its own `Effect`: what it reads becomes its dependencies, so it re-runs on
/// its own when they change, and never because an unrelated part of the tree did. Its effect's
/// depth is the node's tree depth, so in a flush parents run before children.
@MainActor
class CompositePart: EffectRunner {
  /// The node this part belongs to; the node owns the part, and disposes the effect before it
  /// leaves the tree, so the part never outlives its use of the node.
  unowned let node: ViewNode
  /// The body's computation; created by the subclass.
  var effect: Effect!
  /// The storage of the view's dynamic properties, by declaration order.
  private var slots: [AnyObject?] = []
  /// Why the next body run happens, besides the effect's own reasons (`input title`,
  /// `inserted`); only kept when the host logs updates.
  var inputChanges: [String] = []
  /// What the host knows about the view type (its plan, its body-run counter, its name).
  let type: CompositeType

  init(node: ViewNode, type: CompositeType) {
    self.node = node
    self.type = type
  }

  /// The storage of the dynamic property at `ordinal`, once made.
  func slot(_ ordinal: Int) -> AnyObject? { ordinal < slots.count ? slots[ordinal] : nil }

  /// Keeps the storage of the dynamic property at `ordinal` for the node's lifetime.
  func setSlot(_ ordinal: Int, _ storage: AnyObject) {
    while slots.count <= ordinal { slots.append(nil) }
    slots[ordinal] = storage
  }

  /// Runs the body and reconciles its result; implemented by `Composite`.
  func runBody() {}

  /// The body's effect runs the body.
  func runEffect() { runBody() }

  /// The view value, for naming the models it holds in the dependency-graph export.
  var viewValue: Any { () }
}

/// The part of a composite view of type `Content`.
@MainActor
final class Composite<Content: View>: CompositePart {
  /// The view value the body runs with. No dynamic exclusivity check (one per body run):
  /// it is only ever copied out or replaced whole, on the main actor.
  @exclusivity(unchecked) var view: Content

  init(node: ViewNode, view: Content, type: CompositeType) {
    self.view = view
    super.init(node: node, type: type)
  }

  override var viewValue: Any { view }

  override func runBody() {
    let node = self.node
    guard node.isMounted else { return }
    let host = node.host
    host.recordBodyRun(of: node, part: self)
    var view = self.view
    // Linking may give this place's copy of the view a `@State` box of its own (the same
    // value shown in two places); the copy is kept, so its actions write this place's state.
    if type.plan.hasDynamicProperties {
      if type.plan.linkDynamicProperties(of: &view, to: node) { self.view = view }
    } else if type.linksCustomProperties, var linking = view as? any CustomDynamicPropertyLinking,
      linking.linkDynamicProperties(to: node)
    {
      view = linking as! Content
      self.view = view
    }
    let body =
      type.updatesProperties
      ? updatedBody(of: view, in: node, host: host) : host.evaluatingBody(of: node) { view.body }
    // The body may have unmounted its own node (an `unmount()` of the host from the root's
    // body): its result then goes nowhere. Reconciled, it made views under a node taken apart,
    // which kept what they hold alive for as long as the host was kept.
    guard node.isMounted else { return }
    GraphEvaluation.untracked { node.updateChild(.body, body) }
  }

  /// The body of `view` after the `update()` of its own dynamic properties (or, for a custom
  /// modifier or `.equatable()`, of the value inside), which runs inside the evaluation, so
  /// that what it reads is a dependency of this body. Apart from the plain path, which keeps
  /// the view in registers (a mutable copy captured by the evaluation cost about 150
  /// instructions per mounted row).
  @inline(never)
  private func updatedBody(of view: Content, in node: ViewNode, host: HostCore) -> Content.Body {
    var view = view
    let plan = type.plan
    let linksCustomProperties = type.linksCustomProperties
    return host.evaluatingBody(of: node) { () -> Content.Body in
      if plan.hasDynamicPropertyUpdates {
        plan.updateDynamicProperties(of: &view)
      } else if linksCustomProperties, var linking = view as? any CustomDynamicPropertyLinking,
        linking.updateDynamicProperties()
      {
        // The modifier or content inside changed: the body reads the updated copy.
        view = linking as! Content
      }
      return view.body
    }
  }
}

/// A view whose dynamic properties are not its own stored properties (a custom modifier's
/// body, whose properties are the modifier's).
@MainActor
protocol CustomDynamicPropertyLinking {
  /// Links the dynamic properties to `node`; true when that changed the value (see
  /// `ComparisonPlan.linkDynamicProperties(of:to:)`).
  mutating func linkDynamicProperties(to node: ViewNode) -> Bool
  /// Whether the value inside has dynamic properties of the app's own, whose `update()` runs.
  static var updatesDynamicProperties: Bool { get }
  /// Calls `update()` on the app's own dynamic properties; false when there are none.
  mutating func updateDynamicProperties() -> Bool
}

extension ViewNode {
  /// Brings a composite view's node up to date.
  ///
  /// A new node gets its own `Effect` whose evaluation is the view's `body`, scheduled for
  /// the running flush (or the next one): bodies never run nested inside their parent's, so
  /// the depth of a tree costs no stack. An existing node re-runs its body only if the new
  /// view value's inputs differ from the previous one (see `ComparisonPlan`); otherwise the
  /// parent's update stops here.
  func updateComposite<Content: View>(_ view: Content) {
    // Loaded once: each load of the `unowned` host is an atomic retain and release (eight of
    // them per mounted view).
    let host = self.host
    if let composite {
      let part = unsafeDowncast(composite, to: Composite<Content>.self)
      if host.logsUpdates {
        guard let changes = part.type.plan.changedInputs(part.view, view) else { return }
        part.inputChanges = changes.map { "input \($0)" }
      } else {
        guard !part.type.plan.inputsEqual(part.view, view) else { return }
      }
      part.view = view
      part.effect.scheduleRun()
      return
    }
    guard depth <= host.options.maximumDepth else {
      // Rendered as nothing; its parent may still show the rest.
      setTransparent()
      host.reportTooDeep(typeName)
      return
    }
    role = .composite
    let type = host.compositeType(Content.self, namedAfter: nameType)
    makeElement(type.kind)
    let part = type.makePart(for: self, view: view)
    let effect = Effect(
      name: host.logsUpdates ? displayName : type.name, in: host.graph, depth: depth,
      recordsReasons: host.logsUpdates, runner: part)
    effect.role = .body
    part.effect = effect
    if host.logsUpdates { part.inputChanges = ["inserted"] }
    composite = part
    effect.scheduleRun()
  }
}

/// A composite view of Trellis's own whose element is one of the library's kinds rather than a
/// custom view's (`TabView`, whose body only adds the state it keeps): its content renders no
/// element of its own, so the tree has one element for the view.
protocol BuiltInCompositeKind {
  static var elementKind: ElementKind { get }
}

/// What a host knows about one composite view type, found once per type and host.
@MainActor
final class CompositeType {
  let plan: ComparisonPlan
  /// The type name (the modifier's, for a custom modifier's body).
  let name: String
  let kind: ElementKind
  /// The host's count of body runs of this type.
  var bodyRuns = 0
  let nameType: any Any.Type
  /// Whether the view's dynamic properties are not its own (a custom modifier's body).
  let linksCustomProperties: Bool
  /// Whether a body run calls `update()` on dynamic properties of the app's own (the view's,
  /// or, when they are not its own, those of the value inside).
  let updatesProperties: Bool
  /// Whether it is one of Trellis's own composite views (`NavigationStack`, `TabView`, …)
  /// rather than the app's: lifecycle logs name the app's view around it instead.
  let isBuiltIn: Bool
  /// The view type's identifier, the key of `HostCore.compositeTypes`.
  let typeID: ObjectIdentifier
  /// `Composite<Content>` for this type's `Content`, found once (see `makePart(for:view:)`).
  private let partClass: CompositePart.Type

  init<Content: View>(_ type: Content.Type, namedAfter nameType: (any Any.Type)?) {
    typeID = ObjectIdentifier(type)
    partClass = Composite<Content>.self
    plan = ComparisonPlan.plan(for: type)
    self.nameType = nameType ?? type
    name = ViewTypeNames.name(of: self.nameType)
    kind = (type as? any BuiltInCompositeKind.Type)?.elementKind ?? .customView(name)
    linksCustomProperties = type is any CustomDynamicPropertyLinking.Type
    updatesProperties =
      plan.hasDynamicPropertyUpdates
      || (type as? any CustomDynamicPropertyLinking.Type)?.updatesDynamicProperties == true
    isBuiltIn = String(reflecting: self.nameType).hasPrefix("TrellisViews.")
  }

  /// A new part for a view of this type, on `node`.
  ///
  /// The part's class is the one found when the type was first met. Naming
  /// `Composite<Content>` here would look the generic class up in the runtime's metadata
  /// cache for every new view, about 330 instructions (2.4% of mounting a row of a list).
  ///
  /// Invariant (the one unchecked step): `Content` is the type this `CompositeType` was made
  /// for, so `partClass` is `Composite<Content>`. `HostCore.compositeType(_:namedAfter:)`
  /// keeps one per view type, keyed by `ObjectIdentifier(Content.self)`; debug builds check it
  /// here, and the AddressSanitizer suite would catch a part of the wrong class (its `view`
  /// has another layout).
  func makePart<Content: View>(for node: ViewNode, view: Content) -> Composite<Content> {
    assert(partClass == Composite<Content>.self, "a composite part of another view type")
    let partType = unsafeBitCast(partClass, to: Composite<Content>.Type.self)
    return partType.init(node: node, view: view, type: self)
  }
}

extension HostCore {
  /// The facts about composite type `Content`, made the first time.
  func compositeType<Content: View>(
    _ type: Content.Type, namedAfter nameType: (any Any.Type)?
  ) -> CompositeType {
    let id = ObjectIdentifier(type)
    if let last = lastCompositeType, last.typeID == id { return last }
    let found: CompositeType
    if let known = compositeTypes[id] {
      found = known
    } else {
      found = CompositeType(type, namedAfter: nameType)
      compositeTypes[id] = found
    }
    lastCompositeType = found
    return found
  }
}
