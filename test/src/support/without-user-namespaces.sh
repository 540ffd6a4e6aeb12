#!/bin/sh
# without-user-namespaces.sh CMD...: runs CMD as root of a fresh user namespace (uids and gids 0-65535 mapped to
# themselves) in which creating further user namespaces is disabled (user.max_user_namespaces = 0 there). To the
# command this looks like a kernel without user namespaces; the machine's own setting is untouched. Needs root.
set -eu
fifo=$(mktemp -u)
mkfifo "$fifo"
trap 'rm -f "$fifo"' EXIT
# the inner exec, after the maps are written, is what gives the shell its capabilities inside the namespace
unshare --user sh -c 'read _ < "$0"; exec sh -c "echo 0 > /proc/sys/user/max_user_namespaces || exit 97; exec \"\$@\"" sh "$@"' "$fifo" "$@" &
child=$!
while [ "$(readlink /proc/$child/ns/user 2>/dev/null)" = "$(readlink /proc/self/ns/user)" ]; do sleep 0.05; done
echo '0 0 65536' > /proc/$child/uid_map
echo '0 0 65536' > /proc/$child/gid_map
echo go > "$fifo"
set +e
wait $child
exit $?
