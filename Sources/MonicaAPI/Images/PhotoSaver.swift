import Foundation
import MonicaKit

/// `monica-photo save`: each photo record's bytes, from its `dataUrl` (present in list answers
/// too, app/Http/Resources/Photo/Photo.php), written as `DIR/<id>-<original_filename>`; one
/// result line each, `{"photo_id","contact_id","file","bytes","mime_type"}`. No request.
package struct PhotoSaver {
  /// `--dir`.
  package let directory: String

  package init(directory: String) { self.directory = directory }

  /// Saves the photo of every line, in order; a line that is not a photo with an image stops
  /// the run (65) after the lines before it. Each line is read in place in the reader's buffer.
  package func run(sources: [InputSource], output: LineOutput) throws(MonicaError) {
    LargeBlocks.returnedWhenFreed()
    let folder = try ImageFolder(directory)
    try output.finishing { () throws(MonicaError) in
      for source in sources {
        let reader = try source.open(maximumLineLength: BodyLimits.photoRecord)
        try reader.forEachLine { (line) throws(MonicaError) in
          guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { return }
          try save(line, source: reader.name, number: reader.lineNumber, folder: folder, output: output)
        }
      }
    }
  }

  /// Saves the photo of one line and writes its result.
  private func save(
    _ line: UnsafeBufferPointer<UInt8>, source: String, number: Int, folder: ImageFolder, output: LineOutput
  ) throws(MonicaError) {
    func bad(_ reason: String) -> MonicaError { .malformedInput(source: source, line: number, reason: reason) }
    // The record is read in place, its `dataUrl` straight into the image: a 10 MB photo's line
    // is not parsed into a second copy of itself. Members other than the image are small.
    guard let members = Self.members(line) else { throw bad("not a JSON object") }
    func value(_ key: String) -> JSONValue? {
      guard let range = members[key], range.count <= 1 << 20 else { return nil }
      return try? JSONValue(parsing: UnsafeBufferPointer(rebasing: line[range]))
    }
    guard value("object")?.stringValue == RecordKind.photo.object, let id = value("id")?.intValue else {
      throw bad("not a photo record (no \"object\":\"photo\" with an \"id\")")
    }
    let image: FetchedImage
    switch PhotoImage.decode(
      id: id, dataURL: members["dataUrl"], read: { Data(UnsafeBufferPointer(rebasing: line[$0])) })
    {
    case .success(let found): image = found
    case .failure(let failure): throw bad("photo #\(id): \(failure.reason)")
    }
    let name = "\(id)-" + Self.safeName(value("original_filename")?.stringValue, kind: image.kind)
    let file = try folder.write(image.bytes, fileName: name).get()
    var result = JSONObject(["photo_id": .int(id)])
    result["contact_id"] = value("contact")?["id"] ?? .null
    result["file"] = .string(file)
    result["bytes"] = .int(image.bytes.count)
    result["mime_type"] = .string(image.kind.mimeType)
    try output.writeLine(JSONWriter.plain.bytes(.object(result)))
  }

  /// The byte range of each top-level member of a JSON object, or nil when `bytes` is not one.
  static func members(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: Range<Int>]? {
    var parser = JSONParser(bytes)
    var members: [String: Range<Int>] = [:]
    do {
      try parser.enterObject()
      var first = true
      while let key = try parser.nextKey(first: first) {
        first = false
        members[key] = try parser.skipValue()
      }
      try parser.expectEnd()
    } catch {
      return nil
    }
    return members
  }

  /// A file name from a name someone else chose: one component (no `/` or `\`), no `..`, no
  /// control or bidi characters (`TerminalText.isControl`, and tab and line feed: a listing must
  /// show the name as it is), at most 200 bytes; `photo.<ext>` when nothing is left.
  package static func safeName(_ original: String?, kind: ImageKind) -> String {
    var name = String(
      (original ?? "").unicodeScalars.map { scalar -> Character in
        if scalar == "/" || scalar == "\\" { return "_" }
        if scalar == "\t" || scalar == "\n" || TerminalText.isControl(scalar) { return "_" }
        return Character(scalar)
      })
    while name.contains("..") { name = name.replacingOccurrences(of: "..", with: ".") }
    while name.hasPrefix(".") { name.removeFirst() }
    while name.utf8.count > 200 { name.removeFirst() }
    return name.isEmpty ? "photo.\(kind.fileExtension)" : name
  }
}

/// `monica-photo upload`: every file checked first (an image by its first bytes, at most
/// 10 MB), then each sent as `POST /api/photos` with `contact_id` and a multipart `photo` field
/// (app/Services/Account/Photo/UploadPhoto.php:38), the created records printed in order. A
/// create that failed with a 5xx or no answer may have been applied: it is not sent again.
package struct PhotoUploader {
  /// The contact the photos belong to.
  package let contactID: Int
  /// The images, as given.
  package let files: [String]
  /// The instance, the profile and the client policy.
  package let connection: Connection

  package init(contactID: Int, files: [String], connection: Connection) {
    (self.contactID, self.files, self.connection) = (contactID, files, connection)
  }

  /// Checks every file, then uploads them one by one.
  package func run(output: LineOutput) async throws(MonicaError) {
    var images: [(path: String, bytes: [UInt8], kind: ImageKind)] = []
    for path in files {
      let (bytes, kind) = try Self.read(path)
      images.append((path, bytes, kind))
    }
    let client = try connection.client()
    do throws(MonicaError) {
      for image in images {
        if output.readerIsGone { throw .outputClosed }
        let upload = MultipartBody(
          fields: [("contact_id", String(contactID))],
          fileField: RecordKind.photo.uploadRules?.fileField ?? RecordKind.photo.object,
          filename: (image.path as NSString).lastPathComponent, mimeType: image.kind.mimeType, bytes: image.bytes)
        let response = try await client.send(
          "POST", RecordKind.photo.path, body: Data(upload.encoded), contentType: upload.contentType, repeatable: false)
        do throws(MonicaError) {
          try client.check(response, path: RecordKind.photo.path, what: "contact #\(contactID)")
          let (record, _) = try LineWrite.record(in: response, request: "POST /api/photos")
          try output.writeLine(record)
          try output.flush()
        } catch {
          throw error.prefixed("\(image.path): ")
        }
      }
    } catch {
      if error != .outputClosed { try? output.flush() }
      throw error
    }
  }

  /// The bytes and kind of a file to upload; 66 when it cannot be read, 65 when it is no image
  /// or too large, each naming the file.
  static func read(_ path: String) throws(MonicaError) -> ([UInt8], ImageKind) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw .notFound(
        "\(path): \(errno == 0 || info.st_mode & S_IFMT != S_IFREG ? "not a file" : systemErrorText(errno))")
    }
    guard info.st_size <= ImageKind.byteLimit else {
      throw .invalidData("\(path): larger than 10 MB, Monica's upload limit; nothing was sent")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .notFound("\(path): cannot read the file")
    }
    switch ImageKind.verify(Array(data), contentType: nil) {
    case .success(let kind): return (Array(data), kind)
    case .failure(let refusal): throw .invalidData("\(path): \(refusal.reason); nothing was sent")
    }
  }
}
