import Crypto
import Foundation
import FuzzerDriver
import MonicaAPI
import MonicaKit

/// libFuzzer targets for everything that reads outside bytes, built only by `make fuzz`
/// (MONICA_FUZZ=1, `-sanitize=fuzzer,address`). `MONICA_FUZZ_TARGET` picks one:
/// `json`, `scanner`, `envelope`, `ratelimit`, `credential`, `lines`, `contract`, `cache`, `vcard`,
/// `terminal`.
/// Besides crashes, each target checks that two readers of the same bytes agree.
enum FuzzTarget: String {
  case json, scanner, envelope, ratelimit, credential, lines, contract, cache, vcard, terminal

  static let chosen: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["MONICA_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      FileHandle.standardError.write(
        Data(
          "MONICA_FUZZ_TARGET: one of json scanner envelope ratelimit credential lines contract cache vcard terminal\n"
            .utf8))
      exit(2)
    }
    return target
  }()

  /// A fixed key and profile, so that the credential target reaches decryption.
  static var key: SymmetricKey { SymmetricKey(data: [UInt8](repeating: 7, count: 32)) }

  /// The cache target's entry: a fixed token's cache in a private temporary HOME, so that
  /// seeds sealed here open and mutations reach every check of the reader.
  static let cacheEntry: (section: EncryptedCache, key: CacheKey) = {
    let home = NSTemporaryDirectory() + "/monica-fuzz-cache-\(getpid())"
    let store = CredentialStore(environment: ToolEnvironment(variables: ["HOME": home]))
    guard let instance = try? InstanceURL("https://fuzz.example") else { preconditionFailure("instance URL") }
    let credentials = Credentials(instance: instance, token: "fuzz", profile: nil)
    let section = ProfileCache(credentials: credentials, store: store).section("responses", entryLimit: 1 << 20)
    return (section, CacheKey(instance: instance.instance, resource: "GET https://fuzz.example/api/contacts"))
  }()

  /// Writes valid entries (a listing of three pages, a single record, a listing cut short) to
  /// `directory`, the cache target's seeds: mutations of bytes that open get past the tags.
  static func seedCache(_ directory: String) {
    let (section, key) = cacheEntry
    let entries: [(parts: [String], complete: Bool)] = [
      (["{\"data\":[{\"id\":1}],\"meta\":{\"last_page\":3}}", "{\"data\":[{\"id\":2}]}", "{\"data\":[]}"], true),
      (["{\"data\":{\"id\":12,\"object\":\"contact\"}}"], true),
      (["{\"data\":[{\"id\":1}],\"meta\":{\"last_page\":9}}"], false),
    ]
    for (number, entry) in entries.enumerated() {
      guard let writer = try? section.writer(for: key, metadata: [("limit", "100")]) else { return }
      for part in entry.parts { _ = try? writer.append(Array(part.utf8)) }
      _ = try? writer.commit(complete: entry.complete)
      if let bytes = FileManager.default.contents(atPath: section.filePath(key)) {
        _ = FileManager.default.createFile(atPath: directory + "/seed-\(number)", contents: bytes)
      }
    }
  }

  func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    switch self {
    case .json:
      // The strict parser and the record scanner agree on what is one JSON object.
      let parsed = try? JSONValue(parsing: bytes)
      var scanner = RecordScanner()
      let scanned = scanner.scan(bytes)
      if scanned && parsed?.objectValue == nil { fatalError("the scanner took what the parser refuses") }
      if let value = parsed, value.objectValue != nil, !scanned, !bytes.contains(0x0A) {
        fatalError("the parser took an object the scanner refuses")
      }
      if let value = parsed { _ = JSONWriter.plain.bytes(value) }
    case .scanner:
      var scanner = RecordScanner()
      if scanner.scan(bytes) {
        for member in scanner.members {
          precondition(member.key.upperBound <= bytes.count && member.value.upperBound <= bytes.count)
        }
        _ = PageEnvelope.topLevelString("updated_at", in: bytes)
      }
    case .envelope:
      if let envelope = try? PageEnvelope(Data(bytes), request: "/api/contacts") {
        envelope.forEachRecord { record in
          var scanner = RecordScanner()
          // Every record cut out of a valid page is itself a valid object.
          if !scanner.scan(record) { fatalError("a record of a valid page does not scan") }
          return true
        }
      }
    case .ratelimit:
      // Header values as a server may send them: NUL-separated limit, remaining, retry-after, reset.
      let fields = Array(bytes).split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      let names = ["x-ratelimit-limit", "x-ratelimit-remaining", "retry-after", "x-ratelimit-reset"]
      var headers: [String: String] = [:]
      for (name, value) in zip(names, fields) { headers[name] = value }
      let read = RateLimitHeaders(headers, now: 1_700_000_000)
      if let wait = read.retryAfter {
        precondition(wait.isFinite && wait >= 0)
        _ = Waits.nanoseconds(wait)
        _ = Waits.describe(wait)
      }
      var schedule = RateLimitSchedule()
      if case .send(let ticket) = schedule.request(at: 0) {
        schedule.answered(
          ticket, at: 0.01, status: 429, limit: read.limit, remaining: read.remaining,
          retryAfter: read.retryAfter.map { min($0, Waits.longest) })
        if case .waitUntil(let time) = schedule.request(at: 0.02) { precondition(time.isFinite) }
      }
    case .credential:
      guard let file = CredentialFile(bytes: Array(bytes)) else { return }
      if case .passphrase(let parameters) = file.mode { precondition(parameters.isWhatThisToolWrites) }
      _ = file.matches(Self.key)
      _ = file.open(profile: "fuzz", key: Self.key)
    case .cache:
      let (section, key) = Self.cacheEntry
      let path = section.filePath(key)
      unlink(path)
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
      else { return }
      guard case .found(let reader) = section.open(key) else { return }
      var parts = 0
      while let part = try? reader.nextPart() {
        parts += 1
        precondition(part.count <= bytes.count)
      }
      precondition(parts == reader.partCount, "an entry that opened did not read back whole")
    case .contract:
      // monica-validate's two readers never crash, and a line that passes as a record is one object.
      var scanner = RecordScanner()
      var checker = ContractChecker()
      var found: [RecordDiagnostic] = []
      ContractValidator.checkRecord(bytes, source: "fuzz", line: 1, scanner: &scanner, checker: &checker, into: &found)
      var again = RecordScanner()
      if found.isEmpty && !again.scan(bytes) { fatalError("a line that is no object passed the contract") }
      ContractValidator.checkEnvelopes(bytes, source: "fuzz", line: 1, checker: &checker, into: &found)
      for diagnostic in found { _ = (diagnostic.text, JSONWriter.plain.bytes(diagnostic.json)) }
    case .lines:
      let path = NSTemporaryDirectory() + "/monica-fuzz-lines-\(getpid())"
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
      defer { unlink(path) }
      guard let reader = try? InputSource(path).open() else { return }
      var total = 0
      try? reader.forEachLine { line in total += line.count }
      precondition(total <= bytes.count)
    case .vcard:
      // Every card read stays within the reader's bounds, and its content is made without a trap.
      let path = NSTemporaryDirectory() + "/monica-fuzz-vcard-\(getpid())"
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
      defer { unlink(path) }
      let reader = VCardReader([InputSource(path)])
      while case .some(let item) = try? reader.nextItem() {
        guard case .card(let card) = item else { continue }
        precondition(card.properties.count <= VCardReader.Limits.properties)
        precondition(card.properties.allSatisfy { $0.rawValue.count <= VCardReader.Limits.photoBytes })
        if let today = CalendarDate(year: 2025, month: 6, day: 1) { _ = try? CardContent(card, today: today) }
      }
    case .terminal:
      // What is made safe holds no control, and making it safe again changes nothing.
      let text = String(decoding: bytes, as: UTF8.self)
      let safe = TerminalText.safe(text)
      precondition(!safe.unicodeScalars.contains(where: TerminalText.isControl))
      precondition(TerminalText.safe(safe) == safe && TerminalText.safe(Array(bytes)) == Array(safe.utf8))
    }
  }
}

/// SwiftPM links an executable's `main` as `MonicaFuzz_main`; it hands over to libFuzzer.
@_cdecl("MonicaFuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var count = argc
  var arguments = argv
  // The cache target seeds its corpus (the last argument) with entries sealed under its keys.
  if FuzzTarget.chosen == .cache, let argv, argc > 1, let last = argv[Int(argc) - 1] {
    let corpus = String(cString: last)
    if !corpus.hasPrefix("-") { FuzzTarget.seedCache(corpus) }
  }
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOne(data, size) }
}

/// One input; libFuzzer's driver also needs it under this name.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  FuzzTarget.chosen.run(UnsafeBufferPointer(start: data, count: size))
  return 0
}
