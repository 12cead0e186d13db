import MonicaKit
import MonicaMCP
import Testing

@Suite struct ConfirmationKeyTests {
  @Test("a key names its plan and a moment: another body is refused, the same plan planned again another key")
  func keys() {
    let plan = JSONObject(["tool": .string("add_note"), "body": .string("Ben's daughter started school")])
    var other = plan
    other["body"] = .string("Ben's son started school")
    let key = ConfirmationKey.new(for: plan)
    #expect(key.count == ConfirmationKey.length)
    #expect(ConfirmationKey.confirms(key, plan))
    #expect(!ConfirmationKey.confirms(key, other))
    // Planned again: another key, both the plan's, each its own journal id.
    let again = ConfirmationKey.new(for: plan)
    #expect(again != key && ConfirmationKey.confirms(again, plan))
    #expect(ConfirmationKey.journalID(again) != ConfirmationKey.journalID(key))
    #expect(ConfirmationKey.journalID(key) == Int(key, radix: 16))
    #expect(ConfirmationKey.journalID("not a key") == nil)
    #expect(!ConfirmationKey.confirms("not a key", plan))
    // The largest key's id is one a map file takes (18 digits at most).
    #expect(String(ConfirmationKey.journalID(String(repeating: "f", count: ConfirmationKey.length)) ?? 0).count <= 18)
    #expect(ConfirmationKey.journalID(key.uppercased()) == nil || key.uppercased() == key)
  }
}
