function __monica-filter_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-filter_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-filter_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-filter_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-filter_parse_tokens -S
    set -l unparsed_tokens (__monica-filter_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-filter'
        __monica-filter_parse_subcommand -r 1 'object=' 'dead' 'alive' 'partial' 'real' 'starred' 'archived' 'active' 'tag=+' 'name=' 'birthday-within=' 'today=' 'favorited' 'completed' 'pending' 'status=' 'contact=' 'since=' 'until=' 'date-field=' 'include-undated' 'where=+' 'has=+' 'missing=+' 'invert' 'skip-invalid' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __monica-filter_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-filter_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-filter_parse_subcommand -S -a positional_count
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

function __monica-filter_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-filter_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-filter_tokens -p)
    if test -z "$(__monica-filter_tokens -t)"
        set -l index (count (__monica-filter_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-filter' -f
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_positional "monica-filter" -ge 1' -F
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" object' -l 'object' -d 'Keep records of this kind (contact, activity, note, task, gift, tag, photo, user, call, conversation, reminder, debt, entry, address, contactfield, pet, relationship, lifeevent, document, occupation, gender, place, company, activityType, activityTypeCategory, contactfieldtype, relationshiptype, relationshiptypegroup, country, currency, auditlog, or its route name).' -rfka 'contact activity note task gift tag photo user call conversation reminder debt entry address contactfield pet relationship lifeevent document occupation gender place company activityType activityTypeCategory contactfieldtype relationshiptype relationshiptypegroup country currency auditlog'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" dead' -l 'dead' -d 'Contacts: keep the deceased.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" alive' -l 'alive' -d 'Contacts: keep the living.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" partial' -l 'partial' -d 'Contacts: keep partial contacts (people known only through a relationship).'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" real' -l 'real' -d 'Contacts: keep real (not partial) contacts.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" starred' -l 'starred' -d 'Contacts: keep starred contacts.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" archived' -l 'archived' -d 'Contacts: keep archived contacts.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" active' -l 'active' -d 'Contacts: keep active (not archived) contacts.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter"' -l 'tag' -d 'Contacts: keep those with this tag; repeat for any of several.' -rfka '(monica-fetch tags --offline --quiet 2>/dev/null | monica-format template --template \'{{name}}\' 2>/dev/null)'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" name' -l 'name' -d 'Contacts: keep those whose first, last, nick or complete name contains TEXT (any case or accent).' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" birthday-within' -l 'birthday-within' -d 'Contacts: keep those whose birthday comes within DAYS days (year-unknown ones too).' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" today' -l 'today' -d 'The day birthdays are counted from (YYYY-MM-DD; default: today).' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" favorited' -l 'favorited' -d 'Notes: keep favourites.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" completed' -l 'completed' -d 'Tasks: keep completed tasks.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" pending' -l 'pending' -d 'Tasks: keep pending tasks.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" status' -l 'status' -d 'Gifts: keep those with this status (idea, offered, received).' -rfka 'idea offered received'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" contact' -l 'contact' -d 'Keep the contact ID and the records about it (its contact, recipient or attendee).' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" since' -l 'since' -d 'Keep records dated on or after DATE (YYYY-MM-DD or a UTC timestamp).' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" until' -l 'until' -d 'Keep records dated on or before DATE.' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" date-field' -l 'date-field' -d 'The date --since and --until look at (default: happened_at for activities, else updated_at).' -rfka 'updated_at created_at happened_at date completed_at favorited_at last_activity_together last_called stay_in_touch_trigger_date'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" include-undated' -l 'include-undated' -d 'With --since or --until, keep records whose date is null too (contacts never seen: last_activity_together).'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter"' -l 'where' -d 'Keep records whose PATH equals VALUE (PATH=VALUE) or matches REGEX (PATH~REGEX).' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter"' -l 'has' -d 'Keep records with a non-null value at this dotted path.' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter"' -l 'missing' -d 'Keep records with no value (or null) at this dotted path.' -rfka ''
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" invert' -l 'invert' -d 'Keep the records that do not match instead.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" skip-invalid' -l 'skip-invalid' -d 'Warn about lines that are not JSON objects and go on.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" version' -l 'version' -d 'Show the version.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_positional "monica-filter" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-filter' -n '__monica-filter_should_offer_completions_for_flags_or_options "monica-filter help" version' -l 'version' -d 'Show the version.'
