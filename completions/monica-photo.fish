function __monica-photo_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-photo_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-photo_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-photo_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-photo_parse_tokens -S
    set -l unparsed_tokens (__monica-photo_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-photo'
        __monica-photo_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'save'
            __monica-photo_parse_subcommand -r 1 'dir=' 'version' 'h/help'
        case 'upload'
            __monica-photo_parse_subcommand -r 1 'contact=' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        case 'delete'
            __monica-photo_parse_subcommand -r 1 'y/yes' 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        case 'help'
            __monica-photo_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-photo_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-photo_parse_subcommand -S -a positional_count
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

function __monica-photo_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-photo_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-photo_tokens -p)
    if test -z "$(__monica-photo_tokens -t)"
        set -l index (count (__monica-photo_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-photo' -f
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo" version' -l 'version' -d 'Show the version.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_positional "monica-photo" -eq 1' -fa 'save' -d 'Write each photo record\'s image as DIR/<id>-<original_filename>; one result line each.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_positional "monica-photo" -eq 1' -fa 'upload' -d 'Upload images as a contact\'s photos (POST /api/photos); print the created records.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_positional "monica-photo" -eq 1' -fa 'delete' -d 'Delete photos by id, or the photo records on stdin; asks first unless --yes.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_positional "monica-photo" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_positional "monica-photo save" -ge 1' -F
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo save" dir' -l 'dir' -d 'The folder to write the images in (created if missing).' -rfa '(__monica-photo_complete_directories)'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo save" version' -l 'version' -d 'Show the version.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo save" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo upload" contact' -l 'contact' -d 'The contact the photos belong to.' -rfka ''
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_positional "monica-photo upload" -ge 1' -F
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo upload" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-photo_custom_completion ---completion upload -- --profile (count (__monica-photo_tokens -pc)) (__monica-photo_tokens -tC))'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo upload" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo upload" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo upload" version' -l 'version' -d 'Show the version.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo upload" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo delete" y yes' -l 'yes' -s 'y' -d 'Delete without asking on the terminal.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo delete" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-photo_custom_completion ---completion delete -- --profile (count (__monica-photo_tokens -pc)) (__monica-photo_tokens -tC))'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo delete" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo delete" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo delete" version' -l 'version' -d 'Show the version.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-photo' -n '__monica-photo_should_offer_completions_for_flags_or_options "monica-photo help" version' -l 'version' -d 'Show the version.'
