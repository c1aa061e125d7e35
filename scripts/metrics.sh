#!/usr/bin/env bash
# Code metrics for the muster source tree (src, db, imgui_ui, tests; *.cpp *.hpp):
#   1. public functions per db header   2. largest files   3. functions over 60 lines
# Usage: scripts/metrics.sh [--summary]
# A heuristic C++ scanner (no compiler): comments, string/char/raw-string literals and
# preprocessor lines are blanked first, then braces are matched and each `{` at namespace or
# class scope is classified (namespace, class, function body, initializer).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
import bisect
import os
import re
import sys

DIRS = ["src", "db", "imgui_ui", "tests"]
LONG = 60          # a function is long when its body spans more than this many lines
TOP_FILES = 15

SUMMARY = "--summary" in sys.argv[1:]
for a in sys.argv[1:]:
    if a not in ("--summary",):
        sys.exit(f"metrics.sh: unknown argument {a!r} (usage: metrics.sh [--summary])")

LEX = re.compile(r'''
  (?P<pp>^[ \t]*\#(?:\\\r?\n|[^\n])*)
| (?P<lc>//(?:\\\r?\n|[^\n])*)
| (?P<bc>/\*.*?\*/)
| (?P<raw>(?:u8|u|U|L)?R"(?P<d>[^()\\\s]{0,16})\(.*?\)(?P=d)")
| (?P<str>(?:u8|u|U|L)?"(?:\\.|[^"\\\n])*")
| (?P<chr>(?:u8|u|U|L)?'(?:\\.|[^'\\\n])+')
| (?P<num>\.?\d(?:[eEpP][+-]|'(?=[0-9A-Za-z_])|[\w.])*)
| (?P<id>[A-Za-z_]\w*)
''', re.M | re.S | re.X)
NOT_NL = re.compile(r"[^\n]")
TOK = re.compile(r"[A-Za-z_]\w*|\.?\d(?:[eEpP][+-]|'|[\w.])*|::|->|\.\.\.|\S")
IDENT = re.compile(r"[A-Za-z_]\w*\Z")


def clean(text):
    """Comments, literals and preprocessor lines blanked (same length, newlines kept);
    a string literal keeps its two quotes."""
    out, last = [], 0
    for m in LEX.finditer(text):
        k = m.lastgroup
        if k in ("num", "id"):
            continue
        s, e = m.span()
        out.append(text[last:s])
        body = NOT_NL.sub(" ", text[s:e])
        if k in ("raw", "str"):
            body = '"' + body[1:-1] + '"'
        out.append(body)
        last = e
    out.append(text[last:])
    return "".join(out)


NONAME = set("""if for while switch catch return sizeof alignof decltype noexcept alignas static_assert
typeid throw requires __attribute__ __declspec new delete void int bool char short long unsigned
signed float double auto const volatile explicit constexpr consteval constinit co_await co_return
co_yield and or not case default else do try template typename class struct union enum
static_cast dynamic_cast const_cast reinterpret_cast operator SECTION DYNAMIC_SECTION GIVEN WHEN
THEN AND_GIVEN AND_WHEN AND_THEN SUBCASE""".split())
QUALS = {"const", "volatile", "&", "noexcept", "override", "final", "mutable", "constexpr",
         "consteval", "try", "*"}
REJECT_FIRST = {"using", "typedef", "return", "static_assert", "namespace", "concept", "goto"}
CLASS_KEYS = ("class", "struct", "union", "enum")
ACCESS = ("public", "private", "protected")
OPEN, CLOSE = {"(": ")", "[": "]", "{": "}"}, {")", "]", "}"}


def isid(t):
    return IDENT.match(t) is not None


def match(tv, j, e):
    """Index of the bracket closing tv[j] (before e), or None."""
    depth = 0
    for k in range(j, e):
        t = tv[k]
        if t in OPEN:
            depth += 1
        elif t in CLOSE:
            depth -= 1
            if depth == 0:
                return k
    return None


def skip_prefix(tv, s, e):
    """Skips `template <...>`, `[[attributes]]` and `export` in front of a declaration."""
    i = s
    while i < e:
        if tv[i] == "template" and i + 1 < e and tv[i + 1] == "<":
            depth, j = 0, i + 1
            while j < e:
                if tv[j] == "<":
                    depth += 1
                elif tv[j] == ">":
                    depth -= 1
                    if depth == 0:
                        break
                elif tv[j] in OPEN:
                    j = match(tv, j, e) or e
                j += 1
            i = j + 1
        elif tv[i] == "[" and i + 1 < e and tv[i + 1] == "[":
            i = (match(tv, i, e) or e) + 1
        elif tv[i] == "export":
            i += 1
        else:
            break
    return i


def op_before(tv, i0, k, reach=3):
    """Index of an `operator` keyword at most `reach` punctuation tokens before k, or None."""
    j = k
    while j >= i0 and k - j < reach and not isid(tv[j]) and tv[j] not in "(){}[];,":
        j -= 1
    return j if j >= i0 and j < k + 1 and tv[j] == "operator" else None


def name_start(tv, i0, j):
    """Where the name of a function whose parameter list opens at j begins, or None."""
    k = j - 1
    if k < i0:
        return None
    t = tv[k]
    start = None
    if t == ")" and k - 2 >= i0 and tv[k - 1] == "(" and tv[k - 2] == "operator":
        start = k - 2                                      # operator()
    elif isid(t):
        # conversion operator: operator bool, operator std::string
        for b in range(k - 1, max(i0 - 1, k - 7), -1):
            if tv[b] == "operator":
                start = b
                break
            if not (isid(tv[b]) or tv[b] in ("::", "*", "&")):
                break
        if start is None:
            if t in NONAME:
                return None
            start = k
            if k - 1 >= i0 and tv[k - 1] == "~":
                start = k - 1
    elif t == ">":                                          # f<int>(...)
        depth, b = 0, k
        while b >= i0:
            if tv[b] == ">":
                depth += 1
            elif tv[b] == "<":
                depth -= 1
                if depth == 0:
                    break
            b -= 1
        if b - 1 >= i0 and isid(tv[b - 1]) and tv[b - 1] not in NONAME:
            start = b - 1
        else:
            return None
    else:
        start = op_before(tv, i0, k)
        if start is None:
            return None
    # qualification: A::B<T>::name
    while start - 2 >= i0 and tv[start - 1] == "::":
        p = start - 2
        if tv[p] == ">":
            depth = 0
            while p >= i0:
                if tv[p] == ">":
                    depth += 1
                elif tv[p] == "<":
                    depth -= 1
                    if depth == 0:
                        break
                p -= 1
            p -= 1
        if p >= i0 and isid(tv[p]):
            start = p
        else:
            break
    return start


def check_suffix(tv, s, e, mode):
    """Whether tv[s:e], after a parameter list, is what may follow it in a function definition
    (mode 'def', e is the body's `{`) or declaration (mode 'decl', e is the `;`).
    Returns (ok, flag) where flag is 'delete'/'default'/'0' or None."""
    j = s
    while j < e:
        t = tv[j]
        if t in ("noexcept", "throw") and j + 1 < e and tv[j + 1] == "(":
            j = (match(tv, j + 1, e) or e) + 1
        elif t in QUALS:
            j += 1
        elif t == "[" and j + 1 < e and tv[j + 1] == "[":
            j = (match(tv, j, e) or e) + 1
        elif t == "->":                                     # trailing return type
            j += 1
            while j < e and tv[j] not in ("requires", "override", "final", "=", ":", "{", ";"):
                j = (match(tv, j, e) or e) + 1 if tv[j] in OPEN else j + 1
        elif t == "requires":
            if mode == "decl" and e - s >= 2 and tv[e - 2] == "=":
                return True, tv[e - 1]
            return True, None
        elif t == ":" and mode == "def":                    # constructor initializer list
            return (tv[e - 1] in (")", "}", "..."), None)
        elif t == "=" and mode == "decl":
            if j + 2 == e and tv[j + 1] in ("0", "default", "delete"):
                return True, tv[j + 1]
            return False, None
        else:
            return False, None
    return True, None


def find_function(tv, s, e, mode):
    """The function declared/defined by tokens tv[s:e]: (name_start, open_paren, close_paren,
    flag) or None."""
    i0 = skip_prefix(tv, s, e)
    if i0 >= e or tv[i0] in REJECT_FIRST:
        return None
    j = i0
    while j < e:
        t = tv[j]
        if t == "(":
            if tv[j - 1] == "operator" and j + 1 < e and tv[j + 1] == ")":
                j += 2
                continue
            m = match(tv, j, e)
            if m is None:
                return None
            ns = name_start(tv, i0, j)
            if ns is not None:
                ok, flag = check_suffix(tv, m + 1, e, mode)
                if ok:
                    return ns, j, m, flag
            j = m + 1
            continue
        if t in OPEN:
            j = (match(tv, j, e) or e) + 1
            continue
        if t == "=" and op_before(tv, i0, j - 1) is None:
            return None                                     # a variable's initializer
        j += 1
    return None


def class_name(tv, i, e):
    """Name of the class whose key is at tv[i] (e: its `{`)."""
    parts = []
    j = i + 1
    while j < e and tv[j] != ":":
        t = tv[j]
        if t == "[" and j + 1 < e and tv[j + 1] == "[":
            j = (match(tv, j, e) or e) + 1
            continue
        if t in ("alignas",) and j + 1 < e and tv[j + 1] == "(":
            j = (match(tv, j + 1, e) or e) + 1
            continue
        if t not in ("final", "class", "struct"):
            parts.append(t)
        j += 1
    return "".join(parts) or "<anonymous>"


def classify(tv, s, e):
    """Kind of the brace at e, opened at namespace or class scope: (kind, info)."""
    i0 = skip_prefix(tv, s, e)
    if i0 < e:
        t = tv[i0]
        if t == "namespace" or (t == "inline" and i0 + 1 < e and tv[i0 + 1] == "namespace") or \
                (t == "extern" and e - i0 == 3 and tv[i0 + 1] == '"'):     # extern "C" { ... }
            return "ns", None
        k = i0 + 1 if t == "typedef" else i0
        if k < e and tv[k] in CLASS_KEYS:
            f = find_function(tv, s, e, "def")
            if f:
                return "func", f
            if tv[k] == "enum":
                return "init", None
            return "class", (tv[k], class_name(tv, k, e))
    f = find_function(tv, s, e, "def")
    if f:
        return "func", f
    return "init", None


class Scope:
    __slots__ = ("kind", "ds", "access", "outer_pub", "name", "qual", "fn")

    def __init__(self, kind, ds, access="public", outer_pub=True, name="", qual="", fn=None):
        self.kind, self.ds, self.access, self.outer_pub = kind, ds, access, outer_pub
        self.name, self.qual, self.fn = name, qual, fn

    def pub(self):
        return self.outer_pub and (self.kind == "ns" or self.access == "public")


def analyze(path, text, want_api):
    c = clean(text)
    nl = [m.start() for m in re.finditer("\n", c)]
    line = lambda pos: bisect.bisect_left(nl, pos) + 1
    toks = [(m.group(), m.start()) for m in TOK.finditer(c)]
    tv = [t for t, _ in toks]
    tp = [p for _, p in toks]
    n = len(tv)
    stack = [Scope("ns", 0)]
    funcs, api, problems = [], {"functions": 0, "ctors": 0, "names": []}, []

    def fname(f):
        ns, op, _, _ = f
        parts = []
        for t in tv[ns:op]:
            if parts and isid(t) and isid(parts[-1]):
                parts.append(" ")                           # operator bool
            parts.append(t)
        name = "".join(parts)
        if tv[ns] in ("TEST_CASE", "TEST_CASE_METHOD", "SCENARIO", "TEMPLATE_TEST_CASE"):
            _, _, m, _ = f
            arg = " ".join(text[tp[op] + 1:tp[m]].split())
            name = f"{tv[ns]}({arg[:60]}{'...' if len(arg) > 60 else ''})"
        return name

    def api_note(sc, f, via_friend):
        """A function declared or defined at namespace scope or in a class: counted when public."""
        if not (sc.pub() or via_friend):
            return
        ns, op, _, flag = f
        if flag == "delete" or tv[ns] == "~":
            return
        last = tv[op - 1]
        is_ctor = sc.kind == "class" and last == sc.name.split("::")[-1].split("<")[0]
        is_ctor = is_ctor or (ns + 2 < op and tv[op - 2] == "::" and tv[op - 3] == last)
        if is_ctor:
            api["ctors"] += 1
        else:
            api["functions"] += 1
            api["names"].append((line(tp[ns]), (sc.qual + "::" if sc.qual else "") + fname(f)))

    i = 0
    while i < n:
        t = tv[i]
        sc = stack[-1]
        if t == "{":
            if sc.kind in ("ns", "class"):
                kind, info = classify(tv, sc.ds, i)
                if kind == "func":
                    stack.append(Scope("func", i + 1, fn=(info, sc.qual, i)))
                    if want_api:
                        api_note(sc, info, "friend" in tv[sc.ds:info[0]])
                elif kind == "ns":
                    stack.append(Scope("ns", i + 1, outer_pub=sc.pub(), qual=sc.qual))
                elif kind == "class":
                    key, name = info
                    q = (sc.qual + "::" if sc.qual else "") + name
                    stack.append(Scope("class", i + 1, access="private" if key == "class" else "public",
                                       outer_pub=sc.pub(), name=name, qual=q))
                else:
                    stack.append(Scope("init", i + 1))
            else:
                stack.append(Scope("inner", i + 1))
        elif t == "}":
            if len(stack) == 1:
                problems.append(f"unmatched '}}' at line {line(tp[i])}")
                i += 1
                continue
            top = stack.pop()
            if top.kind == "func":
                f, qual, open_i = top.fn
                first, last_l = line(tp[open_i]), line(tp[i])
                name = fname(f)
                if qual and "::" not in name and not name.startswith("TEST_CASE"):
                    name = qual + "::" + name
                funcs.append((path, line(tp[f[0]]), name, last_l - first + 1))
            if top.kind in ("func", "ns", "class"):
                stack[-1].ds = i + 1
        elif t == ";":
            if sc.kind in ("ns", "class"):
                if want_api:
                    f = find_function(tv, sc.ds, i, "decl")
                    if f:
                        api_note(sc, f, "friend" in tv[sc.ds:f[0]])
                sc.ds = i + 1
        elif t in ACCESS and sc.kind == "class" and i + 1 < n and tv[i + 1] == ":":
            sc.access = t
            sc.ds = i + 2
            i += 2
            continue
        i += 1
    if len(stack) != 1:
        problems.append(f"{len(stack) - 1} unclosed '{{' at end of file")
    return c.count("\n") + (0 if text.endswith("\n") or not text else 1), funcs, api, problems


files = []
for d in DIRS:
    for root, dirs, names in os.walk(d):
        dirs.sort()
        for nm in sorted(names):
            if nm.endswith((".cpp", ".hpp")):
                files.append(os.path.join(root, nm))

sizes, long_funcs, apis = [], [], {}
for p in files:
    with open(p, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    want_api = p.startswith("db" + os.sep) and p.endswith(".hpp")
    nlines, funcs, api, problems = analyze(p, text, want_api)
    for pr in problems:
        print(f"metrics.sh: warning: {p}: {pr}", file=sys.stderr)
    sizes.append((nlines, p))
    long_funcs += [f for f in funcs if f[3] > LONG]
    if want_api:
        apis[p] = api

sizes.sort(key=lambda x: (-x[0], x[1]))
long_funcs.sort(key=lambda f: (-f[3], f[0], f[1]))

if SUMMARY:
    print("db public functions: " + ", ".join(f"{p} {a['functions']}" for p, a in sorted(apis.items()))
          + f" (total {sum(a['functions'] for a in apis.values())})")
    if sizes:
        print(f"largest file: {sizes[0][1]} ({sizes[0][0]} lines)")
    print(f"functions over {LONG} lines: {len(long_funcs)}")
    sys.exit(0)

print("== Public functions per db header (public members + namespace-scope free functions; "
      "excl. destructors and = delete; constructors shown apart) ==")
w = max((len(p) for p in apis), default=0)
for p, a in sorted(apis.items()):
    print(f"{p:<{w}}  {a['functions']:4d}  (+{a['ctors']} constructors)")
print(f"{'total':<{w}}  {sum(a['functions'] for a in apis.values()):4d}")
print()
print(f"== Largest files (top {TOP_FILES} of {len(files)}, lines) ==")
for nlines, p in sizes[:TOP_FILES]:
    print(f"{nlines:6d}  {p}")
print()
print(f"== Functions over {LONG} lines (path:line name lines; lines = '{{' to '}}' inclusive) ==")
for path, ln, name, length in long_funcs:
    print(f"{path}:{ln} {name} {length}")
print(f"total: {len(long_funcs)}")
PY
