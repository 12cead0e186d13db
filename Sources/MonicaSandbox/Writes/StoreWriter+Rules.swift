import Foundation
import MonicaKit

/// Monica's write rules on a request: the catalogue's (MonicaKit/Kinds), checked by MonicaKit's
/// one checker (WriteRuleChecker.swift) in Monica's order with its messages; the sandbox decides
/// what only the server can: `exists:<table>,id` on its rows, `file`, `image` and Monica's `photo`
/// on the request's file.
extension StoreWriter {
  /// Monica's 422 (error 32: the controllers catch the ValidationException) for `input` under
  /// `rules`, the route's values given; `nil` when it passes.
  func refusal(
    _ rules: WriteRules, _ input: JSONObject, route: [String: JSONValue] = [:], upload: Upload? = nil
  ) -> APIResponse? {
    let messages = problems(rules, input, route: route, upload: upload)
    return messages.isEmpty ? nil : .error(422, 32, .array(messages.map(JSONValue.string)))
  }

  /// The same failure uncaught, as Laravel's handler renders a ValidationException that no
  /// controller catches (ApiContactController::destroy), `{"message", "errors": {field: [...]}}`,
  /// with the first failure.
  func uncaughtRefusal(_ rules: WriteRules, _ input: JSONObject, route: [String: JSONValue] = [:]) -> APIResponse? {
    var body = input
    for (field, value) in route { body[field] = value }
    let rows = contents
    guard let first = rules.problems(in: body, exists: { _, rule, value in Self.passes(rule, value, rows, nil) }).first
    else { return nil }
    let errors = JSONObject([first.field: .array([.string(first.message)])])
    return .json(422, .object(JSONObject(["message": .string(first.message), "errors": .object(errors)])))
  }

  /// Monica's messages for `input` under `rules`, in its order; the route's values fill their
  /// fields (the controllers put them after the request's, `$request->except(...) + [...]`).
  func problems(_ rules: WriteRules, _ input: JSONObject, route: [String: JSONValue] = [:], upload: Upload? = nil)
    -> [String]
  {
    var body = input
    for (field, value) in route { body[field] = value }
    let rows = contents
    return rules.problems(in: body) { _, rule, value in Self.passes(rule, value, rows, upload) }.map(\.message)
  }

  /// Whether a rule only the server decides passes: `exists:<table>,id` finds the id in the
  /// table's rows (another account's too, and a soft-deleted contact's, as Laravel's Exists rule
  /// reads the table with no model scope: `StoreContents.rowExists`); pet categories are Monica's
  /// fixed list (SeedData.petCategories); `file` and `image` look at the request's file, Monica's
  /// `photo` at a base64 image (UploadPhoto.php:22-25, isValidPhoto).
  static func passes(_ rule: String, _ value: JSONValue, _ contents: StoreContents, _ upload: Upload?) -> Bool {
    if rule.hasPrefix("exists:") {
      let table = rule.dropFirst("exists:".count).split(separator: ",").first.map(String.init) ?? ""
      guard let id = value.intValue else { return false }
      if table == "pet_categories" { return (1...SeedData.petCategories.count).contains(id) }
      guard let kind = RecordKind.stored(in: table) else { return true }
      return contents.rowExists(kind, id)
    }
    switch rule {
    case "file": return upload != nil
    case "image": return upload.map { TinyImage.kind(of: $0.bytes) != nil } ?? false
    case "photo": return decodedImage(value).map { TinyImage.kind(of: $0) != nil } ?? false
    default: return true
    }
  }

  /// The bytes of a photo given as base64 or as a `data:` URL, as UploadPhoto decodes them.
  static func decodedImage(_ value: JSONValue) -> [UInt8]? {
    guard let text = value.stringValue else { return nil }
    let payload = text.hasPrefix("data:") ? String(text[(text.range(of: ",")?.upperBound ?? text.startIndex)...]) : text
    return Data(base64Encoded: payload, options: .ignoreUnknownCharacters).map(Array.init)
  }
}
