import Foundation
import MonicaKit
import Testing

/// The edges of `monica-push --create --map` for relationships, life events and documents: a
/// relationship type the target lacks or reverses otherwise, a run killed between a wrongly
/// guessed life event's create and its delete, a run killed mid-upload; and the sandbox's
/// `--state` keeping uploaded bytes across a restart.
@Suite struct MigrateEdgesTests {
  typealias Pair = MigrateTests.Pair

  @Test("--state keeps uploaded document bytes and photos across a restart, byte for byte")
  func stateKeepsFiles() throws {
    let directory = NSTemporaryDirectory() + "sandbox-files-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let state = directory + "/state.ndjson"
    let first = try Sandbox.start(["--contacts", "3", "--rate-limit", "0", "--public-storage", "--state", state])
    // Every byte value, and more than one read's worth.
    let upload = try sh(
      """
      python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)) * 400)' > lease.pdf
      curl -sS -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' \
        -F contact_id=2 -F 'document=@lease.pdf;type=application/pdf' "$SANDBOX_API/documents" | jq -r .data.link
      echo gone > old.pdf
      curl -sS -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' \
        -F contact_id=2 -F 'document=@old.pdf;type=application/pdf' "$SANDBOX_API/documents" | jq -r .data.id > old.id
      curl -sS -X DELETE -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' \
        "$SANDBOX_API/documents/$(cat old.id)" | jq -r .deleted >&2
      monica-fetch photos --max 1 | jq -r .dataUrl | sed 's/^data:[^,]*,//' | base64 -d > face.png
      monica-photo upload --contact 3 face.png | jq -r .dataUrl
      """, env: first.signedInEnv, directory: directory)
    #expect(upload.status == 0, "\(upload)")
    #expect(upload.lines.count == 2 && upload.stderr == "true\n", "\(upload)")
    first.stop()
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    // Only the bytes of the documents that exist are kept.
    #expect(saved.components(separatedBy: #""object":"sandbox-document-file""#).count == 2)

    let second = try Sandbox.start(["--rate-limit", "0", "--public-storage", "--state", state])
    defer { second.stop() }
    let documents = try records(sh("monica-fetch documents", env: second.signedInEnv).stdout)
    let document = try #require(documents.first { $0["original_filename"]?.stringValue == "lease.pdf" })
    #expect(document["link"]?.stringValue?.hasPrefix(second.url + "/storage/documents/") == true, "\(document)")
    let back = try sh(
      #"curl -sS -o back.pdf -w '%{http_code}' "$LINK" && cmp lease.pdf back.pdf && echo same"#,
      env: second.env.merging(["LINK": document["link"]?.stringValue ?? ""]) { $1 }, directory: directory)
    #expect(back.stdout == "200same\n", "\(back)")
    let photos = try records(sh("monica-fetch photos --contact 3", env: second.signedInEnv).stdout)
    let dataURL = try #require(upload.lines.last)
    #expect(photos.contains { $0["dataUrl"]?.stringValue == dataURL && $0["original_filename"]?.stringValue == "face.png" })
    // A state file's bytes are checked: broken base64 is refused with its line.
    try (saved + #"{"object":"sandbox-document-file","name":"documents/x.pdf","data":"@@@"}"# + "\n").write(
      toFile: state, atomically: true, encoding: .utf8)
    let refused = try sh("monica-sandbox --port 0 --state \(state)", env: second.env)
    #expect(refused.status == 65, "\(refused)")
    #expect(refused.stderr.contains("base64 \"data\""), "\(refused)")
  }
}
