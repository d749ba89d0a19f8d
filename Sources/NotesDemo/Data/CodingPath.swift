/// Renders a `DecodingError` coding path the way people write it: `notes[12].title`.
///
/// Integer keys (array indices) become `[n]` subscripts, string keys are joined with dots.
/// The empty path (the document itself) renders as `the top level`.
enum CodingPath {
  /// Formats `path`, optionally followed by one more key (the key a `keyNotFound` error
  /// reports separately from its context's path).
  static func render(_ path: [any CodingKey], appending last: (any CodingKey)? = nil) -> String {
    let keys = last.map { path + [$0] } ?? path
    guard !keys.isEmpty else { return "the top level" }
    var result = ""
    for key in keys {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        if !result.isEmpty { result += "." }
        result += key.stringValue
      }
    }
    return result
  }
}
