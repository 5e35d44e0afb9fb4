//! The compact form a function is compiled into for execution: instructions over numbered
//! register slots (one 64-bit slot per scalar; aggregates take consecutive slots), blocks as
//! ranges of instructions, phis as parallel copies on edges (LangRef "'phi' Instruction":
//! the incoming value is chosen by the edge taken), each `dx.op` call decoded once into the
//! typed operation with its operands' slots ([`DxCall`]).

use dxil_ir::{BinOp, CastOp};
use dxil_ops::DxOp;

/// A register slot.
pub(crate) type Slot = u32;

/// No block: the virtual exit every return leads to (post-dominator of the whole function).
pub(crate) const EXIT: u32 = u32::MAX;

/// The scalar kinds a slot holds. Integers are kept zero-extended from their width, floats
/// as their IEEE bits, pointers as [`crate::interp::mem`] addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    F16,
    F32,
    F64,
    Ptr,
}

impl Ty {
    /// Bits of the kind (pointers: 32, as DXIL's data layout has them).
    pub(crate) fn bits(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::I8 => 8,
            Ty::I16 | Ty::F16 => 16,
            Ty::I32 | Ty::F32 | Ty::Ptr => 32,
            Ty::I64 | Ty::F64 => 64,
        }
    }

    /// Bytes the kind takes in memory.
    pub(crate) fn bytes(self) -> u32 {
        match self {
            Ty::I1 | Ty::I8 => 1,
            Ty::I16 | Ty::F16 => 2,
            Ty::I32 | Ty::F32 | Ty::Ptr => 4,
            Ty::I64 | Ty::F64 => 8,
        }
    }

    /// Floating point.
    pub(crate) fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::F32 | Ty::F64)
    }

    /// The mask of the kind's bits.
    pub(crate) fn mask(self) -> u64 {
        match self.bits() {
            64 => u64::MAX,
            b => (1u64 << b) - 1,
        }
    }
}

/// Read-modify-write operations of `atomicrmw` and `dx.op.atomicBinOp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RmwK {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
}

/// One instruction.
#[derive(Clone, Debug)]
pub(crate) enum Inst {
    Bin {
        op: BinOp,
        ty: Ty,
        dst: Slot,
        a: Slot,
        b: Slot,
    },
    /// An fp32 operation whose denormal inputs and output flush to zero.
    BinFtz {
        op: BinOp,
        dst: Slot,
        a: Slot,
        b: Slot,
    },
    /// `pred` is LLVM's predicate code (`CmpInst::Predicate`).
    Cmp {
        pred: u8,
        ty: Ty,
        dst: Slot,
        a: Slot,
        b: Slot,
    },
    Cast {
        op: CastOp,
        from: Ty,
        to: Ty,
        dst: Slot,
        a: Slot,
    },
    Select {
        dst: Slot,
        c: Slot,
        a: Slot,
        b: Slot,
        width: u32,
    },
    Copy {
        dst: Slot,
        src: Slot,
        width: u32,
    },
    /// `extractelement` with a variable index over `len` slots.
    Extract {
        dst: Slot,
        vec: Slot,
        idx: Slot,
        len: u32,
    },
    /// `insertelement` with a variable index.
    Insert {
        dst: Slot,
        vec: Slot,
        elem: Slot,
        idx: Slot,
        len: u32,
    },
    /// `getelementptr`: `dst = base + off + sum(index * stride)` over `terms` (a range of
    /// [`Function::gep_terms`]).
    Gep {
        dst: Slot,
        base: Slot,
        off: i64,
        terms: (u32, u32),
    },
    Load {
        dst: Slot,
        ptr: Slot,
        off: u32,
        ty: Ty,
    },
    Store {
        ptr: Slot,
        val: Slot,
        off: u32,
        ty: Ty,
    },
    Rmw {
        op: RmwK,
        ty: Ty,
        dst: Slot,
        ptr: Slot,
        val: Slot,
    },
    /// `cmpxchg`: `dst` gets the old value, `dst + 1` the success bit.
    CmpXchg {
        ty: Ty,
        dst: Slot,
        ptr: Slot,
        cmp: Slot,
        new: Slot,
    },
    /// A `dx.op` call: an index into [`Function::calls`] (kept apart so that the
    /// instructions stay small).
    Dx {
        call: u32,
    },
    Br {
        edge: u32,
    },
    CondBr {
        c: Slot,
        t: u32,
        f: u32,
    },
    /// `cases` is a range of [`Function::cases`].
    Switch {
        c: Slot,
        cases: (u32, u32),
        default: u32,
    },
    Ret,
    Unreachable,
}

/// A `dx.op` call as the interpreter runs it: the operation with the slot of each operand
/// (an aggregate operand's first slot) in its named fields.
#[derive(Clone, Debug)]
pub(crate) struct DxCall {
    pub(crate) op: DxOp<Slot>,
    /// The overload's scalar kind (i32 where the operation has none); for a vector overload
    /// (`dx.op.rawBufferVectorLoad.v7f32`), the kind of its elements.
    pub(crate) ty: Ty,
    /// Elements of the vector overload of an operation that takes its vectors whole
    /// (`RawBufferVectorLoad`, `FDot`...); 1 for a scalar overload. Elementwise operations on
    /// vectors are compiled into one call per element, each with a scalar overload.
    pub(crate) elems: u32,
    /// The first result slot.
    pub(crate) dst: Slot,
    /// The call has a result (`dst` is meaningful).
    pub(crate) value: bool,
}

/// An edge to a block with the phi copies it makes.
#[derive(Clone, Debug)]
pub(crate) struct Edge {
    /// The block the edge leads to.
    pub(crate) target: u32,
    /// A range of [`Function::copies`]: (destination, source).
    pub(crate) copies: (u32, u32),
    /// No copy reads a slot another copy of the edge writes, so the copies can run one by
    /// one instead of through a temporary.
    pub(crate) independent: bool,
}

/// A basic block: its instructions (phis removed) and where its lanes reconverge.
#[derive(Clone, Debug)]
pub(crate) struct BlockCode {
    /// First instruction.
    pub(crate) start: u32,
    /// One past the terminator.
    pub(crate) end: u32,
    /// The immediate post-dominator ([`EXIT`] when only the exit post-dominates it).
    pub(crate) ipdom: u32,
}

/// A compiled function.
#[derive(Clone, Debug, Default)]
pub(crate) struct Function {
    /// The IR function's name (errors name it).
    pub(crate) name: String,
    /// All instructions, block after block.
    pub(crate) insts: Vec<Inst>,
    /// The blocks, indexed as the IR numbers them (errors and traces print that number).
    pub(crate) blocks: Vec<BlockCode>,
    /// Every (from, to) edge a terminator names, once.
    pub(crate) edges: Vec<Edge>,
    /// Phi copies of the edges: (destination, source).
    pub(crate) copies: Vec<(Slot, Slot)>,
    /// The `dx.op` calls.
    pub(crate) calls: Vec<DxCall>,
    /// `switch` cases: (value, edge).
    pub(crate) cases: Vec<(u64, u32)>,
    /// Variable `getelementptr` indices: (slot, index kind, byte stride).
    pub(crate) gep_terms: Vec<(Slot, Ty, i64)>,
    /// Slots in all.
    pub(crate) slots: u32,
    /// Constant slots and their values, written once per wave.
    pub(crate) consts: Vec<(Slot, u64)>,
    /// The IR value each run of slots holds, by first slot: (first slot, slots, name), for
    /// traces.
    pub(crate) values: Vec<(Slot, u32, Local)>,
    /// The scalar kind of each slot (traces print values by kind).
    pub(crate) slot_tys: Vec<Ty>,
    /// The IR blocks' names, by block.
    pub(crate) block_names: Vec<Local>,
}

/// What a trace calls a value: as `dxil dis` names it (`%13`, `%name`), or a constant
/// (printed as its value).
#[derive(Clone, Debug)]
pub(crate) enum Local {
    Num(u32),
    Named(Box<str>),
    Const,
}

impl std::fmt::Display for Local {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Local::Num(n) => write!(f, "%{n}"),
            Local::Named(s) => f.write_str(s),
            Local::Const => f.write_str("const"),
        }
    }
}
