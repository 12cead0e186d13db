function __monica-avatar_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-avatar_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-avatar_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-avatar_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-avatar_parse_tokens -S
    set -l unparsed_tokens (__monica-avatar_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-avatar'
        __monica-avatar_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'save'
            __monica-avatar_parse_subcommand -r 1 'dir=' 'refresh' 'strict' 'jobs=' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        case 'set'
            __monica-avatar_parse_subcommand 0 'contact=' 'source=' 'photo=' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        case 'help'
            __monica-avatar_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-avatar_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-avatar_parse_subcommand -S -a positional_count
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

function __monica-avatar_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-avatar_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-avatar_tokens -p)
    if test -z "$(__monica-avatar_tokens -t)"
        set -l index (count (__monica-avatar_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-avatar' -f
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar" version' -l 'version' -d 'Show the version.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_positional "monica-avatar" -eq 1' -fa 'save' -d 'Write each input contact\'s avatar as DIR/<id>.<ext>; one result line per contact.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_positional "monica-avatar" -eq 1' -fa 'set' -d 'Set a contact\'s avatar source (PUT /api/contacts/ID/avatar); print the contact.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_positional "monica-avatar" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_positional "monica-avatar save" -ge 1' -F
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" dir' -l 'dir' -d 'The folder to write the images in (created if missing).' -rfa '(__monica-avatar_complete_directories)'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" refresh' -l 'refresh' -d 'Revalidate every cached image and read the photos again.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" strict' -l 'strict' -d 'Exit non-zero when any source failed and the initials stood in.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" jobs' -l 'jobs' -d 'Downloads under way at once.' -rfka ''
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-avatar_custom_completion ---completion save -- --profile (count (__monica-avatar_tokens -pc)) (__monica-avatar_tokens -tC))'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" version' -l 'version' -d 'Show the version.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar save" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar set" contact' -l 'contact' -d 'The contact\'s id.' -rfka ''
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar set" source' -l 'source' -d 'default, adorable, gravatar, photo.' -rfka 'default adorable gravatar photo'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar set" photo' -l 'photo' -d 'The photo to show (with --source photo).' -rfka ''
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar set" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-avatar_custom_completion ---completion set -- --profile (count (__monica-avatar_tokens -pc)) (__monica-avatar_tokens -tC))'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar set" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar set" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar set" version' -l 'version' -d 'Show the version.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-avatar' -n '__monica-avatar_should_offer_completions_for_flags_or_options "monica-avatar help" version' -l 'version' -d 'Show the version.'
