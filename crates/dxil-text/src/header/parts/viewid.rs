//! `; ViewId state:` section (from the serialized `dx.viewIdState`).

use std::fmt::Write;

use dxil_container::ShaderKind;
use dxil_parts::viewid::{Dependencies, ViewIdState};

fn dependent(out: &mut String, set: &str, items: &[u32]) {
    let list: Vec<String> = items.iter().map(u32::to_string).collect();
    let _ = writeln!(
        out,
        "; {set} dependent on ViewId: {{ {} }}",
        list.join(", ")
    );
}

fn contributing(out: &mut String, inputs: &str, outputs: &str, deps: &Dependencies) {
    let _ = writeln!(out, "; {inputs} contributing to computation of {outputs}:");
    for (o, ins) in deps {
        let list: Vec<String> = ins.iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            ";   output {o} depends on inputs: {{ {} }}",
            list.join(", ")
        );
    }
}

/// Prints the section for a shader of `kind`.
pub fn print_view_id_state(s: &ViewIdState, kind: ShaderKind, out: &mut String) {
    let gs = kind == ShaderKind::Geometry;
    out.push_str(";\n; ViewId state:\n;\n");
    let _ = write!(out, "; Number of inputs: {}", s.num_inputs);
    if gs {
        let n = &s.num_outputs;
        let _ = write!(
            out,
            ", outputs per stream: {{ {}, {}, {}, {} }}",
            n[0], n[1], n[2], n[3]
        );
    } else {
        let _ = write!(out, ", outputs: {}", s.num_outputs[0]);
    }
    match kind {
        ShaderKind::Hull | ShaderKind::Domain => {
            let _ = write!(out, ", patchconst: {}", s.num_pc_or_prim);
        }
        ShaderKind::Mesh => {
            let _ = write!(out, ", primitive outputs: {}", s.num_pc_or_prim);
        }
        _ => {}
    }
    out.push('\n');
    let streams: Vec<usize> = if gs {
        (0..4).filter(|&i| s.num_outputs[i] > 0).collect()
    } else {
        vec![0]
    };
    let name = |i: usize| {
        if gs {
            format!("Outputs for Stream {i}")
        } else {
            "Outputs".to_string()
        }
    };
    for &i in &streams {
        dependent(out, &name(i), &s.outputs_dependent_on_view_id[i]);
    }
    match kind {
        ShaderKind::Hull => dependent(out, "PCOutputs", &s.pc_outputs_dependent_on_view_id),
        ShaderKind::Mesh => dependent(out, "Primitive Outputs", &s.pc_outputs_dependent_on_view_id),
        _ => {}
    }
    for &i in &streams {
        contributing(
            out,
            "Inputs",
            &name(i),
            &s.inputs_contributing_to_outputs[i],
        );
    }
    match kind {
        ShaderKind::Hull => contributing(
            out,
            "Inputs",
            "PCOutputs",
            &s.inputs_contributing_to_pc_outputs,
        ),
        ShaderKind::Mesh => contributing(
            out,
            "Inputs",
            "Primitive Outputs",
            &s.inputs_contributing_to_pc_outputs,
        ),
        ShaderKind::Domain => contributing(
            out,
            "PCInputs",
            "Outputs",
            &s.pc_inputs_contributing_to_outputs,
        ),
        _ => {}
    }
    out.push_str(";\n");
}
