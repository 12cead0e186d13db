import MonicaKit

/// Monica's reference data, as a new account has it: genders, activity types and their
/// categories, relationship types and their groups, contact field types, countries (currencies
/// are in SeedData+Currencies.swift, life event types in SeedData+LifeEvents.swift), each record
/// built by its resource (Resources/).
extension SeedData {
  /// When the account was set up: its reference data's timestamps (as the seeded contact fields').
  static let setUp = JSONValue.string(UTCTime.timestamp(UTCTime.seconds(year: 2020, month: 1, day: 1) - 86_400 * 30))

  /// The rows every instance has, with the same ids: currencies (all 153, `currencyRows`) and countries
  /// (a few of them, sorted by name as CountriesHelper::getAll sorts them).
  package static func reference(_ kind: RecordKind) -> [JSONObject] {
    switch kind {
    case .currency: return currencies
    case .country:
      return countries.map { CountryResource.json(iso: $0, name: $1) }
    default:
      return []
    }
  }

  private static let countries = [
    ("AU", "Australia"), ("BR", "Brazil"), ("CA", "Canada"), ("CN", "China"), ("FR", "France"), ("DE", "Germany"),
    ("IL", "Israel"), ("IT", "Italy"), ("JP", "Japan"), ("MX", "Mexico"), ("NG", "Nigeria"), ("PL", "Poland"),
    ("KR", "South Korea"), ("ES", "Spain"), ("GB", "United Kingdom"), ("US", "United States"),
  ]

  /// The relationship types, as the account set-up creates them: name, reverse name, group.
  static let relationshipTypes: [(String, String, Int)] = [
    ("partner", "partner", 1), ("spouse", "spouse", 1), ("child", "parent", 2), ("parent", "child", 2),
    ("sibling", "sibling", 2), ("friend", "friend", 3), ("bestfriend", "bestfriend", 3),
    ("colleague", "colleague", 4), ("boss", "subordinate", 4),
  ]

  private static let fieldTypes: [(String, String?, String?, String?)] = [
    ("Email", "fa fa-envelope-open-o", "mailto:", "email"), ("Phone", "fa fa-volume-control-phone", "tel:", "phone"),
    ("Facebook", "fa fa-facebook-official", nil, nil), ("Twitter", "fa fa-twitter-square", nil, nil),
    ("Whatsapp", "fa fa-whatsapp", nil, nil), ("Telegram", "fa fa-telegram", "telegram:", nil),
    ("LinkedIn", "fa fa-linkedin-square", nil, nil),
  ]

  /// A contact field type (ContactFieldTypeResource); Email and Phone as contact fields embed them.
  static func contactFieldType(_ id: Int) -> JSONObject { contactFieldTypes[id - 1] }

  /// Every contact field type, made once: seeded fields embed theirs.
  private static let contactFieldTypes = fieldTypes.indices.map { makeContactFieldType($0 + 1) }

  private static func makeContactFieldType(_ id: Int) -> JSONObject {
    let (name, icon, link, type) = fieldTypes[id - 1]
    return ContactFieldTypeResource.json(
      id: id, uuid: .string("00000000-0000-4000-8000-0000000000f\(id)"), name: name, icon: icon, link: link,
      delible: id > 2, type: type, created: setUp, updated: setUp)
  }

  static func seedReference(_ contents: inout StoreContents) {
    var genders = RecordTable()
    for (offset, (name, type)) in [("Man", "M"), ("Woman", "F"), ("Rather not say", "O")].enumerated() {
      genders.put(
        offset + 1, GenderResource.json(id: offset + 1, name: name, type: type, created: setUp, updated: setUp))
    }
    contents[.gender] = genders
    var categories = RecordTable()
    for (offset, name) in ["Simple activities", "Sport", "Food", "Cultural activities"].enumerated() {
      categories.put(
        offset + 1,
        ActivityTypeCategoryResource.json(
          id: offset + 1, uuid: .string("00000000-0000-4000-8000-0000000000c\(offset + 1)"), name: name,
          created: setUp, updated: setUp))
    }
    contents[.activityTypeCategory] = categories
    var types = RecordTable()
    for id in 1...3 { if let type = activityType(id).objectValue { types.put(id, type) } }
    contents[.activityType] = types
    var groups = RecordTable()
    for (offset, name) in RecordShapes.relationshipGroups.enumerated() {
      groups.put(offset + 1, RelationshipTypeResource.group(id: offset + 1, name: name, created: setUp))
    }
    contents[.relationshipTypeGroup] = groups
    var relationshipTypes = RecordTable()
    for id in 1...Self.relationshipTypes.count { relationshipTypes.put(id, relationshipType(id)) }
    contents[.relationshipType] = relationshipTypes
    var fieldTypes = RecordTable()
    for id in 1...Self.fieldTypes.count { fieldTypes.put(id, contactFieldType(id)) }
    contents[.contactFieldType] = fieldTypes
  }

  /// The name of the type Monica makes the reverse row with (`child` -> `parent`).
  static func reverseName(of name: String) -> String {
    relationshipTypes.first { $0.0 == name }?.1 ?? name
  }

  /// A relationship type (RelationshipTypeResource).
  static func relationshipType(_ id: Int) -> JSONObject {
    let (name, reverse, group) = relationshipTypes[id - 1]
    return RelationshipTypeResource.json(id: id, name: name, reverse: reverse, group: group, created: setUp)
  }

  /// A country as CountryResource embeds it.
  static func country(_ iso: String) -> JSONValue {
    .object(CountryResource.json(iso: iso, name: countries.first { $0.0 == iso }?.1 ?? ""))
  }

  /// Monica's pet categories in id order, each with its `is_common` flag: the rows its migration
  /// inserts (database/migrations/2017_12_24_115641_create_pets_table.php:33-43), ids 1 to 11.
  static let petCategories: [(name: String, isCommon: Bool)] = [
    ("reptile", false), ("bird", false), ("cat", true), ("dog", true), ("fish", true), ("hamster", false),
    ("horse", false), ("rabbit", false), ("rat", false), ("small_animal", false), ("other", false),
  ]

  /// An emotion as EmotionResource writes it.
  static func emotion(_ id: Int) -> JSONValue {
    let names = ["adoration", "joy", "relief", "nostalgia"]
    return EmotionResource.json(id: id, name: names[(id - 1) % 4])
  }

  /// Monica's default activity types, as ActivityTypeResource renders them.
  package static func activityType(_ id: Int) -> JSONValue {
    (1...3).contains(id) ? activityTypes[id - 1] : makeActivityType(id)
  }

  /// The first three activity types, made once: seeded activities embed theirs.
  private static let activityTypes = (1...3).map(makeActivityType)

  private static func makeActivityType(_ id: Int) -> JSONValue {
    let names = [
      1: ("just hung out", "simple"), 2: ("ate at a restaurant", "food"), 3: ("went to the theater", "cultural"),
    ]
    let (name, _) = names[id] ?? ("just hung out", "simple")
    let stamp = JSONValue.string(UTCTime.timestamp(epoch - 86_400 * 30))
    let category = ActivityTypeCategoryResource.json(
      id: 1, uuid: .string("00000000-0000-4000-8000-0000000000c1"), name: "Simple activities", created: stamp,
      updated: stamp)
    return .object(
      ActivityTypeResource.json(
        id: id, uuid: .string("00000000-0000-4000-8000-00000000000\(id)"), name: name,
        locationType: id == 1 ? .null : .string("outside"), category: .object(category), created: stamp,
        updated: stamp))
  }
}
