function __monica-sandbox_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-sandbox_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-sandbox_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-sandbox_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-sandbox_parse_tokens -S
    set -l unparsed_tokens (__monica-sandbox_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-sandbox'
        __monica-sandbox_parse_subcommand 0 'port=' 'ready-file=' 'token-file=' 'token-expires-in=' 'seed=' 'contacts=' 'load=' 'state=' 'max-page-size=' 'rate-limit=' 'latency=' 'fault=+' 'log=' 'gravatar-port=' 'public-storage' 'duplicates' 'fixture-routes' 'exit-with-parent' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-sandbox_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-sandbox_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-sandbox_parse_subcommand -S -a positional_count
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

function __monica-sandbox_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-sandbox_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-sandbox_tokens -p)
    if test -z "$(__monica-sandbox_tokens -t)"
        set -l index (count (__monica-sandbox_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-sandbox' -f
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" port' -l 'port' -d 'Port to listen on, on 127.0.0.1 (0 picks a free port).' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" ready-file' -l 'ready-file' -d 'Write {"url","api","token"} here once listening.' -rF
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" token-file' -l 'token-file' -d 'Accept the token in this file instead of a generated one.' -rF
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" token-expires-in' -l 'token-expires-in' -d 'Days until the generated token expires (negative: already expired).' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" seed' -l 'seed' -d 'Seed of the generated data.' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" contacts' -l 'contacts' -d 'Number of generated contacts.' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" load' -l 'load' -d 'Serve the records of this NDJSON file instead of generated data.' -rF
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" state' -l 'state' -d 'Keep the store in this file across runs (rewritten after each write).' -rF
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" max-page-size' -l 'max-page-size' -d 'Largest accepted limit parameter.' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" rate-limit' -l 'rate-limit' -d 'Requests allowed per token: N/SECONDS, N per minute, or 0 for no limit.' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" latency' -l 'latency' -d 'Wait this many milliseconds before every API answer.' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox"' -l 'fault' -d 'Inject a fault: WHAT@WHEN[:PATH] (repeatable; see FAULTS).' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" log' -l 'log' -d 'Append one NDJSON line per request to this file.' -rF
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" gravatar-port' -l 'gravatar-port' -d 'Serve the seeded gravatars on this loopback port (0, the default: a free one); seeded gravatar URLs point there.' -rfka ''
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" public-storage' -l 'public-storage' -d 'Serve documents at public /storage/ URLs, as an instance with public file visibility.'
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" duplicates' -l 'duplicates' -d 'Also seed contacts an import doubled (for monica-dedupe and monica-merge).'
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" fixture-routes' -l 'fixture-routes' -d 'Serve POST /sandbox/accounts/2/KIND and /sandbox/clock (another account\'s rows, a frozen now).'
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" exit-with-parent' -l 'exit-with-parent' -d 'Stop when the process that started it ends, killed or not (tests and scripts leave no server behind).'
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" version' -l 'version' -d 'Show the version.'
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_positional "monica-sandbox" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-sandbox' -n '__monica-sandbox_should_offer_completions_for_flags_or_options "monica-sandbox help" version' -l 'version' -d 'Show the version.'
