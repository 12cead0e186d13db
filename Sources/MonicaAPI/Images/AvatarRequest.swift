import MonicaKit

/// One input contact's avatar as its record describes it (`information.avatar`, in full and
/// short contacts alike): the source, the URL, and what an initials avatar needs.
package struct AvatarRequest: Sendable {
  /// The contact's id.
  package let contactID: Int
  /// `default`, `adorable`, `gravatar`, `photo`, or `nil` when the record has no avatar (a
  /// partial contact's `information` keeps only `dates`).
  package let source: String?
  /// `information.avatar.url`, when a non-empty string.
  package let url: String?
  /// `initials`.
  package let initials: String?
  /// `information.avatar.default_avatar_color`.
  package let color: String?
  /// `stdin:3`, for messages.
  package let place: String

  /// The request of one input line; malformed input (65) when it is not a contact with an id.
  package init(line: [UInt8], source name: String, number: Int) throws(MonicaError) {
    func bad(_ reason: String) -> MonicaError { .malformedInput(source: name, line: number, reason: reason) }
    guard case .object(let record)? = try? JSONValue(parsing: line) else { throw bad("not a JSON object") }
    if let object = record["object"], object.stringValue != RecordKind.contact.object {
      throw bad("a \(object.stringValue.map { "\"\($0)\"" } ?? "record") record, not a contact")
    }
    guard let id = record["id"]?.intValue, id > 0 else { throw bad("a contact without a numeric \"id\"") }
    contactID = id
    let avatar = record["information"]?["avatar"]
    source = avatar?["source"]?.stringValue
    url = avatar?["url"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    initials = InitialsAvatar.letters(
      initials: record["initials"]?.stringValue, firstName: record["first_name"]?.stringValue,
      lastName: record["last_name"]?.stringValue)
    color = avatar?["default_avatar_color"]?.stringValue
    place = "\(name):\(number)"
  }

  /// What the source needs: nothing, a decoding, a photo from the API or a download.
  package enum Route: Sendable, Equatable {
    /// The initials SVG, with this reason when it stands in for a source that failed.
    case initials(reason: String?, failed: Bool)
    /// Decode the `data:` URL.
    case dataURL(String)
    /// The bytes of the photo whose link is this.
    case photo(link: String)
    /// GET this URL, without the token.
    case download(String)
  }

  /// The route of this request.
  package var route: Route {
    guard let source else { return .initials(reason: "no avatar in the record (a partial contact)", failed: false) }
    switch RecordKind.AvatarSource(rawValue: source) {
    case .default?: return .initials(reason: nil, failed: false)
    case .adorable?:
      guard let url else { return .initials(reason: nil, failed: false) }
      return .dataURL(url)
    case .gravatar?:
      guard let url else { return .initials(reason: nil, failed: false) }
      return url.hasPrefix("data:") ? .dataURL(url) : .download(url)
    case .photo?:
      guard let url else { return .initials(reason: nil, failed: false) }
      return url.hasPrefix("data:") ? .dataURL(url) : .photo(link: url)
    case nil:
      return .initials(reason: "unknown avatar source \"\(source)\"", failed: true)
    }
  }
}
