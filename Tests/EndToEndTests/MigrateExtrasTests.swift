import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-push --create --map` with what a contact's create does not take: job and company,
/// food preferences, how-you-met (its introducer translated, also one later in the stream), the
/// photos of gifts and the user's own contact; each sent once, also across interrupted runs.
@Suite struct MigrateExtrasTests {
  typealias Pair = MigrateTests.Pair

  /// What must survive of a contact's own routes, for `MigrateTests.Pair.content`.
  static func extrasContent(_ record: JSONValue, text: (String) -> String, ref: (String, String) -> String)
    -> [String]
  {
    let date = record["information"]?["how_you_met"]?["first_met_date"]
    let yearless = date?["is_year_unknown"]?.boolValue == true
    // A date of unknown year keeps its day and month only: Monica stores the year of the write.
    let day = date?["date"]?.stringValue.map { yearless ? String($0.prefix(10).dropFirst(5)) : String($0.prefix(10)) }
    let ageBased = date?["is_age_based"].map { JSONWriter.plain.string($0) } ?? "absent"
    return [
      "information.career.job", "information.career.company", "information.food_preferences",
      "information.how_you_met.general_information", "is_me",
    ].map(text) + ["first_met_date=\(ageBased),\(yearless),\(day ?? "none")"]
      + [ref("contact", "information.how_you_met.first_met_through_contact.id")]
  }

  /// A gift's photos, each through `translate`.
  static func giftPhotos(_ record: JSONValue, translate: (String, Int?) -> Int?) -> [String] {
    let photos = (record["photos"]?.arrayValue ?? []).map { translate("photo", $0["id"]?.intValue) ?? -1 }
    return ["photos=\(photos.sorted())"]
  }

  /// The follow-up writes the target received, `METHOD path` each, in order.
  static func followUps(_ pair: Pair) -> [String] {
    pair.targetWrites().filter { write in
      ["/work", "/food", "/introduction"].contains { write.hasPrefix("PUT /api/contacts/") && write.hasSuffix($0) }
        || write.hasPrefix("PUT /api/gifts/") || write == "POST /api/me/contact"
    }
  }

  /// What the source has for each follow-up, so that a test cannot pass on an account without it.
  struct SourceExtras {
    var work = 0, food = 0, introductions = 0, giftPhotos = 0
    var laterIntroducer: Int?
    var earlierIntroducer = false
    var dates: Set<String> = []

    init(_ old: [String: [JSONValue]]) {
      for contact in old["contacts"] ?? [] {
        let information = contact["information"]
        if information?["career"]?["job"]?.stringValue != nil || information?["career"]?["company"]?.stringValue != nil
        {
          work += 1
        }
        if information?["food_preferences"]?.stringValue != nil { food += 1 }
        let met = information?["how_you_met"]
        let date = met?["first_met_date"]
        let introducer = met?["first_met_through_contact"]?["id"]?.intValue
        if met?["general_information"]?.stringValue != nil || date?["date"]?.stringValue != nil || introducer != nil {
          introductions += 1
        }
        if date?["is_age_based"]?.boolValue == true { dates.insert("age") }
        if date?["is_year_unknown"]?.boolValue == true { dates.insert("yearless") }
        if date?["is_age_based"]?.boolValue == false && date?["is_year_unknown"]?.boolValue == false {
          dates.insert("exact")
        }
        if let introducer, let id = contact["id"]?.intValue {
          if introducer > id { laterIntroducer = laterIntroducer ?? id } else { earlierIntroducer = true }
        }
      }
      giftPhotos = (old["gifts"] ?? []).reduce(0) { $0 + ($1["photos"]?.arrayValue?.count ?? 0) }
    }
  }

  @Test("job, food, how-you-met, gift photos and is_me carried by content, each sent once; a re-run writes nothing")
  func carriedOnce() throws {
    let pair = try Pair()
    let old = try pair.account(pair.source)
    let extras = SourceExtras(old)
    #expect(extras.work > 0 && extras.food > 0 && extras.introductions > 0 && extras.giftPhotos > 0, "\(extras)")
    #expect(extras.laterIntroducer != nil && extras.earlierIntroducer, "\(extras)")
    #expect(extras.dates == ["age", "yearless", "exact"], "\(extras.dates)")
    #expect(old["contacts"]?.contains { $0["is_me"] == .bool(true) } == true)
    let run = try pair.migrate()
    #expect(run.status == 0, "\(run)")
    // Once for the account's lock, once under it for the user's own contact.
    #expect(pair.target.requests(path: "/api/me").count == 2, "the target's user is read once under the lock")
    try pair.expectSameAccount(old)
    let sent = Self.followUps(pair)
    #expect(Set(sent).count == sent.count, "a follow-up sent twice: \(sent)")
    // Nothing is sent for a contact without the property.
    #expect(sent.filter { $0.hasSuffix("/work") }.count == extras.work)
    #expect(sent.filter { $0.hasSuffix("/food") }.count == extras.food)
    #expect(sent.filter { $0.hasSuffix("/introduction") }.count == extras.introductions)
    #expect(sent.filter { $0.hasPrefix("PUT /api/gifts/") }.count == extras.giftPhotos)
    #expect(sent.filter { $0 == "POST /api/me/contact" }.count == 1)
    // The contact whose introducer comes later: its introduction is sent after that contact's create.
    let map = try pair.mapLines()
    let later = try #require(extras.laterIntroducer)
    let laterCopy = try #require(map["contact\t\(later)"])
    let writes = pair.targetWrites()
    let introduction = try #require(writes.firstIndex(of: "PUT /api/contacts/\(laterCopy)/introduction"))
    #expect(writes[..<introduction].filter { $0 == "POST /api/contacts" }.count > laterCopy)
    #expect(!run.stderr.contains("is not sent by this version"), "\(run.stderr)")
    #expect(run.stderr.contains("not carried: where the user first met contacts, if given"), "\(run.stderr)")
    #expect(run.stderr.contains("not carried: the year stored with first-met dates of unknown year"), "\(run.stderr)")
    let count = pair.targetWrites().count
    let again = try pair.migrate()
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    #expect(pair.targetWrites().count == count, "\(pair.targetWrites().suffix(3))")
  }

  @Test("an is_me contact keeps the target's own contact when the target's user has one, and says so")
  func targetKeepsItsOwnContact() throws {
    let pair = try Pair(target: ["--contacts", "1"])
    let run = try pair.migrate()
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("not carried: is_me of a contact (the target's user has its own contact): 1 record"))
    #expect(!pair.targetWrites().contains("POST /api/me/contact"))
    let me = try records(sh("monica-fetch me", env: pair.target.signedInEnv).stdout).first
    #expect(me?["me_contact"]?["id"]?.intValue == 1)
  }

  @Test(
    "follow-ups whose answer was lost (cut) or refused (500) are sent exactly once when resumed",
    arguments: ["cut", "500"])
  func interruptedFollowUps(effect: String) throws {
    // The same account twice: the first run says which target ids the follow-ups go to.
    let probe = try Pair()
    let probeOld = try probe.account(probe.source)
    #expect(try probe.migrate().status == 0)
    let map = try probe.mapLines()
    let extras = SourceExtras(probeOld)
    let later = try #require(extras.laterIntroducer.flatMap { map["contact\t\($0)"] })
    let worker = try #require(
      probeOld["contacts"]?.first { $0["information"]?["career"]?["job"]?.stringValue != nil }?["id"]?.intValue
        .flatMap { map["contact\t\($0)"] })
    let gift = try #require(
      probeOld["gifts"]?.first { !($0["photos"]?.arrayValue ?? []).isEmpty }?["id"]?.intValue
        .flatMap { map["gift\t\($0)"] })
    let faulted = [
      "PUT /api/contacts/\(later)/introduction", "PUT /api/contacts/\(worker)/work", "PUT /api/gifts/\(gift)/photo/",
      "POST /api/me/contact",
    ]
    let faults = faulted.flatMap { write -> [String] in
      let parts = write.split(separator: " ")
      return ["--fault", "\(effect)@1:\(parts[0]):\(parts[1])"]
    }
    let pair = try Pair(target: faults)
    let old = try pair.account(pair.source)
    var stops = 0
    var last = try pair.migrate("--retries 0")
    while last.status != 0 && stops < 6 {
      stops += 1
      last = try pair.migrate("--retries 0")
    }
    #expect(last.status == 0, "\(last)")
    #expect(stops == faulted.count, "each fault stops one run")
    try pair.expectSameAccount(old)
    let sent = Self.followUps(pair)
    for write in Set(sent) {
      let times = sent.filter { $0 == write }.count
      let hit = faulted.contains { write.hasPrefix($0) }
      // A refused write is sent again; one whose answer was lost was applied, and is not.
      #expect(times == (hit && effect == "500" ? 2 : 1), "\(write) sent \(times) times")
    }
    let count = pair.targetWrites().count
    #expect(try pair.migrate().status == 0)
    #expect(pair.targetWrites().count == count)
  }

  @Test("a run killed among the contacts resumes to the same account, each follow-up sent once")
  func killedRunResumes() throws {
    let pair = try Pair(target: ["--latency", "15"])
    let old = try pair.account(pair.source)
    let killed = try pair.killedRun(when: #"grep -c "$(printf '^contact\t')""#, reaches: 10)
    #expect(killed.stdout == "status 137\n", "\(killed)")
    let half = try pair.mapLines().keys.filter { $0.hasPrefix("contact\t") }.count
    #expect(half >= 10 && half < (old["contacts"]?.count ?? 0), "killed at \(half) contacts")
    let resumed = try sh(#"monica-push --create --map "$MAP" < "$MAP.stream""#, env: pair.env)
    #expect(resumed.status == 0, "\(resumed)")
    try pair.expectSameAccount(old)
    let sent = Self.followUps(pair)
    #expect(Set(sent).count == sent.count, "a follow-up sent twice: \(sent)")
  }
}
