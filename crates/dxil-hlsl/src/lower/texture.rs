//! Texture methods as DXC lowers them for the shader stages without derivatives' implicit
//! ones (compute first): `Load` (with mip level, sample index and offsets), the explicit
//! sampling (`SampleLevel`, `SampleGrad`, `SampleCmpLevelZero`, `SampleCmpLevel`), the
//! implicit ones where the target allows them (`Sample`, `SampleBias`, `SampleCmp`), the
//! gathers of one channel (`Gather`, `GatherRed`..., `GatherCmp`...), the level of detail
//! and `GetDimensions`: one `dx.op` each, coordinates and offsets padded with `undef` to
//! the operation's operand count, the result's components extracted from `ResRet`.

use dxil_ir::build::Value;
use dxil_ops::Scalar as Dx;

use super::emit::Leaf;
use super::func::{Fx, ResRef, Rv};
use super::intrinsic::{ArgV, Call};
use super::place::oty;
use super::types;
use super::{LowerError, LowerResult};
use crate::ast::ExprId;
use crate::sema::intrinsics::Scope;
use crate::sema::Scalar;

/// The dimensions of a texture kind (its name without `RW`/`RasterizerOrdered`).
#[derive(Clone, Copy)]
struct Shape {
    /// Texel offsets (none for cubes).
    offsets: usize,
    /// `Load`'s location without the mip level.
    load: usize,
    /// Multisampled: `Load` takes a sample index, `GetDimensions` reports samples.
    ms: bool,
    /// `GetDimensions`' leading outputs: the components of `dx.op.getDimensions`.
    dims: &'static [u32],
}

fn shape(base: &str) -> Option<Shape> {
    let s = |offsets, load, ms, dims| Shape {
        offsets,
        load,
        ms,
        dims,
    };
    Some(match base {
        "Texture1D" => s(1, 1, false, &[0]),
        "Texture1DArray" => s(1, 2, false, &[0, 1]),
        "Texture2D" => s(2, 2, false, &[0, 1]),
        "Texture2DArray" => s(2, 3, false, &[0, 1, 2]),
        "Texture3D" => s(3, 3, false, &[0, 1, 2]),
        "TextureCube" => s(0, 3, false, &[0, 1]),
        "TextureCubeArray" => s(0, 4, false, &[0, 1, 2]),
        "Texture2DMS" => s(2, 2, true, &[0, 1]),
        "Texture2DMSArray" => s(2, 3, true, &[0, 1, 2]),
        _ => return None,
    })
}

impl Fx<'_, '_> {
    /// A method of a texture; `None` when `oname` is not a texture or `name` not one of
    /// the methods lowered here.
    pub fn texture_method(
        &mut self,
        r: ResRef,
        oname: &str,
        name: &str,
        args: &[ExprId],
    ) -> LowerResult<Option<Option<Rv>>> {
        let rw = oname.starts_with("RW") || oname.starts_with("RasterizerOrdered");
        let base = oname
            .trim_start_matches("RW")
            .trim_start_matches("RasterizerOrdered");
        let Some(sh) = shape(base) else {
            return Ok(None);
        };
        let gather_channel = |n: &str| -> Option<(bool, i64)> {
            let (cmp, rest) = match n.strip_prefix("GatherCmp") {
                Some(rest) => (true, rest),
                None => (false, n.strip_prefix("Gather")?),
            };
            let ch = match rest {
                "" | "Red" => 0,
                "Green" => 1,
                "Blue" => 2,
                "Alpha" => 3,
                _ => return None,
            };
            Some((cmp, ch))
        };
        let known = matches!(
            name,
            "Load"
                | "SampleLevel"
                | "SampleGrad"
                | "SampleCmpLevelZero"
                | "SampleCmpLevel"
                | "Sample"
                | "SampleBias"
                | "SampleCmp"
                | "CalculateLevelOfDetail"
                | "CalculateLevelOfDetailUnclamped"
                | "GetDimensions"
        ) || gather_channel(name).is_some();
        if !known {
            return Ok(None);
        }
        let c = self.resolve_call(Scope::Object(r.ty), name, None, args)?;
        if name == "GetDimensions" {
            return self.texture_dimensions(r, sh, rw, &c).map(|_| Some(None));
        }
        let h = self.handle(r)?;
        let ret_s = types::scalar_of(self.cx, c.ret).unwrap_or(Scalar::F32);
        let d = self.cx.storage.reg(ret_s);
        let o = [oty(d)];
        let n = types::leaf_count(self.cx, c.ret)?;
        let leaves =
            |c: &Call, k: usize| -> LowerResult<Vec<Leaf>> { Ok(c.val(k)?.leaves.clone()) };
        let pad = |mut v: Vec<Leaf>, to: usize| {
            v.resize(to, Leaf::Undef);
            v
        };
        // Offsets: given, else zeros for the kinds that have them, as DXC writes them.
        let offsets = |c: &Call, k: usize| -> LowerResult<Vec<Leaf>> {
            let v = if k < c.args.len() && matches!(c.args[k], ArgV::In(_)) {
                leaves(c, k)?
            } else {
                vec![Leaf::Int(0); sh.offsets]
            };
            Ok(pad(v, 3))
        };
        let sampler = |fx: &mut Self, c: &Call| -> LowerResult<Value> {
            match c.args.first() {
                Some(ArgV::In(Rv { res: Some(s), .. })) => fx.handle(*s),
                _ => Err(LowerError::shader("expected a sampler argument")),
            }
        };
        let nargs = c.args.len();
        let value = match name {
            "Load" => {
                let loc = leaves(&c, 0)?;
                let (coords, mip, next) = if sh.ms {
                    (loc.clone(), leaves(&c, 1)?[0], 2)
                } else if rw {
                    (loc.clone(), Leaf::Undef, 1)
                } else {
                    (loc[..sh.load].to_vec(), loc[sh.load], 1)
                };
                let coords = pad(coords, 3);
                let offs = if next < nargs {
                    pad(leaves(&c, next)?, 3)
                } else {
                    vec![Leaf::Undef; 3]
                };
                if nargs > next + 1 || (rw && nargs > 1) {
                    return Err(LowerError::unsupported(format!(
                        "{oname}::Load with a status argument"
                    )));
                }
                self.e.texture_load(
                    &o, h, mip, coords[0], coords[1], coords[2], offs[0], offs[1], offs[2],
                )?
            }
            "CalculateLevelOfDetail" | "CalculateLevelOfDetailUnclamped" => {
                let s = sampler(self, &c)?;
                let x = pad(leaves(&c, 1)?, 3);
                let v = self.e.calculate_lod(
                    &[oty(Dx::Float)],
                    h,
                    s,
                    x[0],
                    x[1],
                    x[2],
                    name == "CalculateLevelOfDetail",
                )?;
                return Ok(Some(Some(Rv {
                    ty: c.ret,
                    leaves: vec![Leaf::V(v)],
                    res: None,
                    objs: Vec::new(),
                })));
            }
            _ => {
                let s = sampler(self, &c)?;
                let x = pad(leaves(&c, 1)?, 4);
                let f = |c: &Call, k: usize| -> LowerResult<Leaf> {
                    Ok(if k < nargs {
                        c.val(k)?.leaves[0]
                    } else {
                        Leaf::Undef
                    })
                };
                let status = |last: usize| -> LowerResult<()> {
                    if nargs > last {
                        Err(LowerError::unsupported(format!(
                            "{oname}::{name} with a status argument"
                        )))
                    } else {
                        Ok(())
                    }
                };
                match name {
                    "SampleLevel" => {
                        status(4)?;
                        let off = offsets(&c, 3)?;
                        let lod = f(&c, 2)?;
                        self.e.sample_level(
                            &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], off[2], lod,
                        )?
                    }
                    "Sample" => {
                        status(4)?;
                        let off = offsets(&c, 2)?;
                        let clamp = f(&c, 3)?;
                        self.e.sample(
                            &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], off[2], clamp,
                        )?
                    }
                    "SampleBias" => {
                        status(5)?;
                        let off = offsets(&c, 3)?;
                        let (bias, clamp) = (f(&c, 2)?, f(&c, 4)?);
                        self.e.sample_bias(
                            &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], off[2], bias, clamp,
                        )?
                    }
                    "SampleGrad" => {
                        status(6)?;
                        let ddx = pad(leaves(&c, 2)?, 3);
                        let ddy = pad(leaves(&c, 3)?, 3);
                        let off = offsets(&c, 4)?;
                        let clamp = f(&c, 5)?;
                        self.e.sample_grad(
                            &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], off[2], ddx[0],
                            ddx[1], ddx[2], ddy[0], ddy[1], ddy[2], clamp,
                        )?
                    }
                    "SampleCmpLevelZero" => {
                        status(4)?;
                        let off = offsets(&c, 3)?;
                        let cmp = f(&c, 2)?;
                        self.e.sample_cmp_level_zero(
                            &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], off[2], cmp,
                        )?
                    }
                    "SampleCmpLevel" => {
                        status(5)?;
                        let off = offsets(&c, 4)?;
                        let (cmp, lod) = (f(&c, 2)?, f(&c, 3)?);
                        self.e.sample_cmp_level(
                            &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], off[2], cmp, lod,
                        )?
                    }
                    "SampleCmp" => {
                        status(5)?;
                        let off = offsets(&c, 3)?;
                        let (cmp, clamp) = (f(&c, 2)?, f(&c, 4)?);
                        self.e.sample_cmp(
                            &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], off[2], cmp, clamp,
                        )?
                    }
                    _ => {
                        let Some((cmp, ch)) = gather_channel(name) else {
                            return Ok(None);
                        };
                        let first_off = if cmp { 3 } else { 2 };
                        status(first_off + 1)?;
                        let off = offsets(&c, first_off)?;
                        if cmp {
                            let v = f(&c, 2)?;
                            self.e.texture_gather_cmp(
                                &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], ch, v,
                            )?
                        } else {
                            self.e.texture_gather(
                                &o, h, s, x[0], x[1], x[2], x[3], off[0], off[1], ch,
                            )?
                        }
                    }
                }
            }
        };
        let mut out = Vec::with_capacity(n);
        for k in 0..n as u32 {
            out.push(Leaf::V(self.e.ir().extract_value(value, &[k])?));
        }
        Ok(Some(Some(Rv {
            ty: c.ret,
            leaves: out,
            res: None,
            objs: Vec::new(),
        })))
    }

    /// `GetDimensions([mip,] out width[, height[, depth or elements]][, levels or
    /// samples])` of a texture: one `dx.op.getDimensions` at the mip level given (0 when
    /// none for read-only textures, `undef` for writable and multisampled ones).
    fn texture_dimensions(&mut self, r: ResRef, sh: Shape, rw: bool, c: &Call) -> LowerResult<()> {
        let has_mip = matches!(c.args.first(), Some(ArgV::In(_)));
        let outs = c.args.len() - usize::from(has_mip);
        let mut comps: Vec<u32> = sh.dims.to_vec();
        if sh.ms || (!rw && outs > comps.len()) {
            comps.push(3);
        }
        if outs != comps.len() {
            return Err(LowerError::shader(format!(
                "no matching member function for call to 'GetDimensions': {outs} outputs given"
            )));
        }
        let mip = if has_mip {
            c.val(0)?.leaves[0]
        } else if rw || sh.ms {
            Leaf::Undef
        } else {
            Leaf::Int(0)
        };
        let h = self.handle(r)?;
        let dims = self.e.get_dimensions(&[], h, mip)?;
        let u = self.ty_scalar(Scalar::U32);
        for (k, &comp) in comps.iter().enumerate() {
            let at = k + usize::from(has_mip);
            let ArgV::Out(p) = &c.args[at] else {
                return Err(LowerError::internal("GetDimensions output is not a place"));
            };
            let p = p.clone();
            let l = Leaf::V(self.e.ir().extract_value(dims, &[comp])?);
            self.write_out(&p, u, vec![l])?;
        }
        Ok(())
    }
}
