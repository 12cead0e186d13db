import Foundation
import Testing

@testable import MonicaKit

@Suite struct InstanceURLTests {
  @Test(
    "bare URLs, trailing slashes and /api all become the same instance",
    arguments: [
      "https://monica.example.com", "https://monica.example.com/", "https://monica.example.com/api",
      "https://monica.example.com/api/", " https://monica.example.com ",
    ])
  func normalizes(text: String) throws {
    let url = try InstanceURL(text)
    #expect(url.instance == "https://monica.example.com")
    #expect(url.api == "https://monica.example.com/api")
  }

  @Test("a path prefix is kept")
  func prefix() throws {
    #expect(try InstanceURL("https://h.example/crm/api").api == "https://h.example/crm/api")
  }

  @Test("plain http only for loopback or with allowHTTP")
  func http() throws {
    #expect(try InstanceURL("http://127.0.0.1:8080").instance == "http://127.0.0.1:8080")
    #expect(try InstanceURL("http://localhost").instance == "http://localhost")
    #expect(try InstanceURL("http://[::1]:9/").instance == "http://[::1]:9")
    #expect(throws: MonicaError.self) { try InstanceURL("http://monica.example.com") }
    #expect(try InstanceURL("http://monica.example.com", allowHTTP: true).instance == "http://monica.example.com")
    #expect(throws: MonicaError.self) { try InstanceURL("ftp://x") }
    #expect(throws: MonicaError.self) { try InstanceURL("monica.example.com") }
    #expect(throws: MonicaError.self) { try InstanceURL("https://x.example?a=1") }
    #expect(!InstanceURL.isLoopback("127.0.0.1.example.com"))
    #expect(!InstanceURL.isLoopback("10.0.0.1"))
  }
}
