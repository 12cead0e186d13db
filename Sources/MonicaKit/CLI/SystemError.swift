#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's text for an `errno`, lower-cased at the start as the toolset's messages are
/// (`no such file or directory`).
package func systemErrorText(_ code: Int32) -> String {
  let text = String(cString: strerror(code))
  return text.prefix(1).lowercased() + text.dropFirst()
}
