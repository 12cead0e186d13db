function __monica-import_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-import_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-import_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-import_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-import_parse_tokens -S
    set -l unparsed_tokens (__monica-import_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-import'
        __monica-import_parse_subcommand -r 2 'dedupe-against=' 'skip-existing' 'map=' 'updates=' 'create-ambiguous' 'skip-invalid' 'from=' 'columns=+' 'date-order=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-import_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-import_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-import_parse_subcommand -S -a positional_count
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

function __monica-import_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-import_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-import_tokens -p)
    if test -z "$(__monica-import_tokens -t)"
        set -l index (count (__monica-import_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-import' -f
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_positional "monica-import" -eq 1' -fka 'vcard csv'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_positional "monica-import" -ge 2' -fa '(set -l exts \'vcf\' \'vcard\' \'csv\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" dedupe-against' -l 'dedupe-against' -d 'Contacts already in Monica (monica-fetch contacts --with-fields): a card or row that is one (its UID, an e-mail address or phone number, or a name no other contact has) adds only what it lacks.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'ndjson\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" skip-existing' -l 'skip-existing' -d 'With --dedupe-against: leave the cards or rows of existing contacts out altogether.'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" map' -l 'map' -d 'The map of monica-push --create --map: each matched card\'s contact is recorded there as the existing one.' -rF
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" updates' -l 'updates' -d 'Write monica-push update lines for matched contacts\' empty nickname, description, birthday, date of death.' -rF
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" create-ambiguous' -l 'create-ambiguous' -d 'With --dedupe-against: create the cards or rows whose name several contacts share, instead of leaving them out.'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" skip-invalid' -l 'skip-invalid' -d 'Report each bad card or row (FILE:LINE:) and go on, instead of stopping with 65.'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" from' -l 'from' -d 'csv: the export the files are (google, outlook, linkedin, columns), instead of recognising each from its header.' -rfka 'google outlook linkedin columns'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import"' -l 'columns' -d 'csv: which column fills which field, as first_name="Given",email="Mail 1",... (repeatable; implies --from columns).' -rfka ''
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" date-order' -l 'date-order' -d 'csv: the order of numeric dates (mdy: 5/17/1980, dmy: 17.05.1980, ymd), when a file does not show it.' -rfka 'mdy dmy ymd'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" version' -l 'version' -d 'Show the version.'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_positional "monica-import" -eq 3' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-import' -n '__monica-import_should_offer_completions_for_flags_or_options "monica-import help" version' -l 'version' -d 'Show the version.'
