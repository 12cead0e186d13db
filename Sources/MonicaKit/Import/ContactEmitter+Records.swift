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

  /// The `contact` member of a record that hangs off contact `contact`: `{"id":3}`.
  func writeReference(_ contact: Int) {
    record.object("contact") { $0.int("id", contact) }
  }

  /// A text column as Monica stores it: an empty string is null.
  private static func text(_ name: StaticString, _ value: String, to record: inout JSONObjectWriter) {
    record.string(name, value.isEmpty ? nil : value)
  }

  /// Writes the contact record, in the order of Monica's ContactResource.
  func writeContact(_ content: CardContent, id: Int) throws(MonicaError) {
    let (today, noDate) = (options.today, self.noDate)
    record.begin()
    record.int("id", id)
    record.string("object", RecordKind.contact.object)
    record.string("first_name", content.firstName)
    Self.text("last_name", content.lastName, to: &record)
    Self.text("nickname", content.nickname, to: &record)
    if !content.middleName.isEmpty { record.string("middle_name", content.middleName) }
    Self.text("description", content.description, to: &record)
    record.bool("is_partial", false)
    record.bool("is_dead", content.deceasedDate != nil)
    record.object("information") { information in
      information.object("dates") { dates in
        if let birth = content.birthdate {
          dates.value("birthdate", birth.json(today: today))
        } else {
          dates.written("birthdate", noDate)
        }
        if let death = content.deceasedDate {
          dates.value("deceased_date", death.json(today: today))
        } else {
          dates.written("deceased_date", noDate)
        }
      }
      information.object("career") { career in
        Self.text("job", content.job, to: &career)
        Self.text("company", content.company, to: &career)
      }
      if let photo = content.photo {
        // The card's photo is the avatar, as a phone shows it (the photo record's `link`).
        information.object("avatar") { avatar in
          avatar.string("source", "photo")
          avatar.string("url", Self.photoName(id, photo.mime))
        }
      }
    }
    if !content.tags.isEmpty {
      record.objects("tags", content.tags) { tag, name in
        tag.string("object", RecordKind.tag.object)
        tag.string("name", name)
      }
    }
    record.end()
    try output.writeLine(record.bytes)
  }

  /// The file name of card `id`'s photo, which is also its link: `contact-3.jpg`.
  static func photoName(_ id: Int, _ mime: String) -> String {
    "contact-\(id).\(mime == "image/jpeg" ? "jpg" : String(mime.dropFirst("image/".count)))"
  }

  /// Writes an address record; the country by name, or by ISO code when the card gives two
  /// letters.
  func writeAddress(_ address: VCardAddress, contact: Int) throws(MonicaError) {
    record.begin()
    record.int("id", next(RecordKind.address.object))
    record.string("object", RecordKind.address.object)
    record.string("name", address.name)
    Self.text("street", address.street, to: &record)
    Self.text("city", address.city, to: &record)
    Self.text("province", address.province, to: &record)
    Self.text("postal_code", address.postalCode, to: &record)
    record.null("latitude")
    record.null("longitude")
    if address.country.isEmpty {
      record.null("country")
    } else {
      let iso =
        address.country.count == 2 && address.country.allSatisfy(\.isLetter) ? address.country.uppercased() : nil
      record.object("country") { country in
        country.string("id", iso)
        country.string("object", RecordKind.country.object)
        country.string("name", iso == nil ? address.country : nil)
        country.string("iso", iso)
      }
    }
    writeReference(contact)
    record.end()
    try output.writeLine(record.bytes)
  }
}
