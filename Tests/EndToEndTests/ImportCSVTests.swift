import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-import csv` as a binary: the exports of Google, Outlook and LinkedIn pushed into the
/// sandbox and fetched back, a second import that creates nothing, and the one-line errors.
@Suite struct ImportCSVTests {
  let csv = Fixtures.path("csv")
  var all: String {
    ["google.csv", "google-older.csv", "outlook-com.csv", "outlook-desktop.csv", "linkedin.csv"]
      .map { "\"\(csv)/\($0)\"" }.joined(separator: " ")
  }

  @Test(
    "every export pushed into the sandbox and fetched back: each person once, with what the rows said; a second import creates nothing"
  )
  func intoSandbox() throws {
    let sandbox = try Sandbox.start(["--contacts", "20", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      set -o pipefail
      count() { monica-fetch contacts | wc -l | tr -d ' '; }
      count
      monica-import csv \(all) 2> first.err | monica-push --create --map first.tsv --quiet > /dev/null
      count
      monica-fetch contacts --with-fields > existing.ndjson
      jq -c 'select(.first_name == "Ana" and .last_name == "López") | [.nickname,
          .information.dates.birthdate.is_year_unknown, .information.dates.birthdate.date[5:10],
          .information.career.company, .information.career.job, ([.tags[].name] | sort),
          ([.contactFields[].content] | sort), (.addresses | map([.street, .city, .country.iso]))]' existing.ndjson
      jq -r 'select(.first_name == "Jürgen") | [.last_name, ([.tags[].name] | sort | join(";")),
          .information.dates.birthdate.date[0:10], (.addresses[0].country.iso)] | @tsv' existing.ndjson
      jq -r '[.first_name, .last_name // ""] | @tsv' existing.ndjson | sort | uniq -d | wc -l | tr -d ' '
      monica-import csv \(all) --dedupe-against existing.ndjson --map second.tsv --updates updates.ndjson 2> second.err \
        | monica-push --create --map second.tsv --quiet > created.ndjson
      count
      cat created.ndjson updates.ndjson | wc -l | tr -d ' '
      grep -c '^contact\t' second.tsv
      jq -c '[.object, .body // .content // .name, .contact.id]' created.ndjson updates.ndjson >&2
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let lines = run.lines
    #expect(lines.count == 8, "\(run)")
    let base = Int(lines.first ?? "") ?? -1
    // 3 Google, 2 older Google, 2 outlook.com, 2 desktop Outlook, and LinkedIn's Hiro: Ana is
    // in the Google and the LinkedIn export, one contact.
    #expect(lines.dropFirst().first == "\(base + 10)", "\(run)")
    #expect(
      lines.dropFirst(2).first
        == #"["Anita",true,"05-17","Acme, Inc.","Engineer",["Friends"],["+34 600 111 222","ana.lopez@example.org","ana@home.example","anita@home.example","https://www.linkedin.com/in/ana-lopez"],[["3º B\nCalle Mayor 1","Madrid","ES"]]]"#,
      "\(run)")
    #expect(lines.dropFirst(3).first == "Müller\tKunden;VIP\t1968-03-14\tDE", "\(run)")
    #expect(lines.dropFirst(4).first == "0", "no name twice: \(run)")
    #expect(Array(lines.dropFirst(5)) == ["\(base + 10)", "0", "10"], "\(run)")
  }

  @Test("the note holds what Monica has no field for, fetched back from the sandbox")
  func notesIntoSandbox() throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      set -o pipefail
      monica-import csv "\(csv)/google.csv" "\(csv)/linkedin.csv" 2>/dev/null | monica-push --create --map map.tsv --quiet \
        | jq -r 'select(.object == "note") | .body' > notes.txt
      grep -c . notes.txt
      grep -e '^Shoe size: 38$' -e '^Spouse: Luis$' -e '^Connected on LinkedIn: 30 May 2024$' \
        -e '^Connected on LinkedIn: 12 Mar 2024$' -e '^Job (row 4): Staff Engineer$' notes.txt | sort
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    #expect(
      Array(run.lines.dropFirst()) == [
        "Connected on LinkedIn: 12 Mar 2024", "Connected on LinkedIn: 30 May 2024", "Job (row 4): Staff Engineer",
        "Shoe size: 38", "Spouse: Luis",
      ], "\(run)")
  }

  @Test("a header it cannot place is 65 naming its columns; --columns places it; stdin and the summary line")
  func unknownAndColumns() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      monica-import csv "\(csv)/unknown.csv"; echo "status $?"
      monica-import csv --columns 'first_name=Customer,email=Mail,phone=Tel' < "\(csv)/unknown.csv" | jq -r .object
      monica-import csv --columns 'first_name=Nope' "\(csv)/unknown.csv"; echo "status $?"
      monica-import vcard --from google x.vcf; echo "status $?"
      """, env: Fixtures.env(home), directory: home.root)
    #expect(
      run.stdout.split(separator: "\n") == [
        "status 65", "contactfieldtype", "contactfieldtype", "contact", "contactfield", "contactfield", "note",
        "status 65", "status 64",
      ], "\(run)")
    #expect(
      run.stderr.contains(
        #"monica-import: error: \#(csv)/unknown.csv:1: a header monica-import cannot place: columns "Customer", "Mail", "Tel", "Since": name the fields of its columns with --columns"#
      ), "\(run)")
    #expect(run.stderr.contains("monica-import: stdin: --columns (UTF-8): 1 row: 1 new contact"), "\(run)")
    #expect(run.stderr.contains(#"--columns names "Nope", not in the header"#), "\(run)")
  }
}
