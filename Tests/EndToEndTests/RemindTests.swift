import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-remind` against monica-sandbox: contacts with birthdays (a year-less one, a
/// 29 February one, a deceased one) and reminders of every frequency type made with
/// monica-push, runs stepped through days with --today, deliveries to stdout, a command and a
/// stand-in sendmail.
@Suite struct RemindTests {
  /// The contacts every test starts with, as monica-push creates them.
  static let contacts = """
    {"object":"contact","first_name":"Ana","last_name":"Lima","is_birthdate_known":true,"birthdate_day":27,"birthdate_month":11,"birthdate_year":1985,"is_deceased":false,"is_deceased_date_known":false}
    {"object":"contact","first_name":"Leo","last_name":"Leap","is_birthdate_known":true,"birthdate_day":29,"birthdate_month":2,"birthdate_year":2000,"is_deceased":false,"is_deceased_date_known":false}
    {"object":"contact","first_name":"Yara","last_name":"Noyear","is_birthdate_known":true,"birthdate_day":1,"birthdate_month":12,"birthdate_year":null,"is_deceased":false,"is_deceased_date_known":false}
    {"object":"contact","first_name":"Dora","last_name":"Gone","is_birthdate_known":true,"birthdate_day":3,"birthdate_month":12,"birthdate_year":1940,"is_deceased":true,"is_deceased_date_known":true,"deceased_date_day":2,"deceased_date_month":12,"deceased_date_year":2020}
    """

  /// Ana's reminders, one of each frequency type: weekly from Monday 23 November, monthly from
  /// 31 October (30 November is the clamped step), once on 29 November, yearly from 2020.
  static let reminders = """
    {"object":"reminder","contact_id":ANA,"title":"Weekly call","initial_date":"2026-11-23","frequency_type":"week","frequency_number":1}
    {"object":"reminder","contact_id":ANA,"title":"Rent","initial_date":"2026-10-31","frequency_type":"month","frequency_number":1}
    {"object":"reminder","contact_id":ANA,"title":"Dentist","initial_date":"2026-11-29","frequency_type":"one_time","frequency_number":1}
    {"object":"reminder","contact_id":ANA,"title":"Anniversary","initial_date":"2020-12-01","frequency_type":"year","frequency_number":1}
    """

  /// A sandbox with the contacts (and `extra` contact lines) and Ana's reminders, made with
  /// monica-push; a work directory in its temporary root.
  static func account(extra: String = "") throws -> Sandbox {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    // The seeding pushes keep their account lock in a state directory of their own, and their
    // requests are forgotten: the tests ask what monica-remind asks and records.
    let seeding = sandbox.signedInEnv.merging(["XDG_STATE_HOME": sandbox.temporary.root + "/seeding"]) { $1 }
    let made = try sh(
      "monica-push | jq -r '[.first_name, .id] | @tsv'", env: seeding,
      stdin: contacts + (extra.isEmpty ? "" : "\n" + extra) + "\n")
    try #require(made.status == 0, "\(made)")
    let ana = try #require(made.lines.first { $0.hasPrefix("Ana\t") }?.split(separator: "\t").last)
    let pushed = try sh(
      "monica-push > /dev/null", env: seeding,
      stdin: reminders.replacingOccurrences(of: "ANA", with: String(ana)) + "\n")
    try #require(pushed.status == 0, "\(pushed)")
    sandbox.forgetRequests()
    try FileManager.default.createDirectory(atPath: sandbox.temporary.root + "/work", withIntermediateDirectories: true)
    return sandbox
  }

  /// Runs `script` in the account's work directory, signed in through MONICA_URL and MONICA_TOKEN.
  static func run(_ sandbox: Sandbox, _ script: String, env extra: [String: String] = [:]) throws -> ShellRun {
    try sh(
      script, env: sandbox.signedInEnv.merging(extra) { $1 }, directory: sandbox.temporary.root + "/work")
  }

  /// `due kind name date -days_before (age)` of each line, read by jq.
  static func summary(_ sandbox: Sandbox, _ text: String) throws -> [String] {
    let read = try sh(
      #"jq -r '"\(.due) \(.kind) \(.contact.complete_name) \(.date) -\(.days_before)" + (if .age then " age \(.age)" else "" end) + (if .kind == "reminder" then " " + .title else "" end)'"#,
      env: sandbox.env, stdin: text)
    return read.lines
  }

  @Test("stepping through days: every occurrence on its day and never again, two walks a run")
  func stepping() throws {
    let sandbox = try Self.account()
    let (reminderWalks, contactWalks) = (
      sandbox.requests(path: "/api/reminders").count, sandbox.requests(path: "/api/contacts").count
    )
    var delivered: [String] = []
    var runs = 0
    for day in 26...33 {
      let today = day <= 30 ? "2026-11-\(day)" : "2026-12-0\(day - 30)"
      for _ in 0..<2 {
        let run = try Self.run(sandbox, "monica-remind --deceased --today \(today)")
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        delivered += try Self.summary(sandbox, run.stdout)
        runs += 1
      }
    }
    #expect(
      delivered == [
        "2026-11-27 birthday Ana Lima 2026-11-27 -0 age 41",
        "2026-11-29 reminder Ana Lima 2026-11-29 -0 Dentist",
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Rent",
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Weekly call",
        "2026-12-01 birthday Yara Noyear 2026-12-01 -0",
        "2026-12-01 reminder Ana Lima 2026-12-01 -0 Anniversary",
        "2026-12-02 remembrance Dora Gone 2026-12-02 -0",
        "2026-12-03 birthday Dora Gone 2026-12-03 -0 age 86",
      ])
    // One paged walk of each a run, whatever falls due; the day was given, so no /api/me.
    #expect(sandbox.requests(path: "/api/reminders").count == reminderWalks + runs)
    #expect(sandbox.requests(path: "/api/contacts").count == contactWalks + runs)
    #expect(sandbox.requests(path: "/api/me").isEmpty)
    // The state file is the profile's (here MONICA_URL's), 0600 in a 0700 directory.
    let modes = try Self.run(
      sandbox, #"stat -c '%a %n' "$XDG_STATE_HOME"/monica/remind "$XDG_STATE_HOME"/monica/remind/env-*.state"#)
    #expect(modes.lines.map { $0.prefix(4) } == ["700 ", "600 "], "\(modes)")
  }

  @Test(
    "29 February falls on the 28th in common years and the 29th in leap years; without --deceased the dead are quiet")
  func leapDayAndDeceased() throws {
    let sandbox = try Self.account()
    var births: [String] = []
    for today in ["2027-02-27", "2027-02-28", "2027-03-01", "2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"] {
      let run = try Self.run(
        sandbox, "monica-remind --today \(today) --state leap.state | jq -c 'select(.kind == \"birthday\")'")
      #expect(run.status == 0, "\(run)")
      births += try Self.summary(sandbox, run.stdout)
    }
    #expect(
      births == [
        "2027-02-28 birthday Leo Leap 2027-02-28 -0 age 27", "2028-02-29 birthday Leo Leap 2028-02-29 -0 age 28",
      ])
    let quiet = try Self.run(sandbox, "monica-remind --upcoming 3d --today 2026-12-01")
    #expect(try Self.summary(sandbox, quiet.stdout).allSatisfy { !$0.contains("Dora") }, "\(quiet)")
  }

  @Test("a gap of days is caught up, at most --catch-up back; --before notices, a late one dropped")
  func gapAndNotices() throws {
    let sandbox = try Self.account()
    #expect(try Self.run(sandbox, "monica-remind --today 2026-11-20").stdout.isEmpty)
    let late = try Self.run(sandbox, "monica-remind --today 2026-11-30 --before 1")
    #expect(late.status == 0 && late.stderr.isEmpty, "\(late)")
    #expect(
      try Self.summary(sandbox, late.stdout) == [
        "2026-11-23 reminder Ana Lima 2026-11-23 -0 Weekly call",
        "2026-11-27 birthday Ana Lima 2026-11-27 -0 age 41",
        "2026-11-29 reminder Ana Lima 2026-11-29 -0 Dentist",
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Rent",
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Weekly call",
        "2026-11-30 birthday Yara Noyear 2026-12-01 -1",
        "2026-11-30 reminder Ana Lima 2026-12-01 -1 Anniversary",
      ])
    // Late ones say so; the notices of days already come are dropped.
    let said = try sh("jq -r .subject", env: sandbox.env, stdin: late.stdout)
    #expect(said.lines.first == "Reminder: Weekly call (Ana Lima), 7 days ago, on 2026-11-23")
    #expect(said.lines.contains("Birthday: Ana Lima turned 41 3 days ago, on 2026-11-27"))
    #expect(said.lines.contains("Birthday: Yara Noyear's birthday is tomorrow"))
    // The notices of 1 December were delivered the day before: the day itself comes once more.
    let next = try Self.run(sandbox, "monica-remind --today 2026-12-01 --before 1")
    #expect(
      try Self.summary(sandbox, next.stdout) == [
        "2026-12-01 birthday Yara Noyear 2026-12-01 -0", "2026-12-01 reminder Ana Lima 2026-12-01 -0 Anniversary",
      ])
    // A shorter --catch-up leaves older days out.
    #expect(try Self.run(sandbox, "monica-remind --today 2026-11-20 --state short.state").stdout.isEmpty)
    let short = try Self.run(sandbox, "monica-remind --today 2026-11-30 --catch-up 1d --state short.state")
    #expect(
      try Self.summary(sandbox, short.stdout) == [
        "2026-11-29 reminder Ana Lima 2026-11-29 -0 Dentist", "2026-11-30 reminder Ana Lima 2026-11-30 -0 Rent",
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Weekly call",
      ])
  }

  @Test("--upcoming lists the coming days with their notices and records nothing; --dry-run records nothing")
  func upcomingAndDryRun() throws {
    let sandbox = try Self.account()
    let coming = try Self.run(sandbox, "monica-remind --today 2026-11-26 --upcoming 4d --before 2")
    #expect(coming.status == 0 && coming.stderr.isEmpty, "\(coming)")
    #expect(
      try Self.summary(sandbox, coming.stdout) == [
        "2026-11-27 birthday Ana Lima 2026-11-27 -0 age 41",
        "2026-11-27 reminder Ana Lima 2026-11-29 -2 Dentist",
        "2026-11-28 reminder Ana Lima 2026-11-30 -2 Rent",
        "2026-11-28 reminder Ana Lima 2026-11-30 -2 Weekly call",
        "2026-11-29 reminder Ana Lima 2026-11-29 -0 Dentist",
        "2026-11-29 birthday Yara Noyear 2026-12-01 -2",
        "2026-11-29 reminder Ana Lima 2026-12-01 -2 Anniversary",
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Rent",
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Weekly call",
      ])
    #expect(try Self.run(sandbox, #"ls "$XDG_STATE_HOME"/monica 2>&1"#).status != 0, "nothing recorded")
    let table = try Self.run(
      sandbox, "monica-remind --today 2026-11-26 --upcoming 4d | monica-format table")
    // The occurrences' own default columns, not only id and object.
    #expect(table.lines.first?.split(separator: " ") == ["DUE", "KIND", "SUBJECT", "DATE"], "\(table)")
    #expect(table.lines.count == 5, "\(table)")
    #expect(try Self.run(sandbox, "monica-remind --today 2026-11-26").stdout.isEmpty)
    let dry = try Self.run(sandbox, "monica-remind --today 2026-11-27 --dry-run --exec 'exit 9'")
    #expect(dry.status == 0, "\(dry)")
    #expect(try Self.summary(sandbox, dry.stdout) == ["2026-11-27 birthday Ana Lima 2026-11-27 -0 age 41"])
    let real = try Self.run(sandbox, "monica-remind --today 2026-11-27")
    #expect(try Self.summary(sandbox, real.stdout) == ["2026-11-27 birthday Ana Lima 2026-11-27 -0 age 41"])
  }

  @Test("a failing --exec is not recorded: status 75 naming it, delivered by the next run, then never again")
  func failingExec() throws {
    let sandbox = try Self.account()
    _ = try Self.run(sandbox, "monica-remind --today 2026-11-29")
    let failed = try Self.run(sandbox, #"monica-remind --today 2026-11-30 --exec 'cat >> tried.ndjson; exit 3'"#)
    #expect(failed.status == 75, "\(failed)")
    #expect(failed.stdout.isEmpty)
    #expect(
      failed.stderr.contains(#"reminder "Rent" for "Ana Lima" on 2026-11-30: --exec exited with status 3"#), "\(failed)"
    )
    #expect(
      failed.stderr.hasSuffix(
        "monica-remind: error: deliveries: 2 of 2 failed and will be tried again by the next run: "
          + #"reminder "Rent" for "Ana Lima" on 2026-11-30: --exec exited with status 3; reminder "Weekly call" "#
          + #"for "Ana Lima" on 2026-11-30: --exec exited with status 3"# + "\n"), "\(failed)")
    // The command had the line on its stdin each time.
    #expect(try Self.summary(sandbox, try Self.run(sandbox, "cat tried.ndjson").stdout).count == 2)
    let retried = try Self.run(sandbox, #"monica-remind --today 2026-11-30 --exec 'cat >> got.ndjson'"#)
    #expect(retried.status == 0 && retried.stderr.isEmpty && retried.stdout.isEmpty, "\(retried)")
    let again = try Self.run(sandbox, #"monica-remind --today 2026-12-01 --exec 'cat >> got.ndjson'"#)
    #expect(again.status == 0, "\(again)")
    #expect(
      try Self.summary(sandbox, try Self.run(sandbox, "cat got.ndjson").stdout) == [
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Rent", "2026-11-30 reminder Ana Lima 2026-11-30 -0 Weekly call",
        "2026-12-01 birthday Yara Noyear 2026-12-01 -0", "2026-12-01 reminder Ana Lima 2026-12-01 -0 Anniversary",
      ])
  }

  @Test("a hung --exec is stopped after --exec-timeout with what it started: 75, in doubt, kept for --retry-in-doubt")
  func hungExec() throws {
    let sandbox = try Self.account()
    _ = try Self.run(sandbox, "monica-remind --today 2026-11-29")
    // The command leaves a child of its own behind it, as `curl` under a shell does.
    let hung = try Self.run(
      sandbox,
      "monica-remind --today 2026-11-30 --exec-timeout 1s "
        + #"--exec 'cat >> tried.ndjson; tail -f /dev/null & echo $! >> child.pid; wait'"#)
    #expect(hung.status == 75, "\(hung)")
    #expect(
      hung.stderr.contains(
        #"reminder "Rent" for "Ana Lima" on 2026-11-30: --exec did not end within 1s and was stopped; it may have "#
          + "arrived and is not repeated (--retry-in-doubt delivers it again)"), "\(hung)")
    #expect(
      hung.stderr.contains(
        "monica-remind: error: deliveries: 2 of 2 were stopped and are in doubt, not repeated without --retry-in-doubt: "
          + #"reminder "Rent" for "Ana Lima" on 2026-11-30: --exec did not end within 1s and was stopped"#), "\(hung)")
    // The command had the line, and may have sent it before it hung.
    #expect(try Self.summary(sandbox, try Self.run(sandbox, "cat tried.ndjson").stdout).count == 2)
    // Gone, or a zombie waiting for init to reap it (it was orphaned when its shell ended).
    let children = try Self.run(
      sandbox, #"for pid in $(cat child.pid); do ps -o stat= -p "$pid" | grep -qv Z && echo "$pid"; done; true"#)
    #expect(children.stdout.isEmpty, "the command's own children were stopped with it: \(children)")
    let next = try Self.run(sandbox, #"monica-remind --today 2026-11-30 --exec 'cat >> got.ndjson'"#)
    #expect(next.status == 0, "\(next)")
    #expect(
      next.stderr.split(separator: "\n").filter {
        $0.contains("was cut short; it may have arrived and is not repeated (--retry-in-doubt delivers it again)")
      }.count == 2, "\(next)")
    #expect(try Self.run(sandbox, "cat got.ndjson 2>/dev/null; true").stdout.isEmpty, "not delivered again")
    let retried = try Self.run(
      sandbox, #"monica-remind --today 2026-11-30 --retry-in-doubt --exec 'cat >> got.ndjson'"#)
    #expect(retried.status == 0 && retried.stderr.isEmpty, "\(retried)")
    #expect(try Self.summary(sandbox, try Self.run(sandbox, "cat got.ndjson").stdout).count == 2)
    let bad = try Self.run(sandbox, "monica-remind --today 2026-11-30 --exec-timeout 0s --exec true")
    #expect(bad.status == 64 && bad.stderr.contains("--exec-timeout 0s"), "\(bad)")
  }

  @Test("two runs at once deliver each occurrence once: the second waits for the first's lock")
  func concurrentRuns() throws {
    let sandbox = try Self.account()
    _ = try Self.run(sandbox, "monica-remind --today 2026-11-29")
    let both = try Self.run(
      sandbox,
      """
      # The first delivery holds the lock until the other run says it waits for it.
      exec='until [ -e go ]; do sleep 0.02; done; cat >> got.ndjson'
      monica-remind --today 2026-11-30 --exec "$exec" 2> one.err & first=$!
      monica-remind --today 2026-11-30 --exec "$exec" 2> two.err & second=$!
      for _ in $(seq 1500); do cat one.err two.err | grep -q waiting && break; sleep 0.02; done
      touch go
      wait $first; a=$?; wait $second; b=$?
      echo "$a $b"; cat one.err two.err
      """)
    #expect(both.lines.first == "0 0", "\(both)")
    #expect(both.stdout.contains("another run is delivering; waiting for it to finish"), "\(both)")
    #expect(
      try Self.summary(sandbox, try Self.run(sandbox, "cat got.ndjson").stdout) == [
        "2026-11-30 reminder Ana Lima 2026-11-30 -0 Rent", "2026-11-30 reminder Ana Lima 2026-11-30 -0 Weekly call",
      ])
  }

  @Test("a delivery killed mid-command is named by the next run, not repeated, and repeated with --retry-in-doubt")
  func killedDelivery() throws {
    let sandbox = try Self.account(
      extra:
        #"{"object":"contact","first_name":"Eve\u001b[2J","last_name":"\u202egnp.exe","is_birthdate_known":true,"birthdate_day":27,"birthdate_month":11,"birthdate_year":1990,"is_deceased":false,"is_deceased_date_known":false}"#
    )
    _ = try Self.run(sandbox, "monica-remind --today 2026-11-26")
    let killed = try Self.run(
      sandbox,
      """
      monica-remind --today 2026-11-27 --exec 'echo $$ > child.pid; touch started; exec tail -f /dev/null' & remind=$!
      for _ in $(seq 1500); do [ -e started ] && break; sleep 0.02; done
      kill -9 $remind; wait $remind; echo "status $?"
      kill "$(cat child.pid)"
      """)
    #expect(killed.stdout.contains("status 137"), "\(killed)")
    let next = try Self.run(sandbox, #"monica-remind --today 2026-11-27 --exec 'cat >> got.ndjson'"#)
    #expect(next.status == 0, "\(next)")
    let named = next.stderr.split(separator: "\n")
    #expect(named.count == 1, "\(next)")
    #expect(
      named.first?.contains(
        #"was cut short; it may have arrived and is not repeated (--retry-in-doubt delivers it again)"#) == true)
    // The name reaches the terminal escaped: no escape sequence, no bidi override.
    #expect(!next.stderr.contains("\u{1B}") && !next.stderr.contains("\u{202E}"), "\(next)")
    // The other birthday of the day was delivered; the one in doubt was not.
    let got = try Self.summary(sandbox, try Self.run(sandbox, "cat got.ndjson").stdout)
    #expect(got.count == 1, "\(got)")
    let quiet = try Self.run(sandbox, #"monica-remind --today 2026-11-27 --exec 'cat >> got.ndjson'"#)
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "named once: \(quiet)")
    let retried = try Self.run(
      sandbox, #"monica-remind --today 2026-11-27 --retry-in-doubt --exec 'cat >> got.ndjson'"#)
    #expect(retried.status == 0 && retried.stderr.isEmpty, "\(retried)")
    #expect(try Self.summary(sandbox, try Self.run(sandbox, "cat got.ndjson").stdout).count == 2)
  }

  @Test("a profile has its own state file; --cache replays the walks; a terminal sees no control or bidi character")
  func profileCacheAndTerminal() throws {
    let sandbox = try Self.account(
      extra:
        #"{"object":"contact","first_name":"Mal\u202egnp","last_name":"\u001b[31mRed","is_birthdate_known":true,"birthdate_day":27,"birthdate_month":11,"birthdate_year":1990,"is_deceased":false,"is_deceased_date_known":false}"#
    )
    let signedIn = try login(sandbox, "--profile home")
    #expect(signedIn.status == 0, "\(signedIn)")
    let env = sandbox.env.merging(["SANDBOX_WORK": sandbox.temporary.root + "/work"]) { $1 }
    let first = try sh(#"cd "$SANDBOX_WORK" && monica-remind --profile home --today 2026-11-27 --cache 1h"#, env: env)
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
    #expect(try Self.summary(sandbox, first.stdout).count == 2)
    let files = try sh(#"ls "$XDG_STATE_HOME"/monica/remind"#, env: env)
    #expect(files.lines == ["home.state"], "\(files)")
    // A second run within the hour reads both walks from the encrypted cache: no request.
    let before = sandbox.requests().count
    let second = try sh(#"monica-remind --profile home --today 2026-11-28 --cache 1h"#, env: env)
    #expect(second.status == 0 && second.stdout.isEmpty && second.stderr.isEmpty, "\(second)")
    #expect(sandbox.requests().count == before)
    // On a terminal the lines are made safe: the bidi override and the escape are U+FFFD there,
    // while a pipe gets the record's text as JSON writes it.
    let shown = try sh(
      #"script -qfec 'monica-remind --profile home --today 2026-11-26 --upcoming 1d' "$TMPDIR/tty" > /dev/null; cat "$TMPDIR/tty""#,
      env: env)
    // (The progress line on stderr, a terminal too, draws itself with ESC [K; the lines do not.)
    // (A terminal's lines end in CR LF, one Character to Swift.)
    let lines = shown.stdout.split(whereSeparator: \.isNewline).filter { $0.contains(#""object":"occurrence""#) }
    #expect(lines.count == 2 && lines.contains { $0.contains("Mal\u{FFFD}gnp") }, "\(shown)")
    #expect(!lines.contains { $0.contains("\u{202E}") || $0.contains("\u{1B}") }, "\(shown)")
    let piped = try sh("monica-remind --profile home --today 2026-11-26 --upcoming 1d", env: env)
    #expect(piped.stdout.contains("Mal\u{202E}gnp") && piped.stdout.contains(#"\u001b[31mRed"#), "\(piped)")
  }

  @Test("--quiet, as in the cron line: a run that waits for the rate limit says nothing")
  func quietWaits() throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "1/5"])
    let told = try sh("monica-remind --today 2026-11-27 --state \"$TMPDIR/a.state\"", env: sandbox.signedInEnv)
    #expect(told.status == 0 && told.stderr.contains("waiting"), "\(told)")
    let quiet = try sh("monica-remind --today 2026-11-27 --state \"$TMPDIR/b.state\" --quiet", env: sandbox.signedInEnv)
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
  }

  @Test("records it cannot use are left out with a warning each (five named, the rest counted), the rest delivered")
  func brokenRecords() throws {
    let sandbox = try Self.account()
    // The account as a file, with seven reminders Monica would never store (an unknown frequency,
    // a date that is none, no uuid), served by a second sandbox.
    let made = try Self.run(
      sandbox,
      #"""
      monica-fetch --all --quiet > account.ndjson
      jq -c 'select(.object == "reminder" and .title == "Dentist")' account.ndjson > dentist.json
      for n in 1 2 3 4 5; do jq -c --argjson n $n '.id = 100 + $n | .uuid = "0000000\($n)-0000-4000-8000-000000000000" | .frequency_type = "fortnight"' dentist.json; done >> account.ndjson
      jq -c '.id = 106 | .uuid = "00000006-0000-4000-8000-000000000000" | .initial_date = "soon"' dentist.json >> account.ndjson
      jq -c '.id = 107 | del(.uuid)' dentist.json >> account.ndjson
      """#)
    #expect(made.status == 0, "\(made)")
    let second = try Sandbox.start(["--rate-limit", "0", "--load", sandbox.temporary.root + "/work/account.ndjson"])
    let run = try sh("monica-remind --today 2026-11-28 --upcoming 1d", env: second.signedInEnv)
    #expect(run.status == 0, "\(run)")
    #expect(try Self.summary(second, run.stdout) == ["2026-11-29 reminder Ana Lima 2026-11-29 -0 Dentist"])
    let warnings = run.stderr.split(separator: "\n")
    #expect(warnings.count == 6, "\(run)")
    #expect(
      warnings.first
        == #"monica-remind: warning: reminder #101: frequency_type "fortnight" is not one_time, week, month or year; left out"#
    )
    #expect(warnings.last == "monica-remind: warning: 2 more reminders left out for the same kinds of reasons")
  }

  @Test("today is the account's day: at 23:30 UTC it is already tomorrow in Paris (/api/me) and Auckland, not in UTC")
  func timeZones() throws {
    let sandbox = try Self.account()
    // The tools' clock moved to 26 November 2026, 23:30 UTC (MONICA_CLOCK_OFFSET_MS).
    let run = try Self.run(
      sandbox,
      """
      export MONICA_CLOCK_OFFSET_MS=$(( ($(date -d 2026-11-26T23:30:00Z +%s) - $(date +%s)) * 1000 ))
      for zone in account Pacific/Auckland UTC America/New_York; do
        if [ $zone = account ]; then set --; else set -- --timezone $zone; fi
        echo "$zone $(monica-remind "$@" --dry-run --state none.state | jq -r '.due + " " + .kind' | tr '\\n' ' ')"
      done
      """)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(
      run.lines == [
        "account 2026-11-27 birthday ", "Pacific/Auckland 2026-11-27 birthday ", "UTC ", "America/New_York ",
      ], "\(run)")
    #expect(sandbox.requests(path: "/api/me").count == 1, "only the run without --timezone asks for the account's zone")
  }

  /// A stand-in sendmail: its arguments, standard input and environment kept per call.
  static let sendmail = """
    cat > sendmail <<'EOF'
    #!/bin/sh
    n=$(ls mail-*.eml 2>/dev/null | wc -l)
    printf '%s\\n' "$@" > mail-$n.argv
    cat > mail-$n.eml
    env > mail-$n.env
    exit ${SENDMAIL_STATUS:-0}
    EOF
    chmod +x sendmail

    """

  @Test("--mail hands sendmail a plain-text message: the subject, the link; names cannot make headers")
  func mail() throws {
    let sandbox = try Self.account(
      extra:
        #"{"object":"contact","first_name":"Eve\r\nBcc: victim@example.com","last_name":"Zoë","is_birthdate_known":true,"birthdate_day":27,"birthdate_month":11,"birthdate_year":1990,"is_deceased":false,"is_deceased_date_known":false}"#
    )
    _ = try Self.run(sandbox, "monica-remind --today 2026-11-26")
    let sent = try Self.run(
      sandbox, Self.sendmail + "monica-remind --today 2026-11-27 --mail me@example.com --sendmail ./sendmail")
    #expect(sent.status == 0 && sent.stdout.isEmpty && sent.stderr.isEmpty, "\(sent)")
    #expect(try Self.run(sandbox, "cat mail-0.argv").lines == ["-i", "--", "me@example.com"])
    // Python's email package, an independent reader, takes the messages apart.
    let parsed = try Self.run(
      sandbox,
      """
      python3 - <<'EOF'
      import email, email.policy, json, glob
      for name in sorted(glob.glob('mail-*.eml')):
          m = email.message_from_bytes(open(name, 'rb').read(), policy=email.policy.default)
          print(json.dumps({'subject': str(m['Subject']), 'to': m.get_all('To'), 'bcc': m.get_all('Bcc'),
                            'headers': list(m.keys()), 'type': m.get_content_type(), 'body': m.get_content()}))
      EOF
      """)
    #expect(parsed.status == 0, "\(parsed)")
    let messages = try records(parsed.stdout)
    #expect(messages.count == 2)
    let ana = try #require(messages.first { $0["subject"]?.stringValue?.contains("Ana") == true })
    #expect(ana["subject"]?.stringValue == "Birthday: Ana Lima turns 41 today")
    #expect(ana["to"] == .array([.string("me@example.com")]))
    #expect(ana["type"]?.stringValue == "text/plain")
    let link = try #require(
      try Self.run(sandbox, #"monica-fetch contacts | jq -r 'select(.first_name == "Ana") | .hash_id'"#).lines.first)
    #expect(ana["body"]?.stringValue?.contains("Ana Lima in Monica: \(sandbox.url)/people/\(link)") == true, "\(ana)")
    let eve = try #require(messages.first { $0["subject"]?.stringValue?.contains("Eve") == true })
    #expect(eve["subject"]?.stringValue == "Birthday: Eve  Bcc: victim@example.com Zoë turns 36 today")
    #expect(eve["bcc"] == .null)
    #expect(
      eve["headers"]
        == .array(
          [
            "To", "Subject", "Date", "MIME-Version", "Content-Type", "Content-Transfer-Encoding", "Auto-Submitted",
            "X-Monica-Remind-Key",
          ].map(JSONValue.string)))
    // A refused message is not recorded: status 75, and the next run sends it.
    let refused = try Self.run(
      sandbox, "monica-remind --today 2026-11-29 --mail me@example.com --sendmail ./sendmail",
      env: ["SENDMAIL_STATUS": "75"])
    #expect(refused.status == 75 && refused.stderr.contains("sendmail exited with status 75"), "\(refused)")
    let resent = try Self.run(sandbox, "monica-remind --today 2026-11-29 --mail me@example.com --sendmail ./sendmail")
    #expect(resent.status == 0, "\(resent)")
    #expect(
      try Self.run(sandbox, "ls mail-*.eml | wc -l").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "4")
    // No sendmail: refused before any request.
    let before = sandbox.requests().count
    let missing = try Self.run(sandbox, "monica-remind --mail me@example.com --sendmail /no/such/sendmail")
    #expect(
      missing.status == 78 && missing.stderr.contains("--sendmail /no/such/sendmail: no such program"), "\(missing)")
    #expect(sandbox.requests().count == before)
  }

  @Test("the token is in no delivered line, command environment, mail or state file")
  func tokenNowhere() throws {
    let sandbox = try Self.account()
    _ = try Self.run(sandbox, "monica-remind --today 2026-11-26")
    let env = ["COPY_OF_TOKEN": "Bearer " + sandbox.token, "MONICA_PASSPHRASE": "secret passphrase"]
    let runs = try Self.run(
      sandbox,
      Self.sendmail
        + """
        monica-remind --today 2026-11-27 > out.ndjson
        monica-remind --today 2026-11-29 --exec 'cat > "line-$REMIND_KEY"; env > "env-$REMIND_KEY"'
        monica-remind --today 2026-11-30 --mail me@example.com --sendmail ./sendmail
        monica-remind --today 2026-11-30 --upcoming 30d > upcoming.ndjson
        ls env-* | wc -l; cat env-* | grep -c '^REMIND_KIND=' 
        grep -c 'secret passphrase\\|^MONICA_' env-* mail-*.env | grep -v ':0$' || true
        grep -rlF "$MONICA_TOKEN" . "$XDG_STATE_HOME" || echo "no token"
        """, env: env)
    #expect(runs.status == 0, "\(runs)")
    #expect(runs.lines == ["1", "1", "no token"], "\(runs)")
  }

  @Test("the README's and man page's delivery recipes run as written, with stand-ins for curl and notify-send")
  func recipes() throws {
    let sandbox = try Self.account()
    _ = try Self.run(sandbox, "monica-remind --today 2026-11-26")
    let help = try Self.run(sandbox, "monica-remind --help")
    let lines =
      help.stdout.components(separatedBy: "\nRECIPES\n").dropFirst().first?
      .components(separatedBy: "\n\n").first?.split(separator: "\n").map(String.init) ?? []
    // The commands, each with its continuation lines, as a reader copies them.
    var commands: [String] = []
    var continued = false
    for line in lines {
      let text: String
      if line.hasPrefix("  ") {
        text = String(line.dropFirst(2))
      } else if let start = line.range(of: "monica-remind --exec")?.lowerBound {
        text = String(line[start...])
      } else {
        continue
      }
      if continued, let last = commands.popLast() { commands.append(last + "\n" + text) } else { commands.append(text) }
      continued = text.hasSuffix("\\")
    }
    #expect(commands.count == 4, "\(commands)")
    let standIns = """
      mkdir -p bin
      printf '#!/bin/sh\\nprintf "%%s\\\\n" "$@" > curl.args; cat > curl.stdin\\n' > bin/curl
      printf '#!/bin/sh\\nprintf "%%s\\\\n" "$@" >> notify.args\\n' > bin/notify-send
      chmod +x bin/curl bin/notify-send
      export PATH="$PWD/bin:$PATH"

      """
    let cron = try #require(commands.first)
    #expect(cron == "7 * * * *  monica-remind --before 7,1 --mail me@example.com --quiet")
    for (index, command) in commands.enumerated() {
      var script = command
      if index == 0 {
        script = String(command.dropFirst("7 * * * *  ".count)) + " --sendmail ./sendmail --today 2026-11-27"
      } else {
        script = script.replacingOccurrences(
          of: "monica-remind --exec", with: "monica-remind --today 2026-11-27 --state r\(index).state --exec")
      }
      let run = try Self.run(sandbox, Self.sendmail + standIns + script)
      #expect(run.status == 0 && run.stderr.isEmpty, "\(command)\n\(run)")
      switch index {
      case 0:
        #expect(
          try Self.run(sandbox, "grep -h '^Subject' mail-*.eml").lines.contains(
            "Subject: Birthday: Ana Lima turns 41 today"))
      case 1:
        let sent = try JSONValue(parsing: try Self.run(sandbox, "cat curl.stdin").stdout)
        #expect(
          sent["topic"]?.stringValue == "my-reminders"
            && sent["title"]?.stringValue == "Birthday: Ana Lima turns 41 today", "\(sent)")
        #expect(sent["click"]?.stringValue?.hasPrefix(sandbox.url + "/people/h:") == true)
        #expect(try Self.run(sandbox, "cat curl.args").lines.last == "https://ntfy.sh/")
      case 2:
        #expect(
          try Self.run(sandbox, "cat curl.stdin").stdout == #"{"text":"Birthday: Ana Lima turns 41 today"}"# + "\n")
      default:
        #expect(try Self.run(sandbox, "cat notify.args").lines == ["Birthday: Ana Lima turns 41 today"])
      }
    }
  }

  @Test("the README's section has the help's recipes word for word, and systemd accepts its units")
  func readmeRecipes() throws {
    let home = try TemporaryHome()
    let readme = try String(contentsOfFile: InstallTests.root + "/README.md", encoding: .utf8)
    let section = try #require(
      readme.components(separatedBy: "## Reminders that arrive\n").dropFirst().first?.components(separatedBy: "\n## ")
        .first)
    let help = try sh("monica-remind --help", env: home.env).stdout
    let recipes = try #require(
      help.components(separatedBy: "\nRECIPES\n").dropFirst().first?.components(separatedBy: "\n\n").first)
    // Each indented command of the help's RECIPES, as the README must show it (less the indent).
    var commands: [String] = []
    var continued = false
    for line in recipes.split(separator: "\n") where line.hasPrefix("  ") {
      let text = String(line.dropFirst(2))
      if continued, let last = commands.popLast() { commands.append(last + "\n" + text) } else { commands.append(text) }
      continued = text.hasSuffix("\\")
    }
    #expect(commands.count == 3, "\(commands)")
    // monica(7) shows them in a literal block, its backslashes written \e.
    let page = try String(contentsOfFile: InstallTests.root + "/man/monica.7", encoding: .utf8)
    for command in commands {
      #expect(section.contains(command), "not in the README: \(command)")
      if !command.hasPrefix("7 * * * *") {
        #expect(page.contains(command.replacingOccurrences(of: "\\", with: "\\e")), "not in monica(7): \(command)")
      }
    }
    #expect(page.contains("7 * * * *  monica-remind --before 7,1 --mail me@example.com --quiet\n"))
    #expect(section.contains("monica-remind --exec 'notify-send \"$REMIND_SUBJECT\"'"))
    // The systemd units, checked by systemd itself, the service's program where it says.
    let units = section.components(separatedBy: "```ini\n").dropFirst().map {
      $0.components(separatedBy: "```").first ?? ""
    }
    #expect(units.count == 2)
    let dir = home.root + "/units"
    try FileManager.default.createDirectory(atPath: dir + "/run", withIntermediateDirectories: true)
    try units[0].write(toFile: dir + "/monica-remind.service", atomically: true, encoding: .utf8)
    try units[1].write(toFile: dir + "/monica-remind.timer", atomically: true, encoding: .utf8)
    let verify = try sh(
      """
      mkdir -p "$HOME/.local/bin" && ln -s "$(command -v monica-remind)" "$HOME/.local/bin/monica-remind"
      chmod 700 run && XDG_RUNTIME_DIR="$PWD/run" systemd-analyze --user verify monica-remind.service monica-remind.timer
      """, env: home.env, directory: dir)
    #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify)")
  }

  @Test(
    "flags: --help with a pipeline and the exit table, one-line usage errors (64), a bad state file (65) before any request"
  )
  func commandLine() throws {
    let sandbox = try Self.account()
    let version = try Self.run(sandbox, "monica-remind --version")
    #expect(version.status == 0 && version.stdout == "0.1.0\n")
    let help = try Self.run(sandbox, "monica-remind --help")
    #expect(help.status == 0 && help.stdout.contains("EXAMPLES") && help.stdout.contains(" | "))
    #expect(help.stdout.contains("77  not permitted"))
    for (flags, message) in [
      ("--no-such-flag", "unknown option '--no-such-flag'"),
      ("--today 2026-02-30", "--today 2026-02-30: expected a day as YYYY-MM-DD"),
      ("--before 7,x", "--before 7,x: expected days before, comma-separated whole numbers (7,1) up to 3660"),
      ("--catch-up 7h", "--catch-up 7h: expected a number of days such as 7d or 2w, at most 3660d"),
      ("--timezone Mars/Base", "--timezone Mars/Base: not a time zone this system knows (such as Europe/Paris or UTC)"),
      ("--mail 'me@example.com -oQ'", "--mail me@example.com -oQ: expected one address, name@example.com"),
      ("--mail me@example.com --exec true", "--exec and --mail: one delivery per run"),
      ("--upcoming 7d --exec true", "--upcoming lists occurrences and delivers nothing: drop --exec or --mail"),
    ] {
      let run = try Self.run(sandbox, "monica-remind \(flags)")
      #expect(run.status == 64 && run.stdout.isEmpty, "\(flags): \(run)")
      #expect(run.stderr == "monica-remind: error: \(message) (see monica-remind --help)\n", "\(flags): \(run)")
    }
    let before = sandbox.requests().count
    let bad = try Self.run(
      sandbox, "printf 'delivered\\tnot-a-key\\t2026-11-27T00:00:00Z\\n' > bad.state; monica-remind --state bad.state")
    #expect(bad.status == 65, "\(bad)")
    #expect(
      bad.stderr.hasPrefix("monica-remind: error: bad.state:1: expected <status> TAB <kind:uuid:date:days> TAB <time>"),
      "\(bad)")
    #expect(sandbox.requests().count == before)
  }
}
