"""Replay DXC's validation unit tests (tools/clang/unittests/HLSL/ValidationTest.cpp).

Each extracted case is rebuilt the way the test builds it, with the reference's command-line
tools instead of its COM interfaces:
- rewrite: compile (dxc -T PROFILE -E main ARGS -Qkeep_reflect_in_dxil; no -E for lib_*),
  disassemble (dxc -dumpbin), apply the test's lookup/replacement pairs (plain: every
  occurrence; regex: llvm::Regex::sub semantics, first match only; a lookup starting with
  '?' is optional), assemble (dxa);
- parts: compile two sources, take the module container's parts but replace the listed
  ones by the second container's (the test's DxilContainerWriter order, digest zero);
- filecheck: the file's `RUN: %dxc ...` lines compiled with -Vd (validation off), or a
  `.ll` file assembled with dxa; the reference then judges what the compiler would have.
Then `dxv` and `dxil val` run on the same container.
"""
import hashlib
import os
import re
import shlex
import struct

from . import cpp
from .tools import run, validate_pair

TEST_CPP = "tools/clang/unittests/HLSL/ValidationTest.cpp"
TEST_ROOT = "tools/clang/test"  # GetPathToHlslDataFile is tools/clang/test/HLSL


def load_cases(env, valver):
    src = env.git_show(TEST_CPP).decode("utf-8", "replace")
    consts = {"m_ver.m_ValMajor": valver[0], "m_ver.m_ValMinor": valver[1]}
    return cpp.extract(src, consts)


def data_path(name):
    """L"..\\DXILValidation\\abs2.hlsl" -> tools/clang/test/DXILValidation/abs2.hlsl."""
    parts = [p for p in name.replace("\\", "/").split("/") if p]
    path = ["HLSL"]
    for p in parts:
        if p == "..":
            path.pop()
        elif p != ".":
            path.append(p)
    return TEST_ROOT + "/" + "/".join(path)


# ---------------------------------------------------------------- text rewrites

def _llvm_regex(pattern):
    """llvm::Regex is POSIX extended syntax without REG_NEWLINE: '.' matches a newline."""
    return re.compile(pattern, re.S)


def _llvm_sub(rx, repl, text):
    """llvm::Regex::sub: replace the first match; in the replacement `\\N` is a group,
    `\\n`/`\\t` escapes, any other escaped character stands for itself."""
    m = rx.search(text)
    if not m:
        return text, False
    out, i = [], 0
    while i < len(repl):
        c = repl[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        if i + 1 >= len(repl):
            break
        n = repl[i + 1]
        if n.isdigit():
            j = i + 1
            while j < len(repl) and repl[j].isdigit():
                j += 1
            g = int(repl[i + 1:j])
            if g <= (rx.groups or 0):
                out.append(m.group(g) or "")
            i = j
            continue
        out.append({"n": "\n", "t": "\t"}.get(n, n))
        i += 2
    return text[:m.start()] + "".join(out) + text[m.end():], True


def rewrite(text, lookfors, replacements, regex):
    """Apply the test's replacements; returns (text, [lookups that did not apply])."""
    missing = []
    for look, repl in zip(lookfors, replacements):
        optional = look.startswith("?")
        if optional:
            look = look[1:]
        if not look:
            continue
        if regex:
            text2, hit = _llvm_sub(_llvm_regex(look), repl, text)
            hit = hit and text2 != text
        else:
            hit = look in text
            text2 = text.replace(look, repl)
        if not hit and not optional:
            missing.append(look)
        text = text2
    return text, missing


def expected_seen(messages, output, regex):
    """Whether every message the test expects appears in the reference's output."""
    for m in messages:
        if regex:
            if not re.search(m, output, re.S):
                return False
        elif m not in output:
            return False
    return True


# ---------------------------------------------------------------- compiling

def _key(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(repr(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def compile_source(env, source_text, name, profile, args, extra=(), entry="main"):
    """Compile with dxc as the test does (entry `main`, none for libraries); cached in
    WORK/cache by content."""
    key = _key(source_text, name, profile, args, extra, entry)
    d = os.path.join(env.work, "cache", key)
    out = os.path.join(d, "out.dxil")
    log = os.path.join(d, "log.txt")
    if os.path.exists(out):
        return out, None
    if os.path.exists(log):
        return None, open(log).read()
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, name)
    with open(src, "wb") as f:
        f.write(source_text if isinstance(source_text, bytes) else source_text.encode())
    cmd = [env.dxc, "-T", profile]
    if entry and not profile.startswith("lib"):
        cmd += ["-E", entry]
    cmd += list(args) + list(extra) + [name, "-Fo", "out.dxil"]
    rc, text = run(cmd, 120, cwd=d)
    if rc != 0 or not os.path.exists(out):
        if os.path.exists(out):
            os.remove(out)
        with open(log, "w") as f:
            f.write(f"{' '.join(shlex.quote(c) for c in cmd)}\n{text}")
        return None, text
    return out, None


def disassemble(env, container):
    cached = container + ".ll"
    if os.path.exists(cached):
        return open(cached, encoding="utf-8").read(), None
    rc, text = run([env.dxc, "-dumpbin", container], 60)
    if rc != 0:
        return None, text
    with open(cached, "w", encoding="utf-8") as f:
        f.write(text)
    return text, None


def assemble(env, text, path):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    out = path[:-3] + ".dxil"
    rc, log = run([env.dxa, path, "-o", out], 60)
    if rc != 0 or not os.path.exists(out):
        return None, log
    return out, None


def source_of(env, case_source):
    """(text, file name) of a test's source: a data file from the mirror or inline HLSL."""
    if case_source.startswith("..\\") or case_source.startswith("../"):
        path = data_path(case_source)
        return env.git_show(path), "hlsl.hlsl"
    return case_source.encode(), "hlsl.hlsl"


# ---------------------------------------------------------------- containers

def parse_container(data):
    if data[:4] != b"DXBC":
        raise ValueError("not a container")
    count = struct.unpack_from("<I", data, 28)[0]
    parts = []
    for k in range(count):
        off = struct.unpack_from("<I", data, 32 + 4 * k)[0]
        fourcc = data[off:off + 4]
        size = struct.unpack_from("<I", data, off + 4)[0]
        parts.append((fourcc, data[off + 8:off + 8 + size]))
    return parts


def write_container(parts):
    """What DxilContainerWriter writes: header (digest zero, version 1.0), offsets, parts."""
    head = 32 + 4 * len(parts)
    total = head + sum(8 + len(p) for _, p in parts)
    out = bytearray(b"DXBC" + b"\0" * 16 + struct.pack("<HHII", 1, 0, total, len(parts)))
    off = head
    for _, p in parts:
        out += struct.pack("<I", off)
        off += 8 + len(p)
    for fourcc, p in parts:
        out += fourcc + struct.pack("<I", len(p)) + p
    return bytes(out)


_DFCC = {
    "DFCC_RootSignature": b"RTS0", "DFCC_InputSignature": b"ISG1",
    "DFCC_OutputSignature": b"OSG1", "DFCC_PatchConstantSignature": b"PSG1",
    "DFCC_PipelineStateValidation": b"PSV0", "DFCC_RuntimeData": b"RDAT",
    "DFCC_FeatureInfo": b"SFI0", "DFCC_ShaderHash": b"HASH", "DFCC_DXIL": b"DXIL",
    "DFCC_ShaderStatistics": b"STAT", "DFCC_ShaderDebugInfoDXIL": b"ILDB",
}


def splice_parts(first, second, replace):
    """ReplaceContainerPartsCheckMsgs: parts of `first` not replaced, in order, then the
    replaced ones taken from `second` in its order."""
    codes = [_DFCC[r] for r in replace]
    parts = [p for p in parse_container(first) if p[0] not in codes]
    parts += [p for p in parse_container(second) if p[0] in codes]
    return write_container(parts)


# ---------------------------------------------------------------- cases

def run_lines(text):
    """The `%dxc` argument lists (or `%dxv`) of a lit test's RUN lines."""
    out = []
    for line in text.splitlines():
        m = re.search(r"(?://|;)\s*RUN:\s*(.*)$", line)
        if not m:
            continue
        cmd = m.group(1)
        for stage in cmd.split("|"):
            stage = stage.strip()
            if stage.startswith("%dxc"):
                args = shlex.split(stage[4:])
                out.append(("dxc", [x for x in args if x != "%s"]))
                break
            if stage.startswith("%dxv"):
                out.append(("dxv", []))
                break
    return out


def expand(env, cases):
    """Turn extracted cases into runnable ones (a filecheck test may give several)."""
    out = []
    for c in cases:
        if c["kind"] != "filecheck":
            out.append(c)
            continue
        path = data_path(c["source"])
        try:
            text = env.git_show(path).decode("utf-8", "replace")
        except FileNotFoundError as e:
            out.append(dict(c, error=str(e)))
            continue
        lines = run_lines(text)
        if not lines:
            out.append(dict(c, error="no RUN line"))
        for k, (tool, args) in enumerate(lines, 1):
            d = dict(c, tool=tool, args=args, path=path)
            if len(lines) > 1:
                d["test"] = f"{c['test']}[{k}]"
            out.append(d)
    return out


def run_case(env, c, idx):
    """Build one case's container and validate it with both validators."""
    rec = dict(id=c["test"], group="replay-" + c["kind"], line=c["line"],
               disabled=c.get("disabled", False), expected=c.get("messages", []))
    if c.get("error"):
        return dict(rec, excluded=c["error"])
    d = os.path.join(env.work, "replay", f"{idx:03d}-{re.sub(r'[^A-Za-z0-9_.-]', '_', c['test'])}")
    os.makedirs(d, exist_ok=True)
    if c["kind"] == "rewrite":
        src, name = source_of(env, c["source"])
        built, log = compile_source(env, src, name, c["profile"], c["args"], ["-Qkeep_reflect_in_dxil"])
        if not built:
            return dict(rec, excluded="dxc does not compile the source", log=log.strip()[-2000:])
        text, log = disassemble(env, built)
        if text is None:
            return dict(rec, excluded="dxc -dumpbin failed", log=log)
        new, missing = rewrite(text, c["lookfors"], c["replacements"], c["regex"])
        if missing:
            why = "lookup text not found in the disassembly"
            if c.get("disabled"):
                why += " (test disabled in the reference)"
            elif c.get("ir_sensitive"):
                why += " (test needs a debug compiler's value names)"
            return dict(rec, excluded=why, log="\n".join(missing))
        container, log = assemble(env, new, os.path.join(d, "case.ll"))
        if not container:
            rec["dxa"] = log.strip()
            why = "dxa does not assemble the rewritten text"
            if c["messages"] and expected_seen(c["messages"], log, c["regex"]):
                why += " (its error is the one the test expects)"
            elif c.get("ir_sensitive"):
                why += " (test needs a debug compiler's value names)"
            return dict(rec, excluded=why)
    elif c["kind"] == "parts":
        built = []
        for s in (c["source"], c["source2"] or c["source"]):
            b, log = compile_source(env, s.encode(), "hlsl.hlsl", c["profile"], [], ["-Qkeep_reflect_in_dxil"])
            if not b:
                return dict(rec, excluded="dxc does not compile a source", log=log.strip()[-2000:])
            built.append(open(b, "rb").read())
        container = os.path.join(d, "case.dxil")
        with open(container, "wb") as f:
            f.write(splice_parts(built[0], built[1], c["parts"]))
    else:  # filecheck
        src = env.git_show(c["path"])
        name = os.path.basename(c["path"])
        if c["tool"] == "dxv":
            container, log = assemble(env, src.decode("utf-8", "replace"), os.path.join(d, "case.ll"))
            if not container:
                return dict(rec, excluded="dxa does not assemble the file", log=log.strip())
        else:
            args = [a for a in c["args"] if a not in ("-Fo",)]
            built, log = compile_source(env, src, name, _opt(args, "-T", "ps_6_0"),
                                        _strip_profile(args), ["-Vd"], _opt(args, "-E", None))
            if not built:
                return dict(rec, excluded="dxc -Vd does not compile the file (front-end error)",
                            log=log.strip()[-2000:])
            container = built
    res = validate_pair(env, container)
    rec.update(res)
    rec["input"] = container
    if c["kind"] != "filecheck":
        if c["messages"]:
            rec["expected_seen"] = expected_seen(c["messages"], res["dxv"], c["regex"])
        else:  # the test expects the container to validate
            rec["expected_seen"] = res["dxv_ok"]
    return rec


def _opt(args, flag, default):
    for k, a in enumerate(args):
        if a == flag and k + 1 < len(args):
            return args[k + 1]
        if a.startswith(flag) and len(a) > 2:
            return a[2:]
    return default


def _strip_profile(args):
    out, skip = [], False
    for k, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a in ("-T", "-E"):
            skip = True
            continue
        if (a.startswith("-T") or a.startswith("-E")) and len(a) > 2:
            continue
        out.append(a)
    return out
