//! Reader state shared by all blocks: the module being built, the value numbering, and the
//! type lookups.

use std::cell::OnceCell;
use std::collections::{HashMap, HashSet};

use dxil_ir::{
    Const, ConstKind, Inst, Metadata, Module, NameBuf, PackedOption, SecondaryMap, Type, TypeData,
    ValueRef,
};

use super::hash::fx_hash;
use super::K;
use crate::error::ErrorKind;

/// Everything the reader knows so far.
#[derive(Default)]
pub(crate) struct State {
    pub m: Module,
    /// The module's names while they are read (moved into `m.names` when the module ends).
    pub names: NameBuf,
    /// The first `T*` (address space 0) of each type `T`, and the first `i1` and `i32`: the
    /// lookups every module makes (function and global pointer types, compare results,
    /// constant ids), answered without hashing.
    pub ptr0: SecondaryMap<Type, PackedOption<Type>>,
    pub i1: PackedOption<Type>,
    pub i32: PackedOption<Type>,
    /// What the function reader asks of each type on every operand ([`TY_VOID`] and the
    /// other bits), one byte per type, so that it reads a byte instead of matching the
    /// type's data; built with the direct lookups.
    pub ty_flags: Vec<u8>,
    /// Content hash of each type -> its first occurrence in the table, for the other
    /// derived-type lookups; built on the first such lookup.
    pub type_map: OnceCell<HashMap<u64, Type>>,
    /// The values defined so far in value-id order, with their types: the module's, then,
    /// while a body is read, the body's (arguments, constants, instructions), which are
    /// dropped when it ends. One table, so that an operand is found with one bounds check.
    pub values: Vec<(ValueRef, Type)>,
    /// The ids `0..n` of instructions, for the block lists (each a copy of a range of it),
    /// grown to the largest body read (kept for the next body and module).
    pub inst_ids: Vec<Inst>,
    /// Function-local metadata of the body being read (ids from `module_metadata_count`).
    pub local_md: Vec<Metadata>,
    /// A function body has been read (module metadata must come before).
    pub seen_body: bool,
    /// MODULE_CODE_VERSION >= 1: instruction operands are relative ids.
    pub relative_ids: bool,
    /// Full-key type map, built on the first hash collision in `type_map`.
    pub full_type_map: OnceCell<HashMap<TypeData, Type>>,
    /// Ids of the metadata kinds defined so far.
    pub kind_ids: HashSet<u32>,
    /// The `blockaddress` constants, whose blocks are checked when every body is read.
    pub block_addresses: Vec<Const>,
}

/// The tables of a [`State`] without its module, emptied, for the next module.
#[derive(Default)]
pub(crate) struct StateScratch {
    ptr0: SecondaryMap<Type, PackedOption<Type>>,
    ty_flags: Vec<u8>,
    values: Vec<(ValueRef, Type)>,
    inst_ids: Vec<Inst>,
    local_md: Vec<Metadata>,
    kind_ids: HashSet<u32>,
}

/// [`State::ty_flags`]: `void`.
pub(crate) const TY_VOID: u8 = 1;
/// [`State::ty_flags`]: `metadata`.
pub(crate) const TY_METADATA: u8 = 2;
/// [`State::ty_flags`]: `label`.
pub(crate) const TY_LABEL: u8 = 4;
/// [`State::ty_flags`]: floating point, or a vector of floating point ([`State::is_fp`]).
pub(crate) const TY_FP: u8 = 8;

impl State {
    /// A state for a new module, using the tables of an earlier one.
    pub fn with_scratch(s: StateScratch) -> State {
        State {
            ptr0: s.ptr0,
            ty_flags: s.ty_flags,
            values: s.values,
            inst_ids: s.inst_ids,
            local_md: s.local_md,
            kind_ids: s.kind_ids,
            ..State::default()
        }
    }

    /// The module read, and the emptied tables.
    pub fn into_parts(self) -> (Module, StateScratch) {
        let mut s = StateScratch {
            ptr0: self.ptr0,
            ty_flags: self.ty_flags,
            values: self.values,
            inst_ids: self.inst_ids,
            local_md: self.local_md,
            kind_ids: self.kind_ids,
        };
        s.ptr0.clear();
        s.ty_flags.clear();
        s.values.clear();
        s.local_md.clear();
        s.kind_ids.clear();
        (self.m, s)
    }

    /// Number of values defined so far (module values plus the current body's).
    pub fn value_count(&self) -> usize {
        self.values.len()
    }

    /// The value with absolute id `id`, if defined.
    #[inline]
    pub fn value(&self, id: u64) -> Option<(ValueRef, Type)> {
        let id = usize::try_from(id).ok()?;
        self.values.get(id).copied()
    }

    /// Checks a type id.
    pub fn ty(&self, id: u64) -> K<Type> {
        usize::try_from(id)
            .ok()
            .and_then(|i| self.m.types.id_of(i))
            .ok_or(ErrorKind::BadType(id))
    }

    /// The data of a checked type.
    #[inline]
    pub fn td(&self, ty: Type) -> &TypeData {
        // Types come from `ty`, or from the table itself, so the index is in range.
        static VOID: TypeData = TypeData::Void;
        self.m.types.get(ty).unwrap_or(&VOID)
    }

    /// The type id of `data`, which must be in the table.
    pub fn find(&self, data: &TypeData, what: &'static str) -> K<Type> {
        let missing = ErrorKind::MissingType(what);
        let direct = match *data {
            TypeData::Pointer {
                pointee,
                addrspace: 0,
            } => Some(self.ptr0.get(pointee).copied().unwrap_or_default()),
            TypeData::Int(1) => Some(self.i1),
            TypeData::Int(32) => Some(self.i32),
            _ => None,
        };
        if let Some(t) = direct {
            return t.expand().ok_or(missing);
        }
        let map = self.type_map.get_or_init(|| {
            let mut map = HashMap::with_capacity(self.m.types.len());
            for (i, t) in self.m.types.iter_with_ids() {
                map.entry(fx_hash(t)).or_insert(i);
            }
            map
        });
        let first = *map.get(&fx_hash(data)).ok_or(missing.clone())?;
        if self.m.types.get(first) == Some(data) {
            return Ok(first);
        }
        // Another type has the same hash: use a full-key map (built once; SipHash with random
        // keys, so crafted collisions cannot make lookups quadratic).
        let full = self.full_type_map.get_or_init(|| {
            let mut map = HashMap::with_capacity(self.m.types.len());
            for (i, t) in self.m.types.iter_with_ids() {
                map.entry(t.clone()).or_insert(i);
            }
            map
        });
        full.get(data).copied().ok_or(missing)
    }

    /// The [`State::ty_flags`] of a checked type (`void`'s for another, as [`State::td`]).
    #[inline]
    pub fn flags(&self, ty: Type) -> u8 {
        self.ty_flags.get(ty.index()).copied().unwrap_or(TY_VOID)
    }

    /// Builds the direct lookups of [`State::find`] and the [`State::ty_flags`] once the type
    /// table is read.
    pub fn index_types(&mut self) {
        let mut flags = std::mem::take(&mut self.ty_flags);
        flags.clear();
        flags.extend(self.m.types.iter().map(|t| match t {
            TypeData::Void => TY_VOID,
            TypeData::Metadata => TY_METADATA,
            TypeData::Label => TY_LABEL,
            TypeData::Vector { elem, .. } if self.td(*elem).is_float() => TY_FP,
            t if t.is_float() => TY_FP,
            _ => 0,
        }));
        self.ty_flags = flags;
        self.ptr0.refill(self.m.types.len(), PackedOption::none());
        for (i, t) in self.m.types.iter_with_ids() {
            let slot = match *t {
                TypeData::Pointer {
                    pointee,
                    addrspace: 0,
                } => self.ptr0.get_mut(pointee),
                TypeData::Int(1) => Some(&mut self.i1),
                TypeData::Int(32) => Some(&mut self.i32),
                _ => None,
            };
            if let Some(slot) = slot {
                if slot.is_none() {
                    *slot = PackedOption::some(i);
                }
            }
        }
    }

    /// Checks that each `blockaddress` names a block of its function's body (bodies come
    /// after the constants that refer to them, so this waits for the module's end).
    pub fn check_block_addresses(&self) -> K<()> {
        for &c in &self.block_addresses {
            let Some(ConstKind::BlockAddress { function, block }) =
                self.m.constants.get(c).map(|d| &d.kind)
            else {
                continue;
            };
            let blocks = (self.m.functions.get(*function))
                .and_then(|f| f.body.as_ref())
                .map_or(0, |b| b.blocks.len());
            if block.index() >= blocks {
                return Err(ErrorKind::BadBlock(u64::from(block.as_u32())));
            }
        }
        Ok(())
    }

    /// `pointee addrspace(n)*`.
    pub fn pointer_to(&self, pointee: Type, addrspace: u32) -> K<Type> {
        self.find(&TypeData::Pointer { pointee, addrspace }, "a pointer type")
    }

    /// The metadata id `id` (module-level or local to the current body).
    pub fn md(&self, id: u64) -> K<Metadata> {
        let count = u64::from(self.m.module_metadata_count);
        if id < count {
            // Module metadata are the arena's first `count` entries.
            self.m
                .metadata
                .id_of(id as usize)
                .ok_or(ErrorKind::BadMetadata(id))
        } else {
            usize::try_from(id - count)
                .ok()
                .and_then(|i| self.local_md.get(i).copied())
                .ok_or(ErrorKind::BadMetadata(id))
        }
    }

    /// Nullable metadata reference (`0` = null, `n` = id n-1).
    pub fn md_or_null(&self, id: u64) -> K<Option<Metadata>> {
        if id == 0 {
            Ok(None)
        } else {
            self.md(id - 1).map(Some)
        }
    }

    /// True when the type is floating point or a vector of floating point.
    #[inline]
    pub fn is_fp(&self, ty: Type) -> bool {
        self.flags(ty) & TY_FP != 0
    }

    /// The element type of an array, vector or pointer.
    pub fn element(&self, ty: Type) -> K<Type> {
        match self.td(ty) {
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Ok(*elem),
            TypeData::Pointer { pointee, .. } => Ok(*pointee),
            _ => Err(ErrorKind::TypeMismatch(
                "expected an array, vector or pointer",
            )),
        }
    }

    /// Value of a constant integer index (for struct GEP indices): `Int` or `Null`.
    pub fn const_index(&self, v: ValueRef) -> K<u64> {
        if let ValueRef::Const(c) = v {
            match self.m.constants.get(c).map(|c| &c.kind) {
                Some(dxil_ir::ConstKind::Int(i)) => return Ok(*i as u64),
                Some(dxil_ir::ConstKind::Null) => return Ok(0),
                _ => {}
            }
        }
        Err(ErrorKind::TypeMismatch(
            "struct index is not a constant integer",
        ))
    }

    /// The member type reached by one aggregate index (struct field, array/vector element).
    pub fn member(&self, ty: Type, index: u64) -> K<Type> {
        match self.td(ty) {
            TypeData::Struct(s) => usize::try_from(index)
                .ok()
                .and_then(|i| s.elems.get(i).copied())
                .ok_or(ErrorKind::InvalidRecord("struct index out of range")),
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Ok(*elem),
            _ => Err(ErrorKind::TypeMismatch("index into a non-aggregate type")),
        }
    }
}
