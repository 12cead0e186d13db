import MonicaKit

/// Which contacts `--contact` names: one id, or ids read from standard input.
package enum ContactSelector: Sendable, Equatable {
  /// `--contact 12`.
  case id(Int)
  /// `--contact -`: contact records or bare ids, one per line.
  case standardInput
}

/// Everything `monica-fetch` was asked to do, checked before any request is made.
package struct FetchPlan: Sendable {
  /// The kind to read.
  package var resource: RecordKind
  /// One record's id (`monica-fetch contacts 12`).
  package var id: Int?
  /// Read the records whose ids (or records) standard input lists (`monica-fetch contacts -`).
  package var idsFromInput = false
  /// Read the items of these contacts through the nested routes.
  package var contact: ContactSelector?
  /// A tag id or name whose contacts to read.
  package var tag: String?
  /// Contact search text.
  package var query: String?
  /// A sort field, `-` prefixed for descending.
  package var sort: String?
  /// Ask for `with=contactfields`.
  package var withFields = false
  /// `--all`: every record of the account, every kind, `resource` aside.
  package var all = false
  /// `--upcoming N`: the reminders due in the month N months from now (`reminders/upcoming/{month}`).
  package var upcoming: Int?

  /// Stop after this many records.
  package var max: Int?
  /// Fetch only this page.
  package var page: Int?
  /// Records per request.
  package var pageSize = 100
  /// Only records updated at or after this instant, newest first.
  package var since: SinceTime?
  /// Pages in flight at once, once the last page is known.
  package var concurrency = 4

  package init(resource: RecordKind) { self.resource = resource }

  /// Takes the ID argument: a record's id, or `-` for ids (or records) on standard input.
  package mutating func take(id text: String?) throws(MonicaError) {
    guard let text else { return }
    if text == "-" {
      idsFromInput = true
    } else if let number = Int(text) {
      id = number
    } else {
      throw .usage("\(resource.name) \(text): expected a record id or - for ids on stdin")
    }
  }

  /// Fails with a usage error (64) for a combination of flags that cannot work.
  package func validate() throws(MonicaError) {
    if all && (id != nil || idsFromInput || contact != nil || tag != nil || query != nil || sort != nil || withFields) {
      throw .usage("--all: takes no KIND, ID, --contact, --tag, --query, --sort or --with-fields")
    }
    if all && (page != nil || since != nil || max != nil) {
      throw .usage("--all: reads every record once; --page, --since and --max would leave some out")
    }
    if let id, id < 1 { throw .usage("\(resource.singular) id \(id): expected a positive number") }
    if resource.routes.contains(.single)
      && (id != nil || contact != nil || tag != nil || page != nil || since != nil || sort != nil)
    {
      throw .usage("\(resource.name): takes no id and no listing options")
    }
    if idsFromInput && id != nil { throw .usage("\(resource.name): give one ID or -, not both") }
    if idsFromInput && resource.routes.contains(.single) {
      throw .usage("\(resource.name): takes no id and no listing options")
    }
    let label = idsFromInput ? "-" : "\(id ?? 0)"
    if id != nil || idsFromInput,
      contact != nil || tag != nil || query != nil || sort != nil || page != nil || since != nil || max != nil
    {
      throw .usage(
        "\(resource.name) \(label): one record takes no listing options (--contact, --tag, --query, --sort, --page, --since, --max)"
      )
    }
    if let upcoming {
      guard resource == .reminder, upcoming >= 0 else {
        throw .usage("--upcoming \(upcoming): only reminders take it, with a month from 0 (this month) on")
      }
      guard id == nil, !idsFromInput, contact == nil, page == nil, since == nil, sort == nil else {
        throw .usage("--upcoming: Monica lists them all at once, unsorted; it takes no id and no listing options")
      }
    }
    if (id != nil || idsFromInput) && !resource.routes.contains(.show) {
      throw .usage("\(resource.name): Monica has no route for one record; fetch them all and filter")
    }
    if !all && !resource.routes.contains(.list) && !resource.routes.contains(.single) && id == nil && !idsFromInput
      && contact == nil
    {
      throw .usage("\(resource.name): Monica lists them only per contact; give --contact ID (or - for ids on stdin)")
    }
    if contact != nil && !resource.isNestedUnderContacts {
      throw .usage(
        "--contact: only \(Self.nestedNames) are read per contact, not \(resource.name)")
    }
    if case .id(let contact)? = contact, contact < 1 {
      throw .usage("--contact \(contact): expected a positive id or -")
    }
    if tag != nil && resource != .contact {
      throw .usage("--tag: only contacts are read per tag, not \(resource.name)")
    }
    if tag != nil && contact != nil { throw .usage("--tag and --contact cannot be combined") }
    if (query != nil || withFields) && resource != .contact {
      throw .usage("\(query != nil ? "--query" : "--with-fields"): only contacts take it, not \(resource.name)")
    }
    if query != nil && tag != nil {
      throw .usage("--query and --tag cannot be combined: Monica does not search a tag's contacts")
    }
    if let sort { try Self.checkSort(sort) }
    if since != nil && sort != nil { throw .usage("--since sorts by -updated_at itself; drop --sort") }
    if since != nil && page != nil { throw .usage("--since and --page cannot be combined") }
    if let max, max < 1 { throw .usage("--max \(max): expected 1 or more") }
    if let page, page < 1 { throw .usage("--page \(page): expected 1 or more") }
    if !(1...100).contains(pageSize) { throw .usage("--page-size \(pageSize): expected 1 to 100 (Monica's maximum)") }
    if !(1...16).contains(concurrency) { throw .usage("--concurrency \(concurrency): expected 1 to 16") }
  }

  /// The kinds with a route per contact, in words: "activities, notes, tasks, gifts and photos".
  static var nestedNames: String {
    let names = RecordKind.all.filter(\.isNestedUnderContacts).map(\.name)
    return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " and " : "") + (names.last ?? "")
  }

  /// Checks a `--sort` value against the names Monica accepts, so a typo costs no request.
  package static func checkSort(_ sort: String) throws(MonicaError) {
    let field = sort.hasPrefix("-") ? String(sort.dropFirst()) : sort
    guard RecordKind.sortFields.contains(field) else {
      throw .usage(
        "--sort \(sort): expected one of \(RecordKind.sortFields.joined(separator: ", ")), optionally prefixed with - for descending"
      )
    }
  }

  /// The query of a listing request: sort, search and `with`, without `page` and `limit`.
  package var listingQuery: [(String, String)] {
    var items: [(String, String)] = []
    if let query { items.append(("query", query)) }
    if since != nil { items.append(("sort", "-updated_at")) } else if let sort { items.append(("sort", sort)) }
    if withFields { items.append(RecordKind.withContactFields) }
    return items
  }
}

extension ContactSelector {
  /// Parses `--contact`: a positive id, or `-` for standard input.
  package init(parsing text: String) throws(MonicaError) {
    if text == "-" {
      self = .standardInput
    } else if let id = Int(text), id > 0 {
      self = .id(id)
    } else {
      throw .usage("--contact \(text): expected a contact id or - for ids on standard input")
    }
  }
}
