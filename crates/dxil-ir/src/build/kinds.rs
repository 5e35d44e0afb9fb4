//! The metadata kind table (LLVM 3.7 METADATA_KIND records): the fixed kinds LLVM's context
//! registers first, with their fixed ids (`LLVMContext::MD_dbg` = 0 ... ), then custom kinds
//! numbered in registration order.

use super::intern::{hash_of, Interner};
use crate::{FixedMetadataKind, MetadataKind};

/// Kind names to ids, fixed kinds pre-registered.
///
/// The fixed kinds are found by their keyword, and [`MetadataKinds::into_table`] lists them
/// with their static names: a builder per module costs no table up front and no heap
/// copy of them at the end.
#[derive(Clone, Debug, Default)]
pub struct MetadataKinds {
    /// Custom kinds (every kind of an adopted table) by name: indexes into `custom`, or
    /// into `adopted` when there is one.
    ids: Interner,
    /// Custom kind names in id order (after the fixed kinds).
    custom: Vec<String>,
    /// An adopted table without LLVM's layout (the fixed kinds first, at their ids, then
    /// the rest in order), kept as it is with later kinds appended: a module keeps the ids
    /// its producer gave.
    adopted: Option<Vec<MetadataKind>>,
}

/// The number of fixed kinds (their ids are `0..FIXED`).
const FIXED: u32 = FixedMetadataKind::ALL.len() as u32;

impl MetadataKinds {
    /// The table with LLVM 3.7's fixed kinds registered (`dbg`, `tbaa`, `prof`, ...).
    pub fn new() -> Self {
        MetadataKinds::default()
    }

    /// The table of a module as it stands (an adopted module keeps its kind ids, whatever
    /// its producer registered); a name listed twice keeps its first id.
    pub fn from_table(table: &[MetadataKind]) -> Self {
        let fixed_first = FixedMetadataKind::ALL.iter().enumerate().all(|(i, k)| {
            table
                .get(i)
                .is_some_and(|e| e.id == k.code() as u32 && e.name == k.keyword())
        });
        let contiguous = table.iter().enumerate().all(|(i, e)| e.id == i as u32);
        let mut k = MetadataKinds::default();
        if fixed_first && contiguous {
            for e in &table[FIXED as usize..] {
                k.get_or_insert(&e.name);
            }
            return k;
        }
        let mut adopted: Vec<MetadataKind> = Vec::with_capacity(table.len());
        for e in table {
            let h = hash_of(&e.name);
            if k.find(h, Some(&adopted), &e.name).is_none() {
                k.ids.insert(h, adopted.len() as u32);
            }
            adopted.push(e.clone());
        }
        k.adopted = Some(adopted);
        k
    }

    /// Makes room for `additional` more custom kinds.
    pub fn reserve(&mut self, additional: usize) {
        self.custom.reserve(additional);
        self.ids.reserve(additional);
    }

    /// The position of kind `name` (hash `h`) in the adopted `table` when given, else of the
    /// custom kind in `custom`.
    fn find(&self, h: u64, table: Option<&[MetadataKind]>, name: &str) -> Option<u32> {
        match table {
            Some(t) => self.ids.find(h, |i| t[i as usize].name == name),
            None => {
                let custom = &self.custom;
                self.ids.find(h, |i| custom[i as usize] == name)
            }
        }
    }

    /// The id of kind `name`, registering it when new (`getMDKindID`).
    pub fn get_or_insert(&mut self, name: &str) -> u32 {
        if self.adopted.is_some() {
            if let Some(id) = self.get(name) {
                return id;
            }
        } else if let Some(k) = FixedMetadataKind::from_keyword(name) {
            return k.code() as u32;
        }
        // (Hashed once: for the lookup and the insertion.)
        let h = hash_of(name);
        if self.adopted.is_none() {
            if let Some(i) = self.find(h, None, name) {
                return FIXED + i;
            }
        }
        if let Some(table) = &mut self.adopted {
            // One past the largest id: an adopted table may skip ids.
            let id = table
                .iter()
                .map(|k| k.id.saturating_add(1))
                .max()
                .unwrap_or(0);
            self.ids.insert(h, table.len() as u32);
            table.push(MetadataKind {
                id,
                name: name.to_owned().into(),
            });
            return id;
        }
        let id = FIXED + self.custom.len() as u32;
        self.ids.insert(h, self.custom.len() as u32);
        self.custom.push(name.to_string());
        id
    }

    /// The id of kind `name`, if registered.
    pub fn get(&self, name: &str) -> Option<u32> {
        if let Some(table) = &self.adopted {
            let i = self.find(hash_of(name), Some(table), name)?;
            return Some(table[i as usize].id);
        }
        match FixedMetadataKind::from_keyword(name) {
            Some(k) => Some(k.code() as u32),
            None => {
                let i = self.find(hash_of(name), None, name)?;
                Some(FIXED + i)
            }
        }
    }

    /// Whether `id` names a registered kind.
    pub fn contains_id(&self, id: u32) -> bool {
        match &self.adopted {
            Some(table) => table.iter().any(|k| k.id == id),
            None => (id as usize) < FIXED as usize + self.custom.len(),
        }
    }

    /// The METADATA_KIND records in id order.
    pub fn into_table(mut self) -> Vec<MetadataKind> {
        self.take_table()
    }

    /// The METADATA_KIND records in id order, leaving the custom kinds empty.
    pub(crate) fn take_table(&mut self) -> Vec<MetadataKind> {
        self.ids = Interner::default();
        if let Some(table) = self.adopted.take() {
            return table;
        }
        let fixed = FixedMetadataKind::ALL.iter().map(|k| MetadataKind {
            id: k.code() as u32,
            name: k.keyword().into(),
        });
        let custom = std::mem::take(&mut self.custom)
            .into_iter()
            .zip(FIXED..)
            .map(|(name, id)| MetadataKind {
                id,
                name: name.into(),
            });
        fixed.chain(custom).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_kinds_first_then_custom_in_registration_order() {
        let mut k = MetadataKinds::new();
        assert_eq!(k.get_or_insert("dbg"), 0);
        assert_eq!(k.get("tbaa"), Some(1));
        let custom = k.get_or_insert("dx.op");
        assert_eq!(custom, FIXED);
        assert_eq!(k.get_or_insert("dx.op"), custom);
        assert_eq!(k.get_or_insert("dx.x"), FIXED + 1);
        assert!(k.contains_id(FIXED + 1) && !k.contains_id(FIXED + 2));
        let table = k.into_table();
        assert_eq!(table.len() as u32, FIXED + 2);
        for (i, e) in table.iter().enumerate() {
            assert_eq!(e.id, i as u32);
        }
        assert_eq!(table[custom as usize].name, "dx.op");
    }
}
