//! `dxil reflect F... [--json] [-o OUT]`: entry points, stage, shader model, thread group
//! size, signatures, resource bindings, constant buffers with their members, shader flags
//! and required features ([`dxil::reflect`]; the JSON shape is documented in
//! `dxil_module::reflect`).

use std::fmt::Write;

use dxil::module::shader_flags::describe;
use dxil::{Member, Reflection};

use super::CmdResult;
use crate::io::{Report, ReportArgs};

/// Arguments of `dxil reflect`: the inputs, `--json`, `-o`.
pub type Args = ReportArgs;

/// Runs `dxil reflect`.
pub fn run(args: Args) -> CmdResult {
    args.run(|_, bytes| {
        let r = dxil::reflect(bytes)?;
        Ok(Report {
            text: render(&r),
            json: serde_json::to_value(&r)?,
            ok: true,
        })
    })
}

fn members(out: &mut String, list: &[Member], depth: usize) {
    for m in list {
        let _ = write!(out, "{:w$}{} {}", "", m.r#type, m.name, w = 4 + depth * 2);
        if m.elements != 0 {
            let _ = write!(out, "[{}]", m.elements);
        }
        let _ = writeln!(out, " @{}", m.offset);
        members(out, &m.members, depth + 1);
    }
}

/// The components of a mask by letter (`xy`, `xz`); `none` for no component.
fn components(mask: u32) -> String {
    if mask & 0xf == 0 {
        return "none".to_string();
    }
    "xyzw"
        .chars()
        .enumerate()
        .filter(|&(i, _)| mask >> i & 1 != 0)
        .map(|(_, c)| c)
        .collect()
}

fn render(r: &Reflection) -> String {
    let mut out = String::new();
    if let Some(sm) = &r.shader_model {
        let _ = writeln!(out, "shader model: {}_{}_{}", sm.kind, sm.major, sm.minor);
    }
    let _ = writeln!(out, "shader flags: {}", describe(r.shader_flags));
    for f in &r.required_features {
        let _ = writeln!(out, "requires: {f}");
    }
    for e in &r.entry_points {
        let _ = write!(
            out,
            "entry {:?} stage {}",
            e.name,
            e.stage.as_deref().unwrap_or("?")
        );
        if let Some(t) = &e.thread_group_size {
            let _ = write!(out, " threads {t:?}");
        }
        out.push('\n');
        for (title, sig) in [
            ("input", &e.input_signature),
            ("output", &e.output_signature),
            ("patch constant", &e.patch_constant_signature),
        ] {
            for el in sig.iter() {
                let _ = write!(
                    out,
                    "  {title} {}{:?} {} rows {} cols {} used {}",
                    el.name,
                    el.semantic_indices,
                    el.component_type.unwrap_or("?"),
                    el.rows,
                    el.cols,
                    components(el.usage_mask)
                );
                if el.dynamic_index_mask != 0 {
                    let _ = write!(out, " dynamic {}", components(el.dynamic_index_mask));
                }
                out.push('\n');
            }
        }
    }
    for res in &r.resources {
        let count = res.count.map_or("unbounded".to_string(), |c| c.to_string());
        let _ = writeln!(
            out,
            "resource {:?} {:?} {} space {} lower bound {} count {count}",
            res.name,
            res.class,
            res.kind.unwrap_or("?"),
            res.space,
            res.lower_bound
        );
    }
    for b in &r.constant_buffers {
        let _ = writeln!(out, "{} {:?} size {}", b.kind, b.name, b.size);
        members(&mut out, &b.members, 0);
    }
    out
}
