function __monica-auth_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-auth_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __monica-auth_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __monica-auth_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __monica-auth_parse_tokens -S
    set -l unparsed_tokens (__monica-auth_tokens -pc)
    switch $unparsed_tokens[1]
    case 'monica-auth'
        __monica-auth_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'login'
            __monica-auth_parse_subcommand 0 'profile=' 'v/verbose' 'url=' 'token-stdin' 'passphrase' 'passphrase-fd=' 'allow-http' 'q/quiet' 'version' 'h/help'
        case 'status'
            __monica-auth_parse_subcommand 0 'profile=' 'v/verbose' 'passphrase-fd=' 'json' 'version' 'h/help'
        case 'switch'
            __monica-auth_parse_subcommand 1 'version' 'h/help'
        case 'logout'
            __monica-auth_parse_subcommand 0 'profile=' 'v/verbose' 'version' 'h/help'
        case 'token'
            __monica-auth_parse_subcommand 0 'profile=' 'v/verbose' 'passphrase-fd=' 'version' 'h/help'
        case 'list'
            __monica-auth_parse_subcommand 0 'json' 'version' 'h/help'
        case 'cache'
            __monica-auth_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'clear'
                __monica-auth_parse_subcommand 0 'profile=' 'v/verbose' 'all' 'version' 'h/help'
            end
        case 'help'
            __monica-auth_parse_subcommand -r 1 'version'
        end
    end
end

function __monica-auth_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __monica-auth_parse_subcommand -S -a positional_count
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

function __monica-auth_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __monica-auth_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__monica-auth_tokens -p)
    if test -z "$(__monica-auth_tokens -t)"
        set -l index (count (__monica-auth_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'monica-auth' -f
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth" -eq 1' -fa 'login' -d 'Check a token against an instance and save it encrypted.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth" -eq 1' -fa 'status' -d 'Show the profile, instance, user, token expiry, whether the server accepts the token, cache size.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth" -eq 1' -fa 'switch' -d 'Make a saved profile the default, the one every tool uses without --profile.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth" -eq 1' -fa 'logout' -d 'Delete a profile\'s credentials, key and cache; say which profile is the default after.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth" -eq 1' -fa 'token' -d 'Print the token for another program; the only command that prints it.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth" -eq 1' -fa 'list' -d 'List the profiles; * marks the default.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth" -eq 1' -fa 'cache' -d 'The encrypted caches of monica-fetch --cache and monica-avatar (monica-auth status shows their size).'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-auth_custom_completion ---completion login -- --profile (count (__monica-auth_tokens -pc)) (__monica-auth_tokens -tC))'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" url' -l 'url' -d 'The instance (https://app.monicahq.com is the cloud); asked for when omitted.' -rfka ''
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" token-stdin' -l 'token-stdin' -d 'Read the token from standard input instead of the terminal.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" passphrase' -l 'passphrase' -d 'Protect the token with a passphrase (scrypt) instead of a key file.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" allow-http' -l 'allow-http' -d 'Allow plain http to a non-loopback host (the token travels unencrypted).'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" q quiet' -l 'quiet' -s 'q' -d 'Say nothing on success.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth login" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth status" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-auth_custom_completion ---completion status -- --profile (count (__monica-auth_tokens -pc)) (__monica-auth_tokens -tC))'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth status" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth status" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth status" json' -l 'json' -d 'One JSON object instead of lines.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth status" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth switch" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth switch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth logout" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-auth_custom_completion ---completion logout -- --profile (count (__monica-auth_tokens -pc)) (__monica-auth_tokens -tC))'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth logout" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth logout" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth logout" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth token" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-auth_custom_completion ---completion token -- --profile (count (__monica-auth_tokens -pc)) (__monica-auth_tokens -tC))'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth token" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth token" passphrase-fd' -l 'passphrase-fd' -d 'Read a passphrase profile\'s passphrase from this file descriptor.' -rfka ''
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth token" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth token" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth list" json' -l 'json' -d 'One JSON object per profile.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth list" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth cache" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth cache" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_positional "monica-auth cache" -eq 1' -fa 'clear' -d 'Empty the profile\'s cache (with MONICA_URL set, that token\'s); --all: every cache.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth cache clear" profile' -l 'profile' -d 'The profile to use (default: $MONICA_PROFILE, else the default profile).' -rfka '(__monica-auth_custom_completion ---completion cache clear -- --profile (count (__monica-auth_tokens -pc)) (__monica-auth_tokens -tC))'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth cache clear" v verbose' -l 'verbose' -s 'v' -d 'One stderr line per request: method, path, status, time, rate limit left. Never the token.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth cache clear" all' -l 'all' -d 'Every profile\'s cache and those of environment tokens.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth cache clear" version' -l 'version' -d 'Show the version.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth cache clear" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'monica-auth' -n '__monica-auth_should_offer_completions_for_flags_or_options "monica-auth help" version' -l 'version' -d 'Show the version.'
