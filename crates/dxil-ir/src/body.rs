//! Function bodies (LLVM 3.7 FUNCTION_BLOCK): arguments, blocks, instructions, and the
//! per-function constants, metadata, symbol table order and use lists.

use crate::arena::Arena;
use crate::ids::{Arg, Block, Const, Inst, Metadata, Type};
use crate::instructions::InstData;
use crate::names::Name;
use crate::values::ValueRef;

/// A function argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgData {
    /// The parameter type.
    pub ty: Type,
    /// Name from the function value symbol table (`None`: unnamed, printed `%N`), in
    /// [`crate::Module::names`].
    pub name: Option<Name>,
}

/// A basic block.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BlockData {
    /// Name from the function value symbol table (VST_BBENTRY; `None`: unnamed), in
    /// [`crate::Module::names`].
    pub name: Option<Name>,
    /// The block's instructions in program order.
    pub insts: Vec<Inst>,
}

/// One entry of a value symbol table, in record order (LLVM 3.7 as modified by DXC writes
/// entries sorted by name; the order is kept so a writer can check or reproduce it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VstEntry {
    /// VST_ENTRY: a value (global, function, alias, argument or instruction).
    Value(ValueRef),
    /// VST_BBENTRY: a basic block.
    Block(Block),
}

/// One USELIST_BLOCK record, kept as data (USELIST_CODE_DEFAULT / USELIST_CODE_BB:
/// [index..., value id]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UseList {
    /// USELIST_CODE_BB rather than USELIST_CODE_DEFAULT.
    pub is_block: bool,
    /// The permutation indexes.
    pub indexes: Box<[u64]>,
    /// The absolute value id (or block number) the permutation applies to.
    pub id: u64,
}

/// A function body.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Body {
    /// Arguments, one per parameter of the function type.
    pub args: Arena<Arg, ArgData>,
    /// Blocks in layout order (the DECLAREBLOCKS count).
    pub blocks: Arena<Block, BlockData>,
    /// Instruction arena, in the order read (program order).
    pub insts: Arena<Inst, InstData>,
    /// The function's constants block, in the order read (a contiguous run of
    /// [`crate::Module::constants`]).
    pub constants: Vec<Const>,
    /// Function-local metadata (value wrappers of arguments and instructions) in the order
    /// read; they take metadata ids after the module's metadata.
    pub local_metadata: Vec<Metadata>,
    /// Function value symbol table entries in record order.
    pub symtab: Vec<VstEntry>,
    /// Use-list order records.
    pub uselists: Vec<UseList>,
    /// The function had a METADATA_ATTACHMENT block.
    pub has_attachment_block: bool,
}

impl Body {
    /// The instruction data of `inst`.
    pub fn inst(&self, inst: Inst) -> Option<&InstData> {
        self.insts.get(inst)
    }

    /// The block data of `block`.
    pub fn block(&self, block: Block) -> Option<&BlockData> {
        self.blocks.get(block)
    }
}
