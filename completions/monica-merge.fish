function __monica-merge_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-merge_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-merge_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-merge_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-merge_parse_tokens -S
    set -l unparsed_tokens (__monica-merge_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-merge'
        __monica-merge_parse_subcommand -r 1 'keep=' 'merge=+' 'dry-run' 'json' 'y/yes' 'force=+' 'max-group=' 'ignore-names' 'journal=' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-merge_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-merge_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-merge_parse_subcommand -S -a positional_count
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

function __monica-merge_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-merge_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-merge_tokens -p)
    if test -z "$(__monica-merge_tokens -t)"
        set -l index (count (__monica-merge_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-merge' -f
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_positional "monica-merge" -ge 1' -F
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" keep' -l 'keep' -d 'The contact to keep (with --merge), instead of monica-dedupe lines.' -rfka ''
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge"' -l 'merge' -d 'A contact to merge into --keep (repeatable).' -rfka ''
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" dry-run' -l 'dry-run' -d 'Read the contacts, print the plan and write nothing.'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" json' -l 'json' -d 'With --dry-run: the plan as NDJSON records, one per line of the plan.'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" y yes' -l 'yes' -s 'y' -d 'Merge without asking on the terminal.'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge"' -l 'force' -d 'Merge this contact although it contradicts the others (other first names, genders, birthdays; one living, one deceased) (repeatable).' -rfka ''
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" max-group' -l 'max-group' -d 'The most contacts one group may join.' -rfka ''
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" ignore-names' -l 'ignore-names' -d 'Merge a line\'s ids even when the names it gives are not the server\'s.'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" journal' -l 'journal' -d 'Record each step here as it is done; run again with it to resume.' -rF
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-merge_custom_completion ---completion -- --profile (count (__monica-merge_tokens -pc)) (__monica-merge_tokens -tC))'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" version' -l 'version' -d 'Show the version.'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_positional "monica-merge" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-merge' -n '__monica-merge_should_offer_completions_for_flags_or_options "monica-merge help" version' -l 'version' -d 'Show the version.'
