/// The implementations every suite compares, on identical model shapes.
enum Implementation: String, CaseIterable, Codable, Sendable {
  /// Trellis property-level tracking (`Trackable` and `@Tracked`).
  case trellis
  /// Apple's Observation (`@Observable`, `withObservationTracking`).
  case appleObservation = "apple-observation"
  /// Trellis object-level tracking (`ObjectTrackable` and `@ObjectTracked`), the
  /// `ObservableObject` way: any write notifies every reader of the object.
  case objectLevel = "object-level"

  /// The column title in markdown tables.
  var title: String { rawValue }
}
