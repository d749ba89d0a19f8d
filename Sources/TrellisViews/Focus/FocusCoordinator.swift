import TrellisGraph

/// One host's focus: which control has it, the `.focused` bindings in the tree, and the focus
/// states written since the last update.
///
/// The focus moves in two ways:
/// - **by a driver** (`ViewHost.focusNext()`, `focus(_:)`, typing into a field): at once;
/// - **by a focus state written by the app**: at the end of the flush that follows
///   (`HostCore.settle()`), once the controls the update inserts exist. The control whose
///   binding holds the state's new value takes the focus; a state that no longer holds the
///   focused control's value takes the focus away.
/// A control that leaves the tree, becomes disabled, or is hidden by its container (a tab
/// switched away, a row scrolled out, a navigation level covered by a push; see
/// `ViewNode.isVisible`) loses the focus at the end of that flush, as a view that leaves the
/// screen does in SwiftUI. A hidden control keeps its state, not the focus: shown again, it
/// does not take the focus back.
/// Each move writes the bindings of the controls it leaves (false, nil) and enters (their
/// value), so the bodies that read the focus state re-run in the same update.
@MainActor
final class FocusCoordinator {
  /// The focused control, if any.
  private(set) var focused: ControlPart?
  /// The `.focused` bindings in the tree, in the order they were registered (the first of a
  /// state's bindings whose value it holds takes the focus). A binding that leaves the tree
  /// leaves a hole, squeezed out once the holes are half the list: removing every binding of a
  /// large form costs O(n), where a search per removal made unmounting it quadratic (found by a
  /// new user: 8 s to release 16,000 rows with `.focused`).
  private var bindingSlots: [FocusBindingPart?] = []
  private var bindingPositions: [ObjectIdentifier: Int] = [:]
  private var bindingHoles = 0

  /// The bindings in registration order. O(n).
  private var bindings: [FocusBindingPart] { bindingSlots.compactMap { $0 } }
  // `writtenStates` and `orphans` opt out of dynamic exclusivity checks: `needsSettle` reads
  // them several times per update (four runtime calls, about 300 instructions of one row's
  // update), and no access to them can overlap another: the coordinator is confined to the
  // main actor, mutates them only by appending or assigning, and `settle()` takes them out
  // before it runs anything.

  /// The focus states the app wrote since the last settle, in order.
  @exclusivity(unchecked) private var writtenStates: [any FocusStateSlot] = []
  /// Whether the focused control left the tree since the last settle.
  private var focusedControlLeft = false

  /// Bindings that left the tree while their state held their value: cleared at the settle.
  @exclusivity(unchecked) private var orphans: [FocusBinding] = []

  func register(_ part: FocusBindingPart) {
    bindingPositions[ObjectIdentifier(part)] = bindingSlots.count
    bindingSlots.append(part)
  }

  /// O(1) amortized.
  func unregister(_ part: FocusBindingPart) {
    if let position = bindingPositions.removeValue(forKey: ObjectIdentifier(part)) {
      bindingSlots[position] = nil
      bindingHoles += 1
      if bindingHoles > 16 && bindingHoles * 2 > bindingSlots.count { squeezeBindings() }
    }
    if part.binding.matches() { orphans.append(part.binding) }
  }

  private func squeezeBindings() {
    bindingSlots = bindings
    bindingHoles = 0
    bindingPositions.removeAll(keepingCapacity: true)
    for (position, part) in bindingSlots.enumerated() {
      if let part { bindingPositions[ObjectIdentifier(part)] = position }
    }
  }

  /// Why a focus state set to `value` gave no control the focus, and the view to name.
  /// - Parameters:
  ///   - holder: the `.focused` for that value, when it is in the tree but holds no control
  ///     that can take the focus (a `Text`): the advice about controls off screen would send
  ///     the app looking in the wrong place.
  ///   - anyBinding: any `.focused` of the state, when one is in the tree.
  private func unmatchedReport(
    of slot: any FocusStateSlot, value: String, holder: FocusBindingPart?,
    anyBinding: FocusBindingPart?
  ) -> (name: String, message: String) {
    if let holder {
      let name = holder.node.enclosingViewName
      return (
        name,
        "A @FocusState in \(name) was set to \(value), but the view that .focused for that "
          + "value is on holds no control that can take the focus (a text field, button, "
          + "toggle, picker, stepper or slider); nothing of it has the focus, and the state "
          + "goes back to nil (false). Put .focused on the control itself."
      )
    }
    if let anyBinding {
      let name = anyBinding.node.enclosingViewName
      return (
        name,
        "A @FocusState in \(name) was set to \(value), but no enabled control on screen is "
          + "bound to that value with .focused(_:equals:) (a control in a tab switched away, a "
          + "row scrolled out or a covered navigation level is not on screen); nothing of it "
          + "has the focus, and the state goes back to nil (false)."
      )
    }
    // No `.focused` in the tree uses the state at all (before, the value stayed, and nothing
    // said why no control took the focus).
    return (
      slot.ownerName,
      "\(slot.stateName) was set to \(value), but no control in the tree is bound to it with "
        + ".focused(_:) or .focused(_:equals:); nothing of it has the focus, and the state goes "
        + "back to nil (false)."
    )
  }

  /// The app wrote a focus state.
  func stateWasWritten(_ state: any FocusStateSlot) {
    if !writtenStates.contains(where: { $0 === state }) { writtenStates.append(state) }
  }

  /// The control left the tree: it loses the focus now, its bindings are written at the
  /// settle.
  func controlDidUnmount(_ control: ControlPart) {
    guard control === focused else { return }
    focused = nil
    focusedControlLeft = true
  }

  /// Whether settling has anything to do.
  var needsSettle: Bool {
    !writtenStates.isEmpty || focusedControlLeft || !orphans.isEmpty
      || (focused.map { !$0.canKeepFocus } ?? false)
  }

  /// Applies what happened since the last settle: focus states the app wrote, then the
  /// focused control becoming disabled or leaving, and bindings that left the tree.
  func settle() {
    let written = writtenStates
    writtenStates = []
    for slot in written {
      let state = ObjectIdentifier(slot)
      let stateBindings = bindings.filter { $0.binding.storageID == state }
      let chosen = stateBindings.first(where: { $0.binding.matches() })
      let target = chosen?.target
      if let target, target.canKeepFocus {
        move(to: target)
        continue
      }
      if let focused, stateBindings.contains(where: { $0.target === focused }) {
        move(to: nil)
      }
      // A value no enabled, shown control is bound to: nothing of this state has the focus, so the
      // state goes back to its empty value (nil, false), as SwiftUI's follows the real focus.
      guard let value = slot.unmatchedValue else { continue }
      slot.clear()
      let (name, message) = unmatchedReport(
        of: slot, value: value, holder: target == nil ? chosen : nil,
        anyBinding: stateBindings.first)
      TrellisDiagnostics.report(
        TrellisDiagnostic(kind: .invalidInput, nodes: [name], message: message))
    }
    if let focused, !focused.canKeepFocus { move(to: nil) }
    if focusedControlLeft {
      focusedControlLeft = false
      // Nothing has the focus now: a binding whose state still holds its value is stale.
      for binding in bindings
      where binding.binding.matches()
        && !written.contains(where: { ObjectIdentifier($0) == binding.binding.storageID })
      {
        binding.binding.deactivate()
      }
    }
    let orphans = self.orphans
    self.orphans = []
    for orphan in orphans
    where orphan.matches() && !written.contains(where: { ObjectIdentifier($0) == orphan.storageID })
      && !bindings.contains(where: {
        $0.target === focused && $0.binding.storageID == orphan.storageID
      })
    {
      orphan.deactivate()
    }
  }

  /// Moves the focus to `control` (nil: nowhere), updating both controls' attributes and the
  /// bindings of both.
  func move(to control: ControlPart?) {
    guard control !== focused else { return }
    let old = focused
    focused = control
    old?.isFocused = false
    control?.isFocused = true
    if let old {
      for binding in bindings where binding.target === old { binding.binding.deactivate() }
    }
    if let control {
      for binding in bindings where binding.target === control { binding.binding.activate() }
    }
  }
}
