//! Filling a module in place, for a producer that learns an entity's properties after
//! referring to it: the text parser numbers every global value before parsing any (a
//! constant may name a function defined further down) and fills each when its line is
//! parsed. [`Entities`] lends out what interning does not index; the type and constant
//! arenas stay behind the builder's calls, so what interning finds stays what the arenas
//! hold.

use super::attributes::{form_attributes, AttrSite, Attributes};
use super::error::{BuildError, BuildErrorKind, BuildResult};
use super::module::ModuleBuilder;
use super::Value;
use crate::{
    Alias, AliasData, Arena, Const, ConstData, ConstKind, Function, FunctionData, Global,
    GlobalVar, Metadata, MetadataData, MetadataKind, Module, NamedMetadata, Type, ValueRef,
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
            module_constants: &mut m.module_constants,
            metadata: &mut m.metadata,
            module_metadata_count: &mut m.module_metadata_count,
            named_metadata: &mut m.named_metadata,
            metadata_kinds: &mut m.metadata_kinds,
        }
    }

    /// The constant `kind` of type `ty` (get-or-insert) when the global values its operands
    /// name may still be unfilled: their types are known only once their definitions are
    /// parsed, so [`ModuleBuilder::constant`]'s type checks would compare against
    /// placeholders. Only that the type and the operands exist is checked here; the caller
    /// checks the kind against the type and each global value's use against the type it is
    /// filled with.
    pub fn constant_filled_later(&mut self, ty: Type, kind: ConstKind) -> BuildResult<Value> {
        self.check_type("constant", ty)?;
        let mut bad = None;
        kind.for_each_operand(|v| {
            let local = matches!(v, ValueRef::Arg(_) | ValueRef::Inst(_));
            if bad.is_none() && (local || self.m.value_type(None, v).is_none()) {
                bad = Some(v);
            }
        });
        if let Some(v) = bad {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("constant: operand {v:?} is not a module-level value of this builder"),
            ));
        }
        let id = self.intern_constant(ConstData { ty, kind });
        Ok(Value::new(ValueRef::Const(id), Some(ty), None))
    }

    /// `value` of type `ty` as metadata (`ValueAsMetadata`; get-or-insert) when the global
    /// value it names may still be unfilled (see [`ModuleBuilder::constant_filled_later`]):
    /// only that the type and the value exist is checked.
    pub fn md_value_filled_later(&mut self, ty: Type, value: ValueRef) -> BuildResult<Metadata> {
        self.check_type("metadata value", ty)?;
        let local = matches!(value, ValueRef::Arg(_) | ValueRef::Inst(_));
        if local || self.m.value_type(None, value).is_none() {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("metadata value: {value:?} is not a module-level value of this builder"),
            ));
        }
        Ok(self.intern_md(MetadataData::Value { ty, value }))
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
