extension RecordKind {
  /// Gifts (routes/api.php:103-105); the photos of a gift are photos of its contact.
  package static let gift = RecordKind(
    object: "gift", name: "gifts", routes: KindRoutes.resource.union(.nested),
    references: [
      KindReference("contact.id", to: "contact"), KindReference("recipient.id", to: "contact"),
      KindReference("photos[].id", to: "photo"),
    ],
    writes: .gift, rule: .object(.gift), display: KindDisplay(title: "name", contact: "contact", date: "date"),
    seeding: .perContact(below: 2), deletesWithStringID: true,  // ApiGiftController.php:134,142
    deleteRules: WriteRules(
      "app/Services/Contact/Gift/DestroyGift.php", [("gift_id", "required|integer|exists:gifts,id", "19")],
      route: ["gift_id"]))
}

extension RecordKind {
  /// Gives a gift one of its contact's photos: `PUT /gifts/{gift}/photo/{photo}`
  /// (routes/api.php:105; AssociatePhotoToGift.php:31-45). A gift's record lists them in `photos`.
  package static func giftPhotoPath(gift: Int, photo: Int) -> String {
    RecordKind.gift.path(of: gift, "\(RecordKind.photo.object)/\(photo)")
  }

  /// What `PUT /gifts/{gift}/photo/{photo}` validates: both ids from the route
  /// (ApiGiftController.php:111-126).
  package static let giftPhotoRules = WriteRules(
    "app/Services/Contact/Gift/AssociatePhotoToGift.php",
    [
      ("photo_id", "required|integer|exists:photos,id", "20"),
      ("gift_id", "required|integer|exists:gifts,id", "21"),
    ], route: ["photo_id", "gift_id"])

  /// The member of a gift's record that lists its photos.
  package static let giftPhotos = RecordKind.photo.name

  /// The ids of a gift's photos (`photos`, app/Http/Resources/Gift/Gift.php:36).
  package static func giftPhotoIDs(of gift: JSONObject) -> [Int] {
    (gift[giftPhotos]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
  }
}

extension ObjectShape {
  /// A gift; `status` as CreateGift accepts it. Monica keeps `url` as any string; the toolset's
  /// contract wants a link that works, and an amount that is not negative.
  package static let gift = ObjectShape(
    "gift", source: "app/Http/Resources/Gift/Gift.php:141-164, app/Services/Contact/Gift/CreateGift.php:20-37",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("gift"))),
      FieldRule("name", .text(.nonEmpty)), FieldRule("comment", .optionalString), FieldRule("url", .nullable(.url)),
      FieldRule("amount", .nullable(.text(.amount))), FieldRule("value", .string),
      FieldRule("amount_with_currency", .string),
      FieldRule("status", .text(.oneOf(["idea", "offered", "received"]))), FieldRule("date", .nullable(.text(.date))),
      FieldRule("recipient", .nullable(.object(.shortContact))), FieldRule("photos", .array(.object(.photo))),
      FieldRule("contact", .nullable(.object(.shortContact))), FieldRule("account", .object(.account)),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.giftAmount, .timestampsInOrder])
}

extension WriteMapping {
  /// Gifts: `CreateGift` and `UpdateGift` (app/Services/Contact/Gift). `amount` is the record's
  /// amount as it is printed (AmountFormatter parses it back), `recipient_id` the recipient's id.
  static let gift = WriteMapping(
    services: "app/Services/Contact/Gift/CreateGift.php, UpdateGift.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)), .same("name"), .same("status"), .same("comment"),
      .same("url"), .same("amount"), .same("date"), WriteField("recipient_id", .value(FieldPath.recipientID)),
    ],
    create: WriteRules(
      "app/Services/Contact/Gift/CreateGift.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "22"),
        ("name", "required|string|max:255", "23"),
        ("status", "required|in:idea,offered,received", "24-31"),
        ("comment", "string|max:1000000|nullable", "32"),
        ("url", "string|max:1000000|nullable", "33"),
        ("amount", "numeric|nullable", "34"),
        ("date", "date|nullable", "35"),
        ("recipient_id", "integer|nullable|exists:contacts,id", "36"),
      ]),
    update: WriteRules(
      "app/Services/Contact/Gift/UpdateGift.php",
      [
        ("gift_id", "required|integer|exists:gifts,id", "22"),
        ("contact_id", "required|integer|exists:contacts,id", "23"),
        ("name", "required|string|max:255", "24"),
        ("status", "required|in:idea,offered,received", "25-32"),
        ("comment", "string|max:1000000|nullable", "33"),
        ("url", "string|max:1000000|nullable", "34"),
        ("amount", "numeric|nullable", "35"),
        ("date", "date|nullable", "36"),
        ("recipient_id", "integer|nullable|exists:contacts,id", "37"),
      ], route: ["gift_id"]))
}
