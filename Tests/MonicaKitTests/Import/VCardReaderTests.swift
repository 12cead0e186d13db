import Foundation
import Testing

@testable import MonicaKit

@Suite struct VCardReaderTests {
  func property(_ line: String) throws -> VCardProperty {
    try #require(VCardProperty(parsing: Array(line.utf8), line: 1))
  }

  @Test("a content line: group, name, quoted and listed parameters, 2.1 bare ones, RFC 6868 escapes")
  func contentLine() throws {
    let apple = try property(#"item1.EMAIL;type=INTERNET;type=pref;X-NOTE="a:b;c,d ^'q^' ^n":jane@example.com"#)
    #expect(apple.group == "item1" && apple.name == "EMAIL")
    #expect(apple.types == ["internet", "pref"])
    #expect(apple.values(of: "X-NOTE") == ["a:b;c,d \"q\" \n"])
    #expect(apple.text == "jane@example.com")
    let outlook = try property("TEL;WORK;VOICE;ENCODING=QUOTED-PRINTABLE:+49=2030")
    #expect(outlook.types == ["work", "voice"] && outlook.isQuotedPrintable && outlook.text == "+49 30")
    let bare = try property("PHOTO;JPEG;BASE64:/9j/")
    #expect(bare.isBase64 && bare.types == ["jpeg"])
    #expect(VCardProperty(parsing: Array("no colon here".utf8), line: 1) == nil)
    #expect(VCardProperty(parsing: Array(":value".utf8), line: 1) == nil)
  }

  @Test("values: quoted-printable in a charset, escapes, structured components and lists")
  func values() throws {
    #expect(try property("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9=0D=0Aau lait").text == "Café\nau lait")
    #expect(try property("NOTE;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:=80 10 caf=E9").text == "€ 10 café")
    #expect(try property(#"N:O\;Brien;Mary\, Jo;;;"#).components == ["O;Brien", "Mary, Jo", "", "", ""])
    #expect(try property(#"NOTE:one\ntwo\, three\\four"#).text == "one\ntwo, three\\four")
    #expect(try property(#"CATEGORIES:a,b\,c, ,d"#).listItems == ["a", "b,c", "d"])
    let odd = try property("NOTE;CHARSET=KOI8-R:x")
    #expect(odd.decodedText.problem == "CHARSET=koi8-r is not known here; read as UTF-8")
    var latin = try property("NOTE:x")
    latin.rawValue = [0x63, 0x61, 0x66, 0xE9]
    #expect(latin.decodedText.problem != nil)
  }

  @Test("birthdays: full, year-less, Apple's omitted year, a time, and what is not a day")
  func dates() throws {
    func date(_ line: String) throws -> String? {
      VCardDate(try property(line)).map { "\($0.year.map(String.init) ?? "?")-\($0.month)-\($0.day)" }
    }
    #expect(try date("BDAY:1985-03-14") == "1985-3-14")
    #expect(try date("BDAY:19850314T000000Z") == "1985-3-14")
    #expect(try date("BDAY:--0412") == "?-4-12")
    #expect(try date("BDAY:--04-12") == "?-4-12")
    #expect(try date("BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12") == "?-4-12")
    #expect(try date("BDAY:--0229") == "?-2-29")
    // A year alone is a birthday guessed from an age, as monica-format vcard writes it (1 January).
    #expect(try date("BDAY:1985") == "1985-1-1")
    for bad in ["BDAY:1985-03", "BDAY:2023-02-29", "BDAY;VALUE=text:circa 1800", "BDAY:--1332"] {
      #expect(try date(bad) == nil, "\(bad)")
    }
    let today = try #require(CalendarDate(year: 2026, month: 5, day: 1))
    let leap = try #require(VCardDate(try property("BDAY:--0229"))).json(today: today)
    #expect(leap["date"]?.stringValue == "2024-02-29T00:00:00Z" && leap["is_year_unknown"]?.boolValue == true)
  }

  @Test("the reader unfolds, follows quoted-printable soft breaks, numbers cards over files and names bad ones")
  func reader() throws {
    let directory = NSTemporaryDirectory() + "/vcard-reader-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let first =
      "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ann\r\nNOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nb\r\nTITLE:long\r\n  title\r\n\tend\r\nEND:VCARD\r\n"
    let second = "junk\r\nBEGIN:VCARD\nFN:Bo\nBEGIN:VCARD\nFN:Cy\nEND:VCARD\n"
    try first.write(toFile: directory + "/a.vcf", atomically: true, encoding: .utf8)
    try second.write(toFile: directory + "/b.vcf", atomically: true, encoding: .utf8)
    let reader = VCardReader([InputSource(directory + "/a.vcf"), InputSource(directory + "/b.vcf")])
    var seen: [String] = []
    while let item = try reader.nextItem() {
      switch item {
      case .card(let card):
        seen.append(
          "card \(card.number) v\(card.version): "
            + card.properties.map { "\($0.name)=\($0.text)@\($0.line)" }.joined(separator: " "))
      case .invalid(_, let line, let number, let reason):
        seen.append("bad \(number.map(String.init) ?? "-") at \(line): \(reason)")
      }
    }
    #expect(
      seen == [
        "card 1 v2.1: FN=Ann@3 NOTE=ab@4 TITLE=long titleend@6",
        "bad - at 1: text outside BEGIN:VCARD and END:VCARD",
        "bad 2 at 2: card 2 has no END:VCARD",
        "card 3 v3.0: FN=Cy@5",
      ])
  }

  @Test("a card is bounded: a property over 1 MiB unfolded, a PHOTO over the image cut, too many properties")
  func bounds() throws {
    let directory = NSTemporaryDirectory() + "/vcard-bounds-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    func card(_ lines: [String]) -> String {
      (["BEGIN:VCARD", "VERSION:3.0", "FN:A"] + lines + ["END:VCARD"]).map { $0 + "\r\n" }.joined()
    }
    let folded =
      "NOTE:" + String(repeating: "x", count: 70)
      + String(repeating: "\r\n " + String(repeating: "y", count: 1_000), count: 1_100)
    let photo = "PHOTO;ENCODING=b;TYPE=PNG:" + String(repeating: "A", count: 2 << 20)
    let bigPhoto = "PHOTO;ENCODING=b;TYPE=PNG:" + String(repeating: "A", count: 14 << 20)
    let softLine = "=41=42=43=44=45=46=47=48=49=50=51=52=53=54=55=56=\r\n"
    let qp = "NOTE;ENCODING=QUOTED-PRINTABLE:" + String(repeating: softLine, count: 22_000) + "x"
    let text =
      card([folded]) + card(Array(repeating: "EMAIL:a@b.c", count: 998))
      + card(Array(repeating: "EMAIL:a@b.c", count: 999))
      + card([photo]) + card([bigPhoto]) + card([qp]) + card(["NOTE:ok"])
    try text.write(toFile: directory + "/c.vcf", atomically: true, encoding: .utf8)
    let reader = VCardReader([InputSource(directory + "/c.vcf")])
    var seen: [String] = []
    while let item = try reader.nextItem() {
      switch item {
      case .card(let card): seen.append("card \(card.number): \(card.properties.count)")
      case .invalid(_, let line, let number, let reason):
        seen.append("bad \(number.map(String.init) ?? "-") at \(line): \(reason)")
      }
    }
    #expect(
      seen == [
        "bad 1 at 4: card 1: a NOTE property longer than 1 MiB unfolded",
        // VERSION and FN count: 1,000 properties are one card, 1,001 are too many.
        "card 2: 999",
        "bad 3 at 3109: card 3: more than 1000 properties",
        "card 4: 2",
        "bad 5 at 3119: card 5: a PHOTO property longer than \(VCardReader.Limits.photoBytes) bytes unfolded",
        "bad 6 at 3124: card 6: a NOTE property longer than 1 MiB unfolded",
        "card 7: 2",
      ])
  }

  @Test("calendar dates step by days and months as RFC 5545 counts them")
  func calendarSteps() throws {
    let start = try #require(CalendarDate(year: 2024, month: 1, day: 31))
    #expect(start.adding(days: 30).description == "2024-03-01")
    #expect(start.adding(days: -31).description == "2023-12-31")
    #expect(start.adding(months: 1, clamping: false) == nil)
    #expect(start.adding(months: 1, clamping: true)?.description == "2024-02-29")
    #expect(start.adding(months: 2, clamping: false)?.description == "2024-03-31")
    #expect(CalendarDate(year: 2024, month: 2, day: 29)?.adding(years: 1).description == "2025-02-28")
    for offset in stride(from: -800_000, through: 800_000, by: 997) {
      let day = start.adding(days: offset)
      #expect(day.dayNumber == start.dayNumber + offset)
    }
  }
}
