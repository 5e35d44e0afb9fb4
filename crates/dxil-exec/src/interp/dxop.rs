//! `dx.op` calls at run time (DXIL.rst "Operations"): system values, arithmetic
//! ([`crate::interp::math`]), wave and quad operations ([`crate::interp::waveop`]),
//! resource handles and buffer access ([`crate::interp::buffer`]), textures
//! ([`crate::texture`]), barriers.
//!
//! A handle is a slot holding the index of its binding in [`crate::Bindings`] plus one.

use dxil_ops::OpCode as O;

use crate::code::{RmwK, Slot, Ty};
use crate::error::{ErrorKind, InputCause, Result, RuntimeCause, UnsupportedCause};
use crate::interp::{buffer, for_lanes, math, rmw, texops, waveop, Ctx, Mask, Status, Wave};
use crate::resource::{Resource, ResourceClass, ResourceKind};

/// Whether the executor runs `op` (checked when compiling, so the error names it early).
pub(crate) fn supported(op: O) -> bool {
    math::handles(op)
        || waveop::handles(op)
        || texops::handles(op)
        || matches!(
            op,
            O::ThreadId
                | O::GroupId
                | O::ThreadIdInGroup
                | O::FlattenedThreadIdInGroup
                | O::Barrier
                | O::CreateHandle
                | O::CreateHandleFromBinding
                | O::CreateHandleFromHeap
                | O::AnnotateHandle
                | O::BufferLoad
                | O::BufferStore
                | O::RawBufferLoad
                | O::RawBufferStore
                | O::CBufferLoadLegacy
                | O::CBufferLoad
                | O::BufferUpdateCounter
                | O::AtomicBinOp
                | O::AtomicCompareExchange
                | O::GetDimensions
                | O::CheckAccessFullyMapped
                | O::IsHelperLane
                | O::LoadInput
                | O::StoreOutput
                | O::Discard
        )
}

fn class_of(code: u64) -> Option<ResourceClass> {
    Some(match code {
        0 => ResourceClass::SRV,
        1 => ResourceClass::UAV,
        2 => ResourceClass::CBuffer,
        3 => ResourceClass::Sampler,
        _ => return None,
    })
}

fn bind(ctx: &Ctx<'_>, class: ResourceClass, space: u32, register: u32) -> Result<u64> {
    ctx.bindings
        .find(class, space, register)
        .map(|i| i as u64 + 1)
        .ok_or_else(|| {
            ErrorKind::Unbound {
                class: class.register_letter(),
                space,
                register,
            }
            .into()
        })
}

/// The resource a handle value names.
pub(crate) fn resource<'c>(ctx: &'c mut Ctx<'_>, h: u64) -> Result<&'c mut Resource> {
    let i = (h as usize).wrapping_sub(1);
    match ctx.bindings.bindings.get_mut(i) {
        Some(b) => Ok(&mut b.resource),
        None => Err(RuntimeCause::NullHandle.into()),
    }
}

fn atomic_kind(code: u64) -> RmwK {
    match code {
        0 => RmwK::Add,
        1 => RmwK::And,
        2 => RmwK::Or,
        3 => RmwK::Xor,
        4 => RmwK::Min,
        5 => RmwK::Max,
        6 => RmwK::UMin,
        7 => RmwK::UMax,
        _ => RmwK::Xchg,
    }
}

/// The byte range an atomic on `res` at (o0, o1, o2) touches, if inside the view.
fn atomic_range(res: &Resource, o: [u64; 3], ty: Ty) -> Option<usize> {
    let size = u64::from(ty.bytes());
    let (at, end) = match res.view {
        ResourceKind::RawBuffer | ResourceKind::StructuredBuffer | ResourceKind::TypedBuffer => {
            let index = if res.view == ResourceKind::RawBuffer {
                0
            } else {
                o[0]
            };
            (buffer::address(res, o[0], o[1]), buffer::end(res, index))
        }
        _ => {
            let r = crate::texture::texel_range(res, [o[0] as u32, o[1] as u32, o[2] as u32])?;
            (r.start as u64, r.end as u64)
        }
    };
    (at + size <= end).then_some(at as usize)
}

/// The value of a UAV's hidden counter; a UAV bound without one gets one at its first
/// update, counting from 0.
fn counter_now(res: &Resource) -> u32 {
    res.counter.unwrap_or_default()
}

/// The slot of operand `i` (after the opcode) of a call to `op` whose operand slots are
/// `args`. The compiler gives every call the operand count the database gives its opcode,
/// so a position a handler reads is there; were it not, the error names the operation and
/// the operand rather than reading another slot.
#[inline]
pub(crate) fn operand(op: O, args: &[Slot], i: usize) -> Result<Slot> {
    match args.get(i) {
        Some(&s) => Ok(s),
        None => Err(InputCause::MissingOperand {
            op: format!("{op:?}"),
            position: i + 1,
            count: args.len(),
        }
        .into()),
    }
}

/// Runs `op` for the lanes of `mask`.
pub(crate) fn exec(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    op: O,
    ty: Ty,
    dst: Slot,
    args: &[Slot],
    mask: Mask,
) -> Result<Status> {
    let arg = |i: usize| operand(op, args, i);
    // Helper lanes write no memory (D3D11.3 functional spec, "Helper Pixels").
    let mask = if w.helper != 0 && writes_memory(op) {
        mask & !w.helper
    } else {
        mask
    };
    if math::handles(op) {
        let mut vals: math::Operands = [0; math::MAX_OPERANDS];
        let mut out = [0u64; 8];
        for_lanes!(mask, l, {
            for (k, &s) in args.iter().enumerate().take(math::MAX_OPERANDS) {
                vals[k] = w.get(s, l);
            }
            let n = math::eval(op, ty, &vals, &mut out, ctx.prog.ftz32);
            for (k, &v) in out.iter().enumerate().take(n) {
                w.set(dst + k as u32, l, v);
            }
        });
        return Ok(Status::Done);
    }
    if waveop::handles(op) {
        let mask = if w.helper != 0 && !waveop::quad_scoped(op) {
            mask & !w.helper
        } else {
            mask
        };
        waveop::exec(w, op, ty, dst, args, mask)?;
        return Ok(Status::Done);
    }
    if texops::handles(op) {
        texops::exec(w, ctx, op, ty, dst, args, mask)?;
        return Ok(Status::Done);
    }
    match op {
        O::ThreadId | O::GroupId | O::ThreadIdInGroup => {
            for_lanes!(mask, l, {
                let c = (w.get(arg(0)?, l) as usize).min(2);
                let v = match op {
                    O::ThreadId => w.thread_id(ctx, l)[c],
                    O::GroupId => ctx.group_id[c],
                    _ => w.tid[l][c],
                };
                w.set(dst, l, u64::from(v));
            });
        }
        O::FlattenedThreadIdInGroup => for_lanes!(mask, l, { w.set(dst, l, u64::from(w.flat[l])) }),
        O::IsHelperLane => for_lanes!(mask, l, {
            let h = w.helper >> l & 1;
            w.set(dst, l, h as u64)
        }),
        O::LoadInput => {
            let layout = &ctx.prog.stage.inputs;
            let stride = layout.stride as usize;
            for_lanes!(mask, l, {
                let at = layout.index(w.get(arg(0)?, l), w.get(arg(1)?, l), w.get(arg(2)?, l));
                let v = at.map_or(0, |i| w.inputs[l * stride + i]);
                w.set(dst, l, v);
            });
        }
        O::StoreOutput => {
            let layout = &ctx.prog.stage.outputs;
            let stride = layout.stride as usize;
            for_lanes!(mask, l, {
                let at = layout.index(w.get(arg(0)?, l), w.get(arg(1)?, l), w.get(arg(2)?, l));
                if let Some(i) = at {
                    let v = w.get(arg(3)?, l);
                    w.outputs[l * stride + i] = v;
                }
            });
        }
        O::Discard => for_lanes!(mask, l, {
            if w.get(arg(0)?, l) & 1 == 1 {
                w.helper |= 1 << l;
            }
        }),
        O::Barrier => return Ok(Status::Barrier),
        O::CreateHandle => {
            for_lanes!(mask, l, {
                let class = w.get(arg(0)?, l);
                let range = w.get(arg(1)?, l) as u32;
                let index = w.get(arg(2)?, l) as u32;
                let c = class_of(class).ok_or(InputCause::ResourceClass(class))?;
                let &(space, _) = ctx
                    .prog
                    .ranges
                    .get(&(class as u8, range))
                    .ok_or(InputCause::UndeclaredRange { range })?;
                let h = bind(ctx, c, space, index)?;
                w.set(dst, l, h);
            });
        }
        O::CreateHandleFromBinding => {
            // `bind` is a %dx.types.ResBind {lower, upper, space, class} in four slots.
            let b = arg(0)?;
            for_lanes!(mask, l, {
                let space = w.get(b + 2, l) as u32;
                let class = w.get(b + 3, l);
                let index = w.get(arg(1)?, l) as u32;
                let c = class_of(class).ok_or(InputCause::ResourceClass(class))?;
                let h = bind(ctx, c, space, index)?;
                w.set(dst, l, h);
            });
        }
        O::CreateHandleFromHeap => {
            for_lanes!(mask, l, {
                let index = w.get(arg(0)?, l) as u32;
                let sampler = w.get(arg(1)?, l) & 1 == 1;
                let h = ctx
                    .bindings
                    .find_in_heap(sampler, index)
                    .ok_or(RuntimeCause::EmptyHeapSlot { index, sampler })?;
                w.set(dst, l, h as u64 + 1);
            });
        }
        O::AnnotateHandle => for_lanes!(mask, l, {
            let v = w.get(arg(0)?, l);
            w.set(dst, l, v)
        }),
        O::RawBufferLoad | O::BufferLoad => {
            let mut out = [0u64; 8];
            for_lanes!(mask, l, {
                let (h, i, o) = (w.get(arg(0)?, l), w.get(arg(1)?, l), w.get(arg(2)?, l));
                let cmask = if op == O::RawBufferLoad {
                    w.get(arg(3)?, l) as u8
                } else {
                    0xf
                };
                let res = resource(ctx, h)?;
                let ok = match res.view {
                    ResourceKind::TypedBuffer => buffer::load_typed(res, i, ty, &mut out),
                    ResourceKind::RawBuffer | ResourceKind::StructuredBuffer => {
                        let o = if res.view == ResourceKind::RawBuffer {
                            0
                        } else {
                            o
                        };
                        let addr = buffer::address(res, i, o);
                        let end = buffer::end(res, i);
                        buffer::load_raw(res, addr, end, ty, cmask, &mut out)
                    }
                    other => {
                        return Err(UnsupportedCause::OpOnView {
                            op: op_name(op),
                            view: other,
                        }
                        .into())
                    }
                };
                for (k, &v) in out.iter().enumerate().take(4) {
                    w.set(dst + k as u32, l, v);
                }
                w.set(dst + 4, l, u64::from(ok));
            });
        }
        O::RawBufferStore | O::BufferStore => {
            for_lanes!(mask, l, {
                let (h, i, o) = (w.get(arg(0)?, l), w.get(arg(1)?, l), w.get(arg(2)?, l));
                let vals = [
                    w.get(arg(3)?, l),
                    w.get(arg(4)?, l),
                    w.get(arg(5)?, l),
                    w.get(arg(6)?, l),
                ];
                let cmask = w.get(arg(7)?, l) as u8;
                let res = resource(ctx, h)?;
                match res.view {
                    ResourceKind::TypedBuffer => buffer::store_typed(res, i, ty, &vals, cmask),
                    ResourceKind::RawBuffer | ResourceKind::StructuredBuffer => {
                        let o = if res.view == ResourceKind::RawBuffer {
                            0
                        } else {
                            o
                        };
                        let addr = buffer::address(res, i, o);
                        let end = buffer::end(res, i);
                        buffer::store_raw(res, addr, end, ty, &vals, cmask);
                    }
                    other => {
                        return Err(UnsupportedCause::OpOnView {
                            op: op_name(op),
                            view: other,
                        }
                        .into())
                    }
                }
            });
        }
        O::CBufferLoadLegacy => {
            for_lanes!(mask, l, {
                let (h, row) = (w.get(arg(0)?, l), w.get(arg(1)?, l));
                let res = resource(ctx, h)?;
                let n = 16 / ty.bytes();
                for k in 0..n {
                    let at = row * 16 + u64::from(k * ty.bytes());
                    let v = if at + u64::from(ty.bytes()) <= res.data.len() as u64 {
                        crate::interp::mem::read(&res.data, at as usize, ty)
                    } else {
                        0
                    };
                    w.set(dst + k, l, v);
                }
            });
        }
        O::CBufferLoad => {
            for_lanes!(mask, l, {
                let (h, at) = (w.get(arg(0)?, l), w.get(arg(1)?, l));
                let res = resource(ctx, h)?;
                let v = if at + u64::from(ty.bytes()) <= res.data.len() as u64 {
                    crate::interp::mem::read(&res.data, at as usize, ty)
                } else {
                    0
                };
                w.set(dst, l, v);
            });
        }
        O::BufferUpdateCounter => {
            for_lanes!(mask, l, {
                let (h, inc) = (w.get(arg(0)?, l), w.get(arg(1)?, l) as u8 as i8);
                let res = resource(ctx, h)?;
                let c = counter_now(res);
                let v = if inc >= 0 {
                    res.counter = Some(c.wrapping_add(1));
                    c
                } else {
                    let n = c.wrapping_sub(1);
                    res.counter = Some(n);
                    n
                };
                w.set(dst, l, u64::from(v));
            });
        }
        O::AtomicBinOp | O::AtomicCompareExchange => {
            for_lanes!(mask, l, {
                let h = w.get(arg(0)?, l);
                let (k, o) = if op == O::AtomicBinOp {
                    (
                        w.get(arg(1)?, l),
                        [w.get(arg(2)?, l), w.get(arg(3)?, l), w.get(arg(4)?, l)],
                    )
                } else {
                    (0, [w.get(arg(1)?, l), w.get(arg(2)?, l), w.get(arg(3)?, l)])
                };
                let res = resource(ctx, h)?;
                let old = match atomic_range(res, o, ty) {
                    Some(at) => {
                        let old = crate::interp::mem::read(&res.data, at, ty);
                        let new = if op == O::AtomicBinOp {
                            Some(rmw(atomic_kind(k), ty, old, w.get(arg(5)?, l)))
                        } else if old == w.get(arg(4)?, l) {
                            Some(w.get(arg(5)?, l))
                        } else {
                            None
                        };
                        if let Some(n) = new {
                            crate::interp::mem::write(&mut res.data, at, ty, n);
                        }
                        old
                    }
                    None => 0,
                };
                w.set(dst, l, old);
            });
        }
        O::GetDimensions => {
            for_lanes!(mask, l, {
                let (h, mip) = (w.get(arg(0)?, l), w.get(arg(1)?, l) as u32);
                let res = resource(ctx, h)?;
                let d = match res.view {
                    ResourceKind::RawBuffer
                    | ResourceKind::StructuredBuffer
                    | ResourceKind::TypedBuffer => [buffer::length(res) as u32, 0, 0, 0],
                    _ => crate::texture::dimensions(res, mip),
                };
                for (k, v) in d.iter().enumerate() {
                    w.set(dst + k as u32, l, u64::from(*v));
                }
            });
        }
        O::CheckAccessFullyMapped => for_lanes!(mask, l, {
            let v = w.get(arg(0)?, l);
            w.set(dst, l, u64::from(v != 0))
        }),
        _ => return Err(UnsupportedCause::Op { name: op_name(op) }.into()),
    }
    Ok(Status::Done)
}

/// Operations that write resources (dropped for helper lanes).
fn writes_memory(op: O) -> bool {
    matches!(
        op,
        O::BufferStore
            | O::RawBufferStore
            | O::TextureStore
            | O::TextureStoreSample
            | O::AtomicBinOp
            | O::AtomicCompareExchange
            | O::BufferUpdateCounter
            | O::StoreOutput
    )
}

fn op_name(op: O) -> String {
    format!("{op:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_absent_operand_is_an_error_naming_the_operation_and_operand() {
        assert_eq!(operand(O::WaveReadLaneAt, &[7, 9], 1).unwrap(), 9);
        let e = operand(O::WaveReadLaneAt, &[7], 1).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Input(_)));
        assert_eq!(
            e.to_string(),
            "dx.op WaveReadLaneAt: operand 2 of 1 is absent"
        );
    }
}
