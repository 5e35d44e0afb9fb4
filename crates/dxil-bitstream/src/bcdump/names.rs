//! Block and record names of LLVM 3.7 bitcode (as DXIL uses it), spelled as
//! `llvm-bcanalyzer -dump` spells them. Codes are LLVM 3.7's (`LLVMBitCodes.h`); where later
//! LLVM renamed a code that kept its meaning (e.g. METADATA 1, `STRING_OLD`) the later spelling
//! is used so that dumps can be compared textually; where later LLVM reassigned a code, the 3.7
//! meaning wins (e.g. FUNCTION_BLOCK 38 is `INST_ATOMICRMW`).

/// Block IDs (LLVM 3.7 `BlockIDs`; 0 is the standard BLOCKINFO block).
pub mod block {
    /// BLOCKINFO.
    pub const BLOCKINFO: u32 = 0;
    /// MODULE_BLOCK.
    pub const MODULE: u32 = 8;
    /// PARAMATTR_BLOCK.
    pub const PARAMATTR: u32 = 9;
    /// PARAMATTR_GROUP_BLOCK.
    pub const PARAMATTR_GROUP: u32 = 10;
    /// CONSTANTS_BLOCK.
    pub const CONSTANTS: u32 = 11;
    /// FUNCTION_BLOCK.
    pub const FUNCTION: u32 = 12;
    /// VALUE_SYMTAB_BLOCK.
    pub const VALUE_SYMTAB: u32 = 14;
    /// METADATA_BLOCK.
    pub const METADATA: u32 = 15;
    /// METADATA_ATTACHMENT block.
    pub const METADATA_ATTACHMENT: u32 = 16;
    /// TYPE_BLOCK_ID_NEW.
    pub const TYPE_NEW: u32 = 17;
    /// USELIST_BLOCK.
    pub const USELIST: u32 = 18;
}

/// The name of a block, if LLVM 3.7 defines it.
pub fn block_name(id: u32) -> Option<&'static str> {
    Some(match id {
        block::BLOCKINFO => "BLOCKINFO_BLOCK",
        block::MODULE => "MODULE_BLOCK",
        block::PARAMATTR => "PARAMATTR_BLOCK",
        block::PARAMATTR_GROUP => "PARAMATTR_GROUP_BLOCK_ID",
        block::CONSTANTS => "CONSTANTS_BLOCK",
        block::FUNCTION => "FUNCTION_BLOCK",
        block::VALUE_SYMTAB => "VALUE_SYMTAB",
        block::METADATA => "METADATA_BLOCK",
        block::METADATA_ATTACHMENT => "METADATA_ATTACHMENT_BLOCK",
        block::TYPE_NEW => "TYPE_BLOCK_ID",
        block::USELIST => "USELIST_BLOCK_ID",
        _ => return None,
    })
}

const MODULE: &[(u32, &str)] = &[
    (1, "VERSION"),
    (2, "TRIPLE"),
    (3, "DATALAYOUT"),
    (4, "ASM"),
    (5, "SECTIONNAME"),
    (6, "DEPLIB"),
    (7, "GLOBALVAR"),
    (8, "FUNCTION"),
    (9, "ALIAS"),
    (10, "PURGEVALS"),
    (11, "GCNAME"),
    (12, "COMDAT"),
];

const TYPE: &[(u32, &str)] = &[
    (1, "NUMENTRY"),
    (2, "VOID"),
    (3, "FLOAT"),
    (4, "DOUBLE"),
    (5, "LABEL"),
    (6, "OPAQUE"),
    (7, "INTEGER"),
    (8, "POINTER"),
    (9, "FUNCTION_OLD"),
    (10, "HALF"),
    (11, "ARRAY"),
    (12, "VECTOR"),
    (13, "X86_FP80"),
    (14, "FP128"),
    (15, "PPC_FP128"),
    (16, "METADATA"),
    (17, "X86_MMX"),
    (18, "STRUCT_ANON"),
    (19, "STRUCT_NAME"),
    (20, "STRUCT_NAMED"),
    (21, "FUNCTION"),
];

const CONSTANTS: &[(u32, &str)] = &[
    (1, "SETTYPE"),
    (2, "NULL"),
    (3, "UNDEF"),
    (4, "INTEGER"),
    (5, "WIDE_INTEGER"),
    (6, "FLOAT"),
    (7, "AGGREGATE"),
    (8, "STRING"),
    (9, "CSTRING"),
    (10, "CE_BINOP"),
    (11, "CE_CAST"),
    (12, "CE_GEP"),
    (13, "CE_SELECT"),
    (14, "CE_EXTRACTELT"),
    (15, "CE_INSERTELT"),
    (16, "CE_SHUFFLEVEC"),
    (17, "CE_CMP"),
    (18, "INLINEASM_OLD"),
    (19, "CE_SHUFVEC_EX"),
    (20, "CE_INBOUNDS_GEP"),
    (21, "CST_CODE_BLOCKADDRESS"),
    (22, "DATA"),
    (23, "INLINEASM"),
];

const FUNCTION: &[(u32, &str)] = &[
    (1, "DECLAREBLOCKS"),
    (2, "INST_BINOP"),
    (3, "INST_CAST"),
    (4, "INST_GEP_OLD"),
    (5, "INST_SELECT"),
    (6, "INST_EXTRACTELT"),
    (7, "INST_INSERTELT"),
    (8, "INST_SHUFFLEVEC"),
    (9, "INST_CMP"),
    (10, "INST_RET"),
    (11, "INST_BR"),
    (12, "INST_SWITCH"),
    (13, "INST_INVOKE"),
    (15, "INST_UNREACHABLE"),
    (16, "INST_PHI"),
    (19, "INST_ALLOCA"),
    (20, "INST_LOAD"),
    (23, "INST_VAARG"),
    (24, "INST_STORE_OLD"),
    (26, "INST_EXTRACTVAL"),
    (27, "INST_INSERTVAL"),
    (28, "INST_CMP2"),
    (29, "INST_VSELECT"),
    (30, "INST_INBOUNDS_GEP_OLD"),
    (31, "INST_INDIRECTBR"),
    (33, "DEBUG_LOC_AGAIN"),
    (34, "INST_CALL"),
    (35, "DEBUG_LOC"),
    (36, "INST_FENCE"),
    (37, "INST_CMPXCHG_OLD"),
    (38, "INST_ATOMICRMW"),
    (39, "INST_RESUME"),
    (40, "INST_LANDINGPAD_OLD"),
    (41, "INST_LOADATOMIC"),
    (42, "INST_STOREATOMIC_OLD"),
    (43, "INST_GEP"),
    (44, "INST_STORE"),
    (45, "INST_STOREATOMIC"),
    (46, "INST_CMPXCHG"),
    (47, "INST_LANDINGPAD"),
];

const METADATA: &[(u32, &str)] = &[
    (1, "STRING_OLD"),
    (2, "VALUE"),
    (3, "NODE"),
    (4, "NAME"),
    (5, "DISTINCT_NODE"),
    (6, "KIND"),
    (7, "LOCATION"),
    (8, "OLD_NODE"),
    (9, "OLD_FN_NODE"),
    (10, "NAMED_NODE"),
    (12, "GENERIC_DEBUG"),
    (13, "SUBRANGE"),
    (14, "ENUMERATOR"),
    (15, "BASIC_TYPE"),
    (16, "FILE"),
    (17, "DERIVED_TYPE"),
    (18, "COMPOSITE_TYPE"),
    (19, "SUBROUTINE_TYPE"),
    (20, "COMPILE_UNIT"),
    (21, "SUBPROGRAM"),
    (22, "LEXICAL_BLOCK"),
    (23, "LEXICAL_BLOCK_FILE"),
    (24, "NAMESPACE"),
    (25, "TEMPLATE_TYPE"),
    (26, "TEMPLATE_VALUE"),
    (27, "GLOBAL_VAR"),
    (28, "LOCAL_VAR"),
    (29, "EXPRESSION"),
    (30, "OBJC_PROPERTY"),
    (31, "IMPORTED_ENTITY"),
    (32, "MODULE"),
];

/// The name of record `code` in block `block_id`, if LLVM 3.7 defines it.
pub fn record_name(block_id: u32, code: u32) -> Option<&'static str> {
    let table: &[(u32, &str)] = match block_id {
        block::BLOCKINFO => &[(1, "SETBID"), (2, "BLOCKNAME"), (3, "SETRECORDNAME")],
        block::MODULE => MODULE,
        block::PARAMATTR => &[(1, "ENTRY"), (2, "ENTRY")],
        block::PARAMATTR_GROUP => &[(3, "ENTRY")],
        block::CONSTANTS => CONSTANTS,
        block::FUNCTION => FUNCTION,
        block::VALUE_SYMTAB => &[(1, "ENTRY"), (2, "BBENTRY")],
        block::METADATA => METADATA,
        block::METADATA_ATTACHMENT => &[(11, "ATTACHMENT")],
        block::TYPE_NEW => TYPE,
        block::USELIST => &[(1, "USELIST_CODE_DEFAULT"), (2, "USELIST_CODE_BB")],
        _ => return None,
    };
    table.iter().find(|(c, _)| *c == code).map(|(_, n)| *n)
}
