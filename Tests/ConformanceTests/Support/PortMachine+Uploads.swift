import Foundation
import MonicaKit

/// Files in requests: Laravel's `UploadedFile::fake()->image(...)` and the factories' files.
extension PortMachine {
  /// The key that marks a value as a file to upload (a JSON object holding the file's name).
  static let fileKey = "__uploaded_file"

  /// A fake image as a request's value: sent as a multipart part named for its key.
  static func fakeFile(_ name: String) -> JSONValue { .object(JSONObject([fileKey: .string(name)])) }

  /// The boundary of the port's multipart bodies.
  static let boundary = "PortBoundary7MA4YWxkTrZu0gW"

  /// A 1x1 JPEG, the kind of image `UploadedFile::fake()->image('x.jpg')` makes (GD's imagejpeg).
  static let tinyJPEG: [UInt8] = Array(
    Data(
      base64Encoded:
        "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////"
        + "////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=")
      ?? Data())

  /// The body as `multipart/form-data` when it holds a file, as Laravel's `json()` sends files
  /// apart from the data (MakesHttpRequests::extractFilesFromDataArray); nil for plain JSON.
  static func multipart(_ body: JSONValue) -> Data? {
    guard let members = body.objectValue?.members, members.contains(where: { $0.value[fileKey] != nil }) else {
      return nil
    }
    var out = Data()
    for member in members {
      out.append(Data("--\(boundary)\r\n".utf8))
      if let name = member.value[fileKey]?.stringValue {
        let type = name.hasSuffix(".pdf") ? "application/pdf" : "image/jpeg"
        out.append(Data("Content-Disposition: form-data; name=\"\(member.key)\"; filename=\"\(name)\"\r\n".utf8))
        out.append(Data("Content-Type: \(type)\r\n\r\n".utf8))
        out.append(Data(tinyJPEG))
      } else {
        out.append(Data("Content-Disposition: form-data; name=\"\(member.key)\"\r\n\r\n".utf8))
        out.append(Data(phpString(member.value).utf8))
      }
      out.append(Data("\r\n".utf8))
    }
    out.append(Data("--\(boundary)--\r\n".utf8))
    return out
  }
}
