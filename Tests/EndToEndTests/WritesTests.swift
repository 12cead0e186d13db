import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Writes that can be trusted: never twice (one writer per map, in-doubt look-ups that take
/// only what the lost create made), never half (a line checked before its first request), never
/// onto the wrong person (monica-import's identity).
@Suite struct WritesTests {
  /// A stream of `count` new contacts, ids 1 to `count`.
  static func contacts(_ count: Int) -> String {
    (1...count).map { #"{"object":"contact","id":\#($0),"first_name":"Person \#($0)","is_dead":false}"# + "\n" }
      .joined()
  }

  @Test("two --create --map runs on one map at once create each record once")
  func concurrentRuns() throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0", "--latency", "20"])
    let work = sandbox.temporary.root
    try Self.contacts(20).write(toFile: work + "/stream.ndjson", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      monica-push --create --map map.tsv stream.ndjson > one.out 2> one.err & one=$!
      monica-push --create --map map.tsv stream.ndjson > two.out 2> two.err & two=$!
      wait $one; a=$?; wait $two; b=$?
      echo "$a $b"; cat one.err two.err >&2
      """, env: sandbox.signedInEnv, directory: work)
    #expect(run.stdout == "0 0\n", "\(run)")
    #expect(sandbox.writes().filter { $0 == "POST /api/contacts" }.count == 20, "\(run)")
    let map = try String(contentsOfFile: work + "/map.tsv", encoding: .utf8)
    let lines = map.split(separator: "\n").filter { $0.hasPrefix("contact\t") }
    #expect(lines.count == 20, "\(map)")
  }

  @Test("monica-import --map | monica-push --create --map: the map is read when the import is done")
  func importPipeline() throws {
    let sandbox = try Sandbox.start(["--contacts", "3", "--rate-limit", "0"])
    let work = sandbox.temporary.root
    let fetched = try sh("monica-fetch contacts --with-fields > old.ndjson", env: sandbox.signedInEnv, directory: work)
    #expect(fetched.status == 0, "\(fetched)")
    let contact = try #require(records(String(contentsOfFile: work + "/old.ndjson", encoding: .utf8)).first)
    let uuid = try #require(contact["uuid"]?.stringValue)
    let name = try #require(contact["first_name"]?.stringValue)
    let card =
      "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:\(name)\r\nUID:urn:uuid:\(uuid)\r\nTEL:+44 20 7946 0958\r\nEND:VCARD\r\n"
    try card.write(toFile: work + "/card.vcf", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      # The card is given only once monica-push waits on its input (the kernel says where it
      # sleeps): past its start-up, where a map read at start would already have been read.
      mkfifo cards
      { monica-import vcard --dedupe-against old.ndjson --map map.tsv < cards; echo $? > import.status; } \
        | monica-push --create --map map.tsv --quiet & push=$!
      for _ in $(seq 1500); do case "$(cat /proc/$push/wchan 2>/dev/null)" in *pipe*) break;; esac; sleep 0.02; done
      cat card.vcf > cards
      wait $push; pushed=$?
      [ "$(cat import.status)" = 0 ] && exit $pushed
      """, env: sandbox.signedInEnv, directory: work)
    #expect(run.status == 0, "\(run)")
    #expect(FileManager.default.fileExists(atPath: work + "/map.tsv"), "the import wrote its match into the map")
    let writes = sandbox.writes()
    #expect(!writes.contains("POST /api/contacts"), "\(writes)")
    #expect(writes.filter { $0 == "POST /api/contactfields" }.count == 1, "\(writes)")
  }

  @Test("a value Monica's rules refuse stops the line before its first request")
  func checkedBeforeSending() throws {
    let sandbox = try Sandbox.start(["--contacts", "2", "--rate-limit", "0"])
    let run = try sh(
      "monica-push", env: sandbox.signedInEnv,
      stdin: #"{"object":"task","contact_id":1,"title":"Call","completed":"yes"}"# + "\n")
    #expect(run.status == 65, "\(run)")
    let expected = "stdin:1: completed: The completed field must be true or false. (boolean, UpdateTask.php:23)"
    #expect(run.stderr.contains(expected), "\(run)")
    #expect(sandbox.writes().isEmpty, "\(sandbox.writes())")
  }

  @Test("a create line's unknown fields are named, with the field meant; --strict refuses them")
  func unknownCreateFields() throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    let line = #"{"object":"contact","first_name":"Ada","colour":"red","birthdate":"1990-02-29"}"# + "\n"
    let strict = try sh("monica-push --strict", env: sandbox.signedInEnv, stdin: line)
    #expect(strict.status == 65 && strict.stderr.contains("colour is not a field"), "\(strict)")
    #expect(sandbox.writes().isEmpty)
    let run = try sh("monica-push", env: sandbox.signedInEnv, stdin: line)
    #expect(run.status == 0 && run.lines.count == 1, "\(run)")
    #expect(run.stderr.contains("warning: stdin:1: colour is not a field a contact is written with"), "\(run)")
    #expect(
      run.stderr.contains("birthdate is not a field a contact is written with (did you mean birthdate_"), "\(run)")
  }

  @Test("a line with a key twice is refused, naming the key, and nothing is deleted")
  func duplicateKey() throws {
    let sandbox = try Sandbox.start(["--contacts", "8", "--rate-limit", "0"])
    let run = try sh(
      "monica-push --delete --yes", env: sandbox.signedInEnv,
      stdin: #"{"object":"contact","id":1,"first_name":"A","id":7}"# + "\n")
    #expect(run.status == 65 && run.stderr.contains("stdin:1: \"id\" appears twice"), "\(run)")
    #expect(sandbox.writes().isEmpty)
  }

  @Test("a run that stops mid-stream says how many lines were written and where it stopped")
  func stoppedMidStream() throws {
    let sandbox = try Sandbox.start(["--contacts", "2", "--rate-limit", "0"])
    let stream =
      #"{"object":"note","contact_id":1,"body":"one"}"# + "\n" + #"{"object":"note","contact_id":1,"body":"two"}"#
      + "\n" + #"{"object":"note","contact_id":1,"body":"three""# + "\n"
    let run = try sh("monica-push", env: sandbox.signedInEnv, stdin: stream)
    #expect(run.status == 65 && run.lines.count == 2, "\(run)")
    #expect(run.stderr.contains("monica-push: 2 lines written, stopped at stdin:3"), "\(run)")
  }

  @Test("a run killed after every contact, resumed without a terminal, reports what was not carried")
  func resumedReport() throws {
    let pair = try MigrateTests.Pair(contacts: 20)
    // Monica's API cannot star or archive a contact: the source's stream is given some of each.
    let killed = try sh(
      """
      \(pair.fetchAll) | jq -c 'if .object == "contact" and .id % 3 == 0 then .is_starred = true else . end
        | if .object == "contact" and .id % 4 == 0 then .is_active = false else . end' > "$MAP.stream"
      monica-push --create --map "$MAP" < "$MAP.stream" > /dev/null 2>&1 &
      pid=$!
      while [ "$(cat "$MAP" 2>/dev/null | grep -c '^contact\t')" -lt 20 ]; do sleep 0.01; done
      kill -KILL $pid; wait $pid; echo "status $?"
      """, env: pair.env)
    #expect(killed.stdout.contains("status 137"), "\(killed)")
    let lines = try pair.mapLines().keys.filter { $0.hasPrefix("contact\t") }.count
    #expect(lines >= 20, "\(killed)")
    let resumed = try sh(#"monica-push --create --map "$MAP" < "$MAP.stream" > /dev/null"#, env: pair.env)
    #expect(resumed.status == 0, "\(resumed)")
    // Said of the 20 contacts made by the killed run too, not only of the one the resumed run made.
    #expect(resumed.stderr.contains("not carried: stay-in-touch of contacts"), "\(resumed.stderr)")
    #expect(
      resumed.stderr.contains(
        "first met contacts, if given (the API never prints first_met_where, ContactBase.php:80-87): 21 records"),
      "\(resumed.stderr)")
    // Stars and archived contacts, counted over every contact of the input.
    let stream = try records(String(contentsOfFile: pair.map + ".stream", encoding: .utf8))
      .filter { $0["object"]?.stringValue == "contact" }
    let starred = stream.filter { $0["is_starred"] == .bool(true) }.count
    let archived = stream.filter { $0["is_active"] == .bool(false) }.count
    #expect(starred > 0 && archived > 0, "the seeded account has starred and archived contacts")
    #expect(
      resumed.stderr.contains(
        "not carried: is_starred of contacts (only the web's POST /people/{id}/favorite sets "
          + "it, routes/web.php:188): \(starred) record"), "\(resumed.stderr)")
    #expect(
      resumed.stderr.contains(
        "not carried: archived state of contacts (only the web's PUT /people/{id}/archive "
          + "sets it, routes/web.php:191): \(archived) record"), "\(resumed.stderr)")
    // Word for word what one uninterrupted run into an empty instance says it cannot carry: the
    // losses of introductions, gifts' photos and the user's own contact included.
    let fresh = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    let whole = try sh(
      #"monica-push --create --map "$MAP.fresh" < "$MAP.stream" > /dev/null"#,
      env: pair.env.merging(fresh.signedInEnv) { $1 })
    #expect(whole.status == 0, "\(whole)")
    func notCarried(_ text: String) -> [String] {
      text.split(separator: "\n").filter { $0.contains(": not carried: ") }.map(String.init).sorted()
    }
    #expect(notCarried(resumed.stderr) == notCarried(whole.stderr), "\(resumed.stderr)\n---\n\(whole.stderr)")
    let contacts = resumed.stderr.split(separator: "\n").filter { $0.hasPrefix("monica-push: contact: ") }
    #expect(contacts.count == 1 && contacts[0].hasSuffix(" already on the target"), "\(resumed.stderr)")
    // A no-op run again prints its summary too.
    let again = try sh(#"monica-push --create --map "$MAP" < "$MAP.stream" > /dev/null"#, env: pair.env)
    #expect(again.status == 0 && again.stderr.contains(" records: 0 created, "), "\(again)")
  }

  @Test("--create --dry-run is a plan: counts per kind on stdout, no write, no map line")
  func createPlan() throws {
    let pair = try MigrateTests.Pair(contacts: 5)
    let run = try sh(#"\#(pair.fetchAll) | monica-push --create --dry-run --map "$MAP""#, env: pair.env)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains(" to create (") && run.stdout.contains("monica-push: contact: "), "\(run)")
    #expect(run.stdout.contains("not carried: "), "\(run)")
    #expect(pair.target.writes().isEmpty, "\(pair.target.writes())")
    let map = (try? String(contentsOfFile: pair.map, encoding: .utf8)) ?? ""
    #expect(map.isEmpty, "\(map)")
  }

  @Test("--create --dry-run says per kind what the real run then does, relationships and life events included")
  func exactPlan() throws {
    let pair = try MigrateTests.Pair(contacts: 20)
    let planned = try sh(#"\#(pair.fetchAll) | monica-push --create --dry-run --map "$MAP""#, env: pair.env)
    #expect(planned.status == 0, "\(planned)")
    #expect(pair.target.writes().isEmpty, "\(pair.target.writes())")
    let run = try pair.migrate()
    #expect(run.status == 0, "\(run)")
    /// The summary's lines: the headline, one per kind, and what is not carried.
    func summary(_ text: String) -> [String] {
      text.split(separator: "\n").map(String.init).filter { line in
        !line.contains(": warning: ")
          && (line.contains(" records: ") || line.contains(": not carried: ")
            || line.range(of: #"^monica-push: [a-zA-Z]+: [0-9]"#, options: .regularExpression) != nil)
      }.map { $0.replacingOccurrences(of: " to create", with: " created") }
    }
    #expect(summary(planned.stdout) == summary(run.stderr), "\(planned.stdout)\n---\n\(run.stderr)")
    #expect(summary(run.stderr).contains { $0.contains("made by the target with another (relationship ") })
  }

  @Test("a card whose name two contacts have matches neither: reported, not created, nothing mapped")
  func ambiguousName() throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    let work = sandbox.temporary.root
    let made = try sh(
      """
      printf '%s\\n' '{"object":"contact","first_name":"Tomás","last_name":"Smith","is_dead":false}' \
        '{"object":"contact","first_name":"Tomás","last_name":"Smith","is_dead":false}' | monica-push > /dev/null
      monica-fetch contacts --with-fields > old.ndjson
      """, env: sandbox.signedInEnv, directory: work)
    #expect(made.status == 0, "\(made)")
    let card =
      "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Tomás Smith\r\nN:Smith;Tomás;;;\r\nNICKNAME:Tom\r\nBDAY:--0229\r\n"
      + "TEL:+1 555 0100 200\r\nADR:;;1 Main St;Springfield;;;\r\nEND:VCARD\r\n"
    try card.write(toFile: work + "/card.vcf", atomically: true, encoding: .utf8)
    let run = try sh(
      "monica-import vcard card.vcf --dedupe-against old.ndjson --map map.tsv --updates updates.ndjson",
      env: sandbox.signedInEnv, directory: work)
    #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
    #expect(
      run.stderr.contains(
        "ambiguous: contacts #1 (Tomás Smith: same name Tomás Smith), #2 (Tomás Smith: same name Tomás Smith) could each be this card; left out"
      ), "\(run)")
    #expect((try? String(contentsOfFile: work + "/updates.ndjson", encoding: .utf8)) == "")
    #expect(((try? String(contentsOfFile: work + "/map.tsv", encoding: .utf8)) ?? "").isEmpty)
    let created = try sh(
      "monica-import vcard card.vcf --dedupe-against old.ndjson --create-ambiguous", env: sandbox.signedInEnv,
      directory: work)
    #expect(created.status == 0 && created.stdout.contains(#""object":"contact","first_name":"Tom"#), "\(created)")
  }

  @Test("the tool's own vCard export imported back against its contacts yields no record and no update")
  func ownExportBack() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    let work = sandbox.temporary.root
    // Two people of one name, told apart only by their uuids, and a birthday guessed from an age,
    // which monica-format vcard writes as its year alone.
    let made = try sh(
      """
      printf '%s\\n' '{"object":"contact","first_name":"Sam","last_name":"Lee","is_dead":false}' \
        '{"object":"contact","first_name":"Sam","last_name":"Lee","description":"the other Sam","is_dead":false}' \
        '{"object":"contact","first_name":"Old","last_name":"Timer","is_dead":false,"is_birthdate_known":true,"birthdate_is_age_based":true,"birthdate_age":32}' \
        | monica-push > /dev/null
      """, env: sandbox.signedInEnv, directory: work)
    #expect(made.status == 0, "\(made)")
    let run = try sh(
      """
      monica-fetch contacts --with-fields > old.ndjson
      monica-format vcard < old.ndjson > all.vcf
      monica-import vcard all.vcf --dedupe-against old.ndjson --updates updates.ndjson
      """, env: sandbox.signedInEnv, directory: work)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.isEmpty, "\(run.stdout)")
    #expect((try? String(contentsOfFile: work + "/updates.ndjson", encoding: .utf8)) == "")
    let cards = try String(contentsOfFile: work + "/all.vcf", encoding: .utf8)
    #expect(cards.contains("UID:urn:uuid:") && cards.contains("\r\nBDAY:19"), "\(cards)")
  }

  @Test("a create in doubt never adopts a record that was there before the migration")
  func inDoubtFloor() throws {
    let sandbox = try Sandbox.start([
      "--contacts", "0", "--rate-limit", "0", "--fault", "500@3:POST:/api/contacts",
    ])
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10"]) { $1 }
    let work = sandbox.temporary.root
    // Made before the migration (the first POST; the fault is on the third, Ann's in the migration):
    // the same fields as the record in doubt.
    let before = try sh(
      #"curl -sf -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/contacts" -d '{"first_name":"Ann","is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false}' > /dev/null"#,
      env: sandbox.env)
    #expect(before.status == 0, "\(before)")
    // Bob first: the map is not empty when Ann's create is in doubt.
    let stream =
      #"{"object":"contact","id":6,"first_name":"Bob","is_dead":false}"# + "\n"
      + #"{"object":"contact","id":7,"first_name":"Ann","is_dead":false}"# + "\n"
    let first = try sh("monica-push --create --map map.tsv", env: env, stdin: stream, directory: work)
    #expect(first.status != 0, "\(first)")
    let again = try sh("monica-push --create --map map.tsv", env: env, stdin: stream, directory: work)
    #expect(again.status == 0, "\(again)")
    let anns = try records(sh("monica-fetch contacts", env: env).stdout).filter {
      $0["first_name"]?.stringValue == "Ann"
    }
    #expect(anns.count == 2, "\(anns)")
  }
}
