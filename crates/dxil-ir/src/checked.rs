//! [`CheckedModule`]: a module whose ids were proven once, so that a consumer (the bitcode
//! writer) can index its arenas without running the id check again, and whose lookups
//! return values rather than `Option`s.

use core::ops::Deref;

use crate::{
    Alias, AliasData, Arg, ArgData, Block, BlockData, Body, Const, ConstData, Function,
    FunctionData, Global, GlobalVar, IdError, Inst, InstData, List, Metadata, MetadataData, Module,
    Name, PoolItem, Type, TypeData, ValueList, ValueRef,
};

/// The type of a value in a checked module: each case in which a value has no type of its
/// own is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// The value has this type.
    Typed(Type),
    /// The result of an instruction of `void` type (a call to a `void` function, a store, a
    /// branch): no value, no type.
    Void,
    /// Metadata used as a value (`metadata !N`) in a module whose type table has no
    /// `metadata` type.
    NoMetadataType,
}

impl ValueType {
    /// The type, for a typed value.
    pub fn ty(self) -> Option<Type> {
        match self {
            ValueType::Typed(t) => Some(t),
            ValueType::Void | ValueType::NoMetadataType => None,
        }
    }
}

/// A [`Module`] whose ids are proven and that cannot be changed while wrapped: every id it
/// holds names an entry of the arena it indexes ([`Module::check_ids`] passes). Made by
/// [`CheckedModule::new`], which runs the check, or by the builder
/// (`ModuleBuilder::finish_checked`), which checked every id at the call that gave it; read through
/// `Deref`; [`CheckedModule::into_inner`] gives the module back for editing.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedModule(Module);

impl CheckedModule {
    /// Runs the id check on `m` and wraps it when it passes; the error names the first id
    /// that names nothing.
    pub fn new(m: Module) -> Result<CheckedModule, IdError> {
        m.check_ids()?;
        Ok(CheckedModule(m))
    }

    /// Wraps a module whose every id its maker proved when it stored it (the builder checks
    /// each id at the call that hands it over, as the bitcode reader does per record), so
    /// that the whole-module pass would find nothing.
    pub(crate) fn proven(m: Module) -> CheckedModule {
        CheckedModule(m)
    }

    /// Wraps a module whose maker proved every id as it stored it, without the whole-module
    /// pass: for a reader outside this crate that checks each id of a record against what it
    /// has read or a count the input declared, and resolves or refuses every forward
    /// reference when its block ends (the bitcode reader). Builds with debug assertions run
    /// the pass anyway and panic when it finds an id that names nothing, a bug in the maker
    /// that its tests and fuzz targets are there to find; a maker that cannot make that claim
    /// calls [`CheckedModule::new`].
    pub fn proven_by_maker(m: Module) -> CheckedModule {
        debug_assert_eq!(m.check_ids(), Ok(()), "the maker's id proof is wrong");
        CheckedModule(m)
    }

    /// The module, for changes (which the check no longer covers).
    pub fn into_inner(self) -> Module {
        self.0
    }
}

/// Lookups that cannot miss: every id a checked module holds names an entry. They shadow the
/// `Option`-returning ones of [`Module`] (which code holding an unchecked module keeps).
///
/// # Panics
///
/// On an id that did not come from this module (another module's, or one made with a
/// checked constructor against a bound this module does not have), as indexing does.
impl CheckedModule {
    /// The data of type `ty`.
    pub fn ty(&self, ty: Type) -> &TypeData {
        &self.0.types[ty]
    }

    /// The data of constant `c`.
    pub fn constant(&self, c: Const) -> &ConstData {
        &self.0.constants[c]
    }

    /// The data of metadata `md`.
    pub fn md(&self, md: Metadata) -> &MetadataData {
        &self.0.metadata[md]
    }

    /// The list `r` of the module's pools.
    #[inline]
    pub fn list<T: crate::Pooled>(&self, r: crate::PoolRange<T>) -> &[T] {
        self.0.pools.held_list(r)
    }

    /// The debug-info record of a metadata payload.
    #[inline]
    pub fn record<'a, P: crate::DiPayload>(&'a self, p: &'a P) -> &'a P::Record {
        match p.record(&self.0.pools) {
            Some(r) => r,
            None => panic!("a debug-info record the module's pools do not hold"),
        }
    }

    /// The bytes `r` of the module's pools (a metadata string).
    #[inline]
    pub fn bytes(&self, r: crate::ByteRange) -> &[u8] {
        self.0.pools.held_list(r)
    }

    /// The global variable `g`.
    pub fn global(&self, g: Global) -> &GlobalVar {
        &self.0.globals[g]
    }

    /// The function `f`.
    pub fn function(&self, f: Function) -> &FunctionData {
        &self.0.functions[f]
    }

    /// The alias `a`.
    pub fn alias(&self, a: Alias) -> &AliasData {
        &self.0.aliases[a]
    }

    /// The text of name `n`.
    #[inline]
    pub fn name_str(&self, n: Name) -> &str {
        self.0.names.index(n)
    }

    /// The text of an optional name ([`CheckedModule::name_str`]).
    #[inline]
    pub fn name_of(&self, n: Option<Name>) -> Option<&str> {
        n.map(|n| self.name_str(n))
    }

    /// The body of function `f` (`None` for a declaration), with lookups that cannot miss.
    pub fn body(&self, f: Function) -> Option<CheckedBody<'_>> {
        let body = self.function(f).body.as_ref()?;
        Some(CheckedBody {
            m: self,
            func: f,
            body,
        })
    }

    /// The defined functions and their bodies, in order.
    pub fn bodies(&self) -> impl Iterator<Item = CheckedBody<'_>> {
        self.0
            .functions
            .iter_with_ids()
            .filter_map(move |(func, f)| {
                Some(CheckedBody {
                    m: self,
                    func,
                    body: f.body.as_ref()?,
                })
            })
    }

    /// The type of a module-level value, or of an argument or instruction of `body` (which
    /// must be given for them: see [`CheckedBody::value_type`]).
    ///
    /// # Panics
    ///
    /// On an argument or instruction without its body.
    pub fn value_type(&self, body: Option<&Body>, v: ValueRef) -> ValueType {
        let m = &self.0;
        let local = || body.expect("an argument or instruction has a type only in its body");
        match v {
            ValueRef::Global(g) => ValueType::Typed(m.globals[g].common.ty),
            ValueRef::Function(f) => ValueType::Typed(m.functions[f].common.ty),
            ValueRef::Alias(a) => ValueType::Typed(m.aliases[a].common.ty),
            ValueRef::Const(c) => ValueType::Typed(m.constants[c].ty),
            ValueRef::Arg(a) => ValueType::Typed(local().args[a].ty),
            ValueRef::Inst(i) => local().insts[i]
                .ty
                .map_or(ValueType::Void, ValueType::Typed),
            ValueRef::Metadata(_) => m
                .find_type(&TypeData::Metadata)
                .map_or(ValueType::NoMetadataType, ValueType::Typed),
        }
    }
}

/// A function body of a [`CheckedModule`], reached through it
/// ([`CheckedModule::body`], [`CheckedModule::bodies`]): its lookups return values. It
/// dereferences to the [`Body`].
#[derive(Clone, Copy, Debug)]
pub struct CheckedBody<'m> {
    m: &'m CheckedModule,
    func: Function,
    body: &'m Body,
}

impl<'m> CheckedBody<'m> {
    /// The function this body defines.
    pub fn function(&self) -> Function {
        self.func
    }

    /// The body.
    pub fn body(&self) -> &'m Body {
        self.body
    }

    /// The instruction `i`.
    pub fn inst(&self, i: Inst) -> &'m InstData {
        &self.body.insts[i]
    }

    /// The block `b`.
    pub fn block(&self, b: Block) -> &'m BlockData {
        &self.body.blocks[b]
    }

    /// The argument `a`.
    pub fn arg(&self, a: Arg) -> &'m ArgData {
        &self.body.args[a]
    }

    /// The elements of an operand list of this body (the id check proved its range).
    pub fn list<T: PoolItem>(&self, list: List<T>) -> &'m [T] {
        self.body.pool.list(list)
    }

    /// The values of a value list of this body.
    pub fn values(&self, list: ValueList) -> &'m [ValueRef] {
        self.body.pool.list(list)
    }

    /// The type of `v`, a module-level value or a value of this body.
    pub fn value_type(&self, v: ValueRef) -> ValueType {
        self.m.value_type(Some(self.body), v)
    }
}

impl Deref for CheckedBody<'_> {
    type Target = Body;

    fn deref(&self) -> &Body {
        self.body
    }
}

impl Deref for CheckedModule {
    type Target = Module;

    fn deref(&self) -> &Module {
        &self.0
    }
}

impl AsRef<Module> for CheckedModule {
    fn as_ref(&self) -> &Module {
        &self.0
    }
}

impl TryFrom<Module> for CheckedModule {
    type Error = IdError;

    fn try_from(m: Module) -> Result<CheckedModule, IdError> {
        CheckedModule::new(m)
    }
}
