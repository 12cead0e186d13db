import Foundation
import MonicaKit

/// How PHP and Laravel compare values.
extension PortMachine {
  /// A value as PHP's string conversion writes it (`true` is "1", null and false are "").
  static func phpString(_ value: JSONValue) -> String {
    switch value {
    case .null: ""
    case .bool(let flag): flag ? "1" : ""
    case .number(let text), .string(let text): text
    default: JSONWriter.plain.string(value)
    }
  }

  /// A short text of a value for failure messages.
  static func brief(_ value: JSONValue) -> String { String(JSONWriter.plain.string(value).prefix(300)) }

  /// PHP's `==` as PHPUnit's assertEquals and SQL's `=` use it: numbers by value, booleans as 0/1,
  /// a date equal to the same day at midnight.
  static func loose(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
    func scalar(_ value: JSONValue) -> String? {
      switch value {
      case .null: nil
      case .bool(let flag): flag ? "1" : "0"
      case .number(let text), .string(let text): text
      default: JSONWriter.plain.string(value)
      }
    }
    if case .array(let left) = expected, case .array(let right) = actual {
      return left.count == right.count && zip(left, right).allSatisfy { loose($0, $1) }
    }
    guard let left = scalar(expected), let right = scalar(actual) else { return expected.isNull == actual.isNull }
    if left == right { return true }
    if let a = Double(left), let b = Double(right) { return a == b }
    if case .bool(false) = expected, right.isEmpty { return true }
    // A DATETIME column as SQL reads it ("2018-05-01 00:00:00") and as the API prints it (ISO 8601, UTC).
    for (sql, api) in [(left, right), (right, left)] where sql.count == 19 && api.count == 20 {
      if api == sql.replacingOccurrences(of: " ", with: "T") + "Z" { return true }
    }
    for (short, long) in [(left, right), (right, left)] where short.count == 10 && long.hasPrefix(short) {
      let rest = long.dropFirst(10)
      if rest.isEmpty || rest.hasPrefix("T00:00:00") || rest.hasPrefix(" 00:00:00") { return true }
    }
    return false
  }

  /// Equality of JSON values, objects regardless of key order, numbers by their value.
  static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.number(let a), .number(let b)): return a == b || (Double(a) != nil && Double(a) == Double(b))
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    case (.object(let a), .object(let b)):
      return a.members.count == b.members.count
        && a.members.allSatisfy { member in b[member.key].map { same(member.value, $0) } ?? false }
    default: return left == right
    }
  }

  /// Laravel's assertJsonFragment of one pair: `"key":value` appears somewhere in the response.
  static func contains(_ body: JSONValue, key: String, value: JSONValue) -> Bool {
    switch body {
    case .object(let object):
      if let found = object[key], same(found, value) { return true }
      return object.members.contains { contains($0.value, key: key, value: value) }
    case .array(let items):
      if let index = Int(key), items.indices.contains(index), same(items[index], value) { return true }
      return items.contains { contains($0, key: key, value: value) }
    default: return false
    }
  }

  /// `assertJson`: every key of the expected value is in the actual one with an equal value.
  static func subset(_ expected: JSONValue, of actual: JSONValue) -> Bool {
    switch expected {
    case .object(let object):
      return object.members.allSatisfy { member in
        let found =
          actual[member.key]
          ?? Int(member.key).flatMap { index in
            actual.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil }
          }
        return found.map { subset(member.value, of: $0) } ?? false
      }
    case .array(let items):
      guard let others = actual.arrayValue ?? actual.objectValue?.members.map(\.value) else { return false }
      return items.enumerated().allSatisfy {
        others.indices.contains($0.offset) && subset($0.element, of: others[$0.offset])
      }
    default:
      return loose(expected, actual)
    }
  }

  /// Laravel's assertJsonStructure over the porter's array node: the first missing key's path.
  static func missingStructure(_ structure: JSONValue, in data: JSONValue, at path: String) -> String? {
    var position = 0  // PHP's key of an entry written without one
    for entry in structure["array"]?.arrayValue ?? [] {
      let pair = entry.arrayValue ?? []
      var key = pair.first.flatMap { $0["lit"] }.map(phpString)
      let value = pair.count > 1 ? pair[1] : .null
      if key == nil && value["array"] != nil {
        key = String(position)
        position += 1
      } else if key == nil {
        position += 1
      }
      if key == "*", value["array"] != nil {
        guard let items = data.arrayValue ?? data.objectValue?.members.map(\.value) else {
          return path + ".* (not an array)"
        }
        for (index, item) in items.enumerated() {
          if let missing = missingStructure(value, in: item, at: "\(path).\(index)") { return missing }
        }
      } else if let key, value["array"] != nil {
        let item = Int(key).flatMap { index in data.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil }
        }
        guard let inner = data[key] ?? item else { return "\(path).\(key)" }
        if let missing = missingStructure(value, in: inner, at: "\(path).\(key)") { return missing }
      } else {
        let name = phpString(value["lit"] ?? .null)
        if data[name] == nil { return "\(path).\(name)" }
      }
    }
    return nil
  }
}
