function __monica-fetch_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-fetch_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-fetch_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-fetch_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-fetch_parse_tokens -S
    set -l unparsed_tokens (__monica-fetch_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-fetch'
        __monica-fetch_parse_subcommand 2 'all' 'contact=' 'tag=' 'query=' 'sort=' 'upcoming=' 'with-fields' 'max=' 'page=' 'page-size=' 'since=' 'concurrency=' 'retries=' 'cache=' 'offline' 'no-cache' 'q/quiet' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-fetch_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-fetch_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-fetch_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __monica-fetch_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-fetch_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-fetch_tokens -p)
    if test -z "$(__monica-fetch_tokens -t)"
        set -l index (count (__monica-fetch_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-fetch' -f
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_positional "monica-fetch" -eq 1' -fka 'contacts activities notes tasks gifts tags photos me calls conversations reminders debts journal addresses contactfields pets relationships lifeevents documents occupations genders places companies activitytypes activitytypecategories contactfieldtypes relationshiptypes relationshiptypegroups countries currencies logs'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" all' -l 'all' -d 'Every record of every kind, each once, after what it refers to; counts on stderr.'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" contact' -l 'contact' -d 'One contact\'s items (nested route); - reads contact records or ids from stdin.' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" tag' -l 'tag' -d 'The contacts with this tag, by id or name.' -rfka '(monica-fetch tags --offline --quiet 2>/dev/null | monica-format template --template \'{{name}}\' 2>/dev/null)'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" query' -l 'query' -d 'Search contacts: any word in a name, nickname, description or job; TYPE:PREFIX for contact fields (email:sam).' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" sort' -l 'sort' -d 'Sort by created_at, updated_at, completed_at, called_at, favorited_at; - prefix for descending (-updated_at).' -rfka 'created_at -created_at updated_at -updated_at completed_at -completed_at called_at -called_at favorited_at -favorited_at'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" upcoming' -l 'upcoming' -d 'Reminders: those due in the month N months from now (0: this one).' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" with-fields' -l 'with-fields' -d 'Add each contact\'s contact fields and latest 3 notes (with=contactfields), in the same requests.'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" max' -l 'max' -d 'Stop after this many records.' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" page' -l 'page' -d 'Fetch this page only.' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" page-size' -l 'page-size' -d 'Records per request (Monica\'s maximum, 100, makes fewest requests).' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" since' -l 'since' -d 'Only records updated since: a date, a UTC time or a duration (30m, 12h, 7d).' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" concurrency' -l 'concurrency' -d 'Pages in flight at once.' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" retries' -l 'retries' -d 'Retries of a request after a 5xx, a 429, a time-out or a dropped connection.' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" cache' -l 'cache' -d 'Replay answers younger than TTL (30s, 5m, 2h, 1d; --cache alone: 5m) from the encrypted cache.' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" offline' -l 'offline' -d 'Answer from the cache alone, whatever its age: no request (66 when not cached).'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" no-cache' -l 'no-cache' -d 'Neither replay nor store answers, whatever MONICA_CACHE says.'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" q quiet' -l 'quiet' -s 'q' -d 'No progress or wait notices on stderr.'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-fetch_custom_completion ---completion -- --profile (count (__monica-fetch_tokens -pc)) (__monica-fetch_tokens -tC))'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" version' -l 'version' -d 'Show the version.'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_positional "monica-fetch" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-fetch' -n '__monica-fetch_should_offer_completions_for_flags_or_options "monica-fetch help" version' -l 'version' -d 'Show the version.'
