import Foundation

/// The folder images are saved in: created when missing, each file written to a temporary file
/// in the folder and renamed into place, so that the folder never holds half an image.
package struct ImageFolder: Sendable {
  /// The folder, as given.
  package let path: String

  /// The folder `path`, created (with its parents) when missing; a usage error when it cannot be.
  package init(_ path: String) throws(MonicaError) {
    self.path = path
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw .usage("--dir \(path): not a directory") }
      guard access(path, W_OK) == 0 else { throw .usage("--dir \(path): \(systemErrorText(errno))") }
      return
    }
    // Pictures of people: the folder owner only (0700), as every folder of personal data; its
    // parents as the umask says.
    let parent = SecureFiles.parent(of: path)
    if !parent.isEmpty, parent != path {
      do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
        throw .usage("--dir \(path): cannot create the directory")
      }
    }
    if mkdir(path, 0o700) != 0 && errno != EEXIST { throw .usage("--dir \(path): cannot create the directory") }
  }

  /// Writes `bytes` as `<name>.<ext>` and removes the same name with the other image
  /// extensions (an avatar that changed kind); returns the file's path.
  package func write(_ bytes: [UInt8], name: String, kind: ImageKind) throws(MonicaError) -> String {
    let file = write(bytes, fileName: name + "." + kind.fileExtension)
    for other in ImageKind.allCases where other.fileExtension != kind.fileExtension {
      unlink(path + "/" + name + "." + other.fileExtension)
    }
    return try file.get()
  }

  /// Writes `bytes` as `fileName` (already a single safe component), mode 0600 (a person's picture);
  /// a file that already holds exactly these bytes is left as it is.
  ///
  /// No fsync: the images can be saved again, and on this kind of run (a thousand files) an
  /// fsync each is most of the time; the rename still means no reader ever sees half a file.
  package func write(_ bytes: [UInt8], fileName: String) -> Result<String, MonicaError> {
    let file = (path.hasSuffix("/") ? path : path + "/") + fileName
    if Self.holds(file, bytes) { return .success(file) }
    do throws(MonicaError) {
      try SecureFiles.writeAtomically(bytes, to: file, mode: 0o600, durable: false)
      return .success(file)
    } catch {
      return .failure(error)
    }
  }

  /// Whether `file` is a regular file holding exactly `bytes`.
  private static func holds(_ file: String, _ bytes: [UInt8]) -> Bool {
    var info = stat()
    guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count,
      let data = FileManager.default.contents(atPath: file)
    else { return false }
    return data.elementsEqual(bytes)
  }
}
