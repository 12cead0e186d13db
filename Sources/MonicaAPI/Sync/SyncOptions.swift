import Crypto
import Foundation
import MonicaKit

/// What a `monica-sync` run is asked to do.
package struct SyncOptions: Sendable {
  /// The vdir.
  package var directory: String
  /// `--status FILE`; `nil`: the state dir's file for the vdir (`statusFile`).
  package var statusPath: String?
  /// `--prefer monica|vdir`: how conflicts are settled; `nil` leaves them.
  package var prefer: SyncDecision.Prefer?
  /// `--propagate-deletes`: a file deleted deletes its contact.
  package var propagateDeletes = false
  /// `--force-delete`: go on when a side looks empty against the status.
  package var forceDelete = false
  /// `--dry-run`: say every action, write nothing (neither files, nor Monica, nor the status).
  package var dryRun = false
  /// `--quiet`: no summary.
  package var quiet = false
  /// The day for age-based birthdays; `nil`: today.
  package var today: CalendarDate?

  package init(directory: String) {
    var directory = directory
    while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
    self.directory = directory
  }

  /// The largest vdir file read: a card with a photo is far smaller; a larger file is left alone
  /// and said.
  package static let fileSizeLimit = 4 << 20

  /// `$XDG_STATE_HOME/monica/sync/<name>-<hash>.status`: the vdir's own status, named by the
  /// vdir's last path component and a hash of its absolute path, so that two vdirs of one name
  /// never share it.
  package static func statusFile(stateHome: String, directory: String) -> String {
    let absolute =
      directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
    let standard = (absolute as NSString).standardizingPath
    var name = (standard as NSString).lastPathComponent.filter { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    if name.isEmpty || name.hasPrefix(".") { name = "vdir" }
    let hash = CacheKeys.hex(SHA256.hash(data: Array(standard.utf8)).prefix(6))
    return stateHome + "/monica/sync/" + String(name.prefix(64)) + "-" + hash + ".status"
  }
}

/// What a run did (or with `--dry-run` would do), for its summary on stderr.
package struct SyncSummary: Sendable, Equatable {
  /// Files written again from their contacts.
  package var pulled = 0
  /// Files whose values went to their contacts.
  package var pushed = 0
  /// Contacts made from new files.
  package var created = 0
  /// Files written for new contacts, or written back after a deletion.
  package var written = 0
  /// Contacts deleted (`--propagate-deletes`).
  package var deleted = 0
  /// Files removed: their contacts were deleted in Monica.
  package var removed = 0
  /// Conflicts left as they are.
  package var conflicts = 0
  /// Items whose change Monica (or a check before the request) refused, left as they are.
  package var refused = 0
  /// Files of the vdir read and parsed as cards (not said): a file whose etag is the status's
  /// is read only when its contact changed and the file is merged.
  package var parsed = 0

  package init() {}

  /// Whether the run changed anything.
  package var changedAnything: Bool { pulled + pushed + created + written + deleted + removed > 0 }

  /// `pulled 1, pushed 2, created 0, written 0, deleted 0, removed 0, conflicts 0` (and
  /// `, refused 1` when an item was refused), as the summary line says it.
  package var text: String {
    "pulled \(pulled), pushed \(pushed), created \(created), written \(written), deleted \(deleted), "
      + "removed \(removed), conflicts \(conflicts)" + (refused > 0 ? ", refused \(refused)" : "")
  }
}
