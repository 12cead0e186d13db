import MonicaKit

/// A file sent with a write: a photo's or a document's bytes and name.
typealias Upload = (bytes: [UInt8], filename: String)

/// What creating, updating and deleting a record of one kind does: the handlers of
/// `POST /api/{kind}`, `PUT /api/{kind}/{id}` and `DELETE /api/{kind}/{id}`. A missing create or
/// update is a route the sandbox does not write (405); a missing delete is the common one
/// (`StoreWriter.delete(_:_:)`).
struct KindWrites: Sendable {
  /// `POST /api/{kind}`.
  var create: (@Sendable (inout StoreWriter, JSONObject, Upload?) -> APIResponse)?
  /// `PUT /api/{kind}/{id}`, the id as the route gave it.
  var update: (@Sendable (inout StoreWriter, String, JSONObject) -> APIResponse)?
  /// `DELETE /api/{kind}/{id}`, when it is not the common delete.
  var delete: (@Sendable (inout StoreWriter, String) -> APIResponse)?

  /// A kind written by one `save(id, input)`: `nil` creates; an update's id that is no number is
  /// a 404 (Laravel's route binding of an `int` parameter finds nothing).
  static func saving(_ save: @escaping @Sendable (inout StoreWriter, Int?, JSONObject) -> APIResponse) -> KindWrites {
    KindWrites(
      create: { writer, input, _ in save(&writer, nil, input) },
      update: { writer, id, input in Int(id).map { save(&writer, $0, input) } ?? .notFound })
  }
}

extension StoreWriter {
  /// Every kind the sandbox writes, with its handlers: the one place a write route finds its code.
  static let writes: [RecordKind: KindWrites] = [
    .contact: with(.saving { $0.saveContact($1, $2) }, delete: { $0.deleteContact($1) }),
    .note: .saving { $0.saveNote($1, $2) },
    .task: .saving { $0.saveTask($1, $2) },
    .gift: .saving { $0.saveGift($1, $2) },
    .activity: .saving { $0.saveActivity($1, $2) },
    .tag: with(.saving { $0.saveTag($1, $2) }, delete: { $0.deleteTag($1) }),
    .photo: KindWrites(create: { $0.savePhoto($1, upload: $2) }, delete: { $0.deletePhoto($1) }),
    .document: KindWrites(create: { $0.saveDocument($1, upload: $2) }),
    .call: .saving { $0.saveCall($1, $2) },
    .reminder: .saving { $0.saveReminder($1, $2) },
    .debt: .saving { $0.saveDebt($1, $2) },
    .pet: .saving { $0.savePet($1, $2) },
    .address: .saving { $0.saveAddress($1, $2) },
    .contactField: .saving { $0.saveContactField($1, $2) },
    .contactFieldType: .saving { $0.saveContactFieldType($1, $2) },
    .entry: .saving { $0.saveEntry($1, $2) },
    .place: .saving { $0.savePlace($1, $2) },
    .company: .saving { $0.saveCompany($1, $2) },
    .occupation: .saving { $0.saveOccupation($1, $2) },
    .gender: .saving { $0.saveGender($1, $2) },
    .activityTypeCategory: .saving { $0.saveActivityTypeCategory($1, $2) },
    .activityType: with(.saving { $0.saveActivityType($1, $2) }, delete: { $0.deleteActivityType($1) }),
    .relationship: KindWrites(
      create: { writer, input, _ in writer.createRelationship(input) },
      update: { $0.updateRelationship($1, $2) }, delete: { $0.deleteRelationship($1) }),
    .lifeEvent: KindWrites(
      create: { writer, input, _ in writer.createLifeEvent(input) },
      update: { $0.updateLifeEvent($1, $2) },
      delete: { writer, id in Int(id).map { writer.deleteLifeEvent($0) } ?? Self.typeError }),
    .conversation: KindWrites(
      create: { writer, input, _ in writer.createConversation(input) },
      update: { $0.updateConversation($1, $2) }, delete: { $0.deleteConversation($1) }),
  ]

  private static func with(_ writes: KindWrites, delete: @escaping @Sendable (inout StoreWriter, String) -> APIResponse)
    -> KindWrites
  {
    var writes = writes
    writes.delete = delete
    return writes
  }

  /// What Laravel answers a method its router has, on a route the sandbox does not write.
  static let unsupported = APIResponse.message(405, "The method is not supported for this route.")

  /// One write: the route's id checked as Monica's `exists` rule does, then the kind's handler
  /// from `writes`, or the contact's own routes.
  mutating func perform(_ route: Route, _ input: JSONObject, upload: Upload?) -> APIResponse {
    if let failure = missingRouteID(route, input) { return failure }
    switch route {
    case .create(let kind):
      guard let create = Self.writes[kind]?.create else { return Self.unsupported }
      return create(&self, input, upload)
    case .update(let kind, let id):
      guard let update = Self.writes[kind]?.update else { return Self.unsupported }
      return update(&self, id, input)
    case .delete(let kind, let id):
      guard let delete = Self.writes[kind]?.delete else { return self.delete(kind, id) }
      return delete(&self, id)
    case .setTags(let id): return setTags(id, input)
    case .unsetTag(let id): return unsetTags(id, input, all: false)
    case .unsetTags(let id): return unsetTags(id, input, all: true)
    case .avatar(let id): return setAvatar(id, input)
    case .contactProperty(let id, let property): return updateProperty(property, of: id, input)
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
}
