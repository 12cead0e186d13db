/// The lines a card or row is written as: its records (contact, address, the ids they are
/// numbered with) and the update line of a matched contact's empty fields.
extension ContactEmitter {
  /// A monica-push update line for the matched contact's own fields that are empty and that
  /// the card fills: nickname, description, birthday, date of death. Nothing else is touched
  /// (monica-push reads the contact and merges the line onto it); a field an earlier card's line
  /// filled is not filled again.
  func update(_ contact: Int, from content: CardContent) throws(MonicaError) {
    guard let updates, let existing else { return }
    var members: [JSONObject.Member] = [
      .init("object", .string(RecordKind.contact.object)), .init("id", .int(contact)),
    ]
    func fills(_ field: String, _ value: Bool) -> Bool {
      guard value, existing.lacks(field, on: contact) else { return false }
      return updated[contact, default: []].insert(field).inserted
    }
    if fills("nickname", !content.nickname.isEmpty) { members.append(.init("nickname", .string(content.nickname))) }
    if fills("description", !content.description.isEmpty) {
      members.append(.init("description", .string(content.description)))
    }
    var dates: [JSONObject.Member] = []
    if let birth = content.birthdate, fills("birthdate", true) {
      dates.append(.init("birthdate", birth.json(today: options.today)))
    }
    if let death = content.deceasedDate, fills("deceased_date", true) {
      dates.append(.init("deceased_date", death.json(today: options.today)))
      members.append(.init("is_dead", .bool(true)))
    }
    if !dates.isEmpty {
      members.append(.init("information", .object(JSONObject(["dates": .object(JSONObject(dates))]))))
    }
    guard members.count > 2 else { return }
    try updates.writeLine(JSONWriter.monica.bytes(.object(JSONObject(members))))
  }

  func next(_ object: String) -> Int {
    let id = (lastID[object] ?? 0) + 1
    lastID[object] = id
    return id
  }

  func reference(_ contact: Int) -> JSONValue { .object(JSONObject(["id": .int(contact)])) }

  /// A text column as Monica stores it: an empty string is null.
  private func text(_ value: String) -> JSONValue { value.isEmpty ? .null : .string(value) }

  /// The contact record, in the order of Monica's ContactResource.
  func contact(_ content: CardContent, id: Int) -> JSONObject {
    var members: [JSONObject.Member] = [
      .init("id", .int(id)), .init("object", .string(RecordKind.contact.object)),
      .init("first_name", .string(content.firstName)),
      .init("last_name", text(content.lastName)), .init("nickname", text(content.nickname)),
    ]
    if !content.middleName.isEmpty { members.append(.init("middle_name", .string(content.middleName))) }
    members += [
      .init("description", text(content.description)), .init("is_partial", .bool(false)),
      .init("is_dead", .bool(content.deceasedDate != nil)),
      .init(
        "information",
        .object(
          JSONObject([
            "dates": .object(
              JSONObject([
                "birthdate": VCardDate.json(content.birthdate, today: options.today),
                "deceased_date": VCardDate.json(content.deceasedDate, today: options.today),
              ])),
            "career": .object(JSONObject(["job": text(content.job), "company": text(content.company)])),
          ]))),
    ]
    if let photo = content.photo, case .object(var information)? = members.last?.value {
      // The card's photo is the avatar, as a phone shows it (the photo record's `link`).
      information["avatar"] = .object(
        JSONObject(["source": .string("photo"), "url": .string(Self.photoName(id, photo.mime))]))
      members[members.count - 1].value = .object(information)
    }
    if !content.tags.isEmpty {
      let tags = content.tags.map {
        JSONValue.object(JSONObject(["object": .string(RecordKind.tag.object), "name": .string($0)]))
      }
      members.append(.init("tags", .array(tags)))
    }
    return JSONObject(members)
  }

  /// The file name of card `id`'s photo, which is also its link: `contact-3.jpg`.
  static func photoName(_ id: Int, _ mime: String) -> String {
    "contact-\(id).\(mime == "image/jpeg" ? "jpg" : String(mime.dropFirst("image/".count)))"
  }

  /// An address record; the country by name, or by ISO code when the card gives two letters.
  func address(_ address: VCardAddress, contact: Int) -> JSONObject {
    var country = JSONValue.null
    if !address.country.isEmpty {
      let iso =
        address.country.count == 2 && address.country.allSatisfy(\.isLetter) ? address.country.uppercased() : nil
      country = .object(
        JSONObject([
          "id": iso.map(JSONValue.string) ?? .null, "object": .string(RecordKind.country.object),
          "name": iso == nil ? .string(address.country) : .null, "iso": iso.map(JSONValue.string) ?? .null,
        ]))
    }
    return JSONObject([
      .init("id", .int(next(RecordKind.address.object))), .init("object", .string(RecordKind.address.object)),
      .init("name", address.name.map(JSONValue.string) ?? .null), .init("street", text(address.street)),
      .init("city", text(address.city)), .init("province", text(address.province)),
      .init("postal_code", text(address.postalCode)), .init("latitude", .null), .init("longitude", .null),
      .init("country", country), .init("contact", reference(contact)),
    ])
  }
}
