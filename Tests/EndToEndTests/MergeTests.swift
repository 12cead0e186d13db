import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-dedupe` then `monica-merge` against a sandbox seeded with `--duplicates`: the pairs
/// found, the merge that leaves one contact holding both contacts' records once each, and the
/// safety of the run (dry run, refusal, a 500, a kill, a re-run).
@Suite struct MergeTests {
  /// A sandbox with the duplicates, and the ids of the seeded people by their role.
  struct Account {
    let sandbox: Sandbox
    let ysolde: Int
    let sol: Int
    let theodoric: Int
    let teddy: Int
    let philippas: [Int]
    let hugo: Int
    let ines: Int
    /// The pair's photos' bytes (`dataUrl`) and documents (`name size`), read before the merge.
    var photos: Set<String> = []
    var documents: Set<String> = []
    var journal: String { sandbox.temporary.root + "/merge.journal" }
    var groups: String { sandbox.temporary.root + "/groups.ndjson" }

    init(_ arguments: [String] = [], publicStorage: Bool = true) throws {
      // Public storage: a document's bytes are downloaded from its link (private ones cannot be).
      sandbox = try Sandbox.start(
        ["--rate-limit", "0", "--contacts", "5", "--duplicates"] + (publicStorage ? ["--public-storage"] : [])
          + arguments)
      let run = try sh("monica-fetch contacts", env: sandbox.signedInEnv)
      #expect(run.status == 0, "\(run)")
      let contacts = try records(run.stdout)
      func ids(_ first: String, nickname: String? = nil) -> [Int] {
        contacts.filter {
          $0["first_name"]?.stringValue == first && (nickname == nil || $0["nickname"]?.stringValue == nickname)
        }.compactMap { $0["id"]?.intValue }
      }
      let ysoldes = ids("Ysolde")
      let sol = try #require(ids("Ysolde", nickname: "Sol").first)
      self.sol = sol
      ysolde = try #require(ysoldes.first { $0 != sol })
      theodoric = try #require(ids("Theodoric").first)
      teddy = try #require(ids("Teddy").first)
      philippas = ids("Philippa")
      #expect(philippas.count == 2)
      hugo = try #require(ids("Hugo").first)
      ines = try #require(ids("Ines").first)
      for id in [ysolde, sol] {
        photos.formUnion(try list("/contacts/\(id)/photos").compactMap { $0["dataUrl"]?.stringValue })
        documents.formUnion(try list("/contacts/\(id)/documents").map(Self.document))
      }
      #expect(photos.count == 2 && documents.count == 2)
    }

    static func document(_ record: JSONValue) -> String {
      "\(record["original_filename"]?.stringValue ?? "") \(record["filesize"]?.intValue ?? 0)"
    }

    /// Writes the dedupe groups of the seeded duplicates to `groups`.
    func dedupe() throws -> [Set<Int>] {
      let run = try sh("monica-fetch contacts --with-fields | monica-dedupe", env: sandbox.signedInEnv)
      #expect(run.status == 0, "\(run)")
      let seeded = Set([ysolde, sol, theodoric, teddy, hugo, ines] + philippas)
      var found: [Set<Int>] = []
      var kept = ""
      // Only the groups of the seeded duplicates are merged: the generated contacts are not ours.
      for line in run.stdout.split(separator: "\n") {
        let value = try JSONValue(parsing: String(line))
        let ids = Set([value["keep"]?.intValue ?? 0] + (value["merge"]?.arrayValue ?? []).compactMap(\.intValue))
        found.append(ids)
        if !ids.isDisjoint(with: seeded) { kept += line + "\n" }
      }
      try kept.write(toFile: groups, atomically: true, encoding: .utf8)
      return found
    }

    func merge(_ arguments: String, env extra: [String: String] = [:]) throws -> ShellRun {
      try sh(
        "monica-merge \(arguments) < \(groups)", env: sandbox.signedInEnv.merging(extra) { $1 })
    }

    /// `METHOD path` of every request that was not a GET, from `index` on.
    func writes(from index: Int = 0) -> [String] {
      sandbox.requests().dropFirst(index).compactMap { request in
        guard let method = request["method"]?.stringValue, method != "GET" else { return nil }
        return "\(method) \(request["path"]?.stringValue ?? "")"
      }
    }

    func list(_ path: String) throws -> [JSONValue] {
      let run = try sh(
        #"curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API"#
          + path + #"?limit=100" | jq -c '.data[]'"#, env: sandbox.env)
      return try records(run.stdout)
    }

    /// The Ysolde pair merged: one contact holding both contacts' records of every kind, once.
    func expectMerged() throws {
      let gone = try sh(
        #"curl -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' "#
          + #"-H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/contacts/\#(sol)""#, env: sandbox.env)
      #expect(gone.stdout == "404", "the merged contact is deleted")
      let path = "/contacts/\(ysolde)"
      let expected: [(String, String, [String])] = [
        (
          "notes", "body",
          ["Ysolde: met at the conference", "Ysolde: likes jazz", "Ysolde: plays chess", "Sol: met at the conference"]
        ),
        ("tasks", "title", ["Ysolde: send the photos", "Sol: send the photos"]),
        ("gifts", "name", ["Ysolde: a book", "Sol: a book"]),
        ("calls", "content", ["Ysolde", "Sol"]),
        ("reminders", "title", ["Ysolde: call back", "Sol: call back"]),
        ("debts", "reason", ["Ysolde", "Sol"]),
        ("pets", "name", ["Ysolde dog", "Sol dog"]),
        ("addresses", "street", ["1 rue Neuve", "9 quai Sud"]),
        ("activities", "summary", ["Ysolde: lunch", "Sol: lunch", "Lunch with both"]),
        ("contactfields", "content", ["ysolde.marchetti@example.org", "+33 6 12 34 56 78", "+44 20 7946 0958"]),
      ]
      for (kind, key, values) in expected {
        var found = try list("\(path)/\(kind)").compactMap { $0[key]?.stringValue }
        if kind == "notes" { found.removeAll { $0.hasPrefix("Merged from") } }
        #expect(found.sorted() == values.sorted(), "\(kind) of the keeper")
      }
      let notes = try list("\(path)/notes").compactMap { $0["body"]?.stringValue }.filter {
        $0.hasPrefix("Merged from")
      }
      #expect(notes == ["Merged from Ysolde Marchetti (#\(sol))"], "one merge note")
      for activity in try list("\(path)/activities") {
        let attendees = (activity["attendees"]?["contacts"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
        #expect(attendees == [ysolde], "\(activity["summary"]?.stringValue ?? ""): the keeper attends once")
      }
      let contact = try sh(
        #"curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/contacts/\#(ysolde)" | jq -c .data"#,
        env: sandbox.env)
      let keeper = try #require(try records(contact.stdout).first)
      #expect(keeper["nickname"]?.stringValue == "Sol")
      #expect(keeper["information"]?["dates"]?["birthdate"]?["date"]?.stringValue?.hasPrefix("1985-03-04") == true)
      #expect(Set((keeper["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }) == ["family", "work"])
      #expect(keeper["information"]?["career"]?["job"]?.stringValue == "Pilot", "filled by PUT /work")
      #expect(keeper["information"]?["food_preferences"]?.stringValue == "No nuts", "filled by PUT /food")
      #expect(
        keeper["information"]?["how_you_met"]?["general_information"]?.stringValue == "At the conference",
        "filled by PUT /introduction")
      let events = try list("/lifeevents").filter { $0["contact"]?["id"]?.intValue == ysolde }
      #expect(events.compactMap { $0["name"]?.stringValue }.sorted() == ["Sol: new job", "Ysolde: new job"])
      let talks = try list("\(path)/conversations").map { talk in
        (talk["messages"]?.arrayValue ?? []).compactMap { $0["content"]?.stringValue }
      }
      #expect(talks.sorted { $0.description < $1.description } == [["Sol: hello"], ["Ysolde: hello"]])
      let relationships = try list("\(path)/relationships").map { row in
        "\(row["relationship_type"]?["name"]?.stringValue ?? "") \(row["of_contact"]?["id"]?.intValue ?? 0)"
      }
      #expect(
        relationships.sorted() == ["colleague \(ines)", "friend \(hugo)"],
        "re-pointed, the keeper's own not doubled, the pair's own dropped")
      let back = try list("/contacts/\(ines)/relationships").compactMap { $0["of_contact"]?["id"]?.intValue }
      #expect(back == [ysolde], "Monica made the reverse row; the original's went with it")
      #expect(
        Set(try list("\(path)/photos").compactMap { $0["dataUrl"]?.stringValue }) == photos,
        "both photos, bytes included (the merged contact's avatar among them)")
      #expect(Set(try list("\(path)/documents").map(Self.document)) == documents, "both documents, bytes included")
      let keptPhotos = Set(try list("\(path)/photos").compactMap { $0["id"]?.intValue })
      for gift in try list("\(path)/gifts") {
        let photos = (gift["photos"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
        #expect(
          photos.contains { keptPhotos.contains($0) }, "\(gift["name"]?.stringValue ?? ""): its photo, the keeper's")
      }
      for kind in ["photos", "documents", "conversations"] {
        #expect(try list("/\(kind)").filter { $0["contact"] == .null }.isEmpty, "no \(kind) left on the merged contact")
      }
    }
  }

  @Test("dedupe finds the real pairs and not two people of one name")
  func dedupeFindsPairs() throws {
    let account = try Account()
    defer { account.sandbox.stop() }
    let groups = try account.dedupe()
    #expect(groups.contains([account.ysolde, account.sol]))
    #expect(groups.contains([account.theodoric, account.teddy]))
    #expect(!groups.contains { !$0.isDisjoint(with: account.philippas) }, "\(groups)")
  }

  @Test("a merge leaves one contact holding both contacts' records, each once; a re-run writes nothing")
  func mergesAndReruns() throws {
    let account = try Account()
    defer { account.sandbox.stop() }
    _ = try account.dedupe()
    let run = try account.merge("--yes --journal \(account.journal)")
    #expect(run.status == 0, "\(run)")
    let lines = try records(run.stdout)
    #expect(lines.contains { $0["keep"]?.intValue == account.ysolde && $0["merged"] == .array([.int(account.sol)]) })
    try account.expectMerged()
    // The result lines carry an object and an id: monica-format shows them.
    let table = try sh(
      "monica-format table --fields id,object,moved,copied", env: account.sandbox.env, stdin: run.stdout)
    #expect(table.status == 0 && table.stdout.contains("merge"), "\(table)")
    #expect(
      table.stdout.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("\(account.ysolde)  merge") },
      "\(table)")
    let before = account.sandbox.requests().count
    let again = try account.merge("--yes --journal \(account.journal)")
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    #expect(account.sandbox.requests().count == before, "the journal says it is done: not even a read")
    let noJournal = try account.merge("--yes")
    #expect(noJournal.status == 0, "\(noJournal)")
    #expect(account.writes(from: before) == [], "without the journal: reads only")
  }

  @Test("the dry run prints the plan and writes nothing; without a terminal nothing is sent at all")
  func dryRunAndRefusal() throws {
    let account = try Account()
    defer { account.sandbox.stop() }
    _ = try account.dedupe()
    let before = account.sandbox.requests().count
    let dry = try account.merge("--dry-run")
    #expect(dry.status == 0, "\(dry)")
    #expect(dry.stdout.contains("move note #"), "\(dry.stdout)")
    #expect(dry.stdout.contains("copy task #"), "\(dry.stdout)")
    #expect(dry.stdout.contains("fill #\(account.ysolde): nickname 'Sol'"), "\(dry.stdout)")
    #expect(dry.stdout.contains("delete #\(account.sol)"), "\(dry.stdout)")
    #expect(account.writes(from: before) == [])
    let reads = account.sandbox.requests().count
    let refused = try account.merge("--journal \(account.journal)")
    #expect(refused.status == 64, "\(refused)")
    #expect(refused.stderr.contains("monica-merge: error: "), "\(refused)")
    #expect(account.sandbox.requests().count == reads, "no request at all")
  }

  @Test("a merge stopped by a 500 on a create resumes from the journal with nothing twice")
  func resumesAfterServerError() throws {
    let faults = ["/api/tasks", "/api/photos", "/api/conversations", "/api/relationships"]
    let account = try Account(faults.flatMap { ["--fault", "500@1:POST:\($0)"] })
    defer { account.sandbox.stop() }
    _ = try account.dedupe()
    for path in faults {
      let stopped = try account.merge("--yes --journal \(account.journal)")
      #expect(stopped.status != 0 && stopped.stderr.contains("500"), "stopped at \(path): \(stopped)")
      #expect(
        stopped.stderr.contains("monica-merge: the server failed: stopped at ")
          && stopped.stderr.contains("run the same command again to finish"),
        "a stop says how to finish: \(stopped)")
    }
    let resumed = try account.merge("--yes --journal \(account.journal)")
    #expect(resumed.status == 0, "\(resumed)")
    try account.expectMerged()
  }

  @Test(
    "a merge killed after a create was carried out, before its answer, resumes with nothing twice",
    arguments: ["/api/tasks", "/api/photos", "/api/relationships", "/api/lifeevents", "/api/notes"])
  func resumesAfterKill(path: String) throws {
    let account = try Account(["--fault", "late=4000@1:POST:\(path)"])
    defer { account.sandbox.stop() }
    let groups = try account.dedupe()
    // Each group makes one note on its keeper (the first group's is the create in doubt).
    let creates = path == "/api/notes" ? groups.count : 1
    let killed = try sh(
      """
      monica-merge --yes --journal \(account.journal) < \(account.groups) > /dev/null 2>&1 &
      pid=$!
      for _ in $(seq 3000); do grep -q '"POST".*"\(path)"' \(account.sandbox.logPath) 2>/dev/null && break; sleep 0.01; done
      kill -KILL $pid; wait $pid; echo "status $?"
      """, env: account.sandbox.signedInEnv)
    #expect(killed.stdout.contains("status 137"), "\(killed)")
    let resumed = try account.merge("--yes --journal \(account.journal)")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(
      account.writes().filter { $0 == "POST \(path)" }.count == creates,
      "the record in doubt was found, not made again")
    try account.expectMerged()
  }
}

extension MergeTests {
  @Test("on a terminal each group is asked, with both names and what each holds: yes merges, no skips")
  func asksPerGroup() throws {
    let account = try Account()
    defer { account.sandbox.stop() }
    let groups = [(account.ysolde, account.sol), (account.theodoric, account.teddy)].map { keep, merge in
      #"{"object":"duplicate","keep":\#(keep),"merge":[\#(merge)],"score":0.98,"reasons":["same e-mail"]}"#
    }
    try (groups.joined(separator: "\n") + "\n").write(toFile: account.groups, atomically: true, encoding: .utf8)
    let log = account.sandbox.temporary.root + "/tty"
    let typed = typing([("into #\(account.ysolde) ", "y"), ("into #\(account.theodoric) ", "n")], log: log)
    let run = try sh(
      "\(typed) | script -qfec 'monica-merge --journal \(account.journal) \(account.groups)' \(log)",
      env: account.sandbox.signedInEnv)
    #expect(run.status == 0, "\(run)")
    let screen = try String(contentsOfFile: log, encoding: .utf8)
    #expect(
      screen.contains(
        #"merge #\#(account.sol) "Ysolde Marchetti" (3 contact fields, 1 note, 1 gift, 1 debt, 1 pet, 2 activities, "#
          + #"1 task, 1 reminder, 1 call, 1 address, 1 life event, 1 conversation, 3 relationships, 1 photo, "#
          + #"1 document, 1 tag) into #\#(account.ysolde) "Ysolde Marchetti" (2 contact fields, 3 notes, 1 gift, "#
          + #"1 debt, 1 pet, 2 activities, 1 task, 1 reminder, 1 call, 1 address, 1 life event, 1 conversation, "#
          + #"2 relationships, 1 photo, 1 document, 1 tag)?"#),
      "the keeper's holdings of every kind that moves: \(screen)")
    #expect(
      screen.contains(#"into #\#(account.theodoric) "Theodoric Vasquez-Lund" (1 contact field, 2 notes)?"#), "\(screen)"
    )
    #expect(screen.contains("For (score 0.98): same e-mail. Against: nothing."), "the score and the reasons: \(screen)")
    #expect(screen.contains(#"Teddy Vasquez-Lund" (1 contact field, 1 note)"#), "\(screen)")
    #expect(screen.contains(#""object":"merge","id":\#(account.ysolde),"#), "yes merges: \(screen)")
    #expect(!screen.contains(#""keep":\#(account.theodoric)"#), "no skips: \(screen)")
    #expect(screen.contains("not merged; nothing was sent"), "\(screen)")
    try account.expectMerged()
    #expect(try account.list("/contacts/\(account.teddy)/notes").count == 1, "the one answered no keeps its note")
  }
}

extension MergeTests {
  @Test("a document behind a private link cannot be carried: its contact is left beside the keeper, with a note")
  func privateDocument() throws {
    let account = try Account(publicStorage: false)
    defer { account.sandbox.stop() }
    _ = try account.dedupe()
    let before = account.sandbox.requests().count
    let dry = try account.merge("--dry-run")
    #expect(dry.status == 0 && account.writes(from: before) == [], "\(dry)")
    #expect(
      dry.stdout.contains(
        "it cannot be made again on #\(account.ysolde): its link answers a redirect (to the login page)"),
      "the dry run says what the real run will do: \(dry.stdout)")
    #expect(
      dry.stdout.contains(
        "leave #\(account.sol): its document #"), "\(dry.stdout)")
    #expect(!dry.stdout.contains("delete #\(account.sol)"), "\(dry.stdout)")
    let run = try account.merge("--yes --journal \(account.journal)")
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("not carried: its link answers a redirect (to the login page)"), "\(run)")
    let lines = try records(run.stdout)
    #expect(
      lines.contains { $0["keep"]?.intValue == account.ysolde && $0["left"] == .array([.int(account.sol)]) },
      "\(run.stdout)")
    let documents = try account.list("/contacts/\(account.sol)/documents")
    #expect(documents.count == 1, "the document stays where it was")
    let notes = try account.list("/contacts/\(account.sol)/notes").compactMap { $0["body"]?.stringValue }
    #expect(
      notes.contains { $0.hasPrefix("Merged into Ysolde Marchetti (#\(account.ysolde))") && $0.contains("document #") },
      "\(notes)")
    let photos = try account.list("/contacts/\(account.ysolde)/photos").compactMap { $0["dataUrl"]?.stringValue }
    #expect(Set(photos) == account.photos, "the rest moved all the same")
    let again = try account.merge("--yes --journal \(account.journal)")
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
  }
}

extension MergeTests {
  @Test("a relationship another contact holds to the merged one, with no reverse row, is re-pointed to the keeper")
  func oneWayRelationship() throws {
    let account = try Account()
    defer { account.sandbox.stop() }
    let env = account.sandbox.env
    func post(_ path: String, _ body: String) throws -> Int {
      let run = try sh(
        #"curl -sf -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' "#
          + #"-H "Authorization: Bearer $SANDBOX_TOKEN" --data-binary '\#(body)' "$SANDBOX_API/\#(path)" | jq .data.id"#,
        env: env)
      return try #require(Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(run)")
    }
    let boss = try #require(
      try account.list("/relationshiptypes").first { $0["name"]?.stringValue == "boss" }?["id"]?.intValue)
    let cid = try post(
      "contacts",
      #"{"first_name":"Cid","last_name":"Okafor","is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false}"#
    )
    // The account has no type "subordinate", the reverse of "boss": Monica makes no reverse row
    // (CreateRelationship.php:51-55), and no list of Sol's shows the row.
    let row = try post(
      "relationships", #"{"contact_is":\#(cid),"of_contact":\#(account.sol),"relationship_type_id":\#(boss)}"#)
    #expect(try account.list("/contacts/\(account.sol)/relationships").allSatisfy { $0["id"]?.intValue != row })
    _ = try account.dedupe()
    let lines = try String(contentsOfFile: account.groups, encoding: .utf8)
    #expect(lines.contains(#""related_from":[\#(cid)"#) || lines.contains(#",\#(cid)]"#), "\(lines)")
    let dry = try account.merge("--dry-run")
    #expect(
      dry.stdout.contains("copy relationship #\(row) of #\(cid) to #\(account.sol) as one to #\(account.ysolde)"),
      "\(dry.stdout)")
    let run = try account.merge("--yes --journal \(account.journal)")
    #expect(run.status == 0, "\(run)")
    let rows = try account.list("/contacts/\(cid)/relationships").map { row in
      "\(row["relationship_type"]?["name"]?.stringValue ?? "") \(row["of_contact"]?["id"]?.intValue ?? 0)"
    }
    #expect(rows == ["boss \(account.ysolde)"], "made again from Cid to the keeper, the original gone")
    try account.expectMerged()
    let before = account.sandbox.requests().count
    let again = try account.merge("--yes --journal \(account.journal)")
    #expect(again.status == 0 && again.stdout.isEmpty && account.sandbox.requests().count == before, "\(again)")
  }
}

extension MergeTests {
  @Test(
    "two merges of the same groups at once, with two journals or one without: every record once, one run waiting",
    arguments: ["--journal second.journal", ""])
  func concurrentMerges(second: String) throws {
    let account = try Account(["--latency", "20"])
    defer { account.sandbox.stop() }
    _ = try account.dedupe()
    let root = account.sandbox.temporary.root
    let run = try sh(
      """
      cd \(root)
      monica-merge --yes --journal first.journal < groups.ndjson > one.out 2> one.err & one=$!
      monica-merge --yes \(second) < groups.ndjson > two.out 2> two.err & two=$!
      wait $one; echo "one $?"; wait $two; echo "two $?"
      """, env: account.sandbox.signedInEnv)
    #expect(run.stdout == "one 0\ntwo 0\n", "\(run)")
    let errors = try ["one.err", "two.err"].map { try String(contentsOfFile: root + "/" + $0, encoding: .utf8) }
    #expect(
      errors.contains { $0.contains("another run is writing to \(account.sandbox.url) (account ") },
      "one run waited for the other: \(errors)")
    let outputs = try ["one.out", "two.out"].map {
      try records(String(contentsOfFile: root + "/" + $0, encoding: .utf8))
    }
    #expect(
      outputs.joined().filter { $0["keep"]?.intValue == account.ysolde }.count == 1,
      "the group is merged once: \(outputs)")
    try account.expectMerged()
  }

  @Test("a dry run never writes a name's terminal controls raw, read through cat -v")
  func hostileNames() throws {
    let account = try Account()
    defer { account.sandbox.stop() }
    let body =
      #"{"first_name":"Eve\u001b[8m\u0007","last_name":"Mal\u009b2J\u202egnp.exe","nickname":"\u001b]0;owned\u0007","#
      + #""is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false}"#
    try body.write(toFile: account.sandbox.temporary.root + "/eve.json", atomically: true, encoding: .utf8)
    let made = try sh(
      #"curl -sf -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' "#
        + #"-H "Authorization: Bearer $SANDBOX_TOKEN" --data-binary @\#(account.sandbox.temporary.root)/eve.json "#
        + #""$SANDBOX_API/contacts" | jq .data.id"#, env: account.sandbox.env)
    let eve = try #require(Int(made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(made)")
    let dry = try sh(
      "monica-merge --dry-run --keep \(account.ysolde) --merge \(eve) --force \(eve) | cat -v",
      env: account.sandbox.signedInEnv)
    #expect(dry.status == 0, "\(dry)")
    #expect(dry.stdout.contains("delete #\(eve) once"), "the plan is all there: \(dry.stdout)")
    #expect(!dry.stdout.contains("^["), "no ESC: \(dry.stdout)")
    #expect(!dry.stdout.contains("^G"), "no BEL: \(dry.stdout)")
    #expect(!dry.stdout.contains("M-BM-^["), "no U+009B: \(dry.stdout)")
    #expect(!dry.stdout.contains("M-bM-^@M-."), "no U+202E: \(dry.stdout)")
    #expect(
      dry.stdout.contains("Eve M-oM-?M-=[8mM-oM-?M-=") || dry.stdout.contains("EveM-oM-?M-=[8mM-oM-?M-="),
      "\(dry.stdout)")
  }

  @Test("a 5,000-id group, a repeated key, the account's own contact: refused with 65, not a request sent")
  func refusedLines() throws {
    let account = try Account()
    defer { account.sandbox.stop() }
    let root = account.sandbox.temporary.root
    let ids = (2...5_000).map(String.init).joined(separator: ",")
    try #"{"object":"duplicate","keep":1,"merge":[\#(ids)]}"#.write(
      toFile: root + "/huge.ndjson", atomically: true, encoding: .utf8)
    try #"{"object":"duplicate","keep":\#(account.ysolde),"merge":[2],"merge":[\#(account.sol)]}"#.write(
      toFile: root + "/twice.ndjson", atomically: true, encoding: .utf8)
    let before = account.sandbox.requests().count
    let huge = try sh("monica-merge --yes \(root)/huge.ndjson", env: account.sandbox.signedInEnv)
    #expect(huge.status == 65 && huge.stderr.contains("joins 5000 contacts, more than 20"), "\(huge)")
    let twice = try sh("monica-merge --dry-run \(root)/twice.ndjson", env: account.sandbox.signedInEnv)
    #expect(twice.status == 65 && twice.stderr.contains(#""merge" appears twice"#), "\(twice)")
    #expect(account.sandbox.requests().count == before, "refused before the first request")
    // The sandbox's account has contact 1 as its own (GET /api/me's me_contact).
    let me = try sh(
      #"curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/me" | jq .data.me_contact.id"#,
      env: account.sandbox.env)
    let own = try #require(Int(me.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    let writes = account.writes().count
    let refused = try sh(
      "monica-merge --yes --keep \(account.ysolde) --merge \(own) --force \(own)", env: account.sandbox.signedInEnv)
    #expect(refused.status == 65 && refused.stderr.contains("is your own contact"), "\(refused)")
    #expect(account.writes().count == writes, "nothing written")
  }

  @Test("Ctrl-C says how far the merge got and how to finish it; the same command then finishes it, the report whole")
  func interrupted() throws {
    let account = try Account(["--fault", "late=5000@1:POST:/api/tasks"])
    defer { account.sandbox.stop() }
    _ = try account.dedupe()
    let baseline = 9
    let run = try sh(
      """
      set -m
      monica-merge --yes --journal \(account.journal) < \(account.groups) > /dev/null 2> \(account.sandbox.temporary.root)/err &
      pid=$!
      for _ in $(seq 3000); do grep -q '"POST".*"/api/tasks"' \(account.sandbox.logPath) 2>/dev/null && break; sleep 0.01; done
      kill -INT $pid; wait $pid; echo "status $?"; cat \(account.sandbox.temporary.root)/err
      """, env: account.sandbox.signedInEnv)
    #expect(run.stdout.hasPrefix("status 130\n"), "\(run)")
    #expect(
      run.stdout.contains("monica-merge: interrupted: stopped at ")
        && run.stdout.contains(", merging into #\(account.ysolde) (")
        && run.stdout.contains("run the same command again to finish (the journal \(account.journal) makes that safe)"),
      "\(run)")
    let resumed = try account.merge("--yes --journal \(account.journal)")
    #expect(resumed.status == 0, "\(resumed)")
    let line = try #require(try records(resumed.stdout).first { $0["keep"]?.intValue == account.ysolde })
    #expect(line["copied"]?.intValue == baseline && line["moved"]?.intValue == 7, "the whole group's report: \(line)")
    try account.expectMerged()
  }
}
