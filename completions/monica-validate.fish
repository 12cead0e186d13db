function __monica-validate_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-validate_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-validate_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-validate_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-validate_parse_tokens -S
    set -l unparsed_tokens (__monica-validate_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-validate'
        __monica-validate_parse_subcommand -r 1 'envelope' 'skip-invalid' 'report=' 'list-rules' 'write' 'object=' 'create' 'map=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-validate_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-validate_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-validate_parse_subcommand -S -a positional_count
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

function __monica-validate_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-validate_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-validate_tokens -p)
    if test -z "$(__monica-validate_tokens -t)"
        set -l index (count (__monica-validate_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-validate' -f
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_positional "monica-validate" -ge 1' -F
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" envelope' -l 'envelope' -d 'Read Monica page envelopes ({"data":[...],"links":...,"meta":...}), one or more a line.'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" skip-invalid' -l 'skip-invalid' -d 'Leave records that fail out of stdout (they are still reported).'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" report' -l 'report' -d 'Write the problems to FILE as NDJSON instead of stderr.' -rF
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" list-rules' -l 'list-rules' -d 'Print every rule (shape, field, rule, source) and exit.'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" write' -l 'write' -d 'Check each line as monica-push would send it (create and update lines), not as a record.'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" object' -l 'object' -d 'With --write: the kind of lines without an "object".' -rfka 'contact activity note task gift tag call conversation reminder debt entry address contactfield pet relationship lifeevent occupation gender place company activityType activityTypeCategory contactfieldtype'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" create' -l 'create' -d 'With --write: every line is a record monica-push --create --map would create.'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" map' -l 'map' -d 'With --write --create: the map that references may name records of.' -rF
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" version' -l 'version' -d 'Show the version.'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_positional "monica-validate" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-validate' -n '__monica-validate_should_offer_completions_for_flags_or_options "monica-validate help" version' -l 'version' -d 'Show the version.'
