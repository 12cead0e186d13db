import Testing

@testable import MonicaKit

/// The string formats of the contract, on their edges.
@Suite struct TextFormatTests {
  func failure(_ format: TextFormat, _ text: String) -> TextFormat.Failure? {
    var text = text
    return text.withUTF8 { format.failure($0) }
  }

  func instant(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { try? ContractTime.instant($0).get() }
  }

  @Test("timestamps: Monica's two forms and any zone; real dates and times only")
  func timestamps() {
    for good in [
      "2024-05-01T12:00:00Z", "2024-05-01T12:00:00.000000Z", "2024-02-29T23:59:59Z", "2024-05-01T12:00:00+02:00",
      "2000-02-29T00:00:00.5Z",
    ] {
      #expect(failure(.timestamp, good) == nil, "\(good)")
    }
    for bad in [
      "2024-05-01", "2024-05-01 12:00:00", "2024-05-01T12:00:00", "2024-05-01T12:00Z", "2024-05-01T12:00:00.Z",
    ] {
      #expect(failure(.timestamp, bad) == .mismatch, "\(bad)")
    }
    #expect(failure(.timestamp, "2023-02-29T00:00:00Z") == .reason("not a real date"))
    #expect(failure(.timestamp, "1900-02-29T00:00:00Z") == .reason("not a real date"))
    #expect(failure(.timestamp, "2024-04-31T00:00:00Z") == .reason("not a real date"))
    #expect(failure(.timestamp, "2024-01-01T23:60:00Z") == .reason("not a real time of day"))
    #expect(failure(.timestamp, "2024-01-01T10:00:00+24:00") == .reason("not a real time zone offset"))
    #expect(instant("1970-01-01T00:00:01Z") == 1_000_000)
    #expect(instant("1970-01-01T02:00:00+02:00") == 0)
    #expect(instant("1970-01-01T00:00:00.25Z") == 250_000)
    #expect(instant("1969-12-31T23:59:59Z") == -1_000_000)
  }

  @Test("dates are YYYY-MM-DD and real")
  func dates() {
    #expect(failure(.date, "2024-02-29") == nil)
    #expect(failure(.date, "2023-02-29") == .reason("not a real date"))
    #expect(failure(.date, "2024-2-9") == .mismatch)
    #expect(failure(.date, "2024-02-29T00:00:00Z") == .mismatch)
  }

  @Test("URLs: absolute http(s) with a real host and port, no white space")
  func urls() {
    for good in [
      "https://app.monicahq.com/api/contacts?page=2", "http://127.0.0.1:8080/api", "https://[::1]:8443/x",
      "https://user@example.com", "HTTPS://Example.COM", "https://bücher.example/straße",
    ] {
      #expect(failure(.url, good) == nil, "\(good)")
    }
    for bad in [
      "www.example.com", "ftp://example.com", "https://", "https://exa mple.com", "https://example.com:99999/",
      "https://example.com:/", "https://a..b/", "https://example.com/\u{7}", "mailto:a@b.c", "/api/contacts",
    ] {
      #expect(failure(.url, bad) == .mismatch, "\(bad)")
    }
    let url = WebURL("HTTP://Example.com:80/api/tasks?page=3&x=1".utf8)
    #expect(url?.origin == "http://example.com:80")
    #expect(url?.path == "/api/tasks" && url?.parameter("page") == "3" && url?.parameter("y") == nil)
    #expect(WebURL("https://example.com".utf8)?.origin == "https://example.com:443")
  }

  @Test("avatar URLs and data URLs")
  func dataURLs() {
    #expect(failure(.avatarURL, "") == nil)
    #expect(failure(.avatarURL, "data:image/png;base64,iVBORw0KGgo=") == nil)
    #expect(failure(.avatarURL, "https://www.gravatar.com/avatar/abc?d=mm") == nil)
    #expect(failure(.avatarURL, "avatar.png") == .mismatch)
    #expect(failure(.dataURL, "data:,Hello") == nil)
    #expect(failure(.dataURL, "data:image/png;base64,iVBORw0KGgo") == .reason("a data: URL whose base64 is cut short"))
    #expect(failure(.dataURL, "data:image/png;base64,iVB=Rw0K") == .reason("a data: URL whose base64 is not base64"))
    #expect(failure(.dataURL, "data:png;base64,AAAA") == .reason("a data: URL with a bad media type"))
    #expect(failure(.dataURL, "image/png;base64,AAAA") == .mismatch)
  }

  @Test("amounts, uuids, media types, colours, e-mail addresses, non-empty text")
  func others() {
    #expect(failure(.amount, "12.50") == nil && failure(.amount, "0") == nil && failure(.amount, "-0.00") == nil)
    #expect(failure(.amount, "-1.00") == .reason("a negative amount"))
    #expect(
      failure(.amount, "12,50") == .mismatch && failure(.amount, "1e3") == .mismatch
        && failure(.amount, ".5") == .mismatch)
    #expect(failure(.uuid, "9eabed80-ddf0-40a6-921a-48ff38282bba") == nil)
    #expect(failure(.uuid, "9eabed80ddf040a6921a48ff38282bba") == .mismatch)
    #expect(failure(.mediaType, "image/svg+xml") == nil && failure(.mediaType, "image/") == .mismatch)
    #expect(failure(.colour, "#B3d5fe") == nil && failure(.colour, "#b3d5f") == .mismatch)
    #expect(failure(.email, "sam@example.com") == nil && failure(.email, "sam@") == .mismatch)
    #expect(failure(.email, "s am@example.com") == .mismatch)
    #expect(failure(.nonEmpty, " x ") == nil && failure(.nonEmpty, " \t\n") == .reason("empty"))
    #expect(failure(.oneOf(["idea", "offered"]), "Idea") == .mismatch)
  }
}
