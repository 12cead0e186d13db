import Testing

@testable import MonicaAPI

/// `SyncDecision.decide`: every row of the table in SyncDecision.swift, as vdirsyncer decides a
/// sync from the two sides and the status alone.
@Suite struct SyncDecisionTests {
  typealias Sides = SyncDecision.Sides

  static func decide(
    _ file: SyncDecision.File, _ monica: SyncDecision.Monica, same: Bool = false, resuming: Bool = false,
    prefer: SyncDecision.Prefer? = nil, propagate: Bool = false
  ) -> SyncDecision.Action {
    SyncDecision.decide(
      Sides(file: file, monica: monica, same: same, resuming: resuming), prefer: prefer, propagateDeletes: propagate)
  }

  @Test("one side changed: its change goes to the other; nothing changed: nothing is done")
  func oneSide() {
    #expect(Self.decide(.unchanged, .unchanged) == .nothing)
    #expect(Self.decide(.changed, .unchanged) == .push)
    #expect(Self.decide(.unchanged, .changed) == .pull)
    // A file whose change is only in what Monica does not hold: in step, the status is written.
    #expect(Self.decide(.changed, .unchanged, same: true) == .record)
    #expect(Self.decide(.new, .none) == .create)
    #expect(Self.decide(.none, .new) == .write)
  }

  @Test("both changed: a conflict unless the values agree; --prefer settles it one way")
  func bothChanged() {
    #expect(Self.decide(.changed, .changed) == .conflict(.bothChanged))
    #expect(Self.decide(.changed, .changed, same: true) == .record)
    #expect(Self.decide(.changed, .changed, prefer: .monica) == .pull)
    #expect(Self.decide(.changed, .changed, prefer: .vdir) == .push)
    #expect(Self.decide(.new, .new) == .conflict(.bothNew))
    #expect(Self.decide(.new, .new, same: true) == .record)
    #expect(Self.decide(.new, .new, prefer: .monica) == .pull)
    #expect(Self.decide(.new, .new, prefer: .vdir) == .push)
  }

  @Test("deletions: a file deleted comes back unless --propagate-deletes, a contact deleted removes an unchanged file")
  func deletions() {
    #expect(Self.decide(.gone, .unchanged) == .restore)
    #expect(Self.decide(.gone, .unchanged, propagate: true) == .delete)
    // A change beats a deletion: the changed contact's file comes back even when deletes propagate.
    #expect(Self.decide(.gone, .changed, propagate: true) == .restore)
    #expect(Self.decide(.unchanged, .deleted) == .remove)
    #expect(Self.decide(.gone, .deleted) == .forget)
    #expect(Self.decide(.changed, .deleted) == .conflict(.changedDeleted))
    #expect(Self.decide(.changed, .deleted, prefer: .monica) == .remove)
    #expect(Self.decide(.changed, .deleted, prefer: .vdir) == .create)
  }

  @Test("a run stopped mid-push is finished, never taken for a change on both sides")
  func resumed() {
    #expect(Self.decide(.unchanged, .changed, resuming: true) == .push)
    #expect(Self.decide(.unchanged, .changed, same: true, resuming: true) == .record)
    #expect(Self.decide(.changed, .changed, resuming: true) == .push)
    #expect(Self.decide(.changed, .changed, resuming: true, prefer: .monica) == .push)
  }

  @Test("an archived contact is kept as it is, whatever its file did")
  func archived() {
    for file in [SyncDecision.File.gone, .unchanged, .changed] {
      #expect(Self.decide(file, .archived) == .keep)
      #expect(Self.decide(file, .archived, prefer: .vdir, propagate: true) == .keep)
    }
  }

  @Test("every pair of sides has an action, and only the shapes no run makes do nothing silently")
  func total() {
    var nothing: [String] = []
    for file in SyncDecision.File.allCases {
      for monica in SyncDecision.Monica.allCases where Self.decide(file, monica) == .nothing {
        nothing.append("\(file.rawValue)/\(monica.rawValue)")
      }
    }
    #expect(
      nothing.sorted() == [
        "changed/new", "changed/none", "gone/new", "gone/none", "new/archived", "new/changed", "new/deleted",
        "new/unchanged", "none/archived", "none/changed", "none/deleted", "none/none", "none/unchanged",
        "unchanged/new", "unchanged/none", "unchanged/unchanged",
      ], "\(nothing.sorted())")
  }
}

extension SyncDecisionTests {
  @Test("a side that suddenly looks empty stops the run before any change, unless forced; a first run is no such side")
  func emptySide() {
    let vdir = SyncDecision.emptySide(files: 0, contacts: 5, known: 5, force: false)
    #expect(vdir?.hasPrefix("the vdir holds no card, while the status knows 5 items") == true, "\(vdir ?? "")")
    let account = SyncDecision.emptySide(files: 5, contacts: 0, known: 1, force: false)
    #expect(account?.hasPrefix("the account shows no contact, while the status knows 1 item:") == true)
    #expect(SyncDecision.emptySide(files: 0, contacts: 5, known: 5, force: true) == nil)
    #expect(SyncDecision.emptySide(files: 0, contacts: 0, known: 0, force: false) == nil)
    #expect(SyncDecision.emptySide(files: 0, contacts: 12, known: 0, force: false) == nil)
    #expect(SyncDecision.emptySide(files: 1, contacts: 1, known: 40, force: false) == nil)
  }
}
