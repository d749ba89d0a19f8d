import Trellis

/// One simulated download: a tracked model, so that its row re-runs when its own progress
/// changes and no other row does.
@MainActor
final class Download: Trackable, Identifiable {
  let id: Int
  let name: String
  /// The file's size in bytes.
  let size: Int
  /// Bytes received so far.
  @Tracked var received = 0

  init(id: Int, name: String, size: Int) {
    self.id = id
    self.name = name
    self.size = size
  }

  /// How far along it is, 0 to 1.
  var fraction: Double { size == 0 ? 1 : Double(received) / Double(size) }
}

/// The downloads: those still running, and those done, in the order they finished.
@MainActor
final class Downloads: Trackable {
  @Tracked var running: [Download]
  @Tracked var finished: [Download] = []
  /// Milliseconds between chunks, per download, before jitter; 0 runs without waiting.
  let pace: Int

  init(pace: Int = 40) {
    self.pace = pace
    running = [
      Download(id: 1, name: "swift-6.3.1-RELEASE.tar.gz", size: 980_000_000),
      Download(id: 2, name: "notes-backup.zip", size: 48_500_000),
      Download(id: 3, name: "ubuntu-24.04-server.iso", size: 2_700_000_000),
      Download(id: 4, name: "podcast-episode-112.mp3", size: 96_200_000),
      Download(id: 5, name: "dataset-2025-q3.csv", size: 310_000_000),
    ]
  }

  /// Runs every download concurrently, each in its own task, until all are done.
  func run() async {
    await withTaskGroup(of: Void.self) { group in
      for (index, download) in running.enumerated() {
        group.addTask { await self.fetch(download, seed: UInt64(index + 1)) }
      }
    }
  }

  /// Receives `download` in chunks of a seeded, uneven size, then moves it to `finished`.
  private func fetch(_ download: Download, seed: UInt64) async {
    var random = seed &* 0x9E37_79B9_7F4A_7C15
    while download.received < download.size, !Task.isCancelled {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // 1% to 4% of the file per chunk, at a pace that differs per download.
      let share = 10 + Int((random >> 33) % 30)
      let chunk = max(1, download.size / 1_000 * share)
      if pace > 0 {
        let delay = pace * Int(seed + 1) / 3 + Int((random >> 40) % UInt64(pace))
        try? await Task.sleep(for: .milliseconds(delay))
      } else {
        await Task.yield()
      }
      download.received = min(download.size, download.received + chunk)
    }
    running.removeAll { $0 === download }
    finished.append(download)
  }
}

/// Sizes as people read them: `48.5 MB`, `2.7 GB`.
func formattedSize(_ bytes: Int) -> String {
  let units = ["B", "kB", "MB", "GB", "TB"]
  var value = Double(bytes)
  var unit = 0
  while value >= 1_000, unit < units.count - 1 {
    value /= 1_000
    unit += 1
  }
  let rounded = (value * 10).rounded() / 10
  return unit == 0 ? "\(bytes) B" : "\(rounded) \(units[unit])"
}
