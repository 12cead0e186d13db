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
}
