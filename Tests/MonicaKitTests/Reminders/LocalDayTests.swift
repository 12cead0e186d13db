import Foundation
import Testing

@testable import MonicaKit

@Suite struct LocalDayTests {
  private func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
  }

  @Test("positive UTC offsets around midnight: it is already tomorrow east of UTC")
  func positiveOffsets() {
    let late = instant("2026-02-27T23:30:00Z")
    #expect(LocalDay.day(at: late, in: "UTC")?.description == "2026-02-27")
    #expect(LocalDay.day(at: late, in: "Pacific/Auckland")?.description == "2026-02-28")  // UTC+13 in summer
    #expect(LocalDay.day(at: late, in: "Europe/Vienna")?.description == "2026-02-28")  // UTC+1
    #expect(LocalDay.day(at: late, in: "Asia/Kolkata")?.description == "2026-02-28")  // UTC+5:30
    let justBefore = instant("2026-02-27T22:59:59Z")
    #expect(LocalDay.day(at: justBefore, in: "Europe/Vienna")?.description == "2026-02-27")
    // monicahq/monica#7382: 22:00 UTC on 4 September is midnight on the 5th in Vienna (UTC+2).
    #expect(LocalDay.day(at: instant("2024-09-04T22:00:00Z"), in: "Europe/Vienna")?.description == "2024-09-05")
  }

  @Test("negative offsets: it is still yesterday west of UTC")
  func negativeOffsets() {
    let early = instant("2026-03-01T03:00:00Z")
    #expect(LocalDay.day(at: early, in: "America/Los_Angeles")?.description == "2026-02-28")
    #expect(LocalDay.day(at: early, in: "Pacific/Pago_Pago")?.description == "2026-02-28")  // UTC-11
    #expect(LocalDay.day(at: instant("1969-12-31T23:00:00Z"), in: "UTC")?.description == "1969-12-31")
  }

  @Test("only zone names are taken: nothing unknown, no abbreviations or offsets")
  func names() {
    #expect(LocalDay.isKnown("Europe/Paris"))
    #expect(!LocalDay.isKnown("Mars/Olympus_Mons"))
    #expect(!LocalDay.isKnown(""))
    #expect(!LocalDay.isKnown("Europe/Paris\n"))
    #expect(!LocalDay.isKnown("../../etc/passwd"))
  }
}
