# Helpers of the terminal client's tests (test_play.sh, test_play_words.sh):
# transcripts read as sentences, the 80-column check, and a tmux server of
# 80x24 windows driven by typed input. Source it after lib.sh and set tmp
# (the scratch folder) first: the server's socket is $tmp/tmux, gone with it.

# flat TEXT: sentences may be wrapped to 80 columns; joins the lines of a
# transcript with single spaces to match them.
flat() { tr '\n' ' ' <<<"$1" | tr -s ' '; }
# The program as messages name it: morph when that is this binary.
prog=$MORPH
[ "$(command -v morph)" -ef "$MORPH" ] && prog=morph
# width NAME TEXT: no line wider than 80 columns (characters, not bytes).
width() {
    local long
    long=$(LC_ALL=C.UTF-8 awk 'length($0) > 80' <<<"$2")
    if [ -z "$long" ]; then ok; else bad "$1: lines wider than 80 columns:"$'\n'"$long"; fi
}

T() { tmux -S "$tmp/tmux" "$@"; }
# start NAME COMMAND: runs COMMAND in a detached 80x24 window (the screen
# the client is made for). The pane's shell survives a Ctrl-C that ends the
# client (trap) and stays after it exits, showing "[exit N]".
#
# A session named keep holds the server for the whole suite: a server left
# with no session exits, and a new-session that reaches it while it exits
# fails ("server exited unexpectedly"); every later command of the suite then
# finds "no server running" (seen once in CI, after kill-session).
start() {
    T has-session -t keep 2>/dev/null || T new-session -d -s keep "sleep 3600"
    T new-session -d -s "$1" -x 80 -y 24 "trap : INT; cd $tmp && $2; echo \"[exit \$?]\"; sleep 600" ||
        bad "tmux did not start the session $1"
}
# screen NAME: the whole session, lines joined where the terminal wrapped them.
screen() { T capture-pane -p -J -t "$1" -S -100000; }
# wait_for NAME REGEX: polls the screen for up to 30 s.
wait_for() {
    local i
    for i in $(seq 300); do
        [[ "$(screen "$1")" =~ $2 ]] && return 0
        sleep 0.1
    done
    return 1
}
# expect NAME TEST REGEX
expect() {
    if wait_for "$1" "$3"; then ok; else bad "$2: screen does not match $3"$'\n'"$(screen "$1" | tail -25)"; fi
}
type_line() { T send-keys -t "$1" -l "$2"; T send-keys -t "$1" Enter; }
# fits NAME TEST: no line of the whole session is wider than 80 columns.
fits() { width "$2" "$(screen "$1")"; }
