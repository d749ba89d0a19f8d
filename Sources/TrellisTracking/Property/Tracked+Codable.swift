/// `Codable` for tracked storage, so that a `Trackable` class with `Codable` properties gets its
/// `Codable` conformance synthesized, as an `@Observable` class does (found by a new user: a
/// model moved from `@Observable` no longer compiled). The property is coded as its value,
/// under the property's own name (`{"title": "…"}`): the wrapper adds nothing to the data.
///
/// Encoding reads the stored value without recording a read, as the storage Apple's macro
/// encodes is read without one: encoding a model inside a tracking scope does not subscribe
/// it to every property.
extension Tracked: Encodable where Value: Encodable {
  /// Encodes the property's value, as a single value.
  /// - Parameter encoder: the encoder.
  /// - Throws: what encoding the value throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(cell.value)
  }
}

extension Tracked: Decodable where Value: Decodable {
  /// Decodes the property's value, as a single value. The decoded storage skips notifying
  /// assignments of an equal value (`Equatable` values) or of the identical instance (class
  /// values), as the storage `@Tracked var` declares does; the check is chosen at run time
  /// here, since the decoding context knows only `Decodable`.
  /// - Parameter decoder: the decoder.
  /// - Throws: what decoding the value throws (a missing key, a value of another type).
  public init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer().decode(Value.self)
    self.init(cell: TrackedCell(value, duplicateCheck: Self.duplicateCheck()))
  }

  /// `==` for `Equatable` values (also class values, as `@Tracked` picks), `===` for other
  /// class values, nothing otherwise.
  static func duplicateCheck() -> ((Value, Value) -> Bool)? {
    if let equatable = Value.self as? any Equatable.Type { return equality(equatable) }
    if Value.self is AnyObject.Type { return { ($0 as AnyObject) === ($1 as AnyObject) } }
    return nil
  }

  private static func equality<E: Equatable>(_: E.Type) -> (Value, Value) -> Bool {
    { ($0 as? E) == ($1 as? E) }
  }
}

// An optional property is coded as a plain optional property is by a synthesized conformance:
// left out when nil, and nil when its key is missing. Without these, the synthesized code
// codes the wrapper with `encode` and `decode`, so nil was written as `null` and a missing key
// failed to decode.

extension KeyedEncodingContainer {
  /// Encodes a tracked optional property's value, or nothing when it is nil, as a synthesized
  /// conformance encodes a plain optional property (`encodeIfPresent`).
  /// - Parameters:
  ///   - value: the property's storage.
  ///   - key: the property's key.
  /// - Throws: what encoding the value throws.
  public mutating func encode<Wrapped: Encodable>(
    _ value: Tracked<Wrapped?>, forKey key: Key
  ) throws {
    try encodeIfPresent(value.cell.value, forKey: key)
  }
}

extension KeyedDecodingContainer {
  /// Decodes a tracked optional property's value, nil when its key is missing or null, as a
  /// synthesized conformance decodes a plain optional property (`decodeIfPresent`).
  /// - Parameters:
  ///   - type: the property's storage type.
  ///   - key: the property's key.
  /// - Returns: the storage.
  /// - Throws: what decoding a present value throws (a value of another type).
  public func decode<Wrapped: Decodable>(
    _ type: Tracked<Wrapped?>.Type, forKey key: Key
  ) throws -> Tracked<Wrapped?> {
    let value = try decodeIfPresent(Wrapped.self, forKey: key)
    return Tracked(cell: TrackedCell(value, duplicateCheck: Tracked<Wrapped?>.duplicateCheck()))
  }
}
