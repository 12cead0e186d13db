import MonicaKit

/// `monica-sandbox --duplicates`: contacts an import would have doubled, made through the
/// store's own write routes after the seeding (so the default seeding is unchanged): a pair
/// sharing an e-mail in another case, each with records of every kind monica-merge moves; a
/// pair where one's nickname is the other's first name and both hold one e-mail address; and two
/// people of one name whose birthdays differ, which must never be merged.
extension SeedData {
  /// The contents with the duplicate contacts added; a write the store refuses is said on stderr.
  static func addingDuplicates(_ contents: StoreContents, urls: SeedURLs, now: Int) -> StoreContents {
    var writer = StoreWriter(state: RecordStore.State(contents: contents), baseURL: urls.base, now: now)
    // Their files' urls are those of the seeded records.
    writer.filesURL = urls.files
    writer.publicStorage = urls.publicStorage
    @discardableResult
    func write(
      _ route: Route, _ fields: KeyValuePairs<String, JSONValue>, upload: (bytes: [UInt8], filename: String)? = nil
    ) -> Int {
      let response = writer.perform(route, JSONObject(fields), upload: upload)
      guard response.status < 300, case .object(let answer)? = try? JSONValue(parsing: response.body) else {
        StandardError.line("monica-sandbox: warning: --duplicates: \(route) answered \(response.status)")
        return 0
      }
      return answer["data"]?["id"]?.intValue ?? 0
    }
    func contact(_ first: String, _ last: String, nickname: String? = nil, born: (Int, Int, Int)? = nil) -> Int {
      write(
        .create(.contact),
        [
          "first_name": .string(first), "last_name": .string(last), "nickname": nickname.map(JSONValue.string) ?? .null,
          "is_birthdate_known": .bool(born != nil), "birthdate_year": born.map { .int($0.0) } ?? .null,
          "birthdate_month": born.map { .int($0.1) } ?? .null, "birthdate_day": born.map { .int($0.2) } ?? .null,
          "is_deceased": .bool(false), "is_deceased_date_known": .bool(false),
        ])
    }
    func records(of id: Int, _ tag: String, _ label: String, email: String, phone: String, street: String) {
      let owner = JSONValue.int(id)
      write(.create(.contactField), ["contact_id": owner, "contact_field_type_id": .int(1), "data": .string(email)])
      write(.create(.contactField), ["contact_id": owner, "contact_field_type_id": .int(2), "data": .string(phone)])
      write(.create(.note), ["contact_id": owner, "body": .string("\(label): met at the conference")])
      write(.create(.task), ["contact_id": owner, "title": .string("\(label): send the photos")])
      let gift = write(
        .create(.gift), ["contact_id": owner, "name": .string("\(label): a book"), "status": .string("idea")])
      write(.create(.call), ["contact_id": owner, "called_at": .string("2024-03-02"), "content": .string(label)])
      write(
        .create(.reminder),
        [
          "contact_id": owner, "title": .string("\(label): call back"), "initial_date": .string("2030-01-02"),
          "frequency_type": .string("one_time"), "frequency_number": .int(1),
        ])
      write(
        .create(.debt),
        [
          "contact_id": owner, "in_debt": .string("yes"), "status": .string("inprogress"), "amount": .int(12),
          "reason": .string(label),
        ])
      write(.create(.pet), ["contact_id": owner, "pet_category_id": .int(4), "name": .string("\(label) dog")])
      write(
        .create(.address),
        ["contact_id": owner, "street": .string(street), "city": .string("Lyon"), "country": .string("FR")])
      write(
        .create(.activity),
        ["summary": .string("\(label): lunch"), "happened_at": .string("2024-02-01"), "contacts": .array([owner])])
      write(.setTags(String(id)), ["tags": .array([.string(tag)])])
      write(
        .create(.lifeEvent),
        [
          "contact_id": owner, "life_event_type_id": .int(1), "happened_at": .string("2020-05-06"),
          "name": .string("\(label): new job"), "note": .null, "has_reminder": .bool(false),
          "happened_at_month_unknown": .bool(false), "happened_at_day_unknown": .bool(false),
        ])
      let talk = write(
        .create(.conversation),
        ["contact_id": owner, "happened_at": .string("2024-05-06"), "contact_field_type_id": .int(1)])
      write(
        .addMessage(String(talk)),
        ["written_at": .string("2024-05-06"), "written_by_me": .bool(true), "content": .string("\(label): hello")])
      let shade = UInt8(label.count * 20)
      let photo = write(
        .create(.photo), ["contact_id": owner, "photo": .string("image/png")],
        upload: (TinyImage.png(red: shade, green: 0, blue: 0), "\(label.lowercased()).png"))
      write(.contactPart(String(id), .avatar), ["source": .string("photo"), "photo_id": .int(photo)])
      write(.giftPhoto(gift: String(gift), photo: String(photo)), [:])
      write(
        .create(.document), ["contact_id": owner, "document": .string("text/plain")],
        upload: (Array("\(label): the lease\n".utf8), "\(label.lowercased()).txt"))
    }
    func relate(_ from: Int, _ to: Int, _ type: String) {
      let typeID = writer.state.contents[.relationshipType].all.first { $0["name"]?.stringValue == type }?["id"]
      write(
        .create(.relationship),
        ["contact_is": .int(from), "of_contact": .int(to), "relationship_type_id": typeID ?? .null])
    }
    let ana = contact("Ysolde", "Marchetti")
    records(
      of: ana, "family", "Ysolde", email: "ysolde.marchetti@example.org", phone: "+33 6 12 34 56 78",
      street: "1 rue Neuve")
    // More records than her double: she is the one monica-dedupe keeps.
    write(.create(.note), ["contact_id": .int(ana), "body": .string("Ysolde: likes jazz")])
    write(.create(.note), ["contact_id": .int(ana), "body": .string("Ysolde: plays chess")])
    let double = contact("Ysolde", "Marchetti", nickname: "Sol", born: (1985, 3, 4))
    records(
      of: double, "work", "Sol", email: "YSOLDE.Marchetti@Example.org", phone: "+44 20 7946 0958", street: "9 quai Sud")
    // The same e-mail on both: the keeper has it, so it is not doubled.
    write(
      .create(.contactField),
      ["contact_id": .int(double), "contact_field_type_id": .int(1), "data": .string("ysolde.marchetti@example.org")])
    // One lunch with both: after the merge the keeper attends it once.
    write(
      .create(.activity),
      [
        "summary": .string("Lunch with both"), "happened_at": .string("2024-04-01"),
        "contacts": .array([.int(ana), .int(double)]),
      ])
    // Both are Hugo's friends (the keeper's is not doubled), Sol is Ines's colleague (re-pointed),
    // and the pair is related (dropped); Sol has a job and how-you-met the keeper lacks.
    let hugo = contact("Hugo", "Lindqvist")
    let ines = contact("Ines", "Carvalho")
    relate(ana, hugo, "friend")
    relate(double, hugo, "friend")
    relate(double, ines, "colleague")
    relate(ana, double, "sibling")
    write(.contactPart(String(double), .work), ["job": .string("Pilot"), "company": .null])
    write(.contactPart(String(double), .food), ["food_preferences": .string("No nuts")])
    write(
      .contactPart(String(double), .introduction),
      ["general_information": .string("At the conference"), "is_date_known": .bool(false)])
    let theodoric = contact("Theodoric", "Vasquez-Lund", nickname: "Teddy")
    write(.create(.note), ["contact_id": .int(theodoric), "body": .string("Theodoric: owes a visit")])
    write(.create(.note), ["contact_id": .int(theodoric), "body": .string("Theodoric: moved to Oslo")])
    let teddy = contact("Teddy", "Vasquez-Lund")
    write(.create(.note), ["contact_id": .int(teddy), "body": .string("Teddy: new number")])
    // The same address on both, as an import of his phone's card would leave it: with the
    // nickname it makes them almost certainly one person (a name alone would not).
    for id in [theodoric, teddy] {
      write(
        .create(.contactField),
        ["contact_id": .int(id), "contact_field_type_id": .int(1), "data": .string("teddy@vasquez-lund.example")])
    }
    _ = contact("Philippa", "Okonkwo", born: (1950, 1, 2))
    _ = contact("Philippa", "Okonkwo", born: (1991, 7, 8))
    return writer.state.contents
  }
}
