import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-fetch --all` against a seeded sandbox: every record of every kind once, each after
/// the records it refers to, archived and partial contacts included, in the fewest requests.
@Suite struct AccountTests {
  func env(_ sandbox: Sandbox) -> [String: String] {
    sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "5000"]) { $1 }
  }

  /// `(object, id)` of a record, the id as written.
  func key(_ record: JSONValue) -> String {
    "\(record["object"]?.stringValue ?? "?") \(record["id"]?.displayText ?? "?")"
  }

  @Test("every seeded record of every kind exactly once, everything it refers to before it")
  func complete() throws {
    let temporary = try TemporaryHome()
    let state = temporary.root + "/state.ndjson"
    let sandbox = try Sandbox.start(["--contacts", "300", "--rate-limit", "0", "--state", state])
    defer { sandbox.stop() }
    let run = try sh("monica-fetch --all", env: env(sandbox))
    #expect(run.status == 0, "\(run)")
    let stream = try records(run.stdout)

    // What the sandbox holds, as its state file lists it (written at start, not through the API).
    let stored = try records(String(contentsOfFile: state, encoding: .utf8)).filter {
      !["sandbox-state", "sandbox-avatar"].contains($0["object"]?.stringValue ?? "")
    }
    let streamed = stream.map(key)
    #expect(Set(streamed).count == streamed.count, "a record came twice")
    let global = ["country", "currency"]
    let local = stream.filter { !global.contains($0["object"]?.stringValue ?? "") }
    let missing = Set(stored.map(key)).subtracting(local.map(key))
    let extra = Set(local.map(key)).subtracting(stored.map(key))
    #expect(
      missing.isEmpty && extra.isEmpty, "missing \(missing.sorted().prefix(20)), extra \(extra.sorted().prefix(20))")
    let kinds = Set(stored.compactMap { $0["object"]?.stringValue })
    for kind in RecordKind.all where !global.contains(kind.object) {
      #expect(kinds.contains(kind.object), "the sandbox seeds no \(kind.name)")
    }
    for object in global { #expect(stream.contains { $0["object"]?.stringValue == object }) }
    // Currencies need no token (routes/api.php:9, outside the auth group), and are all there.
    let currencies = try sh(
      "curl -sf -H 'Accept: application/json' \"$SANDBOX_API/currencies?limit=100\"", env: sandbox.env)
    let listed = try JSONValue(parsing: currencies.output)["meta"]?["total"]?.intValue
    #expect(listed == stream.filter { $0["object"]?.stringValue == "currency" }.count && (listed ?? 0) > 1)

    // Archived and partial contacts are there, whole.
    let contacts = stream.filter { $0["object"]?.stringValue == "contact" }
    let archived = contacts.filter { $0["is_active"] == .bool(false) }
    let partial = contacts.filter { $0["is_partial"] == .bool(true) }
    #expect(!archived.isEmpty && !partial.isEmpty)
    #expect(archived.allSatisfy { $0["statistics"] != nil && $0["is_dead"] != nil })

    // Everything a record refers to came before it.
    var seen: Set<String> = []
    for record in stream {
      let kind = RecordKind.named(record["object"]?.stringValue ?? "")
      for reference in kind?.references ?? [] where reference.object != kind?.object {
        guard RecordKind.named(reference.object) != nil else { continue }
        for id in reference.ids(in: record) {
          #expect(seen.contains("\(reference.object) \(id)"), "\(key(record)) before \(reference.object) \(id)")
        }
      }
      seen.insert(key(record))
    }

    // The summary counts each kind; --quiet leaves stderr empty.
    #expect(run.stderr.contains("monica-fetch: \(stream.count) records of"))
    #expect(
      run.stderr.contains(
        "monica-fetch:   contacts \(contacts.count) (\(archived.count) archived, \(partial.count) partial)"))
    let quiet = try sh("monica-fetch --all --quiet | wc -l", env: env(sandbox))
    #expect(
      quiet.status == 0 && quiet.stderr.isEmpty
        && Int(quiet.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == stream.count)
  }

  @Test(
    "the fewest requests: pages of 100, contact fields from the contact list, relationships only where there are some")
  func requests() throws {
    let sandbox = try Sandbox.start(["--contacts", "250", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let run = try sh("monica-fetch --all > /dev/null", env: env(sandbox))
    #expect(run.status == 0, "\(run)")
    let targets = sandbox.requests().compactMap { request -> String? in
      guard let path = request["path"]?.stringValue else { return nil }
      let query = request["query"]?.stringValue ?? ""
      return query.isEmpty ? path : path + "?" + query
    }
    #expect(
      targets.filter { $0.hasPrefix("/api/contacts?") && !$0.contains("query=") }.allSatisfy {
        $0.contains("limit=100") && $0.contains("with=contactfields")
      })
    #expect(!targets.contains { $0.contains("/contactfields") }, "contact fields came with the contacts")
    let perContact = targets.filter { $0.range(of: #"^/api/contacts/\d+/"#, options: .regularExpression) != nil }
    #expect(perContact.allSatisfy { $0.contains("/relationships") })
    let listings = targets.filter { $0.contains("page=") }
    #expect(listings.allSatisfy { $0.contains("limit=100") })
  }

  @Test("a route the instance does not have is a warning, and the rest is fetched")
  func missingRoute() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--fault", "404route@*1:/api/pets"])
    defer { sandbox.stop() }
    let run = try sh("monica-fetch --all", env: env(sandbox))
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("monica-fetch: warning: pets: skipped"), "\(run.stderr)")
    let stream = try records(run.stdout)
    #expect(!stream.contains { $0["object"]?.stringValue == "pet" })
    #expect(stream.contains { $0["object"]?.stringValue == "relationship" })
  }

  @Test("--all takes no kind and no listing options")
  func usage() throws {
    let home = try TemporaryHome()
    for arguments in ["--all contacts", "--all --max 3", "--all --query x", "--all --page 2"] {
      let run = try sh("monica-fetch \(arguments)", env: home.env)
      #expect(run.status == 64 && run.stderr.contains("--all"), "\(arguments): \(run)")
    }
  }

  @Test("reminders --upcoming N: the reminders due that month, soonest first, as Monica's outbox lists them")
  func upcoming() throws {
    let sandbox = try Sandbox.start(["--contacts", "200", "--rate-limit", "0"])
    defer { sandbox.stop() }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    var total = 0
    for month in 0..<12 {
      let run = try sh("monica-fetch reminders --upcoming \(month) | monica-validate", env: env(sandbox))
      #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
      let dates = try records(run.stdout).compactMap { $0["planned_date"]?.stringValue }
      #expect(dates == dates.sorted())
      let due = calendar.date(byAdding: .month, value: month, to: Date()) ?? Date()
      let prefix = String(
        format: "%04d-%02d", calendar.component(.year, from: due), calendar.component(.month, from: due))
      #expect(dates.allSatisfy { $0.hasPrefix(prefix) }, "\(prefix): \(dates)")
      total += dates.count
    }
    let reminders = try records(sh("monica-fetch reminders", env: env(sandbox)).stdout)
    let yearly = reminders.filter { $0["frequency_type"]?.stringValue == "year" }.count
    #expect(yearly > 0 && total >= yearly)
    #expect(
      sandbox.requests().filter { ($0["path"]?.stringValue ?? "").hasPrefix("/api/reminders/upcoming/") }.count == 12)
    let wrong = try sh("monica-fetch notes --upcoming 1", env: env(sandbox))
    #expect(wrong.status == 64 && wrong.stderr.contains("--upcoming"))
  }
}
