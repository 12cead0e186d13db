import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// A cached listing serves its records one by one: `monica-fetch contacts --cache`, then
/// `monica-fetch contacts 1 --offline`.
@Suite struct CachedRecordTests {
  @Test("a record of a cached listing is served offline, and with --cache without a request, as the listing had it")
  func recordFromListing() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "30"])
    let env = sandbox.signedInEnv
    let listing = try sh("monica-fetch contacts --cache", env: env)
    try #require(listing.status == 0, "\(listing)")
    let third = try #require(listing.lines.dropFirst(2).first)
    let id = try #require(try records(third).first?["id"]?.intValue)
    let before = sandbox.requests().count
    let offline = try sh("monica-fetch contacts \(id) --offline", env: env)
    #expect(offline.status == 0 && offline.stderr.isEmpty, "\(offline)")
    #expect(offline.lines == [third])
    let cached = try sh("monica-fetch contacts \(id) --cache", env: env)
    #expect(cached.lines == [third], "\(cached)")
    #expect(sandbox.requests().count == before)
    // Not in the listing (nor cached on its own): 66 offline, as before.
    let missing = try sh("monica-fetch contacts 999999 --offline", env: env)
    #expect(missing.status == 66 && missing.stderr.contains("not in the cache"), "\(missing)")
    // With fields: only a listing read with them has them.
    let fields = try sh("monica-fetch contacts \(id) --with-fields --offline", env: env)
    #expect(fields.status == 66, "\(fields)")
  }
}
