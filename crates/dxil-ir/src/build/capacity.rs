//! Capacity hints: a caller that knows how large the module will be (a copy of another
//! module, a generator with fixed tables) reserves the arenas and interning tables once
//! instead of letting them grow by doubling, which copies every entry each time.

use super::function::FunctionBuilder;
use super::module::ModuleBuilder;
use crate::Module;

/// Expected entry counts of a module being built. Hints only: building past them is
/// correct, just slower.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModuleCapacity {
    /// Types (the type table).
    pub types: usize,
    /// Constants.
    pub constants: usize,
    /// Metadata items (strings, nodes, value wrappers).
    pub metadata: usize,
    /// Global variables.
    pub globals: usize,
    /// Functions (declarations and definitions).
    pub functions: usize,
    /// Named metadata (`!llvm.ident`, `!dx.entryPoints`, ...).
    pub named_metadata: usize,
    /// Metadata kinds beyond LLVM's fixed ones (`dx.precise`, ...).
    pub metadata_kinds: usize,
    /// Distinct attribute sets (of functions and calls).
    pub attribute_sets: usize,
    /// Named struct types.
    pub structs: usize,
}

impl ModuleCapacity {
    /// The counts of `m`: what a copy of it will hold.
    pub fn of(m: &Module) -> Self {
        ModuleCapacity {
            types: m.types.len(),
            constants: m.constants.len(),
            metadata: m.metadata.len(),
            globals: m.globals.len(),
            functions: m.functions.len(),
            named_metadata: m.named_metadata.len(),
            metadata_kinds: m
                .metadata_kinds
                .len()
                .saturating_sub(crate::FixedMetadataKind::ALL.len()),
            attribute_sets: m.attribute_lists.len(),
            structs: m
                .types
                .as_slice()
                .iter()
                .filter(
                    |t| matches!(t, crate::TypeData::Struct(s) if s.identified && s.name.is_some()),
                )
                .count(),
        }
    }
}

impl ModuleBuilder {
    /// Reserves room for `c` more entries of each kind.
    pub fn reserve(&mut self, c: &ModuleCapacity) {
        self.m.types.reserve(c.types);
        self.type_index.reserve(c.types);
        self.m.constants.reserve(c.constants);
        self.const_index.reserve(c.constants);
        self.m.metadata.reserve(c.metadata);
        self.md_index.reserve(c.metadata);
        self.m.globals.reserve(c.globals);
        self.m.functions.reserve(c.functions);
        self.fn_state.reserve(c.functions);
        self.names.reserve(c.globals.saturating_add(c.functions));
        self.name_list
            .reserve(c.globals.saturating_add(c.functions));
        self.m
            .global_values
            .reserve(c.globals.saturating_add(c.functions));
        // Functions with attributes are sites (calls add theirs as bodies are finished).
        self.attr_sites.reserve(c.functions);
        self.attr_sets.reserve(c.attribute_sets);
        self.m.named_metadata.reserve(c.named_metadata);
        self.kinds.reserve(c.metadata_kinds);
        self.struct_names.reserve(c.structs);
    }
}

impl FunctionBuilder<'_> {
    /// Reserves room for `blocks` more blocks and `insts` more instructions.
    pub fn reserve(&mut self, blocks: usize, insts: usize) {
        self.body.blocks.reserve(blocks);
        self.body.insts.reserve(insts);
    }

    /// Reserves room for `insts` more instructions in `block` (a hint: a block that does
    /// not exist is ignored).
    pub fn reserve_block(&mut self, block: crate::Block, insts: usize) {
        if let Some(b) = self.body.blocks.get_mut(block) {
            b.insts.reserve(insts);
        }
    }
}
