import MonicaKit

/// The generic create, update and delete of a record, driven by the kind's catalogue entry
/// (its routes, Monica's rules for each write, the route's id) and its resource (what the
/// service makes, and what it does beside).
extension StoreWriter {
  /// Every kind the sandbox writes, by its resource: the one list a writable kind is added to.
  static let resources: [any WritableResource.Type] = [
    ContactResource.self, ActivityResource.self, NoteResource.self, TaskResource.self, GiftResource.self,
    TagResource.self, PhotoResource.self, CallResource.self, ConversationResource.self, ReminderResource.self,
    DebtResource.self, JournalEntryResource.self, AddressResource.self, ContactFieldResource.self, PetResource.self,
    RelationshipResource.self, LifeEventResource.self, DocumentResource.self, OccupationResource.self,
    GenderResource.self, PlaceResource.self, CompanyResource.self, ActivityTypeResource.self,
    ActivityTypeCategoryResource.self, ContactFieldTypeResource.self,
  ]

  /// The resources by kind.
  static let writable: [RecordKind: any WritableResource.Type] = Dictionary(
    resources.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })

  /// What Laravel answers a method its router has, on a route the sandbox does not write.
  static let unsupported = APIResponse.message(405, "The method is not supported for this route.")

  /// One write: a record's create, update or delete, or one of the routes below a record.
  mutating func perform(_ route: Route, _ input: JSONObject, upload: Upload?) -> APIResponse {
    switch route {
    case .create(let kind): return create(kind, input, upload: upload)
    case .update(let kind, let id): return update(kind, id, input)
    case .delete(let kind, let id): return delete(kind, id)
    case .setTags(let id): return setTags(id, input)
    case .unsetTag(let id): return unsetTags(id, input, all: false)
    case .unsetTags(let id): return unsetTags(id, input, all: true)
    case .contactPart(let id, let part): return updatePart(part, of: id, input)
    case .giftPhoto(let gift, let photo): return attachPhoto(photo, to: gift)
    case .setMe: return setMe(input)
    case .unsetMe: return unsetMe()
    case .addMessage(let id): return Int(id).map { addMessage($0, input) } ?? .notFound
    case .updateMessage(let conversation, let message):
      guard let conversation = Int(conversation), let message = Int(message) else { return Self.typeError }
      return updateMessage(conversation, message, input)
    case .deleteMessage(let conversation, let message):
      guard let conversation = Int(conversation), let message = Int(message) else { return Self.typeError }
      return deleteMessage(conversation, message)
    default: return Self.unsupported
    }
  }

  /// `POST /api/{kind}`: Monica's create rules, then the kind's resource makes the record.
  mutating func create(_ kind: RecordKind, _ input: JSONObject, upload: Upload? = nil) -> APIResponse {
    guard let resource = Self.writable[kind] else { return Self.unsupported }
    if let refusal = refusal(kind.rules(.create), input, upload: upload) { return refusal }
    let id = contents[kind].nextID
    return store(resource, resource.make(input, existing: nil, id: id, upload: upload, in: &self), id: id, was: nil)
  }

  /// `PUT /api/{kind}/{id}`. A controller that looks the row up before its service answers 404
  /// for an id it does not find; a service whose rules hold the route's id with `exists`
  /// (UpdateGift.php:22) answers 422 for an id in no table, and 404 for another account's row,
  /// which its account-scoped look-up does not find.
  mutating func update(_ kind: RecordKind, _ route: String, _ input: JSONObject) -> APIResponse {
    guard let resource = Self.writable[kind] else { return Self.unsupported }
    let number = Int(route)
    if number == nil, let answer = resource.unnumbered(.update) { return answer }
    let rules = kind.rules(.update)
    let existing = number.flatMap { contents[kind].records[$0] }
    if existing == nil && rules.routeFields.isEmpty { return .notFound }
    let value = number.map(JSONValue.int) ?? .string(route)
    if let refusal = refusal(rules, input, route: Self.routeValues(rules, value)) { return refusal }
    guard let id = number, let existing else { return .notFound }
    return store(
      resource, resource.make(input, existing: existing, id: id, upload: nil, in: &self), id: id, was: existing)
  }

  /// `DELETE /api/{kind}/{id}`: the delete service's rules (the route's id with `exists` where it
  /// checks it), the row's look-up, then the kind's delete.
  mutating func delete(_ kind: RecordKind, _ route: String) -> APIResponse {
    guard let resource = Self.writable[kind] else { return Self.unsupported }
    if let answer = resource.deleteRoute(route, in: &self) { return answer }
    let number = Int(route)
    if number == nil, let answer = resource.unnumbered(.delete) { return answer }
    let rules = kind.rules(.delete)
    let value = number.map(JSONValue.int) ?? .string(route)
    if let refusal = refusal(rules, JSONObject(), route: Self.routeValues(rules, value)) { return refusal }
    guard let id = number, let record = contents[kind].records[id] else { return .notFound }
    return resource.delete(record, id: id, route: route, in: &self)
  }

  /// Stores what a create or an update made and answers it: 200 for an update, the kind's create
  /// status for a create.
  private mutating func store(_ resource: any WritableResource.Type, _ made: Made, id: Int, was existing: JSONObject?)
    -> APIResponse
  {
    switch made {
    case .stop(let answer): return answer
    case .record(let record):
      contents[resource.kind].put(id, record)
      resource.saved(record, was: existing, in: &self)
      return data(existing == nil ? resource.createdStatus : 200, record)
    }
  }

  /// The common delete: the row goes, its contacts' statistics follow; the id answers as the
  /// controller declares it (`RecordKind.deletesWithStringID`).
  mutating func removeRow(_ kind: RecordKind, _ id: Int, route: String) -> APIResponse {
    guard let record = contents[kind].records[id] else { return .notFound }
    contents[kind].remove(id)
    for owner in RecordStore.State.contactIDs(of: record, kind: kind) { refreshContact(owner) }
    return deleted(kind.deletesWithStringID ? .string(route) : .int(id))
  }

  /// The route's values of `rules`' route fields: the record's id for an update or a delete.
  static func routeValues(_ rules: WriteRules, _ id: JSONValue) -> [String: JSONValue] {
    Dictionary(rules.routeFields.map { ($0, id) }, uniquingKeysWith: { first, _ in first })
  }
}
