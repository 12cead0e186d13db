extension Help {
  /// `monica-remind --help` below its usage, and its man page's sections.
  package static let remind = """
    Works out which birthdays and reminders fall today, in the account's time zone (/api/me, \
    or --timezone), and delivers each once: as an NDJSON line on stdout (the default), to a \
    command (--exec) or by mail (--mail). Run it from cron every hour: what was delivered is \
    recorded in a state file, so nothing is sent twice, and a run after days off catches up \
    on what fell due meanwhile (at most --catch-up back, and never before the state file's \
    first run). Each run reads the reminders and the contacts in one paged walk each, \
    whatever falls due.

    WHAT FALLS
    Every living contact's birthday (29 February on the 28th in common years); the age \
    turned, when the year is known. Every reminder of /api/reminders: on initial_date, then \
    every frequency_number weeks, months or years, each counted from initial_date (a monthly \
    one from 31 January falls on 28 February, then 31 March), a one_time one on its day \
    only. With --deceased, deceased contacts' birthdays and the anniversaries of their \
    deaths too. Monica's own birthday reminder of a contact whose birthday is told here is \
    left out (the birthday comes once, with its age), and so, with --deceased, is a yearly \
    reminder on a deceased contact's day of death. --before 7,1 adds notices 7 days and 1 \
    day before each.

    EACH LINE
      {"object":"occurrence","kind":"birthday","date":"2026-11-27",
       "days_before":0,"due":"2026-11-27","title":"Ana Lima's birthday",
       "subject":"Birthday: Ana Lima turns 41 today","description":null,
       "contact":{"id":12,"uuid":"...","complete_name":"Ana Lima",
       "is_dead":false,"url":"https://monica.example.com/people/h:Yb3..."},
       "age":41,"years":null,"reminder_id":null,"reminder_uuid":null,
       "frequency_type":null,"key":"birthday:<contact uuid>:2026-11-27:0"}
    kind is birthday, remembrance or reminder; age is null when the year is unknown. \
    monica-format table renders the lines, jq filters them.

    DELIVERY
    --exec CMD runs /bin/sh -c CMD once per occurrence, the line on its stdin and \
    \(DeliveryEnvironment.names.joined(separator: ", ")) in its environment, each on one \
    line; its stdout and stderr go to stderr. Its environment is monica-remind's without \
    any MONICA_ variable or any variable holding the token. --mail ADDRESS hands a \
    plain-text message per occurrence to sendmail -i (--sendmail PATH, default \
    /usr/sbin/sendmail): the subject is the line's subject, the body the contact's link \
    on the instance. A delivery that fails (the command or sendmail exits non-zero) is not \
    recorded: the next run tries it again, and this one ends with status 75 naming it.

    STATE
    $XDG_STATE_HOME/monica/remind/PROFILE.state (0600; --state FILE instead) has a line per \
    delivery step, keyed by the reminder's or contact's uuid, the day and the notice, never \
    by ids, which change when an account is restored. Two runs at once deliver each \
    occurrence once: the second waits for the first's lock, then finds it delivered. A \
    delivery is marked in doubt before it starts; a run killed while one is under way \
    leaves it so, and the next run names it on stderr and does not repeat it \
    (--retry-in-doubt delivers it again).

    EXAMPLES
      monica-remind --upcoming 30d | monica-format table --fields due,kind,subject
      monica-remind --upcoming 7d --before 1 | jq -r .subject
      monica-remind --today "$(date +%F)" --dry-run --deceased
      monica-remind --today "$(date +%F)" --exec 'echo "$REMIND_SUBJECT" >> log'

    RECIPES
    Every hour from cron, by mail (a missed hour is caught up by the next run):
      7 * * * *  monica-remind --before 7,1 --mail me@example.com --quiet
    A phone notification through ntfy, published as JSON (names in any script,
    the contact's page opened by a tap):
      monica-remind --exec 'jq -c "{topic: \\"my-reminders\\", title: .subject, \\
        message: .title, click: .contact.url}" \\
        | curl -fsS -o /dev/null -d @- https://ntfy.sh/'
    A chat webhook that takes JSON (the line itself, reshaped by jq):
      monica-remind --exec 'jq -c "{text: .subject}" | curl -fsS -o /dev/null \\
        -H "Content-Type: application/json" -d @- https://chat.example.com/hook'
    On the desktop: monica-remind --exec 'notify-send "$REMIND_SUBJECT"'
    A systemd user timer instead of cron: see monica(7).

    \(Help.credentialFiles)
      $XDG_STATE_HOME/monica/remind/P.state    profile P's deliveries (0600)

    \(Help.environment)
      XDG_STATE_HOME            state files in $XDG_STATE_HOME/monica/remind

    \(Help.exitStatus)
    """
}
