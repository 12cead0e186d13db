import Foundation
import Testing

@testable import MonicaKit

/// A test's day; 1970-01-01 (which no test expects) when the text is not one.
private func day(_ text: String) -> CalendarDate { CalendarDate(parsing: text) ?? CalendarDate(dayNumber: 0) }

/// The recipient of the tests' messages.
private let recipient = MailAddress("me@example.com")

@Suite struct MailMessageTests {
  private static let today = day("2026-11-27")

  private func occurrence(name: String, title: String = "Call", kind: Occurrence.Kind = .birthday, age: Int? = 41)
    -> Occurrence
  {
    Occurrence(
      kind: kind, date: Self.today, daysBefore: 0, title: title, description: "line one\nline two",
      contact: RemindContact(id: 12, uuid: "11111111-1111-4111-8111-111111111111", name: name, hashID: "h:Yb3"),
      age: kind == .birthday ? age : nil,
      reminder: kind == .reminder
        ? Occurrence.Origin(id: 5, uuid: "22222222-2222-4222-8222-222222222222", frequencyType: "year") : nil)
  }

  private func message(_ occurrence: Occurrence) throws -> String {
    String(
      decoding: MailMessage(
        to: try #require(recipient), occurrence: occurrence, today: Self.today,
        instance: "https://m.example", time: 1_795_766_400
      ).bytes, as: UTF8.self)
  }

  @Test("headers: the subject the issue names, plain when it is plain ASCII, the date, MIME")
  func headers() throws {
    let text = try message(occurrence(name: "Ana Lima"))
    let headers = text.components(separatedBy: "\n\n")[0].components(separatedBy: "\n")
    #expect(headers.contains("Subject: Birthday: Ana Lima turns 41 today"))
    #expect(headers.contains("To: me@example.com"))
    #expect(headers.contains("Date: Fri, 27 Nov 2026 08:00:00 +0000"))
    #expect(headers.contains("Content-Type: text/plain; charset=utf-8"))
    #expect(headers.contains("Auto-Submitted: auto-generated"))
    #expect(text.contains("Ana Lima in Monica: https://m.example/people/h:Yb3"))
  }

  @Test("a CR or LF in a name cannot start a header: the subject stays one encoded line")
  func headerInjection() throws {
    let text = try message(occurrence(name: "Eve\r\nBcc: victim@example.com\r\n\r\nHi"))
    let headerBlock = text.components(separatedBy: "\n\n")[0]
    let names = [
      "To", "Subject", "Date", "MIME-Version", "Content-Type", "Content-Transfer-Encoding", "Auto-Submitted",
      "X-Monica-Remind-Key",
    ]
    for line in headerBlock.components(separatedBy: "\n") {
      #expect(line.hasPrefix(" ") || names.contains { line.hasPrefix($0 + ": ") }, "a header made of a name: \(line)")
      #expect(!line.contains("\r"))
    }
    #expect(headerBlock.components(separatedBy: "\n").count == names.count)
    let subject = MailMessage(
      to: try #require(recipient), occurrence: occurrence(name: "Eve\r\nBcc: x@y"), today: Self.today,
      instance: nil, time: 0
    ).subject
    #expect(subject == "Birthday: Eve  Bcc: x@y turns 41 today")
  }

  @Test("non-ASCII subjects are RFC 2047 words of whole characters; the body quoted-printable")
  func encoding() throws {
    let text = try message(occurrence(name: "Zoë Ødegård 🎂"))
    let subject = text.components(separatedBy: "\n").first { $0.hasPrefix("Subject: ") } ?? ""
    #expect(subject.hasPrefix("Subject: =?UTF-8?B?"))
    #expect(text.contains("Zo=C3=AB"))
    let long = MailMessage.quotedPrintable(String(repeating: "a", count: 200) + " \n=x\t")
    for line in long.components(separatedBy: "\n") { #expect(line.utf8.count <= 76) }
    #expect(long.hasSuffix("=3Dx=09\n"))
    #expect(MailMessage.base64(Array("Zoë".utf8)) == "Wm/Dqw==")
  }

  @Test("addresses: one local@domain, nothing sendmail could take for an option or a header")
  func addresses() {
    #expect(MailAddress("me@example.com") != nil)
    #expect(MailAddress("first.last+tag@sub.example.org") != nil)
    for bad in [
      "-oQ/tmp@example.com", "me@example.com\nBcc: x@y", "a@b@c", "me", "me@", "@example.com", "Me <me@example.com>",
      "me@-example.com", "me@example.com ", "mé@example.com",
    ] {
      #expect(MailAddress(bad) == nil, "\(bad.debugDescription) was taken")
    }
  }
}

@Suite struct DeliveryEnvironmentTests {
  @Test("no MONICA_ variable and no value holding the token reach a command; REMIND_ fields on one line")
  func variables() {
    let occurrence = Occurrence(
      kind: .reminder, date: day("2026-11-27"), daysBefore: 7, title: "Line\none\u{0}",
      contact: RemindContact(id: 12, uuid: "11111111-1111-4111-8111-111111111111", name: "Ana"),
      reminder: Occurrence.Origin(id: 5, uuid: "22222222-2222-4222-8222-222222222222", frequencyType: "week"))
    let variables = DeliveryEnvironment.variables(
      inherited: [
        "PATH": "/bin", "MONICA_TOKEN": "secret-token-value", "MONICA_PASSPHRASE": "p", "MONICA_URL": "u",
        "COPY": "Bearer secret-token-value", "HOME": "/h", "REMIND_KIND": "forged",
      ],
      occurrence: occurrence, today: day("2026-11-20"), instance: nil, token: "secret-token-value")
    #expect(variables["PATH"] == "/bin" && variables["HOME"] == "/h")
    #expect(variables.keys.allSatisfy { !$0.hasPrefix("MONICA_") })
    #expect(variables["COPY"] == nil)
    #expect(!variables.values.contains { $0.contains("secret-token-value") })
    #expect(variables["REMIND_KIND"] == "reminder")
    #expect(variables["REMIND_TITLE"] == "Line one ")
    #expect(variables["REMIND_DAYS_BEFORE"] == "7" && variables["REMIND_DUE"] == "2026-11-20")
    #expect(variables["REMIND_SUBJECT"] == "Reminder: Line one  (Ana), in 7 days, on 2026-11-27")
    #expect(Set(variables.keys.filter { $0.hasPrefix("REMIND_") }).isSubset(of: Set(DeliveryEnvironment.names)))
  }
}
