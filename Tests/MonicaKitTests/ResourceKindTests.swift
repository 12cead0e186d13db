import MonicaAPI
import MonicaKit
import Testing

@Suite struct ResourceKindTests {
  @Test("a kind's name parses; a singular, another case or a typo suggests the kind meant")
  func parsing() throws {
    for kind in ResourceKind.allCases { #expect(try ResourceKind(parsing: kind.rawValue) == kind) }
    for (word, meant) in [
      ("contact", "contacts"), ("activity", "activities"), ("NOTES", "notes"), ("taks", "tasks"), ("gif", "gifts"),
      ("users", "me"), ("pho", "photos"),
    ] {
      #expect(
        throws: MonicaError.usage(
          "kind '\(word)' does not exist; did you mean \(meant)? (kinds: contacts, activities, notes, tasks, gifts, tags, photos, me)"
        )
      ) {
        try ResourceKind(parsing: word)
      }
    }
    #expect(
      throws: MonicaError.usage(
        "kind 'pdf' does not exist (kinds: contacts, activities, notes, tasks, gifts, tags, photos, me)")
    ) {
      try ResourceKind(parsing: "pdf")
    }
    #expect(throws: MonicaError.self) { try ResourceKind(parsing: "") }
  }
}
