//! Block ids and record codes of LLVM 3.7 bitcode (`include/llvm/Bitcode/LLVMBitCodes.h`).
#![allow(missing_docs)]

pub const MODULE_BLOCK_ID: u32 = 8;
pub const PARAMATTR_BLOCK_ID: u32 = 9;
pub const PARAMATTR_GROUP_BLOCK_ID: u32 = 10;
pub const CONSTANTS_BLOCK_ID: u32 = 11;
pub const FUNCTION_BLOCK_ID: u32 = 12;
pub const VALUE_SYMTAB_BLOCK_ID: u32 = 14;
pub const METADATA_BLOCK_ID: u32 = 15;
pub const METADATA_ATTACHMENT_ID: u32 = 16;
pub const TYPE_BLOCK_ID_NEW: u32 = 17;
pub const USELIST_BLOCK_ID: u32 = 18;

/// The name of a block id, for error messages.
pub fn block_name(id: u32) -> &'static str {
    match id {
        0 => "BLOCKINFO_BLOCK",
        MODULE_BLOCK_ID => "MODULE_BLOCK",
        PARAMATTR_BLOCK_ID => "PARAMATTR_BLOCK",
        PARAMATTR_GROUP_BLOCK_ID => "PARAMATTR_GROUP_BLOCK",
        CONSTANTS_BLOCK_ID => "CONSTANTS_BLOCK",
        FUNCTION_BLOCK_ID => "FUNCTION_BLOCK",
        VALUE_SYMTAB_BLOCK_ID => "VALUE_SYMTAB_BLOCK",
        METADATA_BLOCK_ID => "METADATA_BLOCK",
        METADATA_ATTACHMENT_ID => "METADATA_ATTACHMENT_BLOCK",
        TYPE_BLOCK_ID_NEW => "TYPE_BLOCK",
        USELIST_BLOCK_ID => "USELIST_BLOCK",
        _ => "unknown block",
    }
}

// MODULE_BLOCK
pub const MODULE_CODE_VERSION: u32 = 1;
pub const MODULE_CODE_TRIPLE: u32 = 2;
pub const MODULE_CODE_DATALAYOUT: u32 = 3;
pub const MODULE_CODE_ASM: u32 = 4;
pub const MODULE_CODE_SECTIONNAME: u32 = 5;
pub const MODULE_CODE_DEPLIB: u32 = 6;
pub const MODULE_CODE_GLOBALVAR: u32 = 7;
pub const MODULE_CODE_FUNCTION: u32 = 8;
pub const MODULE_CODE_ALIAS: u32 = 9;
pub const MODULE_CODE_GCNAME: u32 = 11;
pub const MODULE_CODE_COMDAT: u32 = 12;

// PARAMATTR blocks
pub const PARAMATTR_CODE_ENTRY: u32 = 2;
pub const PARAMATTR_GRP_CODE_ENTRY: u32 = 3;

// TYPE_BLOCK
pub const TYPE_CODE_NUMENTRY: u32 = 1;
pub const TYPE_CODE_VOID: u32 = 2;
pub const TYPE_CODE_FLOAT: u32 = 3;
pub const TYPE_CODE_DOUBLE: u32 = 4;
pub const TYPE_CODE_LABEL: u32 = 5;
pub const TYPE_CODE_OPAQUE: u32 = 6;
pub const TYPE_CODE_INTEGER: u32 = 7;
pub const TYPE_CODE_POINTER: u32 = 8;
pub const TYPE_CODE_FUNCTION_OLD: u32 = 9;
pub const TYPE_CODE_HALF: u32 = 10;
pub const TYPE_CODE_ARRAY: u32 = 11;
pub const TYPE_CODE_VECTOR: u32 = 12;
pub const TYPE_CODE_X86_FP80: u32 = 13;
pub const TYPE_CODE_FP128: u32 = 14;
pub const TYPE_CODE_PPC_FP128: u32 = 15;
pub const TYPE_CODE_METADATA: u32 = 16;
pub const TYPE_CODE_X86_MMX: u32 = 17;
pub const TYPE_CODE_STRUCT_ANON: u32 = 18;
pub const TYPE_CODE_STRUCT_NAME: u32 = 19;
pub const TYPE_CODE_STRUCT_NAMED: u32 = 20;
pub const TYPE_CODE_FUNCTION: u32 = 21;

// VALUE_SYMTAB_BLOCK
pub const VST_CODE_ENTRY: u32 = 1;
pub const VST_CODE_BBENTRY: u32 = 2;

// METADATA_BLOCK
pub const METADATA_STRING: u32 = 1;
pub const METADATA_VALUE: u32 = 2;
pub const METADATA_NODE: u32 = 3;
pub const METADATA_NAME: u32 = 4;
pub const METADATA_DISTINCT_NODE: u32 = 5;
pub const METADATA_KIND: u32 = 6;
pub const METADATA_NAMED_NODE: u32 = 10;
pub const METADATA_ATTACHMENT: u32 = 11;
// The DI records (METADATA_LOCATION = 7, METADATA_GENERIC_DEBUG = 12 to METADATA_MODULE =
// 32) take their codes from `dxil_ir::for_each_di_record!`.

// CONSTANTS_BLOCK
pub const CST_CODE_SETTYPE: u32 = 1;
pub const CST_CODE_NULL: u32 = 2;
pub const CST_CODE_UNDEF: u32 = 3;
pub const CST_CODE_INTEGER: u32 = 4;
pub const CST_CODE_WIDE_INTEGER: u32 = 5;
pub const CST_CODE_FLOAT: u32 = 6;
pub const CST_CODE_AGGREGATE: u32 = 7;
pub const CST_CODE_STRING: u32 = 8;
pub const CST_CODE_CSTRING: u32 = 9;
pub const CST_CODE_CE_BINOP: u32 = 10;
pub const CST_CODE_CE_CAST: u32 = 11;
pub const CST_CODE_CE_GEP: u32 = 12;
pub const CST_CODE_CE_SELECT: u32 = 13;
pub const CST_CODE_CE_EXTRACTELT: u32 = 14;
pub const CST_CODE_CE_INSERTELT: u32 = 15;
pub const CST_CODE_CE_SHUFFLEVEC: u32 = 16;
pub const CST_CODE_CE_CMP: u32 = 17;
pub const CST_CODE_CE_SHUFVEC_EX: u32 = 19;
pub const CST_CODE_CE_INBOUNDS_GEP: u32 = 20;
pub const CST_CODE_BLOCKADDRESS: u32 = 21;
pub const CST_CODE_DATA: u32 = 22;
pub const CST_CODE_INLINEASM: u32 = 23;

// FUNCTION_BLOCK
pub const FUNC_CODE_DECLAREBLOCKS: u32 = 1;
pub const FUNC_CODE_INST_BINOP: u32 = 2;
pub const FUNC_CODE_INST_CAST: u32 = 3;
pub const FUNC_CODE_INST_EXTRACTELT: u32 = 6;
pub const FUNC_CODE_INST_INSERTELT: u32 = 7;
pub const FUNC_CODE_INST_SHUFFLEVEC: u32 = 8;
pub const FUNC_CODE_INST_CMP: u32 = 9;
pub const FUNC_CODE_INST_RET: u32 = 10;
pub const FUNC_CODE_INST_BR: u32 = 11;
pub const FUNC_CODE_INST_SWITCH: u32 = 12;
pub const FUNC_CODE_INST_INVOKE: u32 = 13;
pub const FUNC_CODE_INST_UNREACHABLE: u32 = 15;
pub const FUNC_CODE_INST_PHI: u32 = 16;
pub const FUNC_CODE_INST_ALLOCA: u32 = 19;
pub const FUNC_CODE_INST_LOAD: u32 = 20;
pub const FUNC_CODE_INST_VAARG: u32 = 23;
pub const FUNC_CODE_INST_EXTRACTVAL: u32 = 26;
pub const FUNC_CODE_INST_INSERTVAL: u32 = 27;
pub const FUNC_CODE_INST_CMP2: u32 = 28;
pub const FUNC_CODE_INST_VSELECT: u32 = 29;
pub const FUNC_CODE_INST_INDIRECTBR: u32 = 31;
pub const FUNC_CODE_DEBUG_LOC_AGAIN: u32 = 33;
pub const FUNC_CODE_INST_CALL: u32 = 34;
pub const FUNC_CODE_DEBUG_LOC: u32 = 35;
pub const FUNC_CODE_INST_FENCE: u32 = 36;
pub const FUNC_CODE_INST_ATOMICRMW: u32 = 38;
pub const FUNC_CODE_INST_RESUME: u32 = 39;
pub const FUNC_CODE_INST_LOADATOMIC: u32 = 41;
pub const FUNC_CODE_INST_GEP: u32 = 43;
pub const FUNC_CODE_INST_STORE: u32 = 44;
pub const FUNC_CODE_INST_STOREATOMIC: u32 = 45;
pub const FUNC_CODE_INST_CMPXCHG: u32 = 46;
pub const FUNC_CODE_INST_LANDINGPAD: u32 = 47;

// USELIST_BLOCK
pub const USELIST_CODE_DEFAULT: u32 = 1;
pub const USELIST_CODE_BB: u32 = 2;
