import Foundation
import MonicaKit

extension SandboxAPI {
  /// Answers the write routes, then persists the store when `--state` asks for it.
  func write(_ route: Route, _ request: APIRequest) -> APIResponse {
    var input: JSONObject
    var upload: Upload?
    if request.contentType.lowercased().hasPrefix("multipart/form-data") {
      let form = MultipartForm(body: request.body, contentType: request.contentType)
      input = form.fields
      // Laravel's `all()` holds each file under its field, an UploadedFile whatever its part's
      // Content-Type, which stands for it here (a document's extension is guessed from it).
      for field in RecordKind.all.compactMap({ $0.uploadRules?.fileField }) {
        guard let file = form.file(field) else { continue }
        upload = upload ?? file
        input[field] = .string(form.types[field] ?? "application/octet-stream")
      }
    } else if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      input = JSONObject()
    } else {
      guard let value = try? JSONValue(parsing: request.body) else { return .error(400, 37) }
      input = value.objectValue ?? JSONObject()
    }
    // Monica's TrimStrings and ConvertEmptyStringsToNull, before any route sees the input.
    input = MonicaInput.cleaned(input)
    let now = clock.now()
    return store.withState { state in
      var writer = StoreWriter(state: state, baseURL: baseURL, now: now)
      writer.publicStorage = publicStorage
      let response = writer.perform(route, input, upload: upload)
      // A write that got past the rules naming another account's row meets that row's
      // account-scoped findOrFail (SandboxAPI+Fixtures.swift).
      if response.status < 300, state.contents.namesOtherAccount(route, input) { return .notFound }
      if response.status < 300 {
        state = writer.state
        state.invalidate()
        if let statePath {
          do {
            try StoreFile.save(state.contents, baseURL: baseURL, to: statePath)
          } catch {
            return .message(500, "Cannot save the state file")
          }
        }
      }
      return response
    }
  }
}

/// The body of a `multipart/form-data` request: text fields and files.
struct MultipartForm {
  /// The text fields.
  var fields = JSONObject()
  private var files: [String: (bytes: [UInt8], filename: String)] = [:]
  /// The Content-Type of each file's part.
  private(set) var types: [String: String] = [:]

  init(body: [UInt8], contentType: String) {
    guard let range = contentType.range(of: "boundary=") else { return }
    var boundary = String(contentType[range.upperBound...])
    if let semicolon = boundary.firstIndex(of: ";") { boundary = String(boundary[..<semicolon]) }
    boundary = boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    let delimiter = Array(("--" + boundary).utf8)
    var parts: [ArraySlice<UInt8>] = []
    var start: Int?
    var index = 0
    while index + delimiter.count <= body.count {
      if body[index] == delimiter[0] && Array(body[index..<index + delimiter.count]) == delimiter {
        if let begin = start { parts.append(body[begin..<max(begin, index - 2)]) }
        index += delimiter.count
        while index < body.count && (body[index] == 0x0D || body[index] == 0x0A) { index += 1 }
        start = index
      } else {
        index += 1
      }
    }
    for part in parts {
      guard let split = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: part) else { continue }
      let head = String(decoding: part[part.startIndex..<split], as: UTF8.self)
      let content = Array(part[(split + 4)...])
      guard let name = Self.attribute("name", in: head) else { continue }
      if let filename = Self.attribute("filename", in: head) {
        files[name] = (content, filename)
        types[name] = Self.header("Content-Type", in: head)
      } else {
        fields[name] = .string(String(decoding: content, as: UTF8.self))
      }
    }
  }

  /// The uploaded file of a field.
  func file(_ name: String) -> (bytes: [UInt8], filename: String)? { files[name] }

  private static func header(_ name: String, in head: String) -> String? {
    for line in head.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  private static func attribute(_ name: String, in head: String) -> String? {
    guard let range = head.range(of: "; \(name)=\"") else { return nil }
    let rest = head[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
  }

  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for index in haystack.startIndex...(haystack.endIndex - needle.count)
    where haystack[index..<index + needle.count].elementsEqual(needle) {
      return index
    }
    return nil
  }
}
