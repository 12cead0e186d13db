import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads secrets from where a user may give them: never argv.
package enum SecretReader {
  /// Asks on the controlling terminal with echo off; `nil` when there is no terminal.
  package static func askOnTerminal(_ prompt: String) -> String? {
    let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
    guard tty >= 0 else { return nil }
    defer { close(tty) }
    var saved = termios()
    let canHideEcho = tcgetattr(tty, &saved) == 0
    if canHideEcho {
      var quiet = saved
      quiet.c_lflag &= ~tcflag_t(ECHO)
      quiet.c_lflag |= tcflag_t(ECHONL)
      tcsetattr(tty, TCSAFLUSH, &quiet)
    }
    defer { if canHideEcho { tcsetattr(tty, TCSAFLUSH, &saved) } }
    write(tty, prompt, prompt.utf8.count)
    return readLine(tty)
  }

  /// Asks on the controlling terminal with echo on (for the instance URL).
  package static func askVisibly(_ prompt: String) -> String? {
    let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
    guard tty >= 0 else { return nil }
    defer { close(tty) }
    write(tty, prompt, prompt.utf8.count)
    return readLine(tty)
  }

  /// Everything on a descriptor up to its end (standard input for `--token-stdin`).
  package static func readAll(_ descriptor: Int32) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The first line on a descriptor (for `--passphrase-fd`).
  package static func readLine(_ descriptor: Int32) -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
      if byte == 0x0A { break }
      bytes.append(byte)
    }
    if bytes.last == 0x0D { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
