//! WGSL's `texture_external` as naga's HLSL back end lowers it: three `Texture2D<float4>`
//! planes and a constant buffer of naga's `NagaExternalTextureParams` (its WGSL layout: the
//! YUV-to-RGB matrix, the gamut conversion matrix, the source and destination transfer
//! functions, the sample and load transforms, the visible size and the plane count), which
//! the host fills (wgpu's `ExternalTextureParams`). One plane holds RGBA; two hold Y and
//! interleaved CbCr; three hold Y, Cb and Cr. `textureLoad`, `textureSampleBaseClampToEdge`
//! and `textureDimensions` compute what naga's helper functions (`nagaTextureLoadExternal`,
//! `nagaTextureSampleBaseClampToEdge`, `NagaExternalDimensions2D`) compute, with the same
//! branches on the plane count.

use dxil_builder::{Arg, ResourceDesc, ResourceId, ShaderBuilder};
use dxil_ir::{Block, CastOp, FloatPredicate, IntPredicate};
use dxil_ops::Ty;
use dxil_parts::names::{ComponentType, ResourceKind};
use naga::{Handle, Scalar, TypeInner};

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{GlobalSlot, Lowerer, Off, Ptr, Val};
use crate::options::Options;
use crate::Value;

/// An external texture's handles.
#[derive(Clone, Copy, Debug)]
pub struct Ext {
    /// Planes 0, 1 and 2.
    pub planes: [Value; 3],
    /// The parameters' constant buffer.
    pub params: Value,
}

/// Declares external texture `name` at `binding`'s targets: a `Texture2D<float4>` per
/// plane (planes at one register are one resource: naga's fake targets put all three
/// there) and the parameters' constant buffer.
pub fn declare(
    sb: &mut ShaderBuilder,
    module: &naga::Module,
    options: &Options,
    name: &str,
    binding: &naga::ResourceBinding,
) -> Result<GlobalSlot> {
    let t = options.resolve_external_texture(binding).ok_or_else(|| {
        Error::new(
            ErrorKind::Options,
            format!("external texture `{name}`"),
            format!(
                "no target for group {} binding {} in `Options::external_texture_binding_map`",
                binding.group, binding.binding
            ),
        )
    })?;
    let mut seen: Vec<((u8, u32), ResourceId)> = Vec::new();
    let mut planes = Vec::with_capacity(3);
    for (i, p) in t.planes.iter().enumerate() {
        let key = (p.space, p.register);
        let r = match seen.iter().find(|(k, _)| *k == key) {
            Some(&(_, r)) => r,
            None => {
                let desc = ResourceDesc::texture(
                    &format!("{name}_plane{i}"),
                    ResourceKind::Texture2D,
                    ComponentType::F32,
                    4,
                )
                .at(u32::from(p.space), p.register);
                let r = sb.resource(desc)?;
                seen.push((key, r));
                r
            }
        };
        planes.push(r);
    }
    let (ty, _, size) = params_type(module, name)?;
    let params_name = format!("{name}_params");
    let size = crate::entry::cbuffer_size(size, &params_name)?;
    let desc = crate::cbuffer::describe(sb, module, &params_name, ty, size)?
        .at(u32::from(t.params.space), t.params.register);
    let params = sb.resource(desc)?;
    Ok(GlobalSlot::External {
        planes: [planes[0], planes[1], planes[2]],
        params,
    })
}

/// naga's `NagaExternalTextureParams` (which its WGSL front end adds to a module using
/// `texture_external`): the type, its members and size.
fn params_type<'m>(
    module: &'m naga::Module,
    name: &str,
) -> Result<(naga::Handle<naga::Type>, &'m [naga::StructMember], u32)> {
    let ty = module
        .special_types
        .external_texture_params
        .ok_or_else(|| {
            Error::new(
                ErrorKind::Invalid,
                format!("external texture `{name}`"),
                "the module lacks naga's `NagaExternalTextureParams` type",
            )
        })?;
    match module.types[ty].inner {
        TypeInner::Struct { ref members, span } => Ok((ty, members, span)),
        _ => Err(Error::new(
            ErrorKind::Invalid,
            "NagaExternalTextureParams",
            "not a struct",
        )),
    }
}

impl Lowerer<'_, '_> {
    /// At the start of the entry: each external texture's handles (one per distinct
    /// resource).
    pub fn external_handles(&mut self) -> Result<()> {
        let mut made: Vec<(ResourceId, Value)> = Vec::new();
        for i in 0..self.globals.len() {
            let GlobalSlot::External { planes, params } = self.globals[i] else {
                continue;
            };
            let mut hs = [None; 3];
            for (k, &r) in planes.iter().enumerate() {
                let h = match made.iter().find(|(m, _)| *m == r) {
                    Some(&(_, h)) => h,
                    None => {
                        let h = self.e.handle(r, 0, false)?;
                        made.push((r, h));
                        h
                    }
                };
                hs[k] = Some(h);
            }
            let params = self.e.handle(params, 0, false)?;
            let [Some(a), Some(b), Some(c)] = hs else {
                continue;
            };
            self.externals[i] = Some(Ext {
                planes: [a, b, c],
                params,
            });
        }
        Ok(())
    }

    /// The external texture expression `h` evaluates to, when its type is one.
    pub fn external_of(&mut self, h: Handle<naga::Expression>) -> Result<Option<Ext>> {
        if !matches!(
            *self.ty_of(h),
            TypeInner::Image {
                class: naga::ImageClass::External,
                ..
            }
        ) {
            return Ok(None);
        }
        match self.expr(h)? {
            Val::X(x) => Ok(Some(x)),
            _ => Err(Error::new(
                ErrorKind::Invalid,
                "external texture",
                "not an external texture",
            )),
        }
    }

    /// The leaves of parameter `member` (WGSL layout: matrices column by column).
    fn param<const N: usize>(&mut self, x: Ext, member: &str) -> Result<[Value; N]> {
        let module = self.module;
        let (_, members, _) = params_type(module, "external texture")?;
        let m = members
            .iter()
            .find(|m| m.name.as_deref() == Some(member))
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Invalid,
                    "NagaExternalTextureParams",
                    format!("no member `{member}`"),
                )
            })?;
        let p = Ptr::Buf {
            handle: x.params,
            off: Off {
                c: m.offset,
                d: None,
            },
            uniform: true,
        };
        let v = self.load(&p, &module.types[m.ty].inner)?;
        let got = v.len();
        // The module names the struct; its members' shapes are checked here, not assumed.
        v.try_into().map_err(|_| {
            Error::new(
                ErrorKind::Invalid,
                "NagaExternalTextureParams",
                format!("member `{member}` holds {got} scalars, expected {N}"),
            )
        })
    }

    /// Width and height of mip 0 of a plane, as `u32`s.
    fn plane_size(&mut self, plane: Value) -> Result<[Value; 2]> {
        let d = self.e.get_dimensions(&[], plane, Arg::Int(0))?;
        Ok([
            self.fb().extract_value(d, &[0])?,
            self.fb().extract_value(d, &[1])?,
        ])
    }

    /// An `f32` constant.
    fn f32c(&mut self, v: f64) -> Result<Value> {
        self.scalar_const(Scalar::F32, v)
    }

    /// `float(v)` of a `u32` (HLSL's conversion of the `uint2`s naga's helpers take).
    fn u2f(&mut self, v: Value) -> Result<Value> {
        let f = self.mb().float();
        Ok(self.fb().cast(CastOp::UiToFp, v, f)?)
    }

    /// `uint(v)` of a float.
    fn f2u(&mut self, v: Value) -> Result<Value> {
        let i = self.int_ty(32);
        Ok(self.fb().cast(CastOp::FpToUi, v, i)?)
    }

    /// `mul(float3(v, 1.0), m)` of naga's HLSL with `m` a WGSL `mat3x2` (columns `m[0..2]`,
    /// `m[2..4]`, `m[4..6]`): the WGSL product `m * vec3(v, 1.0)`.
    fn transform(&mut self, m: &[Value; 6], v: [Value; 2]) -> Result<[Value; 2]> {
        let mut out = [v[0]; 2];
        for (k, o) in out.iter_mut().enumerate() {
            let a = self.fb().fmul(v[0], m[k])?;
            let b = self.fb().fmul(v[1], m[2 + k])?;
            let s = self.fb().fadd(a, b)?;
            *o = self.fb().fadd(s, m[4 + k])?;
        }
        Ok(out)
    }

    /// The texel of a plane at integer `c` of mip 0 (`Load(uint3(c, 0))`).
    fn plane_load(&mut self, plane: Value, c: [Value; 2]) -> Result<Vec<Value>> {
        let ov = [Ty::Scalar(dxil_ops::Scalar::Float)];
        let u = Arg::Undef;
        let r = self
            .e
            .texture_load(&ov, plane, 0i32, c[0], c[1], u, u, u, u)?;
        (0..4)
            .map(|i| Ok(self.fb().extract_value(r, &[i])?))
            .collect()
    }

    /// The sample of a plane at `c`, mip 0 (`SampleLevel(samp, c, 0.0)`).
    fn plane_sample(&mut self, plane: Value, smp: Value, c: [Value; 2]) -> Result<Vec<Value>> {
        let ov = [Ty::Scalar(dxil_ops::Scalar::Float)];
        let u = Arg::Undef;
        let r = self
            .e
            .sample_level(&ov, plane, smp, c[0], c[1], u, u, u, u, u, 0.0f32)?;
        (0..4)
            .map(|i| Ok(self.fb().extract_value(r, &[i])?))
            .collect()
    }

    /// `then`'s leaves where `cond` holds, `other`'s elsewhere, each built in a block of its
    /// own (as naga's helpers branch on the plane count) and joined by `phi`s.
    fn branch(
        &mut self,
        cond: Value,
        then: impl FnOnce(&mut Self) -> Result<Vec<Value>>,
        other: impl FnOnce(&mut Self) -> Result<Vec<Value>>,
    ) -> Result<Vec<Value>> {
        let (t, f, join) = (self.new_block()?, self.new_block()?, self.new_block()?);
        self.fb().cond_br(cond, t, f)?;
        let mut arms: Vec<(Vec<Value>, Block)> = Vec::with_capacity(2);
        for (b, arm) in [
            (
                t,
                Box::new(then) as Box<dyn FnOnce(&mut Self) -> Result<Vec<Value>>>,
            ),
            (f, Box::new(other)),
        ] {
            self.fb().position_at_end(b)?;
            let v = arm(self)?;
            let end = self.fb().current_block().ok_or_else(|| {
                Error::new(ErrorKind::Builder, "external texture", "no current block")
            })?;
            self.fb().br(join)?;
            arms.push((v, end));
        }
        self.fb().position_at_end(join)?;
        let (a, ta) = &arms[0];
        let (b, fa) = &arms[1];
        let mut out = Vec::with_capacity(a.len());
        for (&x, &y) in a.iter().zip(b) {
            let ty = x.ty().ok_or_else(|| {
                Error::new(ErrorKind::Builder, "external texture", "untyped value")
            })?;
            out.push(self.fb().phi(ty, &[(x, *ta), (y, *fa)])?);
        }
        Ok(out)
    }

    /// `any(params.size) ? params.size : plane0's size`: the size the host says is visible,
    /// or all of plane 0 when it says (0, 0).
    fn visible_size(&mut self, x: Ext, plane0: [Value; 2]) -> Result<[Value; 2]> {
        let size = self.param::<2>(x, "size")?;
        let zero = self.i32c(0)?;
        let nx = self.fb().icmp(IntPredicate::Ne, size[0], zero)?;
        let ny = self.fb().icmp(IntPredicate::Ne, size[1], zero)?;
        let any = self.fb().or(nx, ny)?;
        Ok([
            self.fb().select(any, size[0], plane0[0])?,
            self.fb().select(any, size[1], plane0[1])?,
        ])
    }

    /// `textureDimensions` of an external texture.
    pub fn external_dimensions(&mut self, x: Ext) -> Result<Vec<Value>> {
        let p0 = self.plane_size(x.planes[0])?;
        Ok(self.visible_size(x, p0)?.to_vec())
    }

    /// `textureLoad` of an external texture at integer `coordinate` (either signedness:
    /// naga's helper takes `uint2`, so a negative coordinate is a large one): clamped to the
    /// visible size, moved by the load transform, then read from the planes and converted.
    pub fn external_load(
        &mut self,
        x: Ext,
        coordinate: Handle<naga::Expression>,
    ) -> Result<Vec<Value>> {
        let c = self.scalars(coordinate)?;
        let (c0, c1) = (crate::lower::leaf(&c, 0)?, crate::lower::leaf(&c, 1)?);
        let p0 = self.plane_size(x.planes[0])?;
        let vis = self.visible_size(x, p0)?;
        let one = self.i32c(1)?;
        let mut coords = [c0, c1];
        for (k, c) in coords.iter_mut().enumerate() {
            let last = self.fb().sub(vis[k], one)?;
            let u = self.e.umin(&[], *c, last)?;
            *c = self.u2f(u)?;
        }
        let lt = self.param::<6>(x, "load_transform")?;
        let moved = self.transform(&lt, coords)?;
        let mut p0c = moved;
        for c in p0c.iter_mut() {
            let r = self.e.round_ne(&[], *c)?;
            *c = self.f2u(r)?;
        }
        let planes = self.param::<1>(x, "num_planes")?;
        let single = self.fb().icmp(IntPredicate::Eq, planes[0], one)?;
        self.branch(
            single,
            |lw| lw.plane_load(x.planes[0], p0c),
            |lw| {
                // Chroma planes may be subsampled: plane 0's coordinates scaled to theirs.
                let scaled = |lw: &mut Self, plane: Value| -> Result<[Value; 2]> {
                    let size = lw.plane_size(plane)?;
                    let mut out = p0c;
                    for (k, o) in out.iter_mut().enumerate() {
                        let a = lw.u2f(p0c[k])?;
                        let b = lw.u2f(size[k])?;
                        let d = lw.u2f(p0[k])?;
                        let m = lw.fb().fmul(a, b)?;
                        let q = lw.fb().fdiv(m, d)?;
                        let f = lw.e.round_ni(&[], q)?;
                        *o = lw.f2u(f)?;
                    }
                    Ok(out)
                };
                let p1c = scaled(lw, x.planes[1])?;
                let y = lw.plane_load(x.planes[0], p0c)?[0];
                let two = lw.i32c(2)?;
                let interleaved = lw.fb().icmp(IntPredicate::Eq, planes[0], two)?;
                let uv = lw.branch(
                    interleaved,
                    |lw| Ok(lw.plane_load(x.planes[1], p1c)?[..2].to_vec()),
                    |lw| {
                        let p2c = scaled(lw, x.planes[2])?;
                        let u = lw.plane_load(x.planes[1], p1c)?[0];
                        let v = lw.plane_load(x.planes[2], p2c)?[0];
                        Ok(vec![u, v])
                    },
                )?;
                lw.yuv_to_rgb(x, y, [uv[0], uv[1]])
            },
        )
    }

    /// `textureSampleBaseClampToEdge` of an external texture at normalised `coordinate`:
    /// moved by the sample transform, clamped half a texel inside the transformed unit
    /// square on each plane, sampled at mip 0, then converted.
    pub fn external_sample(
        &mut self,
        x: Ext,
        smp: Value,
        coordinate: Handle<naga::Expression>,
    ) -> Result<Vec<Value>> {
        let c = self.scalars(coordinate)?;
        let c = [crate::lower::leaf(&c, 0)?, crate::lower::leaf(&c, 1)?];
        let st = self.param::<6>(x, "sample_transform")?;
        let coords = self.transform(&st, c)?;
        // The transform of (0, 0) and (1, 1): the corners of the visible part, which may
        // be flipped on either axis.
        let mut bounds = [[c[0]; 2]; 2];
        for k in 0..2 {
            let lo = st[4 + k];
            let s = self.fb().fadd(st[k], st[2 + k])?;
            let hi = self.fb().fadd(s, st[4 + k])?;
            bounds[0][k] = self.e.fmin(&[], lo, hi)?;
            bounds[1][k] = self.e.fmax(&[], lo, hi)?;
        }
        let clamped = |lw: &mut Self, plane: Value| -> Result<[Value; 2]> {
            let size = lw.plane_size(plane)?;
            let mut out = coords;
            for (k, o) in out.iter_mut().enumerate() {
                let half = lw.f32c(0.5)?;
                let s = lw.u2f(size[k])?;
                let ht = lw.fb().fdiv(half, s)?;
                let lo = lw.fb().fadd(bounds[0][k], ht)?;
                let hi = lw.fb().fsub(bounds[1][k], ht)?;
                let m = lw.e.fmax(&[], coords[k], lo)?;
                *o = lw.e.fmin(&[], m, hi)?;
            }
            Ok(out)
        };
        let p0c = clamped(self, x.planes[0])?;
        let planes = self.param::<1>(x, "num_planes")?;
        let one = self.i32c(1)?;
        let single = self.fb().icmp(IntPredicate::Eq, planes[0], one)?;
        self.branch(
            single,
            |lw| lw.plane_sample(x.planes[0], smp, p0c),
            |lw| {
                let p1c = clamped(lw, x.planes[1])?;
                let y = lw.plane_sample(x.planes[0], smp, p0c)?[0];
                let two = lw.i32c(2)?;
                let interleaved = lw.fb().icmp(IntPredicate::Eq, planes[0], two)?;
                let uv = lw.branch(
                    interleaved,
                    |lw| Ok(lw.plane_sample(x.planes[1], smp, p1c)?[..2].to_vec()),
                    |lw| {
                        let p2c = clamped(lw, x.planes[2])?;
                        let u = lw.plane_sample(x.planes[1], smp, p1c)?[0];
                        let v = lw.plane_sample(x.planes[2], smp, p2c)?[0];
                        Ok(vec![u, v])
                    },
                )?;
                lw.yuv_to_rgb(x, y, [uv[0], uv[1]])
            },
        )
    }

    /// `pow(x, y)` as DXC lowers HLSL's: `exp2(log2(x) * y)`.
    fn pow(&mut self, x: Value, y: Value) -> Result<Value> {
        let l = self.e.log(&[], x)?;
        let m = self.fb().fmul(l, y)?;
        Ok(self.e.exp(&[], m)?)
    }

    /// Y and CbCr to RGBA as naga's helpers convert them: the YUV matrix gives gamma-encoded
    /// RGB in the source colour space, the inverse of the source transfer function makes it
    /// linear, the gamut matrix moves it to the destination colour space, and the
    /// destination transfer function encodes it again; alpha is 1.
    fn yuv_to_rgb(&mut self, x: Ext, y: Value, uv: [Value; 2]) -> Result<Vec<Value>> {
        let yuv = self.param::<16>(x, "yuv_conversion_matrix")?;
        let gamut = self.param::<9>(x, "gamut_conversion_matrix")?;
        let src = self.param::<4>(x, "src_tf")?;
        let dst = self.param::<4>(x, "dst_tf")?;
        let one = self.f32c(1.0)?;
        let v = [y, uv[0], uv[1]];
        // srcGammaRgb = (M * vec4(y, u, v, 1)).rgb, M column by column.
        let mut gamma = Vec::with_capacity(3);
        for i in 0..3 {
            let mut acc = self.fb().fmul(v[0], yuv[i])?;
            for (j, &vj) in v.iter().enumerate().skip(1) {
                let t = self.fb().fmul(vj, yuv[j * 4 + i])?;
                acc = self.fb().fadd(acc, t)?;
            }
            gamma.push(self.fb().fadd(acc, yuv[12 + i])?);
        }
        // The transfer functions' members: a, b, g, k.
        let (sa, sb, sg, sk) = (src[0], src[1], src[2], src[3]);
        let knee = self.fb().fmul(sk, sb)?;
        let mut linear = Vec::with_capacity(3);
        for &g in &gamma {
            let below = self.fb().fcmp(FloatPredicate::Olt, g, knee)?;
            let lin = self.fb().fdiv(g, sk)?;
            let t = self.fb().fadd(g, sa)?;
            let t = self.fb().fsub(t, one)?;
            let t = self.fb().fdiv(t, sa)?;
            let curve = self.pow(t, sg)?;
            linear.push(self.fb().select(below, lin, curve)?);
        }
        let (da, db, dg, dk) = (dst[0], dst[1], dst[2], dst[3]);
        let inv_g = self.fb().fdiv(one, dg)?;
        let a1 = self.fb().fsub(da, one)?;
        let mut out = Vec::with_capacity(4);
        for i in 0..3 {
            // dstLinearRgb = G * srcLinearRgb, G column by column.
            let mut acc = self.fb().fmul(linear[0], gamut[i])?;
            for (j, &lj) in linear.iter().enumerate().skip(1) {
                let t = self.fb().fmul(lj, gamut[j * 3 + i])?;
                acc = self.fb().fadd(acc, t)?;
            }
            let below = self.fb().fcmp(FloatPredicate::Olt, acc, db)?;
            let lin = self.fb().fmul(dk, acc)?;
            let p = self.pow(acc, inv_g)?;
            let p = self.fb().fmul(da, p)?;
            let curve = self.fb().fsub(p, a1)?;
            out.push(self.fb().select(below, lin, curve)?);
        }
        out.push(one);
        Ok(out)
    }
}
