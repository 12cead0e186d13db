import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-push --create --map`: a whole account from one sandbox into another, compared by
/// content; re-runs and interrupted runs; what is refused before any request.
@Suite struct MigrateTests {
  /// The kinds of the account stream, in the order `--all` gives them.
  static let kinds =
    [
      "tags", "contacts", "activities", "notes", "tasks", "photos", "gifts", "calls", "reminders", "debts", "pets",
      "addresses", "contactfields", "relationships", "lifeevents", "conversations",
    ] + restKinds
  /// The kinds read from `monica-fetch --all`, by their `object`.
  static let walked = ["contactfields": "contactfield", "relationships": "relationship"]

  /// Two sandboxes: `source` seeded, `target` empty of contacts and what hangs off them.
  struct Pair {
    let source: Sandbox
    let target: Sandbox
    /// The journal entries the target had before (a seeded account has some).
    let targetEntries: Int
    /// Where the map, the stream and the outputs go.
    var work: String { target.temporary.root }
    var map: String { work + "/old-to-new.tsv" }

    init(contacts: Int = 20, source options: [String] = [], target arguments: [String] = []) throws {
      source = try Sandbox.start(["--contacts", String(contacts), "--rate-limit", "0"] + options)
      // Pets are rare in a small seeded account: one makes sure the kind is compared.
      let pet = try sh(
        #"echo '{"object":"pet","name":"Rex","pet_category":{"id":1},"contact":{"id":2}}' | monica-push"#,
        env: source.signedInEnv)
      #expect(pet.status == 0, "\(pet)")
      try MigrateTests.seedRest(source)
      // So are life events: one of a type (marriage) that no seeded event has.
      let event = try sh(
        #"echo '{"object":"lifeevent","name":"Wedding","note":null,"happened_at":"2019-06-01","life_event_type":{"id":10},"contact":{"id":2}}' | monica-push"#,
        env: source.signedInEnv)
      #expect(event.status == 0, "\(event)")
      target = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"] + arguments)
      targetEntries = try records(sh("monica-fetch journal", env: target.signedInEnv).stdout).count
    }

    /// The environment: the target signed in, the source's URL and token in OLD_URL, OLD_TOKEN.
    var env: [String: String] {
      target.signedInEnv.merging([
        "OLD_URL": source.url, "OLD_TOKEN": source.token, "MAP": map, "MONICA_BACKOFF_MS": "10",
        "MONICA_TIMEOUT_MS": "5000",
      ]) { $1 }
    }

    /// A shell command that prints the source's whole account.
    var fetchAll: String { #"MONICA_URL="$OLD_URL" MONICA_TOKEN="$OLD_TOKEN" monica-fetch --all 2>/dev/null"# }

    /// Runs the migration pipeline with `flags` after `--create --map "$MAP"`.
    func migrate(_ flags: String = "") throws -> ShellRun {
      try sh("\(fetchAll) | monica-push --create --map \"$MAP\" \(flags)", env: env)
    }

    /// Every record of `sandbox`'s account, by kind; the kinds without a list of their own
    /// (contact fields) from `monica-fetch --all`.
    func account(_ sandbox: Sandbox) throws -> [String: [JSONValue]] {
      var all: [String: [JSONValue]] = [:]
      for kind in MigrateTests.kinds where !MigrateTests.walked.keys.contains(kind) {
        let run = try sh("monica-fetch \(kind)", env: sandbox.signedInEnv)
        #expect(run.status == 0, "\(run)")
        all[kind] = try records(run.stdout)
      }
      let walk = try sh("monica-fetch --all 2>/dev/null", env: sandbox.signedInEnv)
      #expect(walk.status == 0, "\(walk)")
      let stream = try records(walk.stdout)
      for (kind, object) in MigrateTests.walked {
        all[kind] = stream.filter { $0["object"]?.stringValue == object }
      }
      return all
    }

    /// Streams the source's account into `$MAP.stream`, migrates it in the background and kills
    /// the run (SIGKILL) once `count`, a filter reading the map, prints `reaches` or more.
    func killedRun(when count: String, reaches: Int) throws -> ShellRun {
      try sh(
        """
        \(fetchAll) > "$MAP.stream"
        monica-push --create --map "$MAP" < "$MAP.stream" > /dev/null 2>&1 &
        pid=$!
        while [ "$(cat "$MAP" 2>/dev/null | \(count))" -lt \(reaches) ]; do sleep 0.01; done
        kill -KILL $pid; wait $pid; echo "status $?"
        """, env: env)
    }

    /// The map file: (object, source id) to target id.
    func mapLines() throws -> [String: Int] {
      let text = (try? String(contentsOfFile: map, encoding: .utf8)) ?? ""
      var lines: [String: Int] = [:]
      for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let fields = line.split(separator: "\t")
        lines["\(fields[0])\t\(fields[1])"] = Int(fields[2])
      }
      return lines
    }

    /// `METHOD path` of every request the target received that was not a GET.
    func targetWrites() -> [String] {
      target.requests().compactMap { request in
        guard let method = request["method"]?.stringValue, method != "GET" else { return nil }
        return "\(method) \(request["path"]?.stringValue ?? "")"
      }
    }

    /// Checks that every source record has its copy on the target, with the same content and
    /// references that point at the copies of what the source's pointed at; nothing twice.
    func expectSameAccount(_ sourceBefore: [String: [JSONValue]]? = nil) throws {
      let old = try sourceBefore ?? account(source)
      let new = try account(self.target)
      let map = try mapLines()
      func copyOf(_ object: String, _ id: Int?) -> Int? { id.flatMap { map["\(object)\t\($0)"] } }
      for kind in MigrateTests.kinds {
        #expect(!(old[kind] ?? []).isEmpty, "\(kind): the source has none, so nothing is compared")
        if kind == "places" {
          try MigrateTests.expectSamePlaces(old[kind] ?? [], new[kind] ?? [])
          continue
        }
        let carried = MigrateTests.carried(kind, old[kind] ?? [])
        var copies: [Int: JSONValue] = [:]
        for record in new[kind] ?? [] { if let id = record["id"]?.intValue { copies[id] = record } }
        var seen = Set<Int>()
        for record in carried {
          let object = record["object"]?.stringValue ?? ""
          let id = record["id"]?.intValue
          guard let copyID = copyOf(object, id), let copy = copies[copyID] else {
            Issue.record("\(object) #\(id ?? 0) has no copy on the target")
            continue
          }
          #expect(seen.insert(copyID).inserted || MigrateTests.named.contains(kind), "two \(object)s map to #\(copyID)")
          let expected = Self.content(record) { copyOf($0, $1) }
          let found = Self.content(copy) { _, id in id }
          #expect(expected == found, "\(object) #\(id ?? 0) -> #\(copyID)")
        }
        if !MigrateTests.named.contains(kind) {
          let own = kind == "journal" ? targetEntries : 0
          #expect((new[kind] ?? []).count == carried.count + own, "\(kind): a record too many or missing")
        }
      }
    }

    /// What must survive of a record, references through `translate` (object, id) -> id.
    static func content(_ record: JSONValue, translate: (String, Int?) -> Int?) -> [String] {
      func text(_ path: String) -> String {
        let value = FieldPath(path).flatMap { record.value(at: $0) }
        return "\(path)=" + (value.map { JSONWriter.plain.string($0) } ?? "absent")
      }
      func ref(_ object: String, _ path: String) -> String {
        let id = FieldPath(path).flatMap { record.value(at: $0) }?.intValue
        return "\(path)->\(id.flatMap { translate(object, $0) }.map(String.init) ?? "none")"
      }
      switch record["object"]?.stringValue {
      case "tag":
        return [text("name")]
      case "contact":
        let tags = (record["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }.sorted()
        var dates: [String] = []
        for which in ["birthdate", "deceased_date"] {
          let date = record["information"]?["dates"]?[which]
          let ageBased = date?["is_age_based"]?.boolValue == true
          let yearless = date?["is_year_unknown"]?.boolValue == true
          let day = date?["date"]?.stringValue.map { String($0.prefix(10)) }
          // An age keeps the year only, a date without its year the day and month only.
          let kept = day.map { ageBased ? String($0.prefix(4)) : yearless ? String($0.dropFirst(5)) : $0 }
          dates.append("\(which)=\(ageBased),\(yearless),\(kept ?? "none")")
        }
        return ["first_name", "last_name", "nickname", "description", "is_partial", "is_dead", "gender"].map(text)
          + dates
          + ["tags=\(tags)", text("information.avatar.source")]
          + MigrateExtrasTests.extrasContent(record, text: text, ref: ref)
      case "note":
        return [text("body"), text("is_favorited"), ref("contact", "contact.id")]
      case "task":
        return [text("title"), text("description"), text("completed"), ref("contact", "contact.id")]
      case "gift":
        return ["name", "comment", "url", "amount", "status", "date"].map(text)
          + [ref("contact", "contact.id"), ref("contact", "recipient.id")]
          + MigrateExtrasTests.giftPhotos(record, translate: translate)
      case "activity":
        let attendees = (record["attendees"]?["contacts"]?.arrayValue ?? []).map {
          translate("contact", $0["id"]?.intValue) ?? -1
        }
        let emotions = (record["emotions"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
        return ["summary", "description", "happened_at", "activity_type.name"].map(text)
          + ["attendees=\(attendees.sorted())"] + [ref("activityType", "activity_type.id")]
          + ["emotions=\(emotions.sorted())"]
      case "photo":
        return ["original_filename", "mime_type", "filesize", "dataUrl"].map(text) + [ref("contact", "contact.id")]
      case "call":
        let emotions = (record["emotions"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
        return ["called_at", "content", "contact_called"].map(text) + ["emotions=\(emotions.sorted())"]
          + [ref("contact", "contact.id")]
      case "reminder":
        return ["title", "description", "frequency_type", "frequency_number", "initial_date", "delible"].map(text)
          + [ref("contact", "contact.id")]
      case "debt":
        return ["in_debt", "status", "amount", "value", "amount_with_currency", "reason"].map(text)
          + [ref("contact", "contact.id")]
      case "address":
        return ["name", "street", "city", "province", "postal_code", "latitude", "longitude", "country"].map(text)
          + [ref("contact", "contact.id")]
      case "contactfield":
        let labels = (record["labels"]?.arrayValue ?? []).compactMap { $0["type"]?.stringValue }.sorted()
        return [text("content"), text("contact_field_type.name"), ref("contact", "contact.id"), "labels=\(labels)"]
      case "pet":
        return ["name", "pet_category"].map(text) + [ref("contact", "contact.id")]
      case "relationship":
        return [ref("contact", "contact_is.id"), text("relationship_type.name"), ref("contact", "of_contact.id")]
      case "lifeevent":
        return ["name", "note", "happened_at", "life_event_type.default_life_event_type_key", "life_event_type.name"]
          .map(text) + [ref("contact", "contact.id")]
      case "conversation":
        // Messages in order, each mapped to its copy.
        let messages = (record["messages"]?.arrayValue ?? []).map { message in
          let fields = ["content", "written_at", "written_by_me"].map { message[$0].map(JSONWriter.plain.string) ?? "" }
          return "\(translate("message", message["id"]?.intValue) ?? -1):" + fields.joined(separator: ",")
        }
        return ["happened_at", "contact_field_type.name"].map(text) + [ref("contact", "contact.id")]
          + ["messages=\(messages)"]
      default:
        return restContent(record, text: text, ref: ref)
      }
    }
  }

  @Test("a whole account into an empty instance: every record, reference, tag and photo by content")
  func migratesAccount() throws {
    let pair = try Pair()
    // A tag the target lacks, and one it has under the same name: one is created, one matched
    // (an account starts with no tags: the target is given "tennis" first).
    let seeded = try sh(
      #"echo '{"object":"contact","first_name":"Ada","is_dead":false,"tags":["chess club","tennis"]}' | monica-push"#,
      env: pair.source.signedInEnv)
    #expect(seeded.status == 0, "\(seeded)")
    let tagged = try sh(#"echo '{"object":"tag","name":"tennis"}' | monica-push"#, env: pair.target.signedInEnv)
    #expect(tagged.status == 0, "\(tagged)")
    let targetTags = try records(sh("monica-fetch tags", env: pair.target.signedInEnv).stdout)
    var targetNames: [String: Set<String>] = [:]
    for kind in MigrateTests.named {
      let list = try records(sh("monica-fetch \(kind)", env: pair.target.signedInEnv).stdout)
      targetNames[kind] = Set(list.compactMap { $0["name"]?.stringValue?.lowercased() })
    }
    let run = try pair.migrate()
    #expect(run.status == 0, "\(run)")
    let old = try pair.account(pair.source)
    // Named lists are matched (and made when missing), untitled journal entries cannot be made,
    // and addresses make their places.
    let created =
      old.reduce(0) { sum, kind in
        sum
          + MigrateTests.carried(kind.key, kind.value).filter { record in
            !MigrateTests.named.contains(kind.key)
              || !(targetNames[kind.key] ?? []).contains(record["name"]?.stringValue?.lowercased() ?? "")
          }.count
      } - (old["addresses"]?.count ?? 0)
    #expect(run.lines.count == created, "one line per record created")
    let total = try sh(pair.fetchAll + " | wc -l", env: pair.env).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(run.stderr.contains("monica-push: migration: \(total) records: "), "\(run.stderr)")
    #expect(run.stderr.contains("matched by name (tag "), "\(run.stderr)")
    #expect(run.stderr.contains("not carried: created_at and updated_at"), "\(run.stderr)")
    #expect(!run.stderr.contains(": error: "))
    try pair.expectSameAccount(old)
    // Tags the target had are reused, not duplicated: one tag per name.
    let newTags = try records(sh("monica-fetch tags", env: pair.target.signedInEnv).stdout)
    let names = newTags.compactMap { $0["name"]?.stringValue }
    #expect(Set(names).count == names.count && names.contains("chess club"))
    let sourceTags = try records(sh("monica-fetch tags", env: pair.source.signedInEnv).stdout)
    #expect(Set(names) == Set(sourceTags.compactMap { $0["name"]?.stringValue }))
    let tennis = try #require(newTags.first { $0["name"]?.stringValue == "tennis" }?["id"]?.intValue)
    #expect(targetTags.contains { $0["id"]?.intValue == tennis })
    // Each avatar made of a photo is the copy of that photo.
    let contacts = try records(sh("monica-fetch contacts", env: pair.target.signedInEnv).stdout)
    let photos = try records(sh("monica-fetch photos", env: pair.target.signedInEnv).stdout)
    let avatars = contacts.filter { $0["information"]?["avatar"]?["source"]?.stringValue == "photo" }
    #expect(!avatars.isEmpty)
    for contact in avatars {
      let url = contact["information"]?["avatar"]?["url"]
      #expect(photos.contains { $0["link"] == url && $0["contact"]?["id"] == contact["id"] }, "\(contact)")
    }
  }

  @Test("the README's migration recipe runs as written between two signed-in profiles")
  func readmeRecipe() throws {
    let readme = try String(contentsOfFile: InstallTests.root + "/README.md", encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Moving to another instance").dropFirst().first)
    let recipe = try #require(
      section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n```").first)
    #expect(recipe.hasPrefix("monica-fetch --all --profile old | monica-push --create --map old-to-new.tsv"))
    let pair = try Pair()
    let env = pair.target.env
    for (profile, sandbox) in [("old", pair.source), ("new", pair.target)] {
      let login = try sh(
        "monica-auth login --url \(sandbox.url) --token-stdin --profile \(profile)", env: env, stdin: sandbox.token)
      #expect(login.status == 0, "\(login)")
    }
    let old = try pair.account(pair.source)
    let run = try sh(recipe, env: env, directory: pair.work)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("not carried: created_at and updated_at"))
    try pair.expectSameAccount(old)
  }

  @Test("a second run with the same map sends nothing that writes")
  func rerunCreatesNothing() throws {
    let pair = try Pair()
    let first = try pair.migrate()
    #expect(first.status == 0, "\(first)")
    let writes = pair.targetWrites().count
    let lines = try pair.mapLines()
    #expect(writes > 0)
    let again = try pair.migrate()
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    // The summary, every record already on the target, and what cannot be carried, again.
    let said = again.stderr.split(separator: "\n")
    #expect(
      said.allSatisfy {
        $0.contains(": not carried: ") || $0.contains(" records: 0 created, ") || $0.hasSuffix(" already on the target")
      }, "\(again)")
    #expect(said.contains { $0.contains(" records: 0 created, ") }, "\(again)")
    #expect(pair.targetWrites().count == writes, "\(pair.targetWrites().suffix(3))")
    #expect(try pair.mapLines() == lines)
  }

  @Test("a run killed half way resumes to the same account, nothing created twice")
  func killedRunResumes() throws {
    let pair = try Pair(target: ["--latency", "15"])
    let old = try pair.account(pair.source)
    let killed = try pair.killedRun(when: "grep -vc '^#'", reaches: 75)
    #expect(killed.stdout == "status 137\n", "\(killed)")
    let half = try pair.mapLines().count
    #expect(half >= 75 && half < 110, "killed at \(half) map lines")
    let resumed = try sh(#"monica-push --create --map "$MAP" < "$MAP.stream""#, env: pair.env)
    #expect(resumed.status == 0, "\(resumed)")
    try pair.expectSameAccount(old)
    // Every create the target saw is in the map: none made twice.
    let creates = pair.targetWrites().filter { ["POST /api/contacts", "POST /api/notes"].contains($0) }.count
    let mapped = try pair.mapLines().keys.filter { $0.hasPrefix("contact\t") || $0.hasPrefix("note\t") }.count
    #expect(creates == mapped)
  }

  @Test("a create whose answer was lost is found on the target when resumed, not made twice")
  func lostAnswerAdopted() throws {
    let pair = try Pair()
    let old = try pair.account(pair.source)
    let first = try pair.migrate()
    #expect(first.status == 0, "\(first)")
    // The answer of the last create never arrived: its map line is missing.
    let text = try String(contentsOfFile: pair.map, encoding: .utf8)
    var lines = text.split(separator: "\n")
    let lost = lines.removeLast()
    try (lines.joined(separator: "\n") + "\n").write(toFile: pair.map, atomically: false, encoding: .utf8)
    let writes = pair.targetWrites().count
    let again = try pair.migrate()
    #expect(again.status == 0, "\(again)")
    #expect(pair.targetWrites().count == writes, "\(pair.targetWrites().suffix(2))")
    #expect(try String(contentsOfFile: pair.map, encoding: .utf8) == text, "\(lost) was not taken back")
    try pair.expectSameAccount(old)
  }

  @Test("a run that stopped between a contact's create and its tags sets them when resumed")
  func followUpsResume() throws {
    let pair = try Pair(target: ["--fault", "500@1:POST:/api/contacts/"])
    let old = try pair.account(pair.source)
    let stopped = try pair.migrate("--retries 0")
    #expect(stopped.status == 69, "\(stopped)")
    #expect(stopped.stderr.contains("HTTP 500"), "\(stopped)")
    let lines = try pair.mapLines()
    let tagged = try #require(old["contacts"]?.first { !($0["tags"]?.arrayValue ?? []).isEmpty })
    let id = try #require(tagged["id"]?.intValue)
    #expect(lines["contact\t\(id)"] != nil && lines["contact\t\(id + 1)"] == nil, "\(lines)")
    let resumed = try pair.migrate()
    #expect(resumed.status == 0, "\(resumed)")
    try pair.expectSameAccount(old)
    let posts = pair.targetWrites().filter { $0 == "POST /api/contacts" }.count
    #expect(posts == old["contacts"]?.count)
  }

  @Test(
    "flags that do not go together are refused before any request",
    arguments: [
      ("--create", "--create needs --map FILE"),
      ("--map m.tsv", "--map goes with --create"),
      ("--create --map m.tsv --delete --yes", "--create does not go with --delete"),
      ("--create --map m.tsv --object note", "--create does not go with --object"),
      ("--create --map -", "--map needs a file"),
      ("--quiet", "--quiet goes with --create"),
    ])
  func usage(flags: String, message: String) throws {
    let sandbox = try Sandbox.start(["--contacts", "0"])
    let run = try sh(
      "echo '{\"object\":\"tag\",\"id\":1,\"name\":\"x\"}' | monica-push \(flags)", env: sandbox.signedInEnv,
      directory: sandbox.temporary.root)
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains(message), "\(run)")
    #expect(sandbox.requests().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.temporary.root + "/m.tsv"))
  }

  @Test(
    "a line that cannot be carried stops with its place, and nothing of it is sent",
    arguments: [
      (#"{"object":"note","id":4,"body":"x","contact":{"id":99}}"#, "note #4 refers to contact #99 (contact.id)"),
      (#"{"object":"note","body":"x","contact":{"id":99}}"#, "a note without a positive \"id\""),
      (#"{"id":3,"body":"x"}"#, "no \"object\" member"),
      (#"{"object":"photo","id":2,"contact":{"id":1}}"#, "photo #2 has no dataUrl"),
      ("not json", "stdin:2:"),
    ])
  func refusedLine(line: String, message: String) throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    let map = sandbox.temporary.root + "/map.tsv"
    let input = #"{"object":"contact","id":1,"first_name":"Ann","is_dead":false}"# + "\n" + line + "\n"
    let run = try sh("monica-push --create --map \(map)", env: sandbox.signedInEnv, stdin: input)
    #expect(run.status == 65, "\(run)")
    #expect(run.stderr.contains("monica-push: error: stdin:2: ") && run.stderr.contains(message), "\(run)")
    let posts = sandbox.requests().filter { $0["method"]?.stringValue == "POST" }
    #expect(posts.count == 1 && posts.first?["path"]?.stringValue == "/api/contacts")
    let mapped = try String(contentsOfFile: map, encoding: .utf8).split(separator: "\n")
    #expect(mapped.first { !$0.hasPrefix("#") }?.hasPrefix("contact\t1\t") == true, "\(mapped)")
  }

  @Test("on a terminal, progress redraws one line: records done per kind, the ETA at the instance's limit")
  func progressOnTerminal() throws {
    let pair = try Pair(target: ["--rate-limit", "40/1"])
    let run = try sh(
      """
      \(pair.fetchAll) > "$MAP.stream"
      script -qec 'monica-push --create --map "$MAP" < "$MAP.stream" > /dev/null' /dev/null
      """, env: pair.env)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("\r\u{1B}[Kmonica-push: "), "\(run)")
    #expect(run.stdout.contains(" records (created tag ") && run.stdout.contains(", entry "), "\(run)")
    #expect(run.stdout.contains(", ETA ") && run.stdout.contains(" at 40 requests per 1 s"), "\(run)")
    #expect(try pair.mapLines().count > 100)
  }

  @Test("on a terminal, a rate-limit notice starts a line of its own, never glued onto the progress line")
  func noticeOnItsOwnLine() throws {
    let pair = try Pair(target: ["--rate-limit", "0", "--fault", "429=4@3:POST:/api/notes"])
    let run = try sh(
      """
      \(pair.fetchAll) > "$MAP.stream"
      script -qec 'monica-push --create --map "$MAP" < "$MAP.stream" > /dev/null' /dev/null
      """, env: pair.env)
    #expect(run.status == 0, "\(run)")
    let text = run.stdout
    #expect(text.contains("\r\u{1B}[Kmonica-push: ") && text.contains("rate limit"), "\(run)")
    // Every line of the tool's starts at the beginning of a line: after a redraw's clear or a newline.
    var searched = text.startIndex
    while let found = text.range(of: "monica-push: ", range: searched..<text.endIndex) {
      let before = text[text.startIndex..<found.lowerBound]
      #expect(
        before.isEmpty || before.hasSuffix("\u{1B}[K") || before.utf8.last == UInt8(ascii: "\n"),
        "glued: \(String(before.suffix(60)).debugDescription)")
      searched = found.upperBound
    }
  }

  @Test("--quiet prints nothing but errors; without it, an import's report is named so and loses no date it had not")
  func quiet() throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    let input = #"{"object":"contact","id":5,"first_name":"Ann","is_dead":false,"is_starred":true}"# + "\n"
    let run = try sh(
      "monica-push --create --map map.tsv --quiet", env: sandbox.signedInEnv, stdin: input,
      directory: sandbox.temporary.root)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.lines.count == 1)
    let told = try sh(
      "monica-push --create --map told.tsv", env: sandbox.signedInEnv, stdin: input, directory: sandbox.temporary.root)
    #expect(told.stderr.contains("monica-push: import: 1 records: 1 created"), "\(told)")
    #expect(told.stderr.contains("not carried: is_starred of contacts"), "\(told)")
    #expect(!told.stderr.contains("created_at and updated_at"), "\(told)")
  }

  @Test("Ctrl-C says how far the migration got and how to finish it (130); the same command then finishes it")
  func interrupted() throws {
    let pair = try Pair(target: ["--fault", "late=5000@1:POST:/api/notes"])
    let run = try sh(
      """
      \(pair.fetchAll) > "$MAP.stream"
      set -m
      monica-push --create --map "$MAP" < "$MAP.stream" > "$MAP.out" 2> "$MAP.err" &
      pid=$!
      for _ in $(seq 3000); do grep -q '"POST".*"/api/notes"' \(pair.target.logPath) 2>/dev/null && break; sleep 0.01; done
      kill -INT $pid; wait $pid; echo "status $?"; cat "$MAP.err"
      """, env: pair.env)
    #expect(run.stdout.hasPrefix("status 130\n"), "\(run)")
    #expect(
      run.stdout.contains("monica-push: interrupted: ") && run.stdout.contains(" lines done, stopped at stdin:")
        && run.stdout.contains(": run the same command again to finish (\(pair.map) holds every record created"),
      "\(run)")
    // Whole lines on stdout, each a record the map holds.
    let out = try String(contentsOfFile: pair.map + ".out", encoding: .utf8)
    #expect(out.isEmpty || out.hasSuffix("\n"))
    let resumed = try sh(#"monica-push --create --map "$MAP" < "$MAP.stream" > /dev/null"#, env: pair.env)
    #expect(resumed.status == 0, "\(resumed)")
    let notes = try records(sh("monica-fetch notes", env: pair.target.signedInEnv).stdout)
    let sourceNotes = try records(sh("monica-fetch notes", env: pair.source.signedInEnv).stdout)
    #expect(notes.count == sourceNotes.count, "every note once: \(notes.count) of \(sourceNotes.count)")
  }

  @Test("Ctrl-C during a plain push names the lines written and where to go on from")
  func interruptedPush() throws {
    let sandbox = try Sandbox.start(["--contacts", "2", "--rate-limit", "0", "--fault", "late=5000@2:POST:/api/notes"])
    let lines = (1...3).map { #"{"object":"note","contact_id":1,"body":"note \#($0)"}"# }.joined(separator: "\n")
    try (lines + "\n").write(toFile: sandbox.temporary.root + "/notes.ndjson", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      set -m
      monica-push < notes.ndjson > out 2> err &
      pid=$!
      for _ in $(seq 3000); do [ "$(grep -c '"POST".*"/api/notes"' \(sandbox.logPath) 2>/dev/null)" -ge 2 ] && break; sleep 0.01; done
      kill -INT $pid; wait $pid; echo "status $?"; cat err; wc -l < out
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.stdout.hasPrefix("status 130\n"), "\(run)")
    #expect(
      run.stdout.contains(
        "monica-push: interrupted: 1 line written, stopped at stdin:2 (it may be written in part): "
          + "push the lines from stdin:2 on to finish"), "\(run)")
    #expect(run.lines.last == "1", "\(run)")
  }
}
