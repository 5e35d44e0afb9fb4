//! [`ModuleBuilder`]: the module-level state (interning tables, symbol names, pending
//! definitions), global values (LangRef "Global Variables", "Functions", "Aliases"), and
//! [`ModuleBuilder::finish`].

use super::hash::{FastMap, FastSet};

use super::adopt::Adopted;
use super::attributes::{form_attribute_sets, AttrSite, AttributeSets, Attributes};
use super::error::{type_err, BuildError, BuildErrorKind, BuildResult};
use super::intern::{hash_of, Interner};
use super::kinds::MetadataKinds;
use super::typing::{pointee, type_name};
use super::Value;
use crate::{
    AliasData, CheckedModule, Function, FunctionData, Global, GlobalCommon, GlobalValue, GlobalVar,
    InstKind, Linkage, Metadata, MetadataData, Module, Name, SecondaryMap, Type, TypeData, UseList,
    ValueRef,
};

/// Tag bit of a function-local metadata placeholder id (placed after the module's metadata
/// by [`ModuleBuilder::finish`]).
pub(crate) const LOCAL_MD_TAG: u32 = 1 << 31;

/// Where a function is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FnState {
    Declared,
    Defining,
    Defined,
}

/// Properties of a global variable (MODULE_CODE_GLOBALVAR fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalOptions {
    /// Linkage.
    pub linkage: Linkage,
    /// Visibility: 0 default, 1 hidden, 2 protected.
    pub visibility: u8,
    /// DLL storage class: 0 default, 1 dllimport, 2 dllexport.
    pub dll_storage: u8,
    /// Thread-local mode: 0 not, 1 general dynamic, 2 localdynamic, 3 initialexec,
    /// 4 localexec.
    pub thread_local: u8,
    /// `unnamed_addr`.
    pub unnamed_addr: bool,
    /// Address space of the variable.
    pub addrspace: u32,
    /// `constant` rather than `global`.
    pub is_constant: bool,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// Alignment in bytes (0: none; otherwise a power of two).
    pub align: u64,
    /// Section name.
    pub section: Option<String>,
    /// Comdat (1-based index of [`ModuleBuilder::add_comdat`]'s result; 0 none).
    pub comdat: u32,
}

impl Default for GlobalOptions {
    fn default() -> Self {
        GlobalOptions {
            linkage: Linkage::External,
            visibility: 0,
            dll_storage: 0,
            thread_local: 0,
            unnamed_addr: false,
            addrspace: 0,
            is_constant: false,
            externally_initialized: false,
            align: 0,
            section: None,
            comdat: 0,
        }
    }
}

/// Properties of a function (MODULE_CODE_FUNCTION fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionOptions {
    /// Linkage.
    pub linkage: Linkage,
    /// Calling convention (0: C).
    pub calling_conv: u32,
    /// Visibility: 0 default, 1 hidden, 2 protected.
    pub visibility: u8,
    /// DLL storage class.
    pub dll_storage: u8,
    /// `unnamed_addr`.
    pub unnamed_addr: bool,
    /// Alignment in bytes (0: none; otherwise a power of two).
    pub align: u64,
    /// Section name.
    pub section: Option<String>,
    /// Garbage collector name.
    pub gc: Option<String>,
    /// Comdat (1-based; 0 none).
    pub comdat: u32,
    /// Function, return and parameter attributes.
    pub attributes: Attributes,
    /// Prefix data (a module-level value).
    pub prefix: Option<Value>,
    /// Prologue data (a module-level value).
    pub prologue: Option<Value>,
    /// Personality function (a module-level value).
    pub personality: Option<Value>,
}

impl Default for FunctionOptions {
    fn default() -> Self {
        FunctionOptions {
            linkage: Linkage::External,
            calling_conv: 0,
            visibility: 0,
            dll_storage: 0,
            unnamed_addr: false,
            align: 0,
            section: None,
            gc: None,
            comdat: 0,
            attributes: Attributes::default(),
            prefix: None,
            prologue: None,
            personality: None,
        }
    }
}

/// Properties of an alias (MODULE_CODE_ALIAS fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasOptions {
    /// Linkage.
    pub linkage: Linkage,
    /// Visibility.
    pub visibility: u8,
    /// DLL storage class.
    pub dll_storage: u8,
    /// Thread-local mode.
    pub thread_local: u8,
    /// `unnamed_addr`.
    pub unnamed_addr: bool,
}

impl Default for AliasOptions {
    fn default() -> Self {
        AliasOptions {
            linkage: Linkage::External,
            visibility: 0,
            dll_storage: 0,
            thread_local: 0,
            unnamed_addr: false,
        }
    }
}

/// Builds a [`Module`]: interns types, constants and metadata, declares global values,
/// registers metadata kinds, and hands out [`super::FunctionBuilder`]s for definitions.
#[derive(Debug)]
pub struct ModuleBuilder {
    pub(crate) m: Module,
    pub(crate) type_index: Interner,
    /// Ids of `void`, `label` and `metadata` once interned.
    pub(crate) prim_types: [Option<Type>; 3],
    /// Identified structs by name (ids of the type arena, compared by the name they hold).
    pub(crate) struct_names: Interner,
    pub(crate) const_index: Interner,
    pub(crate) md_index: Interner,
    /// Distinct nodes reserved and not yet defined.
    pub(crate) md_reserved: FastSet<u32>,
    /// Module symbols: indexes into `name_list` by name (compared against the name the
    /// global value holds, so that each name is stored once).
    pub(crate) names: Interner,
    pub(crate) name_list: Vec<GlobalValue>,
    pub(crate) kinds: MetadataKinds,
    pub(crate) sections: FastMap<String, u32>,
    pub(crate) gcs: FastMap<String, u32>,
    /// Attribute sites: what holds the attributes and their index in `attr_sets`.
    pub(crate) attr_sites: Vec<(AttrSite, u32)>,
    pub(crate) attr_sets: AttributeSets,
    pub(crate) fn_state: Vec<FnState>,
    /// Function-local metadata per finished body: (type, value) of each wrapper.
    pub(crate) locals: Vec<(Function, Vec<(Type, ValueRef)>)>,
    /// Whether each alias has its aliasee; aliases the builder did not make (filled in
    /// place, adopted) read as set, the map's default.
    pub(crate) alias_set: SecondaryMap<crate::Alias, bool>,
    /// What [`ModuleBuilder::from_module`] set aside (`None` for a new module).
    pub(crate) adopted: Option<Box<Adopted>>,
    /// Ids were stored that no call checked (an adopted module, entities filled in place, a
    /// `blockaddress` whose block may come later): [`ModuleBuilder::finish`] runs the
    /// whole-module id check. Otherwise every id was checked by the call that handed it
    /// over and the check is skipped (as the bitcode reader skips it).
    pub(crate) raw_ids: bool,
}

impl Default for ModuleBuilder {
    fn default() -> Self {
        ModuleBuilder::new()
    }
}

/// The encoded alignment field: log2(align) + 1, 0 for none (LLVM 3.7 writer).
pub(crate) fn align_field(what: &str, align: u64) -> BuildResult<u8> {
    if align == 0 {
        return Ok(0);
    }
    if !align.is_power_of_two() || align > 1 << 29 {
        return Err(BuildError::new(
            BuildErrorKind::Unsupported,
            format!("{what}: alignment {align} is not a power of two up to 2^29"),
        ));
    }
    Ok(align.trailing_zeros() as u8 + 1)
}

impl ModuleBuilder {
    /// An empty module with LLVM 3.7's fixed metadata kinds registered.
    pub fn new() -> Self {
        ModuleBuilder {
            m: Module {
                version: 1,
                ..Module::default()
            },
            type_index: Interner::default(),
            prim_types: [None; 3],
            struct_names: Interner::default(),
            const_index: Interner::default(),
            md_index: Interner::default(),
            md_reserved: FastSet::default(),
            names: Interner::default(),
            name_list: Vec::new(),
            kinds: MetadataKinds::new(),
            sections: FastMap::default(),
            gcs: FastMap::default(),
            attr_sites: Vec::new(),
            attr_sets: AttributeSets::default(),
            fn_state: Vec::new(),
            locals: Vec::new(),
            alias_set: SecondaryMap::with_default(true),
            adopted: None,
            raw_ids: false,
        }
    }

    /// The module built so far (for reading types and values back).
    pub fn module(&self) -> &Module {
        &self.m
    }

    /// Asks the bitcode writer for LLVM's use-list-order option (`ShouldPreserveUseListOrder`,
    /// DXC's setting for `ILDB` parts): constants are written in first-use order, not grouped
    /// by type. Layout only; the module's content is the same either way.
    pub fn preserve_use_list_order(&mut self, on: bool) {
        self.m.preserve_use_list_order = on;
    }

    /// `target triple = "..."` (MODULE_CODE_TRIPLE).
    pub fn set_triple(&mut self, triple: &str) {
        self.m.triple = Some(self.m.intern(triple));
    }

    /// `target datalayout = "..."` (MODULE_CODE_DATALAYOUT).
    pub fn set_datalayout(&mut self, layout: &str) {
        self.m.datalayout = Some(self.m.intern(layout));
    }

    /// Module inline assembly (MODULE_CODE_ASM).
    pub fn set_asm(&mut self, asm: &str) {
        self.m.asm = Some(asm.to_string());
    }

    /// A dependent library (MODULE_CODE_DEPLIB).
    pub fn add_deplib(&mut self, lib: &str) {
        let lib = self.m.intern(lib);
        self.m.deplibs.push(lib);
    }

    /// A comdat (MODULE_CODE_COMDAT: selection kind, name); returns its 1-based index.
    pub fn add_comdat(&mut self, selection: u64, name: &str) -> u32 {
        let name = self.m.intern(name);
        self.m.comdats.push((selection, name));
        self.m.comdats.len() as u32
    }

    /// A module-level use-list record, kept as data (USELIST_CODE_DEFAULT / _BB: absolute
    /// value ids as LLVM numbers them; not checked here).
    pub fn add_use_list(&mut self, list: UseList) {
        self.m.uselists.push(list);
    }

    /// The id of metadata kind `name`, registered when new (`LLVMContext::getMDKindID`).
    pub fn metadata_kind(&mut self, name: &str) -> u32 {
        self.kinds.get_or_insert(name)
    }

    fn claim_name(&mut self, name: Option<&str>, g: GlobalValue) -> BuildResult<Option<Name>> {
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            return Ok(None);
        };
        let h = hash_of(name);
        if self.find_name(h, name).is_some() {
            return Err(BuildError::new(
                BuildErrorKind::Duplicate,
                format!("the name @{name} is already taken"),
            ));
        }
        self.add_name(h, g);
        Ok(Some(self.m.intern(name)))
    }

    /// Records the name of `g` (hash `h`, not taken). Lookups compare against the name `g`
    /// holds, so an entry whose global value was never pushed (a later check failed) matches
    /// only the value that takes its id under that same name.
    pub(crate) fn add_name(&mut self, h: u64, g: GlobalValue) {
        self.names.insert(h, self.name_list.len() as u32);
        self.name_list.push(g);
    }

    /// The global value holding module symbol `name` (hash `h`).
    fn find_name(&self, h: u64, name: &str) -> Option<GlobalValue> {
        let (list, m) = (&self.name_list, &self.m);
        let i = self
            .names
            .find(h, |i| m.global_name(list[i as usize]) == Some(name))?;
        Some(list[i as usize])
    }

    /// The global value holding module symbol `name`.
    pub(crate) fn named(&self, name: &str) -> Option<GlobalValue> {
        self.find_name(hash_of(name), name)
    }

    /// The global value named `name`.
    pub fn lookup(&self, name: &str) -> Option<Value> {
        let g = self.named(name)?;
        let ty = match g {
            GlobalValue::Global(x) => self.m.globals[x].common.ty,
            GlobalValue::Function(x) => self.m.functions[x].common.ty,
            GlobalValue::Alias(x) => self.m.aliases[x].common.ty,
        };
        Some(Value::new(g.into(), Some(ty), None))
    }

    pub(crate) fn section(&mut self, name: Option<&str>) -> u32 {
        let Some(name) = name else { return 0 };
        if let Some(&i) = self.sections.get(name) {
            return i;
        }
        let n = self.m.intern(name);
        self.m.section_names.push(n);
        let i = self.m.section_names.len() as u32;
        self.sections.insert(name.to_string(), i);
        i
    }

    pub(crate) fn gc(&mut self, name: Option<&str>) -> u32 {
        let Some(name) = name else { return 0 };
        if let Some(&i) = self.gcs.get(name) {
            return i;
        }
        let n = self.m.intern(name);
        self.m.gc_names.push(n);
        let i = self.m.gc_names.len() as u32;
        self.gcs.insert(name.to_string(), i);
        i
    }

    fn check_comdat(&self, what: &str, comdat: u32) -> BuildResult<()> {
        if comdat as usize > self.m.comdats.len() {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("{what}: comdat {comdat} does not exist"),
            ));
        }
        Ok(())
    }

    /// Whether `r` names a module-level value of this builder (a value of another builder
    /// may hold any id).
    #[inline]
    pub(crate) fn holds(&self, r: ValueRef) -> bool {
        let m = &self.m;
        match r {
            ValueRef::Global(g) => g.index() < m.globals.len(),
            ValueRef::Function(f) => f.index() < m.functions.len(),
            ValueRef::Alias(a) => a.index() < m.aliases.len(),
            ValueRef::Const(c) => c.index() < m.constants.len(),
            ValueRef::Metadata(md) => md.0 & LOCAL_MD_TAG == 0 && md.index() < m.metadata.len(),
            ValueRef::Arg(_) | ValueRef::Inst(_) => false,
        }
    }

    /// A module-level value (not an argument or instruction) for `what`.
    pub(crate) fn module_value(&self, what: &str, v: Value) -> BuildResult<(ValueRef, Type)> {
        match (v.func, v.ty) {
            (None, Some(ty)) if self.holds(v.r) && self.m.types.contains(ty) => Ok((v.r, ty)),
            _ => Err(self.module_value_error(what, v)),
        }
    }

    /// Why [`ModuleBuilder::module_value`] refused `v`.
    #[cold]
    #[inline(never)]
    fn module_value_error(&self, what: &str, v: Value) -> BuildError {
        if v.func.is_some() {
            return BuildError::new(
                BuildErrorKind::Foreign,
                format!("{what}: a function-local value cannot be used at module level"),
            );
        }
        if v.ty.is_none() {
            return type_err(format!("{what}: the value has no type"));
        }
        BuildError::new(
            BuildErrorKind::Dangling,
            format!("{what}: {:?} names nothing in this builder", v.r),
        )
    }

    /// A global variable of value type `value_ty` (a declaration until
    /// [`ModuleBuilder::set_initializer`]); the value is its pointer. `name: None` makes an
    /// unnamed global; a taken name is an error.
    pub fn add_global(
        &mut self,
        name: Option<&str>,
        value_ty: Type,
        opts: &GlobalOptions,
    ) -> BuildResult<Value> {
        self.check_type("global", value_ty)?;
        self.check_comdat("global", opts.comdat)?;
        let align_log2p1 = align_field("global", opts.align)?;
        let id = Global(self.m.globals.len() as u32);
        let name = self.claim_name(name, GlobalValue::Global(id))?;
        let ty = self.pointer(value_ty, opts.addrspace)?;
        let section = self.section(opts.section.as_deref());
        let long = opts.thread_local != 0
            || opts.visibility != 0
            || opts.unnamed_addr
            || opts.externally_initialized
            || opts.dll_storage != 0
            || opts.comdat != 0;
        self.m.globals.push(GlobalVar {
            common: GlobalCommon {
                name,
                ty,
                linkage: opts.linkage.code(),
                visibility: opts.visibility,
                dll_storage: opts.dll_storage,
                thread_local: opts.thread_local,
                unnamed_addr: opts.unnamed_addr,
                comdat: opts.comdat,
            },
            value_ty,
            addrspace: opts.addrspace,
            is_constant: opts.is_constant,
            explicit_type: true,
            initializer: None,
            align_log2p1,
            section,
            externally_initialized: opts.externally_initialized,
            record_len: if long { 12 } else { 6 },
        });
        self.m.global_values.push(GlobalValue::Global(id));
        Ok(Value::new(ValueRef::Global(id), Some(ty), None))
    }

    /// Sets the initializer of a global variable (once); its type must be the value type.
    pub fn set_initializer(&mut self, global: Global, init: Value) -> BuildResult<()> {
        let (r, ty) = self.module_value("initializer", init)?;
        let Some(g) = self.m.globals.get(global) else {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("initializer: {global} does not exist"),
            ));
        };
        if g.initializer.is_some() {
            return Err(BuildError::new(
                BuildErrorKind::Redefinition,
                format!("initializer: {global} already has one"),
            ));
        }
        if ty != g.value_ty {
            return Err(type_err(format!(
                "initializer: has type {}, expected {}",
                type_name(&self.m.types, ty),
                type_name(&self.m.types, g.value_ty)
            )));
        }
        self.m.globals[global].initializer = Some(r);
        Ok(())
    }

    /// Declares function `name` of function type `fn_ty`, or returns the function already
    /// declared under that name when it has that type (its options stay as first given);
    /// another type under the name is a [`BuildErrorKind::Duplicate`] error. `name: None`
    /// always declares a new unnamed function.
    pub fn declare_function(
        &mut self,
        name: Option<&str>,
        fn_ty: Type,
        opts: &FunctionOptions,
    ) -> BuildResult<Value> {
        let name = name.filter(|n| !n.is_empty());
        let hash = name.map(hash_of);
        if let (Some(n), Some(h)) = (name, hash) {
            if let Some(g) = self.find_name(h, n) {
                return match g {
                    GlobalValue::Function(f) if self.m.functions[f].fn_ty == fn_ty => {
                        let ty = self.m.functions[f].common.ty;
                        Ok(Value::new(ValueRef::Function(f), Some(ty), None))
                    }
                    _ => Err(BuildError::new(
                        BuildErrorKind::Duplicate,
                        format!("function @{n}: the name is taken by a value of another type"),
                    )),
                };
            }
        }
        let params = match self.m.ty(fn_ty) {
            Some(TypeData::Function { params, .. }) => params.len(),
            _ => {
                return Err(type_err(format!(
                    "function: {} is not a function type",
                    type_name(&self.m.types, fn_ty)
                )))
            }
        };
        if opts.attributes.params.len() > params {
            return Err(BuildError::new(
                BuildErrorKind::Arity,
                format!(
                    "function: attributes for {} parameters, the type has {params}",
                    opts.attributes.params.len()
                ),
            ));
        }
        self.check_comdat("function", opts.comdat)?;
        let align_log2p1 = align_field("function", opts.align)?;
        let mut extra = [None; 3];
        for (slot, v) in extra
            .iter_mut()
            .zip([opts.prefix, opts.prologue, opts.personality])
        {
            if let Some(v) = v {
                *slot = Some(self.module_value("function", v)?.0);
            }
        }
        let id = Function(self.m.functions.len() as u32);
        // (The name was looked up above and is free.)
        let name = match (name, hash) {
            (Some(n), Some(h)) => {
                self.add_name(h, GlobalValue::Function(id));
                Some(self.m.intern(n))
            }
            _ => None,
        };
        let ty = self.pointer(fn_ty, 0)?;
        let mut f = FunctionData::declaration(
            GlobalCommon {
                name,
                ty,
                linkage: opts.linkage.code(),
                visibility: opts.visibility,
                dll_storage: opts.dll_storage,
                thread_local: 0,
                unnamed_addr: opts.unnamed_addr,
                comdat: opts.comdat,
            },
            fn_ty,
            16,
        );
        f.calling_conv = opts.calling_conv;
        f.align_log2p1 = align_log2p1;
        f.section = self.section(opts.section.as_deref());
        f.gc = self.gc(opts.gc.as_deref());
        [f.prefix, f.prologue, f.personality] = extra;
        self.m.functions.push(f);
        self.fn_state.push(FnState::Declared);
        if !opts.attributes.is_empty() {
            let set = self.attr_sets.intern(&opts.attributes);
            self.attr_sites.push((AttrSite::Function(id), set));
        }
        self.m.global_values.push(GlobalValue::Function(id));
        Ok(Value::new(ValueRef::Function(id), Some(ty), None))
    }

    /// Sets the prefix data, prologue data and personality function of `f` (module-level
    /// values; for constants that refer to functions declared after `f`).
    pub fn set_function_constants(
        &mut self,
        f: Function,
        prefix: Option<Value>,
        prologue: Option<Value>,
        personality: Option<Value>,
    ) -> BuildResult<()> {
        let mut extra = [None; 3];
        for (slot, v) in extra.iter_mut().zip([prefix, prologue, personality]) {
            if let Some(v) = v {
                *slot = Some(self.module_value("function", v)?.0);
            }
        }
        let Some(func) = self.m.functions.get_mut(f) else {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("function constants: {f} does not exist"),
            ));
        };
        [func.prefix, func.prologue, func.personality] = extra;
        Ok(())
    }

    /// Attaches `md` to function `f` under kind `kind` (a function-level METADATA_ATTACHMENT).
    pub fn attach_function(&mut self, f: Function, kind: u32, md: Metadata) -> BuildResult<()> {
        self.check_kind("function attachment", kind)?;
        self.check_md("function attachment", md)?;
        let Some(func) = self.m.functions.get_mut(f) else {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("function attachment: {f} does not exist"),
            ));
        };
        func.attachments.push((kind, md));
        Ok(())
    }

    pub(crate) fn check_kind(&self, what: &str, kind: u32) -> BuildResult<()> {
        if self.kinds.contains_id(kind) {
            Ok(())
        } else {
            Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("{what}: metadata kind {kind} is not registered"),
            ))
        }
    }

    /// An alias named `name` of pointer type `ty`; its aliasee is set by
    /// [`ModuleBuilder::set_aliasee`] (so aliases and the constants that refer to them can
    /// be built in any order).
    pub fn add_alias(
        &mut self,
        name: Option<&str>,
        ty: Type,
        opts: &AliasOptions,
    ) -> BuildResult<Value> {
        if pointee(&self.m.types, ty).is_none() {
            return Err(type_err(format!(
                "alias: {} is not a pointer type",
                type_name(&self.m.types, ty)
            )));
        }
        let id = crate::Alias(self.m.aliases.len() as u32);
        let name = self.claim_name(name, GlobalValue::Alias(id))?;
        self.m.aliases.push(AliasData {
            common: GlobalCommon {
                name,
                ty,
                linkage: opts.linkage.code(),
                visibility: opts.visibility,
                dll_storage: opts.dll_storage,
                thread_local: opts.thread_local,
                unnamed_addr: opts.unnamed_addr,
                comdat: 0,
            },
            aliasee: ValueRef::Alias(id),
            record_len: 7,
        });
        self.alias_set[id] = false;
        self.m.global_values.push(GlobalValue::Alias(id));
        Ok(Value::new(ValueRef::Alias(id), Some(ty), None))
    }

    /// Sets the aliasee of `alias` (once): a module-level value of the alias's type.
    pub fn set_aliasee(&mut self, alias: crate::Alias, aliasee: Value) -> BuildResult<()> {
        let (r, ty) = self.module_value("aliasee", aliasee)?;
        let Some(a) = self.m.aliases.get(alias) else {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("aliasee: {alias} does not exist"),
            ));
        };
        // Aliases filled in place (`entities`) are not tracked: they come with their aliasee.
        if self.alias_set[alias] {
            return Err(BuildError::new(
                BuildErrorKind::Redefinition,
                format!("aliasee: {alias} already has one"),
            ));
        }
        if ty != a.common.ty {
            return Err(type_err(format!(
                "aliasee: has type {}, expected {}",
                type_name(&self.m.types, ty),
                type_name(&self.m.types, a.common.ty)
            )));
        }
        if let Some(set) = self.alias_set.get_mut(alias) {
            *set = true;
        }
        self.m.aliases[alias].aliasee = r;
        Ok(())
    }

    /// Runs the end-of-module steps and returns the module: attribute groups and lists in
    /// LLVM's enumeration order, the metadata kind table, the function-local metadata placed
    /// after the module's, the `metadata` type LLVM 3.7 always enumerates, and the id check.
    /// A definition not finished, an alias without aliasee or a reserved distinct node never
    /// defined is an error.
    pub fn finish(self) -> BuildResult<Module> {
        self.finish_checked().map(CheckedModule::into_inner)
    }

    /// [`ModuleBuilder::finish`], returning the module as proven by its id check, for
    /// consumers that skip their own (`dxil_bitcode::write_checked`).
    pub fn finish_checked(mut self) -> BuildResult<CheckedModule> {
        for (i, s) in self.fn_state.iter().enumerate() {
            if *s == FnState::Defining {
                return Err(BuildError::new(
                    BuildErrorKind::Terminator,
                    format!("function {}: definition not finished", Function(i as u32)),
                ));
            }
        }
        if let Some((a, _)) = self.alias_set.iter().find(|(_, set)| !**set) {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("{a}: no aliasee"),
            ));
        }
        if let Some(md) = self.md_reserved.iter().min() {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("metadata !{md} reserved and never defined"),
            ));
        }
        if let Some((sites, sets)) = self.attribute_sites()? {
            form_attribute_sets(&mut self.m, sites, sets);
        }
        self.m.metadata_kinds = self.kinds.take_table();
        self.intern_type(TypeData::Metadata)?;
        self.m.module_metadata_count = self.m.metadata.len() as u32;
        self.place_adopted();
        self.place_local_metadata()?;
        // Every id was checked by the call that stored it, unless some came in raw; builds
        // with debug assertions (tests, fuzzing) run the check anyway to keep that proven.
        if !self.raw_ids && !cfg!(debug_assertions) {
            return Ok(CheckedModule::proven(self.m));
        }
        CheckedModule::new(self.m).map_err(|e| {
            BuildError::new(
                BuildErrorKind::Dangling,
                format!("the built module holds an id that names nothing: {e}"),
            )
        })
    }

    /// Appends each body's function-local metadata after the module's and points the call
    /// arguments at them.
    fn place_local_metadata(&mut self) -> BuildResult<()> {
        for (f, list) in std::mem::take(&mut self.locals) {
            let base = self.m.metadata.len() as u32;
            let ids: Vec<Metadata> = list
                .into_iter()
                .map(|(ty, value)| self.m.metadata.push(MetadataData::Value { ty, value }))
                .collect();
            let Some(body) = self.m.functions[f].body.as_mut() else {
                continue;
            };
            for inst in body.insts.iter() {
                if let InstKind::Call { args, .. } | InstKind::Invoke { args, .. } = inst.kind {
                    for a in body.pool.list_mut(args) {
                        if let ValueRef::Metadata(Metadata(x)) = a {
                            if *x & LOCAL_MD_TAG != 0 {
                                *x = base + (*x & !LOCAL_MD_TAG);
                            }
                        }
                    }
                }
            }
            body.local_metadata = ids;
        }
        Ok(())
    }
}
