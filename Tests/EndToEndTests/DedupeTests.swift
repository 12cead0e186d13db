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
    #expect(email["reasons"] == .array([.string("same e-mail marta.q@example.org")]))
    #expect(email["score"] == .number("0.95"))

    // monica-format shows the names; other kinds in the stream are passed over.
    let table = try sh(
      "{ \(fetch); monica-fetch notes; } | monica-dedupe --min-score 0.9 | COLUMNS=200 monica-format table",
      env: sandbox.signedInEnv)
    #expect(table.status == 0 && table.stderr.isEmpty, "\(table)")
    #expect(table.stdout.contains("Marta Quintero (\(marta))") || table.stdout.contains("M. Quintero (\(martaAgain))"))
    #expect(table.stdout.contains("same e-mail marta.q@example.org"), "\(table)")
    #expect(!table.stdout.contains("Okafor"), "the nickname pair scores 0.5: below --min-score 0.9")
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
