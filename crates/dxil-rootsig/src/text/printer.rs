//! Printer: canonical root signature text that [`crate::parse`] reads back to the same model.
//!
//! Canonical form: one line; `RootFlags` first (omitted when 0), then the root parameters in
//! slot order, then the static samplers; inside an element the register comes first and only
//! fields that differ from the text defaults follow, in a fixed order. Floats are printed in
//! the shortest form that reads back to the same bits under the reference's float rule.

use crate::enums::{DescriptorFlags, RangeFlags, RootFlags, SamplerFlags, ShaderVisibility};
use crate::error::{Error, ErrorKind, Position, Result};
use crate::model::{
    ParameterKind, RootSignature, StaticSampler, Version, OFFSET_APPEND, UNBOUNDED,
};
use crate::text::lexer::float_reads_as;

fn unprintable(msg: String) -> Error {
    Error::new(ErrorKind::Unprintable, msg, Position::None)
}

/// Joins the keywords of a flag word with `|`; `None` if a set bit has no keyword.
fn flag_text<T: Copy>(
    bits: u32,
    names: &[(T, &'static str)],
    value: fn(T) -> u32,
) -> Option<String> {
    let mut rest = bits;
    let mut parts = Vec::new();
    for &(v, k) in names {
        let v = value(v);
        if v != 0 && bits & v == v {
            parts.push(k);
            rest &= !v;
        }
    }
    (rest == 0).then(|| parts.join("|"))
}

fn keyword<T: std::fmt::Debug>(k: Option<&'static str>, what: &str, v: T) -> Result<&'static str> {
    k.ok_or_else(|| unprintable(format!("{what} {v:?} has no name in root signature text")))
}

fn vis_suffix(out: &mut String, v: ShaderVisibility) -> Result<()> {
    if v != ShaderVisibility::ALL {
        out.push_str(", visibility = ");
        out.push_str(keyword(v.keyword(), "shader visibility", v.0)?);
    }
    Ok(())
}

/// Formats a float so that it reads back to exactly the same bits.
pub fn float_text(v: f32) -> Result<String> {
    if !v.is_finite() {
        return Err(unprintable(format!(
            "float {v} cannot be written in root signature text"
        )));
    }
    let short = format!("{v:?}");
    if float_reads_as(&short, v) {
        return Ok(short);
    }
    // The double nearest the float is the float itself; its shortest form reads back exactly.
    let long = format!("{:e}", f64::from(v));
    let long = if long.contains('.') || long.contains('e') {
        long
    } else {
        format!("{long}.0")
    };
    if float_reads_as(&long, v) {
        return Ok(long);
    }
    Err(unprintable(format!(
        "float {v:e} cannot be written in root signature text"
    )))
}

/// Prints a root signature as canonical text.
///
/// Fails when the model holds something the text form cannot express: an enumeration or flag
/// value without a keyword, a non-finite float, or (in 1.0) flags other than 1.0's implied ones.
pub fn to_text(rs: &RootSignature) -> Result<String> {
    let mut items: Vec<String> = Vec::new();
    if rs.flags.0 != 0 {
        let f = flag_text(rs.flags.0, RootFlags::NAMES, |f| f.0).ok_or_else(|| {
            unprintable(format!("root flags {:#x} have no name in text", rs.flags.0))
        })?;
        items.push(format!("RootFlags({f})"));
    }
    for (i, p) in rs.parameters.iter().enumerate() {
        let mut s = String::new();
        match &p.kind {
            ParameterKind::Constants(c) => {
                s.push_str(&format!(
                    "RootConstants(num32BitConstants = {}, b{}",
                    c.num_32bit_values, c.register
                ));
                if c.space != 0 {
                    s.push_str(&format!(", space = {}", c.space));
                }
            }
            ParameterKind::Cbv(d) | ParameterKind::Srv(d) | ParameterKind::Uav(d) => {
                let (name, letter) = match &p.kind {
                    ParameterKind::Cbv(_) => ("CBV", 'b'),
                    ParameterKind::Srv(_) => ("SRV", 't'),
                    _ => ("UAV", 'u'),
                };
                s.push_str(&format!("{name}({letter}{}", d.register));
                if d.space != 0 {
                    s.push_str(&format!(", space = {}", d.space));
                }
                if d.flags != DescriptorFlags::default_for(rs.version) {
                    if rs.version == Version::V1_0 {
                        return Err(unprintable(format!(
                            "root parameter [{i}]: 1.0 cannot express root descriptor flags {:#x}",
                            d.flags.0
                        )));
                    }
                    let f =
                        flag_text(d.flags.0, DescriptorFlags::NAMES, |f| f.0).ok_or_else(|| {
                            unprintable(format!(
                                "root parameter [{i}]: flags {:#x} have no name",
                                d.flags.0
                            ))
                        })?;
                    s.push_str(&format!(", flags = {f}"));
                }
            }
            ParameterKind::DescriptorTable(ranges) => {
                s.push_str("DescriptorTable(");
                let mut parts = Vec::new();
                for (j, r) in ranges.iter().enumerate() {
                    let name = keyword(
                        r.range_type.keyword(),
                        "descriptor range type",
                        r.range_type.0,
                    )?;
                    let letter = r.range_type.register_letter().unwrap_or('t');
                    let mut t = format!("{name}({letter}{}", r.base_register);
                    if r.num_descriptors == UNBOUNDED {
                        t.push_str(", numDescriptors = unbounded");
                    } else if r.num_descriptors != 1 {
                        t.push_str(&format!(", numDescriptors = {}", r.num_descriptors));
                    }
                    if r.space != 0 {
                        t.push_str(&format!(", space = {}", r.space));
                    }
                    if r.flags != RangeFlags::default_for(rs.version, r.range_type) {
                        if rs.version == Version::V1_0 {
                            return Err(unprintable(format!(
                                "root parameter [{i}] range [{j}]: 1.0 cannot express range flags {:#x}",
                                r.flags.0
                            )));
                        }
                        let f = if r.flags.0 == 0 {
                            Some("0".to_string())
                        } else {
                            flag_text(r.flags.0, RangeFlags::NAMES, |f| f.0)
                        }
                        .ok_or_else(|| {
                            unprintable(format!(
                                "root parameter [{i}] range [{j}]: flags {:#x} have no name",
                                r.flags.0
                            ))
                        })?;
                        t.push_str(&format!(", flags = {f}"));
                    }
                    if r.offset != OFFSET_APPEND {
                        t.push_str(&format!(", offset = {}", r.offset));
                    }
                    t.push(')');
                    parts.push(t);
                }
                if parts.is_empty() {
                    // The grammar needs at least one item inside the parentheses.
                    let v = keyword(p.visibility.keyword(), "shader visibility", p.visibility.0)?;
                    s.push_str(&format!("visibility = {v})"));
                    items.push(s);
                    continue;
                }
                s.push_str(&parts.join(", "));
            }
        }
        vis_suffix(&mut s, p.visibility)?;
        s.push(')');
        items.push(s);
    }
    for (i, smp) in rs.static_samplers.iter().enumerate() {
        items.push(
            sampler_text(smp, rs.version)
                .map_err(|e| unprintable(format!("static sampler [{i}]: {}", e.message())))?,
        );
    }
    Ok(items.join(", "))
}

fn sampler_text(s: &StaticSampler, version: Version) -> Result<String> {
    let d = StaticSampler::new(s.register);
    let mut t = format!("StaticSampler(s{}", s.register);
    if s.filter != d.filter {
        t.push_str(&format!(
            ", filter = {}",
            keyword(s.filter.keyword(), "filter", s.filter.0)?
        ));
    }
    for (name, v, dv) in [
        ("addressU", s.address_u, d.address_u),
        ("addressV", s.address_v, d.address_v),
        ("addressW", s.address_w, d.address_w),
    ] {
        if v != dv {
            t.push_str(&format!(
                ", {name} = {}",
                keyword(v.keyword(), "address mode", v.0)?
            ));
        }
    }
    if s.mip_lod_bias.to_bits() != d.mip_lod_bias.to_bits() {
        t.push_str(&format!(", mipLODBias = {}", float_text(s.mip_lod_bias)?));
    }
    if s.max_anisotropy != d.max_anisotropy {
        t.push_str(&format!(", maxAnisotropy = {}", s.max_anisotropy));
    }
    if s.comparison_func != d.comparison_func {
        let k = keyword(
            s.comparison_func.keyword(),
            "comparison function",
            s.comparison_func.0,
        )?;
        t.push_str(&format!(", comparisonFunc = {k}"));
    }
    if s.border_color != d.border_color {
        let k = keyword(s.border_color.keyword(), "border color", s.border_color.0)?;
        t.push_str(&format!(", borderColor = {k}"));
    }
    if s.min_lod.to_bits() != d.min_lod.to_bits() {
        t.push_str(&format!(", minLOD = {}", float_text(s.min_lod)?));
    }
    if s.max_lod.to_bits() != d.max_lod.to_bits() {
        t.push_str(&format!(", maxLOD = {}", float_text(s.max_lod)?));
    }
    if s.space != 0 {
        t.push_str(&format!(", space = {}", s.space));
    }
    vis_suffix(&mut t, s.visibility)?;
    if s.flags.0 != 0 {
        if version < Version::V1_2 {
            return Err(unprintable(format!(
                "sampler flags {:#x} need version 1.2",
                s.flags.0
            )));
        }
        let f = flag_text(s.flags.0, SamplerFlags::NAMES, |f| f.0)
            .ok_or_else(|| unprintable(format!("sampler flags {:#x} have no name", s.flags.0)))?;
        t.push_str(&format!(", flags = {f}"));
    }
    t.push(')');
    Ok(t)
}
