//! Atomic statements: `AtomicBinOp`/`AtomicCompareExchange` on raw buffers (DXIL.rst
//! "AtomicBinOp", "AtomicCompareExchange"), `atomicrmw`/`cmpxchg` on group-shared memory.

use dxil_builder::Arg;
use dxil_ir::{Ordering, RmwOp, SyncScope};
use dxil_ops::Ty;
use naga::{Handle, ScalarKind};

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{Lowerer, Ptr, Val};
use crate::Value;

/// DXIL.rst "AtomicBinOp" operation codes: Add 0, And 1, Or 2, Xor 3, IMin 4, IMax 5,
/// UMin 6, UMax 7, Exchange 8.
fn bin_op_code(fun: &naga::AtomicFunction, signed: bool) -> u8 {
    use naga::AtomicFunction as A;
    match *fun {
        A::Add | A::Subtract => 0,
        A::And => 1,
        A::InclusiveOr => 2,
        A::ExclusiveOr => 3,
        A::Min if signed => 4,
        A::Max if signed => 5,
        A::Min => 6,
        A::Max => 7,
        A::Exchange { .. } => 8,
    }
}

/// The refusal of an atomic on a float texel (wgpu's `SHADER_FLOAT32_ATOMIC`): DXIL's atomic
/// operations take integers only (DXIL.rst "AtomicBinOp": `i32`, `i64`), and wgpu offers
/// float atomics on Vulkan and Metal, not on Direct3D 12.
fn float_atomic() -> Error {
    Error::unsupported(
        "an atomic on a float",
        "DXIL's atomic operations take integers only",
    )
}

impl Lowerer<'_, '_> {
    /// `textureAtomic*` on a storage texture: `AtomicBinOp` at the texel's coordinates.
    pub fn image_atomic(
        &mut self,
        image: Handle<naga::Expression>,
        coordinate: Handle<naga::Expression>,
        array_index: Option<Handle<naga::Expression>>,
        fun: &naga::AtomicFunction,
        value: Handle<naga::Expression>,
    ) -> Result<()> {
        let s = self.scalar_of(value)?;
        if s.kind == ScalarKind::Float {
            return Err(float_atomic());
        }
        let mut v = self.scalar(value)?;
        if matches!(fun, naga::AtomicFunction::Subtract) {
            let z = self.zero(s)?;
            v = self.fb().sub(z, v)?;
        }
        if let naga::AtomicFunction::Exchange { compare: Some(_) } = fun {
            return Err(Error::unsupported(
                "Statement::ImageAtomic",
                "a compare-exchange on a texture has no naga result to give",
            ));
        }
        let Val::H(t) = self.expr(image)? else {
            return Err(Error::new(
                ErrorKind::Invalid,
                "Statement::ImageAtomic",
                "not a texture",
            ));
        };
        let mut c: Vec<Arg> = self
            .scalars(coordinate)?
            .into_iter()
            .map(Arg::Value)
            .collect();
        if let Some(l) = array_index {
            c.push(Arg::Value(self.scalar(l)?));
        }
        c.resize(3, Arg::Undef);
        let code = bin_op_code(fun, s.kind == ScalarKind::Sint);
        let ov = [Ty::Scalar(crate::leaf::op_scalar(s))];
        self.e.atomic_bin_op(&ov, t, code, c[0], c[1], c[2], v)?;
        Ok(())
    }

    pub fn atomic(
        &mut self,
        pointer: Handle<naga::Expression>,
        fun: &naga::AtomicFunction,
        value: Handle<naga::Expression>,
        result: Option<Handle<naga::Expression>>,
    ) -> Result<()> {
        use naga::AtomicFunction as A;
        let p = self.pointer(pointer)?;
        let s = self.scalar_of(value)?;
        let mut v = self.scalar(value)?;
        if s.kind == ScalarKind::Float {
            return self.float_exchange(p, s, fun, v, result);
        }
        if matches!(fun, A::Subtract) {
            let z = self.zero(s)?;
            v = self.fb().sub(z, v)?;
        }
        let signed = s.kind == ScalarKind::Sint;
        let out: Vec<Value> = match p {
            Ptr::Buf {
                handle,
                off,
                uniform: false,
            } => {
                let idx = self.off_value(off)?;
                let t = [Ty::Scalar(crate::leaf::op_scalar(s))];
                let u = Arg::Undef;
                match *fun {
                    A::Exchange { compare: Some(cmp) } => {
                        let c = self.scalar(cmp)?;
                        let old = self
                            .e
                            .atomic_compare_exchange(&t, handle, idx, u, u, c, v)?;
                        let eq = self.fb().icmp(dxil_ir::IntPredicate::Eq, old, c)?;
                        vec![old, eq]
                    }
                    _ => {
                        let code = bin_op_code(fun, signed);
                        vec![self.e.atomic_bin_op(&t, handle, code, idx, u, u, v)?]
                    }
                }
            }
            Ptr::Mem { var, offs } => {
                let g = crate::leaf::group(s);
                let slot = self.mem_slot(var, g, offs[g], 0)?;
                let (ord, scope) = (Ordering::SeqCst, SyncScope::CrossThread);
                match *fun {
                    A::Exchange { compare: Some(cmp) } => {
                        let c = self.scalar(cmp)?;
                        let pair = self
                            .fb()
                            .cmpxchg(slot, c, v, false, ord, ord, scope, false)?;
                        let old = self.fb().extract_value(pair, &[0])?;
                        let ok = self.fb().extract_value(pair, &[1])?;
                        vec![old, ok]
                    }
                    _ => {
                        let op = match *fun {
                            A::Add | A::Subtract => RmwOp::Add,
                            A::And => RmwOp::And,
                            A::InclusiveOr => RmwOp::Or,
                            A::ExclusiveOr => RmwOp::Xor,
                            A::Min if signed => RmwOp::Min,
                            A::Max if signed => RmwOp::Max,
                            A::Min => RmwOp::UMin,
                            A::Max => RmwOp::UMax,
                            _ => RmwOp::Xchg,
                        };
                        vec![self.fb().atomic_rmw(op, slot, v, false, ord, scope)?]
                    }
                }
            }
            Ptr::Unused => return Err(crate::place::unused()),
            Ptr::Buf { uniform: true, .. } => {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    "Statement::Atomic",
                    "an atomic in a uniform buffer",
                ))
            }
        };
        if let Some(r) = result {
            self.set(r, Val::S(out));
        }
        Ok(())
    }

    /// A float atomic in a storage buffer: an exchange moves the bits as an integer of the
    /// same width; there is no arithmetic one (DXIL's `AtomicBinOp` is integer only; naga's
    /// HLSL back end writes an `InterlockedAdd` of a float, which HLSL lacks too).
    fn float_exchange(
        &mut self,
        p: Ptr,
        s: naga::Scalar,
        fun: &naga::AtomicFunction,
        v: Value,
        result: Option<Handle<naga::Expression>>,
    ) -> Result<()> {
        if !matches!(fun, naga::AtomicFunction::Exchange { compare: None }) {
            return Err(Error::unsupported(
                format!(
                    "Statement::Atomic {} on f{}",
                    crate::error::variant_name(fun),
                    s.width * 8
                ),
                "DXIL's atomic operations are integer only (a float exchange is the one \
                 supported)",
            ));
        }
        let int = naga::Scalar {
            kind: ScalarKind::Uint,
            width: s.width,
        };
        let it = self.reg_ty(int)?;
        let ft = self.reg_ty(s)?;
        let bits = self.fb().cast(dxil_ir::CastOp::BitCast, v, it)?;
        let old = match p {
            Ptr::Buf {
                handle,
                off,
                uniform: false,
            } => {
                let idx = self.off_value(off)?;
                let t = [Ty::Scalar(crate::leaf::op_scalar(int))];
                let u = Arg::Undef;
                let code = bin_op_code(fun, false);
                self.e.atomic_bin_op(&t, handle, code, idx, u, u, bits)?
            }
            Ptr::Mem { .. } => {
                return Err(Error::unsupported(
                    format!(
                        "Statement::Atomic {} on workgroup f{}",
                        crate::error::variant_name(fun),
                        s.width * 8
                    ),
                    "float atomics in workgroup memory (naga's validator allows them only in \
                     storage buffers)",
                ))
            }
            Ptr::Unused => return Err(crate::place::unused()),
            Ptr::Buf { uniform: true, .. } => {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    "Statement::Atomic",
                    "an atomic in a uniform buffer",
                ))
            }
        };
        let old = self.fb().cast(dxil_ir::CastOp::BitCast, old, ft)?;
        if let Some(r) = result {
            self.set(r, Val::S(vec![old]));
        }
        Ok(())
    }
}
