#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LineOutput {
  /// Whether the reader of a pipe has gone (`| head` had enough), known without writing: a tool
  /// whose every line is a write to the server asks before the next one, so that nothing is
  /// written on behalf of a reader that has left.
  package var readerIsGone: Bool {
    var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    guard poll(&watched, 1, 0) == 1 else { return false }
    return watched.revents & Int16(POLLERR | POLLHUP) != 0
  }
}
