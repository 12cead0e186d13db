/// What a Monica page envelope promises: `{"data":[…],"links":{…},"meta":{…}}` as Laravel's
/// LengthAwarePaginator renders a resource collection (laravel/framework 9.x,
/// src/Illuminate/Pagination: LengthAwarePaginator::__construct and toArray, AbstractPaginator
/// firstItem/lastItem/previousPageUrl), with the quirks of monica-api.md: links are absolute and
/// keep only `page`.
extension ObjectShape {
  /// A page of a list.
  package static let page = ObjectShape(
    "page envelope", source: "Laravel LengthAwarePaginator (9.x); /work/shared/monica-api.md, Pagination",
    fields: [
      FieldRule("data", .array(.record)),
      FieldRule(
        "links",
        .object(
          ObjectShape(
            "page's links", source: "Laravel PaginatedResourceResponse::paginationLinks",
            fields: [
              FieldRule("first", .url), FieldRule("last", .url), FieldRule("prev", .nullable(.url)),
              FieldRule("next", .nullable(.url)),
            ]))),
      FieldRule("meta", .object(pageMeta)),
    ],
    checks: [.pageCounts, .pageLinks, .pageOfOneKind])

  /// One record's answer (`GET /api/contacts/12`): `{"data":{…}}`.
  package static let single = ObjectShape(
    "single-record answer", source: "Laravel JsonResource::toResponse (the \"data\" wrapper)",
    fields: [FieldRule("data", .record)])

  private static let pageMeta = ObjectShape(
    "page's meta", source: "Laravel LengthAwarePaginator::toArray (9.x)",
    fields: [
      FieldRule("current_page", .id), FieldRule("from", .nullable(.id)), FieldRule("last_page", .id),
      FieldRule(
        "links",
        .array(
          .object(
            ObjectShape(
              "page link", source: "Laravel LengthAwarePaginator::linkCollection",
              fields: [
                FieldRule("url", .nullable(.url)), FieldRule("label", .string), FieldRule("active", .boolean),
              ]))), .optional),
      FieldRule("path", .url), FieldRule("per_page", .id), FieldRule("to", .nullable(.id)), FieldRule("total", .count),
      // Contact search adds the query, activity lists their yearly statistics (monica-api.md).
      FieldRule("query", .string, .optional), FieldRule("statistics", .any, .optional),
    ])
}

extension ContractCheck {
  /// `meta` agrees with `data` and with itself.
  package static let pageCounts = ContractCheck(
    "page.meta",
    "to - from + 1 is the number of records, from is where the page starts, last_page is ceil(total / per_page), "
      + "current_page is in range, every page but the last is full",
    source: "Laravel LengthAwarePaginator::__construct, AbstractPaginator::firstItem/lastItem (9.x)"
  ) { view, report in
    guard let data = view["data"], data.isArray, let meta = view["meta"],
      let current = CheckValue.integer(meta.member("current_page")),
      let perPage = CheckValue.integer(meta.member("per_page")), perPage > 0,
      let total = CheckValue.integer(meta.member("total")), let last = CheckValue.integer(meta.member("last_page"))
    else { return }
    let count = data.elements.count
    let from = meta.member("from")
    let to = meta.member("to")
    let pages = max(1, (total + perPage - 1) / perPage)
    if last != pages {
      report.add(
        "meta.last_page",
        "\(last), but total \(total) at per_page \(perPage) makes \(pages) page\(pages == 1 ? "" : "s")")
    }
    if count > perPage { report.add("data", "\(count) records, more than per_page \(perPage)") }
    if count == 0 {
      if from?.isNull == false { report.add("meta.from", "set, but data is empty") }
      if to?.isNull == false { report.add("meta.to", "set, but data is empty") }
      return
    }
    if current > last { report.add("meta.current_page", "\(current), past last_page \(last), on a page with records") }
    let start = (current - 1) * perPage + 1
    if let first = CheckValue.integer(from), first != start {
      report.add("meta.from", "\(first), but page \(current) at per_page \(perPage) starts at record \(start)")
    } else if from?.isNull == true {
      report.add("meta.from", "null, but data holds \(count) records")
    }
    if let first = CheckValue.integer(from), let end = CheckValue.integer(to), end - first + 1 != count {
      report.add("meta.to", "\(end), but from \(first) and \(count) records end at \(first + count - 1)")
    } else if to?.isNull == true {
      report.add("meta.to", "null, but data holds \(count) records")
    }
    if current < last && count != perPage {
      report.add("data", "\(count) records on page \(current) of \(last), but every page but the last holds \(perPage)")
    }
    if current == last, let end = CheckValue.integer(to), end != total {
      report.add("meta.total", "\(total), but the last page ends at record \(end)")
    }
  }

  /// Links are absolute, on the instance's origin, and point at the pages they name.
  package static let pageLinks = ContractCheck(
    "page.links",
    "links and meta.path are absolute and on one origin; first, last, prev and next name pages 1, last_page, "
      + "current_page - 1 and current_page + 1 (prev and next null at the ends)",
    source: "Laravel AbstractPaginator::url/previousPageUrl, LengthAwarePaginator::nextPageUrl; monica-api.md"
  ) { view, report in
    guard let links = view["links"], links.isObject, let meta = view["meta"], meta.isObject else { return }
    let path = CheckValue.text(meta.member("path")).flatMap { text in WebURL(text.utf8) }
    let firstLink = CheckValue.text(links.member("first")).flatMap { text in WebURL(text.utf8) }
    guard let origin = (path ?? firstLink)?.origin else { return }
    var urls: [(field: String, text: String)] = []
    for key in ["first", "last", "prev", "next"] {
      if let text = CheckValue.text(links.member(key)) { urls.append(("links." + key, text)) }
    }
    var index = 0
    meta.member("links")?.forEachElement { link in
      if let text = CheckValue.text(link.member("url")) { urls.append(("meta.links.\(index).url", text)) }
      index += 1
      return true
    }
    if let text = CheckValue.text(meta.member("path")) { urls.append(("meta.path", text)) }
    for (field, text) in urls {
      guard let url = WebURL(text.utf8) else { continue }  // The field rule said it is not a URL.
      if url.origin != origin {
        report.add(field, "\(OutsideText.quoted(text)) is not on the origin of the others (\(origin))")
      } else if let path, field != "meta.path", url.path != path.path {
        report.add(field, "\(OutsideText.quoted(text)) is not a page of \(OutsideText.quoted(path.path))")
      }
    }
    guard let current = CheckValue.integer(meta.member("current_page")),
      let last = CheckValue.integer(meta.member("last_page"))
    else { return }
    let expected: [(String, Int?)] = [
      ("first", 1), ("last", last), ("prev", current > 1 ? current - 1 : nil),
      ("next", current < last ? current + 1 : nil),
    ]
    for (key, page) in expected {
      guard let link = links.member(key) else { continue }
      let field = "links." + key
      guard let page else {
        if !link.isNull { report.add(field, "set, but page \(current) of \(last) has no \(key) page") }
        continue
      }
      guard let text = CheckValue.text(link) else {
        if link.isNull { report.add(field, "null, but page \(current) of \(last) has a \(key) page (\(page))") }
        continue
      }
      if let url = WebURL(text.utf8), url.parameter("page") != String(page) {
        report.add(field, "\(OutsideText.quoted(text)) does not name page \(page)")
      }
    }
  }

  /// A page lists one collection: one kind of record.
  package static let pageOfOneKind = ContractCheck(
    "page.kind", "the records of a page are all of one kind",
    source: "app/Http/Controllers/Api/*: one resource per list"
  ) { view, report in
    guard let data = view["data"], data.isArray else { return }
    var kinds: [String] = []
    data.forEachElement { record in
      if let kind = CheckValue.text(record.member("object")), !kinds.contains(kind) { kinds.append(kind) }
      return true
    }
    if kinds.count > 1 {
      report.add("data", "records of several kinds (\(kinds.map(OutsideText.quoted).joined(separator: ", ")))")
    }
  }
}
