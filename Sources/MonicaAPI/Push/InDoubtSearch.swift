import MonicaKit

/// The in-doubt look-up every writer shares (`Migration.adopt`, `ClientStepSender.findCreated`):
/// a create whose answer was lost may have made its record, so the target's newest records of the
/// kind are read (one page, newest first) and the one it made is chosen: an id above the floor
/// (the highest the target had before the create was sent), that no map line names, that
/// `matches` what the create sent; of several, the highest id.
enum InDoubtSearch {
  /// Newest first, one whole page: records made in one second tie on created_at, and a tie comes
  /// back in any order, so a page holds the one in doubt unless 100 records were created after it.
  static let newestQuery = [("sort", "-created_at"), ("limit", "100")]

  /// The record a create in doubt made among the records of `page` (a page envelope's records):
  /// its id, bytes and fields; `nil` when none qualifies.
  static func choose(
    in page: PageEnvelope, above floor: Int, excluding: (Int) -> Bool, matches: (JSONObject) -> Bool
  ) -> (target: Int, found: ([UInt8], JSONObject))? {
    var found: (target: Int, found: ([UInt8], JSONObject))?
    page.forEachRecord { raw in
      let bytes = Array(raw)
      if case .object(let candidate)? = try? JSONValue(parsing: bytes), let id = candidate["id"]?.intValue,
        id > floor, !excluding(id), id > (found?.target ?? 0), matches(candidate)
      {
        found = (id, (bytes, candidate))
      }
      return true
    }
    return found
  }

  /// Reads the target's newest records at `path` and chooses among them (`choose`).
  static func find(
    _ client: MonicaClient, path: String, what: String, above floor: Int, excluding: (Int) -> Bool,
    matches: (JSONObject) -> Bool
  ) async throws(MonicaError) -> (target: Int, found: ([UInt8], JSONObject))? {
    choose(in: try await newest(client, path: path, what: what), above: floor, excluding: excluding, matches: matches)
  }

  /// The highest id among the target's newest records at `path`, 0 when there are none.
  static func highestID(_ client: MonicaClient, path: String, what: String) async throws(MonicaError) -> Int {
    var highest = 0
    try await newest(client, path: path, what: what).forEachRecord { raw in
      if case .object(let record)? = try? JSONValue(parsing: Array(raw)), let id = record["id"]?.intValue {
        highest = max(highest, id)
      }
      return true
    }
    return highest
  }

  /// Whether a candidate is what the create of `record` would make: every field the create sends
  /// is the candidate's, compared as Monica stored it (trimmed, "" as null: TrimStrings,
  /// ConvertEmptyStringsToNull); a field the create leaves out takes the server's default,
  /// whatever it is, and a write-only field (`gender_id`) no record gives back is not compared.
  /// A null sent for a flag stored `false` is the same: a boolean column keeps its default, false,
  /// for a null (a call's `contact_called`, 2018_12_08_233140_add_who_called_to_calls.php:17).
  static func sameAsCreate(of record: JSONObject, mapping: WriteMapping, today: CalendarDate)
    -> (JSONObject) -> Bool
  {
    var sent = mapping.body(line: record, record: record, operation: .create, today: today)
    for field in mapping.fields where field.source == .writeName { sent[field.name] = nil }
    let body = MonicaInput.cleaned(sent)
    return { candidate in
      let made = mapping.body(line: JSONObject(), record: candidate, operation: .create, today: today)
      return body.members.allSatisfy { member in
        made[member.key] == member.value
          || (member.value == .null && (made[member.key] == nil || made[member.key] == .bool(false)))
      }
    }
  }

  private static func newest(_ client: MonicaClient, path: String, what: String) async throws(MonicaError)
    -> PageEnvelope
  {
    let response = try await client.get(path, query: newestQuery, what: what)
    return try PageEnvelope(response.body, request: "GET /api\(path)")
  }
}
