"""Extract the reference's validation unit cases from DXC's ValidationTest.cpp.

The test file is C++; we only need the literal arguments of a handful of helper calls
(`RewriteAssemblyCheckMsg`, `ReplaceContainerPartsCheckMsgs`, `TestCheck`), so this is a
small tokenizer (translation phases 2 and 3: line splices, comments, string literals with
their escapes, object-like macros) and an evaluator for the argument expressions those
calls use (string literal concatenation, brace lists, `std::string` `+`, `.c_str()`,
`.data()` of a local `std::vector`, `std::to_string`, the validator version fields).
Anything else is reported as a case we could not extract, with the reason.
"""
import re

CALLS = ("RewriteAssemblyCheckMsg", "ReplaceContainerPartsCheckMsgs", "TestCheck")


class Tok:
    __slots__ = ("kind", "val", "line")

    def __init__(self, kind, val, line):
        self.kind, self.val, self.line = kind, val, line

    def __repr__(self):
        return f"{self.kind}:{self.val!r}"


_ESC = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'",
        "a": "\a", "b": "\b", "f": "\f", "v": "\v", "?": "?"}


def _unescape(body):
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = body[i + 1]
        if n == "x":
            m = re.match(r"[0-9a-fA-F]+", body[i + 2:])
            out.append(chr(int(m.group(0), 16) & 0xFF))
            i += 2 + len(m.group(0))
        elif n in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            out.append(chr(int(m.group(0), 8)))
            i += 1 + len(m.group(0))
        else:
            out.append(_ESC.get(n, n))
            i += 2
    return "".join(out)


_TOKEN = re.compile(r"""
  (?P<ws>[ \t\r\f\v]+|\n)
| (?P<lc>//[^\n]*)
| (?P<bc>/\*.*?\*/)
| (?P<raw>(?:L|u8|u|U)?R"(?P<delim>[^ ()\\\t\n]{0,16})\()
| (?P<str>(?:L|u8|u|U)?"(?:[^"\\\n]|\\.)*")
| (?P<chr>(?:L|u)?'(?:[^'\\\n]|\\.)+')
| (?P<num>(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?)[uUlLfF]*)
| (?P<id>[A-Za-z_]\w*)
| (?P<pp>\#)
| (?P<op>::|->|\+\+|--|&&|\|\||[-+*/%<>=!&|^~?:;,.(){}\[\]])
""", re.X | re.S)


def tokenize(src, first_line=1):
    """Tokens of C++ source after line splicing; preprocessor lines give ('pp', text).

    Token lines are those of the unspliced source (what an editor shows)."""
    src = src.replace("\\\r\n", "\\\n")
    pieces = src.split("\\\n")
    # spliced line k (1-based) starts at original line k + splices before it
    src = "".join(pieces)
    starts, line_no = {}, 1
    for k, piece in enumerate(pieces):
        for _ in range(piece.count("\n")):
            line_no += 1
            starts[line_no] = line_no + k
    toks, i, line, bol = [], 0, 1, True
    while i < len(src):
        m = _TOKEN.match(src, i)
        if not m:
            toks.append(Tok("op", src[i], line))
            i += 1
            bol = False
            continue
        kind = m.lastgroup if m.lastgroup != "delim" else "raw"
        text = m.group(0)
        if kind == "raw":
            d = m.group("delim")
            end = src.index(")" + d + '"', m.end())
            toks.append(Tok("str", src[m.end():end], line))
            line += src.count("\n", i, end)
            i = end + len(d) + 2
            bol = False
            continue
        if kind == "pp" and bol:
            j = src.find("\n", i)
            j = len(src) if j < 0 else j
            toks.append(Tok("pp", src[i + 1:j].strip(), line))
            i = j
            continue
        if kind == "ws":
            if text == "\n":
                line += 1
                bol = True
        elif kind in ("lc", "bc"):
            line += text.count("\n")
        elif kind == "str":
            toks.append(Tok("str", _unescape(text[text.index('"') + 1:-1]), line))
            bol = False
        elif kind == "chr":
            toks.append(Tok("chr", ord(_unescape(text[text.index("'") + 1:-1])[0]), line))
            bol = False
        else:
            toks.append(Tok(kind, text, line))
            bol = False
        i = m.end()
    for t in toks:
        t.line = starts.get(t.line, t.line) + first_line - 1
    return toks


def expand_macros(toks):
    """Apply object-like #define/#undef (the test file's shader fragments)."""
    macros, out = {}, []
    for t in toks:
        if t.kind == "pp":
            m = re.match(r"define\s+(\w+)(?!\()\s*(.*)$", t.val, re.S)
            if m:
                macros[m.group(1)] = [x for x in tokenize(m.group(2))]
            m = re.match(r"undef\s+(\w+)", t.val)
            if m:
                macros.pop(m.group(1), None)
            continue
        if t.kind == "id" and t.val in macros:
            out.extend(Tok(x.kind, x.val, t.line) for x in macros[t.val])
        else:
            out.append(t)
    return out


class Unsupported(Exception):
    pass


class Eval:
    """Evaluate one argument expression; `env` holds the test's local variables."""

    def __init__(self, toks, env, consts):
        self.t, self.i, self.env, self.consts = toks, 0, env, consts

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else Tok("eof", None, 0)

    def take(self, val=None):
        t = self.peek()
        if val is not None and t.val != val:
            raise Unsupported(f"expected {val!r}, found {t.val!r}")
        self.i += 1
        return t

    def expr(self):
        v = self.add()
        return v

    def add(self):
        v = self.postfix()
        while self.peek().val in ("+", "-") and self.peek().kind == "op":
            op = self.take().val
            w = self.postfix()
            if op == "+":
                if isinstance(v, str) or isinstance(w, str):
                    v = str(v) + str(w)
                else:
                    v = v + w
            else:
                v = v - w
        return v

    def postfix(self):
        v = self.primary()
        while self.peek().val == "." and self.peek(1).kind == "id":
            self.take()
            name = self.take().val
            self.take("(")
            self.take(")")
            if name in ("c_str", "data", "str"):
                continue
            raise Unsupported(f"method .{name}()")
        return v

    def primary(self):
        t = self.peek()
        if t.kind == "str":
            s = []
            while self.peek().kind == "str":
                s.append(self.take().val)
            return "".join(s)
        if t.kind == "num":
            self.take()
            return int(t.val.rstrip("uUlL"), 0)
        if t.kind == "chr":
            self.take()
            return t.val
        if t.val == "{":
            self.take()
            items = []
            while self.peek().val != "}":
                items.append(self.expr())
                if self.peek().val == ",":
                    self.take()
            self.take("}")
            return items
        if t.val == "(":
            self.take()
            if self.peek().kind == "id" and self.peek(1).val == ")" and self.peek().val in (
                    "char", "unsigned", "int", "uint8_t", "BYTE"):
                self.take()
                self.take(")")
                return self.primary()  # a cast of a byte value
            v = self.expr()
            self.take(")")
            return v
        if t.kind == "id":
            self.take()
            name = t.val
            while (self.peek().val == "::" or (self.peek().val == "." and self.peek(2).val != "(")) and self.peek(1).kind == "id":
                name += self.take().val + self.take().val
            if name in ("nullptr", "NULL"):
                return None
            if name in ("true", "false"):
                return name == "true"
            if name == "std::to_string":
                self.take("(")
                v = self.expr()
                self.take(")")
                return str(v)
            if name == "std::string":
                self.take("(")
                v = self.expr()
                self.take(")")
                return v
            if name in self.env:
                return self.env[name]
            if name in self.consts:
                return self.consts[name]
            if name.startswith("DFCC_"):
                return name
            raise Unsupported(f"identifier {name}")
        raise Unsupported(f"token {t.val!r}")


def split_args(toks):
    """Top-level comma separated argument token lists of a call (toks inside the parens)."""
    args, cur, depth = [], [], 0
    for t in toks:
        if t.kind == "op" and t.val in "([{":
            depth += 1
        elif t.kind == "op" and t.val in ")]}":
            depth -= 1
        if depth == 0 and t.kind == "op" and t.val == ",":
            args.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        args.append(cur)
    return args


def _match(toks, i, open_, close):
    depth = 0
    for j in range(i, len(toks)):
        if toks[j].kind == "op" and toks[j].val == open_:
            depth += 1
        elif toks[j].kind == "op" and toks[j].val == close:
            depth -= 1
            if depth == 0:
                return j
    raise Unsupported("unbalanced")


def _strs(v):
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return v
    raise Unsupported(f"expected strings, got {v!r}")


def _rewrite_case(vals):
    """Map the overloads of RewriteAssemblyCheckMsg onto one record."""
    if len(vals) in (5, 6):
        src, sm, look, repl, msgs = vals[:5]
        args = []
        regex = bool(vals[5]) if len(vals) == 6 else False
    elif len(vals) in (9, 10):
        src, sm, pargs, argc, defs, ndefs, look, repl, msgs = vals[:9]
        regex = bool(vals[9]) if len(vals) == 10 else False
        if defs is not None or ndefs:
            raise Unsupported("defines")
        args = list(pargs or [])[:argc]
    else:
        raise Unsupported(f"{len(vals)} arguments")
    return dict(source=src, profile=sm, args=args, lookfors=_strs(look),
                replacements=_strs(repl), messages=_strs(msgs), regex=regex)


def extract(cpp_text, consts):
    """Return (cases, skipped): cases are dicts with kind rewrite/parts/filecheck."""
    toks = expand_macros(tokenize(cpp_text))
    cases, skipped = [], []
    i = 0
    while i < len(toks):
        t = toks[i]
        if not (t.kind == "id" and t.val == "TEST_F" and toks[i + 1].val == "("):
            i += 1
            continue
        close = _match(toks, i + 1, "(", ")")
        name = toks[close - 1].val
        body_start = close + 1
        if toks[body_start].val != "{":
            i = close + 1
            continue
        body_end = _match(toks, body_start, "{", "}")
        body = toks[body_start + 1:body_end]
        i = body_end + 1
        found, reason = _extract_body(name, body, consts, t.line)
        cases.extend(found)
        if not found:
            skipped.append(dict(test=name, line=t.line, reason=reason or "no replayable call"))
    return cases, skipped


def _extract_body(name, body, consts, line):
    env, found, reason, failures = {}, [], None, []
    # the reference runs these only with a debug compiler, which keeps value names
    ir_sensitive = any(t.kind == "id" and t.val == "SkipIRSensitiveTest" for t in body)
    disabled = False
    n = 0
    j = 0
    while j < len(body):
        t = body[j]
        # `return;` as the first statement: the reference skips the test (kept, flagged).
        if t.val == "return" and body[j + 1].val == ";" and not found and (j == 0 or body[j - 1].val in ("{", ";") and not _inside_if(body, j)):
            disabled = True
        # local declarations: `TYPE NAME = INIT;` with an evaluable INIT
        if t.kind == "id" and j + 1 < len(body) and body[j + 1].val == "=" and (j == 0 or body[j - 1].kind == "id" or body[j - 1].val in (">", "*")):
            k = j + 2
            depth = 0
            while k < len(body) and not (depth == 0 and body[k].val == ";"):
                if body[k].val in "([{":
                    depth += 1
                elif body[k].val in ")]}":
                    depth -= 1
                k += 1
            try:
                ev = Eval(body[j + 2:k], env, consts)
                v = ev.expr()
                if ev.i == k - (j + 2):
                    env[t.val] = v
            except (Unsupported, ValueError, IndexError):
                pass
            j = k
            continue
        if t.kind == "id" and t.val in CALLS and j + 1 < len(body) and body[j + 1].val == "(" and (j == 0 or body[j - 1].val not in (".", "->", "::")):
            close = _match(body, j + 1, "(", ")")
            raw_args = split_args(body[j + 2:close])
            n += 1
            try:
                vals = []
                for a in raw_args:
                    ev = Eval(a, env, consts)
                    v = ev.expr()
                    if ev.i != len(a):
                        raise Unsupported(f"trailing {a[ev.i].val!r}")
                    vals.append(v)
                if t.val == "RewriteAssemblyCheckMsg":
                    c = dict(kind="rewrite", **_rewrite_case(vals))
                elif t.val == "ReplaceContainerPartsCheckMsgs":
                    src1, src2, sm, parts, msgs = vals
                    c = dict(kind="parts", source=src1, source2=src2, profile=sm,
                             parts=list(parts), messages=_strs(msgs), regex=False, args=[])
                else:
                    c = dict(kind="filecheck", source=vals[0], messages=[], regex=False, args=[])
                c["test"] = name
                c["line"] = body[j].line
                c["disabled"] = disabled
                c["ir_sensitive"] = ir_sensitive
                found.append(c)
            except (Unsupported, ValueError, IndexError) as e:
                reason = f"{t.val} #{n}: {e}"
                failures.append(reason)
            j = close + 1
            continue
        j += 1
    if found and failures:
        found[-1].setdefault("notes", []).extend(failures)
    if not found and reason is None:
        for t in body:
            if t.kind == "id" and t.val in ("CheckValidationMsgs", "CompileSource", "Validate"):
                reason = "programmatic (builds or edits the blob in C++)"
                break
    # number the calls of one test
    if len(found) > 1:
        for k, c in enumerate(found, 1):
            c["test"] = f"{name}#{k}"
    return found, reason


def _inside_if(body, j):
    # `if (...) return;`: look back for a `)` closing an if condition right before
    return j > 0 and body[j - 1].val == ")"
