import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-diff` against the sandbox: two backups around a deleted contact, an edited note and a
/// new one; what the diff names; the restore pipeline through `monica-push --create --map`.
@Suite struct DiffTests {
  let push = PushTests()

  /// `METHOD path` of every request the sandbox logged that was not a GET.
  func writes(_ sandbox: Sandbox) -> [String] {
    sandbox.requests().compactMap { request in
      guard let method = request["method"]?.stringValue, method != "GET", let path = request["path"]?.stringValue
      else { return nil }
      return "\(method) \(path)"
    }
  }

  /// The records of a backup, parsed.
  func backup(_ path: String) throws -> [JSONObject] {
    try records(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
      .compactMap(\.objectValue)
  }

  /// Whether `record` refers to contact `id` where it is about a contact.
  static func about(_ record: JSONObject, _ id: Int) -> Bool {
    guard let kind = record["object"]?.stringValue.flatMap(RecordKind.named) else { return false }
    return kind.owner.map { $0.ids(in: .object(record)).contains(id) } ?? false
  }

  @Test("a deleted contact, an edited and a new note: named by the diff; the contact comes back whole, once")
  func deletedContactRestored() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "30"])
    let env = push.env(sandbox)
    let dir = sandbox.temporary.root
    let (gone, kept) = try push.contacts(sandbox)
    // What the deleted contact has besides what was seeded: a note, a task, a gift, a
    // relationship and a photo; the other contact a note to edit.
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    try Data(base64Encoded: png)?.write(to: URL(fileURLWithPath: dir + "/face.png"))
    let made = try sh(
      """
      printf '%s\\n' \
        '{"object":"note","contact_id":\(gone),"body":"Met at the conference"}' \
        '{"object":"task","contact_id":\(gone),"title":"Send the slides"}' \
        '{"object":"gift","contact_id":\(gone),"name":"A book","status":"idea"}' \
        '{"object":"relationship","contact_is":{"id":\(gone)},"of_contact":{"id":\(kept)},"relationship_type":{"id":3}}' \
        '{"object":"note","contact_id":\(kept),"body":"Before the edit"}' | monica-push > made.ndjson
      monica-photo upload --contact \(gone) face.png > /dev/null
      """, env: env, directory: dir)
    try #require(made.status == 0, "\(made)")
    let edited = try #require(try backup(dir + "/made.ndjson").last?["id"]?.intValue)
    try #require(try sh("monica-fetch --all --quiet > old.ndjson", env: env, directory: dir).status == 0)

    let changes = try sh(
      """
      monica-fetch contacts \(gone) | monica-push --delete --yes > /dev/null
      monica-fetch notes \(edited) | jq -c '.body = "After the edit"' | monica-push > /dev/null
      echo '{"object":"note","contact_id":\(kept),"body":"A new note"}' | monica-push | jq -r .id > added
      monica-fetch --all --quiet > new.ndjson
      monica-validate old.ndjson > /dev/null && monica-validate new.ndjson > /dev/null
      """, env: env, directory: dir)
    try #require(changes.status == 0, "\(changes)")
    let added = try #require(
      Int(try String(contentsOfFile: dir + "/added", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    let old = try backup(dir + "/old.ndjson")
    let belonging = old.filter { Self.about($0, gone) }
    let relationships = old.filter {
      $0["object"] == .string("relationship")
        && ($0["contact_is"]?["id"]?.intValue == gone || $0["of_contact"]?["id"]?.intValue == gone)
    }
    #expect(relationships.count >= 2 && relationships.count % 2 == 0)

    // The diff names each change.
    let diff = try sh("monica-diff --ignore updated_at old.ndjson new.ndjson", env: env, directory: dir)
    #expect(diff.status == 0 && diff.stderr.isEmpty, "\(diff)")
    let lines = try records(diff.stdout)
    func line(_ change: String, _ object: String, _ id: Int) -> JSONValue? {
      lines.first { $0["change"] == .string(change) && $0["object"] == .string(object) && $0["id"] == .int(id) }
    }
    #expect(line("removed", "contact", gone)?["record"]?["id"] == .int(gone))
    #expect(
      line("changed", "note", edited)?["fields"]?["body"]
        == .array([.string("Before the edit"), .string("After the edit")]))
    #expect(line("added", "note", added) != nil)
    for relationship in relationships {
      #expect(line("removed", "relationship", relationship["id"]?.intValue ?? 0) != nil)
    }
    for record in belonging {
      let object = record["object"]?.stringValue ?? ""
      // Monica keeps them listed with a null contact until the contact is pruned; contact fields
      // have no list but the contact's.
      let id = record["id"]?.intValue ?? 0
      #expect(
        line("changed", object, id)?["fields"]?["contact"]?.arrayValue?.last == .null
          || (object == "contactfield" && line("removed", object, id) != nil), "\(object) #\(id)")
    }
    let text = try sh("monica-diff --format text --ignore updated_at old.ndjson new.ndjson", env: env, directory: dir)
    #expect(text.status == 0, "\(text)")
    let name = old.first { $0["object"] == .string("contact") && $0["id"] == .int(gone) }?["complete_name"]?.stringValue
    #expect(text.stdout.contains("contact \(name ?? "?") (#\(gone)) removed, with "), "\(text)")
    #expect(text.stdout.contains("\(relationships.count) relationships"), "\(text)")
    let rendered = try sh(
      "monica-diff old.ndjson new.ndjson | monica-format table --fields change,object,id", env: env, directory: dir)
    #expect(rendered.status == 0 && rendered.stdout.contains("removed"), "\(rendered)")

    // The restore: exactly the lost records are made again, each once.
    let before = writes(sandbox).count
    let restore = try sh(
      "monica-diff --restore --map map.tsv old.ndjson new.ndjson | monica-push --create --map map.tsv --quiet > restored.ndjson",
      env: env, directory: dir)
    #expect(restore.status == 0, "\(restore)")
    let posts = writes(sandbox).dropFirst(before).filter { $0.hasPrefix("POST ") }
    let kinds = Dictionary(grouping: belonging) { $0["object"]?.stringValue ?? "" }
    var expected = ["POST /api/contacts": 1, "POST /api/relationships": relationships.count / 2]
    for (object, list) in kinds {
      expected["POST /api" + (RecordKind.named(object)?.path ?? ""), default: 0] += list.count
    }
    let counted = Dictionary(grouping: posts.filter { !$0.contains("/setTags") && !$0.contains("/messages") }) { $0 }
      .mapValues(\.count)
    #expect(counted == expected, "\(posts)\n\(restore.stderr)")
    let map = try String(contentsOfFile: dir + "/map.tsv", encoding: .utf8)
    let back = try #require(
      map.split(separator: "\n").first { $0.hasPrefix("contact\t\(gone)\t") }.flatMap {
        Int($0.split(separator: "\t")[2])
      })
    #expect(back != gone)
    let notes = try sh("monica-fetch notes --contact \(back) | jq -r .body", env: env)
    #expect(notes.stdout.contains("Met at the conference"), "\(notes)")
    let ties = try sh("monica-fetch relationships --contact \(back) | jq -r .of_contact.id", env: env)
    #expect(ties.lines.contains("\(kept)"), "\(ties)")
    #expect(ties.lines.count == relationships.count / 2, "\(ties)")
    // The edited note is said, not put back; nothing else is.
    #expect(restore.stderr.contains("monica-diff: not restored: 1 note (#\(edited)): changed"), "\(restore.stderr)")
    #expect(!restore.stderr.contains("not restored: 1 gift"), "\(restore.stderr)")

    // A re-run writes nothing and sends nothing.
    let writesBefore = writes(sandbox).count
    let again = try sh(
      "monica-diff --restore --map map.tsv old.ndjson new.ndjson | monica-push --create --map map.tsv --quiet",
      env: env, directory: dir)
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    #expect(writes(sandbox).count == writesBefore)
  }

  @Test("a backup taken while a contact is deleted migrates: its records, listed with a null contact, are set aside")
  func migrateWhileDeleted() throws {
    let source = try Sandbox.start(["--rate-limit", "0", "--contacts", "20"])
    let target = try Sandbox.start(["--rate-limit", "0", "--contacts", "0"])
    let (gone, _) = try push.contacts(source)
    let deleted = try sh(
      """
      echo '{"object":"note","contact_id":\(gone),"body":"Met at the conference"}' | monica-push > /dev/null
      monica-fetch contacts \(gone) | monica-push --delete --yes
      """, env: push.env(source))
    try #require(deleted.status == 0, "\(deleted)")
    let dir = target.temporary.root
    let fetched = try sh("monica-fetch --all --quiet > backup.ndjson", env: push.env(source), directory: dir)
    try #require(fetched.status == 0, "\(fetched)")
    let notes = try backup(dir + "/backup.ndjson").filter { $0["object"] == .string("note") }
    let orphans = notes.filter { $0["contact"] == .null }.count
    #expect(orphans > 0)
    let run = try sh(
      "monica-validate backup.ndjson | monica-push --create --map map.tsv > /dev/null", env: push.env(target),
      directory: dir)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("records of a deleted contact"), "\(run.stderr)")
    #expect(run.stderr.contains("monica-push: migration: "), "\(run.stderr)")
    #expect(
      target.requests(path: "/api/notes").filter { $0["method"] == .string("POST") }.count == notes.count - orphans)
  }

  @Test("a deleted note of a contact that is still there comes back on it: the pipeline reads diff's map lines")
  func deletedNoteRestored() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "20"])
    let env = push.env(sandbox)
    let dir = sandbox.temporary.root
    let (contact, _) = try push.contacts(sandbox)
    let made = try sh(
      """
      echo '{"object":"note","contact_id":\(contact),"body":"Lost and found"}' | monica-push | jq -r .id > note
      monica-fetch --all --quiet > old.ndjson
      monica-fetch notes "$(cat note)" | monica-push --delete --yes > /dev/null
      monica-fetch --all --quiet > new.ndjson
      """, env: env, directory: dir)
    try #require(made.status == 0, "\(made)")
    let before = writes(sandbox).count
    let restore = try sh(
      "monica-diff --restore --map map.tsv old.ndjson new.ndjson | monica-push --create --map map.tsv --quiet",
      env: env, directory: dir)
    #expect(restore.status == 0, "\(restore)")
    #expect(writes(sandbox).dropFirst(before) == ["POST /api/notes"], "\(writes(sandbox).dropFirst(before))")
    let back = try records(restore.stdout).first
    #expect(back?["body"] == .string("Lost and found") && back?["contact"]?["id"] == .int(contact), "\(restore)")
  }
}
