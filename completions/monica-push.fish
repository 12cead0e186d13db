function __monica-push_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-push_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-push_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-push_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-push_parse_tokens -S
    set -l unparsed_tokens (__monica-push_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-push'
        __monica-push_parse_subcommand -r 1 'object=' 'delete' 'y/yes' 'dry-run' 'keep-going' 'create' 'map=' 'q/quiet' 'strict' 'retries=' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-push_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-push_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-push_parse_subcommand -S -a positional_count
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

function __monica-push_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-push_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-push_tokens -p)
    if test -z "$(__monica-push_tokens -t)"
        set -l index (count (__monica-push_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-push' -f
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_positional "monica-push" -ge 1' -F
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" object' -l 'object' -d 'The kind of lines without "object": contact, activity, note, task, gift, tag, call, conversation, reminder, debt, entry, address, contactfield, pet, relationship, lifeevent, occupation, gender, place, company, activityType, activityTypeCategory, contactfieldtype (or its route name).' -rfka 'contact activity note task gift tag call conversation reminder debt entry address contactfield pet relationship lifeevent occupation gender place company activityType activityTypeCategory contactfieldtype'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" delete' -l 'delete' -d 'Delete the records the lines name (by id).'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" y yes' -l 'yes' -s 'y' -d 'Delete without asking on the terminal.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" dry-run' -l 'dry-run' -d 'Print each request (method, path, body) and send nothing; with --create, the plan per kind.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" keep-going' -l 'keep-going' -d 'Report a line that fails and go on; a summary and status 65 at the end.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" create' -l 'create' -d 'Create every record of a stream (with --map): a restore or a migration.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" map' -l 'map' -d 'Which source ids are which target ids; appended as records are created.' -rF
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" q quiet' -l 'quiet' -s 'q' -d 'With --create, no progress or counts on stderr.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" strict' -l 'strict' -d 'Refuse a create line with a field no write field takes, instead of warning.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" retries' -l 'retries' -d 'Retries of a read, update or delete after a 5xx or a time-out.' -rfka ''
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-push_custom_completion ---completion -- --profile (count (__monica-push_tokens -pc)) (__monica-push_tokens -tC))'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" version' -l 'version' -d 'Show the version.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_positional "monica-push" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-push' -n '__monica-push_should_offer_completions_for_flags_or_options "monica-push help" version' -l 'version' -d 'Show the version.'
