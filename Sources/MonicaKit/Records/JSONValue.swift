/// A JSON value that keeps what Monica sent: object keys in their order and numbers as written.
///
/// Foundation's `JSONSerialization` reorders keys and rewrites numbers, which would break the
/// promise that records pass through the toolset unchanged; this type is the toolset's own model.
package enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// The number's literal text, exactly as it stood in the input (`1`, `-0.5`, `1e3`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// A number value from an integer.
  package static func int(_ value: Int) -> JSONValue { .number(String(value)) }

  /// A string value, or `null` when the string is absent.
  package static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

  /// The member named `key` of an object; `nil` for a missing key or a value that is no object.
  package subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The value at a dotted path such as `information.career.job`; array elements by index (`tags.0`).
  package func value(at path: FieldPath) -> JSONValue? {
    var current = self
    for component in path.components {
      switch current {
      case .object(let object):
        guard let next = object[component] else { return nil }
        current = next
      case .array(let elements):
        guard let index = Int(component), elements.indices.contains(index) else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// The string, or `nil` when this is not a string.
  package var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The boolean, or `nil` when this is not a boolean.
  package var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// The integer, or `nil` when this is not an integral number (or a string holding one, as
  /// Monica sends some ids).
  package var intValue: Int? {
    switch self {
    case .number(let text), .string(let text): return Int(text)
    default: return nil
    }
  }

  /// The number as a `Double`, or `nil` when this is not a number.
  package var doubleValue: Double? {
    if case .number(let text) = self { return Double(text) }
    return nil
  }

  /// The object, or `nil` when this is not an object.
  package var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The elements, or `nil` when this is not an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// True for `null`.
  package var isNull: Bool { self == .null }

  /// The value as a person reads it in a table cell or a template: strings bare, `null` empty,
  /// everything else as compact JSON.
  package var displayText: String {
    switch self {
    case .null: return ""
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text), .string(let text): return text
    case .array, .object: return String(decoding: JSONWriter.plain.bytes(self), as: UTF8.self)
    }
  }
}

/// A JSON object: its members in the order they were written, looked up by key.
package struct JSONObject: Sendable, Equatable {
  /// One member of an object.
  package struct Member: Sendable, Equatable {
    package var key: String
    package var value: JSONValue
    package init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in their written order.
  package private(set) var members: [Member]

  /// An object from members in order; a repeated key keeps its first place and its last value,
  /// as JavaScript and PHP do.
  package init(_ members: [Member] = []) {
    self.members = []
    self.members.reserveCapacity(members.count)
    for member in members { self[member.key] = member.value }
  }

  /// An object from `(key, value)` pairs in order.
  package init(_ pairs: KeyValuePairs<String, JSONValue>) {
    self.init(pairs.map { Member($0.key, $0.value) })
  }

  /// The keys in their written order.
  package var keys: [String] { members.map(\.key) }

  /// The value for `key`; setting `nil` removes the member, setting a new key appends it.
  package subscript(key: String) -> JSONValue? {
    get { members.first { $0.key == key }?.value }
    set {
      let index = members.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?): members.append(Member(key, value))
      case (nil, nil): break
      }
    }
  }
}

/// A dotted path into a record, such as `information.career.job`.
package struct FieldPath: Sendable, Hashable, CustomStringConvertible {
  /// The path's keys (or array indexes) in order.
  package let components: [String]

  /// A path from its dotted text; `nil` when the text is empty or has an empty component.
  package init?(_ text: String) {
    let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard !text.isEmpty, !components.contains(where: \.isEmpty) else { return nil }
    self.components = components
  }

  package var description: String { components.joined(separator: ".") }
}
