/// A contact field type as `monica-import` names it: Monica's defaults (database/migrations/
/// 2017_11_10_174654_create_contact_fields_table.php:70-110, 2018_12_25_001736_add_linkedin_to_
/// default_contact_field_type.php:17-20), or a name the card gave, matched by name on the target.
package struct ContactFieldKind: Sendable, Hashable {
  /// The type's name: `Email`, `Phone`, `Twitter`, `Website`...
  package let name: String
  /// Font Awesome's icon class, as Monica's defaults have it.
  package let icon: String?
  /// `mailto:`, `tel:`, `telegram:`.
  package let urlProtocol: String?
  /// Whether the user may delete the type (not Email and Phone).
  package let delible: Bool
  /// `email`, `phone`, or nothing.
  package let type: String?

  /// An e-mail address.
  package static let email = ContactFieldKind(
    name: "Email", icon: "fa fa-envelope-open-o", urlProtocol: "mailto:", delible: false, type: "email")
  /// A phone number.
  package static let phone = ContactFieldKind(
    name: "Phone", icon: "fa fa-volume-control-phone", urlProtocol: "tel:", delible: false, type: "phone")
  /// A web address of no known service.
  package static let website = ContactFieldKind(name: "Website", icon: nil, urlProtocol: nil, delible: true, type: nil)

  /// Monica's default social types, by lower-cased name.
  static let social: [String: ContactFieldKind] = [
    "facebook": ContactFieldKind(
      name: "Facebook", icon: "fa fa-facebook-official", urlProtocol: nil, delible: true, type: nil),
    "twitter": ContactFieldKind(
      name: "Twitter", icon: "fa fa-twitter-square", urlProtocol: nil, delible: true, type: nil),
    "whatsapp": ContactFieldKind(name: "Whatsapp", icon: "fa fa-whatsapp", urlProtocol: nil, delible: true, type: nil),
    "telegram": ContactFieldKind(
      name: "Telegram", icon: "fa fa-telegram", urlProtocol: "telegram:", delible: true, type: nil),
    "linkedin": ContactFieldKind(
      name: "LinkedIn", icon: "fa fa-linkedin-square", urlProtocol: nil, delible: true, type: nil),
  ]

  /// The type a label names: one of Monica's defaults by any case, else a type of that name.
  package static func named(_ label: String) -> ContactFieldKind {
    let lower = label.lowercased()
    if lower == "email" { return .email }
    if lower == "phone" { return .phone }
    if ["website", "homepage", "home page", "url", "web", "blog"].contains(lower) { return .website }
    if let known = social[lower] { return known }
    return ContactFieldKind(name: label, icon: nil, urlProtocol: nil, delible: true, type: nil)
  }

  /// Writes the members of the contactfieldtype record, with a local id.
  func write(id: Int, to record: inout JSONObjectWriter) {
    record.int("id", id)
    record.string("object", RecordKind.contactFieldType.object)
    record.string("name", name)
    record.string("fontawesome_icon", icon)
    record.string("protocol", urlProtocol)
    record.bool("delible", delible)
    record.string("type", type)
  }
}
