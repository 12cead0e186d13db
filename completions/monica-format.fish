function __monica-format_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-format_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-format_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-format_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-format_parse_tokens -S
    set -l unparsed_tokens (__monica-format_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-format'
        __monica-format_parse_subcommand -r 2 'fields=' 'sort=' 'template=' 'color=' 'today=' 'no-header' 'skip-invalid' 'safe' 'calendar-name=' 'alarm=' 'since=' 'until=' 'photos=' 'vcard-version=' 'vdir=' 'prune' 'force' 'around=' 'depth=' 'all-contacts' 'font=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-format_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-format_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-format_parse_subcommand -S -a positional_count
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

function __monica-format_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-format_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-format_tokens -p)
    if test -z "$(__monica-format_tokens -t)"
        set -l index (count (__monica-format_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-format' -f
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_positional "monica-format" -eq 1' -fka 'table tsv csv json ndjson markdown vcard ics dot template'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_positional "monica-format" -ge 2' -F
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" fields' -l 'fields' -d 'The columns or fields to show, as dotted paths (id,first_name,information.career.job).' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" sort' -l 'sort' -d 'Sort by FIELD[,FIELD] (-FIELD for descending), next-birthday (the soonest first), or auto: pending tasks first, activities newest first, contacts by next birthday when all have one (as after --birthday-within), else by name. Reads all input first.' -rfka 'auto next-birthday'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" template' -l 'template' -d 'The template format\'s text, with {{dotted.path}} placeholders.' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" color' -l 'color' -d 'Colour: auto (terminals without NO_COLOR), always, never.' -rfka 'auto always never'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" today' -l 'today' -d 'The day next birthdays and relative dates count from (YYYY-MM-DD; default: today).' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" no-header' -l 'no-header' -d 'Leave out the header row of table, tsv, csv and markdown.'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" skip-invalid' -l 'skip-invalid' -d 'Warn about lines that are not JSON objects and go on.'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" safe' -l 'safe' -d 'Replace control and bidi characters of the data with U+FFFD in every format, as on a terminal (table, markdown and dot always do; a --vdir\'s files are kept as they are).'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" calendar-name' -l 'calendar-name' -d 'ics: the calendar\'s name in calendar apps (X-WR-CALNAME).' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" alarm' -l 'alarm' -d 'ics: an alarm DAYS before each event (0: on the day).' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" since' -l 'since' -d 'ics: one event per occurrence from DATE on (YYYY-MM-DD), instead of yearly rules; a year unless --until.' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" until' -l 'until' -d 'ics: occurrences up to DATE (YYYY-MM-DD), from today unless --since.' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" photos' -l 'photos' -d 'vcard, dot: photos saved by monica-avatar, DIR/<contact id>.<ext> (PHOTO; a picture in the node).' -rfa '(__monica-format_complete_directories)'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" vcard-version' -l 'vcard-version' -d 'vcard: 4.0 (RFC 6350, the default) or 3.0 (RFC 2426).' -rfka '3.0 4.0'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" vdir' -l 'vdir' -d 'vcard, ics: one file per contact (event, task) in DIR, named from its uid, instead of standard output.' -rfa '(__monica-format_complete_directories)'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" prune' -l 'prune' -d '--vdir: remove the files of items no longer in the input, also when the input is a pipe (a pipe cannot say it is whole: a fetch that died ends it too).'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" force' -l 'force' -d '--vdir: remove files although they are more than half of the vdir.'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" around' -l 'around' -d 'dot: only the people around this contact.' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" depth' -l 'depth' -d 'dot: with --around, how many relationships away (default 1).' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" all-contacts' -l 'all-contacts' -d 'dot: draw the contacts without a relationship too (left out by default).'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" font' -l 'font' -d 'dot: the font family of the names (default Helvetica); one with the names\' scripts, e.g. \'Noto Sans CJK SC\'.' -rfka ''
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" version' -l 'version' -d 'Show the version.'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_positional "monica-format" -eq 3' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-format' -n '__monica-format_should_offer_completions_for_flags_or_options "monica-format help" version' -l 'version' -d 'Show the version.'
