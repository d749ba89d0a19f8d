import Foundation
import TrellisEnvironment

/// A line of text, like SwiftUI's `Text`. In the rendered tree: `Text "…"`.
///
/// - `Text("Hello \(name)")` takes a `LocalizedStringKey`, whose interpolation also formats
///   values: `Text("\(price, format: .currency(code: "EUR"))")`. There is no localization
///   table: the key is shown as written.
/// - `Text(title)` with a `String` value shows it as is; so does `Text(verbatim:)`.
/// - `Text(date, format: .dateTime)` formats a value with a `FormatStyle`.
/// - Formatted values use the environment's `\.locale`, as SwiftUI's do: such a text reads the
///   locale in its own computation, so changing the locale re-renders it and re-runs no body.
/// - `Text + Text` concatenates; `Text`'s own modifiers (`.bold()`, `.font(_:)`,
///   `.foregroundStyle(_:)`, …) return a `Text` and style that piece only. Uniformly styled
///   text carries the style as style attributes; mixed runs carry a `runs` attribute.
public struct Text: View, _PrimitiveView, Equatable {
  /// One piece of the text: a string or a formatted value, and its style.
  struct Run: Equatable, Sendable {
    var content: Content
    var style = TextStyleAttributes()
  }

  /// A string, or a value formatted in the locale of the environment.
  enum Content: Equatable, Sendable {
    case verbatim(String)
    case formatted(FormattedValue)

    func resolved(in locale: Locale) -> String {
      switch self {
      case .verbatim(let string): string
      case .formatted(let value): value.render(locale)
      }
    }
  }

  /// The runs, kept without an array for the common text, one plain string with no style: a
  /// body makes a new `Text` on every run, and an array was an allocation and a release each
  /// time. Always normalized (one plain unstyled run is `.plain`), so that two texts with the
  /// same runs have the same storage and the synthesized `==` compares runs.
  private enum Storage: Equatable, Sendable {
    case plain(String)
    case runs([Run])
  }

  private var storage: Storage

  /// The text's runs (a one-run array for a plain text).
  var runs: [Run] {
    get {
      switch storage {
      case .plain(let string): [Run(content: .verbatim(string))]
      case .runs(let runs): runs
      }
    }
    set { storage = Self.storage(for: newValue) }
  }

  private static func storage(for runs: [Run]) -> Storage {
    if runs.count == 1, case .verbatim(let string) = runs[0].content, runs[0].style.isEmpty {
      return .plain(string)
    }
    return .runs(runs)
  }

  init(runs: [Run]) { storage = Self.storage(for: runs) }

  /// Creates a text from a string literal or an interpolation, like SwiftUI's
  /// `Text(_: LocalizedStringKey)`.
  /// - Parameter key: the text; interpolated values are described, formatted values formatted.
  public init(_ key: LocalizedStringKey) { storage = Self.storage(for: key.runs) }

  /// Creates a text that shows a string as is.
  /// - Parameter content: the string to show.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) { storage = .plain(String(content)) }

  /// Creates a text from a string shown as is.
  /// - Parameter content: the string to show.
  public init(verbatim content: String) { storage = .plain(content) }

  /// Creates a text that shows `input` formatted with `format`, like SwiftUI's
  /// `Text(_:format:)`, in the environment's locale. The style and the value must be
  /// `Sendable` (the standard styles and values are): a text is a value that may be compared
  /// off the main actor.
  /// - Parameters:
  ///   - input: the value.
  ///   - format: the format style, such as `.number` or `.dateTime.year()`.
  public init<F: FormatStyle & Sendable>(_ input: F.FormatInput, format: F)
  where F.FormatOutput == String, F.FormatInput: Sendable {
    storage = .runs([Run(content: .formatted(FormattedValue(input, format: format)))])
  }

  /// The text shown, formatted values in the current locale (`Locale.current`).
  public var content: String { string(in: .current) }

  func string(in locale: Locale) -> String {
    // Loops, not `map`/`joined`: a main-actor closure handed to the standard library checks
    // its executor on every call, which cost more than the work on a one-run text.
    let runs: [Run]
    switch storage {
    case .plain(let string): return string
    case .runs(let all): runs = all
    }
    if runs.count == 1 { return runs[0].content.resolved(in: locale) }
    var result = ""
    for run in runs { result += run.content.resolved(in: locale) }
    return result
  }

  var hasFormattedValues: Bool {
    guard case .runs(let runs) = storage else { return false }
    for run in runs {
      if case .formatted = run.content { return true }
    }
    return false
  }

  /// Renders the text; a text with formatted values renders in its own computation, which
  /// reads the locale.
  public static func _update(_ view: Self, in node: ViewNode) {
    // The common text, one plain string: no run is copied (a run is a large value, copied
    // through value witnesses, three times per update on the general path).
    if case .plain(let string) = view.storage {
      node.setLeaf(kind: .text, text: string)
      // Mostly there are none to clear: asked first, without comparing two lists (about 90
      // instructions per mounted or updated text).
      if !node.attributes.isEmpty { node.setAttributes([]) }
      return
    }
    guard view.hasFormattedValues else {
      let locale = Locale.current
      node.setLeaf(kind: .text, text: view.string(in: locale))
      node.setAttributes(view.styleAttributes(in: locale))
      return
    }
    let part = node.parts.part(FormattedTextPart.self) { FormattedTextPart(node: node, text: view) }
    part.text = view
    part.refresh()
  }

  /// The style as attributes: plain style attributes when every run has the same style,
  /// otherwise the runs.
  func styleAttributes(in locale: Locale) -> ElementAttributes {
    guard let first = runs.first else { return [] }
    var sameStyle = true
    for run in runs.dropFirst() where run.style != first.style {
      sameStyle = false
      break
    }
    if sameStyle {
      let styles = first.style.attributes
      if styles.isEmpty { return [] }
      var attributes: [ElementAttribute] = []
      attributes.reserveCapacity(styles.count)
      for style in styles { attributes.append(.style(style)) }
      return ElementAttributes(attributes)
    }
    return [
      .content(
        .textRuns(
          runs.map { TextRun(length: $0.content.resolved(in: locale).count, style: $0.style) }))
    ]
  }

  /// Concatenates two texts, like SwiftUI's `Text + Text`: each keeps its own style.
  /// - Parameters:
  ///   - lhs: the first text.
  ///   - rhs: the second text.
  /// - Returns: the concatenation.
  public static func + (lhs: Text, rhs: Text) -> Text { Text(runs: lhs.runs + rhs.runs) }
}

/// A value and the format style that shows it, compared by both when the value is hashable.
struct FormattedValue: Equatable, Sendable {
  private let format: any Hashable & Sendable
  private let input: any Sendable
  /// Whether another formatted value's input equals this one's; false when the input is not
  /// `Equatable` (two such values cannot be compared).
  private let sameInput: @Sendable (any Sendable) -> Bool
  let render: @Sendable (Locale) -> String

  init<F: FormatStyle & Sendable>(_ input: F.FormatInput, format: F)
  where F.FormatOutput == String, F.FormatInput: Sendable {
    self.format = format
    self.input = input
    sameInput = { other in
      guard let other = other as? F.FormatInput, let mine = input as? any Equatable else {
        return false
      }
      return mine.isEqualToAny(other)
    }
    render = { format.locale($0).format(input) }
  }

  static func == (lhs: FormattedValue, rhs: FormattedValue) -> Bool {
    lhs.format.isEqualToAny(rhs.format) && lhs.sameInput(rhs.input)
  }
}

/// A text with formatted values: rendered in its own computation, which reads `\.locale`.
final class FormattedTextPart: ComputedPart {
  var text: Text

  init(node: ViewNode, text: Text) {
    self.text = text
    super.init(node: node)
  }

  override func compute() {
    let locale = node.environment[\.locale]
    node.setLeaf(kind: .text, text: text.string(in: locale))
    node.setAttributes(text.styleAttributes(in: locale))
  }
}

extension Text {
  private func styled(_ change: (inout TextStyleAttributes) -> Void) -> Text {
    var runs = self.runs
    for index in runs.indices { change(&runs[index].style) }
    return Text(runs: runs)
  }

  /// This text in bold, like SwiftUI's `Text.bold()`.
  /// - Returns: the text.
  public func bold() -> Text { bold(true) }

  /// This text in bold or not.
  /// - Parameter isActive: whether it is bold.
  /// - Returns: the text.
  public func bold(_ isActive: Bool) -> Text { styled { $0.isBold = isActive } }

  /// This text in italics.
  /// - Returns: the text.
  public func italic() -> Text { italic(true) }

  /// This text in italics or not.
  /// - Parameter isActive: whether it is italic.
  /// - Returns: the text.
  public func italic(_ isActive: Bool) -> Text { styled { $0.isItalic = isActive } }

  /// This text in `font`.
  /// - Parameter font: the font, or nil to inherit.
  /// - Returns: the text.
  public func font(_ font: Font?) -> Text { styled { $0.font = font } }

  /// This text in `weight`.
  /// - Parameter weight: the weight, or nil to inherit.
  /// - Returns: the text.
  public func fontWeight(_ weight: Font.Weight?) -> Text { styled { $0.weight = weight } }

  /// This text in `color`.
  /// - Parameter color: the colour, or nil to inherit.
  /// - Returns: the text.
  public func foregroundColor(_ color: Color?) -> Text {
    styled { $0.foreground = color.map(AnyShapeStyle.init) }
  }

  /// This text in `style`.
  /// - Parameter style: the style.
  /// - Returns: the text.
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
    styled { $0.foreground = AnyShapeStyle(style) }
  }

  /// This text struck through, or not.
  /// - Parameters:
  ///   - isActive: whether it is struck through.
  ///   - color: ignored (the line takes the text's colour).
  /// - Returns: the text.
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
    styled { $0.isStrikethrough = isActive }
  }

  /// This text underlined, or not.
  /// - Parameters:
  ///   - isActive: whether it is underlined.
  ///   - color: ignored (the line takes the text's colour).
  /// - Returns: the text.
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
    styled { $0.isUnderlined = isActive }
  }

  /// This text with fixed-width digits.
  /// - Returns: the text.
  public func monospacedDigit() -> Text { styled { $0.hasMonospacedDigits = true } }

  /// This text in a fixed-width font.
  /// - Returns: the text.
  public func monospaced() -> Text {
    styled { $0.font = ($0.font ?? .body).monospaced() }
  }
}

/// The text of a `Text` written as a string literal, like SwiftUI's `LocalizedStringKey`.
///
/// Its interpolation accepts any value (described as `"\(value)"` describes it), a value with a
/// `FormatStyle` (`"\(count, format: .number)"`), a floating-point value with a `printf`
/// specifier (`"\(ratio, specifier: "%.1f")"`), and a `Text`, which keeps its style. There is
/// no localization table, so the text is shown as written.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
  var runs: [Text.Run]

  /// A key from a string.
  /// - Parameter value: the text.
  public init(_ value: String) { runs = [Text.Run(content: .verbatim(value))] }

  /// A key from a literal.
  /// - Parameter value: the literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// A key from an interpolation.
  /// - Parameter stringInterpolation: the pieces.
  public init(stringInterpolation: StringInterpolation) { runs = stringInterpolation.runs }

  /// The pieces of an interpolated key.
  public struct StringInterpolation: StringInterpolationProtocol {
    var runs: [Text.Run] = []

    /// Starts an interpolation.
    /// - Parameters:
    ///   - literalCapacity: the literal text's length.
    ///   - interpolationCount: how many values are interpolated.
    public init(literalCapacity: Int, interpolationCount: Int) {
      runs.reserveCapacity(interpolationCount * 2 + 1)
    }

    private mutating func append(_ string: String) {
      guard !string.isEmpty else { return }
      if let last = runs.last, last.style.isEmpty, case .verbatim(let previous) = last.content {
        runs[runs.count - 1].content = .verbatim(previous + string)
      } else {
        runs.append(Text.Run(content: .verbatim(string)))
      }
    }

    /// Appends literal text.
    /// - Parameter literal: the text.
    public mutating func appendLiteral(_ literal: String) { append(literal) }

    /// Appends a value, described as string interpolation describes it.
    /// - Parameter value: the value.
    public mutating func appendInterpolation<T>(_ value: T) { append("\(value)") }

    /// Appends a string.
    /// - Parameter string: the string.
    public mutating func appendInterpolation(_ string: String) { append(string) }

    /// Appends a value formatted with `format`, in the environment's locale.
    /// - Parameters:
    ///   - input: the value.
    ///   - format: the format style.
    public mutating func appendInterpolation<F: FormatStyle & Sendable>(
      _ input: F.FormatInput, format: F
    ) where F.FormatOutput == String, F.FormatInput: Sendable {
      runs.append(Text.Run(content: .formatted(FormattedValue(input, format: format))))
    }

    /// Appends a number formatted with a `printf` specifier, such as `"%.2f"`.
    /// - Parameters:
    ///   - value: the number.
    ///   - specifier: the specifier.
    public mutating func appendInterpolation<T: BinaryFloatingPoint>(
      _ value: T, specifier: String
    ) {
      append(String(format: specifier, Double(value)))
    }

    /// Appends an integer formatted with a `printf` specifier, such as `"%03d"`.
    /// - Parameters:
    ///   - value: the number.
    ///   - specifier: the specifier.
    public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
      append(String(format: specifier, Int(value)))
    }

    /// Appends a text, with its style.
    /// - Parameter text: the text.
    @MainActor
    public mutating func appendInterpolation(_ text: Text) { runs.append(contentsOf: text.runs) }
  }
}
