import MonicaKit
import MonicaMCP
import Testing

@Suite struct ConfirmationKeyTests {
  @Test("a key names its plan: another body is another key, the same plan the same key")
  func keys() {
    let plan = JSONObject(["tool": .string("add_note"), "body": .string("Ben's daughter started school")])
    var other = plan
    other["body"] = .string("Ben's son started school")
    #expect(ConfirmationKey.of(plan) == ConfirmationKey.of(plan))
    #expect(ConfirmationKey.of(plan) != ConfirmationKey.of(other))
    #expect(ConfirmationKey.of(plan).count == ConfirmationKey.length)
    #expect(ConfirmationKey.journalID(ConfirmationKey.of(plan)) != nil)
    #expect(ConfirmationKey.journalID("not a key") == nil)
    // The largest key's id is one a map file takes (18 digits at most).
    #expect(String(ConfirmationKey.journalID(String(repeating: "f", count: ConfirmationKey.length)) ?? 0).count <= 18)
    #expect(ConfirmationKey.journalID(ConfirmationKey.of(plan).uppercased()) == nil)
  }
}
