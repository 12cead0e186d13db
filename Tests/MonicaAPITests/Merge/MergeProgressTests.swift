import MonicaKit
import Testing

@testable import MonicaAPI

/// `MergeProgress` and `Merger`'s words for a run that stops before its end.
@Suite struct MergeProgressTests {
  @Test("a stopped run says where, how far, and how to finish it: the same command, or the journal kept")
  func stopped() {
    let progress = MergeProgress()
    progress.start(groups: 3, journal: "merge.journal", given: true)
    #expect(
      progress.stopped(by: "interrupted")
        == "interrupted: stopped between groups; 0 of 3 groups merged before; nothing was written")
    progress.begin("stdin:1", keep: 12, steps: 30)
    for _ in 1...14 { progress.stepDone() }
    #expect(
      progress.stopped(by: "the server failed")
        == "the server failed: stopped at stdin:1, merging into #12 (14 of 30 steps done); 0 of 3 groups merged "
        + "before: run the same command again to finish (the journal merge.journal makes that safe)")
    let scratch = MergeProgress()
    scratch.start(groups: 1, journal: "/tmp/monica-merge-x/merge.journal", given: false)
    scratch.begin("--keep 4", keep: 4, steps: 5)
    scratch.stepDone()
    #expect(
      scratch.stopped(by: "interrupted").hasSuffix(
        "run it again with --journal /tmp/monica-merge-x/merge.journal to finish (that journal makes it safe)"))
    // A first create whose answer never came: nothing done for sure, yet the journal is needed.
    let doubt = MergeProgress()
    doubt.start(groups: 1, journal: "/tmp/monica-merge-y/merge.journal", given: false)
    doubt.begin("--keep 4", keep: 4, steps: 5)
    doubt.mayHaveWritten()
    #expect(doubt.hasWritten)
    #expect(
      doubt.stopped(by: "the server did not answer in time").hasSuffix(
        "run it again with --journal /tmp/monica-merge-y/merge.journal to finish (that journal makes it safe)"))
  }

  @Test("a create in doubt is the journal's to look for: the same command with --journal, else the kept journal")
  func resumable() {
    let error = MonicaError.temporary(
      request: "POST /api/tasks",
      reason: "no answer; the record may have been created all the same, so the request was not repeated: "
        + "check before pushing this line again")
    guard case .temporary(_, let reason) = Merger.resumable(error, keptJournal: nil) else {
      Issue.record("\(Merger.resumable(error, keptJournal: nil))")
      return
    }
    #expect(!reason.contains("check before pushing") && reason.hasSuffix("so run the same command again"), "\(reason)")
    // Without --journal the same command would journal afresh and plan again: one instruction, the kept journal.
    guard case .temporary(_, let scratch) = Merger.resumable(error, keptJournal: "/tmp/monica-merge-x/merge.journal")
    else {
      Issue.record("\(Merger.resumable(error, keptJournal: "/tmp/monica-merge-x/merge.journal"))")
      return
    }
    #expect(
      scratch.hasSuffix(
        "the journal /tmp/monica-merge-x/merge.journal has it looked for before anything is sent again: "
          + "run it again with --journal /tmp/monica-merge-x/merge.journal"), "\(scratch)")
    #expect(!scratch.contains("same command") && !scratch.contains("check before pushing"), "\(scratch)")
  }
}
