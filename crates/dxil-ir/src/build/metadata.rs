//! Metadata (LangRef "Metadata"; LLVM 3.7 METADATA_BLOCK): strings, value wrappers and
//! uniqued nodes are interned as LLVM's context uniques them; `distinct` nodes never are,
//! and may be reserved first so that cycles through them can be built.

use super::error::{BuildError, BuildErrorKind, BuildResult};
use super::md_hash::{md_eq, md_hash, node_hash, string_hash};
use super::module::{ModuleBuilder, LOCAL_MD_TAG};
use super::Value;
use crate::{DiPayload, MdRange, MdRef, Metadata, MetadataData, ValueRef, WordRange};

impl ModuleBuilder {
    pub(crate) fn check_md(&self, what: &str, md: Metadata) -> BuildResult<()> {
        if md.0 & LOCAL_MD_TAG == 0 && self.m.metadata.contains(md) {
            Ok(())
        } else {
            Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("{what}: !{} is not module metadata of this builder", md.0),
            ))
        }
    }

    fn check_md_data(&self, what: &str, data: &MetadataData) -> BuildResult<()> {
        let pools = &self.m.pools;
        if !data.held_by(pools) {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("{what}: a list or record that is not in this builder's pools"),
            ));
        }
        // Plain nodes are most of a module's metadata: their operands are checked in one
        // tight loop, the records' fields by the generic walk.
        if let MetadataData::Node { operands, .. } = data {
            return self.check_md_refs(what, pools.list(*operands));
        }
        let mut bad = None;
        data.for_each_ref(pools, |md| {
            if bad.is_none() && self.check_md(what, md).is_err() {
                bad = Some(md);
            }
        });
        if let Some(md) = bad {
            return self.check_md(what, md);
        }
        if let MetadataData::Value { ty, value } = data {
            if matches!(value, ValueRef::Arg(_) | ValueRef::Inst(_)) {
                return Err(BuildError::new(
                    BuildErrorKind::Foreign,
                    format!("{what}: function-local values are wrapped by FunctionBuilder::metadata_arg"),
                ));
            }
            if !self.holds(*value) {
                return Err(BuildError::new(
                    BuildErrorKind::Dangling,
                    format!("{what}: {value:?} names nothing in this builder"),
                ));
            }
            if self.m.value_type(None, *value) != Some(*ty) {
                return Err(super::error::type_err(format!(
                    "{what}: the wrapper's type is not the value's"
                )));
            }
        }
        Ok(())
    }

    /// Checks node operands: module metadata of this builder.
    fn check_md_refs(&self, what: &str, operands: &[MdRef]) -> BuildResult<()> {
        let len = self.m.metadata.len();
        let ok = |m: &Metadata| m.0 & LOCAL_MD_TAG == 0 && m.index() < len;
        match operands.iter().flatten().find(|m| !ok(m)) {
            None => Ok(()),
            Some(&m) => self.check_md(what, m),
        }
    }

    pub(crate) fn intern_md(&mut self, data: MetadataData) -> Metadata {
        let h = md_hash(&self.m.pools, &data);
        let (mds, pools) = (&self.m.metadata, &self.m.pools);
        if let Some(id) = self
            .md_index
            .find(h, |id| md_eq(pools, &mds[id as usize], &data))
        {
            return Metadata(id);
        }
        let id = self.m.metadata.push(data);
        self.md_index.insert(h, id.0);
        id
    }

    /// `!"..."` (get-or-insert).
    pub fn md_string(&mut self, s: &[u8]) -> Metadata {
        // Looked up by the bytes: a string already there costs no allocation.
        let h = string_hash(s);
        let (mds, pools) = (&self.m.metadata, &self.m.pools);
        let same =
            |id: u32| matches!(&mds[id as usize], MetadataData::String(x) if pools.list(*x) == s);
        if let Some(id) = self.md_index.find(h, same) {
            return Metadata(id);
        }
        let bytes = self.m.pools.push(s);
        let id = self.m.metadata.push(MetadataData::String(bytes));
        self.md_index.insert(h, id.0);
        id
    }

    /// A module-level value as metadata (`ValueAsMetadata`; get-or-insert).
    pub fn md_value(&mut self, v: Value) -> BuildResult<Metadata> {
        let (value, ty) = self.module_value("metadata value", v)?;
        Ok(self.intern_md(MetadataData::Value { ty, value }))
    }

    /// A uniqued node or DI record (get-or-insert). Distinct data is an error (use
    /// [`ModuleBuilder::md_distinct`]).
    pub fn md(&mut self, data: MetadataData) -> BuildResult<Metadata> {
        if data.is_distinct(&self.m.pools) {
            return Err(BuildError::new(
                BuildErrorKind::Unsupported,
                "metadata: distinct data is built by md_distinct",
            ));
        }
        self.check_md_data("metadata", &data)?;
        Ok(self.intern_md(data))
    }

    /// `!{ops...}` (uniqued).
    pub fn md_node(&mut self, operands: &[MdRef]) -> BuildResult<Metadata> {
        self.check_md_refs("metadata", operands)?;
        // Looked up by the operands: a node already there copies nothing into the pools.
        let h = node_hash(false, operands);
        let (mds, pools) = (&self.m.metadata, &self.m.pools);
        let same = |id: u32| {
            matches!(&mds[id as usize], MetadataData::Node { distinct: false, operands: o }
                if pools.list(*o) == operands)
        };
        if let Some(id) = self.md_index.find(h, same) {
            return Ok(Metadata(id));
        }
        let operands = self.m.pools.push(operands);
        let id = self.m.metadata.push(MetadataData::Node {
            distinct: false,
            operands,
        });
        self.md_index.insert(h, id.0);
        Ok(id)
    }

    /// Copies node operands into the module's pools, for the list of a node or
    /// `GenericDINode` handed to [`ModuleBuilder::md`] or [`ModuleBuilder::define_md`].
    pub fn md_list(&mut self, operands: &[MdRef]) -> MdRange {
        self.m.pools.push(operands)
    }

    /// Stores a debug-info record as the payload of its [`MetadataData`] variant (in the
    /// module's pools for the larger records), for [`ModuleBuilder::md`] or
    /// [`ModuleBuilder::define_md`]: `MetadataData::DerivedType(mb.md_record(record))`.
    pub fn md_record<P: DiPayload>(&mut self, record: P::Record) -> P {
        match P::store(record, &mut self.m.pools) {
            Some(p) => p,
            None => panic!("pool holds more than u32::MAX entries"),
        }
    }

    /// Copies DWARF expression elements into the module's pools, for a `DIExpression`.
    pub fn md_words(&mut self, elements: &[u64]) -> WordRange {
        self.m.pools.push(elements)
    }

    /// A new `distinct` node or DI record (never interned). The data must carry the
    /// `distinct` flag.
    pub fn md_distinct(&mut self, data: MetadataData) -> BuildResult<Metadata> {
        if !data.is_distinct(&self.m.pools) {
            return Err(BuildError::new(
                BuildErrorKind::Unsupported,
                "md_distinct: the data is not distinct",
            ));
        }
        let md = self.reserve_md();
        self.define_md(md, data)?;
        Ok(md)
    }

    /// Reserves the id of a node defined later by [`ModuleBuilder::define_md`], for nodes
    /// that refer to each other in a cycle (LLVM's temporary nodes).
    pub fn reserve_md(&mut self) -> Metadata {
        let md = self.m.metadata.push(MetadataData::Node {
            distinct: true,
            operands: MdRange::EMPTY,
        });
        self.md_reserved.insert(md.0);
        md
    }

    /// Defines a reserved node (once). Uniqued data enters the interning table unless an
    /// equal node is already there, in which case the two stay apart (as a temporary
    /// resolved into an existing node would be merged by LLVM only on re-uniquing, which
    /// cycles prevent).
    pub fn define_md(&mut self, md: Metadata, data: MetadataData) -> BuildResult<()> {
        if matches!(data, MetadataData::String(_) | MetadataData::Value { .. }) {
            return Err(BuildError::new(
                BuildErrorKind::Unsupported,
                "define_md: strings and value wrappers are made by md_string and md_value",
            ));
        }
        self.check_md_data("reserved metadata", &data)?;
        if !self.md_reserved.remove(&md.0) {
            return Err(BuildError::new(
                BuildErrorKind::Redefinition,
                format!("define_md: !{} is not a reserved node", md.0),
            ));
        }
        let uniqued = !data.is_distinct(&self.m.pools);
        let h = md_hash(&self.m.pools, &data);
        self.m.metadata[md] = data;
        if uniqued {
            let (mds, pools) = (&self.m.metadata, &self.m.pools);
            let known = self
                .md_index
                .find(h, |id| {
                    id != md.0 && md_eq(pools, &mds[id as usize], &mds[md])
                })
                .is_some();
            if !known {
                self.md_index.insert(h, md.0);
            }
        }
        Ok(())
    }

    /// Metadata used as a value (`metadata !N` call arguments).
    pub fn metadata_value(&mut self, md: Metadata) -> BuildResult<Value> {
        self.check_md("metadata value", md)?;
        let ty = self.metadata_type();
        Ok(Value::new(ValueRef::Metadata(md), Some(ty), None))
    }

    /// Adds operands to named metadata `!name`, creating it when new.
    pub fn named_metadata(&mut self, name: &str, operands: &[Metadata]) -> BuildResult<()> {
        for &md in operands {
            self.check_md("named metadata", md)?;
        }
        self.put_named_metadata(name, operands, true);
        Ok(())
    }
}
