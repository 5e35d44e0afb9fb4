//! The in-memory DXIL module: an LLVM 3.7 module held in arenas with typed `u32` ids.
//!
//! Layout:
//! - [`Module::types`] is the TYPE_BLOCK in bitcode order; [`Type`] is the bitcode type id.
//! - Global values live in [`Module::globals`], [`Module::functions`], [`Module::aliases`];
//!   [`Module::global_values`] keeps the interleaved record order, which is the start of
//!   LLVM's value numbering.
//! - Constants share one arena, [`Module::constants`]; the module constants block is
//!   [`Module::module_constants`] (in the order read) and each body has its own run
//!   ([`Body::constants`]).
//! - Metadata share one arena, [`Module::metadata`]: module-level metadata first (arena
//!   index = bitcode metadata id), then each function's local metadata ([`Body::local_metadata`]).
//! - Lists and byte strings of metadata and constants (node and named metadata operands,
//!   DWARF expressions, `!"..."` strings, aggregates, expression operands, wide integers,
//!   data arrays, constant strings, inline assembly) and the larger debug-info records live
//!   in [`Module::pools`], one vector per element type, so that decoding allocates per pool
//!   rather than per list. An entry names them by a [`PoolRange`] or a [`PoolRef`], whose
//!   numbers are private to this crate as ids' are. Read them with [`Module::list`],
//!   [`Module::bytes`] and [`Module::record`] (a range the pools do not hold reads as empty
//!   or `None`; [`CheckedModule`]'s versions index, the id check having proven every
//!   range); make them with [`Pools::push`], [`Pools::try_collect`] (readers: straight from
//!   the record) and [`Pools::add`], or the builder's `push_list`, `md_list` and
//!   `md_record`.
//! - Operands are [`ValueRef`]s; `Arg` and `Inst` are local to the enclosing body. Results of
//!   `void` type have `ty: None` and take no value number (they get no `%N` slot).
//! - Operand lists of variable length (call and invoke arguments, GEP operands, phi and switch
//!   edges, indirectbr destinations, aggregate indices, landingpad clauses) live in the
//!   body's [`OperandPool`] ([`Body::pool`], one vector per element type, only appended to);
//!   the instruction holds a `Copy` range ([`ValueList`], [`EdgeList`], [`BlockList`],
//!   [`IndexList`], [`ClauseList`]: a [`List`] of that element type), read with
//!   [`Body::list`] or [`Body::values`] and changed in place with [`Body::list_mut`]. Decoding
//!   a body so makes a few growing vectors instead of one allocation per instruction. The
//!   id check proves every range lies in its pool ([`IdSpace::OperandList`]). A list belongs
//!   to one instruction: one copied within a body gets its lists copied
//!   ([`OperandPool::push_copy`]), or a change through one would reach the other.
//! - Names from the value symbol tables are stored on the entities; the record order of the
//!   tables is kept too ([`Module::symtab`], [`Body::symtab`]). A name is a [`Name`], a
//!   4-byte handle into the module's one text buffer, [`Module::names`] (so are the names of
//!   named metadata, sections, GC names, comdats, dependent libraries, the triple and the
//!   data layout): [`Module::name_str`] and [`Module::name_of`] read one (on a
//!   [`CheckedModule`], whose check proved every handle, without a fallback),
//!   [`Module::intern`] adds one. Names are not deduplicated.
//!
//! Bitcode value ids as read: [`Module::global_values`] (ids `0..G`), then
//! [`Module::module_constants`]; inside a body, the arguments, then [`Body::constants`], then
//! the instructions whose `ty` is `Some`, in arena order. Bitcode metadata ids: arena indexes
//! `0..module_metadata_count`, then [`Body::local_metadata`] of the body being read.
//! Instruction ids in METADATA_ATTACHMENT are [`Inst`] indexes (all instructions count).
//!
//! Guarantees of modules from `dxil_bitcode::read_module` (hostile input included): every id
//! is in range, and every pool range and record in the pools; the type graph has no cycle
//! except through identified structs (and none by value); constants do not reference themselves through other constants. The readers
//! (`dxil_bitcode::read_module`, `dxil_asm::parse_module`, and `dxil::read_module` and
//! `dxil::parse_text` over them) return a [`CheckedModule`]: the id part is proven, by one
//! pass, [`check`] ([`Module::check_ids`]), or by the maker as it stores each id. The bitcode
//! reader checks each id as it reads its record ([`CheckedModule::proven_by_maker`]), the
//! builder each id at the call that hands it over (`finish_checked`, which the text parser
//! ends with), and both run the pass only in builds with debug assertions (their tests and
//! fuzz targets assert that what they accept passes; the builder runs it always when it
//! took ids it did not check: an adopted module, entities filled in place). The bitcode
//! writer trusts a [`CheckedModule`] (`write_checked`) and runs the pass on any other.
//!
//! A [`CheckedModule`] dereferences to its [`Module`], so code that reads a `&Module` takes
//! it as it is; its own lookups return values, not `Option`s: [`CheckedModule::ty`],
//! [`CheckedModule::constant`], [`CheckedModule::md`], [`CheckedModule::global`],
//! [`CheckedModule::function`], [`CheckedModule::alias`], and through
//! [`CheckedModule::body`] a [`CheckedBody`]'s instructions, blocks and arguments.
//! [`CheckedModule::value_type`] answers with a [`ValueType`], which names the cases in
//! which a value has no type of its own (a `void` result; metadata in a module without the
//! `metadata` type). [`Module`]'s lookups of the same names return `Option`, for code that
//! holds a module nothing has proven (the builder, the check itself). Each arena is an
//! [`Arena`] indexed by its typed id; a table of one value per entry is a [`SecondaryMap`]
//! keyed by that id, and an optional id or number in 4 bytes a [`PackedOption`].
//!
//! # Ids
//!
//! An id ([`Type`], [`Global`], [`Function`], [`Alias`], [`Const`], [`Metadata`], [`Block`],
//! [`Inst`], [`Arg`]) is a `u32` index whose number is private to this crate: no other crate
//! can write one down. Other crates get ids from the arena that owns the entry
//! ([`Arena::push`], [`Arena::next_id`], [`Arena::ids`], [`Arena::iter_with_ids`],
//! [`Arena::id_of`] for a position that holds an entry, [`Arena::retain_renumbered`] after
//! removing entries), from the builder, or, for a reader that meets a reference before the
//! entry it names, from the checked constructor `checked(raw, bound)` (for example
//! [`Type::checked`]), which refuses a number at or past the bound the reader knows (a
//! declared count) with an [`IdError`]. [`Type::index`] and [`Type::as_u32`] read the number
//! back. So every id a module holds was handed out for it or proved against a bound, and
//! [`check`] proves the rest once.
//!
//! ```compile_fail
//! // The index is private: an id cannot be made from a number outside `dxil-ir`.
//! let t = dxil_ir::Type(3);
//! ```
//!
//! ```
//! use dxil_ir::{Arena, IdSpace, Type, TypeData};
//! // From the arena that owns the entry.
//! let mut types: Arena<Type, TypeData> = Arena::new();
//! let i32t = types.push(TypeData::Int(32));
//! assert_eq!(types.id_of(0), Some(i32t));
//! assert_eq!(types.id_of(1), None);
//! // From a number in the input, for a table that declared 5 entries.
//! let t = Type::checked(3, 5).unwrap();
//! assert_eq!(t.index(), 3);
//! let e = Type::checked(5, 5).unwrap_err();
//! assert_eq!((e.space, e.id), (IdSpace::Type, 5));
//! ```
//!
//! Stability: additions are fine; breaking changes are announced here.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod arena;
mod attachments;
mod attributes;
mod body;
pub mod build;
pub mod check;
mod checked;
mod constants;
mod di;
mod entity_map;
mod half;
mod ids;
mod instructions;
mod keywords;
mod lists;
mod metadata;
mod names;
mod pool;
mod types;
mod values;

pub use arena::{Arena, EntityId, Packable};
pub use attributes::{attr_kind_name, Attribute, AttributeGroup, AttributeList};
pub use body::{ArgData, BlockData, Body, UseList, VstEntry};
pub use build::hash::{FastHasher, FastMap, FastSet};
pub use check::{IdError, IdSite, IdSpace};
pub use checked::{CheckedBody, CheckedModule, ValueType};
pub use constants::{ConstData, ConstKind};
pub use di::{DiFieldInfo, DiKind, DiRecordInfo, DiShow, DI_RECORDS, DW_TAG_AUTO_VARIABLE};
pub use entity_map::{PackedOption, SecondaryMap};
pub use half::{f32_to_half, half_bits, half_to_f32};
pub use ids::{Alias, Arg, Block, Const, Function, Global, Inst, Metadata, Type};
pub use instructions::{Atomic, BinOp, CastOp, DebugLoc, FastMath, InstData, InstKind};
pub use keywords::{
    CallingConv, FixedMetadataKind, FloatPredicate, IntPredicate, Ordering, Predicate, RmwOp,
    SyncScope,
};
pub use lists::{
    BlockList, ClauseList, EdgeList, IndexList, List, ListStart, OperandPool, PoolItem, ValueList,
};
pub use metadata::*;
pub use names::{Name, NameBuf, Names, NamesFull};
pub use pool::{
    ByteRange, DiPayload, MdIdRange, MdRange, PoolRange, PoolRef, Pooled, Pools, ValueRange,
    WordRange,
};
pub use types::{StructType, TypeData};
pub use values::{
    decode_linkage, AliasData, FunctionData, GlobalCommon, GlobalVar, Linkage, LinkageCode,
    ValueRef,
};

/// A global value in module record order (the first value ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GlobalValue {
    /// MODULE_CODE_GLOBALVAR.
    Global(Global),
    /// MODULE_CODE_FUNCTION.
    Function(Function),
    /// MODULE_CODE_ALIAS.
    Alias(Alias),
}

impl From<GlobalValue> for ValueRef {
    fn from(g: GlobalValue) -> ValueRef {
        match g {
            GlobalValue::Global(x) => ValueRef::Global(x),
            GlobalValue::Function(x) => ValueRef::Function(x),
            GlobalValue::Alias(x) => ValueRef::Alias(x),
        }
    }
}

/// An LLVM 3.7 module (the MODULE_BLOCK of a DXIL or ILDB part).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Module {
    /// MODULE_CODE_VERSION (1: relative value ids).
    pub version: u64,
    /// The text of every [`Name`] the module holds ([`Module::name_str`] reads one,
    /// [`Module::intern`] adds one).
    pub names: Names,
    /// MODULE_CODE_TRIPLE.
    pub triple: Option<Name>,
    /// MODULE_CODE_DATALAYOUT.
    pub datalayout: Option<Name>,
    /// MODULE_CODE_ASM (module inline assembly).
    pub asm: Option<String>,
    /// MODULE_CODE_SECTIONNAME records in order (globals and functions refer to them 1-based).
    pub section_names: Vec<Name>,
    /// MODULE_CODE_GCNAME records in order (functions refer to them 1-based).
    pub gc_names: Vec<Name>,
    /// MODULE_CODE_DEPLIB records in order.
    pub deplibs: Vec<Name>,
    /// MODULE_CODE_COMDAT records: (selection kind, name).
    pub comdats: Vec<(u64, Name)>,
    /// The type table.
    pub types: Arena<Type, TypeData>,
    /// The TYPE_CODE_NUMENTRY value, when present.
    pub type_count_hint: Option<u64>,
    /// PARAMATTR_GROUP_BLOCK entries in record order.
    pub attribute_groups: Vec<AttributeGroup>,
    /// PARAMATTR_BLOCK entries in record order (referred to 1-based).
    pub attribute_lists: Vec<AttributeList>,
    /// Global variables in record order.
    pub globals: Arena<Global, GlobalVar>,
    /// Functions in record order.
    pub functions: Arena<Function, FunctionData>,
    /// Aliases in record order.
    pub aliases: Arena<Alias, AliasData>,
    /// All global values in record order.
    pub global_values: Vec<GlobalValue>,
    /// Constant arena (module constants first, then each body's).
    pub constants: Arena<Const, ConstData>,
    /// The module constants block in the order read.
    pub module_constants: Vec<Const>,
    /// Metadata arena.
    pub metadata: Arena<Metadata, MetadataData>,
    /// The lists, byte strings and debug-info records of metadata and constants, referred
    /// to by [`PoolRange`]s and [`PoolRef`]s; read them with [`Module::list`],
    /// [`Module::bytes`] and [`Module::record`].
    pub pools: Pools,
    /// Number of module-level metadata (ids `0..module_metadata_count`).
    pub module_metadata_count: u32,
    /// Named metadata in record order.
    pub named_metadata: Vec<NamedMetadata>,
    /// The metadata kind table in record order.
    pub metadata_kinds: Vec<MetadataKind>,
    /// Module value symbol table entries in record order.
    pub symtab: Vec<VstEntry>,
    /// Module-level use-list records.
    pub uselists: Vec<UseList>,
    /// The bitcode writer's use-list-order option (LLVM's `ShouldPreserveUseListOrder`) as
    /// the module's maker asked for it: constants keep their first-use order. Read from
    /// bitcode it is false, since the option shows only in the constant order the reader
    /// keeps, from which the writer infers it.
    pub preserve_use_list_order: bool,
}

impl Module {
    /// The data of type `ty`.
    pub fn ty(&self, ty: Type) -> Option<&TypeData> {
        self.types.get(ty)
    }

    /// The data of constant `c`.
    pub fn constant(&self, c: Const) -> Option<&ConstData> {
        self.constants.get(c)
    }

    /// The data of metadata `md`.
    pub fn md(&self, md: Metadata) -> Option<&MetadataData> {
        self.metadata.get(md)
    }

    /// The list `r` of [`Module::pools`] (empty when the pools do not hold it: a range of
    /// another module, which the id check reports).
    #[inline]
    pub fn list<T: Pooled>(&self, r: PoolRange<T>) -> &[T] {
        self.pools.list(r)
    }

    /// The debug-info record of a metadata payload (`None` when [`Module::pools`] do not
    /// hold it).
    #[inline]
    pub fn record<'a, P: DiPayload>(&'a self, p: &'a P) -> Option<&'a P::Record> {
        p.record(&self.pools)
    }

    /// The bytes `r` of [`Module::pools`] (a metadata string), as [`Module::list`].
    #[inline]
    pub fn bytes(&self, r: ByteRange) -> &[u8] {
        self.pools.list(r)
    }

    /// The first type-table entry equal to `data`.
    pub fn find_type(&self, data: &TypeData) -> Option<Type> {
        self.types
            .iter()
            .position(|t| t == data)
            .and_then(Type::from_index)
    }

    /// The type of a value; `body` is the function body that `Arg`/`Inst` refer to.
    /// `None` for a `void` instruction, a dangling id, or metadata when the table has no
    /// `metadata` type.
    pub fn value_type(&self, body: Option<&Body>, v: ValueRef) -> Option<Type> {
        match v {
            ValueRef::Global(g) => self.globals.get(g).map(|x| x.common.ty),
            ValueRef::Function(f) => self.functions.get(f).map(|x| x.common.ty),
            ValueRef::Alias(a) => self.aliases.get(a).map(|x| x.common.ty),
            ValueRef::Const(c) => self.constant(c).map(|x| x.ty),
            ValueRef::Arg(a) => body?.args.get(a).map(|x| x.ty),
            ValueRef::Inst(i) => body?.inst(i)?.ty,
            ValueRef::Metadata(_) => self.find_type(&TypeData::Metadata),
        }
    }

    /// The name of a global value, if it has one.
    pub fn global_name(&self, g: GlobalValue) -> Option<&str> {
        let name = match g {
            GlobalValue::Global(x) => self.globals.get(x)?.common.name,
            GlobalValue::Function(x) => self.functions.get(x)?.common.name,
            GlobalValue::Alias(x) => self.aliases.get(x)?.common.name,
        };
        self.names.get(name?)
    }

    /// The text of name `n`: empty for a handle this module's [`Module::names`] did not
    /// hand out (another module's), which the id check reports.
    #[inline]
    pub fn name_str(&self, n: Name) -> &str {
        self.names.get(n).unwrap_or("")
    }

    /// The text of an optional name ([`Module::name_str`]).
    #[inline]
    pub fn name_of(&self, n: Option<Name>) -> Option<&str> {
        n.map(|n| self.name_str(n))
    }

    /// The text of an optional name as LLVM's `Value::getName` gives it: empty for an
    /// unnamed value.
    #[inline]
    pub fn name_text(&self, n: Option<Name>) -> &str {
        self.name_of(n).unwrap_or_default()
    }

    /// The named metadata `!name`, the first when listed twice.
    pub fn find_named_metadata(&self, name: &str) -> Option<&NamedMetadata> {
        self.named_metadata
            .iter()
            .find(|n| self.names.get(n.name) == Some(name))
    }

    /// Stores `s` in [`Module::names`] and returns its handle (each call adds the text: names
    /// are not deduplicated).
    ///
    /// # Panics
    ///
    /// When the module's names would pass 4 GiB ([`Names::try_push`] says so instead).
    pub fn intern(&mut self, s: &str) -> Name {
        self.names.push(s)
    }
}
