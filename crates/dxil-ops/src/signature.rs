//! The encoding side: for an operation and its overloads, the function a call needs, as a
//! plain description an IR builder materialises — the name (`dx.op.<class>[.<overload>...]`,
//! DXIL.rst "Operations"), the function type the database gives, the function attributes the
//! reference declares (`nounwind` and the database's `fn_attr`), and the argument list (the
//! opcode constant first).

use std::fmt;

use crate::shape::{named_of_tail, overload_sets, Shape};
use crate::ty::{Scalar, Ty};
use crate::{DxOp, FnAttr, OpInfo};

/// How 16-bit types are laid out, which decides the row a `cbufferLoadLegacy` returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum LowPrecision {
    /// Minimum precision (the default): 16-bit values take 32-bit slots, four to a row
    /// (`%dx.types.CBufRet.f16`, four elements).
    #[default]
    Minimum,
    /// Native 16-bit types (the `UseNativeLowPrecision` shader flag): eight to a row
    /// (`%dx.types.CBufRet.f16.8`).
    Native,
}

/// The function of an operation for given overloads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpSignature {
    /// The function name (`dx.op.bufferLoad.f32`).
    pub name: String,
    /// The return type.
    pub ret: Ty,
    /// The parameter types, the opcode's `i32` first.
    pub params: Vec<Ty>,
    /// The function attributes, in LLVM's attribute kind order (`nounwind`, `readnone`).
    pub attrs: &'static [&'static str],
}

/// Why no signature exists for the given overloads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignatureError {
    /// More overloads than the operation has positions.
    TooManyOverloads {
        /// The operation.
        op: &'static str,
        /// Positions the operation has.
        positions: usize,
    },
    /// An overload the database does not allow at its position (or none where one is
    /// needed).
    Overload {
        /// The operation.
        op: &'static str,
        /// The position.
        position: usize,
        /// The database's letters for the position.
        allowed: &'static str,
    },
    /// A type the overload cannot build (a vector of a struct, a matrix of a pointer).
    Shape {
        /// The operation.
        op: &'static str,
        /// Position in the database's operand list.
        index: usize,
    },
}

impl fmt::Display for SignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignatureError::TooManyOverloads { op, positions } => {
                write!(f, "{op} has {positions} overload positions")
            }
            SignatureError::Overload {
                op,
                position,
                allowed,
            } => write!(
                f,
                "{op}: overload at position {position} is not one of '{allowed}'"
            ),
            SignatureError::Shape { op, index } => {
                write!(
                    f,
                    "{op}: operand {index} cannot be built from the overloads"
                )
            }
        }
    }
}

impl std::error::Error for SignatureError {}

impl FnAttr {
    /// The function attributes the reference declares for this memory attribute, in LLVM's
    /// attribute kind order: `nounwind` always, with `readnone`, `readonly`, `noduplicate`,
    /// `noreturn` or `argmemonly`.
    pub const fn attributes(self) -> &'static [&'static str] {
        match self {
            FnAttr::None => &["nounwind"],
            FnAttr::ReadNone => &["nounwind", "readnone"],
            FnAttr::ReadOnly => &["nounwind", "readonly"],
            FnAttr::NoDuplicate => &["noduplicate", "nounwind"],
            FnAttr::NoReturn => &["noreturn", "nounwind"],
            FnAttr::ArgMemOnly => &["nounwind", "argmemonly"],
        }
    }
}

impl OpInfo {
    /// The function of this operation for `overloads` (one per overload position; fewer
    /// means `void` for the rest).
    pub fn function_signature(
        &'static self,
        overloads: &[Ty],
        low_precision: LowPrecision,
    ) -> Result<OpSignature, SignatureError> {
        let op = self.name();
        let positions = self.overloads().split(',').count();
        if overloads.len() > positions {
            return Err(SignatureError::TooManyOverloads { op, positions });
        }
        let slot = |k: usize| overloads.get(k).unwrap_or(&Ty::Void);
        for (position, (set, group)) in overload_sets(self.overloads())
            .zip(self.overloads().split(','))
            .enumerate()
        {
            let ok = match slot(position) {
                Ty::Void => set.allows_void(),
                Ty::Scalar(s) => set.allows_scalar(*s),
                Ty::Vector(_, s) => set.allows_vector(*s),
                Ty::Struct(_) => set.allows_object(),
                Ty::Pointer(p, _) => set.allows_udt() && matches!(**p, Ty::Struct(_)),
            };
            if !ok {
                return Err(SignatureError::Overload {
                    op,
                    position,
                    allowed: group,
                });
            }
        }
        let mut name = String::from(self.function());
        for t in overloads {
            let mut suffix = String::new();
            if t.write_suffix(&mut suffix).unwrap_or(false) {
                name.push('.');
                name.push_str(&suffix);
            }
        }
        let mut types = Vec::with_capacity(self.operands().len());
        for (index, entry) in self.operands().iter().enumerate() {
            let shape = Shape::of(entry.ty()).ok_or(SignatureError::Shape { op, index })?;
            let ty =
                build(shape, &slot, low_precision).ok_or(SignatureError::Shape { op, index })?;
            types.push(ty);
        }
        let ret = types.remove(0);
        Ok(OpSignature {
            name,
            ret,
            params: types,
            attrs: self.fn_attr.attributes(),
        })
    }
}

/// Materialises one shape from the overloads.
fn build<'a>(shape: Shape, slot: &impl Fn(usize) -> &'a Ty, low: LowPrecision) -> Option<Ty> {
    let scalar = |k: u8| match slot(usize::from(k)) {
        Ty::Scalar(s) => Some(*s),
        _ => None,
    };
    Some(match shape {
        Shape::Void => Ty::Void,
        Shape::Scalar(s) => Ty::Scalar(s),
        Shape::Vector(n, s) => Ty::Vector(n, s),
        Shape::ScalarPtr(s, a) => Ty::Pointer(Box::new(Ty::Scalar(s)), a),
        Shape::Named(n) => Ty::Struct(n.to_string()),
        Shape::Slot(k) => slot(usize::from(k)).clone(),
        Shape::SlotPtr(k, a) => Ty::Pointer(Box::new(slot(usize::from(k)).clone()), a),
        Shape::NamedOf(prefix, k) => {
            let ov = slot(usize::from(k));
            let mut name = String::from(prefix);
            if !ov.write_suffix(&mut name).ok()? {
                return None;
            }
            let elems = match low {
                LowPrecision::Native => 8,
                LowPrecision::Minimum => 4,
            };
            name.push_str(named_of_tail(prefix, scalar(k), elems));
            Ty::Struct(name)
        }
        Shape::VectorOf(n, k) => Ty::Vector(n, scalar(k)?),
        Shape::Elt(k) => match slot(usize::from(k)) {
            Ty::Vector(_, s) | Ty::Scalar(s) => Ty::Scalar(*s),
            _ => return None,
        },
        Shape::Like(k, s) => match slot(usize::from(k)) {
            Ty::Vector(n, _) => Ty::Vector(*n, s),
            _ => Ty::Scalar(s),
        },
    })
}

impl<V> DxOp<V> {
    /// The function this operation calls for `overloads`: see [`OpInfo::function_signature`].
    ///
    /// ```
    /// use dxil_ops::{DxOp, LowPrecision, Scalar, Ty};
    /// let op = DxOp::BufferLoad { srv: (), index: (), wot: () };
    /// let sig = op.signature(&[Ty::Scalar(Scalar::Float)], LowPrecision::Minimum).unwrap();
    /// assert_eq!(sig.name, "dx.op.bufferLoad.f32");
    /// assert_eq!(sig.ret.to_string(), "%dx.types.ResRet.f32");
    /// let params: Vec<String> = sig.params.iter().map(|t| t.to_string()).collect();
    /// assert_eq!(params, ["i32", "%dx.types.Handle", "i32", "i32"]);
    /// assert_eq!(sig.attrs, ["nounwind", "readonly"]);
    /// ```
    pub fn signature(
        &self,
        overloads: &[Ty],
        low_precision: LowPrecision,
    ) -> Result<OpSignature, SignatureError> {
        self.info().function_signature(overloads, low_precision)
    }

    /// The call's arguments: the opcode (made into a value by `opcode`, an `i32` constant),
    /// then the operands in database order.
    ///
    /// ```
    /// use dxil_ops::DxOp;
    /// let op = DxOp::Sqrt { value: 7 };
    /// assert_eq!(op.call_args(|code| code), [24, 7]);
    /// ```
    pub fn call_args(self, opcode: impl FnOnce(u32) -> V) -> Vec<V> {
        let mut args = Vec::with_capacity(self.operand_count() + 1);
        args.push(opcode(self.opcode()));
        let _ = self.map(|v| args.push(v));
        args
    }
}

/// The scalar a `Ty` is, if it is one (for builders that keep scalars apart).
impl Ty {
    /// The scalar, when this is one.
    pub fn as_scalar(&self) -> Option<Scalar> {
        match self {
            Ty::Scalar(s) => Some(*s),
            _ => None,
        }
    }
}
