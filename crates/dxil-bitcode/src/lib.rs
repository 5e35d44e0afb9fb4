//! LLVM 3.7 bitcode for DXIL: the module reader (bitcode -> [`dxil_ir::Module`]) and
//! writer ([`write_module`], IR -> bitcode, byte-identical to DXC for modules it wrote).
//!
//! Record layouts follow LLVM 3.7 as shipped in DXC (`include/llvm/Bitcode/LLVMBitCodes.h`,
//! `lib/Bitcode/Reader/BitcodeReader.cpp`); LLVM's "LLVM Bitcode File Format" describes the
//! container. [`read_module`] decodes every block of the module: BLOCKINFO, PARAMATTR_GROUP,
//! PARAMATTR, TYPE, the module records, CONSTANTS, METADATA (incl. every DI* record and the
//! kind table), VALUE_SYMTAB, USELIST and the FUNCTION blocks with their constants,
//! function-local metadata, symbol tables, METADATA_ATTACHMENT and use lists.
//!
//! Hostile input: every count is bounded by the bits left, nothing recurses, every id is
//! checked (forward references are resolved when their block ends), and anything not
//! understood is an [`Error`] naming the block, record code and bit offset.
//!
//! Record forms that only pre-3.7 writers produce (TYPE_CODE_FUNCTION_OLD, PARAMATTR_CODE_ENTRY_OLD,
//! METADATA_OLD_NODE, CST_CODE_INLINEASM_OLD, INST_GEP_OLD/STORE_OLD/CMPXCHG_OLD/...,
//! SWITCH with case ranges, label call arguments) are rejected as unsupported. A few
//! equivalent encodings are read but not told apart in the IR, because LLVM 3.7's writer
//! only produces one of them: INST_CMP vs INST_CMP2, a present-but-zero flags operand, the
//! 3-operand CE_EXTRACTELT/CE_INSERTELT forms, and LOAD without an explicit type.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod codes;
mod error;
mod read;
mod write;

pub use error::{Error, ErrorKind, Result};
pub use read::{read_module, Decoder};
pub use write::{
    orders, write_checked, write_module, write_module_with, BodyOrders, Encoder, Orders,
    WriteInput, WriteOptions,
};
