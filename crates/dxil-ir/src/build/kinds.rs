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

    /// The table of a module as it stands (an adopted module keeps its kind ids, whatever
    /// its producer registered); a name listed twice keeps its first id.
    pub fn from_table(table: &[MetadataKind]) -> Self {
        let mut ids = HashMap::with_capacity(table.len());
        for k in table {
            ids.entry(k.name.clone()).or_insert(k.id);
        }
        MetadataKinds {
            ids,
            table: table.to_vec(),
        }
    }

    /// The id of kind `name`, registering it when new (`getMDKindID`).
    pub fn get_or_insert(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        // One past the largest id: the table's length unless an adopted table skips ids.
        let id = self
            .table
            .iter()
            .map(|k| k.id.saturating_add(1))
            .max()
            .unwrap_or(0);
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
        self.table.get(id as usize).is_some_and(|k| k.id == id)
            || self.table.iter().any(|k| k.id == id)
    }

    /// The METADATA_KIND records in id order.
    pub fn into_table(self) -> Vec<MetadataKind> {
        self.table
    }
}
