//! Constants (LLVM 3.7 CONSTANTS_BLOCK, CST_CODE_*; LangRef "Constants").

use crate::ids::{Block, Function, Type};
use crate::instructions::{BinOp, CastOp};
use crate::keywords::Predicate;
use crate::pool::{ByteRange, Pools, ValueRange, WordRange};
use crate::values::ValueRef;

/// One constant: its type (the current CST_CODE_SETTYPE type) and its kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConstData {
    /// The constant's type.
    pub ty: Type,
    /// What the constant is.
    pub kind: ConstKind,
}

/// The constant kinds LLVM 3.7 writes. Lists and byte strings are in the module's
/// [`Pools`] (read them with [`crate::Module::list`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstKind {
    /// `zeroinitializer` / `null` / `0` (CST_CODE_NULL).
    Null,
    /// `undef` (CST_CODE_UNDEF).
    Undef,
    /// Integer of at most 64 bits (CST_CODE_INTEGER), sign-extended to 64 bits.
    Int(i64),
    /// Integer wider than 64 bits (CST_CODE_WIDE_INTEGER): the active 64-bit words, least
    /// significant first, each decoded from the signed VBR encoding.
    WideInt(WordRange),
    /// `half`/`float`/`double` (CST_CODE_FLOAT): the IEEE bit pattern, zero-extended.
    Float(u64),
    /// `x86_fp80`/`fp128`/`ppc_fp128` (CST_CODE_FLOAT): the two record words as written.
    FloatWide([u64; 2]),
    /// Array, struct or vector of other values (CST_CODE_AGGREGATE).
    Aggregate(ValueRange),
    /// `c"..."` without a terminating NUL (CST_CODE_STRING).
    String(ByteRange),
    /// `c"...\00"` (CST_CODE_CSTRING): the bytes without the final NUL.
    CString(ByteRange),
    /// Array or vector of integers/floats (CST_CODE_DATA): elements as written (float
    /// elements are their bit patterns).
    Data(WordRange),
    /// Cast expression (CST_CODE_CE_CAST: [opcode, opty, opval]).
    Cast {
        /// The cast.
        op: CastOp,
        /// Operand.
        value: ValueRef,
    },
    /// Binary expression (CST_CODE_CE_BINOP: [opcode, lhs, rhs, flags?]).
    Binary {
        /// The operation.
        op: BinOp,
        /// Left operand.
        lhs: ValueRef,
        /// Right operand.
        rhs: ValueRef,
        /// Optional flags word (nuw = 1, nsw = 2; exact = 1); 0 when absent.
        flags: u64,
    },
    /// `getelementptr` (CST_CODE_CE_GEP / CE_INBOUNDS_GEP: [pointee type?, (type, value)...]).
    Gep {
        /// `inbounds`.
        inbounds: bool,
        /// Explicit source element type (present when the record has an odd length).
        source_ty: Option<Type>,
        /// Base pointer and indices.
        operands: ValueRange,
    },
    /// `select` (CST_CODE_CE_SELECT).
    Select {
        /// Condition.
        cond: ValueRef,
        /// Value if true.
        if_true: ValueRef,
        /// Value if false.
        if_false: ValueRef,
    },
    /// `extractelement` (CST_CODE_CE_EXTRACTELT).
    ExtractElement {
        /// Vector.
        vector: ValueRef,
        /// Index.
        index: ValueRef,
    },
    /// `insertelement` (CST_CODE_CE_INSERTELT).
    InsertElement {
        /// Vector.
        vector: ValueRef,
        /// Element.
        element: ValueRef,
        /// Index.
        index: ValueRef,
    },
    /// `shufflevector` (CST_CODE_CE_SHUFFLEVEC, or CE_SHUFVEC_EX when the operand type
    /// differs from the result type).
    ShuffleVector {
        /// First vector.
        a: ValueRef,
        /// Second vector.
        b: ValueRef,
        /// Mask.
        mask: ValueRef,
        /// The operand vector type when written as CE_SHUFVEC_EX.
        operand_ty: Option<Type>,
    },
    /// `icmp`/`fcmp` (CST_CODE_CE_CMP: [opty, lhs, rhs, pred]).
    Cmp {
        /// The predicate (`fcmp` or `icmp`).
        predicate: Predicate,
        /// Left operand.
        lhs: ValueRef,
        /// Right operand.
        rhs: ValueRef,
    },
    /// `blockaddress(@f, %bb)` (CST_CODE_BLOCKADDRESS: [fnty, fnval, bb#]).
    BlockAddress {
        /// The function.
        function: Function,
        /// The block (a block number in that function's body).
        block: Block,
    },
    /// Inline assembly (CST_CODE_INLINEASM: [sideeffect|alignstack<<1|dialect<<2, asmlen,
    /// asm..., constraintlen, constraint...]).
    InlineAsm {
        /// The flags word.
        flags: u64,
        /// Assembly string.
        asm: ByteRange,
        /// Constraint string.
        constraints: ByteRange,
    },
}

/// Walks the value operands of a constant in record order (shared by the shared and mutable
/// walks; `$($m)?` is `mut` for the mutable one). The function of a blockaddress is not a
/// value operand here.
macro_rules! walk_const_operands {
    ($this:expr, $pools:ident . $list:ident, $f:ident $(, $m:tt)?) => {
        match $this {
            ConstKind::Aggregate(ops) | ConstKind::Gep { operands: ops, .. } => {
                for v in $pools.$list(*ops) {
                    $f(v);
                }
            }
            ConstKind::Cast { value, .. } => $f(value),
            ConstKind::Binary { lhs, rhs, .. } | ConstKind::Cmp { lhs, rhs, .. } => {
                $f(lhs);
                $f(rhs);
            }
            ConstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                $f(cond);
                $f(if_true);
                $f(if_false);
            }
            ConstKind::ExtractElement { vector, index } => {
                $f(vector);
                $f(index);
            }
            ConstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                $f(vector);
                $f(element);
                $f(index);
            }
            ConstKind::ShuffleVector { a, b, mask, .. } => {
                $f(a);
                $f(b);
                $f(mask);
            }
            ConstKind::Null
            | ConstKind::Undef
            | ConstKind::Int(_)
            | ConstKind::WideInt(_)
            | ConstKind::Float(_)
            | ConstKind::FloatWide(_)
            | ConstKind::String(_)
            | ConstKind::CString(_)
            | ConstKind::Data(_)
            | ConstKind::BlockAddress { .. }
            | ConstKind::InlineAsm { .. } => {}
        }
    };
}

impl ConstKind {
    /// Calls `f` on every value operand, in record order (the function of a blockaddress is
    /// not a value operand here). `pools` are the module's, which hold the lists.
    pub fn for_each_operand(&self, pools: &Pools, mut f: impl FnMut(ValueRef)) {
        let mut g = |v: &ValueRef| f(*v);
        walk_const_operands!(self, pools.list, g)
    }

    /// Calls `f` on every value operand, in record order, allowing it to replace them (in
    /// place: a list's entries are changed in `pools`).
    pub fn for_each_operand_mut(&mut self, pools: &mut Pools, mut f: impl FnMut(&mut ValueRef)) {
        walk_const_operands!(self, pools.list_mut, f, mut)
    }

    /// Whether `pools` hold every list and byte string of the constant.
    pub fn held_by(&self, pools: &Pools) -> bool {
        match self {
            ConstKind::WideInt(r) | ConstKind::Data(r) => pools.holds(*r),
            ConstKind::Aggregate(r) | ConstKind::Gep { operands: r, .. } => pools.holds(*r),
            ConstKind::String(r) | ConstKind::CString(r) => pools.holds(*r),
            ConstKind::InlineAsm {
                asm, constraints, ..
            } => pools.holds(*asm) && pools.holds(*constraints),
            _ => true,
        }
    }

    /// Gives back to `pools` the lists of the constant that are the last ones in their pools
    /// ([`Pools::release`]): for a constant made to look one up, which was found.
    pub fn release_lists(&self, pools: &mut Pools) {
        match self {
            ConstKind::WideInt(r) | ConstKind::Data(r) => pools.release(*r),
            ConstKind::Aggregate(r) | ConstKind::Gep { operands: r, .. } => pools.release(*r),
            ConstKind::String(r) | ConstKind::CString(r) => pools.release(*r),
            ConstKind::InlineAsm {
                asm, constraints, ..
            } => {
                pools.release(*constraints);
                pools.release(*asm);
            }
            _ => {}
        }
    }

    /// The constant with its lists copied from `from` into `to` (another module's pools);
    /// `None` when `from` does not hold them or a pool of `to` is full.
    pub fn copy_between(&self, from: &Pools, to: &mut Pools) -> Option<ConstKind> {
        let mut k = self.clone();
        match &mut k {
            ConstKind::WideInt(r) | ConstKind::Data(r) => *r = to.try_push(from.get(*r)?)?,
            ConstKind::Aggregate(r) | ConstKind::Gep { operands: r, .. } => {
                *r = to.try_push(from.get(*r)?)?
            }
            ConstKind::String(r) | ConstKind::CString(r) => *r = to.try_push(from.get(*r)?)?,
            ConstKind::InlineAsm {
                asm, constraints, ..
            } => {
                *asm = to.try_push(from.get(*asm)?)?;
                *constraints = to.try_push(from.get(*constraints)?)?;
            }
            _ => {}
        }
        Some(k)
    }
}
