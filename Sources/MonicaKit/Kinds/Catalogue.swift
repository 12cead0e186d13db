/// One kind of record in the Monica 4.x API: the one entry that fetch, push, validate, filter,
/// format, the completions and the sandbox all read.
///
/// Each kind lives in one file, `Kinds/Entries/<Kind>.swift`: its catalogue entry (routes, `object`
/// name, references), its contract (the shape its resource prints), its write table with Monica's
/// write rules, and what a migration cannot carry, each read from Monica's source at v4.1.2
/// (routes/api.php, app/Http/Resources, the services' `rules()`). Adding a kind is that file and
/// one line in `RecordKind.all`, then its value in each `KindRegistry` that a tool decides by
/// kind (RecordKindRegistryTests names the ones it misses). Two things outside MonicaKit follow by
/// hand, because they are behaviour rather than data: the sandbox's resource of the kind
/// (Sources/MonicaSandbox/Resources: a seeded record's values and what a write does beside are
/// Monica's code, not its rules; a writable kind is also one word in `StoreWriter.resources`),
/// and the kind's words in man/monica.7 and README.md (hand-written prose; the man pages and
/// completions of the tools are generated from `RecordKind.all` by `make man completions`).
///
/// Kinds are told apart by their `object` name, the key every record carries (`contact`,
/// `activityType`); `name` is the route's segment below `/api` and the word `monica-fetch` takes.
package struct RecordKind: Sendable, Hashable, CustomStringConvertible {
  /// The records' `object` value, as the kind's resource writes it (`contact`, `entry`).
  package let object: String
  /// The collection's segment below `/api` and the word tools take: `contacts`, `journal`, `me`.
  package let name: String
  /// One record in messages: `contact`, `journal entry`, `signed-in user`.
  package let singular: String
  /// Which routes Monica has for the kind (routes/api.php at v4.1.2).
  package let routes: KindRoutes
  /// The columns `sort=` may name that the kind's table really has; Monica's other accepted
  /// names fail there with its error 40 (an SQL error).
  package let sortColumns: Set<String>
  /// The places in a record that hold ids of other records.
  package let references: [KindReference]
  /// How records are written back (create and update fields), `nil` when `monica-push` cannot.
  package let writes: WriteMapping?
  /// What the API promises about the kind's records (`monica-validate`).
  package let contract: RecordContract
  /// How a table shows the kind when `monica-format` has no rule of its own for it.
  package let display: KindDisplay
  /// How `monica-sandbox` seeds the kind.
  package let seeding: SeedRule
  /// Whether a delete answers the route's id as a string: the six controllers whose `destroy`
  /// takes an untyped `$id` and echoes it (each entry cites its lines). The others declare
  /// `int $id` or echo the model's `->id` (ApiAddressController.php:118,133,
  /// ApiNoteController.php:156,168, ApiContactFieldTypeController.php:142,161...): a number.
  package let deletesWithStringID: Bool
  /// How a copy of the account on another instance finds or makes the kind's records.
  package let matching: RecordMatching
  /// How the kind's listings differ from the common paginated, sorted page.
  package let listing: ListingShape
  /// What a record of the kind loses in a migration: values no create or update route takes.
  package let losses: [MigrationLoss]
  /// When Monica's API cannot create a record of the kind at all (said as not carried).
  package let uncreatable: MigrationLoss?
  /// The table that holds the kind's rows in Monica's database, as an `exists:<table>,id` rule
  /// names it: `contacts`, `entries`, `activity_type_categories`.
  package let table: String
  /// What the kind's delete service validates (its `rules()`): the route's id with `exists`
  /// where the service checks it before any look-up (DestroyGift.php:19), so that an id in no
  /// table is Monica's 422; none where the controller looks the row up first (a 404).
  package let deleteRules: WriteRules
  /// What a create that uploads a file validates (photos, documents), for a kind that `monica-push`
  /// writes without a write mapping.
  package let uploadRules: WriteRules?

  init(
    object: String, name: String, table: String? = nil, singular: String? = nil, routes: KindRoutes,
    sortColumns: Set<String> = [],
    references: [KindReference] = [], writes: WriteMapping? = nil, rule: ValueRule,
    display: KindDisplay = KindDisplay(), seeding: SeedRule = .none, deletesWithStringID: Bool = false,
    matching: RecordMatching = .created, listing: ListingShape = ListingShape(), losses: [MigrationLoss] = [],
    uncreatable: MigrationLoss? = nil, deleteRules: WriteRules = .none,
    uploadRules: WriteRules? = nil
  ) {
    self.object = object
    self.name = name
    self.singular = singular ?? object
    self.routes = routes
    self.sortColumns = sortColumns.union(["created_at", "updated_at"])
    self.references = references
    self.writes = writes.map { $0.placed(object: object, path: "/" + name) }
    contract = RecordContract(object: object, rule: rule)
    self.display = display
    self.seeding = seeding
    self.deletesWithStringID = deletesWithStringID
    self.matching = matching
    self.listing = listing
    self.losses = losses
    self.uncreatable = uncreatable
    self.table = table ?? name
    self.deleteRules = deleteRules
    self.uploadRules = uploadRules
  }

  /// Every kind, in the order tools list them.
  package static let all: [RecordKind] = [
    .contact, .activity, .note, .task, .gift, .tag, .photo, .user, .call, .conversation, .reminder, .debt, .entry,
    .address, .contactField, .pet, .relationship, .lifeEvent, .document, .occupation, .gender, .place, .company,
    .activityType, .activityTypeCategory, .contactFieldType, .relationshipType, .relationshipTypeGroup, .country,
    .currency, .auditLog,
  ]

  /// The collection's path below `/api`: `/contacts`.
  package var path: String { "/" + name }

  /// The path of one record, `/contacts/12`; with `below`, a route under it: `/contacts/12/work`.
  package func path(of id: Int, _ below: String? = nil) -> String {
    "\(path)/\(id)" + (below.map { "/" + $0 } ?? "")
  }

  /// One contact's list of the kind's records, `/contacts/12/relationships` (a kind with `.nested`).
  package func path(ofContact contact: Int) -> String { RecordKind.contact.path(of: contact, name) }

  /// Whether one contact's records have a route of their own, `/contacts/{id}/<name>`.
  package var isNestedUnderContacts: Bool { routes.contains(.nested) }

  /// The kind whose records carry `object`, or `nil`.
  package static func named(_ object: String) -> RecordKind? { byObject[object] }

  /// The kind whose route segment below `/api` is `name` (`notes`), or `nil`.
  package static func routed(_ name: String) -> RecordKind? { byName[name] }

  /// The kind whose rows are in Monica's table `table` (`contact_fields`), or `nil`.
  package static func stored(in table: String) -> RecordKind? { all.first { $0.table == table } }

  /// Monica's rules of the kind's create (its write mapping's, or its upload's), update (the
  /// route's id among them where the service checks it) or delete; none when Monica's service
  /// checks nothing the toolset models.
  package func rules(_ operation: WriteOperation) -> WriteRules {
    switch operation {
    case .create: writes?.createRules ?? uploadRules ?? .none
    case .update: writes?.updateRules ?? .none
    case .delete: deleteRules
    }
  }

  private static let byObject = Dictionary(all.map { ($0.object, $0) }, uniquingKeysWith: { first, _ in first })
  private static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The kinds' route names, for help and completions: `contacts, activities, ...`.
  package static var names: [String] { all.map(\.name) }

  /// The kinds' `object` names, for help and completions.
  package static var objects: [String] { all.map(\.object) }

  /// The kinds in an order where every kind comes after the kinds it refers to (a reference to
  /// its own kind aside): first what does not depend on contacts (reference data, tags), then
  /// contacts, then what is about them; the catalogue's order otherwise. The order
  /// `monica-fetch --all` streams.
  package static let dependencyOrder: [RecordKind] = {
    func dependsOnContacts(_ kind: RecordKind, _ seen: Set<String> = []) -> Bool {
      kind.references.contains { reference in
        guard reference.object != kind.object, !seen.contains(reference.object),
          let target = named(reference.object)
        else { return false }
        return target == .contact || dependsOnContacts(target, seen.union([kind.object]))
      }
    }
    let about = all.filter { dependsOnContacts($0) }
    let reference = all.filter { !dependsOnContacts($0) && $0 != .contact }
    return ordered(reference) + [.contact] + ordered(about)
  }()

  /// `kinds`, each after the kinds it refers to among them, the given order otherwise.
  private static func ordered(_ kinds: [RecordKind]) -> [RecordKind] {
    var placed: [RecordKind] = []
    var remaining = kinds
    while !remaining.isEmpty {
      let ready = remaining.firstIndex { kind in
        kind.references.allSatisfy { reference in
          reference.object == kind.object || !kinds.contains { $0.object == reference.object }
            || placed.contains { $0.object == reference.object }
        }
      }
      // A cycle would be an error in the entries; a test keeps them acyclic.
      placed.append(remaining.remove(at: ready ?? 0))
    }
    return placed
  }

  package var description: String { name }

  package static func == (a: RecordKind, b: RecordKind) -> Bool { a.object == b.object }
  package func hash(into hasher: inout Hasher) { hasher.combine(object) }
}

/// The three writes of a record: `POST /api/<kind>`, `PUT /api/<kind>/{id}`, `DELETE /api/<kind>/{id}`.
package enum WriteOperation: Sendable, Equatable {
  case create, update, delete
}

/// The routes Monica has for a kind.
package struct KindRoutes: OptionSet, Sendable, Hashable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// `GET /api/<name>`, paginated.
  package static let list = KindRoutes(rawValue: 1 << 0)
  /// `GET /api/<name>/{id}`.
  package static let show = KindRoutes(rawValue: 1 << 1)
  /// `POST /api/<name>`.
  package static let create = KindRoutes(rawValue: 1 << 2)
  /// `PUT /api/<name>/{id}`.
  package static let update = KindRoutes(rawValue: 1 << 3)
  /// `DELETE /api/<name>/{id}`.
  package static let delete = KindRoutes(rawValue: 1 << 4)
  /// `GET /api/contacts/{id}/<name>`, paginated.
  package static let nested = KindRoutes(rawValue: 1 << 5)
  /// `GET /api/<name>` answers one record, not a page (`/api/me`).
  package static let single = KindRoutes(rawValue: 1 << 6)

  /// What `Route::apiResource` declares: list, show, create, update and delete.
  package static let resource: KindRoutes = [.list, .show, .create, .update, .delete]
}

/// How a copy of the account on another instance comes by a kind's records.
package enum RecordMatching: Sendable, Equatable {
  /// Each record is created on the target.
  case created
  /// A record is the target's record of the same `name` when there is one, else created
  /// (tags, genders, activity types, contact field types...).
  case byName
  /// The same records, with the same ids, on every instance (countries, currencies): nothing to
  /// create, ids need no translation.
  case global
  /// Neither created nor matched: the target has its own (the signed-in user, audit logs).
  case notCopied
}

/// How a kind's listing answers differ from the common one (`{"data":[...],"links","meta"}`,
/// sorted by `sort=`), read from each controller's `index` at v4.1.2.
package struct ListingShape: Sendable, Equatable {
  /// Whether listings are paginated; otherwise `{"data":[...]}` with every record, no links or meta.
  package var paginated = true
  /// Whether `data` is an object of records keyed by their ids instead of an array (countries).
  package var keyedByID = false
  /// The listings that honour `sort=` (an `orderBy`); the others ignore a valid sort field.
  package var sorted: KindRoutes = [.list, .nested]
  /// The date whose years `meta.statistics` counts (activities, calls), if any.
  package var yearlyStatistics: String?

  package init(
    paginated: Bool = true, keyedByID: Bool = false, sorted: KindRoutes = [.list, .nested],
    yearlyStatistics: String? = nil
  ) {
    self.paginated = paginated
    self.keyedByID = keyedByID
    self.sorted = sorted
    self.yearlyStatistics = yearlyStatistics
  }
}

/// A place in a record that holds the id of a record of another kind, or its name.
///
/// The path is dotted; `[]` after a key means every element of that array:
/// `contact.id`, `attendees.contacts[].id`, `tags[].id`. A missing or null value holds no id.
package struct KindReference: Sendable, Equatable, CustomStringConvertible {
  /// The dotted path, as written in the catalogue.
  package let path: String
  /// The `object` of the kind the id belongs to.
  package let object: String
  /// Whether the path holds the record's `name` rather than its id (a contact's `gender`).
  package let byName: Bool
  private let steps: [Step]

  private enum Step: Sendable, Equatable {
    case key(String)
    case each(String)
  }

  /// A reference at `path` to records whose `object` is `object`; `byName` when the path holds
  /// the record's name, not its id.
  package init(_ path: String, to object: String, byName: Bool = false) {
    self.path = path
    self.object = object
    self.byName = byName
    steps = path.split(separator: ".").map { part in
      part.hasSuffix("[]") ? .each(String(part.dropLast(2))) : .key(String(part))
    }
  }

  package var description: String { "\(path) -> \(object)" }

  /// The path's keys in order, each with whether it names an array whose every element goes on.
  package var segments: [(key: String, each: Bool)] {
    steps.map { step in
      switch step {
      case .key(let key): (key, false)
      case .each(let key): (key, true)
      }
    }
  }

  /// The ids the record holds at this path, in order (a number, or a string holding one);
  /// none for a reference by name.
  package func ids(in record: JSONValue) -> [Int] {
    byName ? [] : values(in: record).compactMap(\.intValue)
  }

  /// The non-null values at this path, in order: ids, or names for a reference by name.
  package func values(in record: JSONValue) -> [JSONValue] {
    var found: [JSONValue] = []
    func walk(_ value: JSONValue, _ rest: ArraySlice<Step>) {
      guard let step = rest.first else {
        if value != .null { found.append(value) }
        return
      }
      switch step {
      case .key(let key):
        if let next = value[key] { walk(next, rest.dropFirst()) }
      case .each(let key):
        for element in value[key]?.arrayValue ?? [] { walk(element, rest.dropFirst()) }
      }
    }
    walk(record, steps[...])
    return found
  }

  /// The record with each id at this path replaced by `replace(id)`; an id it answers `nil` for
  /// is left as it is. Numbers stay numbers and strings stay strings.
  package func replacingIDs(in record: JSONValue, _ replace: (Int) -> Int?) -> JSONValue {
    func walk(_ value: JSONValue, _ rest: ArraySlice<Step>) -> JSONValue {
      guard let step = rest.first else {
        guard !byName, let id = value.intValue, let new = replace(id) else { return value }
        if case .string = value { return .string(String(new)) }
        return .int(new)
      }
      guard case .object(var object) = value else { return value }
      switch step {
      case .key(let key):
        if let next = object[key] { object[key] = walk(next, rest.dropFirst()) }
      case .each(let key):
        if let elements = object[key]?.arrayValue {
          object[key] = .array(elements.map { walk($0, rest.dropFirst()) })
        }
      }
      return .object(object)
    }
    return walk(record, steps[...])
  }
}

/// What a table shows of a kind that `monica-format` has no rule of its own for: the id, then
/// the values of these top-level keys.
package struct KindDisplay: Sendable, Equatable {
  /// The path of what names a record: `name`, `title`, `summary`, `body`.
  package var title: String?
  /// The path of the contact the record is about, shown by name: `contact`.
  package var contact: String?
  /// The path of the record's date: `called_at`, `date`.
  package var date: String?

  package init(title: String? = nil, contact: String? = nil, date: String? = nil) {
    self.title = title
    self.contact = contact
    self.date = date
  }
}

/// How `monica-sandbox` seeds a kind.
package enum SeedRule: Sendable, Equatable {
  /// Not seeded: only what is written to the sandbox.
  case none
  /// The account's own rows: contacts, tags, the signed-in user.
  case account
  /// The same rows in every account, as Monica's migrations and account set-up insert them
  /// (genders, activity types, countries...).
  case reference
  /// Records about the first `SeedData.contactsWithItems` real contacts: for each, a number below
  /// `below` drawn from the contact's own random stream (photos: those the avatar needs, and
  /// some more).
  case perContact(below: Int)
}
