#!/bin/sh
# Chromium as the browser tests start it (lib.mjs): run by root, Chromium
# raises its own priority (nice -8 for its browser and GPU processes, 0 for
# the rest) above the server under test, the suites beside it and whatever
# else runs, however nice the test run was; without CAP_SYS_NICE it keeps
# the priority it was given. MORPH_CHROMIUM is the browser itself.
chromium=${MORPH_CHROMIUM:-/usr/bin/chromium}
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
    exec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice -- "$chromium" "$@"
fi
exec "$chromium" "$@"
