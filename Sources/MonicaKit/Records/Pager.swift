/// Cuts a record stream into pages, or page envelopes back into records, holding at most one
/// page in memory.
package struct Pager {
  /// Records per page.
  package var size: Int
  /// The one page to print (from 1); `nil` prints them all.
  package var page: Int?
  /// Print Monica-shaped page envelopes instead of bare records.
  package var wrap: Bool
  /// The URL the envelopes' links point at (`…/api/contacts`); empty gives `?page=N` links.
  package var path: String

  package init(size: Int, page: Int? = nil, wrap: Bool = false, path: String = "") {
    self.size = size
    self.page = page
    self.wrap = wrap
    self.path = path
  }

  /// Pages `stream` to `output`; with a chosen page, says on `report` which records it held.
  package func run(
    _ stream: RecordStream, to output: LineOutput, environment: ToolEnvironment, report: (String) -> Void
  ) throws(MonicaError) {
    var total = 0
    try output.finishing { () throws(MonicaError) in
      if wrap {
        total = try wrapPages(stream, to: output, environment: environment)
      } else {
        let wanted = page.map { ($0 - 1) * size..<$0 * size }
        try stream.forEach { (record) throws(MonicaError) in
          if wanted?.contains(total) ?? true { try output.writeLine(record.bytes) }
          total += 1
        }
      }
    }
    if let page { report(summary(page: page, total: total)) }
  }

  /// "page K of M, records A-B of T", or "page K of M, no records of T" past the end.
  package func summary(page: Int, total: Int) -> String {
    let last = lastPage(total)
    let first = (page - 1) * size + 1
    guard first <= total else { return "page \(page) of \(last), no records of \(total)" }
    return "page \(page) of \(last), records \(first)-\(min(page * size, total)) of \(total)"
  }

  private func lastPage(_ total: Int) -> Int { max(1, (total + size - 1) / size) }

  /// Envelopes need the total up front: the first pass spools the checked records to a
  /// temporary file and counts them, the second reads them back a page at a time.
  private func wrapPages(
    _ stream: RecordStream, to output: LineOutput, environment: ToolEnvironment
  ) throws(MonicaError) -> Int {
    let spool = try Spool(environment: environment)
    try stream.forEach { (record) throws(MonicaError) in try spool.append(record.bytes) }
    let total = spool.count
    let last = lastPage(total)
    var envelope: [UInt8] = []
    var inPage = 0
    var current = 1
    func finish() throws(MonicaError) {
      if page == nil || page == current {
        if envelope.isEmpty { envelope.append(contentsOf: "{\"data\":[".utf8) }
        envelope.append(contentsOf: "]".utf8)
        appendLinksAndMeta(page: current, count: inPage, total: total, last: last, to: &envelope)
        try output.writeLine(envelope)
      }
      envelope.removeAll(keepingCapacity: true)
      inPage = 0
      current += 1
    }
    let reader = try spool.reader()
    try reader.forEachLine { (line) throws(MonicaError) in
      if page == nil || page == current {
        envelope.append(contentsOf: (inPage == 0 ? "{\"data\":[" : ",").utf8)
        envelope.append(contentsOf: line)
      }
      inPage += 1
      if inPage == size { try finish() }
    }
    if inPage > 0 || total == 0 {
      try finish()
    }
    // Monica answers a page past the end with an empty one: so does the wrapper.
    if let page, page > last {
      current = page
      try finish()
    }
    return total
  }

  /// Appends `,"links":{…},"meta":{…}}` in Monica's key order (without `meta.links`).
  private func appendLinksAndMeta(page: Int, count: Int, total: Int, last: Int, to out: inout [UInt8]) {
    let writer = JSONWriter.monica
    func link(_ target: Int?) -> JSONValue { target.map { .string("\(path)?page=\($0)") } ?? .null }
    let from = count > 0 ? JSONValue.int((page - 1) * size + 1) : .null
    let to = count > 0 ? JSONValue.int((page - 1) * size + count) : .null
    let links = JSONObject([
      "first": link(1), "last": link(last), "prev": link(page > 1 ? page - 1 : nil),
      "next": link(page < last ? page + 1 : nil),
    ])
    let meta = JSONObject([
      "current_page": .int(page), "from": from, "last_page": .int(last), "path": .string(path),
      "per_page": .int(size), "to": to, "total": .int(total),
    ])
    out.append(contentsOf: ",\"links\":".utf8)
    writer.write(.object(links), to: &out)
    out.append(contentsOf: ",\"meta\":".utf8)
    writer.write(.object(meta), to: &out)
    out.append(UInt8(ascii: "}"))
  }
}
