//! LLVM types of the operation database's type codes, and the named `%dx.types.*` structs.

/// The overload suffix of a function name: `float` -> `f32`, `%struct.P` -> `struct.P`,
/// `<4 x float>` -> `v4f32`; empty for `void`.
pub fn suffix(ty: &str) -> String {
    let ty = ty.trim_end_matches('*');
    let ty = ty.split(" addrspace").next().unwrap_or(ty);
    match ty {
        "void" => String::new(),
        "half" => "f16".into(),
        "float" => "f32".into(),
        "double" => "f64".into(),
        // LinAlg matrices are spelled `m` and their shape (`mC9M4N4U0S1`).
        t if t.starts_with("%dx.types.LinAlgMatrix") => {
            format!("m{}", &t["%dx.types.LinAlgMatrix".len()..])
        }
        t if t.starts_with('%') => t[1..].into(),
        t if t.starts_with('<') => {
            let inner = t.trim_matches(|c| c == '<' || c == '>');
            let (n, elt) = inner.split_once(" x ").unwrap_or(("", inner));
            format!("v{n}{}", suffix(elt))
        }
        t => t.into(),
    }
}

/// The element type of a vector type (the type itself for scalars).
pub fn element(ty: &str) -> &str {
    match ty.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        Some(inner) => inner.split_once(" x ").map_or(inner, |(_, e)| e),
        None => ty,
    }
}

/// The LLVM type of database type code `code` when the overload types of the positions
/// are `ovls` (`$x1` is `ovls[1]`).
pub fn of_code(code: &str, ovls: &[&str]) -> Result<String, String> {
    let named = |n: &str| format!("%dx.types.{n}");
    let at = |k: usize| {
        ovls.get(k)
            .map(|s| s.to_string())
            .ok_or_else(|| format!("{code} needs an overload at position {k}"))
    };
    let ovl = ovls.first().copied().unwrap_or("void");
    Ok(match code {
        "$o" | "$x0" => ovl.into(),
        "$x1" => at(1)?,
        "$x2" => at(2)?,
        "$x3" => at(3)?,
        // Group shared memory of the second overload's type.
        "$x_gs1" => format!("{} addrspace(3)*", at(1)?),
        "$vec9" => format!("<9 x {ovl}>"),
        "int2" => "<2 x i32>".into(),
        "pf32" => "float*".into(),
        "$o_i1" | "i1" | "1" => "i1".into(),
        "$o_i32" | "i32" | "u32" => "i32".into(),
        "i8" | "u8" => "i8".into(),
        "i16" => "i16".into(),
        "i64" => "i64".into(),
        "f" => "float".into(),
        "d" => "double".into(),
        "h" => "half".into(),
        "v" => "void".into(),
        "$elt" => element(ovl).into(),
        "$udt" => format!("{ovl}*"),
        "$obj" => ovl.into(),
        "res" => named("Handle"),
        "$r" => named(&format!("ResRet.{}", suffix(ovl))),
        "$cb" => named(&format!("CBufRet.{}", suffix(ovl))),
        "$vec4" => named(&format!("four{}", suffix(ovl))),
        "twoi32" => named("twoi32"),
        "i32c" => named("i32c"),
        "dims" => named("Dimensions"),
        "SamplePos" => named("SamplePos"),
        "splitdouble" => named("splitdouble"),
        "fouri32" => named("fouri32"),
        "resbind" => named("ResBind"),
        "resproperty" => named("ResourceProperties"),
        "hit_object" => named("HitObject"),
        "nodehandle" => named("NodeHandle"),
        "noderecordhandle" => named("NodeRecordHandle"),
        "nodeproperty" => named("NodeInfo"),
        "noderecordproperty" => named("NodeRecordInfo"),
        other => return Err(format!("no LLVM type for database type code {other:?}")),
    })
}

/// The body of a named `%dx.types.*` struct (`{ i32, i32 }`), or `None` for other names.
pub fn definition(name: &str) -> Option<String> {
    // The payload and attribute struct of the cases.
    match name {
        "%struct.Payload" => return Some("{ i32 }".into()),
        "%struct.Attr" => return Some("{ <2 x float> }".into()),
        _ => {}
    }
    let short = name.strip_prefix("%dx.types.")?;
    let fixed = match short {
        "Handle" | "HitObject" | "NodeHandle" | "NodeRecordHandle" => "{ i8* }",
        m if m.starts_with("LinAlgMatrix") => "{ i8* }",
        "ResBind" => "{ i32, i32, i32, i8 }",
        "ResourceProperties" | "NodeInfo" | "NodeRecordInfo" | "twoi32" | "splitdouble" => {
            "{ i32, i32 }"
        }
        "i32c" => "{ i32, i1 }",
        "Dimensions" | "fouri32" => "{ i32, i32, i32, i32 }",
        "fouri16" => "{ i16, i16, i16, i16 }",
        "SamplePos" => "{ float, float }",
        _ => "",
    };
    if !fixed.is_empty() {
        return Some(fixed.into());
    }
    let scalar = |sfx: &str| match sfx {
        "f16" => "half".to_string(),
        "f32" => "float".into(),
        "f64" => "double".into(),
        s => match s.strip_prefix('v') {
            Some(v) => {
                let digits = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
                let (n, e) = v.split_at(digits);
                let e = match e {
                    "f16" => "half",
                    "f32" => "float",
                    "f64" => "double",
                    e => e,
                };
                format!("<{n} x {e}>")
            }
            None => s.to_string(),
        },
    };
    if let Some(sfx) = short.strip_prefix("ResRet.").filter(|s| s.starts_with('v')) {
        return Some(format!("{{ {}, i32 }}", scalar(sfx)));
    }
    if let Some(sfx) = short.strip_prefix("ResRet.") {
        let t = scalar(sfx);
        return Some(format!("{{ {t}, {t}, {t}, {t}, i32 }}"));
    }
    let sfx = short.strip_prefix("CBufRet.")?;
    let t = scalar(sfx);
    let n = match sfx {
        "f64" | "i64" => 2,
        "f16" | "i16" => 8,
        _ => 4,
    };
    Some(format!("{{ {} }}", vec![t; n].join(", ")))
}

/// `v` as an LLVM constant of type `ty` (`half` in the `0xH` form, the others in the
/// exponent form the reference prints).
pub fn float_const(v: f64, ty: &str) -> String {
    if ty == "half" {
        format!("0xH{:04X}", dxil_ir::half_bits(v))
    } else {
        format!("{v:.6e}").replace("e", "e+").replace("e+-", "e-")
    }
}
