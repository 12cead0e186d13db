import Foundation
import MonicaKit

/// Where a record's own request may find it when its answer is not cached: the stored listing of
/// its kind (`monica-fetch contacts --cache` then `monica-fetch contacts 1 --offline`). Monica
/// answers a record and its listing with the same resource (ContactResource in
/// ApiContactController.php `index` and `show`), so the listing's copy is the record's answer.
struct ListedRecord: Sendable {
  /// The listing's path and query (`/contacts`, with `with=contactfields` when the record was
  /// asked for with it), and the page sizes a listing may have been stored under.
  let path: String
  let query: [(String, String)]
  let sizes: [Int]
  /// The record's id.
  let id: Int
}

extension ResponseCache {
  /// The record `listed` names from its kind's stored listing, when that listing may answer at
  /// once (fresh, `--offline`, or standing in while the instance is out of reach) and holds
  /// it: one record's envelope `{"data":{…}}`, and the listing's age.
  func record(_ listed: ListedRecord, what: String) -> PageEnvelope? {
    for size in listed.sizes {
      let key = listingKey(listed.path, listed.query, size: size)
      guard let stored = open(key, target: "/api" + listed.path),
        answersAtOnce(age: stored.age(at: now()), what: what, announce: true)
      else { continue }
      while let part = try? stored.nextPart() {
        guard let page = try? PageEnvelope(Data(part), request: "/api" + listed.path) else { break }
        var found: Data?
        page.forEachRecord { bytes in
          guard PageEnvelope.topLevelValue("id", in: bytes)?.intValue == listed.id else { return true }
          found = Data("{\"data\":".utf8) + Data(bytes) + Data("}".utf8)
          return false
        }
        if let found, let envelope = try? PageEnvelope(found, request: "/api" + listed.path) {
          replayed("/api" + listed.path + " (record #\(listed.id) of the stored listing)", age: stored.age(at: now()))
          return envelope
        }
      }
    }
    return nil
  }
}
