@_spi(Reflection) import Swift
import TrellisGraph

/// Where a property wrapper (`@State`, `@Environment`) was declared, for diagnostics about one
/// that is used outside a mounted view: it has no node to be named after, so it names itself.
struct PropertyDeclaration {
  let function: StaticString
  let fileID: StaticString
  let line: UInt

  /// `@State Unmounted.value`: the enclosing type (in a property declaration, the compiler
  /// names it as the `#function` of the wrapper's initializer) and the property (found by
  /// reflecting that type, when it has exactly one property of `wrapperType`); otherwise the
  /// declaration's place.
  /// - Parameters:
  ///   - wrapper: the attribute, such as `@State`.
  ///   - wrapperType: the property's type, such as `State<Int>`.
  func describe(_ wrapper: String, wrapperType: any Any.Type) -> String {
    let function = "\(self.function)"
    let file = "\(fileID)"
    let place = "\(file.split(separator: "/").last ?? Substring(file)):\(line)"
    guard !function.contains("("), let module = file.split(separator: "/").first else {
      return "\(wrapper) declared at \(place)"
    }
    let mangled = "\(module.utf8.count)\(module)\(function.utf8.count)\(function)V"
    var names: [String] = []
    if let type = _typeByName(mangled) {
      _forEachField(of: type, options: []) { name, _, fieldType, _ in
        if ObjectIdentifier(fieldType) == ObjectIdentifier(wrapperType) {
          let label = String(cString: name)
          names.append(label.hasPrefix("_") ? String(label.dropFirst()) : label)
        }
        return true
      }
    }
    guard names.count == 1 else { return "\(wrapper) in \(function) (declared at \(place))" }
    return "\(wrapper) \(function).\(names[0])"
  }

  /// Reports the use of a runtime-owned property (`@State`, `@FocusState`) outside a mounted
  /// view, naming the property: the one message both wrappers give.
  /// - Parameters:
  ///   - wrapper: the attribute, such as `@State`.
  ///   - wrapperType: the property's type, such as `State<Int>`.
  ///   - verb: `read` or `written`.
  ///   - consequence: what the property lacks and what reads and writes do then.
  ///   - kind: what to use only from a mounted view, such as `state`.
  @MainActor
  func reportUseOutsideAMountedView(
    _ wrapper: String, wrapperType: any Any.Type, verb: String, consequence: String,
    kind: String
  ) {
    let name = describe(wrapper, wrapperType: wrapperType)
    TrellisDiagnostics.report(
      TrellisDiagnostic(
        kind: .invalidInput, nodes: [name],
        message:
          "\(name) (\(wrapperType)) was \(verb) outside of a mounted view, so it \(consequence). "
          + "Use \(kind) only from the body, actions and lifecycle callbacks of a mounted view."))
  }
}
