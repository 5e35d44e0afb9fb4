//! Filling a module in place, for a producer that learns an entity's properties after
//! referring to it: the text parser numbers every global value before parsing any (a
//! constant may name a function defined further down) and fills each when its line is
//! parsed. [`Entities`] lends out what interning does not index; the type arena stays
//! behind [`ModuleBuilder::ty`] and the struct calls, so what interning finds stays what the
//! arena holds.

use super::attributes::{form_attributes, AttrSite, Attributes};
use super::module::ModuleBuilder;
use crate::{
    Alias, AliasData, Arena, Const, ConstData, Function, FunctionData, Global, GlobalVar, Metadata,
    MetadataData, MetadataKind, Module, NamedMetadata,
};

/// Mutable parts of the module under construction that the builder does not intern.
pub struct Entities<'a> {
    /// MODULE_CODE_TRIPLE.
    pub triple: &'a mut Option<String>,
    /// MODULE_CODE_DATALAYOUT.
    pub datalayout: &'a mut Option<String>,
    /// MODULE_CODE_ASM.
    pub asm: &'a mut Option<String>,
    /// MODULE_CODE_SECTIONNAME records.
    pub section_names: &'a mut Vec<String>,
    /// MODULE_CODE_GCNAME records.
    pub gc_names: &'a mut Vec<String>,
    /// Global variables.
    pub globals: &'a mut Arena<Global, GlobalVar>,
    /// Functions and their bodies.
    pub functions: &'a mut Arena<Function, FunctionData>,
    /// Aliases.
    pub aliases: &'a mut Arena<Alias, AliasData>,
    /// The constant arena.
    pub constants: &'a mut Arena<Const, ConstData>,
    /// The module constants.
    pub module_constants: &'a mut Vec<Const>,
    /// The metadata arena.
    pub metadata: &'a mut Arena<Metadata, MetadataData>,
    /// Number of module-level metadata.
    pub module_metadata_count: &'a mut u32,
    /// Named metadata.
    pub named_metadata: &'a mut Vec<NamedMetadata>,
    /// The metadata kind table.
    pub metadata_kinds: &'a mut Vec<MetadataKind>,
}

impl ModuleBuilder {
    /// The parts of the module a producer filling entities in place may change.
    pub fn entities(&mut self) -> Entities<'_> {
        let m = &mut self.m;
        Entities {
            triple: &mut m.triple,
            datalayout: &mut m.datalayout,
            asm: &mut m.asm,
            section_names: &mut m.section_names,
            gc_names: &mut m.gc_names,
            globals: &mut m.globals,
            functions: &mut m.functions,
            aliases: &mut m.aliases,
            constants: &mut m.constants,
            module_constants: &mut m.module_constants,
            metadata: &mut m.metadata,
            module_metadata_count: &mut m.module_metadata_count,
            named_metadata: &mut m.named_metadata,
            metadata_kinds: &mut m.metadata_kinds,
        }
    }

    /// Forms the attribute groups and lists of `sites` as [`form_attributes`] does, for a
    /// producer that attaches attributes to entities it filled in place.
    pub fn form_attributes(&mut self, sites: Vec<(AttrSite, Attributes)>) {
        form_attributes(&mut self.m, sites);
    }

    /// The module as it stands, without [`ModuleBuilder::finish`]'s end steps, for a
    /// producer that filled entities in place and ran those steps itself (the text parser
    /// orders kinds and places function-local metadata from what the text says).
    pub fn into_filled_module(self) -> Module {
        self.m
    }
}
