//! Texture operations wired to [`crate::texture`] (DXIL.rst "Operations": TextureLoad,
//! TextureStore, Sample*, TextureGather*, CalculateLOD). Operations that take their
//! gradients implicitly (Sample, SampleBias, SampleCmp, CalculateLOD) take them from the
//! quad, as compute shaders do with derivatives (SM 6.6): coarse differences across the
//! 2x2 lanes of each quad.

use crate::code::{Slot, Ty};
use crate::error::{Result, RuntimeCause};
use crate::interp::buffer::from_regs;
use crate::interp::dxop::resource;
use crate::interp::float::f32_to_half;
use crate::interp::{for_lanes, Ctx, Mask, Wave};
use crate::resource::SamplerDesc;
use crate::texture::{self, Lod, SampleArgs};

/// Where a sampling operation's level of detail comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Gradients {
    /// The quad's differences of the coordinates (`Sample`, `SampleCmp`).
    Quad,
    /// The quad's differences, plus the `bias` operand (`SampleBias`, `SampleCmpBias`).
    Bias(Slot),
    /// The `lod` operand (`SampleLevel`, `SampleCmpLevel`).
    Level(Slot),
    /// Level 0 (`SampleCmpLevelZero`, the gathers).
    LevelZero,
    /// The `ddx` and `ddy` operands (`SampleGrad`, `SampleCmpGrad`).
    Given([Slot; 3], [Slot; 3]),
}

/// The operands of a sampling or gathering operation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sampling {
    srv: Slot,
    sampler: Slot,
    coord: [Slot; 4],
    /// Texel offsets per axis; an axis without one (the gathers' third) takes 0.
    offset: [Option<Slot>; 3],
    lod: Gradients,
    clamp: Option<Slot>,
    compare: Option<Slot>,
}

impl Sampling {
    /// The operation on `srv` through `sampler` at `coord`, without offsets, clamp or
    /// comparison.
    pub(crate) fn new(srv: Slot, sampler: Slot, coord: [Slot; 4], lod: Gradients) -> Self {
        Sampling {
            srv,
            sampler,
            coord,
            offset: [None; 3],
            lod,
            clamp: None,
            compare: None,
        }
    }

    /// With texel offsets on all three axes.
    pub(crate) fn offset(self, o: [Slot; 3]) -> Self {
        Sampling {
            offset: o.map(Some),
            ..self
        }
    }

    /// With texel offsets in x and y (the gathers).
    pub(crate) fn offset2(self, [x, y]: [Slot; 2]) -> Self {
        Sampling {
            offset: [Some(x), Some(y), None],
            ..self
        }
    }

    /// With the `clamp` operand: the least LOD.
    pub(crate) fn clamp(self, clamp: Slot) -> Self {
        Sampling {
            clamp: Some(clamp),
            ..self
        }
    }

    /// With the `compareValue` operand.
    pub(crate) fn compare(self, compare: Slot) -> Self {
        Sampling {
            compare: Some(compare),
            ..self
        }
    }

    /// What lane `l` samples.
    fn args(&self, w: &Wave, l: usize) -> SampleArgs {
        let quad = || quad_grads(w, &self.coord, l);
        let lod = match self.lod {
            Gradients::Quad => {
                let (ddx, ddy) = quad();
                Lod::Grad { ddx, ddy }
            }
            Gradients::Bias(bias) => {
                let (ddx, ddy) = quad();
                Lod::Bias {
                    bias: f(w, bias, l),
                    ddx,
                    ddy,
                }
            }
            Gradients::Level(lod) => Lod::Level(f(w, lod, l)),
            Gradients::LevelZero => Lod::Level(0.0),
            Gradients::Given(ddx, ddy) => Lod::Grad {
                ddx: ddx.map(|s| f(w, s, l)),
                ddy: ddy.map(|s| f(w, s, l)),
            },
        };
        SampleArgs {
            coord: self.coord.map(|s| f(w, s, l)),
            offset: self.offset.map(|o| o.map_or(0, |s| int(w, s, l))),
            lod,
            clamp: self.clamp.map(|s| f(w, s, l)),
            compare: self.compare.map(|s| f(w, s, l)),
        }
    }
}

fn sampler_desc(ctx: &mut Ctx<'_>, h: u64) -> Result<SamplerDesc> {
    let res = resource(ctx, h)?;
    res.sampler.ok_or_else(|| RuntimeCause::NotASampler.into())
}

fn f(w: &Wave, s: Slot, l: usize) -> f32 {
    f32::from_bits(w.get(s, l) as u32)
}

fn int(w: &Wave, s: Slot, l: usize) -> i32 {
    w.get(s, l) as u32 as i32
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

/// `TextureLoad`: the texel of `srv` at `coord` + `offset`, of mip level `mip` (or sample
/// `mip` of a multisampled texture).
#[allow(clippy::too_many_arguments)]
pub(crate) fn load(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    ty: Ty,
    dst: Slot,
    mask: Mask,
    srv: Slot,
    mip: Slot,
    coord: [Slot; 3],
    offset: [Slot; 3],
) -> Result<()> {
    for_lanes!(mask, l, {
        let h = w.get(srv, l);
        let mip = w.get(mip, l) as u32;
        let coord = coord.map(|s| int(w, s, l));
        let offset = offset.map(|s| int(w, s, l));
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
    });
    Ok(())
}

/// `TextureStore`, or with `sample` `TextureStoreSample`: the components `components` of
/// `values` to the texel of `srv` at `coord`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn store(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    ty: Ty,
    mask: Mask,
    srv: Slot,
    coord: [Slot; 3],
    values: [Slot; 4],
    components: Slot,
    sample: Option<Slot>,
) -> Result<()> {
    for_lanes!(mask, l, {
        let h = w.get(srv, l);
        let coord = coord.map(|s| w.get(s, l) as u32);
        let vals = values.map(|s| w.get(s, l));
        let m = w.get(components, l) as u8;
        let res = resource(ctx, h)?;
        let wide = res.format.is_some_and(|f| f.component.size() == 8);
        let (regs, m) = crate::interp::buffer::to_regs(&vals, ty, wide, m);
        let sample = sample.map_or(0, |s| w.get(s, l) as u32);
        texture::store_sample(res, coord, sample, regs, m);
    });
    Ok(())
}

/// `Texture2DMSGetSamplePosition`.
pub(crate) fn sample_position(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    dst: Slot,
    mask: Mask,
    srv: Slot,
    index: Slot,
) -> Result<()> {
    for_lanes!(mask, l, {
        let index = w.get(index, l) as u32;
        let res = resource(ctx, w.get(srv, l))?;
        let [x, y] = texture::sample_position(res, index);
        w.set(dst, l, u64::from(x.to_bits()));
        w.set(dst + 1, l, u64::from(y.to_bits()));
    });
    Ok(())
}

/// `CalculateLOD`: the LOD a sample of `handle` through `sampler` at `coord` would take,
/// clamped or not as `clamped` says.
#[allow(clippy::too_many_arguments)]
pub(crate) fn calculate_lod(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    dst: Slot,
    mask: Mask,
    handle: Slot,
    sampler: Slot,
    coord: [Slot; 3],
    clamped: Slot,
) -> Result<()> {
    for_lanes!(mask, l, {
        let (h, s) = (w.get(handle, l), w.get(sampler, l));
        let sampler = sampler_desc(ctx, s)?;
        let (ddx, ddy) = quad_grads(w, &coord, l);
        let [x, y, z] = coord.map(|s| f(w, s, l));
        let sa = SampleArgs {
            coord: [x, y, z, 0.0],
            offset: [0; 3],
            lod: Lod::Grad { ddx, ddy },
            clamp: None,
            compare: None,
        };
        let clamped = w.get(clamped, l) & 1 == 1;
        let res = resource(ctx, h)?;
        let r = texture::calculate_lod(res, &sampler, &sa);
        let v = if clamped { r[0] } else { r[1] };
        w.set(dst, l, u64::from(v.to_bits()));
    });
    Ok(())
}

/// The `Sample*` operations.
pub(crate) fn sample(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    ty: Ty,
    dst: Slot,
    mask: Mask,
    s: &Sampling,
) -> Result<()> {
    for_lanes!(mask, l, {
        let (h, smp) = (w.get(s.srv, l), w.get(s.sampler, l));
        let sampler = sampler_desc(ctx, smp)?;
        let sa = s.args(w, l);
        let res = resource(ctx, h)?;
        let v = texture::sample(res, &sampler, &sa);
        write_f32s(w, dst, l, ty, v);
    });
    Ok(())
}

/// `TextureGather` and `TextureGatherCmp` (the component `channel` of the four texels), or
/// without a channel `TextureGatherRaw` (whole elements).
pub(crate) fn gather(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    ty: Ty,
    dst: Slot,
    mask: Mask,
    s: &Sampling,
    channel: Option<Slot>,
) -> Result<()> {
    for_lanes!(mask, l, {
        let (h, smp) = (w.get(s.srv, l), w.get(s.sampler, l));
        let sampler = sampler_desc(ctx, smp)?;
        let sa = s.args(w, l);
        let res = resource(ctx, h)?;
        match channel {
            None => {
                // Whole elements, cut to the result's integer width.
                let keep = u64::MAX >> (64 - ty.bits().clamp(1, 64));
                for (k, v) in texture::gather_raw(res, &sampler, &sa).iter().enumerate() {
                    w.set(dst + k as u32, l, v & keep);
                }
            }
            Some(c) => {
                let channel = w.get(c, l) as u8;
                let regs = texture::gather(res, &sampler, &sa, channel);
                let mut out = [0u64; 8];
                from_regs(regs, ty, false, &mut out);
                for (k, v) in out.iter().enumerate().take(4) {
                    w.set(dst + k as u32, l, *v);
                }
            }
        }
        w.set(dst + 4, l, 1);
    });
    Ok(())
}
