//! The type table (LLVM 3.7 `TYPE_BLOCK_ID_NEW`; LangRef "Type System").

use crate::ids::Type;

/// One entry of the type table. The table keeps the bitcode order, so [`Type`] is the
/// bitcode type id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeData {
    /// `void` (TYPE_CODE_VOID).
    Void,
    /// `half` (TYPE_CODE_HALF).
    Half,
    /// `float` (TYPE_CODE_FLOAT).
    Float,
    /// `double` (TYPE_CODE_DOUBLE).
    Double,
    /// `x86_fp80` (TYPE_CODE_X86_FP80).
    X86Fp80,
    /// `fp128` (TYPE_CODE_FP128).
    Fp128,
    /// `ppc_fp128` (TYPE_CODE_PPC_FP128).
    PpcFp128,
    /// `label` (TYPE_CODE_LABEL).
    Label,
    /// `metadata` (TYPE_CODE_METADATA).
    Metadata,
    /// `x86_mmx` (TYPE_CODE_X86_MMX).
    X86Mmx,
    /// `iN` (TYPE_CODE_INTEGER), `bits` in 1..=2^23-1.
    Int(u32),
    /// `T addrspace(N)*` (TYPE_CODE_POINTER: [pointee, addrspace]).
    Pointer {
        /// The pointee type.
        pointee: Type,
        /// The address space (0 when the record omits it).
        addrspace: u32,
    },
    /// `[N x T]` (TYPE_CODE_ARRAY).
    Array {
        /// Element count.
        len: u64,
        /// Element type.
        elem: Type,
    },
    /// `<N x T>` (TYPE_CODE_VECTOR).
    Vector {
        /// Element count.
        len: u64,
        /// Element type.
        elem: Type,
    },
    /// A literal or identified struct (TYPE_CODE_STRUCT_ANON / STRUCT_NAME + STRUCT_NAMED /
    /// OPAQUE).
    Struct(StructType),
    /// `ret (params...)` (TYPE_CODE_FUNCTION: [vararg, retty, paramty...]).
    Function {
        /// Return type.
        ret: Type,
        /// Parameter types.
        params: Box<[Type]>,
        /// `...` at the end of the parameter list.
        vararg: bool,
    },
}

/// A struct type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct StructType {
    /// The name set by a preceding STRUCT_NAME record (identified structs only; an identified
    /// struct may be unnamed, printed as `%N`).
    pub name: Option<String>,
    /// Identified (`%name = type {...}`, STRUCT_NAMED/OPAQUE) rather than literal
    /// (STRUCT_ANON).
    pub identified: bool,
    /// `<{ ... }>`.
    pub packed: bool,
    /// Opaque (TYPE_CODE_OPAQUE): no body.
    pub opaque: bool,
    /// Element types (empty when opaque).
    pub elems: Box<[Type]>,
}

impl TypeData {
    /// True for `half`, `float`, `double` and the other floating-point kinds.
    pub fn is_float(&self) -> bool {
        matches!(
            self,
            TypeData::Half
                | TypeData::Float
                | TypeData::Double
                | TypeData::X86Fp80
                | TypeData::Fp128
                | TypeData::PpcFp128
        )
    }
}
