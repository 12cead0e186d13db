import Foundation
import MonicaKit

/// Expressions, and the assertions of Laravel's TestResponse and of Monica's Tests\Traits\Asserts.
extension PortMachine {
  /// The value of a PHP expression the porter kept: literals, variables, properties, arrays.
  func evaluate(_ node: JSONValue) throws -> JSONValue {
    if let literal = node["lit"] { return literal }
    if let path = node["apiURL"]?.stringValue { return .string(api + path) }  // route('api.contacts')
    if let name = node["file"] { return Self.fakeFile(Self.phpString(try evaluate(name))) }
    if node["now"] != nil {  // Laravel's now(), as a date column receives it
      return .string(
        String(ISO8601DateFormatter().string(from: Date()).prefix(19)).replacingOccurrences(of: "T", with: " "))
    }
    if let name = node["var"]?.stringValue {
      if let value = variables[name] { return value }
      if let response = responses[name] { return response.body }
      throw PortFailure("undefined variable $\(name)")
    }
    if let parts = node["cat"]?.arrayValue {
      return .string(try parts.map { Self.phpString(try evaluate($0)) }.joined())
    }
    if let entries = node["array"]?.arrayValue {
      var object = JSONObject()
      var list: [JSONValue] = []
      var keyed = false
      for (index, entry) in entries.enumerated() {
        let pair = entry.arrayValue ?? []
        let value = try evaluate(pair.count > 1 ? pair[1] : .null)
        list.append(value)
        if let key = pair.first, key != .null {
          keyed = true
          object[Self.phpString(try evaluate(key))] = value
        } else {
          object[String(index)] = value
        }
      }
      return keyed ? .object(object) : .array(list)
    }
    if let property = node["get"]?.stringValue {
      let base = try evaluate(node["on"] ?? .null)
      guard let value = base[property] else { throw PortFailure("no property \(property) in \(Self.brief(base))") }
      return value
    }
    if let key = node["index"] {
      let base = try evaluate(node["on"] ?? .null)
      let index = Self.phpString(try evaluate(key))
      if let array = base.arrayValue, let number = Int(index), array.indices.contains(number) { return array[number] }
      guard let value = base[index] else { throw PortFailure("no key \(index) in \(Self.brief(base))") }
      return value
    }
    if let path = node["path"] {
      var value = try evaluate(node["on"] ?? .null)
      for component in Self.phpString(try evaluate(path)).split(separator: ".") {
        if let array = value.arrayValue, let number = Int(component), array.indices.contains(number) {
          value = array[number]
        } else {
          value = value[String(component)] ?? .null
        }
      }
      return value
    }
    throw PortFailure("cannot evaluate \(Self.brief(node))")
  }

  /// Runs one assertion step.
  mutating func check(_ step: JSONValue) async throws {
    let kind = step["assert"]?.stringValue ?? ""
    switch kind {
    case "equals", "greater", "count":
      let expected = try evaluate(step["expected"] ?? .null)
      let actual = try evaluate(step["actual"] ?? .null)
      let passed: Bool
      switch kind {
      case "equals":
        passed = step["strict"]?.boolValue == true ? Self.same(expected, actual) : Self.loose(expected, actual)
      case "greater": passed = (actual.doubleValue ?? 0) > (expected.doubleValue ?? 0)
      default: passed = (actual.arrayValue?.count ?? actual.objectValue?.members.count) == expected.intValue
      }
      if !passed { throw PortFailure("\(kind): expected \(Self.brief(expected)), got \(Self.brief(actual))") }
    case "database", "databaseMissing":
      try await checkDatabase(step, present: kind == "database")
    default:
      try checkResponse(kind, step)
    }
  }

  private func checkResponse(_ kind: String, _ step: JSONValue) throws {
    guard let name = step["on"]?["var"]?.stringValue, let response = responses[name] else {
      throw PortFailure("no response for \(Self.brief(step))")
    }
    let arguments = step["args"]?.arrayValue ?? []
    func fail(_ why: String) -> PortFailure {
      PortFailure("\(kind): \(why)\n  status \(response.status): \(response.text.prefix(600))")
    }
    switch kind {
    case "notFound":
      guard response.status == 404 else {
        throw fail("expected status 404, got \(response.status) \(response.text.prefix(200))")
      }
      let expected = JSONValue.object(
        JSONObject([
          "error": .object(
            JSONObject(["message": .string("The resource has not been found"), "error_code": .int(31)]))
        ]))
      guard Self.subset(expected, of: response.body) else { throw fail("expected error 31") }
    case "dataError":
      guard response.status == 422 else {
        throw fail("expected status 422, got \(response.status) \(response.text.prefix(200))")
      }
      let message = try evaluate(step["expected"] ?? .null)
      let expected = JSONValue.object(
        JSONObject(["error": .object(JSONObject(["message": message, "error_code": .int(32)]))]))
      guard Self.subset(expected, of: response.body) else { throw fail("expected \(Self.brief(expected))") }
    case "status", "ok":
      let expected = kind == "ok" ? 200 : try evaluate(arguments.first ?? .null).intValue ?? 0
      guard response.status == expected else {
        throw fail("expected status \(expected), got \(response.status) \(response.text.prefix(200))")
      }
    case "structure":
      guard let structure = arguments.first else { return }
      if let missing = Self.missingStructure(structure, in: response.body, at: "") {
        throw fail("missing \(missing)")
      }
    case "fragment", "missing", "missingExact":
      let fragment = try evaluate(arguments.first ?? .null)
      let pairs = fragment.objectValue?.members ?? []
      let found = pairs.map { Self.contains(response.body, key: $0.key, value: $0.value) }
      if kind == "fragment", let index = found.firstIndex(of: false) {
        throw fail("no \"\(pairs[index].key)\": \(Self.brief(pairs[index].value))")
      }
      if kind == "missing", let index = found.firstIndex(of: true) {
        throw fail("found \"\(pairs[index].key)\": \(Self.brief(pairs[index].value))")
      }
      if kind == "missingExact", !found.isEmpty, !found.contains(false) {
        throw fail("found all of \(Self.brief(fragment))")
      }
    case "subset":
      let expected = try evaluate(arguments.first ?? .null)
      guard Self.subset(expected, of: response.body) else { throw fail("expected \(Self.brief(expected))") }
    case "jsonCount":
      let count = try evaluate(arguments.first ?? .null).intValue
      var value = response.body
      if arguments.count > 1 { value = value[Self.phpString(try evaluate(arguments[1]))] ?? .null }
      guard value.arrayValue?.count == count else { throw fail("expected \(count ?? -1) items") }
    default:
      throw PortFailure("unknown assertion \(kind)")
    }
  }

  /// The values at a dotted path, `*` standing for every item of an array; nil when a key is absent.
  static func values(at path: [String], in value: JSONValue) -> [JSONValue]? {
    guard let first = path.first else { return [value] }
    let rest = Array(path.dropFirst())
    if first == "*" {
      return (value.arrayValue ?? []).flatMap { values(at: rest, in: $0) ?? [] }
    }
    guard let inner = value[first] else { return nil }
    if inner == .null { return [.null] }  // a relation set to null: its columns are null too
    return values(at: rest, in: inner)
  }

  /// `assertDatabaseHas`/`Missing` as a read: the record by its id, or the whole listing.
  private func checkDatabase(_ step: JSONValue, present: Bool) async throws {
    let route = step["route"]?.stringValue ?? ""
    let expected = try evaluate(step["expected"] ?? .null).objectValue ?? JSONObject()
    let columns = step["columns"]?.objectValue ?? JSONObject()
    var rows: [JSONValue] = []
    if step["single"] == .bool(true) {
      // A table of one row the API shows alone (`users`: /api/me).
      if let data = try await send("GET", route, nil).body["data"] { rows = [data] }
    } else if let id = expected["id"] {
      let response = try await send("GET", "\(route)/\(Self.phpString(id))", nil)
      if response.status == 200, let data = response.body["data"] { rows = [data] }
    } else {
      var page = 1
      while true {
        let response = try await send("GET", "\(route)?limit=100&page=\(page)", nil)
        let data = response.body["data"]?.arrayValue ?? []
        rows += data
        let last = response.body["meta"]?["last_page"]?.intValue ?? 1
        if data.isEmpty || page >= last { break }
        page += 1
      }
    }
    let matches = rows.contains { row in
      // A pivot table's row is an element of a list the record prints: none, no row.
      if let pivot = columns["*"]?.stringValue,
        (Self.values(at: pivot.split(separator: ".").map(String.init), in: row) ?? []).isEmpty
      {
        return false
      }
      return expected.members.allSatisfy { member in
        let column = member.key
        let mapped = columns[column]
        if mapped == .null { return true }  // a column no API response shows
        var path = mapped?.stringValue ?? column
        if mapped == nil, column.hasSuffix("_id"), row[column] == nil {
          path = String(column.dropLast(3)) + ".id"
        }
        let values = Self.values(at: path.split(separator: ".").map(String.init), in: row)
        guard let values else { return true }  // not shown through the API: not checked
        return values.contains { Self.loose(member.value, $0) }
      }
    }
    if matches != present {
      throw PortFailure(
        "database\(present ? "" : "Missing") \(route) \(Self.brief(.object(expected))) among \(rows.count) rows: "
          + rows.prefix(2).map(Self.brief).joined(separator: " | "))
    }
  }
}
