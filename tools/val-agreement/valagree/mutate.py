"""A seeded mutator over `dxil dis` text of corpus shaders.

One mutation per mutant, chosen per category from the sites a module offers:
- opcode: a dx.op call's opcode set to another op of the same function (same signature),
  to any other op, or out of range; or the call renamed to another op with the same
  operand types (declaration added), as the reference's QuadOpInVS test does;
- immediate: a constant operand of a dx.op call (after the opcode) set to another value
  or to undef, preferring the operands the op table marks constant;
- shader-model: the `dx.shaderModel` kind, major or minor;
- version: `dx.valver` / `dx.version` fields;
- entry-props: a value in an entry's property list or in a node it points to (GS/DS/HS/
  MS/AS states, wave sizes, node data, shader flags), the entry's name, or a tag dropped;
- threads: a numthreads field (CS, MS, AS, node);
- signature: a signature element field (name, component type, semantic kind, semantic
  indices, interpolation, rows, columns, start row/column, stream/usage extras);
- resources: a resource record field (space, lower bound, range size, kind, sample count,
  buffer size, sampler kind, UAV flags, extra properties), a record moved to another class,
  or a field of a SM 6.6 `%dx.types.ResBind` / `%dx.types.ResourceProperties` constant;
- types: a struct type element changed, or a value of a vector, multi-dimensional, i8,
  min-precision or DXIL-struct type introduced;
- instructions: a binary operator swapped, a divisor made zero, `ret void` made
  `unreachable`, a GEP index put out of bounds, a void dx.op call removed, or an
  instruction DXIL forbids (pointer casts, address space casts, external calls, ...) added;
- model-move: the module moved to another shader model of its kind, versions along;
- shader-kind: a library entry's kind property changed;
- shader-flags: an entry's shader flags changed, cleared or added;
- metadata-int: any integer field of the metadata the validator reads changed.
Every mutant is assembled with the reference's `dxa`; what it refuses is dropped.
"""
import re

SEMANTIC_NAMES = [
    ("SV_Position", 3), ("SV_Target", 16), ("SV_Depth", 17), ("SV_VertexID", 1),
    ("SV_InstanceID", 2), ("SV_PrimitiveID", 10), ("SV_ClipDistance", 6),
    ("SV_CullDistance", 7), ("SV_IsFrontFace", 13), ("SV_SampleIndex", 12),
    ("SV_Coverage", 14), ("SV_InnerCoverage", 15), ("SV_TessFactor", 25),
    ("SV_InsideTessFactor", 26), ("SV_DomainLocation", 9), ("SV_ViewID", 27),
    ("SV_Barycentrics", 28), ("SV_RenderTargetArrayIndex", 4),
    ("SV_ViewportArrayIndex", 5), ("SV_StencilRef", 20), ("SV_ShadingRate", 29),
    ("SV_CullPrimitive", 30), ("SV_OutputControlPointID", 8), ("SV_GSInstanceID", 11),
    ("SV_DepthLessEqual", 18), ("SV_DepthGreaterEqual", 19), ("TEXCOORD", 0),
    ("", 0), ("S" * 65, 0), ("SV_Bogus", 0),
]

INTERESTING = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
               255, 256, 257, 1023, 1024, 1025, 2048, 4096, 32768, 65535, 65536, -1, -2,
               2147483647]

RANGES = {"i1": (0, 1), "i8": (-128, 255), "i16": (-32768, 65535),
          "i32": (-2147483648, 4294967295), "i64": (-(1 << 63), (1 << 64) - 1)}


def int_candidates(rng, ty, old, domain=None):
    """Some other value of an integer field: from its own domain when it has one (an
    enumeration), else around the old value and at the usual limits."""
    lo, hi = RANGES.get(ty, (-2147483648, 4294967295))
    if ty == "i1":
        return [1 - old]
    pool = list(domain) if domain is not None else []
    if domain is None or rng.random() < 0.3:
        pool += INTERESTING + [old + 1, old - 1, old * 2, old + 16]
    pool = [v for v in pool if v != old and lo <= v <= hi]
    return pool or [0 if old else 1]


def fmt_int(ty, v):
    if ty == "i1":
        return "i1 true" if v else "i1 false"
    return f"{ty} {v}"


# ---------------------------------------------------------------- parsing

_MD = re.compile(r"^!(\d+) = (?:distinct )?!\{(.*)\}\s*$")
_NAMED = re.compile(r"^!([A-Za-z_.][\w.]*) = !\{(.*)\}\s*$")
_INT = re.compile(r"^(i1|i8|i16|i32|i64) (-?\d+|true|false)$")


def split_fields(s, base):
    """Top-level comma-separated fields of a tuple body: [(start, end)] offsets in the line."""
    out, depth, start, i, n = [], 0, 0, 0, len(s)
    while i < n:
        c = s[i]
        if c == '"':
            i += 1
            while i < n and s[i] != '"':
                i += 2 if s[i] == "\\" else 1
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == "," and depth == 0:
            out.append((start, i))
            start = i + 1
        i += 1
    if s.strip():
        out.append((start, n))
    res = []
    for a, b in out:
        while a < b and s[a] == " ":
            a += 1
        while b > a and s[b - 1] == " ":
            b -= 1
        res.append((base + a, base + b))
    return res


class Module:
    def __init__(self, text):
        self.lines = text.split("\n")
        self.md = {}      # number -> (line index, [(start, end)])
        self.named = {}   # name -> [numbers]
        self.funcs = []   # (define line index, closing line index)
        self.types = []   # line indices of `%name = type {...}`
        start = None
        for i, l in enumerate(self.lines):
            m = _MD.match(l)
            if m:
                self.md[int(m.group(1))] = (i, split_fields(m.group(2), m.start(2)))
                continue
            m = _NAMED.match(l)
            if m:
                refs = [int(x) for x in re.findall(r"!(\d+)", m.group(2))]
                self.named[m.group(1)] = refs
                continue
            if l.startswith("define "):
                start = i
            elif l == "}" and start is not None:
                self.funcs.append((start, i))
                start = None
            elif re.match(r"^%[\w.\"<>, $:-]+ = type ", l):
                self.types.append(i)
        self.next_md = max(self.md, default=0) + 1000

    def field(self, n, k):
        line, fields = self.md[n]
        a, b = fields[k]
        return self.lines[line][a:b]

    def nfields(self, n):
        return len(self.md[n][1]) if n in self.md else 0

    def ref(self, n, k):
        """The node a field refers to, or None."""
        if n not in self.md or k >= self.nfields(n):
            return None
        m = re.fullmatch(r"!(\d+)", self.field(n, k))
        return int(m.group(1)) if m else None

    def int_field(self, n, k):
        if n not in self.md or k >= self.nfields(n):
            return None
        m = _INT.match(self.field(n, k))
        if not m:
            return None
        v = m.group(2)
        return m.group(1), (1 if v == "true" else 0 if v == "false" else int(v))

    def list_refs(self, n):
        if n is None or n not in self.md:
            return []
        return [r for r in (self.ref(n, k) for k in range(self.nfields(n))) if r is not None]

    def entries(self):
        return [e for e in self.named.get("dx.entryPoints", []) if e in self.md]


class Edit:
    """A list of (line, start, end, text) replacements and (line, text) insertions."""

    def __init__(self, desc, weight=1.0):
        self.desc, self.subs, self.inserts, self.deletes = desc, [], [], set()
        self.weight = weight

    def sub(self, line, a, b, text):
        self.subs.append((line, a, b, text))
        return self

    def field(self, mod, n, k, text):
        line, fields = mod.md[n]
        a, b = fields[k]
        return self.sub(line, a, b, text)

    def insert(self, line, text):
        self.inserts.append((line, text))
        return self

    def delete(self, line):
        self.deletes.add(line)
        return self

    def apply(self, mod):
        lines = list(mod.lines)
        for line, a, b, text in sorted(self.subs, key=lambda s: (s[0], -s[1])):
            lines[line] = lines[line][:a] + text + lines[line][b:]
        out = []
        ins = {}
        for line, text in self.inserts:
            ins.setdefault(line, []).append(text)
        for i, l in enumerate(lines):
            out.extend(ins.get(i, []))
            if i not in self.deletes:
                out.append(l)
        out.extend(ins.get(len(lines), []))
        return "\n".join(out)


def int_field_edit(rng, mod, n, k, what, domain=None):
    tv = mod.int_field(n, k)
    if tv is None:
        return None
    ty, old = tv
    new = rng.choice(int_candidates(rng, ty, old, domain))
    return Edit(f"{what}: {ty} {old} -> {new}").field(mod, n, k, fmt_int(ty, new))


# ---------------------------------------------------------------- categories

class Mutator:
    def __init__(self, db):
        self.ops = {o["opcode"]: o for o in db["dxil_ops"]}
        self.by_function = {}
        for o in db["dxil_ops"]:
            self.by_function.setdefault(o["function"], []).append(o["opcode"])
        self.by_types = {}
        for o in db["dxil_ops"]:
            key = tuple(x["type"] for x in o["operands"])
            self.by_types.setdefault(key, []).append(o["opcode"])
        self.core_max = max(o["opcode"] for o in db["dxil_ops"] if o["table"] == "CoreOps")
        enums = {e["name"]: [v["value"] for v in e["values"]] for e in db["enums"]}
        self.sem_kinds = enums.get("SemanticKind", list(range(34)))

    CATEGORIES = ["control", "opcode", "immediate", "shader-model", "version", "entry-props",
                  "threads", "signature", "resources", "types", "instructions", "model-move",
                  "shader-kind", "shader-flags", "metadata-int"]

    def sites(self, cat, mod, rng):
        """Candidate mutations of one category for one module (each an Edit)."""
        fn = getattr(self, "m_" + cat.replace("-", "_"))
        return [e for e in fn(mod, rng) if e is not None]

    @staticmethod
    def pick(rng, sites):
        return rng.choices(sites, weights=[e.weight for e in sites])[0]

    def m_control(self, mod, rng):
        return [Edit("unchanged")]

    # -- dx.op calls
    _CALL = re.compile(r"call [^@]*@(dx\.op\.[A-Za-z0-9]+)((?:\.[\w.]+)?)\((i32) (-?\d+)")

    def _calls(self, mod):
        for i, l in enumerate(mod.lines):
            if " call " in l or l.lstrip().startswith("call "):
                m = self._CALL.search(l)
                if m:
                    yield i, l, m

    def m_opcode(self, mod, rng):
        out = []
        calls = list(self._calls(mod))
        for i, l, m in rng.sample(calls, min(len(calls), 40)):
            fname, ovl, old = m.group(1), m.group(2), int(m.group(4))
            a, b = m.start(4), m.end(4)
            same = [o for o in self.by_function.get(fname, []) if o != old]
            op = self.ops.get(old)
            key = tuple(x["type"] for x in op["operands"]) if op else None
            renames = [o for o in self.by_types.get(key, []) if self.ops[o]["function"] != fname]
            ways = ["range", "other"] + (["same", "same"] if same else []) + (["rename", "rename"] if renames else [])
            way = rng.choice(ways)
            if way == "same":
                new = rng.choice(same)
                out.append(Edit(f"opcode {old} -> {new} (same function {fname})").sub(i, a, b, str(new)))
            elif way == "range":
                new = rng.choice([self.core_max + 1, self.core_max + 50, 1000, 65535, -1,
                                  2147483647, 0x80000000 + 100])
                out.append(Edit(f"opcode {old} -> {new} (out of range)").sub(i, a, b, str(new)))
            elif way == "other":
                new = rng.choice([o for o in self.ops if o != old])
                out.append(Edit(f"opcode {old} -> {new} ({self.ops[new]['name']}, other class)").sub(i, a, b, str(new)))
            else:
                new = rng.choice(renames)
                nf = self.ops[new]["function"]
                e = Edit(f"call {fname}{ovl} ({old}) -> {nf}{ovl} ({new}), same operand types")
                e.sub(i, m.start(1), m.end(2), nf + ovl).sub(i, a, b, str(new))
                decl = next((k for k, d in enumerate(mod.lines)
                             if d.startswith("declare ") and f"@{fname}{ovl}(" in d), None)
                if decl is None:
                    continue
                if not any(d.startswith("declare ") and f"@{nf}{ovl}(" in d for d in mod.lines):
                    e.insert(decl, mod.lines[decl].replace(f"@{fname}{ovl}(", f"@{nf}{ovl}("))
                    e.insert(decl, "")
                out.append(e)
        return out

    def m_immediate(self, mod, rng):
        out = []
        calls = list(self._calls(mod))
        for i, l, m in rng.sample(calls, min(len(calls), 40)):
            opcode = int(m.group(4))
            # the argument list of the call: from the opcode to the matching ')'
            start = m.end(4)
            depth, j = 1, m.start(3) - 1
            k = j + 1
            while k < len(l) and depth:
                if l[k] in "({[<":
                    depth += 1
                elif l[k] in ")}]>":
                    depth -= 1
                k += 1
            args = split_fields(l[j + 1:k - 1], j + 1)[1:]  # after the opcode
            op = self.ops.get(opcode)
            consts = set()
            if op:
                consts = {x["pos"] - 2 for x in op["operands"] if x.get("is_const") and x["pos"] >= 2}
            picks = []
            for pos, (a, b) in enumerate(args):
                t = l[a:b]
                mm = re.fullmatch(r"(i1|i8|i16|i32|i64) (-?\d+|true|false)", t)
                mf = re.fullmatch(r"(half|float|double) (\S+)", t)
                if mm or mf or t.endswith(" undef"):
                    picks.append((pos, a, b, t, mm, mf))
            if not picks:
                continue
            pref = [p for p in picks if p[0] in consts]
            pos, a, b, t, mm, mf = rng.choice(pref if pref and rng.random() < 0.6 else picks)
            name = op["name"] if op else str(opcode)
            ty = t.split(" ")[0]
            if mm and rng.random() < 0.85:
                v = mm.group(2)
                old = 1 if v == "true" else 0 if v == "false" else int(v)
                new = rng.choice(int_candidates(rng, ty, old))
                out.append(Edit(f"{name} operand {pos + 1}: {t} -> {fmt_int(ty, new)}").sub(i, a, b, fmt_int(ty, new)))
            elif mf and rng.random() < 0.85:
                new = rng.choice(["0.000000e+00", "-1.600000e+01", "1.800000e+01", "0x7FF0000000000000",
                                  "0xFFF8000000000000", "1.000000e+00", "-1.000000e+00"])
                out.append(Edit(f"{name} operand {pos + 1}: {t} -> {ty} {new}").sub(i, a, b, f"{ty} {new}"))
            elif not t.endswith(" undef"):
                out.append(Edit(f"{name} operand {pos + 1}: {t} -> undef").sub(i, a, b, f"{ty} undef"))
            elif ty.startswith("i"):
                out.append(Edit(f"{name} operand {pos + 1}: {t} -> {ty} 0").sub(i, a, b, f"{ty} 0"))
        return out

    # -- module-level metadata
    def m_shader_model(self, mod, rng):
        out = []
        ver = next((n for n in mod.named.get("dx.version", []) if n in mod.md), None)
        for n in mod.named.get("dx.shaderModel", []):
            if n not in mod.md or mod.nfields(n) < 3:
                continue
            kind = mod.field(n, 0)
            kinds = ['!"ps"', '!"vs"', '!"gs"', '!"hs"', '!"ds"', '!"lib"', '!"xs"', '!""']
            if kind in ('!"cs"', '!"ms"', '!"as"'):
                # a stage with thread counts only from one that declares them: the reference
                # reads a missing numthreads property from uninitialized memory
                kinds += ['!"cs"', '!"ms"', '!"as"']
            new = rng.choice(kinds)
            if new != kind:
                out.append(Edit(f"shader kind {kind} -> {new}").field(mod, n, 0, new))
            out.append(int_field_edit(rng, mod, n, 1, "shader model major", [0, 1, 5, 7]))
            e = int_field_edit(rng, mod, n, 2, "shader model minor", list(range(0, 11)) + [11, 15, 99])
            major = mod.int_field(n, 1)
            if e is not None and ver is not None and major and major[1] == 6 and rng.random() < 0.5:
                # keep the DXIL version the shader model requires, so the other rules speak
                minor = int(e.desc.rsplit(" ", 1)[1])
                if 0 <= minor <= 10:
                    e.field(mod, ver, 1, f"i32 {minor}")
                    e.desc += f", dx.version 1.{minor}"
            out.append(e)
        return out

    def m_version(self, mod, rng):
        out = []
        for name in ("dx.valver", "dx.version"):
            for n in mod.named.get(name, []):
                if n not in mod.md:
                    continue
                out.append(int_field_edit(rng, mod, n, 0, f"{name} major", [0, 1, 2]))
                out.append(int_field_edit(rng, mod, n, 1, f"{name} minor", list(range(0, 12)) + [15]))
                out.append(int_field_edit(rng, mod, n, 1, f"{name} minor", list(range(0, 12))))
        for k, l in enumerate(mod.lines):
            if l.startswith("!dx.valver = "):
                out.append(Edit("dx.valver removed", 0.3).delete(k))
        return out

    def m_model_move(self, mod, rng):
        """The module moved to another shader model of the same kind, its DXIL version (and
        the validator version, where lower) moved along, so that the module passes the
        version rules and the rules of the other model speak: opcodes and properties a model
        forbids or requires (`createHandle` from 6.6 on, `annotateHandle` before it...)."""
        out = []
        ver = next((n for n in mod.named.get("dx.version", []) if n in mod.md), None)
        val = next((n for n in mod.named.get("dx.valver", []) if n in mod.md and mod.nfields(n) == 2), None)
        for n in mod.named.get("dx.shaderModel", []):
            if n not in mod.md or mod.nfields(n) < 3 or ver is None:
                continue
            major, minor = mod.int_field(n, 1), mod.int_field(n, 2)
            if not major or not minor or major[1] != 6:
                continue
            for new in range(0, 11):
                if new == minor[1]:
                    continue
                e = Edit(f"shader model 6.{minor[1]} -> 6.{new}, dx.version 1.{new}")
                e.field(mod, n, 2, f"i32 {new}").field(mod, ver, 1, f"i32 {new}")
                vv = mod.int_field(val, 1) if val is not None else None
                if vv and vv[1] < new:
                    e.field(mod, val, 1, f"i32 {new}")
                    e.desc += f", dx.valver 1.{new}"
                # newer models weigh more: most corpus shaders are old, the rules that
                # change with the model (handles, properties) start at 6.6
                e.weight = 2.0 if new >= 6 else 1.0
                out.append(e)
        return out

    # the shader kinds of the entry property `kDxilShaderKindTag` (DXIL.rst "Shader Kinds"):
    # pixel, vertex, geometry, hull, domain, compute, library, ray generation, intersection,
    # any hit, closest hit, miss, callable, mesh, amplification, node; then invalid
    SHADER_KINDS = list(range(0, 17))

    # kinds with a state of their own (geometry, hull, domain, compute, mesh,
    # amplification, node: thread counts or a stage record)
    STATE_KINDS = (2, 3, 4, 5, 13, 14, 15)
    # entry property tags that carry no stage state: flags, auto-binding space, ray
    # payload and attribute sizes, kind, wave sizes, root signature
    STATELESS_TAGS = (0, 5, 6, 7, 8, 11, 12, 23)

    def m_shader_kind(self, mod, rng):
        """The shader kind a library entry's properties give (tag 8) changed to another
        kind, `Invalid` (16) included, between the kinds without a stage state (pixel,
        vertex, library, the ray tracing kinds): the reference keeps the stage records of
        all kinds in one union, so a kind that reads a state the entry never declared (or
        past the kinds, a name past its table) gives values from memory it never set, no
        stable verdict to compare. (A stage's entry takes its kind from the shader model;
        the reference reads a kind tag there too, for some rules only.)"""
        out = []
        for e, p in self._props(mod):
            tags = {}
            for k in range(0, mod.nfields(p) - 1, 2):
                t = mod.int_field(p, k)
                if t:
                    tags[t[1]] = k
            if 8 not in tags or any(t not in self.STATELESS_TAGS for t in tags):
                continue
            k = tags[8] + 1
            ty, old = mod.int_field(p, k)
            if old in self.STATE_KINDS:
                continue
            kinds = [v for v in self.SHADER_KINDS if v != old and v not in self.STATE_KINDS]
            new = rng.choice(kinds)
            out.append(Edit(f"entry shader kind: {ty} {old} -> {new}").field(mod, p, k, f"{ty} {new}"))
        return out

    def m_shader_flags(self, mod, rng):
        """The shader flags an entry records (property tag 0): one bit of the defined ones
        flipped, every bit cleared, or a flags property added where there is none."""
        out = []
        for e in mod.entries():
            p = mod.ref(e, 4)
            k = None
            if p is not None:
                for j in range(0, mod.nfields(p) - 1, 2):
                    t = mod.int_field(p, j)
                    if t and t[1] == 0:
                        k = j
            if k is not None:
                vt = mod.int_field(p, k + 1)
                if not vt:
                    continue
                ty, old = vt
                for bit in rng.sample(range(0, 38), 6):
                    out.append(Edit(f"shader flags bit {bit} {'cleared' if old >> bit & 1 else 'set'}")
                               .field(mod, p, k + 1, f"{ty} {old ^ (1 << bit)}"))
                if old:
                    out.append(Edit(f"shader flags {old:#x} cleared", 0.5).field(mod, p, k + 1, f"{ty} 0"))
                    setb = [b for b in range(64) if old >> b & 1]
                    b = rng.choice(setb)
                    out.append(Edit(f"shader flags bit {b} cleared", 2.0).field(mod, p, k + 1, f"{ty} {old & ~(1 << b)}"))
            else:
                bit = rng.randrange(0, 38)
                if p is not None:
                    line, fields = mod.md[p]
                    b = fields[-1][1] if fields else len(mod.lines[line]) - 1
                    sep = ", " if fields else ""
                    out.append(Edit(f"shader flags property added, bit {bit}").sub(line, b, b, f"{sep}i32 0, i64 {1 << bit}"))
                elif mod.field(e, 4) == "null":
                    n = mod.next_md
                    mod.next_md += 1
                    ed = Edit(f"shader flags property added, bit {bit}").field(mod, e, 4, f"!{n}")
                    ed.insert(len(mod.lines), f"!{n} = !{{i32 0, i64 {1 << bit}}}")
                    out.append(ed)
        return out

    # metadata the validator reads: everything under the dx.* named nodes but the source
    # records a debugger reads
    _SKIP_NAMED = ("dx.source.", "llvm.")

    def m_metadata_int(self, mod, rng):
        """An integer field of any metadata node the validator reads (reachable from a dx.*
        named node: versions, shader model, entries, signatures, resources, properties, type
        annotations, view-id state...), set to another value: out of its range, at a limit,
        or next to the old one."""
        roots = [n for name, ns in mod.named.items() if not name.startswith(self._SKIP_NAMED) for n in ns]
        seen, todo = set(), list(roots)
        while todo:
            n = todo.pop()
            if n in seen or n not in mod.md:
                continue
            seen.add(n)
            todo.extend(mod.list_refs(n))
        sites = [(n, k) for n in sorted(seen) for k in range(mod.nfields(n)) if mod.int_field(n, k)]
        out = []
        for n, k in rng.sample(sites, min(len(sites), 40)):
            ty, old = mod.int_field(n, k)
            dom = [old + 1, old - 1, -1, 0, 1, 2, 3, 16, 255, 256, 65536, 2147483647, -2147483648]
            out.append(int_field_edit(rng, mod, n, k, f"!{n} field {k}", dom))
        return out

    # -- entry points
    def _props(self, mod):
        for e in mod.entries():
            p = mod.ref(e, 4)
            if p is not None:
                yield e, p

    def m_entry_props(self, mod, rng):
        out = []
        for e, p in self._props(mod):
            nf = mod.nfields(p)
            for k in range(0, nf - 1, 2):
                tag = mod.int_field(p, k)
                if not tag:
                    continue
                tag = tag[1]
                if tag == 4:
                    continue  # numthreads: the threads category
                vt = mod.int_field(p, k + 1)
                if vt:
                    if tag == 0:  # shader flags: flip one bit
                        bit = rng.randrange(0, 40)
                        ty, old = vt
                        out.append(Edit(f"shader flags bit {bit} flipped").field(mod, p, k + 1, f"{ty} {old ^ (1 << bit)}"))
                    else:
                        out.append(int_field_edit(rng, mod, p, k + 1, f"entry property tag {tag}"))
                r = mod.ref(p, k + 1)
                if r is not None and r in mod.md:
                    for j in range(mod.nfields(r)):
                        if tag in (9, 10) and j == 0:
                            continue  # numthreads of MS/AS: threads category
                        out.append(int_field_edit(rng, mod, r, j, f"entry property tag {tag} field {j}"))
                        sub = mod.ref(r, j)
                        if sub is not None and sub in mod.md and tag not in (9, 10):
                            for jj in range(mod.nfields(sub)):
                                out.append(int_field_edit(rng, mod, sub, jj, f"entry property tag {tag} field {j}.{jj}"))
                # drop the pair
                line, fields = mod.md[p]
                a = fields[k][0]
                b = fields[k + 2][0] if k + 2 < nf else fields[k + 1][1]
                if k + 2 >= nf and k > 0:
                    a = fields[k - 1][1]
                out.append(Edit(f"entry property tag {tag} dropped").sub(line, a, b, ""))
        for e in mod.entries():
            name = mod.field(e, 1)
            out.append(Edit(f"entry name {name} changed", 0.2).field(mod, e, 1, name[:-1] + 'x"'))
        return out

    def m_threads(self, mod, rng):
        out = []
        for e, p in self._props(mod):
            nf = mod.nfields(p)
            for k in range(0, nf - 1, 2):
                tag = mod.int_field(p, k)
                r = mod.ref(p, k + 1)
                if not tag or r is None:
                    continue
                t = None
                if tag[1] == 4:
                    t = r
                elif tag[1] in (9, 10):
                    t = mod.ref(r, 0)
                if t is None or t not in mod.md:
                    continue
                for j in range(mod.nfields(t)):
                    out.append(int_field_edit(rng, mod, t, j, f"numthreads {'xyz'[j] if j < 3 else j}",
                                              [0, 1, 2, 32, 64, 65, 128, 129, 256, 512, 1024, 1025]))
        return out

    # -- signatures
    def _elements(self, mod):
        for e in mod.entries():
            s = mod.ref(e, 2)
            for which in range(min(3, mod.nfields(s) if s is not None else 0)):
                for el in mod.list_refs(mod.ref(s, which)):
                    if mod.nfields(el) >= 10:
                        yield ("input", "output", "patch constant")[min(which, 2)], el

    def m_signature(self, mod, rng):
        out = []
        for which, el in self._elements(mod):
            name = mod.field(el, 1)
            w = f"{which} element {name}"
            f = rng.randrange(0, 11)
            if f == 1:
                nm, kind = rng.choice(SEMANTIC_NAMES)
                e = Edit(f"{w}: name -> \"{nm}\"").field(mod, el, 1, f'!"{nm}"')
                if rng.random() < 0.6:
                    e.field(mod, el, 3, f"i8 {kind}")
                    e.desc += f", kind {kind}"
                out.append(e)
            elif f == 2:
                out.append(int_field_edit(rng, mod, el, 2, f"{w}: component type", list(range(0, 19))))
            elif f == 3:
                out.append(int_field_edit(rng, mod, el, 3, f"{w}: semantic kind", self.sem_kinds))
            elif f == 4:
                idx = mod.ref(el, 4)
                vals = [mod.int_field(idx, k) for k in range(mod.nfields(idx))] if idx else []
                vals = [v[1] for v in vals if v]
                choice = rng.random()
                if choice < 0.4 and vals:
                    vals[rng.randrange(len(vals))] += rng.choice([1, 8, -1, 32])
                elif choice < 0.7:
                    vals = vals + [vals[-1] + 1 if vals else 0]
                else:
                    vals = vals[:-1]
                n = mod.next_md
                mod.next_md += 1
                body = ", ".join(f"i32 {v}" for v in vals)
                e = Edit(f"{w}: semantic indices -> [{', '.join(map(str, vals))}]")
                e.field(mod, el, 4, f"!{n}")
                e.insert(len(mod.lines), f"!{n} = !{{{body}}}")
                out.append(e)
            elif f == 5:
                out.append(int_field_edit(rng, mod, el, 5, f"{w}: interpolation", list(range(0, 9))))
            elif f == 6:
                out.append(int_field_edit(rng, mod, el, 6, f"{w}: rows", [0, 1, 2, 3, 4, 5, 31, 32, 33]))
            elif f == 7:
                out.append(int_field_edit(rng, mod, el, 7, f"{w}: columns", [0, 1, 2, 3, 4, 5]))
            elif f == 8:
                out.append(int_field_edit(rng, mod, el, 8, f"{w}: start row", [-1, 0, 1, 2, 3, 7, 31, 32]))
            elif f == 9:
                out.append(int_field_edit(rng, mod, el, 9, f"{w}: start column", [-1, 0, 1, 2, 3, 4]))
            elif f == 10:
                x = mod.ref(el, 10)
                if x is not None and x in mod.md:
                    k = rng.randrange(mod.nfields(x))
                    out.append(int_field_edit(rng, mod, x, k, f"{w}: extra field {k}",
                                              [0, 1, 2, 3, 4, 5, 7, 15, 16] if k % 2 else None))
                else:
                    n = mod.next_md
                    mod.next_md += 1
                    tag, val = rng.choice([(0, 1), (0, 4), (3, 0), (3, 16), (7, 1)])
                    e = Edit(f"{w}: extra {{{tag}: {val}}} added").field(mod, el, 10, f"!{n}")
                    e.insert(len(mod.lines), f"!{n} = !{{i32 {tag}, i32 {val}}}")
                    out.append(e)
            else:
                out.append(int_field_edit(rng, mod, el, 0, f"{w}: id"))
        return out

    # -- resources
    def _resources(self, mod):
        for n in mod.named.get("dx.resources", []):
            if n not in mod.md:
                continue
            for k in range(min(4, mod.nfields(n))):
                lst = mod.ref(n, k)
                for r in mod.list_refs(lst):
                    yield n, k, lst, r

    def m_resources(self, mod, rng):
        out = []
        cls_name = ("SRV", "UAV", "CBV", "Sampler")
        for root, cls, lst, r in self._resources(mod):
            w = f"{cls_name[cls]} {mod.field(r, 2) if mod.nfields(r) > 2 else r}"
            specific = {0: {6: ("kind", list(range(0, 20))), 7: ("sample count", [0, 1, 2, 3, 4, 8, 16, 33])},
                        1: {6: ("kind", list(range(0, 20))), 7: ("globally coherent", None),
                            8: ("has counter", None), 9: ("rasterizer ordered", None)},
                        2: {6: ("size", [0, 4, 15, 16, 65536, 65537, 4096 * 16 + 16])},
                        3: {6: ("sampler kind", [0, 1, 2, 3])}}[cls]
            fields = {3: ("space", [0, 1, 2, 100, -1, 2147483647]),
                      4: ("lower bound", [0, 1, 2, 3, 100, -1, 2147483647]),
                      5: ("range size", [0, 1, 2, 3, 4, 100, -1, 2147483647]),
                      0: ("id", [0, 1, 2, 3, 5, 100])}
            fields.update(specific)
            for k, (what, dom) in fields.items():
                out.append(int_field_edit(rng, mod, r, k, f"{w}: {what}", dom))
            x = mod.ref(r, mod.nfields(r) - 1)
            if x is not None and x in mod.md:
                for k in range(1, mod.nfields(x), 2):
                    out.append(int_field_edit(rng, mod, x, k, f"{w}: extra property {k // 2}",
                                              [0, 1, 2, 3, 4, 5, 9, 50, 2052, 2048, 4]))
            # the record moved to another class's list
            lists = [(k, mod.ref(root, k)) for k in range(min(4, mod.nfields(root)))]
            others = [(k, l) for k, l in lists if l is not None and k != cls]
            if others:
                k2, l2 = rng.choice(others)
                line, flds = mod.md[l2]
                a, b = flds[-1]
                e = Edit(f"{w}: record moved to the {cls_name[k2]} list").sub(line, b, b, f", !{r}")
                line1, f1 = mod.md[lst]
                if len(f1) > 1:
                    idx = next(j for j in range(len(f1)) if mod.lines[line1][f1[j][0]:f1[j][1]] == f"!{r}")
                    a1 = f1[idx][0] if idx == 0 else f1[idx - 1][1]
                    b1 = f1[idx + 1][0] if idx == 0 else f1[idx][1]
                    e.sub(line1, a1, b1, "")
                    out.append(e)
        # SM 6.6 binding and property constants inside instructions
        for i, l in enumerate(mod.lines):
            for m in re.finditer(r"%dx\.types\.(ResBind|ResourceProperties) \{ ([^}]*) \}", l):
                flds = split_fields(m.group(2), m.start(2))
                k = rng.randrange(len(flds))
                a, b = flds[k]
                t = l[a:b]
                mm = re.fullmatch(r"(i8|i32) (-?\d+)", t)
                if not mm:
                    continue
                ty, old = mm.group(1), int(mm.group(2))
                if m.group(1) == "ResourceProperties" and k == 0:
                    # the first word packs kind (bits 0-7), flags and class: flip one
                    new = old ^ (1 << rng.choice([0, 1, 2, 3, 4, 12, 13, 14, 15, 16]))
                else:
                    new = rng.choice(int_candidates(rng, ty, old, [0, 1, 2, 3, 4, -1, 100]))
                out.append(Edit(f"{m.group(1)} field {k}: {t} -> {ty} {new}").sub(i, a, b, f"{ty} {new}"))
        return out

    # -- types
    _TYPE_SWAP = [("float", "double"), ("float", "half"), ("i32", "i64"), ("i32", "i16"),
                  ("i32", "i8"), ("<4 x float>", "<4 x double>"), ("half", "float")]

    def _entry_block(self, mod):
        """Line index after a function's `define` line (its first instruction)."""
        return [s + 1 for s, _ in mod.funcs]

    def m_types(self, mod, rng):
        out = []
        for i in mod.types:
            l = mod.lines[i]
            body = l[l.index("type ") + 5:]
            for old, new in self._TYPE_SWAP:
                for m in re.finditer(r"(?<![\w.%<])" + re.escape(old) + r"(?![\w*])", body):
                    a = l.index("type ") + 5 + m.start()
                    out.append(Edit(f"type {l.split(' =')[0]}: {old} -> {new}").sub(i, a, a + len(old), new))
                    break
            m = re.search(r"\[(\d+) x ", body)
            if m:
                a = l.index("type ") + 5 + m.start(1)
                out.append(Edit(f"type {l.split(' =')[0]}: array size {m.group(1)} -> {int(m.group(1)) + 1}")
                           .sub(i, a, a + len(m.group(1)), str(int(m.group(1)) + 1)))
        for at in self._entry_block(mod):
            for ty, why in [("<4 x float>", "vector"), ("<2 x i32>", "vector"), ("[2 x [4 x float]]", "multi-dimensional array"),
                            ("i8", "i8"), ("half", "min precision"), ("%dx.types.Handle", "handle"),
                            ("{ i32, float }", "literal struct"), ("i64", "i64"), ("[0 x i32]", "empty array")]:
                out.append(Edit(f"alloca of {why} type {ty}").insert(at, f"  %tmut = alloca {ty}"))
            out.append(Edit("vector insertelement").insert(at, "  %tmut = insertelement <4 x float> undef, float 1.000000e+00, i32 0"))
            out.append(Edit("vector shufflevector").insert(at, "  %tmut = shufflevector <2 x i32> undef, <2 x i32> undef, <2 x i32> <i32 0, i32 1>"))
        # a global of a given type
        first = next((i for i, l in enumerate(mod.lines) if l.startswith("define ") or l.startswith("@")), None)
        if first is not None:
            for g in ["@gmut = internal global <4 x float> zeroinitializer",
                      "@gmut = internal addrspace(3) global [4 x <2 x float>] undef",
                      "@gmut = external constant i32",
                      "@gmut = internal addrspace(3) global [10000 x i32] undef"]:
                out.append(Edit(f"global {g}").insert(first, g).insert(first, ""))
        # an entry taking a parameter (NoFunctionParam)
        for e in mod.entries():
            f = mod.field(e, 0)
            m = re.fullmatch(r"void \(\)\* (@\S+)", f)
            if m:
                name = m.group(1)
                ed = Edit(f"entry {name} takes a parameter")
                for i, l in enumerate(mod.lines):
                    if l.startswith(f"define void {name}()"):
                        ed.sub(i, len(f"define void {name}"), len(f"define void {name}()"), "(i32 %pmut)")
                    for mm in re.finditer(re.escape(f"void ()* {name}") + r"(?![\w\"])", l):
                        ed.sub(i, mm.start(), mm.end(), f"void (i32)* {name}")
                out.append(ed)
        return out

    # -- instructions
    _INT_OPS = ["add", "sub", "mul", "sdiv", "udiv", "srem", "urem", "shl", "lshr", "ashr", "and", "or", "xor"]
    _FP_OPS = ["fadd", "fsub", "fmul", "fdiv", "frem"]

    def m_instructions(self, mod, rng):
        out = []
        body = [i for s, e in mod.funcs for i in range(s + 1, e)]
        for i in rng.sample(body, min(len(body), 60)):
            l = mod.lines[i]
            m = re.match(r"^(\s*%[\w.]+ = )(add|sub|mul|sdiv|udiv|srem|urem|shl|lshr|ashr|and|or|xor|fadd|fsub|fmul|fdiv|frem)((?: (?:nuw|nsw|exact|fast|nnan|ninf|nsz|arcp))*) (\S+(?: x \S+>)?) ([^,]+), (.+)$", l)
            if m:
                ops = self._FP_OPS if m.group(2).startswith("f") else self._INT_OPS
                new = rng.choice([o for o in ops if o != m.group(2)])
                out.append(Edit(f"{m.group(2)} -> {new}").sub(i, 0, len(l), f"{m.group(1)}{new} {m.group(4)} {m.group(5)}, {m.group(6)}"))
                if m.group(2) in ("sdiv", "udiv", "srem", "urem"):
                    a = m.start(6)
                    out.append(Edit(f"{m.group(2)} by zero").sub(i, a, len(l), "0"))
                continue
            if l.strip() == "ret void":
                out.append(Edit("ret void -> unreachable").sub(i, 0, len(l), "  unreachable"))
                continue
            m = re.search(r"getelementptr (?:inbounds )?\[(\d+) x [^\]]+\], .*, i32 (\d+)(,|$| )", l)
            if m and "(" not in l:
                n = int(m.group(1))
                out.append(Edit(f"GEP index {m.group(2)} -> {n + rng.choice([0, 5])} (array of {n})")
                           .sub(i, m.start(2), m.end(2), str(n + rng.choice([0, 5]))))
                continue
            if re.match(r"^\s*call void @dx\.op\.", l):
                out.append(Edit(f"void call removed: {l.strip().split('(')[0]}").delete(i))
                continue
            m = re.match(r"^(\s*)store (\S+) (%\S+|\S+), (\S+)\* (%\S+)(.*)$", l)
            if m and "addrspace" not in l:
                out.append(Edit("store made volatile").sub(i, 0, len(l), l.replace("store ", "store volatile ", 1)))
        first_decl = next((i for i, l in enumerate(mod.lines) if l.startswith("declare ")), None)
        for at in self._entry_block(mod):
            seqs = [
                ("pointer bitcast to a different size", ["%imut = alloca i32", "%imut2 = bitcast i32* %imut to double*"]),
                ("pointer bitcast to min precision", ["%imut = alloca i32", "%imut2 = bitcast i32* %imut to half*"]),
                ("addrspacecast", ["%imut = alloca i32", "%imut2 = addrspacecast i32* %imut to i32 addrspace(1)*"]),
                ("inttoptr", ["%imut = inttoptr i32 0 to i32*"]),
                ("ptrtoint", ["%imut = alloca i32", "%imut2 = ptrtoint i32* %imut to i32"]),
                ("fence", ["fence seq_cst"]),
                ("alloca + atomicrmw on a local", ["%imut = alloca i32", "%imut2 = atomicrmw add i32* %imut, i32 1 seq_cst"]),
                ("va_arg", ["%imut = alloca i8*", "%imut2 = va_arg i8** %imut, i32"]),
                ("select on i1 vector", ["%imut = select <2 x i1> undef, <2 x i32> undef, <2 x i32> undef"]),
                ("fptrunc of double", ["%imut = fptrunc double 1.000000e+00 to float"]),
                ("struct extractvalue of a literal", ["%imut = extractvalue { i32, i32 } undef, 0"]),
            ]
            for why, seq in seqs:
                e = Edit(f"added: {why}")
                for s in seq:
                    e.insert(at, "  " + s)
                out.append(e)
            if first_decl is not None:
                e = Edit("call to an unknown external function")
                e.insert(at, "  call void @mut.external()").insert(first_decl, "declare void @mut.external()").insert(first_decl, "")
                out.append(e)
                e = Edit("call to an llvm intrinsic (llvm.donothing)")
                e.insert(at, "  call void @llvm.donothing()").insert(first_decl, "declare void @llvm.donothing()").insert(first_decl, "")
                out.append(e)
        return out
