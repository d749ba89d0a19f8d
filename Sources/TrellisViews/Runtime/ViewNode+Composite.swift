import TrellisGraph

/// Holds the current value of a composite view, typed, so that body evaluation needs no cast.
final class ViewBox<Content: View> {
  var view: Content
  init(_ view: Content) { self.view = view }
}

extension ViewNode {
  /// The running body evaluation, if any: where `@State` writes are refused and reported.
  static var evaluatingBody: ViewNode?

  /// The states whose write during a body was reported in the current update (cleared when
  /// the update commits), so each is reported once per update.
  static var reportedBodyWrites: Set<ObjectIdentifier> = []

  /// Brings a composite view's node up to date.
  ///
  /// A new node gets its own `Effect` whose evaluation is the view's `body`: what the body
  /// reads becomes its dependencies, so it re-runs on its own when they change. An existing
  /// node re-runs its body now only if the new view value's inputs differ from the previous
  /// one (see `InputComparison`); otherwise the parent's update stops here.
  func updateComposite<Content: View>(_ view: Content) {
    if let bodyEffect, let box = viewBox {
      let box = unsafeDowncast(box, to: ViewBox<Content>.self)
      guard let changes = InputComparison.changedInputs(box.view, view) else { return }
      box.view = view
      inputChanges = changes.map { "input \($0)" }
      bodyEffect.run()
      return
    }
    kind = typeName
    showsInTree = !isInternal
    let box = ViewBox(view)
    viewBox = box
    let effect = Effect(
      name: isInternal ? typeName : displayName, in: host.graph, depth: depth,
      runImmediately: false
    ) { [unowned self] in
      self.evaluateBody(box)
    }
    bodyEffect = effect
    inputChanges = ["inserted"]
    runOrDefer(effect)
  }

  /// How many body evaluations may nest on the stack before deeper ones are handed to the
  /// scheduler. A body evaluated from its parent's evaluation recurses (a few kilobytes of
  /// stack per level in debug builds, and main-actor work may run on a 512 KiB pool thread on
  /// Linux); a scheduled one runs later in the same flush, parents first, with no recursion.
  static let maximumNestedBodies = 32

  /// Runs `effect` now, or, when bodies are already nested deeply, schedules it for the
  /// current flush.
  private func runOrDefer(_ effect: Effect) {
    if GraphEvaluation.depth >= Self.maximumNestedBodies {
      effect.scheduleRun()
    } else {
      effect.run()
    }
  }

  private func evaluateBody<Content: View>(_ box: ViewBox<Content>) {
    if !isMounted { return }
    if !isInternal { host.recordBodyRun(of: self, extraReasons: inputChanges) }
    inputChanges = []
    let view = box.view
    DynamicProperties.link(view, to: self)
    let previous = ViewNode.evaluatingBody
    ViewNode.evaluatingBody = self
    let body = view.body
    ViewNode.evaluatingBody = previous
    GraphEvaluation.untracked {
      updateChildren { children in children.update(.body, body) }
    }
  }
}
