import Foundation
import MonicaKit

/// What `monica-avatar save` is asked to do, from its flags.
package struct AvatarSaveOptions: Sendable {
  /// `--dir`: where `<contact id>.<ext>` files go.
  package var directory = "."
  /// `--refresh`: revalidate every cached image and read photos again.
  package var refresh = false
  /// `--strict`: a source that failed fails the run (after every result is out).
  package var strict = false
  /// `--jobs`: downloads under way at once.
  package var jobs = 8

  package init() {}
}

/// `monica-avatar save`'s one entry point: reads contact records, saves each contact's avatar as
/// `DIR/<id>.<ext>` (written to a temporary file and renamed) and prints one result line per
/// contact, in input order: `{"contact_id","source","file","bytes","mime_type","from","reason"}`.
package struct AvatarSaver {
  /// The flags.
  package let options: AvatarSaveOptions
  /// The instance, the profile and the client policy.
  package let connection: Connection
  /// The tool's name for warnings.
  package var tool = "monica-avatar"

  package init(options: AvatarSaveOptions, connection: Connection) {
    self.options = options
    self.connection = connection
  }

  /// Saves the avatar of every contact of `sources`; every result line before a failure is out.
  package func run(sources: [InputSource], output: LineOutput) async throws(MonicaError) {
    LargeBlocks.returnedWhenFreed()
    // Every line is read and checked first: a bad line costs no request and writes no file.
    let input = PushInput(sources)
    var requests: [AvatarRequest] = []
    while let line = try input.next() {
      requests.append(try AvatarRequest(line: line.bytes, source: line.source, number: line.number))
    }
    let folder = try ImageFolder(options.directory)
    let routes = requests.map(\.route)
    let needsNetwork = routes.contains {
      switch $0 {
      case .photo, .download: true
      default: false
      }
    }
    var sources: AvatarSources?
    let name = tool
    func cache(_ credentials: Credentials) -> AvatarCache? {
      AvatarCache(
        credentials: credentials, store: connection.store,
        warn: { [say = connection.diagnostics] in say("\(name): warning: \($0)") })
    }
    if needsNetwork {
      let credentials = try connection.credentials()
      let policy = connection.policy
      let cache = cache(credentials)
      let client = connection.client(for: credentials)
      sources = AvatarSources(
        fetcher: ImageFetcher(policy: policy, cache: cache, jobs: options.jobs),
        photos: PhotoResolver(client: client, cache: cache, refresh: options.refresh), cache: cache,
        refresh: options.refresh)
    } else if routes.contains(where: { if case .dataURL = $0 { true } else { false } }),
      let credentials = connection.credentialsWithoutAsking()
    {
      // Data URLs need no instance, only the profile's cache: used when its credentials come
      // without asking for a passphrase, else the URLs are decoded as they are.
      sources = AvatarSources(fetcher: nil, photos: nil, cache: cache(credentials), refresh: options.refresh)
    }
    let photoLinks = zip(requests, routes).compactMap { request, route -> (Int, String)? in
      if case .photo(let link) = route { return (request.contactID, link) }
      return nil
    }
    // The photos are looked up while the downloads go on: they need no answer of each other.
    let photos = Task { [sources] in await sources?.photos?.resolve(photoLinks.map { ($0.0, $0.1) }) ?? [:] }
    defer { photos.cancel() }
    var failures: [(place: String, error: MonicaError)] = []
    let total = requests.count
    let tool = self.tool
    let (all, network) = (requests, sources)
    do throws(MonicaError) {
      // Contacts under way at once: many, as one waiting for the photo walk holds no download
      // slot (the fetcher keeps downloads to --jobs) and a result is a few bytes (the image is
      // on disk by then).
      let width = max(256, options.jobs * 32)
      try await Self.inOrder(requests.indices, width: width) { (index) throws(MonicaError) in
        let request = all[index]
        let outcome = await Self.image(routes[index], of: request.contactID, sources: network, photos: photos)
        return try Self.save(request, outcome: outcome, folder: folder)
      } emit: { (result: AvatarResult) throws(MonicaError) in
        if let failure = result.failure {
          connection.diagnostics(
            "\(tool): warning: contact \(result.contactID): \(result.source ?? "avatar")"
              + "\(result.host.map { " from \($0)" } ?? ""): \(failure.reason); "
              + "saved the initials instead")
          failures.append(("contact \(result.contactID)", failure.error))
        }
        // Each line goes out at once: a reader that stopped stops the downloads.
        try output.writeLine(result.line)
        try output.flush()
      }
      try output.flush()
    } catch {
      if error != .outputClosed { try? output.flush() }
      throw error
    }
    if options.strict, let first = failures.first {
      let list = failures.prefix(10).map(\.place).joined(separator: ", ") + (failures.count > 10 ? ", ..." : "")
      throw .linesFailed(
        "\(failures.count) of \(total) avatar\(total == 1 ? "" : "s") fell back to initials (--strict): \(list)",
        status: first.error.exitStatus == .success ? .unavailable : first.error.exitStatus)
    }
  }

  /// The image a route leads to, or why it gave none.
  private static func image(
    _ route: AvatarRequest.Route, of contactID: Int, sources: AvatarSources?,
    photos: Task<[String: Result<KeptImage, SourceFailure>], Never>
  ) async -> Result<FetchedImage, SourceFailure>? {
    switch route {
    case .initials:
      return nil
    case .dataURL(let text):
      let key = sources?.cache?.dataURLKey(contactID: contactID, url: text)
      if let key, sources?.refresh == false, let cached = sources?.cache?.image(key) {
        return .success(FetchedImage(bytes: cached.entry.body, kind: cached.kind, from: "cache"))
      }
      switch DataURL.decode(text) {
      case .failure(let failure):
        return .failure(SourceFailure(reason: failure.reason, error: .invalidData(failure.reason)))
      case .success(let bytes):
        switch ImageKind.verify(bytes, contentType: nil) {
        case .success(let kind):
          if let key { sources?.cache?.store(CacheEntry(body: bytes), for: key) }
          return .success(FetchedImage(bytes: bytes, kind: kind, from: "data-url"))
        case .failure(let refusal):
          return .failure(SourceFailure(reason: refusal.reason, error: .invalidData(refusal.reason)))
        }
      }
    case .photo(let link):
      return await photos.value[link].map { $0.flatMap { $0.image() } }
        ?? .failure(SourceFailure(reason: "not looked up", error: .internalError("photo \(link) not looked up")))
    case .download(let url):
      guard let fetcher = sources?.fetcher else { return nil }
      do { return .success(try await fetcher.image(url, refresh: sources?.refresh ?? false)) } catch {
        return .failure(error)
      }
    }
  }

  /// Writes the image (or the initials standing in for it) and makes the result.
  private static func save(
    _ request: AvatarRequest, outcome: Result<FetchedImage, SourceFailure>?, folder: ImageFolder
  ) throws(MonicaError) -> AvatarResult {
    var result = AvatarResult(contactID: request.contactID, source: request.source)
    let image: FetchedImage
    switch outcome {
    case .success(let fetched)?:
      image = fetched
    case .failure(let failure)?:
      if failure.error == .outputClosed { throw .outputClosed }
      result.failure = failure
      result.reason = failure.reason
      result.host = request.url.flatMap { URL(string: $0)?.host }
      image = FetchedImage(
        bytes: InitialsAvatar.svg(initials: request.initials, color: request.color), kind: .svg, from: "initials")
    case nil:
      if case .initials(let reason, let failed) = request.route {
        result.reason = reason
        if failed, let reason { result.failure = SourceFailure(reason: reason, error: .invalidData(reason)) }
      }
      image = FetchedImage(
        bytes: InitialsAvatar.svg(initials: request.initials, color: request.color), kind: .svg, from: "initials")
    }
    result.file = try folder.write(image.bytes, name: String(request.contactID), kind: image.kind)
    (result.bytes, result.mimeType, result.from) = (image.bytes.count, image.kind.mimeType, image.from)
    return result
  }

  /// Runs `work` for each index, at most `width` at once, and hands the results to `emit` in
  /// index order as soon as each one's predecessors are out.
  static func inOrder<Output: Sendable>(
    _ indices: Range<Int>, width: Int, work: @escaping @Sendable (Int) async throws(MonicaError) -> Output,
    emit: (Output) throws(MonicaError) -> Void
  ) async throws(MonicaError) {
    let outcome: Result<Void, MonicaError> = await withTaskGroup(of: (Int, Result<Output, MonicaError>).self) {
      group in
      var next = indices.lowerBound
      var waiting: [Int: Result<Output, MonicaError>] = [:]
      var due = indices.lowerBound
      func schedule() {
        let index = next
        next += 1
        group.addTask {
          do throws(MonicaError) { return (index, .success(try await work(index))) } catch {
            return (index, .failure(error))
          }
        }
      }
      while next < indices.upperBound && next - indices.lowerBound < width { schedule() }
      while let (index, result) = await group.next() {
        waiting[index] = result
        while let ready = waiting.removeValue(forKey: due) {
          due += 1
          do throws(MonicaError) {
            try emit(try ready.get())
          } catch {
            group.cancelAll()
            return .failure(error)
          }
        }
        if next < indices.upperBound { schedule() }
      }
      return .success(())
    }
    try outcome.get()
  }
}

/// The sources that need the network (when any route does) and the cache, made once per run.
struct AvatarSources: Sendable {
  let fetcher: ImageFetcher?
  let photos: PhotoResolver?
  let cache: AvatarCache?
  let refresh: Bool
}

/// One result line.
struct AvatarResult: Sendable {
  let contactID: Int
  let source: String?
  var file = ""
  var bytes = 0
  var mimeType = ""
  var from = ""
  var reason: String?
  /// The source's failure, when the initials stand in for it.
  var failure: SourceFailure?
  /// The host the image was asked of, for the warning (not in the result line).
  var host: String?

  init(contactID: Int, source: String?) {
    self.contactID = contactID
    self.source = source
  }

  /// `{"contact_id","source","file","bytes","mime_type","from","reason"}`.
  var line: [UInt8] {
    JSONWriter.plain.bytes(
      .object(
        JSONObject([
          "contact_id": .int(contactID), "source": source.map(JSONValue.string) ?? .null, "file": .string(file),
          "bytes": .int(bytes), "mime_type": .string(mimeType), "from": .string(from),
          "reason": reason.map(JSONValue.string) ?? .null,
        ])))
  }
}
