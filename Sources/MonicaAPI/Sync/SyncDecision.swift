/// What `monica-sync` does with one item, decided from the two sides and the status alone: a
/// pure function, as vdirsyncer's sync decides (docs/vdir.rst, vdirsyncer/sync), so that every
/// case is one row of a table (SyncDecisionTests).
///
/// | file \ Monica | deleted | archived | unchanged | changed | new | none |
/// |---|---|---|---|---|---|---|
/// | gone | forget | keep | restore (delete with `--propagate-deletes`) | restore | | |
/// | unchanged | remove | keep | nothing | pull | | |
/// | changed | conflict (`--prefer`: remove, create) | keep | same: record, else push | same: record, else conflict (`--prefer`: pull, push) | | |
/// | new | | | | | same: record, else conflict (`--prefer`: pull, push) | create |
/// | none | | | | | write | |
///
/// A change beats a deletion (a file deleted whose contact changed comes back). An item whose
/// change was being sent to Monica when a run stopped (`resuming`) is pushed again, never taken
/// for a change on both sides: the stopped run's decision is finished, not made again. "Same"
/// is the synced values of both sides compared: two sides changed to the same values are in
/// step, and so is a file whose change is only in what Monica does not hold.
package enum SyncDecision {
  /// The file, against the status.
  package enum File: String, Sendable, CaseIterable {
    /// The status has it; it is not in the vdir any more.
    case gone
    /// As the status has it (its etag, or else its content's hash).
    case unchanged
    /// Its content changed since the status.
    case changed
    /// Not in the status.
    case new
    /// No file (a contact new in Monica).
    case none
  }

  /// The contact, against the status.
  package enum Monica: String, Sendable, CaseIterable {
    /// The status has it; Monica does not any more.
    case deleted
    /// The status has it; Monica has it archived, out of its contact list.
    case archived
    /// Its rendered card is as the status has it.
    case unchanged
    /// Its rendered card changed since the status (or the status does not know it, after a push).
    case changed
    /// Not in the status.
    case new
    /// No contact (a file new in the vdir).
    case none
  }

  /// One item's sides.
  package struct Sides: Sendable, Equatable {
    package var file: File
    package var monica: Monica
    /// Whether both sides hold the same synced values (when both are there).
    package var same: Bool
    /// Whether a run stopped while this item's file went to Monica.
    package var resuming: Bool

    package init(file: File, monica: Monica, same: Bool = false, resuming: Bool = false) {
      (self.file, self.monica, self.same, self.resuming) = (file, monica, same, resuming)
    }
  }

  /// Which side a conflict is settled for: `--prefer monica|vdir`.
  package enum Prefer: String, Sendable, CaseIterable {
    case monica, vdir
  }

  /// What kind of conflict.
  package enum Conflict: String, Sendable, CaseIterable {
    /// Both sides changed, to different values.
    case bothChanged
    /// The file changed; the contact was deleted in Monica.
    case changedDeleted
    /// A file and a contact new on both sides, one person (the same UID, or almost certainly the
    /// same person), with different values.
    case bothNew
  }

  /// What is done.
  package enum Action: Sendable, Equatable {
    /// In step: nothing (a new etag for an untouched content is recorded).
    case nothing
    /// In step now: only the status is written.
    case record
    /// The file's values go to Monica, merged onto the contact as it is now.
    case push
    /// The file is written again from the contact.
    case pull
    /// A new contact is made from the file.
    case create
    /// A new file is written for the contact.
    case write
    /// The deleted file is written back from its contact.
    case restore
    /// The contact is deleted (`--propagate-deletes`).
    case delete
    /// The file is removed: its contact was deleted in Monica.
    case remove
    /// Both are gone: the status forgets the item.
    case forget
    /// Nothing, while the contact is archived.
    case keep
    /// Both sides are left as they are, and the run says so.
    case conflict(Conflict)
  }

  /// The action for `sides`.
  package static func decide(_ sides: Sides, prefer: Prefer?, propagateDeletes: Bool) -> Action {
    func settle(_ conflict: Conflict) -> Action {
      guard let prefer else { return .conflict(conflict) }
      switch (conflict, prefer) {
      case (.bothChanged, .monica), (.bothNew, .monica): return .pull
      case (.bothChanged, .vdir), (.bothNew, .vdir): return .push
      case (.changedDeleted, .monica): return .remove
      case (.changedDeleted, .vdir): return .create
      }
    }
    switch (sides.file, sides.monica) {
    case (_, .archived) where sides.file != .new && sides.file != .none:
      return .keep
    case (.gone, .deleted):
      return .forget
    case (.gone, .unchanged):
      return propagateDeletes ? .delete : .restore
    case (.gone, .changed):
      return .restore
    case (.unchanged, .deleted):
      return .remove
    case (.unchanged, .unchanged):
      return .nothing
    case (.unchanged, .changed):
      if sides.resuming { return sides.same ? .record : .push }
      return .pull
    case (.changed, .deleted):
      return settle(.changedDeleted)
    case (.changed, .unchanged):
      return sides.same ? .record : .push
    case (.changed, .changed):
      if sides.same { return .record }
      return sides.resuming ? .push : settle(.bothChanged)
    case (.new, .new):
      return sides.same ? .record : settle(.bothNew)
    case (.new, .none):
      return .create
    case (.none, .new):
      return .write
    default:
      // Shapes no run makes (a file new while its contact is in the status, nothing on either
      // side): nothing is done.
      return .nothing
    }
  }
}

extension SyncDecision {
  /// Why a run must stop before any change, or `nil` when it may go on: vdirsyncer's rule for a
  /// side that suddenly looks empty (StorageEmpty). A vdir with no card, or an account with no
  /// contact, against a status that knows items is far likelier an unmounted folder, a wrong
  /// path or another account's token than everything deleted; `--force-delete` goes on.
  package static func emptySide(files: Int, contacts: Int, known: Int, force: Bool) -> String? {
    guard known > 0, !force else { return nil }
    let items = "\(known) \(known == 1 ? "item" : "items")"
    if files == 0 {
      return "the vdir holds no card, while the status knows \(items): nothing was changed "
        + "(--force-delete deletes them in Monica)"
    }
    if contacts == 0 {
      return "the account shows no contact, while the status knows \(items): nothing was changed "
        + "(--force-delete removes their files)"
    }
    return nil
  }
}
