function __monica-remind_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-remind_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-remind_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-remind_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-remind_parse_tokens -S
    set -l unparsed_tokens (__monica-remind_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-remind'
        __monica-remind_parse_subcommand 0 'today=' 'timezone=' 'before=' 'deceased' 'catch-up=' 'upcoming=' 'dry-run' 'retry-in-doubt' 'exec=' 'mail=' 'mail-from=' 'sendmail=' 'exec-timeout=' 'state=' 'cache=' 'no-cache' 'q/quiet' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-remind_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-remind_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-remind_parse_subcommand -S -a positional_count
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

function __monica-remind_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-remind_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-remind_tokens -p)
    if test -z "$(__monica-remind_tokens -t)"
        set -l index (count (__monica-remind_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-remind' -f
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" today' -l 'today' -d 'Act as if it were this day.' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" timezone' -l 'timezone' -d 'Today is the day in this zone (default: the account\'s).' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" before' -l 'before' -d 'Notices this many days before too, comma-separated (7,1).' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" deceased' -l 'deceased' -d 'Deceased contacts\' birthdays and remembrance days too.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" catch-up' -l 'catch-up' -d 'Deliver what fell due at most this long ago and was not delivered.' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" upcoming' -l 'upcoming' -d 'List the occurrences of the coming days (30d); deliver nothing.' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" dry-run' -l 'dry-run' -d 'Print what would be delivered; deliver and record nothing.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" retry-in-doubt' -l 'retry-in-doubt' -d 'Deliver again what a killed or stopped delivery left in doubt.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" exec' -l 'exec' -d 'Run this shell command per occurrence, the line on its stdin.' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" mail' -l 'mail' -d 'Mail each occurrence to this address through sendmail.' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" mail-from' -l 'mail-from' -d 'The sender of --mail (sendmail\'s own by default).' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" sendmail' -l 'sendmail' -d 'The sendmail program of --mail.' -rF
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" exec-timeout' -l 'exec-timeout' -d 'Stop a --exec command or sendmail still running after DURATION (its process group); the delivery is in doubt and not repeated without --retry-in-doubt.' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" state' -l 'state' -d 'The state file (default: the profile\'s).' -rF
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" cache' -l 'cache' -d 'Replay answers younger than TTL from the encrypted cache (--cache alone: 5m).' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" no-cache' -l 'no-cache' -d 'Neither replay nor store answers, whatever MONICA_CACHE says.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" q quiet' -l 'quiet' -s 'q' -d 'No progress or wait notices on stderr; warnings and errors still.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-remind_custom_completion ---completion -- --profile (count (__monica-remind_tokens -pc)) (__monica-remind_tokens -tC))'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" version' -l 'version' -d 'Show the version.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_positional "monica-remind" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-remind' -n '__monica-remind_should_offer_completions_for_flags_or_options "monica-remind help" version' -l 'version' -d 'Show the version.'
