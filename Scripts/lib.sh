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

# The flags of the release build that Scripts/bench, Scripts/install and
# Scripts/package share (one build serves all three), in the array `release`:
# - the Swift runtime linked in (--static-swift-stdlib), and the C++ runtime
#   too when its archive is installed (loading libstdc++.so costs about
#   0.5 ms of every start);
# - no $ORIGIN run path: nothing is looked for beside the binary (a dozen
#   failed opens at each start, and lintian's custom-library-search-path);
# - type metadata reached through direct accessors, not mangled names that
#   the runtime would demangle (checking each conformance against every one
#   in the binary) at every start: about a tenth of a start's instructions;
# - no symbol of formrun's own exported (--no-export-dynamic, which the
#   driver's static-stdlib flags turn on): 2,990 dynamic symbols become 400,
#   and what nothing calls can be left out of the link;
# - lld, for what gold cannot do: relative relocations packed (DT_RELR,
#   glibc 2.36: 22,700 relocations in 6 KB instead of 546 KB for the loader
#   to read) and the functions and zeroed data a start touches placed
#   together, in the order of Scripts/start.order (Scripts/start-order
#   writes it from a profiled start): a start's page faults in the binary's
#   code and .bss fall by a fifth (names no longer in the binary are skipped);
# - each function in its own section (-function-sections; swiftc puts most
#   of a file's functions in one .text), so that the order above can place
#   them and --gc-sections can drop the unused ones;
# - a position-dependent executable (-no-pie), as Go links by default: the
#   loader then has no addresses to relocate at each start (some 70 pages of
#   metadata and tables written, so copied, before main); the libraries,
#   stack and heap stay randomised;
# - no dynamic exclusivity checks (-enforce-exclusivity=unchecked): the
#   checks the compiler cannot make statically (overlapping accesses to a
#   class's stored property, a global, a variable an escaping closure
#   captured) cost a tenth of a large form's instructions (swift_beginAccess
#   on every such access). Only the runtime trap goes: the static checks
#   stay, and the debug build that `swift test` and Scripts/test run keeps
#   the dynamic ones, so an overlapping access the tests reach still traps
#   there;
# - FORMRUN_STATIC_SWIFT for CArguments, whose constructor can then set
#   SWIFT_BACKTRACE before the linked-in runtime reads it (no second start
#   at a terminal).
release_flags() {
  release=(-c release --static-swift-stdlib --disable-local-rpath --product formrun
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    -Xlinker --no-export-dynamic -Xcc -DFORMRUN_STATIC_SWIFT -Xswiftc -enforce-exclusivity=unchecked
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xclang-linker -Xswiftc -no-pie
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
    -Xlinker --symbol-ordering-file="$PWD/Scripts/start.order" -Xlinker --no-warn-symbol-ordering)
  local cxx
  # -lstdc++ finds libstdc++.a first in a folder holding only that archive
  cxx=$( (c++ -print-file-name=libstdc++.a || gcc -print-file-name=libstdc++.a) 2>/dev/null || true)
  if [ -n "$cxx" ] && [ -f "$cxx" ]; then
    mkdir -p .build/static-cxx
    ln -sf "$cxx" .build/static-cxx/libstdc++.a
    release+=(-Xswiftc -L -Xswiftc "$PWD/.build/static-cxx")
  else
    say "no libstdc++.a: the C++ runtime stays a shared library"
  fi
}
