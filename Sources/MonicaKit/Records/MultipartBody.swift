import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields and one file, as Monica's photo and
/// document uploads take them (`photo` or `document`, UploadPhoto.php:37-43).
package struct MultipartBody: Sendable, Equatable {
  /// The text fields, in order.
  package var fields: [(name: String, value: String)]
  /// The file field's name (`photo`).
  package var fileField: String
  /// The file's name as the server will record it (`original_filename`).
  package var filename: String
  /// The file's media type.
  package var mimeType: String
  /// The file's bytes.
  package var bytes: [UInt8]
  /// The boundary between parts: random, so that no file's bytes can contain it by chance.
  package var boundary = "monica-" + UUID().uuidString

  package init(
    fields: [(name: String, value: String)], fileField: String, filename: String, mimeType: String, bytes: [UInt8]
  ) {
    self.fields = fields
    self.fileField = fileField
    self.filename = filename
    self.mimeType = mimeType
    self.bytes = bytes
  }

  /// The `Content-Type` header.
  package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The encoded body.
  package var encoded: [UInt8] {
    var out: [UInt8] = []
    func text(_ string: String) { out += Array(string.utf8) }
    for field in fields {
      text("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(field.name))\"\r\n\r\n")
      text(field.value + "\r\n")
    }
    text("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(fileField))\"; ")
    text("filename=\"\(Self.quoted(filename))\"\r\nContent-Type: \(mimeType)\r\n\r\n")
    out += bytes
    text("\r\n--\(boundary)--\r\n")
    return out
  }

  /// A header parameter's value: quotes, backslashes and line breaks cannot end it early.
  private static func quoted(_ value: String) -> String {
    String(
      value.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "\"", "\\": "_"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: "_"
        default: Character(scalar)
        }
      })
  }

  /// The bytes and media type of a `data:<type>;base64,<payload>` URL, at most Monica's upload
  /// limit; `nil` when it is not one.
  package static func decode(dataURL text: String) -> (mimeType: String, bytes: [UInt8])? {
    guard case .success(let bytes) = DataURL.decode(text) else { return nil }
    let type = text.dropFirst(5).prefix { $0 != ";" && $0 != "," }
    return (type.isEmpty ? "application/octet-stream" : String(type), bytes)
  }

  package static func == (a: MultipartBody, b: MultipartBody) -> Bool {
    a.fields.elementsEqual(b.fields) { $0 == $1 } && a.fileField == b.fileField && a.filename == b.filename
      && a.mimeType == b.mimeType && a.bytes == b.bytes
  }
}
