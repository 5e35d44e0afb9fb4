//! Textures and samplers: naga images as SRV or UAV textures (naga's HLSL back end's
//! `Texture2D<float4>`, `RWTexture2D<...>`, `SamplerState`, `SamplerComparisonState`) and
//! the DXIL operations reading them (DXIL.rst "Sample", "SampleBias", "SampleLevel",
//! "SampleGrad", "SampleCmp", "SampleCmpLevelZero", "TextureGather", "TextureLoad",
//! "TextureStore", "GetDimensions").

use dxil_builder::{Arg, ResourceDesc};
use dxil_ir::CastOp;
use dxil_ops::Ty;
use dxil_parts::names::{ComponentType, ResourceKind};
use naga::{Handle, ImageClass, ImageDimension as D, ScalarKind, TypeInner};

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{Lowerer, Val};
use crate::Value;

/// The operands of `ImageSample`.
pub struct Sample {
    /// The texture.
    pub image: Handle<naga::Expression>,
    /// The sampler.
    pub sampler: Handle<naga::Expression>,
    /// `textureGather` component.
    pub gather: Option<naga::SwizzleComponent>,
    /// Coordinates.
    pub coordinate: Handle<naga::Expression>,
    /// Array layer.
    pub array_index: Option<Handle<naga::Expression>>,
    /// Texel offset.
    pub offset: Option<Handle<naga::Expression>>,
    /// Level of detail.
    pub level: naga::SampleLevel,
    /// Depth comparison reference.
    pub depth_ref: Option<Handle<naga::Expression>>,
    /// `textureSampleBaseClampToEdge`: coordinates kept half a texel inside the edges.
    pub clamp_to_edge: bool,
}

fn kind(dim: D, arrayed: bool, multi: bool) -> ResourceKind {
    match (dim, arrayed, multi) {
        (D::D1, false, _) => ResourceKind::Texture1D,
        (D::D1, true, _) => ResourceKind::Texture1DArray,
        (D::D2, false, false) => ResourceKind::Texture2D,
        (D::D2, false, true) => ResourceKind::Texture2DMS,
        (D::D2, true, false) => ResourceKind::Texture2DArray,
        (D::D2, true, true) => ResourceKind::Texture2DMSArray,
        (D::D3, _, _) => ResourceKind::Texture3D,
        (D::Cube, false, _) => ResourceKind::TextureCube,
        (D::Cube, true, _) => ResourceKind::TextureCubeArray,
    }
}

fn component(kind: ScalarKind) -> ComponentType {
    match kind {
        ScalarKind::Sint => ComponentType::I32,
        ScalarKind::Uint => ComponentType::U32,
        _ => ComponentType::F32,
    }
}

/// The scalar kind of a storage format's texels.
fn format_kind(format: naga::StorageFormat) -> ScalarKind {
    let name = format!("{format:?}");
    if name.ends_with("Uint") {
        ScalarKind::Uint
    } else if name.ends_with("Sint") {
        ScalarKind::Sint
    } else {
        ScalarKind::Float
    }
}

/// The resource of a handle-space global (a texture or a sampler).
pub fn resource(name: &str, ty: &TypeInner) -> Result<ResourceDesc> {
    match *ty {
        TypeInner::Sampler { comparison } => Ok(ResourceDesc::sampler(name, comparison)),
        TypeInner::Image {
            dim,
            arrayed,
            class,
        } => match class {
            ImageClass::Sampled { kind: k, multi } => Ok(ResourceDesc::texture(
                name,
                kind(dim, arrayed, multi),
                component(k),
                4,
            )),
            ImageClass::Depth { multi } => Ok(ResourceDesc::texture(
                name,
                kind(dim, arrayed, multi),
                ComponentType::F32,
                1,
            )),
            // 64-bit texels are two 32-bit components (as HLSL's `RWTexture2D<uint64_t>`
            // is declared), and 64-bit atomics on them are declared in the resource.
            ImageClass::Storage {
                format: naga::StorageFormat::R64Uint,
                access,
            } => {
                let d = ResourceDesc::rw_texture(
                    name,
                    kind(dim, arrayed, false),
                    ComponentType::U32,
                    2,
                );
                Ok(if access.contains(naga::StorageAccess::ATOMIC) {
                    d.used_by_atomic64()
                } else {
                    d
                })
            }
            ImageClass::Storage { format, .. } => Ok(ResourceDesc::rw_texture(
                name,
                kind(dim, arrayed, false),
                component(format_kind(format)),
                4,
            )),
            // Declared plane by plane (crate::external).
            ImageClass::External => Err(Error::new(
                ErrorKind::Invalid,
                format!("external texture `{name}`"),
                "not a single resource",
            )),
        },
        TypeInner::AccelerationStructure {
            vertex_return: false,
        } => Ok(ResourceDesc::acceleration_structure(name)),
        TypeInner::AccelerationStructure {
            vertex_return: true,
        } => Err(Error::unsupported(
            format!("acceleration structure `{name}` with vertex_return"),
            "DXIL has no operation giving a hit triangle's vertex positions",
        )),
        ref other => Err(Error::unsupported(
            format!(
                "global `{name}` of type {}",
                crate::error::variant_name(other)
            ),
            "not supported by this back end yet",
        )),
    }
}

/// The texel scalar of an image type and whether it is a depth texture.
fn texel(ty: &TypeInner) -> Result<(naga::Scalar, D, bool, ImageClass)> {
    let TypeInner::Image {
        dim,
        arrayed,
        class,
    } = *ty
    else {
        return Err(Error::new(ErrorKind::Invalid, "image", "not an image"));
    };
    let kind = match class {
        ImageClass::Sampled { kind, .. } => kind,
        ImageClass::Storage { format, .. } => format_kind(format),
        _ => ScalarKind::Float,
    };
    let width = if is_64(class) { 8 } else { 4 };
    Ok((naga::Scalar { kind, width }, dim, arrayed, class))
}

/// A storage texture of 64-bit texels (`r64uint`).
fn is_64(class: ImageClass) -> bool {
    matches!(
        class,
        ImageClass::Storage {
            format: naga::StorageFormat::R64Uint,
            ..
        }
    )
}

impl Lowerer<'_, '_> {
    fn handle_of(&mut self, h: Handle<naga::Expression>) -> Result<Value> {
        match self.expr(h)? {
            Val::H(v) => Ok(v),
            _ => Err(Error::new(ErrorKind::Invalid, "image", "not a handle")),
        }
    }

    /// Coordinates (and the array layer) as `want` operands, padded with `undef`.
    fn coords(
        &mut self,
        c: Handle<naga::Expression>,
        layer: Option<Handle<naga::Expression>>,
        float: bool,
        want: usize,
    ) -> Result<Vec<Arg>> {
        let mut out: Vec<Arg> = self.scalars(c)?.into_iter().map(Arg::Value).collect();
        if let Some(l) = layer {
            let v = self.scalar(l)?;
            let s = self.scalar_of(l)?;
            let v = if float {
                let f = self.mb().float();
                let op = if s.kind == ScalarKind::Sint {
                    CastOp::SiToFp
                } else {
                    CastOp::UiToFp
                };
                self.fb().cast(op, v, f)?
            } else {
                v
            };
            out.push(Arg::Value(v));
        }
        out.resize(want, Arg::Undef);
        Ok(out)
    }

    fn offsets(&mut self, o: Option<Handle<naga::Expression>>) -> Result<Vec<Arg>> {
        let mut out: Vec<Arg> = match o {
            Some(h) => self.scalars(h)?.into_iter().map(Arg::Value).collect(),
            None => Vec::new(),
        };
        out.resize(3, Arg::Undef);
        Ok(out)
    }

    /// `textureSample*` and `textureGather*`.
    pub fn image_sample(&mut self, s: Sample) -> Result<Vec<Value>> {
        use naga::SampleLevel as L;
        if let Some(x) = self.external_of(s.image)? {
            let smp = self.handle_of(s.sampler)?;
            return self.external_sample(x, smp, s.coordinate);
        }
        let (scalar, _, _, class) = texel(self.ty_of(s.image))?;
        let t = self.handle_of(s.image)?;
        let smp = self.handle_of(s.sampler)?;
        let mut c = self.coords(s.coordinate, s.array_index, true, 4)?;
        if s.clamp_to_edge {
            // naga's HLSL helper: coordinates clamped to [half a texel, 1 - half a texel]
            // of mip 0, so that a linear filter never reaches past the edge.
            let d = self.e.get_dimensions(&[], t, Arg::Int(0))?;
            let f = self.mb().float();
            let half = self.scalar_const(naga::Scalar::F32, 0.5)?;
            let one = self.scalar_const(naga::Scalar::F32, 1.0)?;
            for (k, ck) in c.iter_mut().take(2).enumerate() {
                let Arg::Value(v) = *ck else {
                    continue;
                };
                let n = self.fb().extract_value(d, &[k as u32])?;
                let n = self.fb().cast(CastOp::UiToFp, n, f)?;
                let ht = self.fb().fdiv(half, n)?;
                let hi = self.fb().fsub(one, ht)?;
                let m = self.e.fmax(&[], v, ht)?;
                *ck = Arg::Value(self.e.fmin(&[], m, hi)?);
            }
        }
        let o = self.offsets(s.offset)?;
        let ov = [Ty::Scalar(crate::leaf::op_scalar(scalar))];
        let u = Arg::Undef;
        let cmp = match s.depth_ref {
            Some(d) => Some(self.scalar(d)?),
            None => None,
        };
        let r = if let Some(g) = s.gather {
            let ch = g as i32;
            match cmp {
                Some(d) => self
                    .e
                    .texture_gather_cmp(&ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], ch, d)?,
                None => self
                    .e
                    .texture_gather(&ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], ch)?,
            }
        } else {
            match (s.level, cmp) {
                (L::Auto, None) => self
                    .e
                    .sample(&ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], o[2], u)?,
                (L::Auto, Some(d)) => self
                    .e
                    .sample_cmp(&ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], o[2], d, u)?,
                (L::Zero, None) => self.e.sample_level(
                    &ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], o[2], 0.0f32,
                )?,
                (L::Zero, Some(d)) => self.e.sample_cmp_level_zero(
                    &ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], o[2], d,
                )?,
                (L::Exact(l), None) => {
                    let l = self.float_lod(l)?;
                    self.e
                        .sample_level(&ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], o[2], l)?
                }
                (L::Exact(l), Some(d)) => {
                    let l = self.float_lod(l)?;
                    self.e.sample_cmp_level(
                        &ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], o[2], d, l,
                    )?
                }
                (L::Bias(b), None) => {
                    let b = self.scalar(b)?;
                    self.e
                        .sample_bias(&ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], o[2], b, u)?
                }
                (L::Gradient { x, y }, None) => {
                    let mut dx: Vec<Arg> = self.scalars(x)?.into_iter().map(Arg::Value).collect();
                    let mut dy: Vec<Arg> = self.scalars(y)?.into_iter().map(Arg::Value).collect();
                    dx.resize(3, u);
                    dy.resize(3, u);
                    self.e.sample_grad(
                        &ov, t, smp, c[0], c[1], c[2], c[3], o[0], o[1], o[2], dx[0], dx[1], dx[2],
                        dy[0], dy[1], dy[2], u,
                    )?
                }
                (level, Some(_)) => {
                    return Err(Error::unsupported(
                        format!(
                            "ImageSample with SampleLevel::{} and a depth reference",
                            crate::error::variant_name(&level)
                        ),
                        "DXIL has no such comparison sample",
                    ))
                }
            }
        };
        let n =
            if s.gather.is_none() && (cmp.is_some() || matches!(class, ImageClass::Depth { .. })) {
                1
            } else {
                4
            };
        (0..n)
            .map(|i| Ok(self.fb().extract_value(r, &[i])?))
            .collect()
    }

    fn float_lod(&mut self, l: Handle<naga::Expression>) -> Result<Value> {
        let v = self.scalar(l)?;
        let s = self.scalar_of(l)?;
        self.convert(v, s, naga::Scalar::F32)
    }

    /// `textureLoad`.
    pub fn image_load(
        &mut self,
        image: Handle<naga::Expression>,
        coordinate: Handle<naga::Expression>,
        array_index: Option<Handle<naga::Expression>>,
        level_or_sample: Option<Handle<naga::Expression>>,
    ) -> Result<Vec<Value>> {
        if let Some(x) = self.external_of(image)? {
            return self.external_load(x, coordinate);
        }
        let (scalar, _, _, class) = texel(self.ty_of(image))?;
        let t = self.handle_of(image)?;
        let c = self.coords(coordinate, array_index, false, 3)?;
        let m = match level_or_sample {
            Some(h) => Arg::Value(self.scalar(h)?),
            None => Arg::Undef,
        };
        let u = Arg::Undef;
        if is_64(class) {
            // The texel from its low and high halves; WGSL fills a one-channel format's
            // other channels with (0, 0, 1).
            let ov = [Ty::Scalar(crate::leaf::op_scalar(naga::Scalar::U32))];
            let r = self.e.texture_load(&ov, t, m, c[0], c[1], c[2], u, u, u)?;
            let lo = self.fb().extract_value(r, &[0])?;
            let hi = self.fb().extract_value(r, &[1])?;
            let i64t = self.int_ty(64);
            let lo = self.fb().cast(CastOp::ZExt, lo, i64t)?;
            let hi = self.fb().cast(CastOp::ZExt, hi, i64t)?;
            let k = self.cint(i64t, 32)?;
            let hi = self.fb().shl(hi, k)?;
            let x = self.fb().or(hi, lo)?;
            let zero = self.cint(i64t, 0)?;
            let one = self.cint(i64t, 1)?;
            return Ok(vec![x, zero, zero, one]);
        }
        let ov = [Ty::Scalar(crate::leaf::op_scalar(scalar))];
        let r = self.e.texture_load(&ov, t, m, c[0], c[1], c[2], u, u, u)?;
        let n = if matches!(class, ImageClass::Depth { .. }) {
            1
        } else {
            4
        };
        (0..n)
            .map(|i| Ok(self.fb().extract_value(r, &[i])?))
            .collect()
    }

    /// `textureStore`.
    pub fn image_store(
        &mut self,
        image: Handle<naga::Expression>,
        coordinate: Handle<naga::Expression>,
        array_index: Option<Handle<naga::Expression>>,
        value: Handle<naga::Expression>,
    ) -> Result<()> {
        let (scalar, _, _, class) = texel(self.ty_of(image))?;
        let t = self.handle_of(image)?;
        let c = self.coords(coordinate, array_index, false, 3)?;
        let mut v: Vec<Arg> = self.scalars(value)?.into_iter().map(Arg::Value).collect();
        let scalar = if is_64(class) {
            // The texel's low and high halves, twice (the store writes all four components).
            let x = self.scalar(value)?;
            let i32t = self.int_ty(32);
            let i64t = self.int_ty(64);
            let lo = self.fb().cast(CastOp::Trunc, x, i32t)?;
            let k = self.cint(i64t, 32)?;
            let hi = self.fb().lshr(x, k)?;
            let hi = self.fb().cast(CastOp::Trunc, hi, i32t)?;
            v = [lo, hi, lo, hi].map(Arg::Value).to_vec();
            naga::Scalar::U32
        } else {
            scalar
        };
        v.resize(4, Arg::Undef);
        let ov = [Ty::Scalar(crate::leaf::op_scalar(scalar))];
        self.e
            .texture_store(&ov, t, c[0], c[1], c[2], v[0], v[1], v[2], v[3], 15u8)?;
        Ok(())
    }

    /// `textureDimensions`, `textureNumLevels`, `textureNumLayers`, `textureNumSamples`
    /// from `GetDimensions` (width, height, depth or layers, levels or samples).
    pub fn image_query(
        &mut self,
        image: Handle<naga::Expression>,
        query: naga::ImageQuery,
    ) -> Result<Vec<Value>> {
        use naga::ImageQuery as Q;
        if let Some(x) = self.external_of(image)? {
            return match query {
                Q::Size { level: None } => self.external_dimensions(x),
                other => Err(Error::unsupported(
                    format!(
                        "ImageQuery::{} of an external texture",
                        crate::error::variant_name(&other)
                    ),
                    "external textures have only their size",
                )),
            };
        }
        let (_, dim, arrayed, class) = texel(self.ty_of(image))?;
        let t = self.handle_of(image)?;
        let uav = matches!(class, ImageClass::Storage { .. });
        let multi = matches!(
            class,
            ImageClass::Sampled { multi: true, .. } | ImageClass::Depth { multi: true }
        );
        let level = match query {
            Q::Size { level: Some(l) } => Arg::Value(self.scalar(l)?),
            _ if uav || multi => Arg::Undef,
            _ => Arg::Int(0),
        };
        let d = self.e.get_dimensions(&[], t, level)?;
        let fields: Vec<u32> = match query {
            Q::Size { .. } => match dim {
                D::D1 => vec![0],
                D::D2 | D::Cube => vec![0, 1],
                D::D3 => vec![0, 1, 2],
            },
            Q::NumLevels | Q::NumSamples => vec![3],
            Q::NumLayers => vec![if dim == D::D1 { 1 } else { 2 }],
        };
        let _ = arrayed;
        fields
            .into_iter()
            .map(|f| Ok(self.fb().extract_value(d, &[f])?))
            .collect()
    }
}
