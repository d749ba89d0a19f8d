import Foundation
import TrellisGraph

/// Checks of the lengths a layout modifier was given, made when they change: a negative or
/// non-finite frame dimension, a non-finite padding or offset, or contradictory frame bounds
/// is reported by name, as SwiftUI logs "Invalid frame dimension (negative or non-finite)" and
/// "Contradictory frame constraints specified". The attribute is kept as given; renderers
/// read non-finite and negative frame dimensions as 0 (see `TrellisTerminal`'s
/// `TerminalValues`). The two numbers of the style modifiers are checked the same way: a NaN
/// opacity, and a negative or non-finite corner radius.
@MainActor
enum LayoutValidation {
  /// Reports each invalid length in `attributes`, applied by a modifier inside `viewName`,
  /// unless `previous` (the modifier's attributes before) had it already: a NaN is never
  /// equal to itself, so the attributes differ on every update, but it is reported once.
  static func check(
    _ attributes: ElementAttributes, previous: ElementAttributes,
    in viewName: @autoclosure () -> String
  ) {
    for attribute in attributes {
      let found: (Problem, String)?
      switch attribute {
      case .layout(let layout): found = problem(in: layout).map { ($0, "\(layout)") }
      case .style(let style): found = problem(in: style).map { ($0, "\(style)") }
      default: found = nil
      }
      guard let (problem, shownValue) = found else { continue }
      let shown = "\(attribute)"
      if previous.contains(where: { "\($0)" == shown }) { continue }
      let name = viewName()
      TrellisDiagnostics.report(
        TrellisDiagnostic(
          kind: .invalidInput, nodes: [name],
          message: "\(problem.description) in \(name) (\(shownValue)); \(problem.outcome)"))
    }
  }

  /// A problem with a layout attribute's lengths: what it is, and what becomes of it.
  struct Problem {
    let description: String
    let outcome: String

    static let invalidDimension = Problem(
      description: "Invalid frame dimension (negative or non-finite)",
      outcome: "renderers read non-finite and negative lengths as 0.")
    static let contradictory = Problem(
      description: "Contradictory frame constraints specified",
      outcome: "the layout is undefined; give bounds with min <= ideal <= max.")
    static let invalidPadding = Problem(
      description: "Invalid padding (non-finite)",
      outcome: "renderers read NaN as 0 and an infinite length as the largest they draw.")
    static let invalidOffset = Problem(
      description: "Invalid offset (non-finite)",
      outcome: "renderers read NaN as 0 and an infinite length as the largest they draw.")
    static let invalidLength = Problem(
      description: "Invalid length (NaN)", outcome: "renderers read NaN as 0.")
    static let invalidOpacity = Problem(
      description: "Invalid opacity (NaN)", outcome: "renderers read it as 1 (opaque).")
    static let invalidCornerRadius = Problem(
      description: "Invalid corner radius (negative or non-finite)",
      outcome: "renderers read it as 0 (square corners).")
  }

  /// What is wrong with `style`'s numbers, if anything (found by a user: `.opacity(.nan)` and
  /// `.cornerRadius(.nan)` reached renderers unreported).
  static func problem(in style: StyleAttribute) -> Problem? {
    switch style {
    case .opacity(let opacity): opacity.isNaN ? .invalidOpacity : nil
    case .cornerRadius(let radius): isInvalidDimension(radius) ? .invalidCornerRadius : nil
    default: nil
    }
  }

  /// What is wrong with `layout`'s lengths, if anything.
  static func problem(in layout: LayoutAttribute) -> Problem? {
    switch layout {
    case .frame(let width, let height, _):
      return [width, height].contains { $0.map(isInvalidDimension) ?? false }
        ? .invalidDimension : nil
    case .flexibleFrame(let frame):
      let bounded = [frame.minWidth, frame.idealWidth, frame.minHeight, frame.idealHeight]
      if bounded.contains(where: { $0.map(isInvalidDimension) ?? false })
        || [frame.maxWidth, frame.maxHeight].contains(where: { $0.map(isInvalidMaximum) ?? false })
      {
        return .invalidDimension
      }
      let contradictory =
        isDecreasing([frame.minWidth, frame.idealWidth, frame.maxWidth])
        || isDecreasing([frame.minHeight, frame.idealHeight, frame.maxHeight])
      return contradictory ? .contradictory : nil
    case .padding(.edges(_, let length)):
      return length.map { !$0.isFinite } ?? false ? .invalidPadding : nil
    case .padding(.insets(let insets)):
      return [insets.top, insets.leading, insets.bottom, insets.trailing].contains {
        !$0.isFinite
      } ? .invalidPadding : nil
    case .offset(let x, let y):
      return x.isFinite && y.isFinite ? nil : .invalidOffset
    case .spacing(let length), .minLength(let length):
      return length.isNaN ? .invalidLength : nil
    default:
      return nil
    }
  }

  private static func isInvalidDimension(_ length: CGFloat) -> Bool {
    !length.isFinite || length < 0
  }

  /// A frame's maximum may be `.infinity` ("all that is offered").
  private static func isInvalidMaximum(_ length: CGFloat) -> Bool {
    length.isNaN || length < 0
  }

  /// Whether the given bounds (min, ideal, max, any of them nil) ever decrease.
  private static func isDecreasing(_ bounds: [CGFloat?]) -> Bool {
    let given = bounds.compactMap { $0 }
    return zip(given, given.dropFirst()).contains { $0 > $1 }
  }
}
