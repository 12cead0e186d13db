import MonicaKit

extension SandboxAPI {
  /// Ids of `records` sorted by a column, stably, nulls first as MySQL sorts them ascending.
  static func sorted(_ records: [JSONObject], by sort: (column: String, descending: Bool)) -> [Int] {
    let keyed = records.enumerated().map { (offset, record) in
      (offset, record["id"]?.intValue ?? 0, record[sort.column]?.stringValue)
    }
    let ordered = keyed.sorted { a, b in
      switch (a.2, b.2) {
      case (let x?, let y?) where x != y: return sort.descending ? x > y : x < y
      case (nil, _?): return !sort.descending
      case (_?, nil): return sort.descending
      default: return a.0 < b.0
      }
    }
    return ordered.map(\.1)
  }

  /// A paginated body of the ids' renderings.
  func page(
    _ kind: RecordKind, _ ids: [Int], _ listing: ListingRequest, path: String,
    variant: RecordVariant = .plain, extraMeta: [JSONObject.Member] = [], state: inout RecordStore.State
  ) -> APIResponse {
    let pagination = Pagination(page: listing.page, perPage: listing.perPage, total: ids.count)
    let items = pagination.range.compactMap { state.wire(kind, ids[$0], variant) }
    return APIResponse(status: 200, body: pagination.body(path: path, items: items, extraMeta: extraMeta))
  }

  func list(_ kind: RecordKind, _ request: APIRequest, _ listing: ListingRequest) -> APIResponse {
    guard kind.sortColumns.contains(listing.sort.column) else { return .error(500, 40) }
    let path = "\(baseURL)/api/\(kind.plural)"
    let sortKey = "\(listing.sort.column)|\(listing.sort.descending)"
    if kind == .contact, let needle = request.query["query"], !needle.isEmpty, needle != "0" {
      let text = APIRequest.rawDecode(needle[...])
      return store.withState { state in
        let (ids, variant) = Self.search(text, sort: listing.sort, contents: state.contents)
        return page(
          kind, ids, listing, path: path, variant: variant, extraMeta: [.init("query", .string(text))], state: &state)
      }
    }
    return store.withState { state in
      let ids = state.listing("\(kind.plural)|\(sortKey)") { contents in
        var records = contents[kind].all
        if kind == .contact {
          records = records.filter { $0["is_partial"]?.boolValue != true && $0["is_active"]?.boolValue != false }
        }
        return Self.sorted(records, by: listing.sort)
      }
      var extra: [JSONObject.Member] = []
      if kind == .activity { extra.append(.init("statistics", Self.yearlyStatistics(state.contents[.activity].all))) }
      return page(kind, ids, listing, path: path, extraMeta: extra, state: &state)
    }
  }

  /// Contact search as SearchHelper does it: `field:term` over contact fields, else each word
  /// OR-ed as a substring of first, middle, last name, nickname, description and job.
  package static func search(
    _ needle: String, sort: (column: String, descending: Bool), contents: StoreContents
  ) -> (ids: [Int], variant: RecordVariant) {
    let contacts = contents[.contact].all.filter { $0["is_partial"]?.boolValue != true }
    if let colon = needle.lastIndex(of: ":"), colon != needle.startIndex, needle.index(after: colon) != needle.endIndex
    {
      let field = needle[..<colon].lowercased()
      let term = needle[needle.index(after: colon)...].lowercased()
      let matching = contacts.filter { contact in
        guard let id = contact["id"]?.intValue else { return false }
        return (contents.contactFields[id] ?? []).contains { value in
          value["contact_field_type"]?["name"]?.stringValue?.lowercased() == field
            && (value["content"]?.stringValue?.lowercased().hasPrefix(term) ?? false)
        }
      }
      return (sorted(matching, by: sort), .plain)
    }
    let words = needle.lowercased().split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let matching = contacts.filter { contact in
      let columns = [
        contact["first_name"], contact["last_name"], contact["nickname"], contact["description"],
        contact["information"]?["career"]?["job"],
      ].compactMap { $0?.stringValue?.lowercased() }
      return words.contains { word in columns.contains { $0.contains(word) || word.isEmpty } }
    }
    return (sorted(matching, by: sort), .search)
  }

  /// `meta.statistics` of activity lists: activities per year, latest year first.
  static func yearlyStatistics(_ activities: [JSONObject]) -> JSONValue {
    let years = activities.compactMap { $0["happened_at"]?.stringValue?.prefix(4) }.map(String.init).sorted(by: >)
    guard !years.isEmpty else { return .array([]) }
    var counts: [JSONObject.Member] = []
    for year in years {
      if let index = counts.firstIndex(where: { $0.key == year }) {
        counts[index].value = .int((counts[index].value.intValue ?? 0) + 1)
      } else {
        counts.append(.init(year, .int(1)))
      }
    }
    return .object(JSONObject(counts))
  }

  func show(_ kind: RecordKind, _ id: String, _ request: APIRequest) -> APIResponse {
    guard let number = Int(id) else { return .notFound }
    let variant: RecordVariant = kind == .contact && request.query["with"] == "contactfields" ? .contactFields : .plain
    return store.withState { state in
      guard let bytes = state.wire(kind, number, variant) else { return .notFound }
      var body = Array(#"{"data":"#.utf8)
      body += bytes
      body.append(UInt8(ascii: "}"))
      return APIResponse(status: 200, body: body)
    }
  }

  func nested(_ contact: String, _ kind: RecordKind, _ listing: ListingRequest) -> APIResponse {
    guard let contactID = Int(contact) else { return .notFound }
    guard kind.sortColumns.contains(listing.sort.column) else { return .error(500, 40) }
    return store.withState { state in
      guard state.contents[.contact].records[contactID] != nil else { return .notFound }
      let ids = Self.sorted(state.children(of: contactID, kind: kind), by: listing.sort)
      return page(kind, ids, listing, path: "\(baseURL)/api/contacts/\(contactID)/\(kind.plural)", state: &state)
    }
  }

  func tagContacts(_ tag: String, _ listing: ListingRequest) -> APIResponse {
    guard let tagID = Int(tag) else { return .notFound }
    return store.withState { state in
      guard state.contents[.tag].records[tagID] != nil else { return .notFound }
      let ids = state.listing("tag|\(tagID)") { contents in
        contents[.contact].all.filter { contact in
          contact["tags"]?.arrayValue?.contains { $0["id"]?.intValue == tagID } ?? false
        }.compactMap { $0["id"]?.intValue }
      }
      return page(
        .contact, ids, listing, path: "\(baseURL)/api/tags/\(tagID)/contacts", variant: .contactFields, state: &state)
    }
  }
}
