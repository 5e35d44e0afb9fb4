//! What a resource handle refers to: its resource kind and whether it is a UAV, read the way
//! the reference's map of resource properties is filled (DXIL.rst "Resource properties",
//! "Creating resource handles"):
//!
//! - `annotateHandle` results: the two words of its `%dx.types.ResourceProperties` constant;
//! - `createHandle` results, outside libraries: the resource record its class and range id
//!   name, when its constant index is inside the record's range;
//! - `createHandleForLib` results, in libraries: the resource whose global symbol the loaded
//!   value comes from (through `getelementptr`s).
//!
//! Anything else (a `phi`, an argument, a handle with an invalid kind) has no properties.
//! The family-specific operation rules (LinAlg descriptors, `HitObject_TraceRay`) read a
//! handle through here; the generic handle and resource operation rules can too.

use dxil_ir::{Body, CastOp, ConstKind, Function, InstKind, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::{Resource, ResourceClass, ResourceProperty};
use dxil_ops::ValidationRule as R;

use crate::context::Ctx;
use crate::util;

/// `ResourceKind::CBuffer`.
const KIND_CBUFFER: u32 = 13;
/// `ResourceKind::Sampler`.
const KIND_SAMPLER: u32 = 14;

/// `dx.op.createHandle`, `dx.op.createHandleForLib`, `dx.op.annotateHandle`.
const OP_CREATE_HANDLE: u32 = 57;
const OP_CREATE_HANDLE_FOR_LIB: u32 = 160;
const OP_ANNOTATE_HANDLE: u32 = 216;

/// The class a handle's properties give (`DxilResourceProperties::getResourceClass`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Invalid,
    Srv,
    Uav,
    CBuffer,
    Sampler,
}

/// The parts of a handle's resource properties the rules read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Props {
    /// `ResourceKind` (0 invalid, 11 raw buffer, 16 acceleration structure, ...).
    pub kind: u32,
    /// The UAV bit.
    pub is_uav: bool,
    /// The reorder-coherent bit (UAVs of shader model 6.9 and later).
    pub reorder_coherent: bool,
}

impl Props {
    /// The class: by kind for constant buffers and samplers, by the UAV bit otherwise.
    pub fn class(self) -> Class {
        match self.kind {
            0 => Class::Invalid,
            KIND_CBUFFER => Class::CBuffer,
            KIND_SAMPLER => Class::Sampler,
            _ if self.is_uav => Class::Uav,
            _ => Class::Srv,
        }
    }
}

/// The properties of `handle` (a value of `body`), if the handle has any
/// (`GetResourceFromVal`: a lookup that reports nothing).
pub(crate) fn props_of(ctx: &Ctx, body: &Body, handle: ValueRef) -> Option<Props> {
    let m = ctx.m;
    let ValueRef::Inst(i) = handle else {
        return None;
    };
    let data = body.inst(i)?;
    let InstKind::Call { args, .. } = &data.kind else {
        return None;
    };
    let is_lib = ctx
        .md
        .shader_model
        .as_ref()
        .is_some_and(|sm| sm.kind == "lib");
    match dxil_ops::call_opcode(m, data)? {
        OP_ANNOTATE_HANDLE => {
            let (w0, _) = props_words(ctx, *args.get(2)?)?;
            let props = Props {
                kind: w0 & 0xff,
                is_uav: w0 & (1 << 12) != 0,
                reorder_coherent: w0 & (1 << 16) != 0,
            };
            (props.kind != 0).then_some(props)
        }
        OP_CREATE_HANDLE if !is_lib => {
            let class = util::const_uint(m, *args.get(1)?)?;
            let range_id = util::const_uint(m, *args.get(2)?)?;
            let lists = ctx.md.resources.as_ref()?;
            let list = match class {
                0 => &lists.srvs,
                1 => &lists.uavs,
                2 => &lists.cbuffers,
                3 => &lists.samplers,
                _ => return None,
            };
            let res = list.as_deref()?.get(usize::try_from(range_id).ok()?)?;
            let index = *args.get(3)?;
            match util::const_uint(m, index) {
                Some(index) => {
                    let lower = u64::from(res.base.lower_bound);
                    let upper = if res.base.range_size == u32::MAX {
                        u64::from(u32::MAX)
                    } else {
                        u64::from(
                            res.base
                                .lower_bound
                                .wrapping_add(res.base.range_size)
                                .wrapping_sub(1),
                        )
                    };
                    if index < lower || index > upper {
                        return None;
                    }
                }
                // A dynamic index needs an array of resources.
                None if !symbol_is_array(ctx, res) => return None,
                None => {}
            }
            resource_props(res)
        }
        OP_CREATE_HANDLE_FOR_LIB if is_lib => {
            let global = loaded_symbol(ctx, body, *args.get(1)?)?;
            let lists = ctx.md.resources.as_ref()?;
            [&lists.cbuffers, &lists.uavs, &lists.srvs, &lists.samplers]
                .into_iter()
                .flat_map(|l| l.iter().flatten())
                .find(|r| symbol_value(ctx, r) == Some(global))
                .and_then(resource_props)
        }
        _ => None,
    }
}

/// [`props_of`] for an operation's handle operand (`GetResourceFromHandle`): a handle that
/// is not a call, or whose properties are unknown, is reported on the handle's own
/// instruction (or on the module when it is no instruction).
pub(crate) fn props_of_handle(
    ctx: &mut Ctx,
    f: Function,
    body: &Body,
    handle: ValueRef,
) -> Option<Props> {
    let ValueRef::Inst(i) = handle else {
        ctx.error(R::InstrHandleNotFromCreateHandle, &[]);
        return None;
    };
    let is_call = body
        .inst(i)
        .is_some_and(|d| matches!(d.kind, InstKind::Call { .. }));
    let props = if is_call {
        props_of(ctx, body, handle)
    } else {
        None
    };
    if props.is_none() {
        ctx.inst_error(f, i, R::InstrHandleNotFromCreateHandle, &[]);
    }
    // Reordering exists from shader model 6.9.
    let sm69 = ctx
        .md
        .shader_model
        .as_ref()
        .is_some_and(|sm| (sm.major, sm.minor) >= (6, 9));
    if props.is_some_and(|p| p.reorder_coherent) && !sm69 {
        ctx.inst_error(f, i, R::InstrReorderCoherentRequiresSM69, &[]);
    }
    props
}

/// The two words of a `%dx.types.ResourceProperties` constant (`zeroinitializer`: both 0).
fn props_words(ctx: &Ctx, v: ValueRef) -> Option<(u32, u32)> {
    let ValueRef::Const(c) = v else { return None };
    match &ctx.m.constant(c)?.kind {
        ConstKind::Null => Some((0, 0)),
        ConstKind::Aggregate(elems) if elems.len() == 2 => Some((
            util::const_uint(ctx.m, elems[0])? as u32,
            util::const_uint(ctx.m, elems[1])? as u32,
        )),
        _ => None,
    }
}

/// The properties a resource record gives (`loadPropsFromResourceBase`).
fn resource_props(res: &Resource) -> Option<Props> {
    let (kind, is_uav) = match res.class {
        ResourceClass::CBuffer => (KIND_CBUFFER, false),
        ResourceClass::Sampler => (KIND_SAMPLER, false),
        ResourceClass::SRV => (res.shape_or_size & 0xff, false),
        ResourceClass::UAV => (res.shape_or_size & 0xff, true),
    };
    let reorder_coherent = is_uav
        && res
            .properties
            .iter()
            .flatten()
            .any(|p| matches!(p, ResourceProperty::ReorderCoherent(true)));
    let props = Props {
        kind,
        is_uav,
        reorder_coherent,
    };
    (props.kind != 0).then_some(props)
}

/// The value a resource record's symbol names. From shader model 6.6 a library's symbol is
/// the handle global cast to the resource's HLSL type; the global is the symbol then.
fn symbol_value(ctx: &Ctx, res: &Resource) -> Option<ValueRef> {
    let Md::Value { value, .. } = res.base.symbol else {
        return None;
    };
    let sm66 = ctx
        .md
        .shader_model
        .as_ref()
        .is_some_and(|sm| (sm.major, sm.minor) >= (6, 6));
    if let (true, ValueRef::Const(c)) = (sm66, value) {
        if let Some(ConstKind::Cast {
            op: CastOp::BitCast,
            value,
        }) = ctx.m.constant(c).map(|d| &d.kind)
        {
            return Some(*value);
        }
    }
    Some(value)
}

/// Whether a resource's symbol points to an array (a range of resources).
fn symbol_is_array(ctx: &Ctx, res: &Resource) -> bool {
    let Md::Value { ty, .. } = res.base.symbol else {
        return false;
    };
    let m = ctx.m;
    let Some(dxil_ir::TypeData::Pointer { pointee, .. }) = m.ty(ty) else {
        return false;
    };
    matches!(m.ty(*pointee), Some(dxil_ir::TypeData::Array { .. }))
}

/// The pointer a `load` reads a library resource from, with `getelementptr`s (instructions
/// or constant expressions) stripped: the resource's global symbol when the handle comes
/// from one.
fn loaded_symbol(ctx: &Ctx, body: &Body, v: ValueRef) -> Option<ValueRef> {
    let ValueRef::Inst(i) = v else { return None };
    let InstKind::Load { ptr, .. } = body.inst(i)?.kind else {
        return None;
    };
    let mut ptr = ptr;
    // Each step goes to the base operand; a bound keeps a malformed cycle from looping.
    for _ in 0..64 {
        let base = match ptr {
            ValueRef::Inst(i) => match &body.inst(i)?.kind {
                InstKind::Gep { operands, .. } => operands.first().copied(),
                _ => None,
            },
            ValueRef::Const(c) => match &ctx.m.constant(c)?.kind {
                ConstKind::Gep { operands, .. } => operands.first().copied(),
                _ => None,
            },
            _ => None,
        };
        match base {
            Some(b) => ptr = b,
            None => return Some(ptr),
        }
    }
    None
}
