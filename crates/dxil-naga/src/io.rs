//! Entry-point inputs and outputs: naga bindings as signature elements (DXIL.rst
//! "Signature element record", "Signature Semantic Interpretation") or as DXIL operations
//! for compute built-ins (DXIL.rst "ThreadId", "GroupId", ...), with naga's HLSL semantics
//! (`LOC<n>` for user locations, `SV_Target<n>` for fragment outputs).

use dxil_builder::{ElementDesc, ShaderBuilder};
use dxil_parts::names::{ComponentType, InterpolationMode};
use naga::{Binding, BuiltIn, Scalar, ScalarKind, ShaderStage, TypeInner};

use crate::error::{Error, Result};
use crate::leaf;

/// How one bound input is read.
#[derive(Clone, Debug)]
pub enum Input {
    /// From signature element `sig`: `cols` components of scalar `scalar` (naga's type;
    /// bools are read as `u32`).
    Sig {
        /// Signature element id.
        sig: u32,
        /// Components.
        cols: u8,
        /// naga's scalar.
        scalar: Scalar,
        /// The byte offset of a special constant added to the value (`first_vertex`,
        /// `first_instance`), when the options name the special constants.
        base: Option<u32>,
    },
    /// A compute built-in read with a DXIL operation.
    Op(BuiltIn, u8),
}

/// One bound output.
#[derive(Clone, Debug)]
pub struct OutputSlot {
    /// Signature element id (`None`: the value is dropped, as naga's HLSL back end drops
    /// `point_size`).
    pub sig: Option<u32>,
    /// Components.
    pub cols: u8,
    /// naga's scalar.
    pub scalar: Scalar,
}

/// The bound (binding, type) pairs of an argument or result: the type itself, or the
/// members of a struct.
pub fn bound<'m>(
    module: &'m naga::Module,
    ty: naga::Handle<naga::Type>,
    binding: Option<&'m Binding>,
) -> Result<Vec<(&'m Binding, &'m TypeInner)>> {
    if let Some(b) = binding {
        return Ok(vec![(b, &module.types[ty].inner)]);
    }
    match module.types[ty].inner {
        TypeInner::Struct { ref members, .. } => members
            .iter()
            .map(|m| {
                m.binding
                    .as_ref()
                    .map(|b| (b, &module.types[m.ty].inner))
                    .ok_or_else(|| {
                        Error::unsupported("entry point I/O", "a struct member without a binding")
                    })
            })
            .collect(),
        _ => Err(Error::unsupported(
            "entry point I/O",
            "a value without a binding",
        )),
    }
}

/// Render targets a pixel shader can write (`D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT`).
const RENDER_TARGETS: u32 = 8;

pub(crate) fn shape(gctx: naga::proc::GlobalCtx, ty: &TypeInner) -> Result<(Scalar, u8)> {
    match *ty {
        TypeInner::Scalar(s) => Ok((s, 1)),
        TypeInner::Vector { size, scalar } => Ok((scalar, size as u8)),
        TypeInner::Array { base: _, size, .. } => {
            let n = leaf::array_len(gctx, size, "entry point I/O")?;
            if n > 4 {
                return Err(Error::unsupported(
                    "entry point I/O",
                    "an array of more than 4 scalars",
                ));
            }
            Ok((Scalar::F32, n as u8))
        }
        ref other => Err(Error::unsupported(
            format!(
                "entry point I/O of type `{}`",
                crate::error::type_name(gctx, other)
            ),
            "not a scalar or vector",
        )),
    }
}

pub(crate) fn component(s: Scalar) -> Result<ComponentType> {
    Ok(match (s.kind, s.width) {
        (ScalarKind::Float, 4) => ComponentType::F32,
        (ScalarKind::Float, 2) => ComponentType::F16,
        (ScalarKind::Sint, 4) => ComponentType::I32,
        (ScalarKind::Uint, 4) | (ScalarKind::Bool, _) => ComponentType::U32,
        (ScalarKind::Sint, 2) => ComponentType::I16,
        (ScalarKind::Uint, 2) => ComponentType::U16,
        _ => {
            return Err(Error::unsupported(
                format!("entry point I/O of `{}`", crate::error::scalar_name(s)),
                "no signature component type",
            ))
        }
    })
}

/// The interpolation mode of a varying. Fragment inputs record one, and so do mesh shader
/// vertex outputs (the reference records there how the rasteriser interpolates them); a
/// per-primitive value is the same across its primitive, so constant (DXIL.rst
/// "Signature element record").
pub(crate) fn interpolation(
    stage: ShaderStage,
    s: Scalar,
    interp: Option<naga::Interpolation>,
    sampling: Option<naga::Sampling>,
    per_primitive: bool,
) -> InterpolationMode {
    use naga::{Interpolation as I, Sampling as Sa};
    if !matches!(stage, ShaderStage::Fragment | ShaderStage::Mesh) {
        return InterpolationMode::Undefined;
    }
    if s.kind != ScalarKind::Float || interp == Some(I::Flat) || per_primitive {
        return InterpolationMode::Constant;
    }
    let linear = interp == Some(I::Linear);
    match (linear, sampling) {
        (false, Some(Sa::Centroid)) => InterpolationMode::LinearCentroid,
        (false, Some(Sa::Sample)) => InterpolationMode::LinearSample,
        (false, _) => InterpolationMode::Linear,
        (true, Some(Sa::Centroid)) => InterpolationMode::LinearNoperspectiveCentroid,
        (true, Some(Sa::Sample)) => InterpolationMode::LinearNoperspectiveSample,
        (true, _) => InterpolationMode::LinearNoperspective,
    }
}

/// Declares (or plans) the inputs of an entry point, in argument and member order.
pub fn inputs(
    sb: &mut ShaderBuilder,
    module: &naga::Module,
    ep: &naga::EntryPoint,
    special: bool,
) -> Result<Vec<Input>> {
    let mut out = Vec::new();
    for arg in &ep.function.arguments {
        for (b, ty) in bound(module, arg.ty, arg.binding.as_ref())? {
            let (scalar, cols) = shape(module.to_ctx(), ty)?;
            let base = match *b {
                Binding::BuiltIn(BuiltIn::VertexIndex) if special => Some(0),
                Binding::BuiltIn(BuiltIn::InstanceIndex) if special => Some(4),
                _ => None,
            };
            let desc = match (b.clone(), ep.stage) {
                (Binding::BuiltIn(BuiltIn::DrawIndex), stage) => {
                    return Err(Error::unsupported(
                        format!("built-in DrawIndex input of a {stage:?} shader"),
                        "Direct3D has no draw index system value",
                    ))
                }
                (Binding::BuiltIn(BuiltIn::ViewIndex), ShaderStage::Task) => {
                    return Err(Error::unsupported(
                        "built-in ViewIndex input of a Task shader",
                        "DXIL's ViewID is not available to amplification shaders",
                    ))
                }
                (
                    Binding::BuiltIn(bi),
                    ShaderStage::Compute | ShaderStage::Task | ShaderStage::Mesh,
                )
                | (
                    Binding::BuiltIn(
                        bi @ (BuiltIn::SampleMask
                        | BuiltIn::ViewIndex
                        | BuiltIn::SubgroupSize
                        | BuiltIn::SubgroupInvocationId),
                    ),
                    _,
                ) => {
                    out.push(Input::Op(bi, cols));
                    continue;
                }
                (Binding::BuiltIn(BuiltIn::VertexIndex), ShaderStage::Vertex) => {
                    ElementDesc::new("SV_VertexID", ComponentType::U32, 1)
                }
                (Binding::BuiltIn(BuiltIn::InstanceIndex), ShaderStage::Vertex) => {
                    ElementDesc::new("SV_InstanceID", ComponentType::U32, 1)
                }
                (Binding::BuiltIn(BuiltIn::Position { .. }), ShaderStage::Fragment) => {
                    // With a conservative depth output the position is read at the centroid
                    // (DXIL.rst "Signature Semantic Interpretation", SV_DepthGreaterEqual).
                    let conservative = matches!(
                        ep.early_depth_test,
                        Some(naga::EarlyDepthTest::Allow {
                            conservative: naga::ConservativeDepth::GreaterEqual
                                | naga::ConservativeDepth::LessEqual
                        })
                    );
                    let mode = if conservative {
                        InterpolationMode::LinearNoperspectiveCentroid
                    } else {
                        InterpolationMode::LinearNoperspective
                    };
                    ElementDesc::float4("SV_Position").interpolation(mode)
                }
                (Binding::BuiltIn(BuiltIn::FrontFacing), ShaderStage::Fragment) => {
                    ElementDesc::new("SV_IsFrontFace", ComponentType::U32, 1)
                        .interpolation(InterpolationMode::Constant)
                }
                (Binding::BuiltIn(BuiltIn::SampleIndex), ShaderStage::Fragment) => {
                    ElementDesc::new("SV_SampleIndex", ComponentType::U32, 1)
                        .interpolation(InterpolationMode::Constant)
                }
                (Binding::BuiltIn(BuiltIn::Barycentric { perspective }), ShaderStage::Fragment) => {
                    let mode = if perspective {
                        InterpolationMode::Linear
                    } else {
                        InterpolationMode::LinearNoperspective
                    };
                    ElementDesc::new("SV_Barycentrics", ComponentType::F32, cols)
                        .interpolation(mode)
                }
                (Binding::BuiltIn(BuiltIn::PrimitiveIndex), ShaderStage::Fragment) => {
                    ElementDesc::new("SV_PrimitiveID", ComponentType::U32, 1)
                        .interpolation(InterpolationMode::Constant)
                }
                (Binding::BuiltIn(bi), stage) => {
                    return Err(Error::unsupported(
                        format!(
                            "built-in {} input of a {stage:?} shader",
                            crate::error::variant_name(&bi)
                        ),
                        "not supported by this back end yet",
                    ))
                }
                (
                    Binding::Location {
                        location,
                        interpolation: i,
                        sampling,
                        per_primitive,
                        ..
                    },
                    stage,
                ) => ElementDesc::new("LOC", component(scalar)?, cols)
                    .index(location)
                    .interpolation(interpolation(stage, scalar, i, sampling, per_primitive)),
            };
            let sig = sb.input(desc);
            out.push(Input::Sig {
                sig,
                cols,
                scalar,
                base,
            });
        }
    }
    Ok(out)
}

/// Whether an entry point reads naga's special constants.
pub fn reads_special(module: &naga::Module, ep: &naga::EntryPoint) -> Result<bool> {
    for arg in &ep.function.arguments {
        for (b, _) in bound(module, arg.ty, arg.binding.as_ref())? {
            if matches!(
                b,
                Binding::BuiltIn(
                    BuiltIn::VertexIndex | BuiltIn::InstanceIndex | BuiltIn::NumWorkGroups
                )
            ) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Declares the outputs of an entry point, in member order.
pub fn outputs(
    sb: &mut ShaderBuilder,
    module: &naga::Module,
    ep: &naga::EntryPoint,
) -> Result<Vec<OutputSlot>> {
    let Some(res) = ep.function.result.as_ref() else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (b, ty) in bound(module, res.ty, res.binding.as_ref())? {
        let (scalar, cols) = shape(module.to_ctx(), ty)?;
        let desc = match (b.clone(), ep.stage) {
            (Binding::BuiltIn(BuiltIn::Position { .. }), ShaderStage::Vertex) => {
                ElementDesc::float4("SV_Position")
            }
            (Binding::BuiltIn(BuiltIn::ClipDistances), ShaderStage::Vertex) => {
                ElementDesc::new("SV_ClipDistance", ComponentType::F32, cols)
            }
            (Binding::BuiltIn(BuiltIn::CullDistance), ShaderStage::Vertex) => {
                ElementDesc::new("SV_CullDistance", ComponentType::F32, cols)
            }
            (Binding::BuiltIn(BuiltIn::PointSize), ShaderStage::Vertex) => {
                out.push(OutputSlot {
                    sig: None,
                    cols,
                    scalar,
                });
                continue;
            }
            (Binding::BuiltIn(BuiltIn::FragDepth), ShaderStage::Fragment) => {
                // Conservative depth (WGSL `@early_depth_test(...)`) names the direction.
                use naga::{ConservativeDepth as Cd, EarlyDepthTest as Edt};
                let semantic = match ep.early_depth_test {
                    Some(Edt::Allow {
                        conservative: Cd::GreaterEqual,
                    }) => "SV_DepthGreaterEqual",
                    Some(Edt::Allow {
                        conservative: Cd::LessEqual,
                    }) => "SV_DepthLessEqual",
                    _ => "SV_Depth",
                };
                ElementDesc::new(semantic, ComponentType::F32, 1)
            }
            (Binding::BuiltIn(BuiltIn::SampleMask), ShaderStage::Fragment) => {
                ElementDesc::new("SV_Coverage", ComponentType::U32, 1)
            }
            (Binding::BuiltIn(bi), stage) => {
                return Err(Error::unsupported(
                    format!(
                        "built-in {} output of a {stage:?} shader",
                        crate::error::variant_name(&bi)
                    ),
                    "not supported by this back end yet",
                ))
            }
            (
                Binding::Location {
                    location,
                    blend_src,
                    ..
                },
                ShaderStage::Fragment,
            ) => {
                let target = blend_src.unwrap_or(location);
                if target >= RENDER_TARGETS {
                    return Err(Error::unsupported(
                        format!("fragment output @location({location})"),
                        format!(
                            "Direct3D has {RENDER_TARGETS} render targets (SV_Target0 to SV_Target{})",
                            RENDER_TARGETS - 1
                        ),
                    ));
                }
                ElementDesc::new("SV_Target", component(scalar)?, cols).index(target)
            }
            (Binding::Location { location, .. }, _) => {
                ElementDesc::new("LOC", component(scalar)?, cols).index(location)
            }
        };
        let sig = sb.output(desc);
        out.push(OutputSlot {
            sig: Some(sig),
            cols,
            scalar,
        });
    }
    Ok(out)
}
