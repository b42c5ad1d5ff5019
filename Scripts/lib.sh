# Shared by the scripts: messages on stderr, and a swift on PATH.
say() { printf 'formrun: %s\n' "$*" >&2; }

find_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    # a login shell's PATH has the toolchain; a bare CI shell may not
    for f in /etc/profile.d/*.sh; do [ -r "$f" ] && . "$f"; done
  fi
  command -v swift >/dev/null 2>&1 || { say "swift is not installed (https://swift.org/install)"; exit 2; }
}
