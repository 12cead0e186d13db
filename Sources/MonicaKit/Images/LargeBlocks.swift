#if canImport(Glibc)
  import Glibc
#endif

/// How the process gives back the memory of large blocks (a page of photos, a decoded image).
package enum LargeBlocks {
  /// Blocks of this size or more are mapped on their own and returned to the system when freed.
  static let threshold: Int32 = 256 * 1024

  /// Fixes glibc's mmap threshold at `threshold`. By default glibc raises it to the size of the
  /// last large block freed (up to 32 MiB), after which each 13 MB photo record, its string and
  /// its image come from the heap and stay resident once freed: four 9.7 MB photos read one a page took
  /// monica-avatar to 179 MB of RSS while the live heap never passed 52 MB (heaptrack).
  package static func returnedWhenFreed() {
    #if canImport(Glibc)
      // malloc.h is not part of the Glibc module: mallopt is looked up, M_MMAP_THRESHOLD is -3.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
      _ = unsafeBitCast(symbol, to: MallOpt.self)(-3, threshold)
    #endif
  }
}
