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
    guard kind.sortColumns.contains(listing.sort.column) || !kind.listing.sorted.contains(.list) else {
      return .error(500, 40)
    }
    let path = "\(baseURL)/api/\(kind.name)"
    if kind.matching == .global { return globalList(kind, listing, path: path) }
    let sortKey = "\(listing.sort.column)|\(listing.sort.descending)"
    let withFields = kind == .contact && request.query["with"] == RecordKind.withContactFields.1
    if kind == .contact, let needle = request.query["query"], !needle.isEmpty, needle != "0" {
      let text = APIRequest.rawDecode(needle[...])
      return store.withState { state in
        let (ids, found) = Self.search(text, sort: listing.sort, contents: state.contents)
        return page(
          kind, ids, listing, path: path, variant: withFields ? found.withContactFields : found,
          extraMeta: [.init("query", .string(text))], state: &state)
      }
    }
    return store.withState { state in
      let ids = state.listing("\(kind.name)|\(sortKey)") { contents in
        var records = contents[kind].all
        if kind == .contact {
          records = records.filter { $0["is_partial"]?.boolValue != true && $0["is_active"]?.boolValue != false }
        }
        return Self.sorted(records, by: kind.listing.sorted.contains(.list) ? listing.sort : Self.unsorted)
      }
      var extra: [JSONObject.Member] = []
      if let date = kind.listing.yearlyStatistics {
        extra.append(.init("statistics", Self.yearlyStatistics(state.contents[kind].all, date: date)))
      }
      // Contact.php:22 reads `with` for every contact it renders, listed ones too.
      return page(
        kind, ids, listing, path: path, variant: withFields ? .contactFields : .plain, extraMeta: extra, state: &state)
    }
  }

  /// Contact search as SearchHelper does it: `field:term` (a colon with text on both sides; the
  /// field is the text before the last such colon, as the greedy `(.{1,})[:](.{1,})` of
  /// app/Helpers/SearchHelper.php:27 takes it) finds contacts with a contact field of a type
  /// LIKE `field` whose data is LIKE `term%` (:31-42); else each word, split on spaces, is OR-ed
  /// as LIKE `%word%` over first, middle, last name, nickname, description and job
  /// (app/Traits/Searchable.php:112-123, app/Models/Contact/Contact.php:65-72). `LikePattern`
  /// folds case and accents and keeps `%` and `_` wildcards, as MySQL does.
  package static func search(
    _ needle: String, sort: (column: String, descending: Bool), contents: StoreContents
  ) -> (ids: [Int], variant: RecordVariant) {
    let contacts = contents[.contact].all.filter { $0["is_partial"]?.boolValue != true }
    if let colon = fieldColon(needle) {
      // The first of the account's types whose name is LIKE the field, by id, as `->first()`
      // takes it (SearchHelper.php:31-35); a store loaded without the types has its fields' ones.
      let field = LikePattern(String(needle[..<colon]))
      let known = contents[.contactFieldType].all.map(JSONValue.object)
      let types = known.isEmpty ? contents.contactFields.values.joined().compactMap { $0["contact_field_type"] } : known
      let type = types.compactMap { type -> Int? in
        guard field.matches(type["name"]?.stringValue ?? "") else { return nil }
        return type["id"]?.intValue
      }.min()
      let term = LikePattern(String(needle[needle.index(after: colon)...]) + "%")
      let matching = contacts.filter { contact in
        guard let id = contact["id"]?.intValue, let type else { return false }
        return (contents.contactFields[id] ?? []).contains { value in
          value["contact_field_type"]?["id"]?.intValue == type && term.matches(value["content"]?.stringValue ?? "")
        }
      }
      return (sorted(matching, by: sort), .plain)
    }
    let words = needle.split(separator: " ", omittingEmptySubsequences: false).map { LikePattern("%\($0)%") }
    let matching = contacts.filter { contact in
      let columns = [
        contact["first_name"], contact["last_name"], contact["nickname"], contact["description"],
        contact["information"]?["career"]?["job"],
      ].compactMap { $0?.stringValue }
      return words.contains { word in columns.contains { word.matches($0) } }
    }
    return (sorted(matching, by: sort), .search)
  }

  /// The colon of a `field:term` search: the last one with a character before and after it.
  static func fieldColon(_ needle: String) -> String.Index? {
    guard needle.count >= 3 else { return nil }
    let inner = needle[needle.index(after: needle.startIndex)..<needle.index(before: needle.endIndex)]
    return inner.lastIndex(of: ":")
  }

  /// `meta.statistics` of activity and call lists: records per year of `date`, latest year first.
  static func yearlyStatistics(_ records: [JSONObject], date: String) -> JSONValue {
    let years = records.compactMap { $0[date]?.stringValue?.prefix(4) }.map(String.init).sorted(by: >)
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
    if kind.matching == .global { return globalShow(kind, id) }
    guard let number = Int(id) else { return .notFound }
    let variant: RecordVariant =
      kind == .contact && request.query["with"] == RecordKind.withContactFields.1 ? .contactFields : .plain
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
    guard kind.sortColumns.contains(listing.sort.column) || !kind.listing.sorted.contains(.nested) else {
      return .error(500, 40)
    }
    return store.withState { state in
      guard state.contents[.contact].records[contactID] != nil else { return .notFound }
      let sort = kind.listing.sorted.contains(.nested) ? listing.sort : Self.unsorted
      let ids = Self.sorted(state.children(of: contactID, kind: kind), by: sort)
      guard kind.listing.paginated else {
        return Self.unpaginated(ids.compactMap { state.wire(kind, $0) })
      }
      return page(kind, ids, listing, path: "\(baseURL)/api/contacts/\(contactID)/\(kind.name)", state: &state)
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
