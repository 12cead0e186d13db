function __monica-diff_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-diff_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-diff_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-diff_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-diff_parse_tokens -S
    set -l unparsed_tokens (__monica-diff_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-diff'
        __monica-diff_parse_subcommand 2 'format=' 'ignore=+' 'restore' 'map=' 'embedded' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-diff_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-diff_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-diff_parse_subcommand -S -a positional_count
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

function __monica-diff_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-diff_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-diff_tokens -p)
    if test -z "$(__monica-diff_tokens -t)"
        set -l index (count (__monica-diff_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-diff' -f
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_positional "monica-diff" -eq 1' -F
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_positional "monica-diff" -eq 2' -F
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_flags_or_options "monica-diff" format' -l 'format' -d 'ndjson (one line per difference) or text (a summary for people).' -rfka 'ndjson text'
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_flags_or_options "monica-diff"' -l 'ignore' -d 'Leave this field (dotted path) and what is under it out; repeatable.' -rfka ''
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_flags_or_options "monica-diff" restore' -l 'restore' -d 'Write the records NEW lost, referents first, for monica-push --create --map.'
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_flags_or_options "monica-diff" map' -l 'map' -d 'With --restore: the map file monica-push --create --map reads; without: compare through a restore\'s map.' -rF
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_flags_or_options "monica-diff" embedded' -l 'embedded' -d 'Compare the copies of other records a record embeds whole, not by id.'
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_flags_or_options "monica-diff" version' -l 'version' -d 'Show the version.'
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_flags_or_options "monica-diff" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_positional "monica-diff" -eq 3' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-diff' -n '__monica-diff_should_offer_completions_for_flags_or_options "monica-diff help" version' -l 'version' -d 'Show the version.'
