import Foundation
import MonicaKit

/// Laravel's validator for the rules the write routes use, with its English messages.
package struct Validation {
  /// The input being checked.
  package let input: JSONObject
  /// The messages so far, in rule order.
  package private(set) var messages: [String] = []

  package init(_ input: JSONObject) { self.input = input }

  /// `snake_case` to Laravel's attribute text: `first_name` -> `first name`.
  static func attribute(_ key: String) -> String { key.replacingOccurrences(of: "_", with: " ") }

  private func present(_ key: String) -> Bool {
    guard let value = input[key] else { return false }
    if value == .null { return false }
    if case .string(let text) = value { return !text.trimmingCharacters(in: .whitespaces).isEmpty }
    if case .array(let elements) = value { return !elements.isEmpty }
    return true
  }

  private mutating func fail(_ text: String) { messages.append(text) }

  /// `required`.
  @discardableResult
  package mutating func required(_ key: String) -> Bool {
    if present(key) { return true }
    fail("The \(Self.attribute(key)) field is required.")
    return false
  }

  /// `[required|nullable]|boolean`: true, false, 0, 1, "0", "1".
  package mutating func boolean(_ key: String, required isRequired: Bool = false) {
    if isRequired && !required(key) { return }
    guard present(key), let value = input[key] else { return }
    switch value {
    case .bool: return
    case .number(let text) where text == "0" || text == "1": return
    case .string(let text) where text == "0" || text == "1": return
    default: fail("The \(Self.attribute(key)) field must be true or false.")
    }
  }

  /// `[required|nullable]|integer`.
  package mutating func integer(_ key: String, required isRequired: Bool = false) {
    if isRequired && !required(key) { return }
    guard present(key), let value = input[key] else { return }
    if value.intValue == nil { fail("The \(Self.attribute(key)) must be an integer.") }
  }

  /// `[required|nullable]|string|max:N`.
  package mutating func string(_ key: String, required isRequired: Bool = false, max: Int? = nil) {
    if isRequired && !required(key) { return }
    guard present(key), let value = input[key] else { return }
    guard let text = value.stringValue else { return fail("The \(Self.attribute(key)) must be a string.") }
    if let max, text.count > max { fail("The \(Self.attribute(key)) may not be greater than \(max) characters.") }
  }

  /// `required|array`.
  package mutating func array(_ key: String, required isRequired: Bool = false) {
    if isRequired && !required(key) { return }
    guard present(key), let value = input[key] else { return }
    if value.arrayValue == nil { fail("The \(Self.attribute(key)) must be an array.") }
  }

  /// `in:a,b,c`.
  package mutating func oneOf(_ key: String, _ choices: [String], required isRequired: Bool = false) {
    if isRequired && !required(key) { return }
    guard present(key), let value = input[key] else { return }
    if !choices.contains(value.stringValue ?? "") { fail("The selected \(Self.attribute(key)) is invalid.") }
  }

  /// `exists`: a custom presence check against the store.
  package mutating func exists(_ key: String, _ found: Bool) {
    if present(key) && !found { fail("The selected \(Self.attribute(key)) is invalid.") }
  }

  /// Monica's rules of one write as the catalogue holds them (MonicaKit/Kinds/Entries), checked
  /// by MonicaKit's one checker (WriteRuleChecker.swift) in Monica's order, with its messages;
  /// `exists(field, rule, value)` decides each `exists:<table>,id` on the sandbox's rows.
  package mutating func rules(_ rules: WriteRules, exists: @escaping @Sendable (String, String, JSONValue) -> Bool) {
    messages += rules.problems(in: input, exists: exists).map(\.message)
  }

  /// A custom message.
  package mutating func add(_ message: String) { fail(message) }

  /// The 422 answer, or nil when everything passed.
  package var failure: APIResponse? {
    messages.isEmpty ? nil : .error(422, 32, .array(messages.map(JSONValue.string)))
  }
}
