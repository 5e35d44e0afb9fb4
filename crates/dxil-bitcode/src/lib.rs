//! LLVM 3.7 bitcode for DXIL: the module reader (bitcode -> [`dxil_ir::Module`]).
//!
//! Record layouts follow LLVM 3.7 as shipped in DXC (`LLVMBitCodes.h`, `BitcodeReader.cpp`).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod codes;
mod error;
mod read;

pub use error::{Error, ErrorKind, Result};
pub use read::read_module;
