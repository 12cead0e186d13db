import Foundation
import MonicaAPI
import MonicaKit
import Testing

@Suite struct SinceTimeTests {
  let now = Date(timeIntervalSince1970: 1_714_557_600)  // 2024-05-01T10:00:00Z

  @Test("durations count back from now")
  func durations() throws {
    #expect(try SinceTime(parsing: "7d", now: now).monicaTimestamp == "2024-04-24T10:00:00Z")
    #expect(try SinceTime(parsing: "12h", now: now).monicaTimestamp == "2024-04-30T22:00:00Z")
    #expect(try SinceTime(parsing: "30m", now: now).monicaTimestamp == "2024-05-01T09:30:00Z")
    #expect(try SinceTime(parsing: "2w", now: now).monicaTimestamp == "2024-04-17T10:00:00Z")
    #expect(try SinceTime(parsing: "90s", now: now).monicaTimestamp == "2024-05-01T09:58:30Z")
  }

  @Test("ISO dates are midnight UTC; times keep their offset")
  func isoTimes() throws {
    #expect(try SinceTime(parsing: "2024-03-01").monicaTimestamp == "2024-03-01T00:00:00Z")
    #expect(try SinceTime(parsing: "2024-03-01T08:30:00Z").monicaTimestamp == "2024-03-01T08:30:00Z")
    #expect(try SinceTime(parsing: "2024-03-01T10:30:00+02:00").monicaTimestamp == "2024-03-01T08:30:00Z")
  }

  @Test("anything else is a usage error")
  func rejects() {
    for text in ["yesterday", "7", "d", "-3d", "2024-13-01", ""] {
      #expect(throws: MonicaError.self, "\(text)") { try SinceTime(parsing: text, now: now) }
    }
  }

  @Test("records at or after the instant are included, older ones not, undated ones kept")
  func includes() throws {
    let since = try SinceTime(parsing: "2024-05-01T10:00:00Z")
    #expect(since.includes(updatedAt: "2024-05-01T10:00:00Z"))
    #expect(since.includes(updatedAt: "2024-05-02T00:00:00Z"))
    #expect(!since.includes(updatedAt: "2024-05-01T09:59:59Z"))
    #expect(since.includes(updatedAt: nil))
  }
}
