//! Function bodies (LLVM 3.7 FUNCTION_BLOCK): arguments, blocks, instructions, and the
//! per-function constants, metadata, symbol table order and use lists.

use crate::arena::Arena;
use crate::ids::{Arg, Block, Const, Inst, Metadata, Type};
use crate::instructions::InstData;
use crate::lists::{List, ListStart, OperandPool, PoolItem, ValueList};
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
///
/// Equality compares the operand lists of the instructions by content, so two bodies whose
/// pools hold the same lists in another order (or one holds lists no instruction uses) are
/// equal.
#[derive(Clone, Debug, Default)]
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
    /// The operand lists of the instructions ([`crate::List`] ranges index it).
    pub pool: OperandPool,
}

impl PartialEq for Body {
    fn eq(&self, o: &Body) -> bool {
        self.args == o.args
            && self.blocks == o.blocks
            && self.constants == o.constants
            && self.local_metadata == o.local_metadata
            && self.symtab == o.symtab
            && self.uselists == o.uselists
            && self.has_attachment_block == o.has_attachment_block
            && self.insts.len() == o.insts.len()
            && self
                .insts
                .iter()
                .zip(o.insts.iter())
                .all(|(a, b)| a.eq_in(&self.pool, b, &o.pool))
    }
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

    /// The elements of an operand list of this body.
    ///
    /// # Panics
    ///
    /// On a range past the pool (a list of another body, or a dangling one in a module that
    /// the id check did not pass), as indexing an arena does; [`OperandPool::get`] is the
    /// checked form.
    #[inline]
    pub fn list<T: PoolItem>(&self, list: List<T>) -> &[T] {
        self.pool.list(list)
    }

    /// The elements of an operand list, for changes in place (panics as [`Body::list`]).
    #[inline]
    pub fn list_mut<T: PoolItem>(&mut self, list: List<T>) -> &mut [T] {
        self.pool.list_mut(list)
    }

    /// Appends an operand list to the pool ([`OperandPool::push`]).
    #[inline]
    pub fn push_list<T: PoolItem>(&mut self, items: impl IntoIterator<Item = T>) -> List<T> {
        self.pool.push(items)
    }

    /// The values of a value list ([`Body::list`] for [`ValueRef`]s).
    #[inline]
    pub fn values(&self, list: ValueList) -> &[ValueRef] {
        self.pool.list(list)
    }

    /// The values of a value list, for changes in place.
    #[inline]
    pub fn values_mut(&mut self, list: ValueList) -> &mut [ValueRef] {
        self.pool.list_mut(list)
    }

    /// Appends a value list.
    #[inline]
    pub fn push_values(&mut self, values: impl IntoIterator<Item = ValueRef>) -> ValueList {
        self.pool.push(values)
    }

    /// Starts a list pushed element by element ([`OperandPool::start`]).
    #[inline]
    pub fn start_list<T: PoolItem>(&self) -> ListStart<T> {
        self.pool.start()
    }
}
