function __monica-sync_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-sync_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-sync_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-sync_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-sync_parse_tokens -S
    set -l unparsed_tokens (__monica-sync_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-sync'
        __monica-sync_parse_subcommand 1 'prefer=' 'propagate-deletes' 'force-delete' 'dry-run' 'status=' 'q/quiet' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-sync_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-sync_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-sync_parse_subcommand -S -a positional_count
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

function __monica-sync_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-sync_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-sync_tokens -p)
    if test -z "$(__monica-sync_tokens -t)"
        set -l index (count (__monica-sync_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-sync' -f
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_positional "monica-sync" -eq 1' -fa '(__monica-sync_complete_directories)'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" prefer' -l 'prefer' -d 'Settle conflicts for this side: monica or vdir.' -rfka 'monica vdir'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" propagate-deletes' -l 'propagate-deletes' -d 'A card deleted in the vdir deletes its contact in Monica.'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" force-delete' -l 'force-delete' -d 'Go on when the vdir or the account looks empty against the status.'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" dry-run' -l 'dry-run' -d 'Print every action (ACTION, FILE, UUID, WHY) and write nothing.'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" status' -l 'status' -d 'The status file (default: in $XDG_STATE_HOME/monica/sync).' -rF
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" q quiet' -l 'quiet' -s 'q' -d 'No summary or wait notices on stderr; warnings and errors still.'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-sync_custom_completion ---completion -- --profile (count (__monica-sync_tokens -pc)) (__monica-sync_tokens -tC))'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" version' -l 'version' -d 'Show the version.'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_positional "monica-sync" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-sync' -n '__monica-sync_should_offer_completions_for_flags_or_options "monica-sync help" version' -l 'version' -d 'Show the version.'
