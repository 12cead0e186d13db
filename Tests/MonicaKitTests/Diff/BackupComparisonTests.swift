import Foundation
import Testing

@testable import MonicaKit

/// `monica-diff`'s pure part on plain records: the keyed comparison, the field paths, the text
/// summary and the restore plan's order and identity lines.
@Suite struct BackupComparisonTests {
  func file(_ lines: [String]) throws -> InputSource {
    let path = NSTemporaryDirectory() + "/backup-comparison-\(UUID().uuidString).ndjson"
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    return InputSource(path)
  }

  static let ana = #"{"id":5,"object":"contact","complete_name":"Ana Lima","tags":[]}"#
  static let bob = #"{"id":7,"object":"contact","complete_name":"Bob"}"#
  static func note(_ id: Int, _ body: String, contact: Int?) -> String {
    let owner = contact.map { #"{"id":\#($0),"object":"contact","complete_name":"C\#($0)"}"# } ?? "null"
    return #"{"id":\#(id),"object":"note","body":"\#(body)","contact":\#(owner),"updated_at":"2024-01-0\#(id % 9)"}"#
  }
  static let relationship =
    #"{"id":3,"object":"relationship","contact_is":{"id":5},"of_contact":{"id":7},"relationship_type":{"id":1}}"#

  /// Every difference's line and the comparison, for `old` against `new`.
  func compare(_ old: [String], _ new: [String], ignoring: Set<String> = []) throws
    -> ([Difference], BackupComparison)
  {
    let comparison = try BackupComparison(old: RecordStream(sources: [try file(old)]), ignoring: ignoring)
    var found: [Difference] = []
    try comparison.compare(new: RecordStream(sources: [try file(new)])) { found.append($0) }
    return (found, comparison)
  }

  @Test("records are matched by (object, id) in any order; the lines say what changed, with field paths")
  func keyed() throws {
    let old = [Self.ana, Self.bob, Self.note(10, "hello", contact: 7), Self.note(11, "same", contact: 7)]
    let new = [
      Self.note(11, "same", contact: 7), Self.note(10, "hello again", contact: 7), Self.bob,
      #"{"id":12,"object":"note","body":"new"}"#,
    ]
    let (found, comparison) = try compare(old, new, ignoring: ["updated_at"])
    let lines = found.map { String(decoding: $0.line, as: UTF8.self) }
    #expect(
      lines == [
        #"{"change":"changed","object":"note","id":10,"fields":{"body":["hello","hello again"]}}"#,
        #"{"change":"added","object":"note","id":12,"record":{"id":12,"object":"note","body":"new"}}"#,
        #"{"change":"removed","object":"contact","id":5,"record":\#(Self.ana)}"#,
      ])
    #expect(comparison.counts.old == 4 && comparison.counts.new == 4)
    #expect(comparison.keysInBoth.map(\.description) == ["contact #7", "note #10", "note #11"])
  }

  @Test("nested fields by dotted path; an ignored path leaves out what is under it; 1.0 is 1")
  func fieldPaths() {
    let old = try? JSONValue(parsing: #"{"a":{"b":1,"c":[1,2]},"d":1.0,"e":"x"}"#)
    let new = try? JSONValue(parsing: #"{"a":{"b":2,"c":[1,3]},"d":1,"f":true}"#)
    let changes = FieldChanges(old: old ?? .null, new: new ?? .null)
    #expect(changes.paths == ["a.b", "a.c", "e", "f"])
    #expect(changes.changes[2].new == nil && changes.changes[3].old == nil)
    #expect(FieldChanges(old: old ?? .null, new: new ?? .null, ignoring: ["a", "e", "f"]).isEmpty)
    #expect(FieldChanges(old: old ?? .null, new: new ?? .null, ignoring: ["a.c"]).paths == ["a.b", "e", "f"])
  }

  @Test("a deleted contact's notes, listed with a null contact, are counted with it in the text summary")
  func summary() throws {
    let old = [
      Self.ana, Self.bob, Self.note(10, "one", contact: 5), Self.note(11, "two", contact: 5), Self.relationship,
    ]
    let new = [Self.bob, Self.note(10, "one", contact: nil), Self.note(11, "two", contact: nil)]
    let (found, comparison) = try compare(old, new)
    #expect(
      comparison.orphans == [
        RecordKey(object: "note", id: "10"): RecordKey(object: "contact", id: "5"),
        RecordKey(object: "note", id: "11"): RecordKey(object: "contact", id: "5"),
      ])
    var summary = DiffSummary()
    let now = found.compactMap { summary.take($0) }
    #expect(now.isEmpty)
    #expect(
      summary.finish(oldCount: comparison.counts.old, newCount: comparison.counts.new) == [
        "contact Ana Lima (#5) removed, with 2 notes, 1 relationship",
        "0 added, 2 changed, 2 removed (5 records before, 3 after)",
      ])
  }

  @Test("the restore: referents first, orphans made again with their owner, identity lines for the rest")
  func restorePlan() throws {
    let old = [
      Self.note(10, "one", contact: 5), Self.relationship, Self.ana, Self.bob, Self.note(11, "kept", contact: 7),
      #"{"id":40,"object":"auditlog","action":"contact_created","objects":{"contact_id":5}}"#,
      #"{"id":"FR","object":"country","name":"France"}"#,
    ]
    let new = [
      Self.bob, Self.note(10, "one", contact: nil), Self.note(11, "kept, edited", contact: 7),
      #"{"id":"FR","object":"country","name":"France"}"#,
    ]
    var removed: [RecordKey] = []
    var changed: [(key: RecordKey, paths: [String])] = []
    let (found, comparison) = try compare(old, new)
    for difference in found {
      if case .removed(let key, _) = difference { removed.append(key) }
      if case .changed(let key, let fields, _) = difference { changed.append((key, fields.paths)) }
    }
    let plan = RestorePlan(comparison, removed: removed, changed: changed)
    #expect(plan.records.map(\.key.description) == ["contact #5", "note #10", "relationship #3"])
    #expect(plan.identities.map(\.description) == ["contact #7", "note #11"])
    #expect(plan.losses.map(\.key.description) == ["auditlog #40", "note #11"])
    #expect(plan.losses.first?.reason.contains("audit log") == true)
  }
}

/// Issue 44 item 7 and issue 39 item 6: embedded copies, a record twice, a comparison through a
/// restore's map.
@Suite struct BackupComparisonCopiesTests {
  let base = BackupComparisonTests()

  static func contact(avatar: String) -> String {
    #"{"id":5,"object":"contact","complete_name":"Ana","information":{"avatar":{"url":"\#(avatar)"}}}"#
  }
  static func note(_ id: Int, avatar: String) -> String {
    #"{"id":\#(id),"object":"note","body":"b","contact":{"id":5,"object":"contact","information":"#
      + #"{"avatar":{"url":"\#(avatar)"}}}}"#
  }

  @Test("an avatar change is the contact's change alone, not one of each note that embeds it; --embedded shows them")
  func embeddedCopies() throws {
    let old = [Self.contact(avatar: "a.png"), Self.note(1, avatar: "a.png"), Self.note(2, avatar: "a.png")]
    let new = [Self.contact(avatar: "b.png"), Self.note(1, avatar: "b.png"), Self.note(2, avatar: "b.png")]
    let (found, _) = try base.compare(old, new)
    #expect(found.map(\.key.description) == ["contact #5"])
    var summary = DiffSummary()
    let text = found.compactMap { summary.take($0) }
    #expect(text.count == 1 && text[0].contains("information.avatar.url"), "\(text)")

    let shown = try BackupComparison(old: RecordStream(sources: [try base.file(old)]), showingEmbedded: true)
    var all: [String] = []
    try shown.compare(new: RecordStream(sources: [try base.file(new)])) { all.append($0.key.description) }
    #expect(all == ["contact #5", "note #1", "note #2"])

    // Another contact named is the note's own change.
    let moved = #"{"id":1,"object":"note","body":"b","contact":{"id":7,"object":"contact"}}"#
    let (other, _) = try base.compare([Self.note(1, avatar: "a.png")], [moved])
    guard case .changed(_, let fields, _)? = other.first else { Issue.record("\(other)"); return }
    #expect(fields.paths == ["contact.id"])
  }

  @Test("a record twice in a backup (same object and id) stops the comparison (65), naming both lines")
  func recordTwice() throws {
    let forged = #"{"id":7,"object":"contact","complete_name":"Forged"}"#
    let twice = [forged, BackupComparisonTests.ana, BackupComparisonTests.bob]
    #expect {
      _ = try base.compare(twice, [BackupComparisonTests.bob])
    } throws: { error in
      guard case MonicaError.malformedInput(_, let line, let reason) = error else { return false }
      return line == 3 && reason.contains("contact #7 is also at line 1")
        && (error as? MonicaError)?.exitStatus.rawValue == 65
    }
    #expect {
      _ = try base.compare([BackupComparisonTests.bob], [BackupComparisonTests.bob, forged])
    } throws: { error in
      guard case MonicaError.malformedInput(_, let line, let reason) = error else { return false }
      return line == 2 && reason.contains("is also at line 1")
    }
  }

  @Test(
    "through a restore's map, the backup and the restored account agree: new ids, new uuids and times are no change")
  func throughMap() throws {
    let mapPath = NSTemporaryDirectory() + "/comparison-map-\(UUID().uuidString).tsv"
    try Data("#job\trestore\ncontact\t7\t7\ncontact\t5\t41\nnote\t10\t90\n".utf8).write(
      to: URL(fileURLWithPath: mapPath))
    let old = [
      #"{"id":5,"object":"contact","uuid":"u1","complete_name":"Ana","url":"http://x/api/contacts/5","created_at":"2020"}"#,
      #"{"id":10,"object":"note","body":"hi","contact":{"id":5,"object":"contact"},"created_at":"2020"}"#,
      BackupComparisonTests.bob,
    ]
    let new = [
      #"{"id":41,"object":"contact","uuid":"u2","complete_name":"Ana","url":"http://x/api/contacts/41","created_at":"2026"}"#,
      #"{"id":90,"object":"note","body":"hi","contact":{"id":41,"object":"contact"},"created_at":"2026"}"#,
      BackupComparisonTests.bob,
    ]
    let map = try MapFile(path: mapPath)
    #expect(map.job == "restore")
    let comparison = try BackupComparison(old: RecordStream(sources: [try base.file(old)]), through: map)
    var found: [String] = []
    try comparison.compare(new: RecordStream(sources: [try base.file(new)])) {
      found.append(String(decoding: $0.line, as: UTF8.self))
    }
    #expect(found.isEmpty, "\(found)")
    // What did not come back is said under its old id.
    var missing: [String] = []
    let again = try BackupComparison(old: RecordStream(sources: [try base.file(old)]), through: map)
    try again.compare(new: RecordStream(sources: [try base.file(Array(new.prefix(1)))])) {
      missing.append($0.key.description)
    }
    #expect(missing == ["note #10", "contact #7"], "\(missing)")
  }
}
