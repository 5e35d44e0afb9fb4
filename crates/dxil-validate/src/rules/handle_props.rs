//! What a resource handle refers to, for the family-specific operation rules (LinAlg
//! descriptors, `HitObject_TraceRay`): its resource kind and whether it is a UAV (DXIL.rst
//! "Resource properties", "Creating resource handles"). The properties come from the map
//! `rules::handles` builds before the rules run, the way the reference fills its map of
//! resource properties (`annotateHandle` constants; `createHandle` records outside
//! libraries; library resource variables through their loads to `createHandleForLib`).
//! Anything else (a `phi`, an argument, a handle with an invalid kind) has no properties.

use dxil_ir::{Body, Function, ValueRef};

use super::handles;
use crate::context::Ctx;

use dxil_module::model::ResourceClass;
use dxil_parts::names::ResourceKind;

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
    pub fn class(self) -> Option<ResourceClass> {
        match self.kind {
            0 => None,
            k if k == ResourceKind::CBuffer.raw() => Some(ResourceClass::CBuffer),
            k if k == ResourceKind::Sampler.raw() => Some(ResourceClass::Sampler),
            _ if self.is_uav => Some(ResourceClass::UAV),
            _ => Some(ResourceClass::SRV),
        }
    }

    fn of(p: handles::Props) -> Option<Props> {
        let props = Props {
            kind: p.kind(),
            is_uav: p.is_uav(),
            reorder_coherent: p.reorder_coherent(),
        };
        (props.kind != 0).then_some(props)
    }
}

/// The properties of `handle` (a value of `f`), if the handle has any (`GetResourceFromVal`:
/// a lookup that reports nothing).
pub(crate) fn props_of(ctx: &Ctx, f: Function, handle: ValueRef) -> Option<Props> {
    Props::of(ctx.res.props(f, handle))
}

/// [`props_of`] for an operation's handle operand (`GetResourceFromHandle`): a handle that
/// is not a call, or whose properties are unknown, is reported on the handle's own
/// instruction (or on the module when it is no instruction), and a reorder-coherent one
/// before shader model 6.9.
pub(crate) fn props_of_handle(
    ctx: &mut Ctx,
    f: Function,
    body: &Body,
    handle: ValueRef,
) -> Option<Props> {
    Props::of(handles::resource_from_handle(ctx, f, body, handle))
}
