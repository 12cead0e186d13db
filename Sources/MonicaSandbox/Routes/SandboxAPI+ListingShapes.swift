import MonicaKit

/// The shapes of a listing beside the paginated one, as the catalogue entries declare them: a
/// whole collection with no links or meta, and the lists every instance has the same rows of.
extension SandboxAPI {
  /// The order of a listing without `orderBy`: the table's own (insertion) order.
  static let unsorted = (column: "", descending: false)

  /// `{"data":[...]}` with every record and no links or meta: a collection of a `->get()`
  /// (ApiRelationshipController.php:27-35).
  static func unpaginated(_ items: [[UInt8]]) -> APIResponse {
    var body = Array(#"{"data":["#.utf8)
    for (offset, item) in items.enumerated() {
      if offset > 0 { body.append(UInt8(ascii: ",")) }
      body += item
    }
    body += Array("]}".utf8)
    return APIResponse(status: 200, body: body)
  }

  /// The list of a kind every instance has the same rows of (currencies, countries): paginated,
  /// or, for countries, one object keyed by id (Misc/ApiCountryController.php:20-27).
  func globalList(_ kind: RecordKind, _ listing: ListingRequest, path: String) -> APIResponse {
    let records = SeedData.reference(kind)
    if kind.listing.keyedByID {
      // `countries(true, true)` of rinvex/countries keys each country by its lower-case alpha-2
      // code, which the collection's map keeps (CountriesHelper.php:19-25): "de", not "DE".
      let members = records.map { JSONObject.Member(($0["id"]?.displayText ?? "").lowercased(), .object($0)) }
      return .json(200, .object(JSONObject(["data": .object(JSONObject(members))])))
    }
    let pagination = Pagination(page: listing.page, perPage: listing.perPage, total: records.count)
    let items = pagination.range.map { JSONWriter.monica.bytes(.object(records[$0])) }
    return APIResponse(status: 200, body: pagination.body(path: path, items: items))
  }

  /// One record of a kind every instance has the same rows of.
  func globalShow(_ kind: RecordKind, _ id: String) -> APIResponse {
    guard let record = SeedData.reference(kind).first(where: { $0["id"]?.displayText == id }) else {
      return .notFound
    }
    return .json(200, .object(JSONObject(["data": .object(record)])))
  }
}
