import MonicaKit
import Testing

/// Every tool takes a kind in either number, as a route or as an `object` name.
@Suite struct RecordKindWordsTests {
  @Test("journal, entry and entries; logs, log and auditlog; me and user: one kind each, in any case")
  func bothNumbers() throws {
    for (words, object) in [
      (["journal", "entry", "entries", "Entries"], "entry"), (["logs", "log", "auditlog", "auditlogs"], "auditlog"),
      (["me", "user", "users"], "user"), (["contacts", "contact", "CONTACT"], "contact"),
      (["activities", "activity"], "activity"), (["addresses", "address"], "address"),
      (["activitytypes", "activityType", "activitytype"], "activityType"), (["companies", "company"], "company"),
      (["lifeevents", "lifeevent"], "lifeevent"), (["currencies", "currency"], "currency"),
    ] {
      for word in words {
        #expect(RecordKind.called(word)?.object == object, "\(word)")
        #expect(try RecordKind(parsing: word).object == object, "\(word)")
      }
    }
    #expect(RecordKind.called("pdf") == nil)
  }

  @Test("each kind's four words name it and no other")
  func noClash() {
    for kind in RecordKind.all {
      for word in [kind.name, kind.object] { #expect(RecordKind.called(word) == kind, "\(word)") }
    }
  }
}
