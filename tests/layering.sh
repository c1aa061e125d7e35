#!/usr/bin/env bash
# The rules between the parts, checked on the source tree (ARCHITECTURE.md, "Rules kept in code").
# Exits non-zero naming every line that breaks one.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=0
rule() {  # rule DESCRIPTION GREP-OUTPUT
    if [ -n "$2" ]; then
        echo "BROKEN: $1"
        echo "$2"
        failed=1
    else
        echo "ok: $1"
    fi
}
rule "nothing above src/app includes a db/ header or names db::" \
    "$(grep -rnE '#include "db/|db::' imgui_ui src/cli || true)"
rule "no SQL library outside db/" \
    "$(grep -rnE '#include <(SQLiteCpp|sqlite3)' src imgui_ui || true)"
rule "no ImGui or GLFW outside imgui_ui/" \
    "$(grep -rnE '#include <(imgui|GLFW|backends/)' src db || true)"
# Every spelling of muster's own words, read from their one table.
words=$(grep -oE '\{[A-Za-z]+::[a-z_]+, "[^"]+"\}' src/core/words.hpp | sed -E 's/.*"([^"]+)"\}/\1/' | sort -u | paste -sd'|')
rule "muster's own words are compared as types, never spelled in a comparison outside src/core/words.hpp" \
    "$(grep -rnE "(==|!=) *\"($words)\"|\"($words)\" *(==|!=)" src db imgui_ui --include=*.cpp --include=*.hpp |
       grep -v '^src/core/words.hpp' | grep -v 'layering: not a word' || true)"
rule "muster's own words are assigned and returned as types, not spelled outside src/core/words.hpp" \
    "$(grep -rnE "(=|return|\{) *\"(active|killed|wounded|captured|wrecked|placeholder|arrived|entered|destroyed|disbanded|merged|proposed|accepted|refused|discarded|applied|seeded|typed|half_up|expanded|umpire|generated|exchanged|freed|edited|brigadier)\"" src db imgui_ui --include=*.cpp --include=*.hpp | grep -v '^src/core/words.hpp' || true)"
rule "rows are read by name and parameters bound in order (no column or parameter index)" \
    "$(grep -rnE 'getColumn\([0-9]|\.bind\([0-9]' db src || true)"
exit $failed
