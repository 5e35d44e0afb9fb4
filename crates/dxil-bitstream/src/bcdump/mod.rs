//! `bcdump`: prints a bitstream's blocks and records in the style of `llvm-bcanalyzer -dump`.

mod names;
mod print;

pub use names::{block, block_name, record_name};
pub use print::{dump, DumpOptions};
