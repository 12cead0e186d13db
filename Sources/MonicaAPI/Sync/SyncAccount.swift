import MonicaKit

/// What `monica-sync` needs of the account to write a file's values: its contact field types
/// (which one takes an e-mail address, a phone number, a `Twitter` handle) and the countries
/// Monica knows, by name. Each read at most once per run, when a file needs it
/// (`GET /contactfieldtypes`, `GET /countries`).
struct SyncAccount {
  /// The contact field types as the API gives them: `id`, `name`, `type`, `protocol`.
  let fieldTypes: [JSONObject]
  /// Country ids (`SE`) by their lower-cased name and id.
  let countries: [String: String]

  /// The account's `fieldTypes` records and `countries` records (each with `id` and `name`).
  init(fieldTypes: [JSONObject], countries: [JSONObject]) {
    self.fieldTypes = fieldTypes
    var byName: [String: String] = [:]
    for country in countries {
      guard let id = country["id"]?.stringValue else { continue }
      byName[id.lowercased()] = id
      if let name = country["name"]?.stringValue { byName[name.lowercased()] = id }
    }
    self.countries = byName
  }

  /// The id of the field type that takes a value of `kind`: the type of kind `email` or
  /// `phone`, else the one of that name; `nil` when the account has none.
  func type(for kind: SyncedField.Kind) -> Int? {
    func kindOf(_ record: JSONObject) -> String { (record["type"]?.stringValue ?? "").lowercased() }
    let found: JSONObject?
    switch kind {
    case .email: found = fieldTypes.first { kindOf($0) == "email" || $0["protocol"]?.stringValue == "mailto:" }
    case .phone: found = fieldTypes.first { kindOf($0) == "phone" || $0["protocol"]?.stringValue == "tel:" }
    case .other(let name):
      found = fieldTypes.first { ($0["name"]?.stringValue ?? "").lowercased() == name.lowercased() }
    }
    return found?["id"]?.intValue
  }

  /// The id of the country named `name` (or given by its id); `nil` for one Monica does not know.
  func country(_ name: String) -> String? {
    name.isEmpty ? nil : countries[name.lowercased()]
  }

  /// A contact field of Monica's as a card carries it: rendered as `monica-format vcard` writes
  /// it and read back as a file is, so that it compares equal to the file's same value.
  static func value(ofField field: JSONObject) -> SyncedField? {
    card(["contactFields": .array([.object(field)])])?.fields.first
  }

  /// An address of Monica's as a card carries it (as `value(ofField:)`).
  static func value(ofAddress address: JSONObject) -> SyncedAddress? {
    card(["addresses": .array([.object(address)])])?.addresses.first
  }

  /// The synced values of a contact holding only `members` (and a name, which a card needs).
  private static func card(_ members: KeyValuePairs<String, JSONValue>) -> SyncedCard? {
    var contact = JSONObject(["first_name": .string("x")])
    for (key, value) in members { contact[key] = value }
    let lines = VCardLines.lines(of: JSONWriter.plain.bytes(.object(contact)))
    return try? SyncCard(lines: lines, today: CalendarDate.today()).values
  }
}
