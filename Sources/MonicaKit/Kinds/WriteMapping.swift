/// Where a write field's value lies in a record as the API prints it.
package enum WriteSource: Sendable, Equatable {
  /// The value at this dotted path, as it is: `summary`, `contact.id`.
  case value(FieldPath)
  /// The `id` of every element of the array at this path: `attendees.contacts` -> `[12, 14]`.
  case ids(FieldPath)
  /// The `key` member of every element of the array at this path (a contact field's labels,
  /// `labels[].type` -> `["home"]`); an element without it (a plain string) is sent as it is.
  case members(FieldPath, key: String)
  /// Whether the special date (`{is_age_based, is_year_unknown, date}`) at this path has a date;
  /// true as well when the line gives any of `parts` under their write names.
  case dateKnown(FieldPath, parts: [String])
  /// A part of the special date at this path.
  case datePart(FieldPath, DatePart)
  /// The day (`YYYY-MM-DD`) of the timestamp at this path: a reminder's `initial_date`, printed
  /// as a timestamp, is written as a `date_format:Y-m-d`.
  case day(FieldPath)
  /// Nowhere in a record: the field is taken only under its write name.
  case writeName

  /// The record path the value comes from, if any.
  package var path: FieldPath? {
    switch self {
    case .value(let path), .ids(let path), .members(let path, _), .dateKnown(let path, _), .datePart(let path, _),
      .day(let path):
      path
    case .writeName: nil
    }
  }
}

/// A part of one of Monica's special dates, as `UpdateBirthdayInformation` takes them.
package enum DatePart: Sendable, Equatable {
  case day, month, year, isAgeBased, age
}

/// One field that Monica's create or update service of a kind reads.
package struct WriteField: Sendable, Equatable {
  /// The name the service reads (`contact_id`, `is_deceased`).
  package let name: String
  /// Where a record keeps its value.
  package let source: WriteSource
  /// Sent when neither the line nor the record has a value; `nil` leaves the field out.
  package let fallback: JSONValue?
  /// Whether a create sends it.
  package let onCreate: Bool
  /// Whether an update sends it.
  package let onUpdate: Bool

  package init(
    _ name: String, _ source: WriteSource, fallback: JSONValue? = nil, onCreate: Bool = true, onUpdate: Bool = true
  ) {
    self.name = name
    self.source = source
    self.fallback = fallback
    self.onCreate = onCreate
    self.onUpdate = onUpdate
  }

  /// A field read from the record field of the same name.
  package static func same(_ name: String, fallback: JSONValue? = nil) -> WriteField {
    WriteField(name, .value(FieldPath(dotted: name)), fallback: fallback)
  }

  /// A field taken only under its write name.
  package static func writeOnly(_ name: String, onCreate: Bool = true, onUpdate: Bool = true) -> WriteField {
    WriteField(name, .writeName, onCreate: onCreate, onUpdate: onUpdate)
  }
}

/// One request of a write, without the instance: what `--dry-run` prints and the engine sends.
package struct WriteRequest: Sendable, Equatable {
  /// What the request does.
  package enum Verb: Sendable, Equatable {
    case read, create, update, delete, setTags, unsetTag
  }

  /// What the request does.
  package let verb: Verb
  /// The path below `/api`: `/tasks/7`, `/contacts/9/setTags`.
  package let path: String
  /// The JSON body, if any.
  package let body: JSONObject?
  /// A file upload sent instead of `body` (a photo with its bytes).
  package var upload: MultipartBody?

  package init(_ verb: Verb, _ path: String, body: JSONObject? = nil) {
    self.verb = verb
    self.path = path
    self.body = body
  }

  /// The HTTP method.
  package var method: String {
    switch verb {
    case .read: "GET"
    case .create, .setTags, .unsetTag: "POST"
    case .update: "PUT"
    case .delete: "DELETE"
    }
  }

  /// Whether sending it again after a 5xx, a time-out or a dropped connection does no harm.
  ///
  /// A create may have been applied before the failure: repeating it could make two records.
  /// Monica's `setTags` detaches before it attaches and finds tags by name before creating one
  /// (app/Services/Contact/Tag/AssociateTag.php:56-98), and `unsetTag` only detaches
  /// (DetachTag.php:143), so both end the same however often they run.
  package var repeatable: Bool { verb != .create }

  /// `METHOD /api/PATH BODY`, the body as compact JSON: a `--dry-run` line.
  package func line(api: String = "/api") -> String {
    let text = method + " " + api + path
    guard let body else { return text }
    return text + " " + JSONWriter.plain.string(.object(body))
  }
}

/// How records of one kind are written back to Monica 4.x: its route, the fields its services
/// read and where a record keeps each of them, and the rules the services impose on updates.
///
/// Read from Monica's source at v4.1.2, each kind's services and controller: what a create and an
/// update take (their `rules()`), and what they do with it. This is the one table of write fields;
/// the engine, `--dry-run` and the tests read it, nothing else lists them.
package struct WriteMapping: Sendable {
  /// The record's `object`: `contact`, `task`... (from the kind's catalogue entry).
  package private(set) var object = ""
  /// The collection's path below `/api`: `/contacts` (from the kind's catalogue entry).
  package private(set) var path = ""
  /// The fields the create and update services read, in the order they are sent.
  package let fields: [WriteField]
  /// Where in Monica's source the fields come from.
  package let services: String
  /// Fields the create route does not take, so a line that sets them is followed by an update.
  package let setAfterCreate: [String]
  /// Fields an update cannot change: a line that changes them is refused before anything is sent.
  package let fixedOnUpdate: [String]
  /// Record paths that a line replaces whole instead of merging into (special dates).
  package let replacedWhole: [FieldPath]
  /// Whether the record's `tags` array is written as a desired state (`setTags`, `unsetTag`).
  package let hasTags: Bool
  /// What Monica's create validates, field by field (the service's `rules()`).
  package let createRules: WriteRules
  /// What Monica's update validates, field by field.
  package let updateRules: WriteRules

  init(
    services: String, fields: [WriteField], setAfterCreate: [String] = [], fixedOnUpdate: [String] = [],
    replacedWhole: [String] = [], hasTags: Bool = false, create: WriteRules = .none, update: WriteRules? = nil
  ) {
    createRules = create
    updateRules = update ?? create
    self.services = services
    self.fields = fields
    self.setAfterCreate = setAfterCreate
    self.fixedOnUpdate = fixedOnUpdate
    self.replacedWhole = replacedWhole.map(FieldPath.init(dotted:))
    self.hasTags = hasTags
  }

  /// The request of `verb` for the record `id` (a number, or a placeholder in a dry run):
  /// `POST /contacts`, `PUT /contacts/9`, `DELETE /contacts/9`, `GET /contacts/9`,
  /// `POST /contacts/9/setTags` and `POST /contacts/9/unsetTag` (routes/api.php:21,41-43).
  package func request(_ verb: WriteRequest.Verb, id: String? = nil, body: JSONObject? = nil) -> WriteRequest {
    let one = id.map { "\(path)/\($0)" } ?? path
    switch verb {
    case .create: return WriteRequest(verb, path, body: body)
    case .setTags: return WriteRequest(verb, one + "/setTags", body: body)
    case .unsetTag: return WriteRequest(verb, one + "/unsetTag", body: body)
    case .read, .update, .delete: return WriteRequest(verb, one, body: body)
    }
  }

  /// The mapping of a record's `object`, `nil` for kinds that cannot be written this way.
  package static func named(_ object: String) -> WriteMapping? {
    RecordKind.named(object)?.writes
  }

  /// The kinds' `object` names, for help and messages.
  package static var objects: [String] { all.map(\.object) }

  /// Every kind that can be pushed, in the catalogue's order.
  package static var all: [WriteMapping] { RecordKind.all.compactMap(\.writes) }

  /// The mapping placed at its kind's route: the catalogue entry gives the `object` and path.
  func placed(object: String, path: String) -> WriteMapping {
    var placed = self
    (placed.object, placed.path) = (object, path)
    return placed
  }
}

extension FieldPath {
  /// A path of the table, written in the source: split at dots, never empty.
  init(dotted text: String) {
    components = text.split(separator: ".").map(String.init)
  }

  static let isDead = FieldPath(dotted: "is_dead")
  static let birthdate = FieldPath(dotted: "information.dates.birthdate")
  static let deceasedDate = FieldPath(dotted: "information.dates.deceased_date")
  static let activityTypeID = FieldPath(dotted: "activity_type.id")
  static let emotions = FieldPath(dotted: "emotions")
  static let attendees = FieldPath(dotted: "attendees.contacts")
  package static let contactID = FieldPath(dotted: "contact.id")
  static let completed = FieldPath(dotted: "completed")
  static let recipientID = FieldPath(dotted: "recipient.id")
  static let labels = FieldPath(dotted: "labels")
  static let activityTypeCategoryID = FieldPath(dotted: "activity_type_category.id")
}
