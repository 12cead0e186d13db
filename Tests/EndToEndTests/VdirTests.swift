import Foundation
import MonicaTestSupport
import Testing

/// `monica-format vcard --vdir` and `ics --vdir`: read by khard, rewritten only where a record
/// changed, and never a file it did not write removed.
@Suite struct VdirTests {
  /// A khard configuration for an address book at `~/book`, in the test's own HOME.
  static let khardConfig = """
    [addressbooks]
    [[monica]]
    path = ~/book
    [general]
    default_action = list
    editor = true
    merge_editor = true
    [contact table]
    display = formatted_name
    show_uids = yes
    sort = last_name
    [vcard]
    preferred_version = 3.0
    skip_unparsable = no
    """

  @Test("khard lists every contact of the vdir, by uid")
  func khardReads() throws {
    let sandbox = try Sandbox.start(["--contacts", "80", "--seed", "3", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let home = sandbox.home
    try FileManager.default.createDirectory(atPath: home + "/.config/khard", withIntermediateDirectories: true)
    try Self.khardConfig.write(toFile: home + "/.config/khard/khard.conf", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      monica-fetch contacts --with-fields > contacts.ndjson
      monica-format vcard --vdir "$HOME/book" contacts.ndjson
      ls "$HOME/book" | grep -c '\\.vcf$'
      jq -r .uuid contacts.ndjson | sort > expected
      # khard shows the UID as written, urn:uuid:<uuid> in vCard 4.0.
      khard list --parsable | cut -f1 | sed 's/^urn:uuid://' | sort > listed
      wc -l < expected
      diff expected listed && echo same
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let numbers = run.lines.prefix(2).map { Int($0.trimmingCharacters(in: .whitespaces)) ?? -1 }
    #expect(numbers.count == 2 && numbers[0] > 50 && numbers[0] == numbers[1], "\(run)")
    #expect(run.lines.last == "same", "\(run)")
  }

  @Test("khard reads every card of uids that are long, not file names, or flatten to one name")
  func khardReadsOddUIDs() throws {
    let home = try TemporaryHome()
    try FileManager.default.createDirectory(atPath: home.home + "/.config/khard", withIntermediateDirectories: true)
    try Self.khardConfig.write(toFile: home.home + "/.config/khard/khard.conf", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      long=$(head -c 5000 /dev/zero | tr '\\0' x)
      head -n 4 "$FIX/contacts.ndjson" | jq -c -n --arg long "$long" \\
        '[inputs] | to_entries[] | .value.uuid = ([$long, "a/b", "a_b", "a:b"][.key]) | .value' > odd.ndjson
      monica-format vcard --vdir "$HOME/book" odd.ndjson; echo "status $?"
      ls "$HOME/book" | grep -c '\\.vcf$'
      ls "$HOME/book" | awk '{ if (length($0) > max) max = length($0) } END { print (max <= 200) ? "short" : "long" }'
      khard list --parsable | wc -l
      # A one-letter directory name (NSString's deletingLastPathComponent traps on it).
      monica-format vcard --vdir v odd.ndjson && ls v | grep -c '\\.vcf$' && stat -c %a v
      """, env: Fixtures.env(home), directory: home.root)
    #expect(run.lines == ["status 0", "4", "short", "4", "4", "700"], "\(run)")
  }

  @Test("a second run rewrites the one changed contact, removes the one gone, keeps files it did not write")
  func rewritesOnlyChanges() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      export LC_ALL=C
      monica-format vcard --vdir book "$FIX/contacts.ndjson"
      echo mine > book/mine.vcf
      ls book | wc -l
      ls -i book | sort -k2 > before
      first=$(jq -r .uuid "$FIX/contacts.ndjson" | head -1)
      second=$(jq -r .uuid "$FIX/contacts.ndjson" | sed -n 2p)
      # The first contact renamed, the second gone.
      jq -c 'if .uuid == "'"$first"'" then .first_name = "Renamed" else . end
        | select(.uuid != "'"$second"'")' "$FIX/contacts.ndjson" > changed.ndjson
      monica-format vcard --vdir book changed.ndjson
      ls -i book | sort -k2 > after
      # Same inode and name: untouched. The changed file is a new inode (written by a rename).
      join -1 2 -2 2 before after | awk '$2 != $3 { print "rewritten", $1 }'
      comm -23 <(awk '{ print $2 }' before) <(awk '{ print $2 }' after) | sed 's/^/removed /'
      [ "$(cat book/mine.vcf)" = mine ] && echo "mine kept"
      grep -c '^FN:Renamed' "book/$first.vcf"
      # A file it wrote that someone changed stays when its contact goes; empty input removes nothing.
      third=$(jq -r .uuid "$FIX/contacts.ndjson" | sed -n 3p)
      echo edited >> "book/$third.vcf"
      jq -c 'select(.uuid != "'"$third"'")' changed.ndjson | monica-format vcard --vdir book 2>&1
      [ -e "book/$third.vcf" ] && echo "edited kept"
      monica-format vcard --vdir book < /dev/null 2>&1
      ls book | wc -l
      touch afile && monica-format vcard --vdir afile "$FIX/contacts.ndjson" 2>&1; echo "status $?"
      echo "$first $second" > uuids
      """, env: Fixtures.env(home), directory: home.root)
    #expect(run.status == 0, "\(run)")
    let uuids = try String(contentsOfFile: home.root + "/uuids", encoding: .utf8).split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    try #require(uuids.count == 2)
    let third = run.lines.first { $0.contains("changed since") } ?? ""
    #expect(
      run.lines == [
        "8", "rewritten \(uuids[0]).vcf", "removed \(uuids[1]).vcf", "mine kept", "1", third, "edited kept",
        "monica-format: warning: book: no items in the input, so no file was removed", "7",
        "monica-format: error: afile: not a directory", "status 78",
      ], "\(run)")
    #expect(third.hasPrefix("monica-format: warning: book/") && third.hasSuffix("its item is gone"), "\(run)")
  }

  @Test("a fetch killed mid-stream removes no card: a pipe's end is not the input's; --prune and --force say so")
  func dyingPipeRemovesNothing() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      set -o pipefail
      count=$(wc -l < "$FIX/contacts.ndjson")
      monica-format vcard --vdir book "$FIX/contacts.ndjson"
      # The writer dies (kill -9) after all but one line: whole lines, then the end of the pipe.
      bash -c 'head -n '$((count - 1))' "$FIX/contacts.ndjson"; kill -9 $$' | monica-format vcard --vdir book 2>&1
      echo "status $?"
      [ "$(ls book | grep -c '\\.vcf$')" = "$count" ] && echo "all kept"
      # Said to be whole: the card gone is removed.
      head -n $((count - 1)) "$FIX/contacts.ndjson" | monica-format vcard --vdir book --prune 2>&1
      [ "$(ls book | grep -c '\\.vcf$')" = "$((count - 1))" ] && echo "one removed"
      # Most of the vdir at once only with --force, also from a regular file.
      head -n 2 "$FIX/contacts.ndjson" > two.ndjson
      monica-format vcard --vdir book two.ndjson 2>&1 | sed 's/[0-9][0-9]* files of [0-9]*/N files of M/'
      [ "$(ls book | grep -c '\\.vcf$')" = "$((count - 1))" ] && echo "most kept"
      monica-format vcard --vdir book --force two.ndjson 2>&1 | sed 's/[0-9][0-9]* files/N files/'
      ls book | grep -c '\\.vcf$'
      """, env: Fixtures.env(home), directory: home.root)
    #expect(run.status == 0, "\(run)")
    #expect(
      run.lines == [
        "monica-format: warning: book: 1 file whose items are not in the input kept: a stream cannot say it is "
          + "whole (a fetch that died ends it as well), so only a regular file's end, or --prune, removes files",
        "status 137", "all kept", "monica-format: warning: book: removed 1 file whose items are gone", "one removed",
        "monica-format: warning: book: N files of M whose items are not in the input kept: more than half of the "
          + "vdir at once looks like an input cut short, not like deletions (--force removes them)",
        "most kept", "monica-format: warning: book: removed N files whose items are gone", "2",
      ], "\(run)")
  }

  @Test("monica-format killed mid-vdir has listed what it wrote: the next run removes what is gone")
  func killedWriterListed() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      mkfifo feed
      monica-format vcard --vdir book feed & writer=$!
      exec 3> feed
      head -n 3 "$FIX/contacts.ndjson" >&3
      for _ in $(seq 1 400); do
        [ "$(ls book 2>/dev/null | grep -c '\\.vcf$')" -ge 3 ] && break
        sleep 0.05
      done
      kill -9 $writer
      wait $writer; echo "killed $?"
      exec 3>&-
      cut -f1 book/.monica-format | sort -u | grep -c '\\.vcf$'
      stat -c %a book book/.monica-format $(ls book/*.vcf | head -1)
      head -n 2 "$FIX/contacts.ndjson" > two.ndjson
      monica-format vcard --vdir book two.ndjson 2>&1
      ls book | grep -c '\\.vcf$'
      """, env: Fixtures.env(home), directory: home.root)
    #expect(run.status == 0, "\(run)")
    #expect(
      run.lines == [
        "killed 137", "3", "700", "600", "600", "monica-format: warning: book: removed 1 file whose items are gone",
        "2",
      ], "\(run)")
  }

  @Test("ics --vdir: a calendar file per event and task, each one UID, read by icalendar")
  func calendarVdir() throws {
    let home = try TemporaryHome()
    let python = try IndependentParsers.python(with: ["icalendar"])
    let run = try sh(
      """
      monica-format ics "$FIX/calendar.ndjson" | grep -c '^BEGIN:V\\(EVENT\\|TODO\\)'
      monica-format ics --vdir cal "$FIX/calendar.ndjson"
      ls cal | grep -c '\\.ics$'
      "$PYTHON" - <<'PY'
      import glob, icalendar
      uids = set()
      for path in glob.glob("cal/*.ics"):
          cal = icalendar.Calendar.from_ical(open(path, "rb").read())
          parts = [c for c in cal.walk() if c.name in ("VEVENT", "VTODO")]
          assert len(parts) == 1, path
          uid = str(parts[0]["UID"])
          assert path.startswith("cal/" + uid.replace("/", "_")), (path, uid)
          uids.add(uid)
      print(len(uids))
      PY
      """, env: Fixtures.env(home, ["PYTHON": python]), directory: home.root)
    #expect(run.status == 0, "\(run)")
    #expect(run.lines.count == 3 && Set(run.lines).count == 1 && (Int(run.lines[0]) ?? 0) > 3, "\(run)")
  }
}
