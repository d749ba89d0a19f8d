import Testing
import TrellisTerminal

@Suite("Input decoder")
struct TerminalInputDecoderTests {
  /// Decodes `input` in one read.
  func decode(_ input: String) -> [TerminalEvent] {
    var decoder = TerminalInputDecoder()
    return decoder.decode(Array(input.utf8))
  }

  func key(_ key: TerminalKey, _ modifiers: TerminalKeyModifiers = []) -> TerminalEvent {
    .key(TerminalKeyPress(key, modifiers: modifiers))
  }

  func characters(_ string: String) -> [TerminalEvent] {
    string.map { key(.character($0)) }
  }

  @Test func printableTextIsOneKeyPerCharacter() {
    #expect(decode("hi there") == characters("hi there"))
  }

  @Test func multiByteTextIsDecodedPerGraphemeCluster() {
    #expect(decode("é漢😀") == characters("é漢😀"))
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(
      decode("a\(family)e\u{301}") == [
        key(.character("a")), key(.character(Character(family))), key(.character("e\u{301}")),
      ])
  }

  @Test func enterTabBackspaceAndEscapeKeys() {
    #expect(decode("\r") == [key(.return)])
    #expect(decode("\n") == [key(.return)])
    #expect(decode("\t") == [key(.tab)])
    #expect(decode("\u{7F}") == [key(.delete)])
    #expect(decode("\u{8}") == [key(.delete)])
    #expect(decode("\u{1B}") == [key(.escape)])
  }

  @Test func shiftTabIsTabWithShift() {
    #expect(decode("\u{1B}[Z") == [key(.tab, .shift)])
  }

  @Test func arrowsInNormalAndApplicationMode() {
    #expect(
      decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [
        key(.upArrow), key(.downArrow), key(.rightArrow), key(.leftArrow),
      ])
    #expect(
      decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [
        key(.upArrow), key(.downArrow), key(.rightArrow), key(.leftArrow),
      ])
  }

  @Test func arrowsWithModifiers() {
    #expect(decode("\u{1B}[1;2A") == [key(.upArrow, .shift)])
    #expect(decode("\u{1B}[1;3D") == [key(.leftArrow, .option)])
    #expect(decode("\u{1B}[1;5C") == [key(.rightArrow, .control)])
    #expect(decode("\u{1B}[1;6B") == [key(.downArrow, [.control, .shift])])
  }

  @Test func homeEndPageAndEditingKeysInEveryCommonEncoding() {
    #expect(
      decode("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF") == [key(.home), key(.end), key(.home), key(.end)])
    #expect(
      decode("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [
        key(.home), key(.end), key(.home), key(.end),
      ])
    #expect(decode("\u{1B}[5~\u{1B}[6~") == [key(.pageUp), key(.pageDown)])
    #expect(
      decode("\u{1B}[2~\u{1B}[3~\u{1B}[3;5~") == [
        key(.insert), key(.deleteForward), key(.deleteForward, .control),
      ])
  }

  @Test func functionKeys() {
    #expect(
      decode("\u{1B}OP\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[24~\u{1B}[1;2P") == [
        key(.function(1)), key(.function(4)), key(.function(5)), key(.function(6)),
        key(.function(12)), key(.function(1), .shift),
      ])
  }

  @Test func controlKeysAreControlWithTheirLetter() {
    #expect(decode("\u{3}") == [key(.character("c"), .control)])
    #expect(
      decode("\u{1}\u{1A}\u{4}") == [
        key(.character("a"), .control), key(.character("z"), .control),
        key(.character("d"), .control),
      ])
    #expect(decode("\u{0}") == [key(.character(" "), .control)])
    #expect(decode("\u{1F}") == [key(.character("_"), .control)])
  }

  @Test func escapeBeforeAKeyIsOption() {
    #expect(decode("\u{1B}b") == [key(.character("b"), .option)])
    #expect(decode("\u{1B}\r") == [key(.return, .option)])
    #expect(decode("\u{1B}\u{7F}") == [key(.delete, .option)])
    #expect(decode("\u{1B}é") == [key(.character("é"), .option)])
  }

  @Test func aTerminalsStringRepliesAreReportedNotTyped() {
    // OSC 11 (a background colour reply) ended by BEL and by ST, a DCS status reply, and an
    // SS3 sequence with a final byte no key has; the key after each still arrives.
    let osc = "\u{1B}]11;rgb:0000/0000/0000\u{07}"
    let oscST = "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"
    let dcs = "\u{1B}P1$r0m\u{1B}\\"
    #expect(
      decode(osc + "a" + oscST + "b" + dcs + "c" + "\u{1B}OZ" + "d") == [
        .unrecognized(Array(osc.utf8)), key(.character("a")),
        .unrecognized(Array(oscST.utf8)), key(.character("b")),
        .unrecognized(Array(dcs.utf8)), key(.character("c")),
        .unrecognized(Array("\u{1B}OZ".utf8)), key(.character("d")),
      ])
    // With no terminator, the ESC is Option with the key after it, as Option-] types.
    #expect(decode("\u{1B}]x") == [key(.character("]"), .option), key(.character("x"))])
    #expect(decode("\u{1B}P") == [key(.character("P"), .option)])
  }

  @Test func twoEscapesAreTwoEscapeKeys() {
    #expect(decode("\u{1B}\u{1B}") == [key(.escape), key(.escape)])
    #expect(decode("\u{1B}\u{1B}[A") == [key(.escape), key(.upArrow)])
  }

  @Test func kittyKeyboardProtocolKeys() {
    #expect(
      decode("\u{1B}[13;2u\u{1B}[97;5u\u{1B}[27u") == [
        key(.return, .shift), key(.character("a"), .control), key(.escape),
      ])
  }

  @Test func bracketedPasteIsOneEventWithLineBreaksAsNewlines() {
    #expect(
      decode("a\u{1B}[200~line one\r\nline two\rthree\u{1B}[201~b") == [
        key(.character("a")), .paste("line one\nline two\nthree"), key(.character("b")),
      ])
  }

  @Test func aPasteMayContainEscapeSequencesAndInvalidBytes() {
    var decoder = TerminalInputDecoder()
    let events = decoder.decode(
      Array("\u{1B}[200~\u{1B}[A".utf8) + [0xFF] + Array("x\u{1B}[201~".utf8))
    #expect(events == [.paste("\u{1B}[A\u{FFFD}x")])
  }

  @Test func aPasteSpanningReadsIsDeliveredWhenItEnds() {
    var decoder = TerminalInputDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~hello ".utf8)).isEmpty)
    #expect(decoder.decode(Array("wor".utf8)).isEmpty)
    #expect(decoder.decode(Array("ld\u{1B}[20".utf8)).isEmpty)
    #expect(decoder.hasPendingInput)
    #expect(decoder.decode(Array("1~!".utf8)) == [.paste("hello world"), key(.character("!"))])
    #expect(!decoder.hasPendingInput)
  }

  @Test func sequencesAndCharactersSplitAcrossReadsAreCompleted() {
    var decoder = TerminalInputDecoder()
    #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
    #expect(decoder.decode(Array("1;5".utf8)).isEmpty)
    #expect(decoder.decode(Array("A".utf8)) == [key(.upArrow, .control)])
    let bytes = Array("漢".utf8)
    #expect(decoder.decode(bytes[0..<1]).isEmpty)
    #expect(decoder.decode(bytes[1..<2]).isEmpty)
    #expect(decoder.decode(bytes[2..<3]) == [key(.character("漢"))])
    #expect(decoder.decode(Array("\u{1B}O".utf8)).isEmpty)
    #expect(decoder.decode(Array("B".utf8)) == [key(.downArrow)])
  }

  @Test func everySplitOfAMixedInputDecodesTheSame() {
    let input = Array("a\u{1B}[1;5Cé\u{1B}[200~p\r\n\u{1B}[201~\u{1B}OP漢\u{3}".utf8)
    let expected = decode(String(decoding: input, as: UTF8.self))
    for split in 1..<input.count {
      var decoder = TerminalInputDecoder()
      let events = decoder.decode(input[..<split]) + decoder.decode(input[split...])
      // A read that ends right after an ESC makes it the Escape key; every other split agrees.
      if input[split - 1] == 0x1B { continue }
      #expect(events == expected, "split at \(split)")
    }
  }

  @Test func aLoneEscapeAtTheEndOfARead() {
    var decoder = TerminalInputDecoder()
    #expect(decoder.decode(Array("x\u{1B}".utf8)) == [key(.character("x")), key(.escape)])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.decode(Array("[A".utf8)) == characters("[A"))
  }

  @Test func aWaitingDecoderKeepsALoneEscapeForTheNextRead() {
    var decoder = TerminalInputDecoder(waitsForSplitSequences: true)
    #expect(decoder.decode(Array("x\u{1B}".utf8)) == [key(.character("x"))])
    #expect(decoder.isInSequence)
    #expect(decoder.decode(Array("[A".utf8)) == [key(.upArrow)])
    #expect(!decoder.isInSequence)
    // Every split of a mixed input decodes as the whole does, including right after an ESC.
    let input = Array("a\u{1B}[1;5Cé\u{1B}OP\u{1B}x漢".utf8)
    let expected = decode(String(decoding: input, as: UTF8.self))
    for split in 1..<input.count {
      var decoder = TerminalInputDecoder(waitsForSplitSequences: true)
      let events = decoder.decode(input[..<split]) + decoder.decode(input[split...])
      #expect(events == expected, "split at \(split)")
    }
  }

  @Test func endSequenceDeliversWhatAPauseLeftAsTyped() {
    var decoder = TerminalInputDecoder(waitsForSplitSequences: true)
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.endSequence() == [key(.escape)])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
    #expect(decoder.endSequence() == [key(.character("["), .option)])
    #expect(decoder.decode(Array("\u{1B}O".utf8)).isEmpty)
    #expect(decoder.endSequence() == [key(.character("O"), .option)])
    #expect(decoder.decode(Array("\u{1B}[1;".utf8)).isEmpty)
    #expect(decoder.endSequence() == [.unrecognized(Array("\u{1B}[1;".utf8))])
    // A cut character is not a sequence: it still waits for its other bytes.
    #expect(decoder.decode([0xE6]).isEmpty)
    #expect(decoder.endSequence().isEmpty)
    #expect(decoder.decode([0xBC, 0xA2]) == [key(.character("漢"))])
    // The end of the input ends a held ESC as a pause does.
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.finish() == [key(.escape)])
  }

  @Test func unknownSequencesAreReportedAndDecodingGoesOn() {
    #expect(
      decode("\u{1B}[99~a") == [.unrecognized(Array("\u{1B}[99~".utf8)), key(.character("a"))])
    #expect(
      decode("\u{1B}[<0;3;4Mb") == [
        .unrecognized(Array("\u{1B}[<0;3;4M".utf8)), key(.character("b")),
      ])
    #expect(decode("\u{1B}[1$x") == [.unrecognized(Array("\u{1B}[1$x".utf8))])
    #expect(decode("\u{1B}[201~") == [.unrecognized(Array("\u{1B}[201~".utf8))])
  }

  @Test func aSequenceBrokenByAControlByteIsReportedAndTheByteDecoded() {
    #expect(decode("\u{1B}[1;\r") == [.unrecognized(Array("\u{1B}[1;".utf8)), key(.return)])
    #expect(decode("\u{1B}[12\u{1B}[A") == [.unrecognized(Array("\u{1B}[12".utf8)), key(.upArrow)])
  }

  @Test func invalidUTF8IsReportedByteByByteWithoutLosingWhatFollows() {
    var decoder = TerminalInputDecoder()
    #expect(
      decoder.decode([0xFF, 0x61, 0xC3, 0x28, 0xE2, 0x82]) == [
        .unrecognized([0xFF]), key(.character("a")), .unrecognized([0xC3]), key(.character("(")),
      ])
    #expect(decoder.hasPendingInput)  // E2 82 may still become a character
    #expect(decoder.decode([0x41]) == [.unrecognized([0xE2, 0x82]), key(.character("A"))])
    #expect(
      decoder.decode([0xED, 0xA0, 0x80]) == [
        .unrecognized([0xED]), .unrecognized([0xA0]), .unrecognized([0x80]),
      ])
    #expect(decoder.decode([0xC2, 0x9B]) == [.unrecognized([0xC2, 0x9B])])  // C1 CSI
  }

  @Test func anOverlongSequenceIsGivenUpInsteadOfWaitingForever() {
    var decoder = TerminalInputDecoder()
    let long = "\u{1B}[" + String(repeating: "1;", count: 40)
    let events = decoder.decode(Array(long.utf8))
    #expect(events == [.unrecognized(Array(long.utf8))])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.decode(Array("q".utf8)) == characters("q"))
  }

  @Test func finishDeliversWhatIsHeldBack() {
    var decoder = TerminalInputDecoder()
    _ = decoder.decode(Array("\u{1B}[200~half a paste".utf8))
    #expect(decoder.finish() == [.paste("half a paste")])
    _ = decoder.decode(Array("\u{1B}[1;".utf8))
    #expect(decoder.finish() == [.unrecognized(Array("\u{1B}[1;".utf8))])
    #expect(decoder.finish().isEmpty)
  }

  @Test func endPasteDeliversAPasteWhoseEndNeverCameAndKeysAreKeysAgain() {
    var decoder = TerminalInputDecoder()
    #expect(decoder.endPaste().isEmpty)
    #expect(decoder.decode(Array("\u{1B}[200~lost end\u{1B}[20".utf8)).isEmpty)
    #expect(decoder.isInPaste)
    #expect(decoder.endPaste() == [.paste("lost end\u{1B}[20")])
    #expect(!decoder.isInPaste && !decoder.hasPendingInput)
    #expect(decoder.decode(Array("q".utf8)) == characters("q"))
  }

  @Test func aBurstOfGarbageNeverCrashesOrSticks() {
    var random = SeededGenerator(state: 99)
    var decoder = TerminalInputDecoder()
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...16, using: &random)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
      _ = decoder.decode(bytes)
    }
    _ = decoder.finish()
    #expect(decoder.decode(Array("ok".utf8)) == characters("ok"))
  }

  @Test func keyPressesDescribeThemselves() {
    #expect(TerminalKeyPress(.character("c"), modifiers: .control).description == "ctrl+c")
    #expect(TerminalKeyPress(.tab, modifiers: .shift).description == "shift+tab")
    #expect(TerminalKeyPress(.character(" ")).description == "space")
    #expect(TerminalKeyPress(.character("a")).characters == "a")
    #expect(TerminalKeyPress(.character("a"), modifiers: .control).characters == nil)
  }
}
