//! Instructions (LLVM 3.7 FUNCTION_BLOCK, FUNC_CODE_INST_*; LangRef "Instruction Reference").

use crate::attachments::Attachments;
use crate::ids::{Block, Metadata, Type};
use crate::keywords::{Ordering, Predicate, RmwOp, SyncScope};
use crate::lists::{BlockList, ClauseList, EdgeList, IndexList, OperandPool, ValueList};
use crate::names::Name;
use crate::values::ValueRef;

/// One instruction.
///
/// The name, debug location and attachments are read through accessors. The debug location
/// and attachments are rare in DXIL parts (a few instructions in a hundred carry one), so
/// they live out of line; the name is a 4-byte handle into [`crate::Module::names`], kept
/// inline so that naming an instruction allocates nothing.
#[derive(Clone, PartialEq)]
pub struct InstData {
    /// What the instruction does, with its operands.
    pub kind: InstKind,
    /// Result type; `None` when the result is `void` (such instructions get no value number
    /// and no `%N` slot).
    pub ty: Option<Type>,
    name: Option<Name>,
    /// `None` exactly when the instruction has no debug location or attachment (the setters
    /// keep it so, which makes the derived equality compare content).
    extra: Option<Box<InstExtra>>,
}

/// The rarely present parts of an instruction.
#[derive(Clone, Debug, Default, PartialEq)]
struct InstExtra {
    debug_loc: Option<DebugLoc>,
    attachments: Attachments,
}

impl InstData {
    /// An instruction without name, debug location or attachments.
    #[inline]
    pub fn new(kind: InstKind, ty: Option<Type>) -> Self {
        InstData {
            kind,
            ty,
            name: None,
            extra: None,
        }
    }

    /// Name from the function value symbol table (`None`: unnamed, printed `%N`), in
    /// [`crate::Module::names`].
    #[inline]
    pub fn name(&self) -> Option<Name> {
        self.name
    }

    /// Debug location (FUNC_CODE_DEBUG_LOC, or the previous one repeated by
    /// FUNC_CODE_DEBUG_LOC_AGAIN).
    #[inline]
    pub fn debug_loc(&self) -> Option<DebugLoc> {
        self.extra.as_ref()?.debug_loc
    }

    /// Metadata attachments other than the debug location (METADATA_ATTACHMENT: kind id,
    /// node), in record order.
    #[inline]
    pub fn attachments(&self) -> &[(u32, Metadata)] {
        match &self.extra {
            Some(e) => e.attachments.as_slice(),
            None => &[],
        }
    }

    /// Sets the name (`None`: unnamed).
    #[inline]
    pub fn set_name(&mut self, name: Option<Name>) {
        self.name = name;
    }

    /// Sets the debug location.
    pub fn set_debug_loc(&mut self, loc: Option<DebugLoc>) {
        if loc.is_some() || self.extra.is_some() {
            self.extra_mut().debug_loc = loc;
            self.shrink();
        }
    }

    /// Replaces the attachments.
    pub fn set_attachments(&mut self, attachments: Vec<(u32, Metadata)>) {
        if !attachments.is_empty() || self.extra.is_some() {
            self.extra_mut().attachments = attachments.into();
            self.shrink();
        }
    }

    /// The attachments, for changes in place (kinds and nodes; [`InstData::push_attachment`]
    /// and [`InstData::set_attachments`] change the list).
    pub fn attachments_mut(&mut self) -> &mut [(u32, Metadata)] {
        match &mut self.extra {
            Some(e) => e.attachments.as_mut_slice(),
            None => &mut [],
        }
    }

    /// Appends an attachment.
    pub fn push_attachment(&mut self, kind: u32, md: Metadata) {
        self.extra_mut().attachments.push((kind, md));
    }

    /// Equality with the operand lists compared by content ([`InstKind::eq_in`]).
    pub fn eq_in(&self, pool: &OperandPool, other: &InstData, other_pool: &OperandPool) -> bool {
        self.ty == other.ty
            && self.extra == other.extra
            && self.kind.eq_in(pool, &other.kind, other_pool)
    }

    fn extra_mut(&mut self) -> &mut InstExtra {
        self.extra.get_or_insert_with(Box::default)
    }

    /// Drops the out-of-line part when it holds nothing.
    fn shrink(&mut self) {
        if self
            .extra
            .as_ref()
            .is_some_and(|e| e.debug_loc.is_none() && e.attachments.is_empty())
        {
            self.extra = None;
        }
    }
}

/// Printed with the fields it had when they were public.
impl core::fmt::Debug for InstData {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("InstData")
            .field("kind", &self.kind)
            .field("ty", &self.ty)
            .field("name", &self.name())
            .field("debug_loc", &self.debug_loc())
            .field("attachments", &self.attachments())
            .finish()
    }
}

/// A debug location (FUNC_CODE_DEBUG_LOC: [line, col, scope + 1, inlined-at + 1]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DebugLoc {
    /// Line.
    pub line: u32,
    /// Column.
    pub col: u32,
    /// Scope node.
    pub scope: Option<Metadata>,
    /// `inlinedAt` location.
    pub inlined_at: Option<Metadata>,
}

/// Atomic ordering and scope of an atomic load or store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atomic {
    /// Ordering.
    pub ordering: Ordering,
    /// Scope.
    pub scope: SyncScope,
}

/// Instruction kinds with their operands, one per record LLVM 3.7 writes.
///
/// Operand lists of variable length are ranges ([`ValueList`], [`EdgeList`], ...) into the
/// enclosing body's [`OperandPool`] ([`crate::Body::pool`]; read them with
/// [`crate::Body::list`]). Equality compares those ranges, not the lists; two bodies compare
/// their lists' contents ([`InstKind::eq_in`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InstKind {
    /// Binary operator (FUNC_CODE_INST_BINOP: [lhs, rhs, opcode, flags?]).
    Binary {
        /// The operation.
        op: BinOp,
        /// Left operand.
        lhs: ValueRef,
        /// Right operand.
        rhs: ValueRef,
        /// Flags word, 0 when absent: nuw = 1, nsw = 2 (add/sub/mul/shl); exact = 1
        /// (udiv/sdiv/lshr/ashr); fast-math bits ([`FastMath`]) for floating point.
        flags: u64,
    },
    /// Cast (FUNC_CODE_INST_CAST: [value, destty, opcode]); the destination is the result type.
    Cast {
        /// The cast.
        op: CastOp,
        /// Operand.
        value: ValueRef,
    },
    /// `getelementptr` (FUNC_CODE_INST_GEP: [inbounds, source type, base, indices...]).
    Gep {
        /// `inbounds`.
        inbounds: bool,
        /// Source element type.
        source_ty: Type,
        /// Base pointer, then indices.
        operands: ValueList,
    },
    /// `select` (FUNC_CODE_INST_VSELECT: [true value, false value, condition]).
    Select {
        /// Condition.
        cond: ValueRef,
        /// Value if true.
        if_true: ValueRef,
        /// Value if false.
        if_false: ValueRef,
    },
    /// `extractelement` (FUNC_CODE_INST_EXTRACTELT).
    ExtractElement {
        /// Vector.
        vector: ValueRef,
        /// Index.
        index: ValueRef,
    },
    /// `insertelement` (FUNC_CODE_INST_INSERTELT).
    InsertElement {
        /// Vector.
        vector: ValueRef,
        /// Element.
        element: ValueRef,
        /// Index.
        index: ValueRef,
    },
    /// `shufflevector` (FUNC_CODE_INST_SHUFFLEVEC).
    ShuffleVector {
        /// First vector.
        a: ValueRef,
        /// Second vector.
        b: ValueRef,
        /// Mask (a constant).
        mask: ValueRef,
    },
    /// `icmp`/`fcmp` (FUNC_CODE_INST_CMP2 or CMP: [lhs, rhs, predicate, flags?]).
    Cmp {
        /// The predicate (`fcmp` or `icmp`).
        predicate: Predicate,
        /// Left operand.
        lhs: ValueRef,
        /// Right operand.
        rhs: ValueRef,
        /// Fast-math flags, 0 when absent.
        flags: u64,
    },
    /// `ret` (FUNC_CODE_INST_RET).
    Ret {
        /// Returned value (`None`: `ret void`).
        value: Option<ValueRef>,
    },
    /// Unconditional `br` (FUNC_CODE_INST_BR: \[bb\]).
    Br {
        /// Destination.
        target: Block,
    },
    /// Conditional `br` (FUNC_CODE_INST_BR: [bb true, bb false, cond]).
    CondBr {
        /// Condition.
        cond: ValueRef,
        /// Destination if true.
        if_true: Block,
        /// Destination if false.
        if_false: Block,
    },
    /// `switch` (FUNC_CODE_INST_SWITCH: [opty, cond, default bb, (case value, bb)...]).
    Switch {
        /// The condition's type.
        cond_ty: Type,
        /// Condition.
        cond: ValueRef,
        /// Default destination.
        default: Block,
        /// Cases: constant value and destination.
        cases: EdgeList,
    },
    /// `indirectbr` (FUNC_CODE_INST_INDIRECTBR: [opty, address, bb...]).
    IndirectBr {
        /// The address's type.
        addr_ty: Type,
        /// Address.
        addr: ValueRef,
        /// Possible destinations.
        dests: BlockList,
    },
    /// `invoke` (FUNC_CODE_INST_INVOKE: [attrs, cc|explicit<<13, normal bb, unwind bb, fnty,
    /// callee, args...]).
    Invoke {
        /// Attribute list (index into [`crate::Module::attribute_lists`] plus one, 0 none).
        attributes: u32,
        /// Raw calling-convention field (cc | explicit type << 13).
        cc_field: u64,
        /// Normal destination.
        normal: Block,
        /// Unwind destination.
        unwind: Block,
        /// Function type.
        fn_ty: Type,
        /// Callee.
        callee: ValueRef,
        /// Arguments (fixed, then variadic).
        args: ValueList,
    },
    /// `resume` (FUNC_CODE_INST_RESUME).
    Resume {
        /// The exception value.
        value: ValueRef,
    },
    /// `unreachable` (FUNC_CODE_INST_UNREACHABLE).
    Unreachable,
    /// `phi` (FUNC_CODE_INST_PHI: [ty, (signed value, bb)...]).
    Phi {
        /// Incoming values with their predecessor blocks, in record order.
        incoming: EdgeList,
    },
    /// `alloca` (FUNC_CODE_INST_ALLOCA: [allocated ty, size ty, size, align field]).
    Alloca {
        /// Allocated type.
        allocated_ty: Type,
        /// The size operand's type.
        size_ty: Type,
        /// Element count (absolute value id in the record).
        size: ValueRef,
        /// Raw align field: log2(align) + 1 in bits 0-4, inalloca bit 5, explicit type bit 6.
        align_field: u64,
    },
    /// `load` (FUNC_CODE_INST_LOAD: [ptr, ty, align, vol], LOADATOMIC adds [ordering, scope]).
    Load {
        /// Pointer.
        ptr: ValueRef,
        /// Alignment as encoded: log2(align) + 1, 0 for none.
        align_log2p1: u8,
        /// `volatile`.
        volatile: bool,
        /// Atomic ordering and scope (LOADATOMIC).
        atomic: Option<Atomic>,
    },
    /// `store` (FUNC_CODE_INST_STORE: [ptr, value, align, vol], STOREATOMIC adds [ordering,
    /// scope]).
    Store {
        /// Pointer.
        ptr: ValueRef,
        /// Stored value.
        value: ValueRef,
        /// Alignment as encoded: log2(align) + 1, 0 for none.
        align_log2p1: u8,
        /// `volatile`.
        volatile: bool,
        /// Atomic ordering and scope (STOREATOMIC).
        atomic: Option<Atomic>,
    },
    /// `cmpxchg` (FUNC_CODE_INST_CMPXCHG: [ptr, cmp, new, vol, success ordering, scope,
    /// failure ordering, weak]).
    CmpXchg {
        /// Pointer.
        ptr: ValueRef,
        /// Expected value.
        cmp: ValueRef,
        /// New value.
        new: ValueRef,
        /// `volatile`.
        volatile: bool,
        /// Success ordering.
        success: Ordering,
        /// Scope.
        scope: SyncScope,
        /// Failure ordering.
        failure: Ordering,
        /// `weak`.
        weak: bool,
    },
    /// `atomicrmw` (FUNC_CODE_INST_ATOMICRMW: [ptr, value, op, vol, ordering, scope]).
    AtomicRmw {
        /// Pointer.
        ptr: ValueRef,
        /// Operand.
        value: ValueRef,
        /// The operation.
        op: RmwOp,
        /// `volatile`.
        volatile: bool,
        /// Ordering.
        ordering: Ordering,
        /// Scope.
        scope: SyncScope,
    },
    /// `fence` (FUNC_CODE_INST_FENCE: [ordering, scope]).
    Fence {
        /// Ordering.
        ordering: Ordering,
        /// Scope.
        scope: SyncScope,
    },
    /// `call` (FUNC_CODE_INST_CALL: [attrs, cc field, fnty, callee, args...]).
    Call {
        /// Attribute list (index into [`crate::Module::attribute_lists`] plus one, 0 none).
        attributes: u32,
        /// Raw field: cc << 1 | tail | musttail << 14 | explicit type << 15.
        cc_field: u64,
        /// Function type (explicit, or the callee's pointee when the explicit bit is clear).
        fn_ty: Type,
        /// Callee.
        callee: ValueRef,
        /// Arguments (fixed, then variadic); metadata arguments are [`ValueRef::Metadata`].
        args: ValueList,
    },
    /// `va_arg` (FUNC_CODE_INST_VAARG: [valist ty, valist, result ty]).
    VaArg {
        /// The va_list operand's type.
        valist_ty: Type,
        /// The va_list.
        valist: ValueRef,
    },
    /// `extractvalue` (FUNC_CODE_INST_EXTRACTVAL: [aggregate, indices...]).
    ExtractValue {
        /// Aggregate.
        aggregate: ValueRef,
        /// Indices.
        indices: IndexList,
    },
    /// `insertvalue` (FUNC_CODE_INST_INSERTVAL: [aggregate, value, indices...]).
    InsertValue {
        /// Aggregate.
        aggregate: ValueRef,
        /// Inserted value.
        value: ValueRef,
        /// Indices.
        indices: IndexList,
    },
    /// `landingpad` (FUNC_CODE_INST_LANDINGPAD: [ty, cleanup, n, (kind, value)...]).
    LandingPad {
        /// `cleanup`.
        cleanup: bool,
        /// Clauses: kind (0 catch, 1 filter) and value.
        clauses: ClauseList,
    },
}

/// Walks the value operands of an instruction in record order (shared by the shared and
/// mutable walks; `$list` is `list` or `list_mut` of the pool `$pool`).
macro_rules! walk_operands {
    ($this:expr, $pool:ident, $list:ident, $f:ident) => {
        match $this {
            InstKind::Binary { lhs, rhs, .. } | InstKind::Cmp { lhs, rhs, .. } => {
                $f(lhs);
                $f(rhs);
            }
            InstKind::Cast { value, .. }
            | InstKind::Resume { value }
            | InstKind::VaArg { valist: value, .. } => $f(value),
            InstKind::Gep { operands, .. } => {
                for v in $pool.$list(*operands) {
                    $f(v);
                }
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                $f(if_true);
                $f(if_false);
                $f(cond);
            }
            InstKind::ExtractElement { vector, index } => {
                $f(vector);
                $f(index);
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                $f(vector);
                $f(element);
                $f(index);
            }
            InstKind::ShuffleVector { a, b, mask } => {
                $f(a);
                $f(b);
                $f(mask);
            }
            InstKind::Ret { value } => {
                if let Some(v) = value {
                    $f(v)
                }
            }
            InstKind::Br { .. } | InstKind::Unreachable | InstKind::Fence { .. } => {}
            InstKind::CondBr { cond, .. } => $f(cond),
            InstKind::Switch { cond, cases, .. } => {
                $f(cond);
                for (v, _) in $pool.$list(*cases) {
                    $f(v);
                }
            }
            InstKind::IndirectBr { addr, .. } => $f(addr),
            InstKind::Invoke { callee, args, .. } | InstKind::Call { callee, args, .. } => {
                $f(callee);
                for v in $pool.$list(*args) {
                    $f(v);
                }
            }
            InstKind::Phi { incoming } => {
                for (v, _) in $pool.$list(*incoming) {
                    $f(v);
                }
            }
            InstKind::Alloca { size, .. } => $f(size),
            InstKind::Load { ptr, .. } => $f(ptr),
            InstKind::Store { ptr, value, .. } | InstKind::AtomicRmw { ptr, value, .. } => {
                $f(ptr);
                $f(value);
            }
            InstKind::CmpXchg { ptr, cmp, new, .. } => {
                $f(ptr);
                $f(cmp);
                $f(new);
            }
            InstKind::ExtractValue { aggregate, .. } => $f(aggregate),
            InstKind::InsertValue {
                aggregate, value, ..
            } => {
                $f(aggregate);
                $f(value);
            }
            InstKind::LandingPad { clauses, .. } => {
                for (_, v) in $pool.$list(*clauses) {
                    $f(v);
                }
            }
        }
    };
}

impl InstKind {
    /// Calls `f` on every value operand, in record order (block operands are not values);
    /// `pool` is the enclosing body's ([`crate::Body::pool`]).
    ///
    /// # Panics
    ///
    /// On an operand list past `pool` (see [`OperandPool::list`]).
    #[inline]
    pub fn for_each_operand(&self, pool: &OperandPool, mut f: impl FnMut(&ValueRef)) {
        walk_operands!(self, pool, list, f)
    }

    /// Calls `f` on every value operand, in record order, allowing it to replace them
    /// (operands in lists are changed in `pool`, the enclosing body's).
    ///
    /// # Panics
    ///
    /// On an operand list past `pool` (see [`OperandPool::list`]).
    pub fn for_each_operand_mut(
        &mut self,
        pool: &mut OperandPool,
        mut f: impl FnMut(&mut ValueRef),
    ) {
        walk_operands!(self, pool, list_mut, f)
    }

    /// The start of the first operand list that runs past `pool` (`None`: all lie in it).
    pub fn dangling_list(&self, pool: &OperandPool) -> Option<u32> {
        fn bad<T: crate::lists::PoolItem>(pool: &OperandPool, l: crate::List<T>) -> Option<u32> {
            pool.get(l).is_none().then_some(l.start())
        }
        match *self {
            InstKind::Gep { operands: l, .. }
            | InstKind::Invoke { args: l, .. }
            | InstKind::Call { args: l, .. } => bad(pool, l),
            InstKind::Switch { cases: l, .. } | InstKind::Phi { incoming: l } => bad(pool, l),
            InstKind::IndirectBr { dests, .. } => bad(pool, dests),
            InstKind::ExtractValue { indices, .. } | InstKind::InsertValue { indices, .. } => {
                bad(pool, indices)
            }
            InstKind::LandingPad { clauses, .. } => bad(pool, clauses),
            _ => None,
        }
    }

    /// Equality with the operand lists compared by content: `self`'s lists are in `pool`,
    /// `other`'s in `other_pool`. A list past its pool equals only another such list.
    pub fn eq_in(&self, pool: &OperandPool, other: &InstKind, other_pool: &OperandPool) -> bool {
        use InstKind as K;
        let (a, b) = (pool, other_pool);
        match (*self, *other) {
            (
                K::Gep {
                    inbounds: i1,
                    source_ty: t1,
                    operands: l1,
                },
                K::Gep {
                    inbounds: i2,
                    source_ty: t2,
                    operands: l2,
                },
            ) => (i1, t1) == (i2, t2) && a.get(l1) == b.get(l2),
            (
                K::Switch {
                    cond_ty: t1,
                    cond: c1,
                    default: d1,
                    cases: l1,
                },
                K::Switch {
                    cond_ty: t2,
                    cond: c2,
                    default: d2,
                    cases: l2,
                },
            ) => (t1, c1, d1) == (t2, c2, d2) && a.get(l1) == b.get(l2),
            (
                K::IndirectBr {
                    addr_ty: t1,
                    addr: a1,
                    dests: l1,
                },
                K::IndirectBr {
                    addr_ty: t2,
                    addr: a2,
                    dests: l2,
                },
            ) => (t1, a1) == (t2, a2) && a.get(l1) == b.get(l2),
            (
                K::Invoke {
                    attributes: at1,
                    cc_field: cc1,
                    normal: n1,
                    unwind: u1,
                    fn_ty: t1,
                    callee: c1,
                    args: l1,
                },
                K::Invoke {
                    attributes: at2,
                    cc_field: cc2,
                    normal: n2,
                    unwind: u2,
                    fn_ty: t2,
                    callee: c2,
                    args: l2,
                },
            ) => (at1, cc1, n1, u1, t1, c1) == (at2, cc2, n2, u2, t2, c2) && a.get(l1) == b.get(l2),
            (K::Phi { incoming: l1 }, K::Phi { incoming: l2 }) => a.get(l1) == b.get(l2),
            (
                K::Call {
                    attributes: at1,
                    cc_field: cc1,
                    fn_ty: t1,
                    callee: c1,
                    args: l1,
                },
                K::Call {
                    attributes: at2,
                    cc_field: cc2,
                    fn_ty: t2,
                    callee: c2,
                    args: l2,
                },
            ) => (at1, cc1, t1, c1) == (at2, cc2, t2, c2) && a.get(l1) == b.get(l2),
            (
                K::ExtractValue {
                    aggregate: g1,
                    indices: l1,
                },
                K::ExtractValue {
                    aggregate: g2,
                    indices: l2,
                },
            ) => g1 == g2 && a.get(l1) == b.get(l2),
            (
                K::InsertValue {
                    aggregate: g1,
                    value: v1,
                    indices: l1,
                },
                K::InsertValue {
                    aggregate: g2,
                    value: v2,
                    indices: l2,
                },
            ) => (g1, v1) == (g2, v2) && a.get(l1) == b.get(l2),
            (
                K::LandingPad {
                    cleanup: c1,
                    clauses: l1,
                },
                K::LandingPad {
                    cleanup: c2,
                    clauses: l2,
                },
            ) => c1 == c2 && a.get(l1) == b.get(l2),
            (x, y) => x == y,
        }
    }

    /// True for terminators (ret, br, switch, indirectbr, invoke, resume, unreachable).
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Ret { .. }
                | InstKind::Br { .. }
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::IndirectBr { .. }
                | InstKind::Invoke { .. }
                | InstKind::Resume { .. }
                | InstKind::Unreachable
        )
    }
}

/// Fast-math flag bits (LLVM 3.7 `FastMathFlags`).
pub struct FastMath;

impl FastMath {
    /// `fast` (unsafe algebra).
    pub const UNSAFE_ALGEBRA: u64 = 1;
    /// `nnan`.
    pub const NO_NANS: u64 = 2;
    /// `ninf`.
    pub const NO_INFS: u64 = 4;
    /// `nsz`.
    pub const NO_SIGNED_ZEROS: u64 = 8;
    /// `arcp`.
    pub const ALLOW_RECIPROCAL: u64 = 16;
}

/// Binary operators (bitcode BINOP_* codes, with the floating-point forms told apart by the
/// operand type as LLVM's reader does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `add`.
    Add,
    /// `fadd`.
    FAdd,
    /// `sub`.
    Sub,
    /// `fsub`.
    FSub,
    /// `mul`.
    Mul,
    /// `fmul`.
    FMul,
    /// `udiv`.
    UDiv,
    /// `sdiv`.
    SDiv,
    /// `fdiv`.
    FDiv,
    /// `urem`.
    URem,
    /// `srem`.
    SRem,
    /// `frem`.
    FRem,
    /// `shl`.
    Shl,
    /// `lshr`.
    LShr,
    /// `ashr`.
    AShr,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `xor`.
    Xor,
}

impl BinOp {
    /// Decodes a BINOP_* code; `is_fp` selects the floating-point forms.
    pub fn from_code(code: u64, is_fp: bool) -> Option<BinOp> {
        use BinOp::*;
        Some(match (code, is_fp) {
            (0, false) => Add,
            (0, true) => FAdd,
            (1, false) => Sub,
            (1, true) => FSub,
            (2, false) => Mul,
            (2, true) => FMul,
            (3, false) => UDiv,
            (4, false) => SDiv,
            (4, true) => FDiv,
            (5, false) => URem,
            (6, false) => SRem,
            (6, true) => FRem,
            (7, false) => Shl,
            (8, false) => LShr,
            (9, false) => AShr,
            (10, false) => And,
            (11, false) => Or,
            (12, false) => Xor,
            _ => return None,
        })
    }

    /// The BINOP_* code.
    pub fn code(self) -> u64 {
        use BinOp::*;
        match self {
            Add | FAdd => 0,
            Sub | FSub => 1,
            Mul | FMul => 2,
            UDiv => 3,
            SDiv | FDiv => 4,
            URem => 5,
            SRem | FRem => 6,
            Shl => 7,
            LShr => 8,
            AShr => 9,
            And => 10,
            Or => 11,
            Xor => 12,
        }
    }

    /// The LLVM assembly mnemonic.
    pub fn mnemonic(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "add",
            FAdd => "fadd",
            Sub => "sub",
            FSub => "fsub",
            Mul => "mul",
            FMul => "fmul",
            UDiv => "udiv",
            SDiv => "sdiv",
            FDiv => "fdiv",
            URem => "urem",
            SRem => "srem",
            FRem => "frem",
            Shl => "shl",
            LShr => "lshr",
            AShr => "ashr",
            And => "and",
            Or => "or",
            Xor => "xor",
        }
    }
}

/// Cast operators (bitcode CAST_* codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    /// `trunc` (0).
    Trunc,
    /// `zext` (1).
    ZExt,
    /// `sext` (2).
    SExt,
    /// `fptoui` (3).
    FpToUi,
    /// `fptosi` (4).
    FpToSi,
    /// `uitofp` (5).
    UiToFp,
    /// `sitofp` (6).
    SiToFp,
    /// `fptrunc` (7).
    FpTrunc,
    /// `fpext` (8).
    FpExt,
    /// `ptrtoint` (9).
    PtrToInt,
    /// `inttoptr` (10).
    IntToPtr,
    /// `bitcast` (11).
    BitCast,
    /// `addrspacecast` (12).
    AddrSpaceCast,
}

impl CastOp {
    const ALL: [CastOp; 13] = [
        CastOp::Trunc,
        CastOp::ZExt,
        CastOp::SExt,
        CastOp::FpToUi,
        CastOp::FpToSi,
        CastOp::UiToFp,
        CastOp::SiToFp,
        CastOp::FpTrunc,
        CastOp::FpExt,
        CastOp::PtrToInt,
        CastOp::IntToPtr,
        CastOp::BitCast,
        CastOp::AddrSpaceCast,
    ];

    /// Decodes a CAST_* code.
    pub fn from_code(code: u64) -> Option<CastOp> {
        usize::try_from(code)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    /// The CAST_* code.
    pub fn code(self) -> u64 {
        self as u64
    }

    /// The LLVM assembly mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            CastOp::Trunc => "trunc",
            CastOp::ZExt => "zext",
            CastOp::SExt => "sext",
            CastOp::FpToUi => "fptoui",
            CastOp::FpToSi => "fptosi",
            CastOp::UiToFp => "uitofp",
            CastOp::SiToFp => "sitofp",
            CastOp::FpTrunc => "fptrunc",
            CastOp::FpExt => "fpext",
            CastOp::PtrToInt => "ptrtoint",
            CastOp::IntToPtr => "inttoptr",
            CastOp::BitCast => "bitcast",
            CastOp::AddrSpaceCast => "addrspacecast",
        }
    }
}
