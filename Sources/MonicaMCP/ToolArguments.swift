import MonicaKit

/// A tool call's arguments, checked against the tool's schema before anything is read: unknown
/// names, wrong types, empty or oversized text and numbers out of range are refused with the
/// argument's name, as the model can correct them.
package struct ToolArguments: Sendable {
  private let values: JSONObject
  /// The longest text any argument takes (a note's body): bounded before it is held or sent.
  package static let maximumText = 100_000

  /// `values` for `tool`, whose schema names the arguments it takes.
  package init(_ values: JSONObject, allowed: [String]) throws(ToolProblem) {
    for key in values.keys where !allowed.contains(key) {
      throw .argument(
        key, "not an argument of this tool (it takes \(allowed.isEmpty ? "none" : allowed.joined(separator: ", ")))")
    }
    self.values = values
  }

  /// Whether the call gave `name` (a null is not given).
  package func has(_ name: String) -> Bool { values[name].map { $0 != .null } ?? false }

  /// A text argument, trimmed as Monica trims its input (`MonicaInput.trim`: ASCII white space,
  /// U+FEFF and U+200B, not a no-break space), so that what is planned, sent and compared is what
  /// Monica stores, and a text Monica would store as null is refused here; `nil` when absent.
  package func text(_ name: String, limit: Int = 1_000) throws(ToolProblem) -> String? {
    guard let value = values[name], value != .null else { return nil }
    guard case .string(let raw) = value else { throw .argument(name, "expected a string") }
    let text = MonicaInput.trim(raw)
    guard !text.isEmpty else { throw .argument(name, "empty") }
    guard text.utf8.count <= limit else { throw .argument(name, "longer than \(limit) bytes") }
    return text
  }

  /// A text argument that must be given.
  package func required(_ name: String, limit: Int = 1_000) throws(ToolProblem) -> String {
    guard let text = try text(name, limit: limit) else { throw .argument(name, "required") }
    return text
  }

  /// A whole number in `range`; `nil` when absent.
  package func integer(_ name: String, in range: ClosedRange<Int>) throws(ToolProblem) -> Int? {
    guard let value = values[name], value != .null else { return nil }
    guard case .number(let text) = value, let number = Int(text) else {
      throw .argument(name, "expected a whole number")
    }
    guard range.contains(number) else { throw .argument(name, "expected \(range.lowerBound)...\(range.upperBound)") }
    return number
  }

  /// A day, `YYYY-MM-DD`; `nil` when absent.
  package func day(_ name: String) throws(ToolProblem) -> CalendarDate? {
    guard let text = try text(name, limit: 10) else { return nil }
    guard text.count == 10, let day = CalendarDate(parsing: text) else {
      throw .argument(name, "expected a day as YYYY-MM-DD")
    }
    return day
  }

  /// One of `choices`; `nil` when absent.
  package func choice(_ name: String, _ choices: [String]) throws(ToolProblem) -> String? {
    guard let text = try text(name, limit: 100) else { return nil }
    guard choices.contains(text) else { throw .argument(name, "expected one of \(choices.joined(separator: ", "))") }
    return text
  }

  /// A list of short texts, at least one.
  package func texts(_ name: String, limit: Int = 50) throws(ToolProblem) -> [String] {
    guard let value = values[name], value != .null else { throw .argument(name, "required") }
    guard case .array(let items) = value, !items.isEmpty, items.count <= limit else {
      throw .argument(name, "expected a list of 1 to \(limit) strings")
    }
    var texts: [String] = []
    for item in items {
      guard case .string(let raw) = item else { throw .argument(name, "expected strings") }
      let text = MonicaInput.trim(raw)
      guard !text.isEmpty, text.utf8.count <= 250 else { throw .argument(name, "each must be 1 to 250 bytes") }
      if !texts.contains(text) { texts.append(text) }
    }
    return texts
  }
}
