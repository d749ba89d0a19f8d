// The umbrella module: `import Trellis` brings every layer, and Foundation, as `import SwiftUI`
// does (`Date`, `URL`, `UUID`, format styles, `CGFloat` work without another import).
@_exported import Foundation
@_exported import TrellisEnvironment
@_exported import TrellisGraph
@_exported import TrellisTracking
@_exported import TrellisViews
