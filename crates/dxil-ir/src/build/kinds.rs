//! The metadata kind table (LLVM 3.7 METADATA_KIND records): the fixed kinds LLVM's context
//! registers first, with their fixed ids (`LLVMContext::MD_dbg` = 0 ... ), then custom kinds
//! numbered in registration order.

use std::collections::HashMap;

use crate::{FixedMetadataKind, MetadataKind};

/// Kind names to ids, fixed kinds pre-registered.
#[derive(Clone, Debug)]
pub struct MetadataKinds {
    ids: HashMap<String, u32>,
    table: Vec<MetadataKind>,
}

impl Default for MetadataKinds {
    fn default() -> Self {
        MetadataKinds::new()
    }
}

impl MetadataKinds {
    /// The table with LLVM 3.7's fixed kinds registered (`dbg`, `tbaa`, `prof`, ...).
    pub fn new() -> Self {
        let mut k = MetadataKinds {
            ids: HashMap::new(),
            table: Vec::new(),
        };
        for fixed in FixedMetadataKind::ALL {
            k.get_or_insert(fixed.keyword());
        }
        k
    }

    /// The id of kind `name`, registering it when new (`getMDKindID`).
    pub fn get_or_insert(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.table.len() as u32;
        self.ids.insert(name.to_string(), id);
        self.table.push(MetadataKind {
            id,
            name: name.to_string(),
        });
        id
    }

    /// The id of kind `name`, if registered.
    pub fn get(&self, name: &str) -> Option<u32> {
        self.ids.get(name).copied()
    }

    /// Whether `id` names a registered kind.
    pub fn contains_id(&self, id: u32) -> bool {
        (id as usize) < self.table.len()
    }

    /// The METADATA_KIND records in id order.
    pub fn into_table(self) -> Vec<MetadataKind> {
        self.table
    }
}
