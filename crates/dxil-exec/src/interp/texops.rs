//! Texture operations wired to [`crate::texture`] (DXIL.rst "Operations": TextureLoad,
//! TextureStore, Sample*, TextureGather*, CalculateLOD). Operations that take their
//! gradients implicitly (Sample, SampleBias, SampleCmp, CalculateLOD) take them from the
//! quad, as compute shaders do with derivatives (SM 6.6): coarse differences across the
//! 2x2 lanes of each quad.

use dxil_ops::OpCode as O;

use crate::code::{Slot, Ty};
use crate::error::{Result, RuntimeCause};
use crate::interp::buffer::from_regs;
use crate::interp::dxop::{operand, resource};
use crate::interp::float::f32_to_half;
use crate::interp::{for_lanes, Ctx, Mask, Wave};
use crate::resource::SamplerDesc;
use crate::texture::{self, Lod, SampleArgs};

/// Whether `op` is computed here.
pub(crate) fn handles(op: O) -> bool {
    matches!(
        op,
        O::TextureLoad
            | O::TextureStore
            | O::TextureStoreSample
            | O::Sample
            | O::SampleBias
            | O::SampleLevel
            | O::SampleGrad
            | O::SampleCmp
            | O::SampleCmpLevelZero
            | O::SampleCmpLevel
            | O::SampleCmpGrad
            | O::SampleCmpBias
            | O::TextureGather
            | O::TextureGatherCmp
            | O::TextureGatherRaw
            | O::Texture2DMSGetSamplePosition
            | O::CalculateLOD
    )
}

fn sampler_desc(ctx: &mut Ctx<'_>, h: u64) -> Result<SamplerDesc> {
    let res = resource(ctx, h)?;
    res.sampler.ok_or_else(|| RuntimeCause::NotASampler.into())
}

fn f(w: &Wave, s: Slot, l: usize) -> f32 {
    f32::from_bits(w.get(s, l) as u32)
}

/// Coarse derivatives of coordinates `coords` at lane `l` (x then y).
fn quad_grads(w: &Wave, coords: &[Slot], l: usize) -> ([f32; 3], [f32; 3]) {
    let q = l & !3;
    let mut ddx = [0.0; 3];
    let mut ddy = [0.0; 3];
    for (k, &s) in coords.iter().enumerate().take(3) {
        let at = |i: usize| if q + i < w.lanes { f(w, s, q + i) } else { 0.0 };
        ddx[k] = at(1) - at(0);
        ddy[k] = at(2) - at(0);
    }
    (ddx, ddy)
}

fn write_f32s(w: &mut Wave, dst: Slot, l: usize, ty: Ty, v: [f32; 4]) {
    for (k, x) in v.iter().enumerate() {
        let bits = if ty == Ty::F16 {
            u64::from(f32_to_half(*x))
        } else {
            u64::from(x.to_bits())
        };
        w.set(dst + k as u32, l, bits);
    }
    w.set(dst + 4, l, 1);
}

/// Runs a texture operation for the lanes of `mask`.
pub(crate) fn exec(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    op: O,
    ty: Ty,
    dst: Slot,
    args: &[Slot],
    mask: Mask,
) -> Result<()> {
    let arg = |i: usize| operand(op, args, i);
    let int = |w: &Wave, i: usize, l: usize| -> Result<i32> { Ok(w.get(arg(i)?, l) as u32 as i32) };
    match op {
        O::TextureLoad => for_lanes!(mask, l, {
            let h = w.get(arg(0)?, l);
            let mip = w.get(arg(1)?, l) as u32;
            let coord = [int(w, 2, l)?, int(w, 3, l)?, int(w, 4, l)?];
            let offset = [int(w, 5, l)?, int(w, 6, l)?, int(w, 7, l)?];
            let res = resource(ctx, h)?;
            let ms = matches!(
                res.view,
                crate::ResourceKind::Texture2DMS | crate::ResourceKind::Texture2DMSArray
            );
            let regs = if ms {
                texture::load(res, coord, 0, mip, offset)
            } else {
                texture::load(res, coord, mip, 0, offset)
            };
            let wide = res.format.is_some_and(|f| f.component.size() == 8);
            let mut out = [0u64; 8];
            from_regs(regs, ty, wide, &mut out);
            for (k, v) in out.iter().enumerate().take(4) {
                w.set(dst + k as u32, l, *v);
            }
            w.set(dst + 4, l, 1);
        }),
        O::TextureStore | O::TextureStoreSample => for_lanes!(mask, l, {
            let h = w.get(arg(0)?, l);
            let coord = [
                w.get(arg(1)?, l) as u32,
                w.get(arg(2)?, l) as u32,
                w.get(arg(3)?, l) as u32,
            ];
            let vals = [
                w.get(arg(4)?, l),
                w.get(arg(5)?, l),
                w.get(arg(6)?, l),
                w.get(arg(7)?, l),
            ];
            let m = w.get(arg(8)?, l) as u8;
            let res = resource(ctx, h)?;
            let wide = res.format.is_some_and(|f| f.component.size() == 8);
            let (regs, m) = crate::interp::buffer::to_regs(&vals, ty, wide, m);
            let sample = if op == O::TextureStoreSample {
                w.get(arg(9)?, l) as u32
            } else {
                0
            };
            texture::store_sample(res, coord, sample, regs, m);
        }),
        O::Texture2DMSGetSamplePosition => for_lanes!(mask, l, {
            let index = w.get(arg(1)?, l) as u32;
            let res = resource(ctx, w.get(arg(0)?, l))?;
            let [x, y] = texture::sample_position(res, index);
            w.set(dst, l, u64::from(x.to_bits()));
            w.set(dst + 1, l, u64::from(y.to_bits()));
        }),
        O::CalculateLOD => for_lanes!(mask, l, {
            let (h, s) = (w.get(arg(0)?, l), w.get(arg(1)?, l));
            let sampler = sampler_desc(ctx, s)?;
            let coords = [arg(2)?, arg(3)?, arg(4)?];
            let (ddx, ddy) = quad_grads(w, &coords, l);
            let sa = SampleArgs {
                coord: [f(w, arg(2)?, l), f(w, arg(3)?, l), f(w, arg(4)?, l), 0.0],
                offset: [0; 3],
                lod: Lod::Grad { ddx, ddy },
                clamp: None,
                compare: None,
            };
            let clamped = w.get(arg(5)?, l) & 1 == 1;
            let res = resource(ctx, h)?;
            let r = texture::calculate_lod(res, &sampler, &sa);
            let v = if clamped { r[0] } else { r[1] };
            w.set(dst, l, u64::from(v.to_bits()));
        }),
        _ => for_lanes!(mask, l, {
            let (h, s) = (w.get(arg(0)?, l), w.get(arg(1)?, l));
            let sampler = sampler_desc(ctx, s)?;
            let coords = [arg(2)?, arg(3)?, arg(4)?, arg(5)?];
            let coord = [
                f(w, arg(2)?, l),
                f(w, arg(3)?, l),
                f(w, arg(4)?, l),
                f(w, arg(5)?, l),
            ];
            let gather = matches!(
                op,
                O::TextureGather | O::TextureGatherCmp | O::TextureGatherRaw
            );
            let offset = if gather {
                [int(w, 6, l)?, int(w, 7, l)?, 0]
            } else {
                [int(w, 6, l)?, int(w, 7, l)?, int(w, 8, l)?]
            };
            let opt = |w: &Wave, i: usize| -> Result<Option<f32>> { Ok(Some(f(w, arg(i)?, l))) };
            let (ddx, ddy) = quad_grads(w, &coords, l);
            let (lod, clamp, compare) = match op {
                O::Sample => (Lod::Grad { ddx, ddy }, opt(w, 9)?, None),
                O::SampleBias => (
                    Lod::Bias {
                        bias: f(w, arg(9)?, l),
                        ddx,
                        ddy,
                    },
                    opt(w, 10)?,
                    None,
                ),
                O::SampleLevel => (Lod::Level(f(w, arg(9)?, l)), None, None),
                O::SampleGrad => (
                    Lod::Grad {
                        ddx: [f(w, arg(9)?, l), f(w, arg(10)?, l), f(w, arg(11)?, l)],
                        ddy: [f(w, arg(12)?, l), f(w, arg(13)?, l), f(w, arg(14)?, l)],
                    },
                    opt(w, 15)?,
                    None,
                ),
                O::SampleCmp => (Lod::Grad { ddx, ddy }, opt(w, 10)?, opt(w, 9)?),
                O::SampleCmpLevelZero => (Lod::Level(0.0), None, opt(w, 9)?),
                O::SampleCmpLevel => (Lod::Level(f(w, arg(10)?, l)), None, opt(w, 9)?),
                O::SampleCmpGrad => (
                    Lod::Grad {
                        ddx: [f(w, arg(10)?, l), f(w, arg(11)?, l), f(w, arg(12)?, l)],
                        ddy: [f(w, arg(13)?, l), f(w, arg(14)?, l), f(w, arg(15)?, l)],
                    },
                    opt(w, 16)?,
                    opt(w, 9)?,
                ),
                O::SampleCmpBias => (
                    Lod::Bias {
                        bias: f(w, arg(10)?, l),
                        ddx,
                        ddy,
                    },
                    opt(w, 11)?,
                    opt(w, 9)?,
                ),
                O::TextureGatherCmp => (Lod::Level(0.0), None, opt(w, 9)?),
                _ => (Lod::Level(0.0), None, None),
            };
            let sa = SampleArgs {
                coord,
                offset,
                lod,
                clamp,
                compare,
            };
            let res = resource(ctx, h)?;
            if op == O::TextureGatherRaw {
                // Whole elements, cut to the result's integer width.
                let keep = u64::MAX >> (64 - ty.bits().clamp(1, 64));
                for (k, v) in texture::gather_raw(res, &sampler, &sa).iter().enumerate() {
                    w.set(dst + k as u32, l, v & keep);
                }
                w.set(dst + 4, l, 1);
            } else if gather {
                let channel = w.get(arg(8)?, l) as u8;
                let regs = texture::gather(res, &sampler, &sa, channel);
                let mut out = [0u64; 8];
                from_regs(regs, ty, false, &mut out);
                for (k, v) in out.iter().enumerate().take(4) {
                    w.set(dst + k as u32, l, *v);
                }
                w.set(dst + 4, l, 1);
            } else {
                let v = texture::sample(res, &sampler, &sa);
                write_f32s(w, dst, l, ty, v);
            }
        }),
    }
    Ok(())
}
