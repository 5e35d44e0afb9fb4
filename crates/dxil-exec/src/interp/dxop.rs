//! `dx.op` calls at run time (DXIL.rst "Operations"): system values, arithmetic
//! ([`crate::interp::math`]), wave and quad operations ([`crate::interp::waveop`]),
//! resource handles and buffer access ([`crate::interp::buffer`]), textures
//! ([`crate::interp::texops`]), barriers.
//!
//! Every call reaches here as the typed operation [`DxOp`] with its operands' slots in its
//! named fields, and one match over it runs it: [`exec`]. What the executor supports is
//! exactly what that match handles; [`runs`], which the compiler asks so that an operation
//! it does not handle is refused by name before anything runs, is made from the same arms.
//!
//! A handle is a slot holding the index of its binding in [`crate::Bindings`] plus one.

use dxil_ops::DxOp;

use crate::code::{DxCall, RmwK, Slot, Ty};
use crate::error::{ErrorKind, InputCause, Result, RuntimeCause, UnsupportedCause};
use crate::interp::math::{self, per_lane};
use crate::interp::texops::{self, Gradients, Sampling};
use crate::interp::waveop::{self, Deriv};
use crate::interp::{buffer, for_lanes, rmw, Ctx, Mask, Status, Wave};
use crate::resource::{Resource, ResourceClass, ResourceKind};

/// Members of a `%dx.types.ResBind` operand {lower bound, upper bound, space, class}, an
/// aggregate in consecutive slots (DXIL.rst "Shader Resources", `createHandleFromBinding`).
const RES_BIND_SPACE: Slot = 2;
const RES_BIND_CLASS: Slot = 3;

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

/// The lanes of `mask` that may write memory: helper lanes write none (D3D11.3 functional
/// spec, "Helper Pixels").
#[inline]
fn writers(w: &Wave, mask: Mask) -> Mask {
    mask & !w.helper
}

/// Whether `op`, given a vector overload (shader model 6.9, DXIL.rst "Operations"), takes
/// its vectors whole: its arm runs over [`DxCall::elems`] elements. The others (`Unary`,
/// `Binary`, most wave operations) work element by element, as their scalar overload would
/// on each, and the compiler makes one scalar call per element.
pub(crate) fn takes_whole_vector<V>(op: &DxOp<V>) -> bool {
    matches!(
        op,
        DxOp::RawBufferVectorLoad { .. }
            | DxOp::RawBufferVectorStore { .. }
            | DxOp::VectorReduceAnd { .. }
            | DxOp::VectorReduceOr { .. }
            | DxOp::FDot { .. }
            | DxOp::WaveMatch { .. }
    )
}

/// Makes, from one list of match arms over [`DxOp<Slot>`], both [`exec`] (the arms run) and
/// [`runs`] (whether an operation matches an arm), so that the operations the compiler
/// accepts are exactly those the interpreter runs. The names in the header are what the
/// arms call the wave, the dispatch context, the call, the active lanes, the overload's kind,
/// the first result slot, and whether fp32 arithmetic of the call flushes denormals.
macro_rules! operations {
    (
        ($w:ident, $ctx:ident, $call:ident, $mask:ident, $ty:ident, $dst:ident, $ftz:ident)
        { $($pat:pat => $body:expr,)* }
    ) => {
        /// Whether the executor runs `op` (the compiler asks, so that the error names the
        /// operation before anything runs).
        pub(crate) fn runs<V>(op: &DxOp<V>) -> bool {
            #[allow(unused_variables)]
            match op {
                $($pat => true,)*
                _ => false,
            }
        }

        /// Runs `call` for the lanes of `mask`.
        pub(crate) fn exec(
            $w: &mut Wave,
            $ctx: &mut Ctx<'_>,
            $call: &DxCall,
            $mask: Mask,
        ) -> Result<Status> {
            let DxCall { ty: $ty, dst: $dst, .. } = *$call;
            let $ftz = $ctx.prog.ftz32 && $ty == Ty::F32;
            match $call.op {
                $($pat => $body,)*
                _ => {
                    return Err(UnsupportedCause::Op {
                        name: $call.op.name().to_string(),
                    }
                    .into())
                }
            }
            Ok(Status::Done)
        }
    };
}

operations! {
    (w, ctx, call, mask, ty, dst, ftz) {
        // System values.
        DxOp::ThreadId { component } => for_lanes!(mask, l, {
            let v = w.thread_id(ctx, l)[component_of(w, component, l)];
            w.set(dst, l, u64::from(v));
        }),
        DxOp::GroupId { component } => for_lanes!(mask, l, {
            let v = ctx.group_id[component_of(w, component, l)];
            w.set(dst, l, u64::from(v));
        }),
        DxOp::ThreadIdInGroup { component } => for_lanes!(mask, l, {
            let v = w.tid[l][component_of(w, component, l)];
            w.set(dst, l, u64::from(v));
        }),
        DxOp::FlattenedThreadIdInGroup {} => {
            for_lanes!(mask, l, { w.set(dst, l, u64::from(w.flat[l])) })
        },
        DxOp::IsHelperLane {} => for_lanes!(mask, l, {
            let h = w.helper >> l & 1;
            w.set(dst, l, h as u64)
        }),
        DxOp::LoadInput { input_sig_id, row_index, col_index, .. } => {
            let layout = &ctx.prog.stage.inputs;
            let stride = layout.stride as usize;
            for_lanes!(mask, l, {
                let at = layout.index(
                    w.get(input_sig_id, l),
                    w.get(row_index, l),
                    w.get(col_index, l),
                );
                let v = at.map_or(0, |i| w.inputs[l * stride + i]);
                w.set(dst, l, v);
            });
        },
        DxOp::StoreOutput { output_sig_id, row_index, col_index, value } => {
            let layout = &ctx.prog.stage.outputs;
            let stride = layout.stride as usize;
            for_lanes!(writers(w, mask), l, {
                let at = layout.index(
                    w.get(output_sig_id, l),
                    w.get(row_index, l),
                    w.get(col_index, l),
                );
                if let Some(i) = at {
                    let v = w.get(value, l);
                    w.outputs[l * stride + i] = v;
                }
            });
        },
        DxOp::Discard { condition } => for_lanes!(mask, l, {
            if w.get(condition, l) & 1 == 1 {
                w.helper |= 1 << l;
            }
        }),
        DxOp::Barrier { .. } => return Ok(Status::Barrier),

        // Arithmetic. The operations on the bits (absolute value, classification, the fp32
        // bit casts, the legacy conversions, `Dot2AddHalf`) never flush fp32 denormals: they
        // pass `false` where the others pass `ftz`.
        DxOp::FAbs { value } => per_lane(w, mask, dst, [value], false, |[x]| [math::fabs(ty, x)]),
        DxOp::Saturate { value } => {
            per_lane(w, mask, dst, [value], ftz, |[x]| [math::saturate(ty, x)])
        },
        DxOp::IsNaN { value } => {
            per_lane(w, mask, dst, [value], false, |[x]| [math::is(ty, x, f64::is_nan)])
        },
        DxOp::IsInf { value } => {
            per_lane(w, mask, dst, [value], false, |[x]| [math::is(ty, x, f64::is_infinite)])
        },
        DxOp::IsFinite { value } => {
            per_lane(w, mask, dst, [value], false, |[x]| [math::is(ty, x, f64::is_finite)])
        },
        DxOp::IsNormal { value } => {
            per_lane(w, mask, dst, [value], false, |[x]| [math::is_normal(ty, x)])
        },
        DxOp::Cos { value } => math::float1(w, mask, dst, value, ftz, ty, f64::cos, f32::cos),
        DxOp::Sin { value } => math::float1(w, mask, dst, value, ftz, ty, f64::sin, f32::sin),
        DxOp::Tan { value } => math::float1(w, mask, dst, value, ftz, ty, f64::tan, f32::tan),
        DxOp::Acos { value } => math::float1(w, mask, dst, value, ftz, ty, f64::acos, f32::acos),
        DxOp::Asin { value } => math::float1(w, mask, dst, value, ftz, ty, f64::asin, f32::asin),
        DxOp::Atan { value } => math::float1(w, mask, dst, value, ftz, ty, f64::atan, f32::atan),
        DxOp::Hcos { value } => math::float1(w, mask, dst, value, ftz, ty, f64::cosh, f32::cosh),
        DxOp::Hsin { value } => math::float1(w, mask, dst, value, ftz, ty, f64::sinh, f32::sinh),
        DxOp::Htan { value } => math::float1(w, mask, dst, value, ftz, ty, f64::tanh, f32::tanh),
        DxOp::Exp { value } => math::float1(w, mask, dst, value, ftz, ty, f64::exp2, f32::exp2),
        DxOp::Log { value } => math::float1(w, mask, dst, value, ftz, ty, f64::log2, f32::log2),
        DxOp::Sqrt { value } => math::float1(w, mask, dst, value, ftz, ty, f64::sqrt, f32::sqrt),
        DxOp::Rsqrt { value } => {
            math::float1(w, mask, dst, value, ftz, ty, |v| 1.0 / v.sqrt(), |v| 1.0 / v.sqrt())
        },
        DxOp::Frc { value } => {
            math::float1(w, mask, dst, value, ftz, ty, |v| v - v.floor(), |v| v - v.floor())
        },
        DxOp::Round_ne { value } => {
            let f32f = |v: f32| math::round_ne(f64::from(v)) as f32;
            math::float1(w, mask, dst, value, ftz, ty, math::round_ne, f32f)
        },
        DxOp::Round_ni { value } => {
            math::float1(w, mask, dst, value, ftz, ty, f64::floor, f32::floor)
        },
        DxOp::Round_pi { value } => {
            math::float1(w, mask, dst, value, ftz, ty, f64::ceil, f32::ceil)
        },
        DxOp::Round_z { value } => {
            math::float1(w, mask, dst, value, ftz, ty, f64::trunc, f32::trunc)
        },
        DxOp::Bfrev { value } => per_lane(w, mask, dst, [value], ftz, |[x]| [math::bfrev(ty, x)]),
        DxOp::Countbits { value } => {
            per_lane(w, mask, dst, [value], ftz, |[x]| [math::countbits(ty, x)])
        },
        DxOp::FirstbitLo { value } => {
            per_lane(w, mask, dst, [value], ftz, |[x]| [math::firstbit_lo(ty, x)])
        },
        DxOp::FirstbitHi { value } => {
            per_lane(w, mask, dst, [value], ftz, |[x]| [math::firstbit_hi(ty, x)])
        },
        DxOp::FirstbitSHi { value } => {
            per_lane(w, mask, dst, [value], ftz, |[x]| [math::firstbit_shi(ty, x)])
        },
        DxOp::FMax { a, b } => {
            per_lane(w, mask, dst, [a, b], ftz, |[x, y]| [math::fmin_max(ty, x, y, true)])
        },
        DxOp::FMin { a, b } => {
            per_lane(w, mask, dst, [a, b], ftz, |[x, y]| [math::fmin_max(ty, x, y, false)])
        },
        DxOp::IMax { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| [math::imax(ty, x, y)]),
        DxOp::IMin { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| [math::imin(ty, x, y)]),
        DxOp::UMax { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| [x.max(y)]),
        DxOp::UMin { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| [x.min(y)]),
        DxOp::IMul { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| math::imul(x, y)),
        DxOp::UMul { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| math::umul(x, y)),
        DxOp::UDiv { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| math::udiv(x, y)),
        DxOp::UAddc { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| math::uaddc(x, y)),
        DxOp::USubb { a, b } => per_lane(w, mask, dst, [a, b], ftz, |[x, y]| math::usubb(x, y)),
        DxOp::FMad { a, b, c } => {
            per_lane(w, mask, dst, [a, b, c], ftz, |[x, y, z]| [math::fmad(ty, x, y, z)])
        },
        DxOp::Fma { a, b, c } => {
            per_lane(w, mask, dst, [a, b, c], ftz, |[x, y, z]| [math::fma(ty, x, y, z)])
        },
        DxOp::IMad { a, b, c } | DxOp::UMad { a, b, c } => {
            per_lane(w, mask, dst, [a, b, c], ftz, |[x, y, z]| [math::mad(ty, x, y, z)])
        },
        DxOp::Msad { a, b, c } => {
            per_lane(w, mask, dst, [a, b, c], ftz, |[x, y, z]| [math::msad(x, y, z)])
        },
        DxOp::Ibfe { a, b, c } => {
            per_lane(w, mask, dst, [a, b, c], ftz, |[x, y, z]| [math::bfe(x, y, z, true)])
        },
        DxOp::Ubfe { a, b, c } => {
            per_lane(w, mask, dst, [a, b, c], ftz, |[x, y, z]| [math::bfe(x, y, z, false)])
        },
        DxOp::Bfi { width, offset, value, replaced_value } => {
            let args = [width, offset, value, replaced_value];
            per_lane(w, mask, dst, args, ftz, |[x, y, z, r]| [math::bfi(x, y, z, r)])
        },
        DxOp::Dot2 { ax, ay, bx, by } => {
            per_lane(w, mask, dst, [ax, ay, bx, by], ftz, |[ax, ay, bx, by]| {
                [math::dot(ty, [ax, ay], [bx, by])]
            })
        },
        DxOp::Dot3 { ax, ay, az, bx, by, bz } => {
            per_lane(w, mask, dst, [ax, ay, az, bx, by, bz], ftz, |[ax, ay, az, bx, by, bz]| {
                [math::dot(ty, [ax, ay, az], [bx, by, bz])]
            })
        },
        DxOp::Dot4 { ax, ay, az, aw, bx, by, bz, bw } => {
            let args = [ax, ay, az, aw, bx, by, bz, bw];
            per_lane(w, mask, dst, args, ftz, |[ax, ay, az, aw, bx, by, bz, bw]| {
                [math::dot(ty, [ax, ay, az, aw], [bx, by, bz, bw])]
            })
        },
        DxOp::FDot { a, b } => {
            let n = call.elems;
            let get = |v: u64| if ftz { crate::interp::float::flush32(v) } else { v };
            for_lanes!(mask, l, {
                let pairs = (0..n).map(|k| (get(w.get(a + k, l)), get(w.get(b + k, l))));
                let v = math::dot_pairs(ty, pairs);
                w.set(dst, l, get(v));
            })
        },
        DxOp::VectorReduceAnd { a } => for_lanes!(mask, l, {
            let v = (0..call.elems).fold(ty.mask(), |r, k| r & w.get(a + k, l));
            w.set(dst, l, v)
        }),
        DxOp::VectorReduceOr { a } => for_lanes!(mask, l, {
            let v = (0..call.elems).fold(0, |r, k| r | w.get(a + k, l));
            w.set(dst, l, v)
        }),
        DxOp::MakeDouble { lo, hi } => {
            per_lane(w, mask, dst, [lo, hi], ftz, |[lo, hi]| [(lo & 0xffff_ffff) | (hi << 32)])
        },
        DxOp::SplitDouble { value } => {
            per_lane(w, mask, dst, [value], ftz, |[x]| [x & 0xffff_ffff, x >> 32])
        },
        DxOp::LegacyF32ToF16 { value } => {
            per_lane(w, mask, dst, [value], false, |[x]| [math::f32_to_f16(x)])
        },
        DxOp::LegacyF16ToF32 { value } => {
            per_lane(w, mask, dst, [value], false, |[x]| [math::f16_to_f32(x)])
        },
        DxOp::LegacyDoubleToFloat { value } => per_lane(w, mask, dst, [value], ftz, |[x]| {
            [u64::from((f64::from_bits(x) as f32).to_bits())]
        }),
        DxOp::LegacyDoubleToSInt32 { value } => per_lane(w, mask, dst, [value], ftz, |[x]| {
            [u64::from(f64::from_bits(x) as i32 as u32)]
        }),
        DxOp::LegacyDoubleToUInt32 { value } => {
            per_lane(w, mask, dst, [value], ftz, |[x]| [u64::from(f64::from_bits(x) as u32)])
        },
        DxOp::BitcastI32toF32 { value } | DxOp::BitcastF32toI32 { value } => {
            per_lane(w, mask, dst, [value], false, |[x]| [x])
        },
        DxOp::BitcastI16toF16 { value }
        | DxOp::BitcastF16toI16 { value }
        | DxOp::BitcastI64toF64 { value }
        | DxOp::BitcastF64toI64 { value } => per_lane(w, mask, dst, [value], ftz, |[x]| [x]),
        DxOp::Dot2AddHalf { acc, ax, ay, bx, by } => {
            per_lane(w, mask, dst, [acc, ax, ay, bx, by], false, |[acc, ax, ay, bx, by]| {
                [math::dot2_add_half(acc, [ax, ay], [bx, by])]
            })
        },
        DxOp::Dot4AddI8Packed { acc, a, b } => {
            per_lane(w, mask, dst, [acc, a, b], ftz, |[acc, a, b]| {
                [math::dot4_add_packed(acc, a, b, true)]
            })
        },
        DxOp::Dot4AddU8Packed { acc, a, b } => {
            per_lane(w, mask, dst, [acc, a, b], ftz, |[acc, a, b]| {
                [math::dot4_add_packed(acc, a, b, false)]
            })
        },
        DxOp::Pack4x8 { pack_mode, x, y, z, w: w_ } => {
            let args = [pack_mode, x, y, z, w_];
            per_lane(w, mask, dst, args, ftz, |[m, x, y, z, w]| {
                [math::pack4x8(ty, m, [x, y, z, w])]
            })
        },
        DxOp::Unpack4x8 { unpack_mode, pk } => {
            per_lane(w, mask, dst, [unpack_mode, pk], ftz, |[m, pk]| math::unpack4x8(ty, m, pk))
        },

        // Wave operations see the lanes that are not helpers; quad operations and
        // derivatives see the quad, helpers included.
        DxOp::WaveIsFirstLane {} => waveop::is_first_lane(w, dst, waveop::active(w, mask)),
        DxOp::WaveGetLaneIndex {} => waveop::lane_index(w, dst, waveop::active(w, mask)),
        DxOp::WaveGetLaneCount {} => waveop::lane_count(w, dst, waveop::active(w, mask)),
        DxOp::WaveAnyTrue { cond } => waveop::vote(w, cond, dst, waveop::active(w, mask), false),
        DxOp::WaveAllTrue { cond } => waveop::vote(w, cond, dst, waveop::active(w, mask), true),
        DxOp::WaveActiveAllEqual { value } => {
            waveop::all_equal(w, value, dst, waveop::active(w, mask))
        },
        DxOp::WaveActiveBallot { cond } => waveop::ballot(w, cond, dst, waveop::active(w, mask)),
        DxOp::WaveReadLaneAt { value, lane } => {
            waveop::read_lane_at(w, value, lane, dst, waveop::active(w, mask))
        },
        DxOp::WaveReadLaneFirst { value } => {
            waveop::read_lane_first(w, value, dst, waveop::active(w, mask))
        },
        DxOp::WaveActiveOp { value, op, sop } => {
            waveop::active_op(w, ty, value, op, sop, dst, waveop::active(w, mask))
        },
        DxOp::WaveActiveBit { value, op } => {
            waveop::active_bit(w, value, op, dst, waveop::active(w, mask))
        },
        DxOp::WavePrefixOp { value, op, sop } => {
            waveop::prefix_op(w, ty, value, op, sop, dst, waveop::active(w, mask))
        },
        DxOp::WaveAllBitCount { value } => {
            waveop::bit_count(w, value, dst, waveop::active(w, mask), false)
        },
        DxOp::WavePrefixBitCount { value } => {
            waveop::bit_count(w, value, dst, waveop::active(w, mask), true)
        },
        DxOp::WaveMatch { value } => {
            waveop::wave_match(w, value, call.elems, dst, waveop::active(w, mask))
        },
        DxOp::WaveMultiPrefixOp { value, mask0, mask1, mask2, mask3, op, sop } => {
            let masks = [mask0, mask1, mask2, mask3];
            let reduce = Some((op, sop));
            waveop::multi_prefix(w, ty, value, masks, reduce, dst, waveop::active(w, mask))
        },
        DxOp::WaveMultiPrefixBitCount { value, mask0, mask1, mask2, mask3 } => {
            let masks = [mask0, mask1, mask2, mask3];
            waveop::multi_prefix(w, ty, value, masks, None, dst, waveop::active(w, mask))
        },
        DxOp::QuadReadLaneAt { value, quad_lane } => {
            waveop::quad_read_lane_at(w, value, quad_lane, dst, mask)
        },
        DxOp::QuadOp { value, op } => waveop::quad_op(w, value, op, dst, mask),
        DxOp::QuadVote { cond, op } => waveop::quad_vote(w, cond, op, dst, mask),
        DxOp::DerivCoarseX { value } => waveop::deriv(w, ty, value, dst, mask, Deriv::CoarseX),
        DxOp::DerivCoarseY { value } => waveop::deriv(w, ty, value, dst, mask, Deriv::CoarseY),
        DxOp::DerivFineX { value } => waveop::deriv(w, ty, value, dst, mask, Deriv::FineX),
        DxOp::DerivFineY { value } => waveop::deriv(w, ty, value, dst, mask, Deriv::FineY),

        // Handles.
        DxOp::CreateHandle { resource_class, range_id, index, .. } => for_lanes!(mask, l, {
            let class = w.get(resource_class, l);
            let range = w.get(range_id, l) as u32;
            let register = w.get(index, l) as u32;
            let c = class_of(class)
                .ok_or(InputCause::ResourceClass(class))?;
            let &(space, _) = ctx
                .prog
                .ranges
                .get(&(class as u8, range))
                .ok_or(InputCause::UndeclaredRange { range })?;
            let h = bind(ctx, c, space, register)?;
            w.set(dst, l, h);
        }),
        DxOp::CreateHandleFromBinding { bind: res_bind, index, .. } => for_lanes!(mask, l, {
            let space = w.get(res_bind + RES_BIND_SPACE, l) as u32;
            let class = w.get(res_bind + RES_BIND_CLASS, l);
            let register = w.get(index, l) as u32;
            let c = class_of(class)
                .ok_or(InputCause::ResourceClass(class))?;
            let h = bind(ctx, c, space, register)?;
            w.set(dst, l, h);
        }),
        DxOp::CreateHandleFromHeap { index, sampler_heap, .. } => for_lanes!(mask, l, {
            let at = w.get(index, l) as u32;
            let sampler = w.get(sampler_heap, l) & 1 == 1;
            let h = ctx
                .bindings
                .find_in_heap(sampler, at)
                .ok_or(RuntimeCause::EmptyHeapSlot { index: at, sampler })?;
            w.set(dst, l, h as u64 + 1);
        }),
        DxOp::AnnotateHandle { res, .. } => for_lanes!(mask, l, {
            let v = w.get(res, l);
            w.set(dst, l, v)
        }),

        // Buffers.
        DxOp::BufferLoad { srv, index, wot } => {
            buffer_load(w, ctx, call, mask, [srv, index, wot], None)?
        },
        DxOp::RawBufferLoad { srv, index, element_offset, mask: components, .. } => {
            buffer_load(w, ctx, call, mask, [srv, index, element_offset], Some(components))?
        },
        DxOp::BufferStore { uav, coord0, coord1, value0, value1, value2, value3, mask: m } => {
            let values = [value0, value1, value2, value3];
            buffer_store(w, ctx, call, writers(w, mask), [uav, coord0, coord1], values, m)?
        },
        DxOp::RawBufferStore {
            uav, index, element_offset, value0, value1, value2, value3, mask: m, ..
        } => {
            let values = [value0, value1, value2, value3];
            let at = [uav, index, element_offset];
            buffer_store(w, ctx, call, writers(w, mask), at, values, m)?
        },
        DxOp::RawBufferVectorLoad { buf, index, element_offset, .. } => {
            vector_load(w, ctx, call, mask, [buf, index, element_offset])?
        },
        DxOp::RawBufferVectorStore { uav, index, element_offset, value0, .. } => {
            vector_store(w, ctx, call, writers(w, mask), [uav, index, element_offset], value0)?
        },
        DxOp::CBufferLoadLegacy { handle, reg_index } => for_lanes!(mask, l, {
            let (h, row) = (w.get(handle, l), w.get(reg_index, l));
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
        }),
        DxOp::CBufferLoad { handle, byte_offset, .. } => for_lanes!(mask, l, {
            let (h, at) = (w.get(handle, l), w.get(byte_offset, l));
            let res = resource(ctx, h)?;
            let v = if at + u64::from(ty.bytes()) <= res.data.len() as u64 {
                crate::interp::mem::read(&res.data, at as usize, ty)
            } else {
                0
            };
            w.set(dst, l, v);
        }),
        DxOp::BufferUpdateCounter { uav, inc } => for_lanes!(writers(w, mask), l, {
            let (h, step) = (w.get(uav, l), w.get(inc, l) as u8 as i8);
            let res = resource(ctx, h)?;
            let c = counter_now(res);
            let v = if step >= 0 {
                res.counter = Some(c.wrapping_add(1));
                c
            } else {
                let n = c.wrapping_sub(1);
                res.counter = Some(n);
                n
            };
            w.set(dst, l, u64::from(v));
        }),
        DxOp::AtomicBinOp { handle, atomic_op, offset0, offset1, offset2, new_value } => {
            let update = Update::Binary { op: atomic_op, value: new_value };
            atomic(w, ctx, call, writers(w, mask), handle, [offset0, offset1, offset2], update)?
        },
        DxOp::AtomicCompareExchange {
            handle, offset0, offset1, offset2, compare_value, new_value,
        } => {
            let update = Update::Exchange { compare: compare_value, value: new_value };
            atomic(w, ctx, call, writers(w, mask), handle, [offset0, offset1, offset2], update)?
        },
        DxOp::GetDimensions { handle, mip_level } => for_lanes!(mask, l, {
            let (h, mip) = (w.get(handle, l), w.get(mip_level, l) as u32);
            let res = resource(ctx, h)?;
            let d = match res.view {
                ResourceKind::RawBuffer | ResourceKind::StructuredBuffer | ResourceKind::TypedBuffer => {
                    [buffer::length(res) as u32, 0, 0, 0]
                }
                _ => crate::texture::dimensions(res, mip),
            };
            for (k, v) in d.iter().enumerate() {
                w.set(dst + k as u32, l, u64::from(*v));
            }
        }),
        DxOp::CheckAccessFullyMapped { status } => for_lanes!(mask, l, {
            let v = w.get(status, l);
            w.set(dst, l, u64::from(v != 0))
        }),

        // Textures.
        DxOp::TextureLoad {
            srv, mip_level_or_sample_count: mip, coord0, coord1, coord2, offset0, offset1,
            offset2,
        } => {
            let (coord, offset) = ([coord0, coord1, coord2], [offset0, offset1, offset2]);
            texops::load(w, ctx, ty, dst, mask, srv, mip, coord, offset)?
        },
        DxOp::TextureStore {
            srv, coord0, coord1, coord2, value0, value1, value2, value3, mask: components,
        } => {
            let (coord, values) = ([coord0, coord1, coord2], [value0, value1, value2, value3]);
            let mask = writers(w, mask);
            texops::store(w, ctx, ty, mask, srv, coord, values, components, None)?
        },
        DxOp::TextureStoreSample {
            srv, coord0, coord1, coord2, value0, value1, value2, value3, mask: components,
            sample_idx,
        } => {
            let (coord, values) = ([coord0, coord1, coord2], [value0, value1, value2, value3]);
            let (mask, sample) = (writers(w, mask), Some(sample_idx));
            texops::store(w, ctx, ty, mask, srv, coord, values, components, sample)?
        },
        DxOp::Texture2DMSGetSamplePosition { srv, index } => {
            texops::sample_position(w, ctx, dst, mask, srv, index)?
        },
        DxOp::CalculateLOD { handle, sampler, coord0, coord1, coord2, clamped } => {
            let coord = [coord0, coord1, coord2];
            texops::calculate_lod(w, ctx, dst, mask, handle, sampler, coord, clamped)?
        },
        DxOp::Sample {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2, clamp,
        } => {
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], Gradients::Quad)
                .offset([offset0, offset1, offset2])
                .clamp(clamp);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::SampleBias {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2, bias, clamp,
        } => {
            let lod = Gradients::Bias(bias);
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset([offset0, offset1, offset2])
                .clamp(clamp);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::SampleLevel {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2, lod,
        } => {
            let lod = Gradients::Level(lod);
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset([offset0, offset1, offset2]);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::SampleGrad {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2,
            ddx0, ddx1, ddx2, ddy0, ddy1, ddy2, clamp,
        } => {
            let lod = Gradients::Given([ddx0, ddx1, ddx2], [ddy0, ddy1, ddy2]);
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset([offset0, offset1, offset2])
                .clamp(clamp);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::SampleCmp {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2,
            compare_value, clamp,
        } => {
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], Gradients::Quad)
                .offset([offset0, offset1, offset2])
                .clamp(clamp)
                .compare(compare_value);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::SampleCmpLevelZero {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2,
            compare_value,
        } => {
            let lod = Gradients::LevelZero;
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset([offset0, offset1, offset2])
                .compare(compare_value);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::SampleCmpLevel {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2,
            compare_value, lod,
        } => {
            let lod = Gradients::Level(lod);
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset([offset0, offset1, offset2])
                .compare(compare_value);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::SampleCmpGrad {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2,
            compare_value, ddx0, ddx1, ddx2, ddy0, ddy1, ddy2, clamp,
        } => {
            let lod = Gradients::Given([ddx0, ddx1, ddx2], [ddy0, ddy1, ddy2]);
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset([offset0, offset1, offset2])
                .clamp(clamp)
                .compare(compare_value);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::SampleCmpBias {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, offset2,
            compare_value, bias, clamp,
        } => {
            let lod = Gradients::Bias(bias);
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset([offset0, offset1, offset2])
                .clamp(clamp)
                .compare(compare_value);
            texops::sample(w, ctx, ty, dst, mask, &s)?
        },
        DxOp::TextureGather {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, channel,
        } => {
            let lod = Gradients::LevelZero;
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset2([offset0, offset1]);
            texops::gather(w, ctx, ty, dst, mask, &s, Some(channel))?
        },
        DxOp::TextureGatherCmp {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1, channel,
            compare_value,
        } => {
            let lod = Gradients::LevelZero;
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset2([offset0, offset1])
                .compare(compare_value);
            texops::gather(w, ctx, ty, dst, mask, &s, Some(channel))?
        },
        DxOp::TextureGatherRaw {
            srv, sampler, coord0, coord1, coord2, coord3, offset0, offset1,
        } => {
            let lod = Gradients::LevelZero;
            let s = Sampling::new(srv, sampler, [coord0, coord1, coord2, coord3], lod)
                .offset2([offset0, offset1]);
            texops::gather(w, ctx, ty, dst, mask, &s, None)?
        },
    }
}

/// The component (0 to 2) a system value's `component` operand names in lane `l`.
#[inline]
fn component_of(w: &Wave, component: Slot, l: usize) -> usize {
    (w.get(component, l) as usize).min(2)
}

/// Where an access at (`index`, `offset`) of a raw or structured view starts, and the end of
/// the bytes it may touch (a raw view has no offset: its index is the byte address).
fn raw_span(res: &Resource, index: u64, offset: u64) -> (u64, u64) {
    let offset = if res.view == ResourceKind::RawBuffer {
        0
    } else {
        offset
    };
    (buffer::address(res, index, offset), buffer::end(res, index))
}

/// The error for an operation on a view it cannot address.
fn wrong_view(call: &DxCall, view: ResourceKind) -> crate::Error {
    UnsupportedCause::OpOnView {
        op: call.op.name().to_string(),
        view,
    }
    .into()
}

/// `rawBufferVectorLoad`: the call's vector at `at` (handle, index, offset) of a raw or
/// structured view, then the status (every element inside the view); elements outside
/// read 0, as scalar loads do (D3D11.3 functional spec 5.3.7).
fn vector_load(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    call: &DxCall,
    mask: Mask,
    [handle, index, offset]: [Slot; 3],
) -> Result<()> {
    let (ty, dst, n) = (call.ty, call.dst, call.elems);
    let size = u64::from(ty.bytes());
    for_lanes!(mask, l, {
        let (h, i, o) = (w.get(handle, l), w.get(index, l), w.get(offset, l));
        let res = resource(ctx, h)?;
        if !matches!(
            res.view,
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer
        ) {
            return Err(wrong_view(call, res.view));
        }
        let (addr, end) = raw_span(res, i, o);
        let mut ok = true;
        for k in 0..n {
            let at = addr.saturating_add(u64::from(k) * size);
            let v = buffer::read_at(res, at, end, ty);
            ok &= v.is_some();
            w.set(dst + k, l, v.unwrap_or(0));
        }
        w.set(dst + n, l, u64::from(ok));
    });
    Ok(())
}

/// `rawBufferVectorStore`: every element of the vector at `values` to `at` (handle, index,
/// offset) of a raw or structured view; elements outside the view are dropped.
fn vector_store(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    call: &DxCall,
    mask: Mask,
    [handle, index, offset]: [Slot; 3],
    values: Slot,
) -> Result<()> {
    let (ty, n) = (call.ty, call.elems);
    let size = u64::from(ty.bytes());
    for_lanes!(mask, l, {
        let (h, i, o) = (w.get(handle, l), w.get(index, l), w.get(offset, l));
        let res = resource(ctx, h)?;
        if !matches!(
            res.view,
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer
        ) {
            return Err(wrong_view(call, res.view));
        }
        let (addr, end) = raw_span(res, i, o);
        for k in 0..n {
            let at = addr.saturating_add(u64::from(k) * size);
            buffer::write_at(res, at, end, ty, w.get(values + k, l));
        }
    });
    Ok(())
}

/// `bufferLoad` and `rawBufferLoad`: `at` is (handle, index, offset), `components` the
/// component mask (a typed load reads all four).
fn buffer_load(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    call: &DxCall,
    mask: Mask,
    [handle, index, offset]: [Slot; 3],
    components: Option<Slot>,
) -> Result<()> {
    let (ty, dst) = (call.ty, call.dst);
    let mut out = [0u64; 8];
    for_lanes!(mask, l, {
        let (h, i, o) = (w.get(handle, l), w.get(index, l), w.get(offset, l));
        let cmask = components.map_or(0xf, |c| w.get(c, l) as u8);
        let res = resource(ctx, h)?;
        let ok = match res.view {
            ResourceKind::TypedBuffer => buffer::load_typed(res, i, ty, &mut out),
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer => {
                let (addr, end) = raw_span(res, i, o);
                buffer::load_raw(res, addr, end, ty, cmask, &mut out)
            }
            other => return Err(wrong_view(call, other)),
        };
        for (k, &v) in out.iter().enumerate().take(4) {
            w.set(dst + k as u32, l, v);
        }
        w.set(dst + 4, l, u64::from(ok));
    });
    Ok(())
}

/// `bufferStore` and `rawBufferStore`: `at` is (handle, index, offset), `components` the
/// component mask.
fn buffer_store(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    call: &DxCall,
    mask: Mask,
    [handle, index, offset]: [Slot; 3],
    values: [Slot; 4],
    components: Slot,
) -> Result<()> {
    let ty = call.ty;
    for_lanes!(mask, l, {
        let (h, i, o) = (w.get(handle, l), w.get(index, l), w.get(offset, l));
        let vals = values.map(|s| w.get(s, l));
        let cmask = w.get(components, l) as u8;
        let res = resource(ctx, h)?;
        match res.view {
            ResourceKind::TypedBuffer => buffer::store_typed(res, i, ty, &vals, cmask),
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer => {
                let (addr, end) = raw_span(res, i, o);
                buffer::store_raw(res, addr, end, ty, &vals, cmask);
            }
            other => return Err(wrong_view(call, other)),
        }
    });
    Ok(())
}

/// What an atomic on a resource does with the value it finds.
#[derive(Clone, Copy)]
enum Update {
    /// `atomicBinOp`: combine it with `value` by the operation `op` names.
    Binary { op: Slot, value: Slot },
    /// `atomicCompareExchange`: replace it by `value` when it equals `compare`.
    Exchange { compare: Slot, value: Slot },
}

/// `atomicBinOp` and `atomicCompareExchange` at `offsets` of the resource `handle` names:
/// each lane gets the value it found (0 outside the view, where nothing is written).
fn atomic(
    w: &mut Wave,
    ctx: &mut Ctx<'_>,
    call: &DxCall,
    mask: Mask,
    handle: Slot,
    offsets: [Slot; 3],
    update: Update,
) -> Result<()> {
    let (ty, dst) = (call.ty, call.dst);
    for_lanes!(mask, l, {
        let h = w.get(handle, l);
        let o = offsets.map(|s| w.get(s, l));
        let res = resource(ctx, h)?;
        let old = match atomic_range(res, o, ty) {
            Some(at) => {
                let old = crate::interp::mem::read(&res.data, at, ty);
                let new = match update {
                    Update::Binary { op, value } => {
                        Some(rmw(atomic_kind(w.get(op, l)), ty, old, w.get(value, l)))
                    }
                    Update::Exchange { compare, value } => {
                        (old == w.get(compare, l)).then(|| w.get(value, l))
                    }
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
    Ok(())
}
