import Trellis

/// The live frame: finished downloads printed once above it, a bar per running download, and
/// a summary line; it ends the app when every download is done.
struct DownloadsView: View {
  let downloads: Downloads
  @Environment(\.exit) private var exit

  var body: some View {
    Static(downloads.finished) { download in
      Text("✔ \(download.name) · \(formattedSize(download.size))")
    }
    ForEach(downloads.running) { download in DownloadRow(download: download) }
    Summary(downloads: downloads)
      .task {
        await downloads.run()
        exit()
      }
  }
}

/// One running download: name, bar and percentage, as wide as the terminal allows.
struct DownloadRow: View {
  let download: Download
  @Environment(\.terminalSize) private var size

  var body: some View {
    let nameWidth = 28
    let barWidth = max(4, min(40, size.columns - nameWidth - 8))
    HStack {
      Text(padded(download.name, to: nameWidth))
      Text(bar(download.fraction, width: barWidth))
      Text(percent(download.fraction))
    }
  }

  private func padded(_ name: String, to width: Int) -> String {
    name.count >= width
      ? String(name.prefix(width - 1)) + "…"
      : name + String(repeating: " ", count: width - name.count)
  }

  /// Eighths of a cell, as the block elements draw them.
  private func bar(_ fraction: Double, width: Int) -> String {
    let eighths = Int((fraction * Double(width * 8)).rounded(.down))
    let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var bar = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    bar += String(repeating: "·", count: max(0, width - bar.count))
    return bar
  }

  private func percent(_ fraction: Double) -> String {
    let value = "\(Int((fraction * 100).rounded(.down)))%"
    return String(repeating: " ", count: max(0, 4 - value.count)) + value
  }
}

/// `3 of 5 done · 1.2 GB of 4.1 GB`.
struct Summary: View {
  let downloads: Downloads

  var body: some View {
    let all = downloads.finished + downloads.running
    let received = all.reduce(0) { $0 + $1.received }
    let total = all.reduce(0) { $0 + $1.size }
    Text(
      "\(downloads.finished.count) of \(all.count) done · \(formattedSize(received)) of "
        + formattedSize(total))
  }
}
