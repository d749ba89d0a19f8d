/// Layout adds and subtracts lengths that may be `Int.max` (an infinite proposal, or a view
/// that took one). Saturating arithmetic keeps infinity infinite and never traps on overflow.
extension Int {
  /// `self + other`, clamped to `Int.min...Int.max`; infinity plus anything stays infinity.
  func saturatingAdd(_ other: Int) -> Int {
    if self == .max || other == .max { return .max }
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// `self - other`, clamped; infinity minus a finite length stays infinity.
  func saturatingSubtract(_ other: Int) -> Int {
    if self == .max { return .max }
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other > 0 ? .min : .max) : difference
  }

  /// `self * count` (a spacing times the gaps), clamped to `Int.min...Int.max`; infinity
  /// times a positive count stays infinity.
  func saturatingMultiply(_ count: Int) -> Int {
    let (product, overflow) = multipliedReportingOverflow(by: count)
    guard overflow else { return product }
    return (self < 0) == (count < 0) ? .max : .min
  }
}
