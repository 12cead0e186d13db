import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// monica-sandbox's routes for a contact's work, food and introduction, answering as Monica
/// v4.1.2 does.
@Suite struct SandboxContactPropertiesTests: SandboxRouteCalls {
  @Test("work, food and introduction: Monica's validation, archived and partial contacts refused")
  func validation() throws {
    let sandbox = try Sandbox.start(["--contacts", "60", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let all = try records(sh("monica-fetch --all 2>/dev/null", env: sandbox.signedInEnv).stdout)
    let contacts = all.filter { $0["object"]?.stringValue == "contact" }
    let archived = try #require(contacts.first { $0["is_active"] == .bool(false) }?["id"]?.intValue)
    let partial = try #require(contacts.first { $0["is_partial"] == .bool(true) }?["id"]?.intValue)
    let lines = try Self.answers(
      sandbox,
      [
        #"call PUT /contacts/2/work '{"job":5,"company":"'"$(printf 'x%.0s' $(seq 256))"'"}'"#,
        "call PUT /contacts/999/work '{}'",
        "call PUT /contacts/abc/food '{}'",
        #"call PUT /contacts/\#(archived)/food '{"food_preferences":"Tea"}'"#,
        #"call PUT /contacts/\#(partial)/work '{"job":"Chef"}'"#,
        "call PUT /contacts/2/introduction '{}'",
        #"call PUT /contacts/2/introduction '{"is_date_known":true}'"#,
        #"call PUT /contacts/2/introduction '{"is_date_known":true,"is_age_based":true,"met_through_contact_id":999}'"#,
        #"call PUT /contacts/2/introduction '{"is_date_known":true,"day":3,"month":4}'"#,
        #"call PUT /contacts/\#(partial)/introduction '{"is_date_known":false}'"#,
      ])
    #expect(
      lines[0] == Self.invalid("The job must be a string.", "The company may not be greater than 255 characters."))
    #expect(lines[1] == Self.invalid("The selected contact id is invalid."))
    #expect(lines[2] == Self.invalid("The contact id must be an integer.", "The selected contact id is invalid."))
    #expect(lines[3] == Self.invalid(#"Archived contact can\u2019t be edited, please unarchive it first."#))
    #expect(lines[4] == Self.invalid("The contact can't be a partial contact"))
    #expect(lines[5] == Self.invalid("The is date known field is required."))
    #expect(lines[6] == Self.invalid("The day field is required.", "The month field is required."))
    #expect(lines[7] == Self.invalid("The selected met through contact id is invalid.", "The age field is required."))
    // An exact date without `year`: UpdateContactIntroduction.php:176 reads it unguarded.
    #expect(lines[8] == #"500 {"message":"Server Error"}"#)
    #expect(lines[9] == Self.invalid("The contact can't be a partial contact"))
  }

  @Test("the routes answer the whole contact with what they set, dates as SpecialDate makes them")
  func setting() throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let lines = try Self.answers(
      sandbox,
      [
        #"call PUT /contacts/2/work '{"job":"Chef","company":""}'"#,
        #"call PUT /contacts/2/food '{"food_preferences":"Tea"}'"#,
        #"call PUT /contacts/2/introduction '{"is_date_known":true,"day":3,"month":4,"year":null,"met_through_contact_id":5,"general_information":"Hi","where":"Lyon"}'"#,
        #"call PUT /contacts/3/introduction '{"is_date_known":true,"is_age_based":true,"age":10}'"#,
        #"call PUT /contacts/4/introduction '{"is_date_known":true,"day":29,"month":2,"year":2016}'"#,
      ])
    let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year!
    func information(_ line: String) throws -> JSONValue? {
      #expect(line.hasPrefix("200 "), "\(line)")
      return try JSONValue(parsing: String(line.dropFirst(4)))["data"]?["information"]
    }
    let work = try information(lines[0])
    #expect(work?["career"]?["job"] == .string("Chef") && work?["career"]?["company"] == .null)
    #expect(try information(lines[1])?["food_preferences"] == .string("Tea"))
    let met = try information(lines[2])?["how_you_met"]
    #expect(met?["general_information"] == .string("Hi"))
    #expect(met?["first_met_date"]?["is_year_unknown"] == .bool(true))
    #expect(met?["first_met_date"]?["date"] == .string("\(year)-04-03T00:00:00Z"))
    #expect(met?["first_met_through_contact"]?["id"] == .int(5))
    #expect(met?["first_met_through_contact"]?["object"] == .string("contact"))
    let age = try information(lines[3])?["how_you_met"]?["first_met_date"]
    #expect(age?["is_age_based"] == .bool(true) && age?["date"] == .string("\(year - 10)-01-01T00:00:00Z"))
    let exact = try information(lines[4])?["how_you_met"]?["first_met_date"]
    #expect(exact?["is_year_unknown"] == .bool(false) && exact?["date"] == .string("2016-02-29T00:00:00Z"))
    // The rest stays: an introduction without a date clears the date and the introducer.
    let cleared = try Self.answers(sandbox, [#"call PUT /contacts/2/introduction '{"is_date_known":false}'"#])
    let after = try information(cleared[0])
    #expect(after?["how_you_met"]?["first_met_date"]?["date"] == .null)
    #expect(after?["how_you_met"]?["first_met_through_contact"] == .null)
    #expect(after?["career"]?["job"] == .string("Chef") && after?["food_preferences"] == .string("Tea"))
  }
}

/// What the suites driving monica-sandbox's routes with curl share: `call`, `answers`, `invalid`.
protocol SandboxRouteCalls {}

extension SandboxRouteCalls {
  /// `call METHOD PATH BODY` prints the status, a space, and the body.
  static var call: String {
    #"call() { curl -sS -o body -w '%{http_code} ' -X "$1" -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' -H 'Content-Type: application/json' --data "$3" "$SANDBOX_API$2"; cat body; echo; }; "#
  }

  /// The answers to `calls`, one `status body` line each.
  static func answers(_ sandbox: Sandbox, _ calls: [String]) throws -> [String] {
    let run = try sh(Self.call + calls.joined(separator: "\n"), env: sandbox.env, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    return run.lines
  }

  /// Monica's validation answer: 422, code 32, these messages.
  static func invalid(_ messages: String...) -> String {
    let list = messages.map { "\"\($0)\"" }.joined(separator: ",")
    return #"422 {"error":{"message":["# + list + #"],"error_code":32}}"#
  }
}
