"""Running the reference tools and ours, and comparing what they print."""
import collections
import json
import os
import re
import subprocess


class Env:
    """Paths of the binaries and inputs, resolved once from the command line."""

    def __init__(self, a):
        self.ours = os.path.abspath(a.bin)
        ref = os.path.abspath(a.ref)
        self.dxc, self.dxa, self.dxv = (os.path.join(ref, n) for n in ("dxc", "dxa", "dxv"))
        self.mirror = a.mirror
        self.rev = a.dxc_rev
        self.corpus = os.path.abspath(a.corpus)
        self.spec = os.path.abspath(a.spec)
        self.work = os.path.abspath(a.work)
        self.timeout = a.timeout
        self.rules = RuleIndex(self.spec)

    def git_show(self, path):
        p = subprocess.run(["git", "--git-dir", self.mirror, "show", f"{self.rev}:{path}"],
                           capture_output=True)
        if p.returncode:
            raise FileNotFoundError(f"{path} not in {self.mirror} at {self.rev}")
        return p.stdout


def run(cmd, timeout=60, cwd=None):
    """(exit code or 'timeout', stdout+stderr as text)."""
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    return p.returncode, (p.stdout + p.stderr).decode("utf-8", "replace")


def messages(text):
    """The error messages of a validator's output, as ../shared/tools/measure-val counts them:
    the text after 'error: ' on each line ('Validation failed' aside), stripped, final '.' dropped."""
    out = collections.Counter()
    for line in text.splitlines():
        m = re.search(r"error: (.*)$", line)
        if m and "Validation failed" not in m.group(1):
            out[m.group(1).strip().rstrip(".")] += 1
    return out


def error_lines(text):
    return [l for l in text.splitlines() if re.search(r"error: ", l) and "Validation failed" not in l]


def validate_pair(env, path):
    """dxv and ours on the same container: a dict with both sides' verdicts and lines."""
    rc_ref, out_ref = run([env.dxv, path], env.timeout)
    rc_ours, out_ours = run([env.ours, "val", path], env.timeout)
    ref_ok = rc_ref == 0
    crash = rc_ours == "timeout" or rc_ours == 101 or (isinstance(rc_ours, int) and rc_ours < 0)
    ours_ok = rc_ours == 0
    mref, mours = messages(out_ref), messages(out_ours)
    extra = {}
    if rc_ref == "timeout" or (isinstance(rc_ref, int) and rc_ref < 0):
        # the reference crashed or hung: no verdict to compare with
        extra["excluded"] = f"dxv crashed ({'timeout' if rc_ref == 'timeout' else 'signal %d' % -rc_ref})"
    return dict(**extra,
        dxv_ok=ref_ok, dxv_rc=rc_ref, dxv=out_ref.strip(),
        ours_rc=rc_ours, ours=out_ours.strip(), crash=crash,
        verdict=(not crash) and rc_ours in (0, 1) and ours_ok == ref_ok,
        lines=(not crash) and mref == mours,
        missing=sorted((mref - mours).elements()),
        extra=sorted((mours - mref).elements()),
    )


class RuleIndex:
    """Name the validation rule a message comes from, by matching the rule templates of
    dxil-db.json (`%0`, `%1`... stand for any text). Messages no template matches (the
    reference's formatted extras, assembler or loader errors) are named by their text."""

    def __init__(self, spec_path):
        self.rules = []
        self.cache = {}
        try:
            db = json.load(open(spec_path))
        except OSError:
            return
        for r in db.get("validation_rules", []):
            msg = r["message"].rstrip(".")
            parts = re.split(r"%\d+", msg)
            body = "(?s)" + ".*?".join(re.escape(p) for p in parts)
            lit = len("".join(parts))
            if lit < 6:
                continue  # a template that is (almost) all arguments names nothing
            # the more literal text a template has, the more specific it is
            self.rules.append((lit, r["name"], re.compile(body + r"\.?$"),
                               re.compile(body + r"(?:[.:]|\s|$)")))
        self.rules.sort(key=lambda x: -x[0])
        self.cache = {}

    def name(self, message):
        if message in self.cache:
            return self.cache[message]
        # the template with the most literal text that matches wins; the reference appends
        # details to a few templates (a resource's name...), so a match of the template as a
        # prefix counts too, just below a whole match of the same length
        found, best = None, -1.0
        for lit, name, whole, prefix in self.rules:
            if lit <= best:
                break
            if whole.match(message):
                found, best = name, lit
            elif lit - 0.5 > best and prefix.match(message):
                found, best = name, lit - 0.5
        if found is None:
            found = "(text) " + re.sub(r"'[^']*'|\d+", "_", message)[:90]
        self.cache[message] = found
        return found
