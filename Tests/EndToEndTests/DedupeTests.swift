import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-dedupe` on what `monica-fetch contacts --with-fields` reads from the sandbox, with
/// duplicate pairs made through the API (the default seeding stays as other tests count it).
@Suite struct DedupeTests {
  /// Creates a contact through the API, then its e-mail addresses as contact fields (type 1,
  /// Email); returns its id.
  func contact(_ sandbox: Sandbox, _ body: String, emails: [String] = []) throws -> Int {
    let post =
      #"curl -sf -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' "#
      + #"-H "Authorization: Bearer $SANDBOX_TOKEN" --data-binary @- "$SANDBOX_API/"#
    let base = #"{"is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false,"#
    let made = try sh(post + #"contacts" | jq -r .data.id"#, env: sandbox.env, stdin: base + body.dropFirst())
    let id = try #require(Int(made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(made)")
    for email in emails {
      let field = try sh(
        post + #"contactfields" > /dev/null"#, env: sandbox.env,
        stdin: #"{"contact_field_type_id":1,"contact_id":\#(id),"data":"\#(email)"}"#)
      #expect(field.status == 0, "\(field)")
    }
    return id
  }

  /// The groups as sets of contact ids.
  func groups(_ run: ShellRun) throws -> [Set<Int>] {
    try records(run.stdout).map { line in
      Set([line["keep"]?.intValue ?? 0] + (line["merge"]?.arrayValue ?? []).compactMap(\.intValue))
    }
  }

  @Test("finds the same e-mail in another case and a nickname, not two people of one name")
  func findsPairs() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "30"])
    defer { sandbox.stop() }
    let fetch = "monica-fetch contacts --with-fields"
    let before = try groups(try sh("\(fetch) | monica-dedupe", env: sandbox.signedInEnv))
    let marta = try contact(
      sandbox, #"{"first_name":"Marta","last_name":"Quintero"}"#, emails: ["Marta.Q@Example.org"])
    let martaAgain = try contact(
      sandbox, #"{"first_name":"M.","last_name":"Quintero"}"#, emails: ["marta.q@example.ORG"])
    let robert = try contact(sandbox, #"{"first_name":"Robert","last_name":"Okafor","nickname":"Bob"}"#)
    let bob = try contact(sandbox, #"{"first_name":"Bob","last_name":"Okafor"}"#)
    let lena = try contact(
      sandbox,
      #"{"first_name":"Lena","last_name":"Vogt","is_birthdate_known":true,"birthdate_day":1,"#
        + #""birthdate_month":5,"birthdate_year":1980}"#, emails: ["lena@a.example"])
    let otherLena = try contact(
      sandbox,
      #"{"first_name":"Lena","last_name":"Vogt","is_birthdate_known":true,"birthdate_day":20,"#
        + #""birthdate_month":11,"birthdate_year":1992}"#)

    let run = try sh("\(fetch) | monica-dedupe", env: sandbox.signedInEnv)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let found = try groups(run)
    #expect(found.count == before.count + 2, "\(run)")
    #expect(found.contains([marta, martaAgain]) && found.contains([robert, bob]), "\(run)")
    #expect(!found.contains { $0.contains(lena) || $0.contains(otherLena) }, "\(run)")
    let lines = try records(run.stdout)
    let email = try #require(lines.first { $0["keep"]?.intValue == marta || $0["keep"]?.intValue == martaAgain })
    #expect(
      email["reasons"]
        == .array([
          .string("same e-mail marta.q@example.org"), .string("first names agree (an initial): Marta / M."),
          .string("same last name Quintero"),
        ]))
    #expect(email["against"] == .array([]) && email["score"] == .number("0.95"))

    // monica-format shows the names; other kinds in the stream are passed over.
    let table = try sh(
      "{ \(fetch); monica-fetch notes; } | monica-dedupe --min-score 0.9 | COLUMNS=200 monica-format table",
      env: sandbox.signedInEnv)
    #expect(table.status == 0 && table.stderr.isEmpty, "\(table)")
    #expect(table.stdout.contains("Marta Quintero (\(marta))") || table.stdout.contains("M. Quintero (\(martaAgain))"))
    #expect(table.stdout.contains("same e-mail marta.q@example.org"), "\(table)")
    #expect(!table.stdout.contains("Okafor"), "the nickname pair scores 0.5: below --min-score 0.9")
  }

  /// The seeded people of `monica-sandbox --duplicates` (SeedData+Duplicates.swift) by name:
  /// the pair an import doubled (one e-mail in two cases), the pair where one's nickname is the
  /// other's first name (one e-mail address on both), and two people of one name born decades
  /// apart.
  static let seededDuplicates: Set = ["Ysolde Marchetti", "Theodoric Vasquez-Lund", "Teddy Vasquez-Lund"]

  /// `id<TAB>name` of every contact the stream holds.
  func names(_ stream: String) throws -> [Int: String] {
    var names: [Int: String] = [:]
    for record in try records(stream) where record["object"]?.stringValue == RecordKind.contact.object {
      let name = [record["first_name"]?.stringValue, record["last_name"]?.stringValue].compactMap { $0 }
      if let id = record["id"]?.intValue { names[id] = name.joined(separator: " ") }
    }
    return names
  }

  @Test("on --duplicates, --min-score 0.9 groups the seeded duplicates and no stranger; no group has evidence against")
  func seededDuplicates() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--duplicates"])
    defer { sandbox.stop() }
    let all = try sh("monica-fetch --all --quiet", env: sandbox.signedInEnv)
    #expect(all.status == 0, "\(all)")
    let names = try self.names(all.stdout)
    let certain = try sh(
      "monica-fetch contacts --with-fields | monica-dedupe --min-score 0.9", env: sandbox.signedInEnv)
    #expect(certain.status == 0 && certain.stderr.isEmpty, "\(certain)")
    let found = try groups(certain)
    // Exactly the seeded duplicates: both Ysoldes (one e-mail in two cases), and Theodoric with
    // Teddy (his nickname and one e-mail address); no household, no namesake, no stranger.
    let named = found.map { group in group.map { names[$0] ?? "" }.sorted() }.sorted { $0.joined() < $1.joined() }
    #expect(
      named == [["Teddy Vasquez-Lund", "Theodoric Vasquez-Lund"], ["Ysolde Marchetti", "Ysolde Marchetti"]],
      "\(certain.stdout)")
    // Before the judgement, contacts N and N+100 on one seeded phone were 15 of 16 groups here.
    let shared = try sh(
      #"jq -r 'select(.object == "contactfield" and .contact_field_type.type == "phone") | .content' | sort | uniq -d"#,
      env: sandbox.env, stdin: all.stdout)
    #expect(!shared.stdout.isEmpty, "the seeding shares phones between strangers: the test means something")
    // At the default score: the nickname pair too; never the two
    // Philippas, nor a living contact and an archived, deceased namesake (monica-fetch --all).
    let likely = try sh("monica-dedupe", env: sandbox.signedInEnv, stdin: all.stdout)
    #expect(likely.status == 0, "\(likely)")
    let lines = try records(likely.stdout)
    #expect(lines.allSatisfy { $0["against"] == .array([]) }, "\(likely.stdout)")
    let groups = try groups(likely)
    #expect(groups.contains { Set($0.compactMap { names[$0] }) == ["Theodoric Vasquez-Lund", "Teddy Vasquez-Lund"] })
    #expect(!groups.contains { $0.contains { names[$0] == "Philippa Okonkwo" } }, "\(likely.stdout)")
    let mixed = try sh(
      #"jq -s -r '[.[] | select(.object == "contact")] | group_by([.first_name, .last_name])"#
        + #" | map(select(any(.is_dead) and any(.is_dead | not)) | map(.id))[] | @tsv'"#,
      env: sandbox.env, stdin: all.stdout)
    let namesakes = mixed.lines.map { Set($0.split(separator: "\t").compactMap { Int($0) }) }
    #expect(!namesakes.isEmpty, "a living contact and a deceased namesake are seeded: \(mixed)")
    for pair in namesakes {
      #expect(!groups.contains { $0.intersection(pair).count > 1 }, "living and dead grouped: \(pair)")
    }
  }

  @Test("the README recipe, dedupe at 0.9 then merge, deletes only seeded duplicates")
  func readmeRecipe() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--duplicates", "--public-storage"])
    defer { sandbox.stop() }
    let before = try names(try sh("monica-fetch contacts", env: sandbox.signedInEnv).stdout)
    let run = try sh(
      """
      monica-fetch contacts --with-fields | monica-dedupe --min-score 0.9 > duplicates.ndjson
      monica-merge --dry-run < duplicates.ndjson > plan.txt
      monica-merge --yes --journal merge.journal < duplicates.ndjson > merged.ndjson
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let after = try names(try sh("monica-fetch contacts", env: sandbox.signedInEnv).stdout)
    let deleted = Set(before.keys).subtracting(after.keys)
    #expect(!deleted.isEmpty, "the recipe merged something")
    for id in deleted {
      let name = before[id] ?? ""
      #expect(Self.seededDuplicates.contains(name), "deleted #\(id), \(name): a stranger")
    }
    // Each merged contact's double is still there: one Ysolde Marchetti, not none.
    #expect(after.values.filter { $0 == "Ysolde Marchetti" }.count == 1)
    #expect(after.values.contains { $0.hasSuffix("Vasquez-Lund") })
  }

  @Test("on a terminal a line carries no control or bidi character from a name; in a pipe the JSON is as it came")
  func terminal() throws {
    let home = try TemporaryHome()
    let name = #""Ana\u001b[8m\u009b2J\u202egnp.exe""#
    let lines = (1...2).map { id in
      #"{"object":"contact","id":\#(id),"first_name":\#(name),"last_name":"Lima","contactFields":"#
        + #"[{"content":"ana@x.org","contact_field_type":{"type":"email"}}]}"#
    }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: home.root + "/in.ndjson", atomically: true, encoding: .utf8)
    let tty = try sh("script -qec 'monica-dedupe in.ndjson' /dev/null < /dev/null", env: home.env, directory: home.root)
    #expect(tty.status == 0, "\(tty)")
    let shown = tty.stdout.unicodeScalars
    #expect(!shown.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) || $0.value == 0x202E }, "\(tty)")
    #expect(tty.stdout.contains("\u{FFFD}2J\u{FFFD}gnp.exe") && tty.stdout.contains(#"\u001b[8m"#), "\(tty)")
    let piped = try sh("monica-dedupe in.ndjson | cat", env: home.env, directory: home.root)
    #expect(piped.status == 0 && piped.stdout.contains("\u{9B}2J\u{202E}gnp.exe"), "data unchanged: \(piped)")
    #expect(!piped.stdout.unicodeScalars.contains { $0.value == 0x1B }, "JSON escapes ESC")
  }

  @Test("refusals: a bad line, a bad score; a closed pipe is success")
  func refusals() throws {
    let home = try TemporaryHome()
    let bad = try sh("monica-dedupe", env: home.env, stdin: "{\"object\":\"contact\",\"id\":1}\nnot json\n")
    #expect(bad.status == 65 && bad.stdout.isEmpty && bad.stderr.hasPrefix("monica-dedupe: error: stdin:2: "), "\(bad)")
    let score = try sh("monica-dedupe --min-score 2 < /dev/null", env: home.env)
    #expect(score.status == 64 && score.stderr.contains("--min-score must be between 0 and 1"), "\(score)")
    let lines = (1...4_000).map {
      #"{"object":"contact","id":\#($0),"first_name":"Ana","last_name":"Lima \#($0 / 2)"}"#
    }
    let closed = try sh(
      "monica-dedupe | head -n 1", env: home.env, stdin: lines.joined(separator: "\n") + "\n")
    #expect(closed.status == 0 && closed.stderr.isEmpty && closed.lines.count == 1, "\(closed)")
  }
}
