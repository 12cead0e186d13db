import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-push --create --map` with relationships (one create per pair: Monica makes the
/// reverse row), life events and conversations with their messages, when all goes well and when
/// a create's answer is lost.
@Suite struct MigrateRelationsTests {
  typealias Pair = MigrateTests.Pair

  /// The POSTs the target received whose path starts with `prefix`.
  static func posts(_ pair: Pair, _ prefix: String) -> Int {
    pair.targetWrites().filter { $0.hasPrefix("POST " + prefix) }.count
  }

  @Test("one POST per pair of relationships: the reverse row Monica made is found and mapped, never created")
  func relationshipPairs() throws {
    let pair = try Pair()
    let old = try pair.account(pair.source)
    let rows = try #require(old["relationships"])
    #expect(rows.count >= 4 && rows.count % 2 == 0, "\(rows.count) rows")
    let run = try pair.migrate()
    #expect(run.status == 0, "\(run)")
    #expect(Self.posts(pair, "/api/relationships") == rows.count / 2)
    #expect(
      run.stderr.contains("\(rows.count / 2) made by the target with another (relationship \(rows.count / 2))"),
      "\(run.stderr)")
    try pair.expectSameAccount(old)
    // Messages have map lines of their own, one per message.
    let messages = (old["conversations"] ?? []).reduce(0) { $0 + ($1["messages"]?.arrayValue?.count ?? 0) }
    #expect(messages > 0)
    #expect(try pair.mapLines().keys.filter { $0.hasPrefix("message\t") }.count == messages)
    #expect(Self.posts(pair, "/api/conversations/") == messages)
  }

  @Test(
    "a create whose answer was cut off is found on the target when resumed: nothing made twice",
    arguments: [
      ("cut@1:POST:/api/relationships", "/api/relationships", "relationships"),
      ("cut@2:POST:/api/conversations/", "/api/conversations/", "messages"),
      ("cut@1:POST:/api/lifeevents", "/api/lifeevents", "lifeevents"),
    ])
  func answerCutOff(fault: String, path: String, what: String) throws {
    let pair = try Pair(target: ["--fault", fault])
    let old = try pair.account(pair.source)
    let stopped = try pair.migrate()
    #expect(stopped.status == 75, "\(stopped)")
    let resumed = try pair.migrate()
    #expect(resumed.status == 0, "\(resumed)")
    try pair.expectSameAccount(old)
    let expected =
      switch what {
      case "relationships": (old["relationships"]?.count ?? 0) / 2
      case "messages": (old["conversations"] ?? []).reduce(0) { $0 + ($1["messages"]?.arrayValue?.count ?? 0) }
      default: old[what]?.count ?? 0
      }
    #expect(expected > 0)
    #expect(Self.posts(pair, path) == expected, "\(pair.targetWrites().filter { $0.contains(path) })")
    // A third run sends nothing.
    let writes = pair.targetWrites().count
    let again = try pair.migrate()
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    #expect(pair.targetWrites().count == writes)
  }

  @Test(
    "a life event or a conversation message that breaks Monica's rules is refused before the line's first write",
    arguments: [
      (
        #"(.object == "lifeevent") then .happened_at = "someday""#, "POST /api/lifeevents",
        "happened_at: The happened at is not a valid date."
      ),
      (
        #"(.object == "conversation") then .messages[0].content = "  ""#, "POST /api/conversations",
        "messages[0].content: The content field is required."
      ),
    ])
  func refusedBeforeWriting(change: String, path: String, message: String) throws {
    let pair = try Pair()
    let broken = try sh(
      "\(pair.fetchAll) | jq -c 'if \(change) else . end' > \"$MAP.stream\"", env: pair.env)
    #expect(broken.status == 0, "\(broken)")
    let run = try sh(#"monica-push --create --map "$MAP" < "$MAP.stream""#, env: pair.env)
    #expect(run.status == 65, "\(run)")
    #expect(run.stderr.contains(message) && run.stderr.contains("nothing was sent"), "\(run.stderr)")
    #expect(run.stderr.contains("lines done, stopped at stdin:"), "\(run.stderr)")
    // Nothing of the refused kind reached the target: not the event, not the conversation.
    #expect(!pair.targetWrites().contains { $0.hasPrefix(path) }, "\(pair.targetWrites())")
  }
}
