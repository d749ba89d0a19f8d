// swift-tools-version: 6.0
import PackageDescription

/// Trellis: SwiftUI's data-flow model (tracking, graph, environment, headless views) for every
/// Swift platform. Layers import only downward: Views → Environment → Graph → Tracking.
let package = Package(
  name: "Trellis",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Trellis", targets: ["Trellis"]),
    .library(name: "TrellisTracking", targets: ["TrellisTracking"]),
    .library(name: "TrellisGraph", targets: ["TrellisGraph"]),
    .library(name: "TrellisEnvironment", targets: ["TrellisEnvironment"]),
    .library(name: "TrellisViews", targets: ["TrellisViews"]),
    .executable(name: "NotesDemo", targets: ["NotesDemo"]),
    .executable(name: "TrellisBenchmarks", targets: ["TrellisBenchmarks"]),
  ],
  targets: [
    .target(name: "TrellisTracking"),
    .target(name: "TrellisGraph", dependencies: ["TrellisTracking"]),
    .target(name: "TrellisEnvironment", dependencies: ["TrellisGraph"]),
    .target(name: "TrellisViews", dependencies: ["TrellisEnvironment", "TrellisGraph"]),
    .target(name: "ReactivityWorkloads", dependencies: ["TrellisGraph"]),
    .target(
      name: "Trellis",
      dependencies: ["TrellisTracking", "TrellisGraph", "TrellisEnvironment", "TrellisViews"]
    ),
    .executableTarget(name: "NotesDemo", dependencies: ["Trellis"]),
    .executableTarget(
      name: "TrellisBenchmarks",
      dependencies: ["Trellis"],
      path: "Benchmarks/TrellisBenchmarks"
    ),
    .testTarget(name: "TrellisTrackingTests", dependencies: ["TrellisTracking"]),
    .testTarget(
      name: "TrellisGraphTests",
      dependencies: ["TrellisGraph", "ReactivityWorkloads"]
    ),
    .testTarget(name: "TrellisEnvironmentTests", dependencies: ["TrellisEnvironment"]),
    .testTarget(name: "TrellisViewsTests", dependencies: ["TrellisViews"]),
    .testTarget(name: "NotesDemoTests", dependencies: ["NotesDemo"]),
  ],
  swiftLanguageModes: [.v6]
)
