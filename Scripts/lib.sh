# Shared by the scripts: messages on stderr, and a swift on PATH.
say() { printf 'formrun: %s\n' "$*" >&2; }

find_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    # a login shell's PATH has the toolchain; a bare CI shell may not
    for f in /etc/profile.d/*.sh; do [ -r "$f" ] && . "$f"; done
  fi
  command -v swift >/dev/null 2>&1 || { say "swift is not installed (https://swift.org/install)"; exit 2; }
}

# A Python 3 that has pexpect (Debian's python3-pexpect is for the system
# python3, which a python3 earlier on PATH may hide); fails when there is none.
pexpect_python() {
  local p
  for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import pexpect' 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  return 1
}
