import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Data that someone else controls, each case the hostile input that found the hole: image
/// answers without end, control characters in contact names, vCards built to take all memory,
/// bidi controls in a photo's file name.
@Suite struct HostileInputTests {
  /// Peak resident memory (MB) and wall time of `command` (run by bash in `directory`), with
  /// its status, stdout and stderr.
  func measured(_ command: String, env: [String: String], directory: String) throws -> (
    run: ShellRun, megabytes: Double, seconds: Double
  ) {
    let started = ContinuousClock.now
    let run = try sh(
      "/usr/bin/time -f '%M' -o rss.txt bash -o pipefail -c \(JSONWriter.plain.string(.string(command)))",
      env: env, directory: directory)
    let elapsed = ContinuousClock.now - started
    let text = (try? String(contentsOfFile: directory + "/rss.txt", encoding: .utf8)) ?? ""
    let kilobytes = Double(text.split(separator: "\n").last.map(String.init) ?? "") ?? .infinity
    return (run, kilobytes / 1024, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }

  /// A contact line whose avatar is at `url`.
  func contact(_ id: Int, _ url: String) -> String {
    #"{"id":\#(id),"object":"contact","initials":"AB","information":{"avatar":"#
      + ##"{"url":"\##(url)","source":"gravatar","default_avatar_color":"#709512"}}}"##
  }

  /// The image origin's hostile answers: each is cut (by size or by the time-out), falls back to
  /// the initials, is asked for once however many contacts share it, and costs little memory.
  struct ImageRow: Sendable, CustomTestStringConvertible {
    let name: String
    let timeoutMilliseconds: Int
    let reason: String
    let seconds: Double
    var testDescription: String { name }
  }

  static let imageRows: [ImageRow] = [
    // Chunked, no Content-Length, 1 MiB chunks without end: cut at 10 MB.
    ImageRow(name: "endless-1", timeoutMilliseconds: 30_000, reason: "larger than 10 MB", seconds: 25),
    // One byte a second: cut by the time-out, not retried.
    ImageRow(
      name: "trickle-1", timeoutMilliseconds: 1_500, reason: "the image did not arrive within 1.5 s", seconds: 8),
    ImageRow(name: "huge-1", timeoutMilliseconds: 30_000, reason: "larger than 10 MB", seconds: 25),
    ImageRow(name: "sized-1", timeoutMilliseconds: 30_000, reason: "larger than 10 MB", seconds: 25),
  ]

  @Test("a hostile image answer is cut, asked for once, and costs under 100 MB", arguments: imageRows)
  func hostileImage(_ row: ImageRow) throws {
    let sandbox = try Sandbox.start(["--contacts", "3", "--rate-limit", "0", "--gravatar-port", "0"])
    let gravatar = try #require(sandbox.gravatar)
    let root = sandbox.temporary.root
    let lines = (1...3).map { contact($0, gravatar + "/avatar/" + row.name) }
    try (lines.joined(separator: "\n") + "\n").write(toFile: root + "/in.ndjson", atomically: true, encoding: .utf8)
    let env = sandbox.signedInEnv.merging([
      "MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": String(row.timeoutMilliseconds),
    ]) { $1 }
    let (run, megabytes, seconds) = try measured(
      "monica-avatar save --dir faces < in.ndjson", env: env, directory: root)
    #expect(run.status == 0, "\(run)")
    let results = try records(run.stdout)
    #expect(results.count == 3 && results.allSatisfy { $0["from"]?.stringValue == "initials" }, "\(run)")
    for result in results {
      #expect(result["reason"]?.stringValue?.hasPrefix(row.reason) == true, "\(result)")
    }
    let asked = sandbox.requests().filter { $0["server"]?.stringValue == "gravatar" }
    #expect(asked.count == 1, "\(asked)")
    #expect(megabytes < 100, "peak RSS \(megabytes) MB")
    #expect(seconds < row.seconds, "\(seconds) s")
  }

  /// `monica-avatar save`'s options for a run: the default 8 downloads at once, or one.
  static let jobs = ["", " --jobs 1"]

  @Test(
    "ten different endless avatars in one run: each asked for once, cut, under 100 MB, within the time-out",
    arguments: jobs)
  func tenEndlessAvatars(_ jobs: String) throws {
    let sandbox = try Sandbox.start(["--contacts", "3", "--rate-limit", "0", "--gravatar-port", "0"])
    let gravatar = try #require(sandbox.gravatar)
    let root = sandbox.temporary.root
    let lines = (1...10).map { contact($0, gravatar + "/avatar/endless-\($0)") }
    try (lines.joined(separator: "\n") + "\n").write(toFile: root + "/in.ndjson", atomically: true, encoding: .utf8)
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "30000"]) { $1 }
    let (run, megabytes, seconds) = try measured(
      "monica-avatar save --dir faces\(jobs) < in.ndjson", env: env, directory: root)
    #expect(run.status == 0, "\(run)")
    let results = try records(run.stdout)
    #expect(results.count == 10, "\(run)")
    #expect(results.allSatisfy { $0["reason"]?.stringValue == "larger than 10 MB" }, "\(results)")
    let asked = sandbox.requests().filter { $0["server"]?.stringValue == "gravatar" }.compactMap {
      $0["path"]?.stringValue
    }
    #expect(asked.sorted() == (1...10).map { "/avatar/endless-\($0)" }.sorted(), "\(asked)")
    #expect(megabytes < 100, "peak RSS \(megabytes) MB")
    #expect(seconds < 30, "\(seconds) s")
  }

  @Test("an endless /api/photos answer, to the photo walk or to an upload, costs under 100 MB")
  func endlessPhotosAnswer() throws {
    let cases = [
      // The photo walk of monica-avatar: the photo avatars fall back to the initials.
      (
        "endless@*1:/api/photos",
        "monica-fetch contacts --page-size 50 > contacts.ndjson; "
          + "monica-avatar save --dir faces --strict < contacts.ndjson", Int32(76)
      ),
      // The answer to monica-photo's upload.
      ("endless@1:POST:/api/photos", "monica-photo upload --contact 2 face.png", Int32(76)),
    ]
    for (fault, command, status) in cases {
      let sandbox = try Sandbox.start(["--contacts", "35", "--rate-limit", "0", "--fault", fault])
      let root = sandbox.temporary.root
      let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
      try #require(Data(base64Encoded: png)).write(to: URL(fileURLWithPath: root + "/face.png"))
      let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "60000"]) { $1 }
      let (run, megabytes, seconds) = try measured(command, env: env, directory: root)
      #expect(run.status == status, "\(fault): \(run)")
      #expect(run.stderr.contains("larger than 64 MiB"), "\(fault): \(run.stderr)")
      let method = fault.contains("POST") ? "POST" : "GET"
      let asked = sandbox.requests(path: "/api/photos").filter { $0["method"]?.stringValue == method }
      #expect(asked.count == 1, "\(fault): \(asked)")
      #expect(megabytes < 100, "\(fault): peak RSS \(megabytes) MB")
      #expect(seconds < 60, "\(fault): \(seconds) s")
    }
  }

  @Test("an API answer without end is cut at 64 MiB, asked for once, in bounded memory")
  func endlessAPIAnswer() throws {
    let sandbox = try Sandbox.start(["--contacts", "3", "--rate-limit", "0", "--fault", "endless@*1:/api/contacts"])
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "60000"]) { $1 }
    let (run, megabytes, seconds) = try measured(
      "monica-fetch contacts", env: env, directory: sandbox.temporary.root)
    #expect(run.status == 76 && run.stdout.isEmpty, "\(run)")
    #expect(run.stderr.contains("the answer is larger than 64 MiB"), "\(run.stderr)")
    #expect(sandbox.requests(path: "/api/contacts").count == 1)
    #expect(megabytes < 100, "peak RSS \(megabytes) MB")
    #expect(seconds < 60, "\(seconds) s")
  }

  /// A contact whose names hold every kind of control: C0 (ESC sequences, BEL, BS, CR), DEL,
  /// C1 (U+009B, a CSI), and the bidi controls.
  static let hostileName =
    #"{"id":7,"object":"contact","first_name":"A\u001b]0;owned\u0007\u001b[2J\b\rB"#
    + "\u{7F}C\u{9B}2JD\u{202E}gnp.exe\u{2066}E\u{2069}\u{200E}\u{200F}\u{061C}\u{202A}F\","
    + #""last_name":"Z","is_dead":false,"#
    + #""information":{"dates":{"birthdate":{"date":"1980-05-17","is_age_based":false,"is_year_unknown":false}}}}"#

  /// Whether `bytes` hold any control a terminal obeys or any bidi control.
  static func hasControls(_ bytes: Data) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        || [0x061C, 0x200E, 0x200F].contains($0.value) || (0x202A...0x202E).contains($0.value)
        || (0x2066...0x2069).contains($0.value)
    }
  }

  static let formats = [
    "table", "markdown", "csv", "tsv", "json", "ndjson", "template --template '{{first_name}} {{last_name}}'",
    "vcard", "ics", "dot",
  ]

  /// The formats whose writer takes no --fields.
  static let wholeRecords: Set = ["vcard", "ics", "dot"]

  @Test("control and bidi characters never reach a terminal, in any format; files keep the data formats as they are")
  func terminalOutput() throws {
    let home = try TemporaryHome()
    try (Self.hostileName + "\n").write(toFile: home.root + "/in.ndjson", atomically: true, encoding: .utf8)
    for format in Self.formats {
      let fields =
        format == "dot"
        ? " --all-contacts"  // a contact without relationships is drawn only when asked for
        : format.hasPrefix("template") || Self.wholeRecords.contains(format) ? "" : " --fields first_name,last_name"
      let command = "monica-format \(format)\(fields) in.ndjson"
      // `script` gives the tool a pseudo-terminal as stdout and copies what it wrote.
      let tty = try sh(
        "script -qec \(JSONWriter.plain.string(.string(command))) /dev/null < /dev/null", env: home.env,
        directory: home.root)
      #expect(tty.status == 0, "\(format): \(tty)")
      // The table's own styles (bold header) are the only escape sequences.
      var shown = tty.stdout
      for style in ["\u{1B}[1m", "\u{1B}[2m", "\u{1B}[0m"] { shown = shown.replacingOccurrences(of: style, with: "") }
      #expect(!Self.hasControls(Data(shown.utf8)), "\(format) to a terminal: \(tty.stdout.debugDescription)")
      #expect(tty.stdout.contains("\u{FFFD}") && tty.stdout.contains("gnp.exe"), "\(format): \(tty.stdout)")
      let file = try sh(command + " > out", env: home.env, directory: home.root)
      #expect(file.status == 0, "\(format): \(file)")
      let written = try Data(contentsOf: URL(fileURLWithPath: home.root + "/out"))
      if format == "table" || format == "markdown" || format == "dot" {
        #expect(!Self.hasControls(written), "\(format) to a file: \(String(decoding: written, as: UTF8.self))")
      } else {
        // Byte for byte: the C1 and bidi controls are there as they came.
        #expect(String(decoding: written, as: UTF8.self).contains("\u{9B}2JD\u{202E}gnp"), "\(format) to a file")
        let safe = try sh(command + " --safe > safe", env: home.env, directory: home.root)
        let neutral = try Data(contentsOf: URL(fileURLWithPath: home.root + "/safe"))
        #expect(safe.status == 0 && !Self.hasControls(neutral), "\(format) --safe: \(safe)")
      }
      if format == "csv" || format.hasPrefix("template") {
        #expect(written.contains(0x1B) && written.contains(0x07), "\(format) to a file keeps ESC and BEL")
      }
    }
  }

  /// A vCard file of `cards` ordinary cards around one hostile card.
  func hostileFile(_ path: String, hostile: (FileHandle) throws -> Void) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try file.write(contentsOf: Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Before\r\nEND:VCARD\r\n".utf8))
    try hostile(file)
    try file.write(contentsOf: Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob After\r\nEND:VCARD\r\n".utf8))
    try file.close()
  }

  @Test(
    "a card of a million EMAIL lines, or a NOTE folded over a million lines, is refused at its line in bounded memory")
  func hostileVCards() throws {
    let home = try TemporaryHome()
    // 21 MB: a million e-mail addresses in one card (866 MB in memory before).
    try hostileFile(home.root + "/emails.vcf") { file in
      try file.write(contentsOf: Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Many Mails\r\n".utf8))
      var block = ""
      for index in 1...1_000_000 {
        block += "EMAIL:user\(index)@example.com\r\n"
        if index % 50_000 == 0 {
          try file.write(contentsOf: Data(block.utf8))
          block = ""
        }
      }
      try file.write(contentsOf: Data("END:VCARD\r\n".utf8))
    }
    // 100 MB: one NOTE folded over a million continuation lines (588 MB and a 96 MB line before).
    try hostileFile(home.root + "/note.vcf") { file in
      try file.write(contentsOf: Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Long Note\r\nNOTE:start\r\n".utf8))
      let chunk = Data(String(repeating: " " + String(repeating: "x", count: 97) + "\r\n", count: 10_000).utf8)
      for _ in 0..<100 { try file.write(contentsOf: chunk) }
      try file.write(contentsOf: Data("END:VCARD\r\n".utf8))
    }
    let cases = [
      ("emails.vcf", "emails.vcf:1006: card 2: more than 1000 properties"),
      ("note.vcf", "note.vcf:8: card 2: a NOTE property longer than 1 MiB unfolded"),
    ]
    for (name, message) in cases {
      let (refused, megabytes, _) = try measured(
        "monica-import vcard \(name) > out.ndjson", env: home.env, directory: home.root)
      #expect(refused.status == 65, "\(name): \(refused)")
      #expect(refused.stderr.contains(message), "\(name): \(refused.stderr)")
      #expect(megabytes < 150, "\(name): peak RSS \(megabytes) MB")
      let before = try String(contentsOfFile: home.root + "/out.ndjson", encoding: .utf8)
      #expect(before.contains("\"first_name\":\"Ann\"") && !before.contains("Bob"), "\(name): \(before)")

      let (skipped, skipMegabytes, _) = try measured(
        "monica-import vcard --skip-invalid \(name) > out.ndjson", env: home.env, directory: home.root)
      #expect(skipped.status == 0, "\(name): \(skipped)")
      #expect(skipped.stderr.contains(message.replacingOccurrences(of: ": card 2", with: ": skipped: card 2")))
      #expect(skipMegabytes < 150, "\(name) --skip-invalid: peak RSS \(skipMegabytes) MB")
      let all = try String(contentsOfFile: home.root + "/out.ndjson", encoding: .utf8)
      #expect(all.contains("\"first_name\":\"Ann\"") && all.contains("\"first_name\":\"Bob\""), "\(name): \(all)")
      #expect(all.split(separator: "\n").allSatisfy { $0.utf8.count < 1 << 20 })
    }
  }

  @Test("a photo's file name from someone else keeps no bidi or control character")
  func bidiFileName() throws {
    let home = try TemporaryHome()
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    let line =
      #"{"id":3,"object":"photo","original_filename":"\u202egnp.exe\u2066\u200f\u0007x","#
      + #""mime_type":"image/png","contact":{"id":1},"dataUrl":"data:image/png;base64,\#(png)"}"#
    let run = try sh("monica-photo save --dir out", env: home.env, stdin: line + "\n", directory: home.root)
    #expect(run.status == 0, "\(run)")
    let names = try FileManager.default.contentsOfDirectory(atPath: home.root + "/out")
    #expect(names == ["3-_gnp.exe___x"], "\(names.map(\.unicodeScalars).map(Array.init))")
    #expect(!Self.hasControls(Data(run.output)), "\(run.stdout)")
  }
}
