//! The `; Subobjects:` header section of library text, read back into the subobjects the
//! reference disassembler prints it from (the `RDAT` subobject table; the section's format
//! is the one `dxil_text::header` writes: `;  Kind name = { fields };` per subobject).
//!
//! The section prints a root signature's size only (`<48 bytes>`): such a subobject comes
//! back with that many zero bytes, and [`Subobjects::unknown_bytes`] names it.

use dxil_parts::rdat::{Subobject, SubobjectData, SubobjectKind};

/// Largest root signature size taken from the text (larger sizes are rejected).
const MAX_ROOT_SIGNATURE: usize = 1 << 20;

/// Subobjects read back from a header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subobjects {
    /// The subobjects in section order.
    pub list: Vec<Subobject>,
    /// Names of root signature subobjects whose bytes the text does not carry.
    pub unknown_bytes: Vec<String>,
}

const KINDS: [SubobjectKind; 8] = [
    SubobjectKind::StateObjectConfig,
    SubobjectKind::GlobalRootSignature,
    SubobjectKind::LocalRootSignature,
    SubobjectKind::SubobjectToExportsAssociation,
    SubobjectKind::RaytracingShaderConfig,
    SubobjectKind::RaytracingPipelineConfig,
    SubobjectKind::HitGroup,
    SubobjectKind::RaytracingPipelineConfig1,
];

fn state_object_flag(name: &str) -> Option<u32> {
    Some(match name {
        "STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS" => 1,
        "STATE_OBJECT_FLAG_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS" => 2,
        "STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS" => 4,
        _ => return None,
    })
}

fn pipeline_flag(name: &str) -> Option<u32> {
    Some(match name {
        "RAYTRACING_PIPELINE_FLAG_NONE" => 0,
        "RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES" => 0x100,
        "RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES" => 0x200,
        "RAYTRACING_PIPELINE_FLAG_ALLOW_OPACITY_MICROMAPS" => 0x400,
        _ => return None,
    })
}

/// `0` or `A | B | ...`.
fn flags(text: &str, name: fn(&str) -> Option<u32>) -> Option<u32> {
    let text = text.trim();
    if text == "0" {
        return Some(0);
    }
    text.split(" | ")
        .try_fold(0u32, |acc, n| Some(acc | name(n.trim())?))
}

/// A quoted string without escapes: `"abc"` gives `abc` and the rest after the quote.
fn quoted(text: &str) -> Option<(String, &str)> {
    let rest = text.trim_start().strip_prefix('"')?;
    let end = rest.find('"')?;
    Some((rest.get(..end)?.to_string(), rest.get(end + 1..)?))
}

/// `key = value` fields separated by `, `, in the given order.
fn fields<'t>(body: &'t str, keys: &[&str]) -> Option<Vec<&'t str>> {
    let mut out = Vec::with_capacity(keys.len());
    let mut rest = body;
    for (i, key) in keys.iter().enumerate() {
        let after = rest
            .trim_start()
            .strip_prefix(key)?
            .trim_start()
            .strip_prefix('=')?;
        let value = if i + 1 == keys.len() {
            after
        } else {
            let end = after.find(", ")?;
            rest = after.get(end + 2..)?;
            after.get(..end)?
        };
        out.push(value.trim());
    }
    Some(out)
}

fn number(text: &str) -> Option<u32> {
    text.trim().parse().ok()
}

fn subobject(line: &str) -> Option<Subobject> {
    let line = line.strip_prefix(";  ")?;
    let (head, body) = line.split_once(" = { ")?;
    let body = body.strip_suffix(" };")?;
    let (kind, name) = head.split_once(' ')?;
    let kind = *KINDS.iter().find(|k| k.name() == kind)?;
    use SubobjectKind as K;
    let data = match kind {
        K::StateObjectConfig => SubobjectData::StateObjectConfig {
            flags: flags(body, state_object_flag)?,
        },
        K::GlobalRootSignature | K::LocalRootSignature => {
            let n: usize = body
                .strip_prefix('<')?
                .strip_suffix(" bytes>")?
                .parse()
                .ok()?;
            if n > MAX_ROOT_SIGNATURE {
                return None;
            }
            SubobjectData::RootSignature { data: vec![0; n] }
        }
        K::SubobjectToExportsAssociation => {
            let (sub, rest) = quoted(body)?;
            let list = rest
                .trim_start()
                .strip_prefix(',')?
                .trim()
                .strip_prefix('{')?
                .strip_suffix('}')?;
            let mut exports = Vec::new();
            let mut rest = list.trim();
            while !rest.is_empty() {
                let (e, after) = quoted(rest)?;
                exports.push(e);
                rest = after.trim_start();
                rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
            }
            SubobjectData::SubobjectToExportsAssociation {
                subobject: sub,
                exports,
            }
        }
        K::RaytracingShaderConfig => {
            let f = fields(body, &["MaxPayloadSizeInBytes", "MaxAttributeSizeInBytes"])?;
            SubobjectData::RaytracingShaderConfig {
                max_payload_size_in_bytes: number(f.first()?)?,
                max_attribute_size_in_bytes: number(f.get(1)?)?,
            }
        }
        K::RaytracingPipelineConfig => {
            let f = fields(body, &["MaxTraceRecursionDepth"])?;
            SubobjectData::RaytracingPipelineConfig {
                max_trace_recursion_depth: number(f.first()?)?,
            }
        }
        K::HitGroup => {
            let f = fields(
                body,
                &["HitGroupType", "Anyhit", "Closesthit", "Intersection"],
            )?;
            let ty = match *f.first()? {
                "Triangle" => 0,
                "ProceduralPrimitive" => 1,
                _ => return None,
            };
            let s = |i: usize| -> Option<String> {
                let (v, rest) = quoted(f.get(i)?)?;
                rest.trim().is_empty().then_some(v)
            };
            SubobjectData::HitGroup {
                ty,
                any_hit: s(1)?,
                closest_hit: s(2)?,
                intersection: s(3)?,
            }
        }
        K::RaytracingPipelineConfig1 => {
            let f = fields(body, &["MaxTraceRecursionDepth", "Flags"])?;
            SubobjectData::RaytracingPipelineConfig1 {
                max_trace_recursion_depth: number(f.first()?)?,
                flags: flags(f.get(1)?, pipeline_flag)?,
            }
        }
    };
    Some(Subobject {
        kind,
        name: name.to_string(),
        data,
    })
}

/// The subobjects the header of `text` prints; `None` without a `; Subobjects:` section or
/// when a line of it does not read back (then the section is not used at all).
pub fn read_subobjects(text: &str) -> Option<Subobjects> {
    let mut lines = text
        .lines()
        .take_while(|l| l.starts_with(';') || l.trim().is_empty());
    lines.find(|l| l.trim_end() == "; Subobjects:")?;
    let mut list = Vec::new();
    let mut unknown_bytes = Vec::new();
    for l in lines {
        let l = l.trim_end();
        if l == ";" {
            if list.is_empty() {
                continue;
            }
            break;
        }
        let s = subobject(l)?;
        if matches!(s.data, SubobjectData::RootSignature { .. }) {
            unknown_bytes.push(s.name.clone());
        }
        list.push(s);
    }
    (!list.is_empty()).then_some(Subobjects {
        list,
        unknown_bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECTION: &str = ";\n; Subobjects:\n;\n\
;  GlobalRootSignature grs = { <48 bytes> };\n\
;  StateObjectConfig soc = { STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS | STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS };\n\
;  SubobjectToExportsAssociation sea = { \"grs\", { \"a\", \"b\" }  };\n\
;  SubobjectToExportsAssociation sea2 = { \"grs\", {  }  };\n\
;  RaytracingShaderConfig rsc = { MaxPayloadSizeInBytes = 128, MaxAttributeSizeInBytes = 64 };\n\
;  RaytracingPipelineConfig rpc0 = { MaxTraceRecursionDepth = 2 };\n\
;  RaytracingPipelineConfig1 rpc = { MaxTraceRecursionDepth = 32, Flags = RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES };\n\
;  HitGroup hg = { HitGroupType = ProceduralPrimitive, Anyhit = \"a\", Closesthit = \"b\", Intersection = \"\" };\n\
;\ntarget triple = \"dxil-ms-dx\"\n";

    #[test]
    fn reads_back_what_the_printer_writes() {
        let s = read_subobjects(SECTION).expect("section");
        assert_eq!(s.list.len(), 8);
        assert_eq!(s.unknown_bytes, vec!["grs".to_string()]);
        let mut printed = String::new();
        dxil_text::header::print_subobjects(&s.list, false, &mut printed);
        assert!(SECTION.starts_with(&printed), "{printed}");
    }

    #[test]
    fn rejects_a_line_it_cannot_read() {
        let bad = SECTION
            .replace("Triangle", "Tri")
            .replace("ProceduralPrimitive", "X");
        assert!(read_subobjects(&bad).is_none());
        assert!(read_subobjects(
            "; Subobjects:\n;  GlobalRootSignature g = { <99999999999 bytes> };\n"
        )
        .is_none());
        assert!(read_subobjects("target triple = \"x\"\n").is_none());
    }
}
