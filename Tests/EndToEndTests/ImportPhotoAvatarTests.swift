import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// What `monica-import` makes of a card's photo and of an impossible date.
@Suite struct ImportPhotoAvatarTests {
  @Test("a card's inline PHOTO becomes the contact's avatar once monica-push --create has made both")
  func photoIsTheAvatar() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "5"])
    let env = sandbox.signedInEnv.merging(["VCF": Fixtures.path("vcard")]) { $1 }
    let run = try sh(
      #"monica-import vcard "$VCF/apple.vcf" | monica-push --create --map map.tsv --quiet > created.ndjson"#,
      env: env, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let imported = try sh(
      #"monica-import vcard "$VCF/apple.vcf" | jq -c 'select(.object == "contact" and .id == 1) | .information.avatar'"#,
      env: env)
    #expect(imported.lines == [#"{"source":"photo","url":"contact-1.jpg"}"#], "\(imported)")
    let map = try String(contentsOfFile: sandbox.temporary.root + "/map.tsv", encoding: .utf8)
    let rows: [[String]] = map.split(separator: "\n").map { line in line.split(separator: "\t").map(String.init) }
    let contactRow = try #require(rows.first { row in row.count == 3 && row[0] == "contact" && row[1] == "1" })
    let photoRow = try #require(rows.first { row in row.count == 3 && row[0] == "photo" })
    let (contact, photo) = (contactRow[2], photoRow[2])
    let avatar = try sh(
      "monica-fetch contacts \(contact) | jq -r '.information.avatar.source'", env: sandbox.signedInEnv)
    #expect(avatar.lines == ["photo"], "\(avatar)")
    let link = try sh("monica-fetch photos \(photo) | jq -r .link", env: sandbox.signedInEnv)
    let url = try sh("monica-fetch contacts \(contact) | jq -r '.information.avatar.url'", env: sandbox.signedInEnv)
    #expect(url.lines == link.lines && !link.lines.isEmpty, "\(url) \(link)")
  }

  @Test("an impossible BDAY (1990-02-30) is kept in the note, with a warning naming the card and the line")
  func impossibleBirthday() throws {
    let home = try TemporaryHome()
    let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana Ruiz\r\nN:Ruiz;Ana;;;\r\nBDAY:1990-02-30\r\nEND:VCARD\r\n"
    try card.write(toFile: home.root + "/a.vcf", atomically: true, encoding: .utf8)
    let run = try sh(
      "monica-import vcard a.vcf | jq -r 'select(.object == \"note\") | .body'", env: home.env, directory: home.root)
    #expect(run.status == 0 && run.lines == ["Birthday: 1990-02-30"], "\(run)")
    #expect(
      run.stderr
        == "monica-import: warning: a.vcf:5: card 1 (Ana Ruiz): BDAY 1990-02-30 is not a day of the calendar; kept in the note\n",
      "\(run)")
  }
}
