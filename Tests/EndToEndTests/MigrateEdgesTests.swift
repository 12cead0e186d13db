import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// The edges of `monica-push --create --map` for relationships, life events and documents: a
/// relationship type the target lacks or reverses otherwise, a run killed between a wrongly
/// guessed life event's create and its delete, a run killed mid-upload; and the sandbox's
/// `--state` keeping uploaded bytes across a restart.
@Suite struct MigrateEdgesTests {
  typealias Pair = MigrateTests.Pair

  @Test("--state keeps uploaded document bytes and photos across a restart, byte for byte")
  func stateKeepsFiles() throws {
    let directory = NSTemporaryDirectory() + "sandbox-files-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let state = directory + "/state.ndjson"
    let first = try Sandbox.start(["--contacts", "3", "--rate-limit", "0", "--public-storage", "--state", state])
    // Every byte value, and more than one read's worth.
    let upload = try sh(
      """
      python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)) * 400)' > lease.pdf
      curl -sS -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' \
        -F contact_id=2 -F 'document=@lease.pdf;type=application/pdf' "$SANDBOX_API/documents" | jq -r .data.link
      echo gone > old.pdf
      curl -sS -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' \
        -F contact_id=2 -F 'document=@old.pdf;type=application/pdf' "$SANDBOX_API/documents" | jq -r .data.id > old.id
      curl -sS -X DELETE -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' \
        "$SANDBOX_API/documents/$(cat old.id)" | jq -r .deleted >&2
      monica-fetch photos --max 1 | jq -r .dataUrl | sed 's/^data:[^,]*,//' | base64 -d > face.png
      monica-photo upload --contact 3 face.png | jq -r .dataUrl
      """, env: first.signedInEnv, directory: directory)
    #expect(upload.status == 0, "\(upload)")
    #expect(upload.lines.count == 2 && upload.stderr == "true\n", "\(upload)")
    first.stop()
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    // Only the bytes of the documents that exist are kept.
    #expect(saved.components(separatedBy: #""object":"sandbox-document-file""#).count == 2)

    let second = try Sandbox.start(["--rate-limit", "0", "--public-storage", "--state", state])
    defer { second.stop() }
    let documents = try records(sh("monica-fetch documents", env: second.signedInEnv).stdout)
    let document = try #require(documents.first { $0["original_filename"]?.stringValue == "lease.pdf" })
    #expect(document["link"]?.stringValue?.hasPrefix(second.url + "/storage/documents/") == true, "\(document)")
    let back = try sh(
      #"curl -sS -o back.pdf -w '%{http_code}' "$LINK" && cmp lease.pdf back.pdf && echo same"#,
      env: second.env.merging(["LINK": document["link"]?.stringValue ?? ""]) { $1 }, directory: directory)
    #expect(back.stdout == "200same\n", "\(back)")
    let photos = try records(sh("monica-fetch photos --contact 3", env: second.signedInEnv).stdout)
    let dataURL = try #require(upload.lines.last)
    #expect(
      photos.contains { $0["dataUrl"]?.stringValue == dataURL && $0["original_filename"]?.stringValue == "face.png" })
    // A state file's bytes are checked: broken base64 is refused with its line.
    try (saved + #"{"object":"sandbox-document-file","name":"documents/x.pdf","data":"@@@"}"# + "\n").write(
      toFile: state, atomically: true, encoding: .utf8)
    let refused = try sh("monica-sandbox --port 0 --state \(state)", env: second.env)
    #expect(refused.status == 65, "\(refused)")
    #expect(refused.stderr.contains("base64 \"data\""), "\(refused)")
  }

  /// The map file's lines: (object, source id) to target id.
  static func mapLines(_ path: String) -> [String: Int] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    var lines: [String: Int] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t")
      if fields.count == 3 { lines["\(fields[0])\t\(fields[1])"] = Int(fields[2]) }
    }
    return lines
  }

  @Test("relationships of types the target lacks, or reverses otherwise, are not carried, with why; none mistyped")
  func relationshipTypes() throws {
    let source = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    // A, B, C, and rows of every kind of type: one whose reverse the target lacks (child/parent),
    // one the target lacks (sibling), one the target reverses otherwise (friend), one whose reverse
    // only the target has (boss/subordinate), one its own reverse (partner).
    let types = try records(sh("monica-fetch relationshiptypes", env: source.signedInEnv).stdout)
    func type(_ name: String) -> Int { types.first { $0["name"]?.stringValue == name }?["id"]?.intValue ?? 0 }
    var lines = ["Ann", "Bob", "Cy"].map { #"{"object":"contact","first_name":"\#($0)","is_dead":false}"# }
    for (from, name, to) in [(1, "child", 2), (1, "sibling", 3), (2, "friend", 3), (1, "boss", 3), (1, "partner", 2)] {
      lines.append(
        #"{"object":"relationship","contact_is":{"id":\#(from)},"of_contact":{"id":\#(to)},"#
          + #""relationship_type":{"id":\#(type(name))}}"#)
    }
    let seeded = try sh("monica-push", env: source.signedInEnv, stdin: lines.joined(separator: "\n") + "\n")
    #expect(seeded.status == 0, "\(seeded)")
    let old = try records(sh("monica-fetch --all 2>/dev/null", env: source.signedInEnv).stdout)
      .filter { $0["object"]?.stringValue == "relationship" }
    #expect(old.count == 9, "\(old.count) rows")

    // The target: an account without sibling and parent types, whose friend's reverse is
    // bestfriend, and with a subordinate type that the source lacks.
    let directory = NSTemporaryDirectory() + "relationship-types-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let state = directory + "/state.ndjson"
    try Sandbox.start(["--contacts", "0", "--state", state]).stop()
    let edited = try sh(
      """
      jq -c 'select(.object != "relationshiptype" or (.name != "sibling" and .name != "parent"))
        | if .object == "relationshiptype" and .name == "friend" then .name_reverse_relationship = "bestfriend" else . end
        | if .object == "relationshiptype" and .name == "boss"
          then ., (.id = 99 | .name = "subordinate" | .name_reverse_relationship = "boss") else . end' \
        state.ndjson > edited.ndjson && mv edited.ndjson state.ndjson
      """, env: source.env, directory: directory)
    #expect(edited.status == 0, "\(edited)")
    let target = try Sandbox.start(["--rate-limit", "0", "--state", state])
    let map = directory + "/map.tsv"
    let env = target.signedInEnv.merging(["OLD_URL": source.url, "OLD_TOKEN": source.token, "MAP": map]) { $1 }
    let migrate =
      #"MONICA_URL="$OLD_URL" MONICA_TOKEN="$OLD_TOKEN" monica-fetch --all 2>/dev/null | monica-push --create --map "$MAP""#
    let run = try sh(migrate, env: env)
    #expect(run.status == 0, "\(run)")
    for (count, name) in [(2, "sibling"), (1, "parent")] {
      #expect(
        run.stderr.contains(
          "not carried: \(count) record\(count == 1 ? "" : "s") of relationship: the target has no relationship type "
            + "\(name), and the API cannot create one (routes/api.php:125)"), "\(run.stderr)")
    }
    #expect(
      run.stderr.contains(
        "not carried: 2 records of relationship: the target's relationship type friend has the reverse bestfriend, "
          + "not friend: its create would make the other row with that type (CreateRelationship.php:51-55)"),
      "\(run.stderr)")
    // On the target: what the source had with the types the target has, each row of its own type.
    let names = Dictionary(uniqueKeysWithValues: ["Ann", "Bob", "Cy"].enumerated().map { ($0.element, $0.offset) })
    func rows(_ sandbox: Sandbox) throws -> [String] {
      let contacts = try records(sh("monica-fetch contacts", env: sandbox.signedInEnv).stdout)
      let name = { (id: Int?) in
        contacts.first { $0["id"]?.intValue == id }?["first_name"]?.stringValue ?? "?"
      }
      return try records(sh("monica-fetch --all 2>/dev/null", env: sandbox.signedInEnv).stdout)
        .filter { $0["object"]?.stringValue == "relationship" }
        .map { row in
          "\(name(row["contact_is"]?["id"]?.intValue)) \(row["relationship_type"]?["name"]?.stringValue ?? "?") "
            + name(row["of_contact"]?["id"]?.intValue)
        }.sorted()
    }
    #expect(names.count == 3)
    #expect(
      run.stderr.contains(
        "not carried: 1 record of relationship: the source has no relationship type subordinate, the reverse of boss, "
          + "and the target has"), "\(run.stderr)")
    #expect(try rows(target) == ["Ann child Bob", "Ann partner Bob", "Bob partner Ann"])
    // One POST per carried pair; each mapped row is the copy of its source row, type and all.
    #expect(target.writes().filter { $0 == "POST /api/relationships" }.count == 2, "\(target.writes())")
    let mapped = Self.mapLines(map).filter { $0.key.hasPrefix("relationship\t") }
    #expect(mapped.count == 3, "\(mapped)")
    let copies = try records(sh("monica-fetch --all 2>/dev/null", env: target.signedInEnv).stdout)
      .filter { $0["object"]?.stringValue == "relationship" }
    for row in old {
      guard let copyID = mapped["relationship\t\(row["id"]?.intValue ?? 0)"] else { continue }
      let copy = copies.first { $0["id"]?.intValue == copyID }
      #expect(copy?["relationship_type"]?["name"] == row["relationship_type"]?["name"], "\(row) -> \(copy as Any)")
    }
    // A second run sends nothing that writes.
    let count = target.writes().count
    let again = try sh(migrate, env: env)
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    #expect(target.writes().count == count)
  }

  /// A contact and three life events whose types the source numbers one past the target's:
  /// a marriage (guessed as the target's type 12, expecting a baby), a retirement given at the
  /// target's own id, and a second marriage.
  static let lifeEvents =
    [
      #"{"object":"contact","id":1,"first_name":"Ann","is_dead":false}"#,
      #"{"object":"lifeevent","id":7,"name":"Wedding","note":null,"happened_at":"2019-06-01T00:00:00Z","#
        + #""life_event_type":{"id":12,"object":"lifeeventtype","name":"Marriage","default_life_event_type_key":"marriage"},"#
        + #""contact":{"id":1}}"#,
      #"{"object":"lifeevent","id":8,"name":"Farewell","note":"cake","happened_at":"2020-01-31T00:00:00Z","#
        + #""life_event_type":{"id":2,"object":"lifeeventtype","name":"Retirement","default_life_event_type_key":"retirement"},"#
        + #""contact":{"id":1}}"#,
      #"{"object":"lifeevent","id":9,"name":"Second wedding","note":null,"happened_at":"2021-06-01T00:00:00Z","#
        + #""life_event_type":{"id":12,"object":"lifeeventtype","name":"Marriage","default_life_event_type_key":"marriage"},"#
        + #""contact":{"id":1}}"#,
    ].joined(separator: "\n") + "\n"

  @Test(
    "a run killed before it checked a guessed life event type leaves no wrong-typed event once resumed",
    arguments: [(1, "Wedding", ["contact\t1"], 2, 1), (2, "Farewell", ["contact\t1", "lifeevent_untyped\t7"], 2, 1)])
  func lifeEventKilled(create: Int, held: String, mapped: [String], posts: Int, deletes: Int) throws {
    // The create is carried out and its answer held: the run is killed knowing nothing of it.
    // The first create is the wrong guess; by the second, the run had deleted it.
    let target = try Sandbox.start([
      "--contacts", "0", "--rate-limit", "0", "--fault", "late=5000@\(create):POST:/api/lifeevents",
    ])
    let root = target.temporary.root
    try Self.lifeEvents.write(toFile: root + "/stream.ndjson", atomically: true, encoding: .utf8)
    let env = target.signedInEnv.merging([
      "MAP": root + "/map.tsv", "MONICA_TIMEOUT_MS": "30000", "HELD": held,
    ]) { $1 }
    let killed = try sh(
      """
      monica-push --create --map "$MAP" < stream.ndjson > /dev/null 2>&1 &
      pid=$!
      held() {
        curl -sS -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' "$SANDBOX_API/lifeevents" \
          | jq --arg name "$HELD" '[.data[] | select(.name == $name)] | length'
      }
      until [ "$(held)" = 1 ]; do sleep 0.02; done
      kill -KILL $pid; wait $pid; echo "status $?"
      """, env: env, directory: root)
    #expect(killed.stdout == "status 137\n", "\(killed)")
    let before = try records(sh("monica-fetch lifeevents", env: target.signedInEnv).stdout)
    #expect(before.map { $0["name"]?.stringValue } == [held], "\(before)")
    #expect(Self.mapLines(root + "/map.tsv").keys.sorted() == mapped)
    let resumed = try sh(#"monica-push --create --map "$MAP" < stream.ndjson"#, env: env, directory: root)
    #expect(resumed.status == 0, "\(resumed)")
    #expect(
      resumed.stderr.contains(
        "not carried: 2 records of lifeevent: its type (Marriage) is not one the target has shown in a life event"),
      "\(resumed)")
    let after = try records(sh("monica-fetch lifeevents", env: target.signedInEnv).stdout)
    #expect(after.count == 1, "\(after)")
    #expect(after.first?["name"]?.stringValue == "Farewell")
    #expect(after.first?["life_event_type"]?["default_life_event_type_key"]?.stringValue == "retirement")
    let map = Self.mapLines(root + "/map.tsv")
    #expect(
      map["lifeevent\t8"] == after.first?["id"]?.intValue && map["lifeevent\t7"] == nil && map["lifeevent\t9"] == nil)
    // The map says which were not carried, with the type id tried: a re-run guesses nothing again.
    #expect(map["lifeevent_untyped\t7"] == 12 && map["lifeevent_untyped\t9"] == 12, "\(map)")
    // Farewell made once; the one wrong guess deleted; the second marriage, its guess known wrong, never sent.
    let writes = target.writes()
    #expect(writes.filter { $0 == "POST /api/lifeevents" }.count == posts, "\(writes)")
    #expect(writes.filter { $0.hasPrefix("DELETE /api/lifeevents/") }.count == deletes, "\(writes)")
    // A second run sends nothing that writes, and says the same of what it did not carry.
    let again = try sh(#"monica-push --create --map "$MAP" < stream.ndjson"#, env: env, directory: root)
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    #expect(again.stderr.contains("not carried: 2 records of lifeevent: its type (Marriage)"), "\(again)")
    #expect(target.writes() == writes)
  }

  @Test("a run killed mid-upload leaves no truncated document, and the resumed run uploads it once, whole")
  func documentUploadKilled() throws {
    let source = try Sandbox.start(["--contacts", "0", "--rate-limit", "0", "--public-storage"])
    // The target reads no body for 3 s: a 9 MiB upload fills the socket's buffers and waits there.
    let target = try Sandbox.start([
      "--contacts", "0", "--rate-limit", "0", "--public-storage", "--fault", "slow=3000@1:POST:/api/documents",
    ])
    let root = target.temporary.root
    let made = try sh(
      """
      echo '{"object":"contact","first_name":"Ann","is_dead":false}' | monica-push > /dev/null
      python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)) * (9 * 4096))' > deed.pdf
      curl -sS -H "Authorization: Bearer $MONICA_TOKEN" -H 'Accept: application/json' \
        -F contact_id=1 -F 'document=@deed.pdf;type=application/pdf' "$MONICA_URL/api/documents" | jq -r .data.filesize
      monica-fetch --all 2>/dev/null > stream.ndjson
      """, env: source.signedInEnv, directory: root)
    #expect(made.stdout == "\(9 << 20)\n", "\(made)")
    let env = target.signedInEnv.merging([
      "MAP": root + "/map.tsv", "TARGET_PORT": String(target.url.split(separator: ":").last ?? ""),
      "TARGET_LOG": target.logPath,
    ]) { $1 }
    let killed = try sh(
      """
      monica-push --create --map "$MAP" < stream.ndjson > /dev/null 2>&1 &
      pid=$!
      # Killed once more than 256 KiB of the upload wait in its socket, unread by the target.
      until ss -tnH state established "( dport = :$TARGET_PORT )" | awk '$2 > 262144 { f = 1 } END { exit !f }'; do
        sleep 0.02
      done
      kill -KILL $pid; wait $pid; echo "status $?"
      # The target reads what came of the body once its 3 s are over.
      for _ in $(seq 500); do grep -q '"method":"POST","path":"/api/documents"' "$TARGET_LOG" && break; sleep 0.02; done
      """, env: env, directory: root)
    #expect(killed.stdout == "status 137\n", "\(killed)")
    // The upload, not the read of the newest documents made before it (the map's #floor).
    let upload = target.requests().filter {
      $0["path"]?.stringValue == "/api/documents" && $0["method"]?.stringValue == "POST"
    }
    #expect(upload.count == 1 && upload.first?["fault"]?.stringValue == "body unread", "\(upload)")
    #expect(try records(sh("monica-fetch documents", env: target.signedInEnv).stdout).isEmpty)
    let resumed = try sh(#"monica-push --create --map "$MAP" < stream.ndjson > /dev/null"#, env: env, directory: root)
    #expect(resumed.status == 0, "\(resumed)")
    let documents = try records(sh("monica-fetch documents", env: target.signedInEnv).stdout)
    #expect(documents.count == 1 && documents.first?["filesize"]?.intValue == 9 << 20, "\(documents)")
    #expect(Self.mapLines(root + "/map.tsv")["document\t1"] == documents.first?["id"]?.intValue)
    let same = try sh(
      #"curl -sS "$LINK" | cmp - deed.pdf && echo same"#,
      env: env.merging(["LINK": documents.first?["link"]?.stringValue ?? ""]) { $1 }, directory: root)
    #expect(same.stdout == "same\n", "\(same)")
    #expect(target.writes().filter { $0 == "POST /api/documents" }.count == 2)
  }
}
