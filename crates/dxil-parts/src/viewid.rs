//! The serialized ViewId state (`dx.viewIdState` metadata: an array of `i32`), which the
//! disassembly prints as `; ViewId state:`.
//!
//! Layout: number of input scalars; per output stream (4 for GS, else 1): number of output
//! scalars, then (when the shader uses SV_ViewID) a bit mask of outputs dependent on
//! SV_ViewID (`ceil(outputs / 32)` words), then per input scalar a bit mask of the outputs it
//! contributes to. HS/DS/MS follow with the patch constant (primitive) scalar count and:
//! HS/MS the ViewID mask (when used) and the input-to-patch-constant table; DS the
//! patch-constant-input-to-output table.

use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use dxil_container::ShaderKind;

/// Output index -> input indexes contributing to it (only outputs with contributors).
pub type Dependencies = BTreeMap<u32, Vec<u32>>;

/// A deserialized ViewId state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViewIdState {
    /// Number of input scalars.
    pub num_inputs: u32,
    /// Number of output scalars per stream (streams 1-3 only for GS).
    pub num_outputs: [u32; 4],
    /// Outputs dependent on SV_ViewID, per stream.
    pub outputs_dependent_on_view_id: [Vec<u32>; 4],
    /// Inputs contributing to outputs, per stream.
    pub inputs_contributing_to_outputs: [Dependencies; 4],
    /// Number of patch constant (HS/DS) or primitive (MS) scalars.
    pub num_pc_or_prim: u32,
    /// HS/MS: patch constant / primitive outputs dependent on SV_ViewID.
    pub pc_outputs_dependent_on_view_id: Vec<u32>,
    /// HS/MS: inputs contributing to patch constant / primitive outputs.
    pub inputs_contributing_to_pc_outputs: Dependencies,
    /// DS: patch constant inputs contributing to outputs.
    pub pc_inputs_contributing_to_outputs: Dependencies,
}

struct Words<'a> {
    data: &'a [u32],
    pos: usize,
}

impl<'a> Words<'a> {
    fn one(&mut self) -> Result<u32> {
        let v = *self
            .data
            .get(self.pos)
            .ok_or_else(|| Error::new(ErrorKind::Truncated("view id state"), self.pos * 4))?;
        self.pos += 1;
        Ok(v)
    }
    fn take(&mut self, n: usize) -> Result<&'a [u32]> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.data.len());
        let end =
            end.ok_or_else(|| Error::new(ErrorKind::Truncated("view id state"), self.pos * 4))?;
        let s = &self.data[self.pos..end];
        self.pos = end;
        Ok(s)
    }
}

fn words_for(scalars: u32) -> usize {
    (scalars as usize).div_ceil(32)
}

fn set_bits(words: &[u32], limit: u32) -> impl Iterator<Item = u32> + '_ {
    words.iter().enumerate().flat_map(move |(w, &x)| {
        (0..32u32).filter_map(move |b| {
            let i = (w as u32) * 32 + b;
            (x & (1 << b) != 0 && i < limit).then_some(i)
        })
    })
}

fn mask(w: &mut Words<'_>, outputs: u32) -> Result<Vec<u32>> {
    Ok(set_bits(w.take(words_for(outputs))?, outputs).collect())
}

fn table(w: &mut Words<'_>, inputs: u32, outputs: u32) -> Result<Dependencies> {
    let per = words_for(outputs);
    let total = (inputs as usize)
        .checked_mul(per)
        .ok_or_else(|| Error::new(ErrorKind::Invalid("view id state size"), w.pos * 4))?;
    let t = w.take(total)?;
    let mut deps = Dependencies::new();
    if per == 0 {
        return Ok(deps);
    }
    for (input, row) in t.chunks_exact(per).enumerate() {
        for out in set_bits(row, outputs) {
            deps.entry(out).or_default().push(input as u32);
        }
    }
    Ok(deps)
}

impl ViewIdState {
    /// Deserializes the state of a shader of `kind`; `uses_view_id` is the module's
    /// ViewID shader flag (it decides whether the ViewID masks are present).
    pub fn deserialize(data: &[u32], kind: ShaderKind, uses_view_id: bool) -> Result<Self> {
        let mut w = Words { data, pos: 0 };
        let mut s = ViewIdState {
            num_inputs: w.one()?,
            ..ViewIdState::default()
        };
        let streams = if kind == ShaderKind::Geometry { 4 } else { 1 };
        for i in 0..streams {
            let n = w.one()?;
            s.num_outputs[i] = n;
            if uses_view_id {
                s.outputs_dependent_on_view_id[i] = mask(&mut w, n)?;
            }
            s.inputs_contributing_to_outputs[i] = table(&mut w, s.num_inputs, n)?;
        }
        match kind {
            ShaderKind::Hull | ShaderKind::Mesh => {
                s.num_pc_or_prim = w.one()?;
                if uses_view_id {
                    s.pc_outputs_dependent_on_view_id = mask(&mut w, s.num_pc_or_prim)?;
                }
                s.inputs_contributing_to_pc_outputs =
                    table(&mut w, s.num_inputs, s.num_pc_or_prim)?;
            }
            ShaderKind::Domain => {
                s.num_pc_or_prim = w.one()?;
                s.pc_inputs_contributing_to_outputs =
                    table(&mut w, s.num_pc_or_prim, s.num_outputs[0])?;
            }
            _ => {}
        }
        if w.pos != data.len() {
            return Err(Error::new(
                ErrorKind::Invalid("view id state size"),
                w.pos * 4,
            ));
        }
        Ok(s)
    }

    /// Serializes the state of a shader of `kind` (the inverse of
    /// [`ViewIdState::deserialize`] with the same `uses_view_id`).
    pub fn serialize(&self, kind: ShaderKind, uses_view_id: bool) -> Vec<u32> {
        let mut out = vec![self.num_inputs];
        let streams = if kind == ShaderKind::Geometry { 4 } else { 1 };
        for i in 0..streams {
            let n = self.num_outputs[i];
            out.push(n);
            if uses_view_id {
                put_mask(&mut out, n, &self.outputs_dependent_on_view_id[i]);
            }
            put_table(
                &mut out,
                self.num_inputs,
                n,
                &self.inputs_contributing_to_outputs[i],
            );
        }
        match kind {
            ShaderKind::Hull | ShaderKind::Mesh => {
                out.push(self.num_pc_or_prim);
                if uses_view_id {
                    put_mask(
                        &mut out,
                        self.num_pc_or_prim,
                        &self.pc_outputs_dependent_on_view_id,
                    );
                }
                put_table(
                    &mut out,
                    self.num_inputs,
                    self.num_pc_or_prim,
                    &self.inputs_contributing_to_pc_outputs,
                );
            }
            ShaderKind::Domain => {
                out.push(self.num_pc_or_prim);
                put_table(
                    &mut out,
                    self.num_pc_or_prim,
                    self.num_outputs[0],
                    &self.pc_inputs_contributing_to_outputs,
                );
            }
            _ => {}
        }
        out
    }
}

fn put_mask(out: &mut Vec<u32>, scalars: u32, set: &[u32]) {
    let start = out.len();
    out.resize(start + words_for(scalars), 0);
    for &i in set.iter().filter(|&&i| i < scalars) {
        out[start + (i / 32) as usize] |= 1 << (i % 32);
    }
}

fn put_table(out: &mut Vec<u32>, inputs: u32, outputs: u32, deps: &Dependencies) {
    let per = words_for(outputs);
    let start = out.len();
    out.resize(start + per * inputs as usize, 0);
    for (&o, ins) in deps {
        for &i in ins.iter().filter(|&&i| i < inputs && o < outputs) {
            out[start + i as usize * per + (o / 32) as usize] |= 1 << (o % 32);
        }
    }
}
