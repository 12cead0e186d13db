import Foundation

/// A CSV file's header as read: which export it is and what each of its columns means. A
/// recognised header's columns that the export's map does not name are carried into the note
/// under their own name (and said once on stderr), never dropped.
package struct CSVLayout: Sendable {
  /// The exports `--from` names.
  package enum Source: String, CaseIterable, Sendable {
    case google, outlook, linkedin, columns
  }

  /// The column maps.
  enum Format: Equatable, Sendable {
    case google, googleOlder, outlook, linkedIn, columns
  }

  let format: Format
  /// The export as the summary names it: `Google CSV`, `Outlook.com CSV`...
  let name: String
  /// What each column means, by position.
  let columns: [CSVColumn]
  /// The header's names as written (trimmed).
  let headers: [String]
  /// The header's names this layout does not know: their cells go to the note.
  let unknown: [String]

  /// How many headers' names the most a message lists.
  static let namesListed = 12

  /// The layout of `headers`: the export `source` says (any, when `nil`), `nil` when it is none
  /// of them.
  static func recognize(_ headers: [String], as source: Source?) -> CSVLayout? {
    let headers = headers.map { $0.trimmingWhiteSpace }
    let keys = Set(headers.map { $0.lowercased() })
    func has(_ names: String...) -> Bool { names.contains { keys.contains($0.lowercased()) } }
    if source == nil || source == .linkedin {
      let isLinkedIn = has("First Name") && has("Last Name") && (has("Connected On") || source == .linkedin)
      if isLinkedIn { return make(.linkedIn, "LinkedIn Connections", headers, linkedIn, numbered: false) }
      if source == .linkedin { return nil }
    }
    var candidates: [(layout: CSVLayout, known: Int)] = []
    if source == nil || source == .google {
      let current = make(.google, "Google CSV", headers, google, numbered: true)
      let named = current.columns.contains(.firstName) || current.columns.contains(.lastName)
      let googleOnly = current.columns.contains { column in
        if case .numbered = column { return true }
        if case .tags = column { return true }
        return column == .fileAs
      }
      if named, googleOnly || source == .google { candidates.append((current, current.known)) }
      let older = make(.googleOlder, "Google CSV (older)", headers, googleOlder, numbered: true)
      let olderNamed = has("Given Name", "Family Name", "Name")
      let olderOnly = older.columns.contains { column in
        if case .numbered = column { return true }
        if case .tags = column { return true }
        return false
      }
      if olderNamed, olderOnly || source == .google { candidates.append((older, older.known)) }
    }
    if source == nil || source == .outlook {
      let outlook = make(.outlook, outlookName(keys), headers, outlook, numbered: false)
      let named = outlook.columns.contains(.firstName) || outlook.columns.contains(.lastName)
      if named, outlook.known >= 3 || source == .outlook { candidates.append((outlook, outlook.known)) }
    }
    return candidates.max { $0.known < $1.known }?.layout
  }

  /// The layout `--columns` gives `headers`; `nil` and the names not found when a named column
  /// is not in the header.
  static func columns(_ spec: CSVColumnSpec, headers: [String]) -> (layout: CSVLayout?, missing: [String]) {
    let headers = headers.map { $0.trimmingWhiteSpace }
    var columns: [CSVColumn?] = Array(repeating: nil, count: headers.count)
    var missing: [String] = []
    for (field, header) in spec.pairs {
      guard
        let index = headers.indices.first(where: { headers[$0] == header && columns[$0] == nil })
          ?? headers.indices.first(where: { headers[$0].lowercased() == header.lowercased() && columns[$0] == nil })
      else {
        missing.append(header)
        continue
      }
      columns[index] = field == .note ? .note(headers[index]) : field.column
    }
    guard missing.isEmpty else { return (nil, missing) }
    let filled = zip(headers.indices, columns).map { index, column in
      column ?? .note(headers[index].isEmpty ? "Column \(index + 1)" : headers[index])
    }
    let unknown = zip(headers, columns).compactMap { $1 == nil && !$0.isEmpty ? $0 : nil }
    return (CSVLayout(format: .columns, name: "--columns", columns: filled, headers: headers, unknown: unknown), [])
  }

  /// How many of the columns the layout's map names.
  private var known: Int { columns.count - unknown.count }

  /// The layout of `headers` under `table`, with Google's numbered groups when `numbered`.
  private static func make(
    _ format: Format, _ name: String, _ headers: [String], _ table: [String: [CSVColumn]], numbered: Bool
  ) -> CSVLayout {
    var seen: [String: Int] = [:]
    var columns: [CSVColumn] = []
    var unknown: [String] = []
    for (index, header) in headers.enumerated() {
      let key = header.lowercased()
      let occurrence = seen[key, default: 0]
      seen[key] = occurrence + 1
      if let meanings = table[key], occurrence < meanings.count {
        columns.append(meanings[occurrence])
      } else if numbered, occurrence == 0, let group = numberedColumn(header) {
        columns.append(group)
      } else {
        columns.append(.note(header.isEmpty ? "Column \(index + 1)" : header))
        if !header.isEmpty { unknown.append(header) }
      }
    }
    return CSVLayout(format: format, name: name, columns: columns, headers: headers, unknown: unknown)
  }

  /// `E-mail 1 - Value` as `.numbered(.email, number: 1, part: .value)`; `nil` when the name is
  /// not `<Kind> <N> - <Part>`.
  static func numberedColumn(_ header: String) -> CSVColumn? {
    guard let dash = header.range(of: " - ", options: .backwards) else { return nil }
    let group = header[..<dash.lowerBound]
    let part = String(header[dash.upperBound...])
    guard let space = group.lastIndex(of: " "), let number = Int(group[group.index(after: space)...]), number > 0,
      !part.isEmpty
    else { return nil }
    let kind = CSVGroupKind(String(group[..<space]))
    return .numbered(kind, number: number, part: CSVGroupPart(part, of: kind))
  }

  /// The Outlook export a header's names show: desktop Outlook (it names each e-mail's type),
  /// outlook.com (Yomi names), Google's "Outlook CSV" (a formatted address), a language.
  private static func outlookName(_ keys: Set<String>) -> String {
    if keys.contains("vorname") || keys.contains("nachname") { return "Outlook CSV (German)" }
    if keys.contains("prénom") { return "Outlook CSV (French)" }
    if keys.contains("e-mail type") || keys.contains("e-mail display name") { return "Outlook CSV (desktop)" }
    if keys.contains("given yomi") { return "Outlook.com CSV" }
    if keys.contains("home address") || keys.contains("business address") { return "Google's Outlook CSV" }
    return "Outlook CSV"
  }

  /// `"A", "B", "C" and 4 more`: header names for a message, quoted.
  static func listed(_ names: [String]) -> String {
    let shown = names.prefix(namesListed).map { OutsideText.quoted($0) }.joined(separator: ", ")
    return names.count > namesListed ? shown + " and \(names.count - namesListed) more" : shown
  }
}
