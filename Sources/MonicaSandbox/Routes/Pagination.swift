import MonicaKit

/// One page of a list, rendered as Laravel's paginated resource collection.
package struct Pagination: Sendable, Equatable {
  /// The 1-based page asked for.
  package var page: Int
  /// Records per page.
  package var perPage: Int
  /// Records in the whole list.
  package var total: Int

  package init(page: Int, perPage: Int, total: Int) {
    self.page = page
    self.perPage = perPage
    self.total = total
  }

  /// The last page: at least 1.
  package var lastPage: Int { max(1, (total + perPage - 1) / perPage) }

  /// The range of the list's indexes on this page (empty past the end).
  package var range: Range<Int> {
    let start = min(total, (page - 1) * perPage)
    return start..<min(total, start + perPage)
  }

  /// Laravel's `page` resolution: a positive integer, else 1.
  package static func page(from text: String?) -> Int {
    guard let text, let value = Int(text), value >= 1 else { return 1 }
    return value
  }

  /// The URL of a page: the path with only `page`, which is why Monica's links drop every other
  /// parameter.
  package static func url(_ path: String, _ page: Int) -> String { "\(path)?page=\(page)" }

  /// `links` and `meta` for a page of `count` records at `path`, with `extraMeta` appended to meta.
  package func envelope(path: String, count: Int, extraMeta: [JSONObject.Member] = []) -> (
    links: JSONValue, meta: JSONValue
  ) {
    let from: JSONValue = count > 0 ? .int((page - 1) * perPage + 1) : .null
    let to: JSONValue = count > 0 ? .int((page - 1) * perPage + count) : .null
    let previous: JSONValue = page > 1 ? .string(Self.url(path, page - 1)) : .null
    let next: JSONValue = page < lastPage ? .string(Self.url(path, page + 1)) : .null
    let links = JSONValue.object(
      JSONObject([
        "first": .string(Self.url(path, 1)), "last": .string(Self.url(path, lastPage)), "prev": previous, "next": next,
      ]))
    var pageLinks: [JSONValue] = [link(previous, "❮ Previous", false)]
    for element in window() {
      if let number = element {
        pageLinks.append(link(.string(Self.url(path, number)), String(number), number == page))
      } else {
        pageLinks.append(link(.null, "...", false))
      }
    }
    pageLinks.append(link(next, "Next ❯", false))
    var meta: [JSONObject.Member] = [
      .init("current_page", .int(page)), .init("from", from), .init("last_page", .int(lastPage)),
      .init("links", .array(pageLinks)), .init("path", .string(path)), .init("per_page", .int(perPage)),
      .init("to", to), .init("total", .int(total)),
    ]
    meta += extraMeta
    return (links, .object(JSONObject(meta)))
  }

  /// The numbered links Laravel's UrlWindow shows (3 on each side); nil is a "..." gap.
  package func window() -> [Int?] {
    let onEachSide = 3
    let last = lastPage
    if last < onEachSide * 2 + 8 { return (1...last).map { $0 } }
    let window = onEachSide + 4
    let start: [Int?] = [1, 2]
    let finish: [Int?] = [last - 1, last]
    if page <= window { return (1...(window + onEachSide)).map { $0 } + [nil] + finish }
    if page > last - window { return start + [nil] + ((last - (window + onEachSide - 1))...last).map { $0 } }
    return start + [nil] + ((page - onEachSide)...(page + onEachSide)).map { $0 } + [nil] + finish
  }

  private func link(_ url: JSONValue, _ label: String, _ active: Bool) -> JSONValue {
    .object(JSONObject(["url": url, "label": .string(label), "active": .bool(active)]))
  }

  /// The whole response body: `{"data":[...],"links":{...},"meta":{...}}` from pre-rendered items.
  package func body(path: String, items: [[UInt8]], extraMeta: [JSONObject.Member] = []) -> [UInt8] {
    let (links, meta) = envelope(path: path, count: items.count, extraMeta: extraMeta)
    var out: [UInt8] = []
    out.reserveCapacity(items.reduce(512) { $0 + $1.count + 1 })
    out.append(contentsOf: #"{"data":["#.utf8)
    for (index, item) in items.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: item)
    }
    out.append(contentsOf: #"],"links":"#.utf8)
    JSONWriter.monica.write(links, to: &out)
    out.append(contentsOf: #","meta":"#.utf8)
    JSONWriter.monica.write(meta, to: &out)
    out.append(UInt8(ascii: "}"))
    return out
  }
}
