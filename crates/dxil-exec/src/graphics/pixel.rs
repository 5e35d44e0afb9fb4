//! The pixel shader (D3D11.3 functional spec, "Pixel Shader Stage", "Attribute
//! Interpolation", "Helper Pixels"): a triangle's pixels run in 2x2 quads, lanes 0..3 at
//! (0,0), (1,0), (0,1), (1,1) as the derivative operations read them; pixels of a quad the
//! triangle does not cover run as helper lanes. Inputs are interpolated at pixel centres as
//! each element's interpolation mode says (centroid and sample modes at the centre: one
//! sample per pixel), then covered, undiscarded pixels inside [0, 1] depth pass a `LESS`
//! depth test and write `SV_Target0` in the target's format.

use dxil_ops::SemanticKind;

use super::raster::Triangle;
use super::signature::Element;
use super::vertex::Shaded;
use super::{run_wave, Draw, RenderTarget};
use crate::error::{InputCause, Result};
use crate::format::{f32_to_half, half_to_f32, write_element};
use crate::interp::{Mask, Wave};
use crate::program::Program;
use crate::resource::{Bindings, ComponentType};

/// Quads shaded together (a wave of 32 lanes).
const QUADS: usize = 8;
/// `ComponentType` values of floating-point elements.
const F16: u8 = ComponentType::F16 as u8;
const F32: u8 = ComponentType::F32 as u8;
/// `InterpolationMode`: `nointerpolation`, and the `noperspective` modes.
const CONSTANT: u8 = 1;
const NOPERSPECTIVE: [u8; 3] = [4, 5, 7];

/// What pixels write into.
pub(crate) struct Target<'a> {
    pub(crate) rt: &'a mut RenderTarget,
    pub(crate) depth: &'a mut [f32],
}

/// Where a pixel shader input row comes from.
#[derive(Clone, Copy)]
enum Source {
    Position,
    FrontFace,
    PrimitiveId,
    Zero,
    /// Value index of the vertex shader output, and how to interpolate it.
    Vertex(usize, Interp),
}

#[derive(Clone, Copy, PartialEq)]
enum Interp {
    Flat,
    Perspective,
    Screen,
}

/// Matches each pixel shader input row to its source.
fn sources(ps: &[Element], verts: &Shaded) -> Result<Vec<(usize, Source, bool)>> {
    let mut out = Vec::new();
    for e in ps {
        for row in 0..e.rows {
            let at = e.base as usize + row as usize * 4;
            let half = e.component == F16;
            let src = if e.is(SemanticKind::Position) {
                Source::Position
            } else if e.is(SemanticKind::IsFrontFace) {
                Source::FrontFace
            } else if e.is(SemanticKind::PrimitiveID) {
                Source::PrimitiveId
            } else if e.is(SemanticKind::SampleIndex) {
                Source::Zero
            } else {
                let index = e.semantic_index(row);
                let v =
                    vertex_output(verts, e, index).ok_or_else(|| InputCause::NotAVertexOutput {
                        semantic: e.name.clone(),
                        index,
                    })?;
                let interp =
                    if e.interpolation == CONSTANT || !(e.component == F32 || e.component == F16) {
                        Interp::Flat
                    } else if NOPERSPECTIVE.contains(&e.interpolation) {
                        Interp::Screen
                    } else {
                        Interp::Perspective
                    };
                Source::Vertex(v, interp)
            };
            out.push((at, src, half));
        }
    }
    Ok(out)
}

/// The value index of the vertex shader output row with `e`'s semantic and `index`.
fn vertex_output(verts: &Shaded, e: &Element, index: u32) -> Option<usize> {
    verts.layout.elements.iter().find_map(|o| {
        if !o.name.eq_ignore_ascii_case(&e.name) {
            return None;
        }
        let row = o.indices.iter().position(|&i| i == index)?;
        Some(o.base as usize + row * 4)
    })
}

/// Runs the pixel shader over the quads of `tri` (primitive `prim`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn shade(
    ps: &Program,
    bindings: &mut Bindings,
    verts: &Shaded,
    tri: &Triangle,
    prim: u32,
    draw: &Draw<'_>,
    out: &mut Target<'_>,
    executed: &mut u64,
) -> Result<()> {
    let prog = ps.compiled();
    let srcs = sources(&prog.stage.inputs.elements, verts)?;
    let outs = &prog.stage.outputs;
    let target = outs
        .elements
        .iter()
        .find(|e| e.is(SemanticKind::Target) && e.indices.first() == Some(&0));
    let depth_out = outs.system(SemanticKind::Depth).map(|e| e.base as usize);
    let vp = &draw.viewport;
    let inside = |x: u32, y: u32| {
        let (x, y) = (x as f32, y as f32);
        x >= vp.x.floor() && y >= vp.y.floor() && x < vp.x + vp.width && y < vp.y + vp.height
    };
    // A pixel where an interpolated clip distance is negative is clipped away (D3D11.3
    // functional spec, "Clip and Cull Distances"); clip distances of unused components
    // are 0, which keeps the pixel.
    let clip = verts.components(SemanticKind::ClipDistance);
    let inside = |x: u32, y: u32| {
        inside(x, y) && {
            let b = tri.weights(x, y);
            let pw = [0, 1, 2].map(|i| b[i] * tri.inv_w[i]);
            let inv_w: f64 = pw.iter().sum();
            clip.iter().all(|&c| {
                let d: f64 = (0..3)
                    .map(|i| pw[i] * f64::from(f32::from_bits(verts.value(tri.idx[i], c) as u32)))
                    .sum();
                d / inv_w >= 0.0
            })
        }
    };
    let mut wave = Wave::new(prog, QUADS * 4)?;
    let mut depths = [0f32; QUADS * 4];
    let job = Job {
        tri,
        prim,
        verts,
        srcs: &srcs,
        inside: &inside,
    };
    // Shades a batch of quads (one wave) and writes what its pixels output.
    let mut flush = |quads: &[[u32; 2]]| -> Result<()> {
        run_quads(
            ps,
            &mut wave,
            bindings,
            &job,
            quads,
            &mut depths,
            draw.budget,
            executed,
        )?;
        write(
            &wave,
            quads,
            &depths,
            out,
            target,
            depth_out,
            outs.stride as usize,
        )
    };
    let [x0, y0, x1, y1] = tri.bounds;
    let mut quads: Vec<[u32; 2]> = Vec::with_capacity(QUADS);
    let mut qy = y0;
    while qy < y1 {
        let mut qx = x0;
        while qx < x1 {
            let any = (0..4).any(|k| {
                let (x, y) = (qx + (k & 1), qy + (k >> 1));
                x < x1 && y < y1 && inside(x, y) && tri.covers(x, y)
            });
            if any {
                quads.push([qx, qy]);
                if quads.len() == QUADS {
                    flush(&quads)?;
                    quads.clear();
                }
            }
            qx += 2;
        }
        qy += 2;
    }
    if !quads.is_empty() {
        flush(&quads)?;
    }
    Ok(())
}

/// What the lanes of one triangle's quads are filled from.
struct Job<'a> {
    tri: &'a Triangle,
    prim: u32,
    verts: &'a Shaded,
    srcs: &'a [(usize, Source, bool)],
    inside: &'a dyn Fn(u32, u32) -> bool,
}

/// The pixel of lane `l` of the quad at `q`.
#[inline]
fn pixel_of(q: [u32; 2], l: usize) -> (u32, u32) {
    (q[0] + (l as u32 & 1), q[1] + (l as u32 >> 1 & 1))
}

/// Fills the lanes of `quads` (and each lane's interpolated depth in `depths`), marks the
/// helpers, and runs the shader.
#[allow(clippy::too_many_arguments)]
fn run_quads(
    ps: &Program,
    wave: &mut Wave,
    bindings: &mut Bindings,
    job: &Job<'_>,
    quads: &[[u32; 2]],
    depths: &mut [f32],
    budget: u64,
    executed: &mut u64,
) -> Result<()> {
    let prog = ps.compiled();
    let stride = prog.stage.inputs.stride as usize;
    wave.reset(prog, 0, quads.len() as u32 * 4, [u32::MAX, 1, 1]);
    wave.outputs.fill(0);
    let tri = job.tri;
    let mut helper: Mask = 0;
    for (qi, &q) in quads.iter().enumerate() {
        for k in 0..4 {
            let l = qi * 4 + k;
            let (x, y) = pixel_of(q, k);
            if !((job.inside)(x, y) && tri.covers(x, y)) {
                helper |= 1 << l;
            }
            let b = tri.weights(x, y);
            let pw = [0, 1, 2].map(|i| b[i] * tri.inv_w[i]);
            let inv_w: f64 = pw.iter().sum();
            // Depth is linear in screen space (D3D interpolates z/w without perspective).
            let z: f64 = (0..3).map(|i| b[i] * tri.z[i]).sum();
            depths[l] = z as f32;
            let block = &mut wave.inputs[l * stride..(l + 1) * stride];
            for &(at, src, half) in job.srcs {
                let vals: [u64; 4] = match src {
                    Source::Position => [f64::from(x) + 0.5, f64::from(y) + 0.5, z, 1.0 / inv_w]
                        .map(|v| u64::from((v as f32).to_bits())),
                    Source::FrontFace => [if tri.front { u64::from(u32::MAX) } else { 0 }, 0, 0, 0],
                    Source::PrimitiveId => [u64::from(job.prim), 0, 0, 0],
                    Source::Zero => [0; 4],
                    Source::Vertex(at, interp) => {
                        let vs = job.verts;
                        let mut v = [0u64; 4];
                        for (c, slot) in v.iter_mut().enumerate() {
                            let raw = [0, 1, 2].map(|i| vs.value(tri.idx[i], at + c));
                            *slot = match interp {
                                Interp::Flat => raw[0],
                                _ => {
                                    let f = raw.map(|r| {
                                        if half {
                                            f64::from(half_to_f32(r as u16))
                                        } else {
                                            f64::from(f32::from_bits(r as u32))
                                        }
                                    });
                                    let r = if interp == Interp::Screen {
                                        (0..3).map(|i| b[i] * f[i]).sum::<f64>()
                                    } else {
                                        (0..3).map(|i| pw[i] * f[i]).sum::<f64>() / inv_w
                                    };
                                    if half {
                                        u64::from(f32_to_half(r as f32))
                                    } else {
                                        u64::from((r as f32).to_bits())
                                    }
                                }
                            };
                        }
                        v
                    }
                };
                block[at..at + 4].copy_from_slice(&vals);
            }
        }
    }
    wave.helper = helper;
    run_wave(ps, wave, bindings, budget, executed)
}

/// Writes the covered, undiscarded lanes that pass the depth test.
fn write(
    wave: &Wave,
    quads: &[[u32; 2]],
    depths: &[f32],
    out: &mut Target<'_>,
    target: Option<&Element>,
    depth_out: Option<usize>,
    stride: usize,
) -> Result<()> {
    let fmt = out.rt.format;
    let size = fmt.size() as usize;
    // The depth the shader writes (`SV_Depth`) when it writes one, else the interpolated one.
    let depth = |l: usize| match depth_out {
        Some(d) => f32::from_bits(wave.outputs[l * stride + d] as u32),
        None => depths[l],
    };
    for (qi, &q) in quads.iter().enumerate() {
        for k in 0..4 {
            let l = qi * 4 + k;
            if wave.helper >> l & 1 == 1 {
                continue;
            }
            let (x, y) = pixel_of(q, k);
            let i = y as usize * out.rt.width as usize + x as usize;
            let z = depth(l);
            // Outside [0, 1] is clipped; `LESS` fails for NaN too.
            if !(0.0..=1.0).contains(&z)
                || z.partial_cmp(&out.depth[i]) != Some(std::cmp::Ordering::Less)
            {
                continue;
            }
            out.depth[i] = z;
            let Some(t) = target else { continue };
            let base = l * stride + t.base as usize;
            let mut v = [0u32; 4];
            for (c, slot) in v.iter_mut().enumerate() {
                let raw = wave.outputs[base + c];
                *slot = if t.component == F16 {
                    half_to_f32(raw as u16).to_bits()
                } else {
                    raw as u32
                };
            }
            let bytes = out
                .rt
                .data
                .get_mut(i * size..(i + 1) * size)
                .ok_or(InputCause::RenderTargetOverrun)?;
            write_element(fmt, v, 0xf, bytes);
        }
    }
    Ok(())
}
