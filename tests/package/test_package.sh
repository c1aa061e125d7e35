#!/usr/bin/env bash
# Installs muster as a user would, twice, and runs what was installed:
#  1. `cmake --install` into a scratch prefix: the programs, the man pages, the completion, the
#     desktop entry, its icon and metadata, the data; each run or checked from there.
#  2. `cpack -G DEB`: the package's dependencies, lintian, then (as root) `dpkg -i`, the
#     installed muster, man, complete -p and muster-gui under Xvfb, and `dpkg -r`.
# Usage: test_package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/data"
mkdir -p "$HOME"
fail() { echo "FAILED: $*" >&2; exit 1; }
has() { grep -q -- "$2" <<<"$1" || fail "$3: expected \"$2\" in: $1"; }

# What an installed tree must hold; $1 is its prefix.
check_tree() {
  local p=$1
  for f in bin/muster bin/muster-gui share/man/man1/muster.1.gz share/man/man1/muster-gui.1.gz \
           share/bash-completion/completions/muster share/zsh/vendor-completions/_muster share/applications/muster-gui.desktop \
           share/metainfo/io.github.muster.metainfo.xml share/icons/hicolor/scalable/apps/muster.svg \
           share/icons/hicolor/48x48/apps/muster.png share/icons/hicolor/256x256/apps/muster.png \
           share/muster/rules/acw_fire_and_fury.json share/muster/samples/gettysburg.json \
           share/muster/names/acw_union.txt share/doc/muster/copyright share/doc/muster/README.md share/doc/muster/docs/campaign.md \
           share/doc/muster/assets/screenshots/workspace.png; do
    [ -e "$p/$f" ] || fail "the install has no $f"
  done
  # Every picture and page the installed README and docs link to is installed beside them.
  local doc=$p/share/doc/muster link
  for page in "$doc/README.md" "$doc"/docs/*.md; do
    for link in $(grep -o '](\([^)#: ]*\.\(md\|png\)\)' "$page" | sed 's/^](//'); do
      [ -e "$(dirname "$page")/$link" ] || fail "$page links to $link, which the install has not"
    done
  done
  local size; size=$(stat -c %s "$p/bin/muster")
  [ "$size" -le $((10 * 1024 * 1024)) ] || fail "the installed muster is $size bytes: over 10 MB"
  echo "installed muster: $size bytes, muster-gui: $(stat -c %s "$p/bin/muster-gui") bytes"
  desktop-file-validate "$p/share/applications/muster-gui.desktop" || fail "desktop-file-validate"
  appstreamcli validate --no-net --pedantic "$p/share/metainfo/io.github.muster.metainfo.xml" >/dev/null ||
    { appstreamcli validate --no-net --pedantic "$p/share/metainfo/io.github.muster.metainfo.xml"; fail "appstreamcli validate"; }
}

# The man pages render without a warning, and muster(1) names every command muster --help lists.
check_man() {
  local page=$1 muster=$2 text warnings
  warnings=$(zcat "$page/muster.1.gz" | groff -man -ww -z 2>&1; zcat "$page/muster-gui.1.gz" | groff -man -ww -z 2>&1)
  [ -z "$warnings" ] || fail "the man pages warn: $warnings"
  text=$(MANWIDTH=100 man -l "$page/muster.1.gz" 2>&1)
  for cmd in $("$muster" --help | sed -n '/^Subcommands:/,$p' | awk 'NR>1 && NF {print $1}'); do
    has "$text" "muster $cmd" "muster(1)"
  done
  has "$text" "--lock-wait" "muster(1)"
  has "$text" "EXIT STATUS" "muster(1)"
  has "$(MANWIDTH=100 man -l "$page/muster-gui.1.gz")" "DATABASE" "muster-gui(1)"
}

# The completion, sourced into bash as bash-completion does, completes commands and options.
check_completion() {
  local script=$1
  out=$(bash -c "source '$script'; complete -p muster
    COMP_WORDS=(muster bat); COMP_CWORD=1; _muster; echo \"1: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster battle re); COMP_CWORD=2; _muster; echo \"2: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster --db x.db battle report --pre); COMP_CWORD=5; _muster; echo \"3: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster completion ''); COMP_CWORD=2; _muster; echo \"4: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster rename d); COMP_CWORD=2; _muster; echo \"5: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster export oob --format ''); COMP_CWORD=4; _muster; echo \"6: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster campaign new X --rounding h); COMP_CWORD=5; _muster; echo \"7: \${COMPREPLY[*]}\"
    cd '$scratch' && touch draft-file.json && COMP_WORDS=(muster battle draft W --write draft-); COMP_CWORD=5; _muster; echo \"8: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster campaign new X --rules a); COMP_CWORD=5; _muster; echo \"9: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster rules validate draft-); COMP_CWORD=3; _muster; echo \"10: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster rename brigade draft-); COMP_CWORD=3; _muster; echo \"11: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster rules show n); COMP_CWORD=3; _muster; echo \"12: \${COMPREPLY[*]}\"
    COMP_WORDS=(muster rules copy acw draft-); COMP_CWORD=4; _muster; echo \"13: \${COMPREPLY[*]}\"")
  has "$out" "complete -o filenames -F _muster muster" "complete -p"
  has "$out" "1: battle" "completing 'muster bat'"
  has "$out" "2: .*report" "completing 'muster battle re'"
  has "$out" "3: --preview" "completing 'muster --db x.db battle report --pre'"
  # A value of a few words completes as them, a file's name as files.
  has "$out" "4: bash zsh" "completing 'muster completion '"
  has "$out" "5: division" "completing 'muster rename d'"
  has "$out" "6: text md csv html json pdf" "completing 'muster export oob --format '"
  has "$out" "7: half_up" "completing 'muster campaign new X --rounding h'"
  has "$out" "8: draft-file.json" "completing 'muster battle draft W --write draft-'"
  # A rule set is a built-in id or a file; a unit's name is no file's.
  has "$out" "9: acw awi" "completing 'muster campaign new X --rules a'"
  has "$out" "10: draft-file.json" "completing 'muster rules validate draft-'"
  has "$out" "11: \$" "completing 'muster rename brigade draft-' (no file)"
  has "$out" "12: napoleonic" "completing 'muster rules show n'"
  has "$out" "13: draft-file.json" "completing 'muster rules copy acw draft-'"
  # zsh: the same script through bashcompinit, registered for muster.
  has "$(zsh -fc "autoload -U compinit && compinit -u -D; source '$(dirname "$script")/../../zsh/vendor-completions/_muster'; print -r -- \$_comps[muster]")" \
      "_bash_complete" "zsh's completion for muster"
}

# The programs run from where they were installed, with nothing of the build tree.
check_programs() {
  local bin=$1
  has "$("$bin/muster" --version)" "muster " "muster --version"
  has "$("$bin/muster-gui" --version)" "muster-gui " "muster-gui --version"
  "$bin/muster" --db "$scratch/c.db" campaign new Gettysburg --sample gettysburg >/dev/null
  has "$("$bin/muster" --db "$scratch/c.db" oob --as union)" "Army of the Potomac" "muster oob"
  rm -f "$scratch"/c.db*
  # muster-gui opens its window under Xvfb and is still running when stopped.
  set +e
  "$(dirname "$0")/../gui/xvfb.sh" timeout 4 "$bin/muster-gui" "$scratch/g.db" >"$scratch/gui.log" 2>&1
  local rc=$?
  set -e
  [ $rc -eq 124 ] || { cat "$scratch/gui.log"; fail "muster-gui under Xvfb exited with $rc before it was stopped"; }
}

cmake --install "$build" --prefix "$scratch/prefix" --strip >/dev/null
check_tree "$scratch/prefix"
check_man "$scratch/prefix/share/man/man1" "$scratch/prefix/bin/muster"
check_completion "$scratch/prefix/share/bash-completion/completions/muster"
check_programs "$scratch/prefix/bin"

(cd "$scratch" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/deb" >/dev/null)
deb=$(ls "$scratch"/deb/muster_*.deb)
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"
depends=$(dpkg-deb -f "$deb" Depends)
for dep in libsqlite3 zlib1g libglfw3 libmicrohttpd libssl3 libfmt fonts-dejavu-core fonts-font-awesome; do
  has "$depends" "$dep" "the package's Depends"
done
# lintian: no error and no warning; the tags left are explained in tests/package/lintian-overrides.
lintian --fail-on error,warning --suppress-tags-from-file "$(dirname "$0")/lintian-overrides" "$deb" || fail "lintian"

if [ "$(id -u)" -ne 0 ]; then
  echo "dpkg -i left out: it needs root (CI runs as root)"
  exit 0
fi
dpkg -i "$deb" >/dev/null
trap 'dpkg -r muster >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
check_tree /usr
check_man /usr/share/man/man1 /usr/bin/muster
check_completion /usr/share/bash-completion/completions/muster
check_programs /usr/bin
dpkg -r muster >/dev/null
[ ! -e /usr/bin/muster ] || fail "dpkg -r left /usr/bin/muster"
echo "installed, run and removed: $(basename "$deb")"
