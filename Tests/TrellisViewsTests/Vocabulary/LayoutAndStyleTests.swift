import Foundation
import Testing
import TrellisGraph
import TrellisTracking

@testable import TrellisViews

final class Appearance: Trackable {
  @Tracked var padding: CGFloat = 4
  @Tracked var color = Color.red
  @Tracked var title = "hello"
}

struct StyledCard: View {
  let appearance: Appearance

  var body: some View {
    VStack(alignment: .leading, spacing: 2) {
      Text(appearance.title)
        .font(.headline)
        .foregroundStyle(appearance.color)
      HStack(alignment: .top) {
        Text("a")
        Spacer(minLength: 3)
        Divider()
        Text("b").bold().italic()
      }
      ZStack(alignment: .bottomTrailing) { Color.blue }
    }
    .padding(appearance.padding)
    .frame(maxWidth: .infinity, alignment: .leading)
    .background(.yellow)
    .border(.gray, width: 2)
  }
}

struct EveryLayoutModifier: View {
  var body: some View {
    VStack {
      Text("default").padding()
      Text("edges").padding(.horizontal, 8)
      Text("insets").padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
      Text("fixed").frame(width: 10, height: 2)
      Text("offset").offset(x: 1, y: -2).offset(CGSize(width: 3, height: 4))
      Text("lines").lineLimit(2).multilineTextAlignment(.center)
      Text("style").tint(.green).opacity(0.5).cornerRadius(3).monospacedDigit()
        .fontWeight(.semibold).italic(false).foregroundColor(.accentColor)
      Text("badges").badge(3).badge(0).badge("new")
      Text("nil styles").font(nil).foregroundColor(nil).tint(nil).fontWeight(nil)
    }
  }
}

struct Shapes: View {
  var body: some View {
    HStack {
      Rectangle()
      RoundedRectangle(cornerRadius: 4).fill(.red)
      Capsule().stroke(.blue, lineWidth: 2)
      TrellisViews.Circle().fill(.tint).stroke(.primary)
      Ellipse().fill()
      Color(red: 1, green: 0.5, blue: 0).opacity(0.5)
      Color(white: 0.5)
    }
  }
}

struct AttachedViews: View {
  var body: some View {
    VStack {
      Text("overlaid").overlay(alignment: .topTrailing) { Text("1") }
      Text("backed").background { Color.gray }
      Text("old").overlay(Text("o")).background(Text("b"), alignment: .leading)
    }
  }
}

struct Leaves: View {
  var body: some View {
    Form {
      Label("Inbox", systemImage: "tray")
      Label {
        Text("Custom")
      } icon: {
        Image("logo").resizable()
      }
      Image(systemName: "star")
      ProgressView()
      ProgressView(value: 0.25)
      ProgressView("Copying", value: 3, total: 4)
      ProgressView(value: 7.0, total: 5)
    }
  }
}

@MainActor
@Suite struct LayoutAndStyleTests {
  @Test func stacksCarryAlignmentAndSpacingOnlyWhenNotTheDefaults() {
    let host = ViewHost(StyledCard(appearance: Appearance()), executor: .manual)
    #expect(
      host.dump() == """
        StyledCard
          VStack alignment=leading spacing=2 padding=4 frame=(maxWidth: inf)@leading \
        background=yellow border=gray/2
            Text "hello" font=headline foreground=red
            HStack alignment=top
              Text "a"
              Spacer minLength=3
              Divider
              Text "b" bold italic
            ZStack alignment=bottomTrailing
              Color fill=blue

        """)
  }

  @Test func modifiersBecomeTypedAttributesInModifierOrder() {
    let host = ViewHost(EveryLayoutModifier(), executor: .manual)
    #expect(
      host.dump() == """
        EveryLayoutModifier
          VStack
            Text "default" padding=default
            Text "edges" padding=horizontal:8
            Text "insets" padding=(1, 2, 3, 4)
            Text "fixed" frame=10x2
            Text "offset" offset=(1, -2) offset=(3, 4)
            Text "lines" lineLimit=2 multilineTextAlignment=center
            Text "style" tint=green opacity=0.5 cornerRadius=3 monospacedDigit \
        fontWeight=semibold italic=false foreground=accentColor
            Text "badges" badge="3" badge="new"
            Text "nil styles"

        """)
    let attributes = host.tree.find(text: "insets")!
    #expect(attributes.attributes == ["padding=(1, 2, 3, 4)"])
  }

  @Test func attributeValuesAreTypedForRenderers() {
    let recorder = RecordingRenderer()
    let host = ViewHost(
      StyledCard(appearance: Appearance()), executor: .manual, renderer: recorder)
    defer { withExtendedLifetime(host) {} }
    let stack = recorder.rootElement.children[0].children[0]
    #expect(stack.kind == .vStack)
    #expect(
      Array(stack.attributes) == [
        .layout(.horizontalAlignment(.leading)), .layout(.spacing(2)),
        .layout(.padding(.edges(.all, length: 4))),
        .layout(.flexibleFrame(FlexibleFrame(maxWidth: .infinity, alignment: .leading))),
        .style(.background(AnyShapeStyle(Color.yellow))),
        .style(.border(AnyShapeStyle(Color.gray), width: 2)),
      ])
    #expect(stack.attributes[named: "padding"] == .layout(.padding(.edges(.all, length: 4))))
    if case .layout(.padding(let padding)) = stack.attributes[named: "padding"] {
      #expect(
        padding.insets(defaultLength: 1) == EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4))
    }
    #expect(
      Padding.edges(.horizontal, length: nil).insets(defaultLength: 1)
        == EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
  }

  @Test func aChangedStyleIsOneAttributeMutationAndRunsOnlyTheBodyThatReadIt() {
    let appearance = Appearance()
    let recorder = RecordingRenderer()
    let host = ViewHost(StyledCard(appearance: appearance), executor: .manual, renderer: recorder)
    recorder.clear()
    host.clearLogs()
    appearance.color = .green
    host.flush()
    #expect(host.runLog == ["StyledCard: Appearance.color"])
    #expect(
      recorder.lastCommit.map(\.description) == [
        "setAttributes Text@3 font=headline foreground=green"
      ])
    appearance.padding = 1
    host.flush()
    #expect(
      recorder.lastCommit.map(\.description) == [
        "setAttributes VStack@2 alignment=leading spacing=2 padding=1 frame=(maxWidth: inf)@leading "
          + "background=yellow border=gray/2"
      ])
  }

  @Test func shapesAndColoursAreLeavesWithFillsAndStrokes() {
    let host = ViewHost(Shapes(), executor: .manual)
    #expect(
      host.dump() == """
        Shapes
          HStack
            Rectangle
            RoundedRectangle cornerRadius=4 fill=red
            Capsule stroke=blue/2
            Circle fill=tint stroke=primary/1
            Ellipse fill=foreground
            Color fill=rgb(1, 0.5, 0)@0.5
            Color fill=rgb(0.5, 0.5, 0.5)

        """)
  }

  @Test func overlaysAndBackgroundsAreElementsAroundTheContentAndTheAttachedView() {
    let host = ViewHost(AttachedViews(), executor: .manual)
    #expect(
      host.dump() == """
        AttachedViews
          VStack
            Overlay alignment=topTrailing
              Text "overlaid"
              Text "1"
            Background
              Text "backed"
              Color fill=gray
            Background alignment=leading
              Overlay
                Text "old"
                Text "o"
              Text "b"

        """)
  }

  @Test func labelsImagesFormsAndProgressAreTypedLeaves() {
    let host = ViewHost(Leaves(), executor: .manual)
    #expect(
      host.dump() == """
        Leaves
          Form
            Label
              Image systemImage=tray
              Text "Inbox"
            Label
              Image image=logo resizable
              Text "Custom"
            Image systemImage=star
            ProgressView
            ProgressView progress=0.25/1
            ProgressView "Copying" progress=3/4
            ProgressView progress=5/5

        """)
  }

  @Test func colorsDescribeThemselves() {
    #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
    #expect(Color(red: 2, green: -1, blue: 0.5).description == "rgb(1, 0, 0.5)")
    #expect(Color.red.opacity(0.5).opacity(0.5).description == "red@0.25")
    #expect(AnyShapeStyle(HierarchicalShapeStyle.secondary).description == "secondary")
    #expect(AnyShapeStyle(Color.red).color == .red)
    #expect(
      Font.system(size: 14, weight: .bold, design: .monospaced).description
        == "system(14) bold monospaced")
    #expect(Font.title.italic().monospacedDigit().description == "title italic monospacedDigit")
    #expect(Font.Weight.light < .heavy)
  }
}
