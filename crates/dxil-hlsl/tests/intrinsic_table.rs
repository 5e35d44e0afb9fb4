//! The generator of `src/sema/intrinsics/table.rs` and its check: DirectXShaderCompiler's
//! intrinsic definitions (`utils/hct/gen_intrin_main.txt`, the text its `hctdb.py` reads)
//! turned into Rust literals, compared with the checked-in table; `BLESS=1` writes it.
//!
//! The definitions come from `DXC_INTRIN` (the text file), else from a DirectXShaderCompiler
//! git directory (`DXC_GIT`, by default the mirror at
//! `/work/.mirror/microsoft+DirectXShaderCompiler/repo`) at the commit the reference compiler
//! was built from. When neither is here the test says why it did nothing (the skip log) and
//! returns; a `DXC_INTRIN` that names no file is an error everywhere.
//!
//! The rules are hctdb's (`db_hlsl.load_intrinsics`): a line is
//! `<type> [[attrs]] name(qual type name, ...) [: op];` inside `namespace X { ... } namespace`;
//! the return is parameter 0 with qualifier `out`; `$typeN` copies argument N's type and
//! matches its layout and component; `$classT` and `$funcT` take the type from the object
//! and from the function's template argument; `$match<L, C>` names the parameters whose
//! layout and component this one matches.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The DirectXShaderCompiler commit the reference compiler was built from.
const DXC_COMMIT: &str = "9a3e225da";
const DEFAULT_GIT: &str = "/work/.mirror/microsoft+DirectXShaderCompiler/repo";
const INTRIN_PATH: &str = "utils/hct/gen_intrin_main.txt";

fn table_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sema/intrinsics/table.rs")
}

/// The definitions' text, or `None` (after saying why) when none is here.
fn definitions() -> Option<String> {
    if let Some(p) = std::env::var_os("DXC_INTRIN").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(p);
        match std::fs::read_to_string(&p) {
            Ok(t) => return Some(t),
            Err(e) => panic!("DXC_INTRIN={}: {e}", p.display()),
        }
    }
    let git = std::env::var_os("DXC_GIT")
        .filter(|v| !v.is_empty())
        .map_or_else(|| PathBuf::from(DEFAULT_GIT), PathBuf::from);
    if !git.exists() {
        dxil_test_support::skip(&format!(
            "no intrinsic definitions: DXC_INTRIN unset and {} absent",
            git.display()
        ));
        return None;
    }
    let out = Command::new("git")
        .arg("-C")
        .arg(&git)
        .arg("show")
        .arg(format!("{DXC_COMMIT}:{INTRIN_PATH}"))
        .output()
        .unwrap_or_else(|e| panic!("git -C {}: {e}", git.display()));
    assert!(
        out.status.success(),
        "git -C {} show {DXC_COMMIT}:{INTRIN_PATH}: {}",
        git.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).expect("definitions are UTF-8"))
}

#[test]
fn table_matches_definitions() {
    let Some(text) = definitions() else {
        return;
    };
    let generated = match generate(&text) {
        Ok(g) => g,
        Err(e) => panic!("intrinsic definitions: {e}"),
    };
    let path = table_path();
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &generated).expect("write table.rs");
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current != generated {
        let line = current
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .map_or(
                current.lines().count().min(generated.lines().count()),
                |i| i,
            );
        panic!(
            "{} differs from the definitions from line {} on (BLESS=1 rewrites it):\n  checked in: {}\n  generated:  {}",
            path.display(),
            line + 1,
            current.lines().nth(line).unwrap_or("<end>"),
            generated.lines().nth(line).unwrap_or("<end>")
        );
    }
}

/// The generator rejects what hctdb rejects.
#[test]
fn malformed_definitions_are_refused() {
    for (src, why) in [
        ("float [[rn]] f();\n", "outside a namespace"),
        (
            "namespace A {\nfloat [[rn]] f(in nosuch x);\n} namespace\n",
            "unknown type",
        ),
        (
            "namespace A {\nfloat [[zz]] f();\n} namespace\n",
            "unknown attribute",
        ),
        (
            "namespace A {\n$type1 [[]] f(in $type1 x);\n} namespace\n",
            "first argument",
        ),
        (
            "namespace A {\nfloat [[]] f(in float x, in $type3 y);\n} namespace\n",
            "later",
        ),
        ("namespace A {\nnot a line\n} namespace\n", "cannot parse"),
        ("namespace A {\n", "not closed"),
    ] {
        let e = generate(src).expect_err(src);
        assert!(e.contains(why), "{src}: {e}");
    }
    let ok = generate(
        "namespace A {\n$type1 [[rn,min_sm=6.9]] f(in float<> x, out $type1 y) : g;\n} namespace\n",
    )
    .expect("well formed");
    assert!(ok.contains("name: \"f\", op: \"g\""), "{ok}");
    assert!(ok.contains("min_sm: Some((6, 9))"), "{ok}");
    assert!(
        ok.contains("p(\"y\", Q::OUT, L::Any, C::Float, D::R, D::C, A(1), A(1))"),
        "{ok}"
    );
}

/// One parameter as hctdb describes it.
struct Param {
    name: String,
    qual: Vec<&'static str>,
    layout: &'static str,
    comp: &'static str,
    rows: String,
    cols: String,
    layout_of: String,
    comp_of: String,
    /// The type as written (after `$typeN` is replaced), for later `$typeN`.
    type_name: String,
}

/// hctdb's base types and the component sets they name (`LICOMPTYPE_*`).
const BASE_TYPES: &[(&str, &str)] = &[
    ("bool", "Bool"),
    ("int", "Int"),
    ("int32_only", "Int32Only"),
    ("int64_only", "Int64Only"),
    ("int16_t", "Int16"),
    ("uint", "Uint"),
    ("uint16_t", "Uint16"),
    ("u64", "Uint64"),
    ("any_int", "AnyInt"),
    ("any_int32", "AnyInt32"),
    ("any_int64", "AnyInt64"),
    ("uint_only", "UintOnly"),
    ("int8_t4_packed", "Int8x4Packed"),
    ("uint8_t4_packed", "Uint8x4Packed"),
    ("float16_t", "Float16"),
    ("float", "Float"),
    ("float32_only", "Float32Only"),
    ("fldbl", "FloatDouble"),
    ("any_float", "AnyFloat"),
    ("float_like", "FloatLike"),
    ("double", "Double"),
    ("double_only", "DoubleOnly"),
    ("numeric", "Numeric"),
    ("numeric16_only", "Numeric16Only"),
    ("numeric32", "Numeric32"),
    ("numeric32_only", "Numeric32Only"),
    ("any", "Any"),
    ("sampler1d", "Sampler1D"),
    ("sampler2d", "Sampler2D"),
    ("sampler3d", "Sampler3D"),
    ("sampler_cube", "SamplerCube"),
    ("sampler_cmp", "SamplerCmp"),
    ("sampler", "Sampler"),
    ("resource", "Resource"),
    ("ray_desc", "RayDesc"),
    ("acceleration_struct", "AccelerationStruct"),
    ("triangle_positions", "TrianglePositions"),
    ("udt", "UserDefinedType"),
    ("void", "Void"),
    ("string", "String"),
    ("Texture2D", "Texture2D"),
    ("Texture2DArray", "Texture2DArray"),
    ("wave", "Wave"),
    ("p32i8", "Int8x4Packed"),
    ("p32u8", "Uint8x4Packed"),
    ("any_int16or32", "AnyInt16Or32"),
    ("sint16or32_only", "SInt16Or32Only"),
    ("any_sampler", "AnySampler"),
    ("ByteAddressBuffer", "ByteAddressBuffer"),
    ("RWByteAddressBuffer", "RWByteAddressBuffer"),
    ("NodeRecordOrUAV", "NodeRecordOrUav"),
    ("AnyNodeOutputRecord", "AnyNodeOutputRecord"),
    ("GroupNodeOutputRecords", "GroupNodeOutputRecords"),
    ("ThreadNodeOutputRecords", "ThreadNodeOutputRecords"),
    ("DxHitObject", "HitObject"),
    ("LinAlgMatrix", "LinAlgMatrix"),
    ("VkBufferPointer", "VkBufferPointer"),
    ("RayQuery", "RayQuery"),
    ("LinAlg", "LinAlg"),
];

/// Whether hctdb's object pattern takes `t` (a type name with no layout) as an object.
fn is_object_type(t: &str) -> bool {
    let starts = [
        "sampler",
        "string",
        "Texture",
        "RWTexture",
        "ByteAddressBuffer",
        "RWByteAddressBuffer",
        "acceleration_struct",
        "ray_desc",
        "RayQuery",
        "DxHitObject",
        "Node",
        "RWNode",
        "EmptyNode",
        "AnyNodeOutput",
        "NodeOutputRecord",
        "GroupShared",
        "VkBufferPointer",
        "LinAlgMatrix",
        "VkSampledTexture1D",
        "VkSampledTexture1DArray",
        "VkSampledTexture2D",
        "VkSampledTexture2DArray",
        // Those the fallback adds.
        "wave",
        "triangle_positions",
        "any_sampler",
    ];
    starts.iter().any(|s| t.starts_with(s))
}

/// `$match<L@C>`-style arguments (commas inside `<>` already made `@`).
fn angle(s: &str) -> Option<(&str, &str)> {
    let open = s.find('<')?;
    let inner = s[open + 1..].strip_suffix('>')?;
    Some((&s[..open], inner))
}

fn rowcol(v: &str) -> Result<String, String> {
    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(format!("D::N({v})"));
    }
    Ok(match v {
        "r" => "D::R",
        "c" => "D::C",
        "r2" => "D::R2",
        "c2" => "D::C2",
        _ => return Err(format!("unknown row/column {v:?}")),
    }
    .to_string())
}

fn match_ref(v: &str, comp: bool) -> Result<String, String> {
    let n: i32 = v.parse().map_err(|_| format!("bad $match index {v:?}"))?;
    Ok(match (n, comp) {
        (0.., _) => format!("A({n})"),
        (-1, false) => "Of::Object".into(),
        (-2, false) => "Of::Varargs".into(),
        (-3, false) => "Of::Function".into(),
        (-4, false) => "Of::Function2".into(),
        (-1, true) => "Of::ObjectElement".into(),
        (-2, true) => "Of::NodeOutput".into(),
        _ => return Err(format!("bad $match index {v:?}")),
    })
}

/// hctdb's `process_arg`.
fn process_arg(desc: &str, idx: usize, done: &[Param]) -> Result<Param, String> {
    let desc = desc.trim();
    let (mut opts, name, mut type_name): (Vec<&str>, String, String) = if desc == "..." {
        (Vec::new(), "...".into(), "...".into())
    } else {
        let mut toks: Vec<&str> = desc.split_whitespace().collect();
        let name = toks
            .pop()
            .ok_or_else(|| format!("empty parameter in {desc:?}"))?;
        let ty = toks
            .pop()
            .ok_or_else(|| format!("parameter without a type: {desc:?}"))?;
        (toks, name.to_string(), ty.to_string())
    };
    let mut layout_of = idx.to_string();
    let mut comp_of = idx.to_string();
    let mut rows = "1".to_string();
    let mut cols = "1".to_string();
    match type_name.as_str() {
        "$classT" => {
            if idx != 0 {
                return Err(format!("'$classT' only as the return type: {desc:?}"));
            }
            layout_of = "-1".into();
            comp_of = "0".into();
            type_name = "void".into();
        }
        "$funcT" => {
            layout_of = "-3".into();
            comp_of = "0".into();
            type_name = "void".into();
        }
        "$funcT2" => {
            layout_of = "-4".into();
            comp_of = "0".into();
            type_name = "void".into();
        }
        "..." => {
            if idx == 0 {
                return Err("'...' only among the parameters".into());
            }
            layout_of = "-2".into();
            comp_of = "0".into();
            type_name = "void".into();
        }
        t => {
            if let Some(n) = t.strip_prefix("$type") {
                let n: usize = n.parse().map_err(|_| format!("bad {t:?}"))?;
                if idx == 1 {
                    return Err(format!("can't use $type on the first argument: {desc:?}"));
                }
                if n == 0 {
                    return Err(format!("can't match an input to the return type: {desc:?}"));
                }
                let d = done.get(n - 1).ok_or_else(|| {
                    format!("$type must refer to a processed argument, not a later one: {desc:?}")
                })?;
                layout_of = n.to_string();
                comp_of = n.to_string();
                type_name = d.type_name.clone();
            }
        }
    }
    let (base, layout) = if let Some(b) = type_name.strip_suffix("<>[]") {
        cols = "c".into();
        (b.to_string(), "AnyArray")
    } else if let Some(b) = type_name.strip_suffix("[]") {
        cols = "c".into();
        (b.to_string(), "Array")
    } else if let Some((b, inner)) = angle(&type_name) {
        if inner.is_empty() {
            rows = "r".into();
            cols = "c".into();
            (b.to_string(), "Any")
        } else if let Some((r, c)) = inner.split_once('@') {
            rows = r.to_string();
            cols = c.to_string();
            (b.to_string(), "Matrix")
        } else {
            cols = inner.to_string();
            (b.to_string(), "Vector")
        }
    } else if is_object_type(&type_name) {
        (type_name.clone(), "Object")
    } else {
        (type_name.clone(), "Scalar")
    };
    let comp = BASE_TYPES
        .iter()
        .find(|(b, _)| *b == base)
        .map(|(_, c)| *c)
        .ok_or_else(|| format!("unknown type {base:?} in {desc:?}"))?;
    let mut qual = Vec::new();
    for o in opts.drain(..) {
        let q = match o {
            "in" => Some("IN"),
            "inout" => Some("INOUT"),
            "ref" => Some("REF"),
            "out" => Some("OUT"),
            "col_major" => Some("COL_MAJOR"),
            "row_major" => Some("ROW_MAJOR"),
            "groupshared" => Some("GROUPSHARED"),
            _ => None,
        };
        match q {
            Some(q) => qual.push(q),
            None => {
                let (m, inner) = angle(o)
                    .filter(|(m, _)| *m == "$match")
                    .ok_or_else(|| format!("unknown parameter qualifier {o:?} in {desc:?}"))?;
                let _ = m;
                let (l, c) = inner
                    .split_once('@')
                    .ok_or_else(|| format!("$match needs two indices: {o:?}"))?;
                layout_of = l.to_string();
                comp_of = c.to_string();
            }
        }
    }
    let mut layout = layout;
    if comp == "Void" && type_name == "void" {
        layout = "Void";
        rows = "0".into();
        cols = "0".into();
        if layout_of == "0" {
            qual.clear();
        }
    }
    for (what, v) in [("layout", &layout_of), ("component", &comp_of)] {
        let n: i32 = v.parse().map_err(|_| format!("bad {what} index {v:?}"))?;
        if idx != 0 && n > idx as i32 {
            return Err(format!(
                "argument {name:?} refers to a later argument ({what} {n})"
            ));
        }
    }
    Ok(Param {
        name,
        qual,
        layout,
        comp,
        rows: rowcol(&rows)?,
        cols: rowcol(&cols)?,
        layout_of: match_ref(&layout_of, false)?,
        comp_of: match_ref(&comp_of, true)?,
        type_name,
    })
}

/// Commas inside `<...>` become `@` and spaces inside them go, so parameters split at
/// commas and tokens at spaces (hctdb's `bracket_cleanup_re`).
fn clean_brackets(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = 0usize;
    for ch in s.chars() {
        match ch {
            '<' => {
                depth += 1;
                out.push(ch);
            }
            '>' => {
                depth = depth.saturating_sub(1);
                out.push(ch);
            }
            ',' if depth > 0 => out.push('@'),
            c if c.is_whitespace() && depth > 0 => {}
            c => out.push(c),
        }
    }
    out
}

struct Attrs {
    fields: Vec<String>,
}

/// hctdb's `process_attr`.
fn process_attrs(a: &str) -> Result<Attrs, String> {
    let mut fields = Vec::new();
    for a in a.split(',').filter(|a| !a.is_empty()) {
        let f = match a {
            "ro" => "readonly: true".to_string(),
            "rn" => "readnone: true".to_string(),
            "amo" => "argmemonly: true".to_string(),
            "wv" => "wave: true".to_string(),
            "hidden" => "hidden: true".to_string(),
            "static" => "static_member: true".to_string(),
            "class_prefix" => "class_prefix: true".to_string(),
            _ => match a.split_once('=') {
                Some(("unsigned_op", v)) => format!("unsigned_op: Some({v:?})"),
                Some(("overload", v)) => {
                    let n: i8 = v.parse().map_err(|_| format!("invalid overload {v:?}"))?;
                    format!("overload_param: {n}")
                }
                Some(("min_sm", v)) => {
                    let (ma, mi) = v
                        .split_once('.')
                        .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)))
                        .filter(|&(_, mi)| mi <= 14)
                        .ok_or_else(|| format!("invalid min_sm {v:?}"))?;
                    format!("min_sm: Some(({ma}, {mi}))")
                }
                _ => return Err(format!("unknown attribute {a:?}")),
            },
        };
        fields.push(f);
    }
    Ok(Attrs { fields })
}

/// The table's text from the definitions' text.
fn generate(text: &str) -> Result<String, String> {
    let mut body = String::new();
    let mut namespaces: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    let mut count = 0usize;
    for (n, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", n + 1);
        let t = line.trim();
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        if let Some(rest) = t.strip_prefix("namespace") {
            let name = rest.trim().strip_suffix('{').map(str::trim);
            let name = name
                .filter(|s| {
                    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                })
                .ok_or_else(|| at(format!("cannot parse line {line:?}")))?;
            if current.is_some() {
                return Err(at("namespace opened inside another".into()));
            }
            current = Some(name.to_string());
            namespaces.push(name.to_string());
            continue;
        }
        if t.strip_prefix('}').is_some_and(|r| r.trim() == "namespace") {
            if current.take().is_none() {
                return Err(at("namespace closed without being opened".into()));
            }
            continue;
        }
        let parsed = (|| {
            let (ret, rest) = t.split_once("[[")?;
            let (attrs, rest) = rest.split_once("]]")?;
            let (name, rest) = rest.split_once('(')?;
            let (params, rest) = rest.split_once(')')?;
            let rest = rest.trim().strip_suffix(';')?.trim();
            let op = match rest.strip_prefix(':') {
                Some(op) => Some(op.trim()),
                None if rest.is_empty() => None,
                None => return None,
            };
            let name = name.trim();
            let ident = |s: &str| {
                !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            };
            if ret.trim().is_empty()
                || !ident(name)
                || op.is_some_and(|o| !ident(o))
                || attrs.contains(char::is_whitespace)
            {
                return None;
            }
            Some((ret.trim(), attrs, name, params.trim(), op))
        })();
        let Some((ret, attrs, name, params, op)) = parsed else {
            return Err(at(format!("cannot parse line {line:?}")));
        };
        let Some(ns) = &current else {
            return Err(at(format!("intrinsic outside a namespace: {line:?}")));
        };
        let attrs = process_attrs(attrs).map_err(at)?;
        let params = clean_brackets(params);
        let mut args: Vec<Param> = Vec::new();
        if !params.is_empty() {
            for (i, a) in params.split(',').enumerate() {
                let p = process_arg(a, i + 1, &args).map_err(at)?;
                args.push(p);
            }
        }
        let ret =
            process_arg(&format!("out {} {name}", clean_brackets(ret)), 0, &args).map_err(at)?;
        args.insert(0, ret);
        let mut a = attrs.fields.join(", ");
        if !a.is_empty() {
            a.push_str(", ");
        }
        let _ = writeln!(
            body,
            "    I {{ namespace: {ns:?}, name: {name:?}, op: {:?}, attrs: At {{ {a}..At::NONE }}, params: &[",
            op.unwrap_or(name)
        );
        for p in &args {
            let qual = if p.qual.is_empty() {
                "Q::NONE".to_string()
            } else {
                p.qual
                    .iter()
                    .map(|q| format!("Q::{q}"))
                    .collect::<Vec<_>>()
                    .join(".with(")
                    + &")".repeat(p.qual.len() - 1)
            };
            let _ = writeln!(
                body,
                "        p({:?}, {qual}, L::{}, C::{}, {}, {}, {}, {}),",
                p.name, p.layout, p.comp, p.rows, p.cols, p.layout_of, p.comp_of
            );
        }
        let _ = writeln!(body, "    ] }},");
        count += 1;
    }
    if current.is_some() {
        return Err("the last namespace is not closed".into());
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! HLSL's intrinsic functions and methods, generated from DirectXShaderCompiler's intrinsic\n\
         //! definitions (`utils/hct/gen_intrin_main.txt` at {DXC_COMMIT}) by `tests/intrinsic_table.rs`\n\
         //! (`BLESS=1` rewrites this file): {count} records in {} namespaces, in the definitions' order.\n",
        namespaces.len()
    );
    let _ = writeln!(
        out,
        "use super::Of::{{self, Arg as A}};\n\
         use super::{{Attrs as At, Comp as C, Dim as D, Intrinsic as I, Layout as L, Param, Qual as Q}};\n\n\
         /// A parameter: name, qualifiers, layouts, components, rows, columns, whose layout, whose\n\
         /// component.\n\
         #[allow(clippy::too_many_arguments)]\n\
         #[rustfmt::skip]\n\
         const fn p(name: &'static str, qual: Q, layout: L, comp: C, rows: D, cols: D, layout_of: Of, comp_of: Of) -> Param {{\n    \
         Param::new(name, qual, layout, comp, rows, cols, layout_of, comp_of)\n}}\n"
    );
    let _ = writeln!(out, "/// The namespaces, in the definitions' order.");
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub static NAMESPACES: &[&str] = &[");
    for n in &namespaces {
        let _ = writeln!(out, "    {n:?},");
    }
    let _ = writeln!(out, "];\n");
    let _ = writeln!(
        out,
        "/// Every intrinsic record, in the definitions' order."
    );
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub static INTRINSICS: &[I] = &[");
    out.push_str(&body);
    let _ = writeln!(out, "];");
    Ok(out)
}
