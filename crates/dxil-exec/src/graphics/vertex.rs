//! The input assembler and the vertex shader (D3D11.3 functional spec, "Input Assembler
//! Stage", "Vertex Shader Stage"): each vertex's attributes are read from the vertex buffer
//! in their format (`crate::format::read_element`), `SV_VertexID` is the vertex's index and
//! `SV_InstanceID` 0 (one instance); the shader runs for a wave of vertices at a time.

use dxil_ops::SemanticKind;

use super::signature::Layout;
use super::{run_wave, Draw};
use crate::error::{InputCause, Result, UnsupportedCause};
use crate::format::{f32_to_half, read_element};
use crate::interp::Wave;
use crate::program::Program;
use crate::resource::{Bindings, ComponentType};

/// Vertices one draw may have.
const MAX_VERTICES: u32 = 1 << 22;
/// Output values a draw's shaded vertices may hold (256 MiB).
const MAX_VALUES: u64 = 1 << 25;
/// Vertices shaded together.
const LANES: usize = 32;
/// `ComponentType` F16: a half-precision element holds half bits.
const F16: u8 = ComponentType::F16 as u8;

/// The shaded vertices of a draw.
pub(crate) struct Shaded {
    pub(crate) count: u32,
    /// Clip-space `SV_Position` of each vertex.
    pub(crate) pos: Vec<[f32; 4]>,
    /// The vertex shader's outputs, `layout.stride` values per vertex.
    pub(crate) outputs: Vec<u64>,
    pub(crate) layout: Layout,
}

impl Shaded {
    /// The value indices of every component of the elements of system value `k`.
    pub(crate) fn components(&self, k: SemanticKind) -> Vec<usize> {
        let mut out = Vec::new();
        for e in self.layout.elements.iter().filter(|e| e.is(k)) {
            out.extend((0..e.rows as usize * 4).map(|i| e.base as usize + i));
        }
        out
    }

    /// Whether the triangle `idx` is culled by `SV_CullDistance`: some component negative
    /// at all three vertices (D3D11.3 functional spec, "Clip and Cull Distances").
    pub(crate) fn culled(&self, idx: [u32; 3], cull: &[usize]) -> bool {
        cull.iter().any(|&i| {
            idx.iter()
                .all(|&v| f32::from_bits(self.value(v, i) as u32) < 0.0)
        })
    }

    /// Output value `i` of vertex `v`.
    #[inline]
    pub(crate) fn value(&self, v: u32, i: usize) -> u64 {
        self.outputs[v as usize * self.layout.stride as usize + i]
    }
}

/// Runs the vertex shader for every vertex of `draw`.
pub(crate) fn shade(
    vs: &Program,
    bindings: &mut Bindings,
    draw: &Draw<'_>,
    executed: &mut u64,
) -> Result<Shaded> {
    let prog = vs.compiled();
    let count = draw.vertex_count;
    if count > MAX_VERTICES {
        return Err(UnsupportedCause::Vertices(count).into());
    }
    let ins = &prog.stage.inputs;
    let outs = &prog.stage.outputs;
    if u64::from(count) * u64::from(outs.stride) > MAX_VALUES {
        return Err(UnsupportedCause::VertexOutputs {
            vertices: count,
            values: outs.stride,
        }
        .into());
    }
    let position = outs
        .system(SemanticKind::Position)
        .ok_or(InputCause::NoPosition)?
        .base as usize;
    // Each input element row: where its values come from.
    let mut sources = Vec::new();
    for e in &ins.elements {
        for row in 0..e.rows {
            let src = if e.is(SemanticKind::VertexID) {
                Source::VertexId
            } else if e.is(SemanticKind::InstanceID) {
                Source::Zero
            } else {
                let index = e.semantic_index(row);
                let a = draw
                    .attributes
                    .iter()
                    .find(|a| a.name.eq_ignore_ascii_case(&e.name) && a.semantic_index == index)
                    .ok_or_else(|| InputCause::NoVertexAttribute {
                        semantic: e.name.clone(),
                        index,
                    })?;
                Source::Attribute(a.format, a.offset)
            };
            sources.push((e.base as usize + row as usize * 4, src, e.component == F16));
        }
    }
    let mut wave = Wave::new(prog, LANES)?;
    let (in_stride, out_stride) = (ins.stride as usize, outs.stride as usize);
    let mut shaded = Shaded {
        count,
        pos: Vec::with_capacity(count as usize),
        outputs: Vec::with_capacity(count as usize * out_stride),
        layout: outs.clone(),
    };
    let mut first = 0u32;
    while first < count {
        let n = (count - first).min(LANES as u32);
        wave.reset(prog, first, n, [u32::MAX, 1, 1]);
        wave.outputs.fill(0);
        for l in 0..n as usize {
            let v = first + l as u32;
            let block = &mut wave.inputs[l * in_stride..(l + 1) * in_stride];
            for &(at, src, half) in &sources {
                let vals = match src {
                    Source::VertexId => [v, 0, 0, 0],
                    Source::Zero => [0; 4],
                    Source::Attribute(format, offset) => {
                        let start = u64::from(v) * u64::from(draw.stride) + u64::from(offset);
                        read_element(format, vertex_bytes(draw.vertices, start))
                    }
                };
                for (k, &x) in vals.iter().enumerate() {
                    block[at + k] = if half {
                        u64::from(f32_to_half(f32::from_bits(x)))
                    } else {
                        u64::from(x)
                    };
                }
            }
        }
        run_wave(vs, &mut wave, bindings, draw.budget, executed)?;
        for l in 0..n as usize {
            let block = &wave.outputs[l * out_stride..(l + 1) * out_stride];
            let p = |k: usize| f32::from_bits(block[position + k] as u32);
            shaded.pos.push([p(0), p(1), p(2), p(3)]);
            shaded.outputs.extend_from_slice(block);
        }
        first += n;
    }
    Ok(shaded)
}

/// Where a vertex shader input row comes from.
#[derive(Clone, Copy)]
enum Source {
    VertexId,
    Zero,
    Attribute(crate::resource::ElementFormat, u32),
}

/// The vertex buffer from byte `start` on; past its end, no bytes, which
/// [`read_element`] reads as the missing components' defaults (0, 0, 0, 1).
fn vertex_bytes(vertices: &[u8], start: u64) -> &[u8] {
    match usize::try_from(start).ok().and_then(|s| vertices.get(s..)) {
        Some(bytes) => bytes,
        None => &[],
    }
}
