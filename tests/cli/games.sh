# Sourced by the front-end tests that need the real games: skips the suite
# (0 passed, with the reason printed) while the registry lacks one of them.
has_game() {
    echo "{\"cmd\":\"new\",\"game\":\"$1\",\"seed\":1}" | $MORPH engine | grep -q '"ok":true'
}
need_games() {
    local g
    for g in "$@"; do
        if ! has_game "$g"; then
            echo "skipped: this morph has no game '$g' yet"
            finish
            exit $?
        fi
    done
}
