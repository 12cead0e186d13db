import Foundation
import MonicaKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One NDJSON line per request, written before the answer leaves so a client that has finished
/// can read what the server saw.
package final class RequestLog: Sendable {
  private let descriptor: Mutex<Int32>
  /// The token, masked wherever a client put it besides the Authorization header (a query).
  private let secret: String?

  /// A log appending to `path`; an unwritable path is a usage error.
  package init(path: String, secret: String? = nil) throws(MonicaError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .usage("--log \(path): \(systemErrorText(errno))") }
    descriptor = Mutex(fd)
    self.secret = secret.flatMap { $0.isEmpty ? nil : $0 }
  }

  deinit { descriptor.withLock { _ = close($0) } }

  /// One request's entry.
  package struct Entry: Sendable {
    package var method: String
    package var path: String
    package var query: String
    package var status: Int
    package var authorization: Bool
    package var accept: String
    package var milliseconds: Int
    package var fault: String?
    /// `gravatar` for the second origin's requests; absent for the instance's.
    package var server: String? = nil

    /// The entry as an NDJSON line (never the Authorization value, only whether it came).
    package var line: [UInt8] {
      var members: [JSONObject.Member] = [
        .init("method", .string(method)), .init("path", .string(path)), .init("query", .string(query)),
        .init("status", .int(status)), .init("authorization", .bool(authorization)), .init("accept", .string(accept)),
        .init("ms", .int(milliseconds)),
      ]
      if let fault { members.append(.init("fault", .string(fault))) }
      if let server { members.append(.init("server", .string(server))) }
      return JSONWriter.plain.bytes(.object(JSONObject(members))) + [0x0A]
    }
  }

  /// Appends an entry with one write call.
  package func append(_ entry: Entry) {
    var entry = entry
    if let secret {
      entry.path = entry.path.replacingOccurrences(of: secret, with: "[token]")
      entry.query = entry.query.replacingOccurrences(of: secret, with: "[token]")
    }
    let bytes = entry.line
    descriptor.withLock { fd in
      bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
          let written = write(fd, base + offset, raw.count - offset)
          if written < 0 && errno == EINTR { continue }
          if written <= 0 { return }
          offset += written
        }
      }
    }
  }
}
