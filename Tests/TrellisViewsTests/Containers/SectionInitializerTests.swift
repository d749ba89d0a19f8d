import Testing
import TrellisGraph

@testable import TrellisViews

/// The value forms of `Section`: `Section(header:content:)`, `Section(footer:content:)` and
/// `Section(header:footer:content:)`, in a stack and in a lazy list.
struct ValueSections: View {
  var body: some View {
    VStack {
      Section(header: Text("H")) { Text("one") }
      Section(footer: Text("F")) { Text("two") }
      Section(header: Text("H2"), footer: Text("F2")) { Text("three") }
      List {
        Section(header: Text("LH"), footer: Text("LF")) { Text("row") }
      }
    }
  }
}

@MainActor
@Suite struct SectionInitializerTests {
  @Test func aHeaderAndAFooterGivenAsValuesRenderAsTheClosureFormsDo() {
    let host = ViewHost(ValueSections(), executor: .manual)
    #expect(
      host.dump() == """
        ValueSections
          VStack
            Section
              Text "H"
              Text "one"
            Section
              Text "two"
              Text "F"
            Section
              Text "H2"
              Text "three"
              Text "F2"
            List rows=0..<3/3
              Section
                Text "LH"
                Text "row"
                Text "LF"

        """)
  }
}
