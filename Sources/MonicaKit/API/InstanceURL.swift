import Foundation

/// A Monica instance's address, as users give it, made into the API base URL.
package struct InstanceURL: Sendable, Equatable, CustomStringConvertible {
  /// The instance URL without a trailing slash and without `/api`: `https://host[/prefix]`.
  package let instance: String

  /// The Monica cloud.
  package static let cloud = "https://app.monicahq.com"

  /// The API base: `instance + "/api"`.
  package var api: String { instance + "/api" }

  package var description: String { instance }

  /// The host part, lower-cased.
  package var host: String { URLComponents(string: instance)?.host?.lowercased() ?? "" }

  /// Parses what a user typed: a bare instance URL, with or without a trailing `/api`.
  /// Plain `http` is refused unless the host is a loopback address or `allowHTTP` is set.
  package init(_ text: String, allowHTTP: Bool = false) throws(MonicaError) {
    var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    if trimmed.lowercased().hasSuffix("/api") { trimmed.removeLast(4) }
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
      let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil,
      components.user == nil, components.password == nil
    else {
      throw .usage("\(text): not an instance URL (expected something like https://monica.example.com)")
    }
    switch scheme {
    case "https": break
    case "http" where allowHTTP || Self.isLoopback(host): break
    case "http":
      throw .usage(
        "\(trimmed): plain http would send the token unencrypted; use https (or --allow-http if you must)")
    default:
      throw .usage("\(text): the instance URL must start with https://")
    }
    instance = trimmed
  }

  /// Whether `host` is on this machine: 127.0.0.0/8, `localhost` or `::1`.
  package static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
    let octets = host.split(separator: ".")
    return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
  }
}
