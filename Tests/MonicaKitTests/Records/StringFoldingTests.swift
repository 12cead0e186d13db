import Foundation
import Testing

@testable import MonicaKit

@Suite struct StringFoldingTests {
  @Test(
    "names fold to what a plain keyboard types",
    arguments: [
      ("Élodie", "elodie"), ("Søren Ångström", "soren angstrom"), ("Łukasz", "lukasz"), ("Straße", "strasse"),
      ("Æsa Œuvre", "aesa oeuvre"), ("Đorđe", "dorde"), ("ＡＢＣ", "abc"), ("李", "李"),
    ])
  func folds(name: String, folded: String) {
    #expect(name.folded == folded)
  }

  @Test("ASCII text folds as Foundation folds it (the byte path), and its words split as other text's")
  func asciiFoldsAsFoundation() {
    for value in UInt8(0)..<0x80 {
      let text = "a" + String(UnicodeScalar(value)) + "Z"
      let foundation = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      #expect(text.folded == foundation, "byte \(value)")
    }
    let ascii = "Ana\u{0B}O'Brien-Lima.x,y\r\nZ`q\u{1C}r"
    #expect(NameForms.words(ascii) == ["ana", "obrien", "lima", "x", "y", "zq\u{1C}r"])
    // The same text with a word that is not ASCII takes Foundation's path: the same words.
    #expect(NameForms.words(ascii + " É") == NameForms.words(ascii) + ["e"])
    #expect(NameForms.spellingKey("aleksandr") == NameForms.spellingKey("александр"))
  }
}
