// The umbrella module: `import Trellis` brings every layer.
@_exported import TrellisEnvironment
@_exported import TrellisGraph
@_exported import TrellisTracking
@_exported import TrellisViews
