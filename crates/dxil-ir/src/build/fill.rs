//! Filling a module in place, for a producer that learns an entity's properties after
//! referring to it: the text parser numbers every global value before parsing any (a
//! constant may name a function defined further down) and fills each when its line is
//! parsed. [`Entities`] lends out the global values and the module constants list; types,
//! constants, metadata, names of sections and collectors, kinds and attributes stay behind
//! the builder's calls, so what interning finds stays what the arenas hold, and
//! [`ModuleBuilder::finish`] runs the end steps as for any module.

use super::attributes::{AttrSite, Attributes};
use super::error::{BuildError, BuildErrorKind, BuildResult};
use super::module::{ModuleBuilder, LOCAL_MD_TAG};
use super::Value;
use crate::{
    Alias, AliasData, Arena, Const, ConstData, ConstKind, Function, FunctionData, Global,
    GlobalCommon, GlobalVar, Metadata, MetadataData, Name, Names, Type, ValueRef,
};

/// Mutable parts of the module under construction that the builder does not intern.
pub struct Entities<'a> {
    /// Global variables.
    pub globals: &'a mut Arena<Global, GlobalVar>,
    /// Functions and their bodies.
    pub functions: &'a mut Arena<Function, FunctionData>,
    /// Aliases.
    pub aliases: &'a mut Arena<Alias, AliasData>,
    /// The module constants.
    pub module_constants: &'a mut Vec<Const>,
    /// The module's names, for the entities' [`Name`]s.
    pub names: &'a mut Names,
}

impl ModuleBuilder {
    /// The parts of the module a producer filling entities in place may change.
    pub fn entities(&mut self) -> Entities<'_> {
        // What is filled in place is not checked here: finish checks the whole module.
        self.raw_ids = true;
        let m = &mut self.m;
        Entities {
            globals: &mut m.globals,
            functions: &mut m.functions,
            aliases: &mut m.aliases,
            module_constants: &mut m.module_constants,
            names: &mut m.names,
        }
    }

    /// A global variable to fill in place later (through [`ModuleBuilder::entities`]), for a
    /// producer that numbers global values before it parses them. Until filled it is a
    /// placeholder: an external declaration whose types are the table's first.
    pub fn reserve_global(&mut self) -> Global {
        self.raw_ids = true;
        self.m.globals.push(GlobalVar {
            common: GlobalCommon::new(Type(0)),
            value_ty: Type(0),
            addrspace: 0,
            is_constant: false,
            explicit_type: true,
            initializer: None,
            align_log2p1: 0,
            section: 0,
            externally_initialized: false,
            record_len: 6,
        })
    }

    /// A function to fill in place later, as [`ModuleBuilder::reserve_global`]: until filled,
    /// a declaration whose types are the table's first.
    pub fn reserve_function(&mut self) -> Function {
        self.raw_ids = true;
        self.m.functions.push(FunctionData::declaration(
            GlobalCommon::new(Type(0)),
            Type(0),
            16,
        ))
    }

    /// An alias to fill in place later, as [`ModuleBuilder::reserve_global`]: until filled,
    /// of the table's first type and aliasing the first global variable.
    pub fn reserve_alias(&mut self) -> Alias {
        self.raw_ids = true;
        self.m.aliases.push(AliasData {
            common: GlobalCommon::new(Type(0)),
            aliasee: ValueRef::Global(Global(0)),
            record_len: 7,
        })
    }

    /// Stores `s` among the module's names ([`crate::Module::intern`]), for an entity filled
    /// in place or a body made outside a [`super::FunctionBuilder`].
    pub fn intern(&mut self, s: &str) -> Name {
        self.m.intern(s)
    }

    /// The 1-based index of section `name` (get-or-insert), for a global value filled in
    /// place.
    pub fn section_index(&mut self, name: &str) -> u32 {
        self.section(Some(name))
    }

    /// The 1-based index of garbage collector `name` (get-or-insert), for a function filled
    /// in place.
    pub fn gc_index(&mut self, name: &str) -> u32 {
        self.gc(Some(name))
    }

    /// The constant `kind` of type `ty` (get-or-insert) when the global values its operands
    /// name may still be unfilled: their types are known only once their definitions are
    /// parsed, so [`ModuleBuilder::constant`]'s type checks would compare against
    /// placeholders. Only that the type and the operands exist is checked here; the caller
    /// checks the kind against the type and each global value's use against the type it is
    /// filled with.
    pub fn constant_filled_later(&mut self, ty: Type, kind: ConstKind) -> BuildResult<Value> {
        self.raw_ids = true;
        self.check_type("constant", ty)?;
        self.check_const_lists(&kind)?;
        let mut bad = None;
        kind.for_each_operand(&self.m.pools, |v| {
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
        self.raw_ids = true;
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

    /// Gives `site` (a function or a call filled in place) the attributes `attrs`;
    /// [`ModuleBuilder::finish`] forms the groups and lists of every site.
    pub fn set_attributes_filled(&mut self, site: AttrSite, attrs: &Attributes) {
        self.raw_ids = true;
        let set = self.attr_sets.intern(attrs);
        self.attr_sites.push((site, set));
    }

    /// The function-local metadata `wrappers` of function `f`, whose body was filled in
    /// place: the placeholder id of each, to use as a call argument of that body.
    /// [`ModuleBuilder::finish`] places them after the module's metadata (as it places those
    /// of [`super::FunctionBuilder::metadata_arg`]) and renumbers the arguments.
    pub fn local_metadata_filled(
        &mut self,
        f: Function,
        wrappers: Vec<(Type, ValueRef)>,
    ) -> BuildResult<Vec<Metadata>> {
        // The wrapped values belong to a body filled in place.
        self.raw_ids = true;
        if !self.m.functions.contains(f) {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("local metadata: {f} does not exist"),
            ));
        }
        for &(ty, _) in &wrappers {
            self.check_type("local metadata", ty)?;
        }
        let ids = (0..wrappers.len() as u32)
            .map(|k| Metadata(k | LOCAL_MD_TAG))
            .collect();
        if !wrappers.is_empty() {
            self.locals.push((f, wrappers));
        }
        Ok(ids)
    }
}
