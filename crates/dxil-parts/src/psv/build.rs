//! Building the PSV0 string and semantic index tables the way the reference writer does.
//!
//! String table: a leading NUL (the empty name of system values), then the name of every
//! arbitrary-semantic element with a non-empty name, in element order (inputs, outputs,
//! patch constant/primitive), not deduplicated, then (version 3+) the entry function name;
//! zero-padded to a multiple of 4. Semantic index table: each element's first `rows` indexes
//! are looked up as a run in the table built so far (first match wins); when absent, all of
//! the element's indexes are appended. (An element with more indexes than rows, as older
//! compilers wrote mesh outputs, is found by its leading indexes alone.)

use super::PsvSignatureElement;
use crate::names::SemanticKind;

/// What the table builder needs of one element.
#[derive(Debug, Clone, Copy)]
pub struct ElementNames<'a> {
    /// Semantic kind, raw.
    pub semantic_kind: u8,
    /// Semantic name (stored only for arbitrary semantics).
    pub name: &'a str,
    /// Semantic indexes (one per row, except in elements of older compilers).
    pub indexes: &'a [u32],
    /// Rows of the element: how many leading indexes are looked up.
    pub rows: u32,
}

/// The tables and each element's offsets into them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PsvTables {
    /// String table (padded to 4 bytes).
    pub string_table: Vec<u8>,
    /// Semantic index table.
    pub semantic_index_table: Vec<u32>,
    /// Per element (in the order given): (semantic name offset, semantic indexes offset).
    pub offsets: Vec<(u32, u32)>,
    /// Offset of the entry function name, when one was given.
    pub entry_function_name: Option<u32>,
}

fn find_run(table: &[u32], run: &[u32]) -> Option<usize> {
    if run.is_empty() {
        return None;
    }
    table.windows(run.len()).position(|w| w == run)
}

/// Builds the tables for `elements` (all signatures, in order) and an optional entry name.
pub fn build_tables(elements: &[ElementNames<'_>], entry: Option<&str>) -> PsvTables {
    let mut t = PsvTables {
        string_table: vec![0],
        ..PsvTables::default()
    };
    for e in elements {
        let name = if e.semantic_kind == SemanticKind::Arbitrary as u8 && !e.name.is_empty() {
            let off = t.string_table.len() as u32;
            t.string_table.extend_from_slice(e.name.as_bytes());
            t.string_table.push(0);
            off
        } else {
            0
        };
        // An element with fewer indexes than rows is never found (the reference's lookup
        // reads past its list there); one without rows neither.
        let run = e.indexes.get(..e.rows as usize).unwrap_or(&[]);
        let idx = match find_run(&t.semantic_index_table, run) {
            Some(o) => o as u32,
            None => {
                let o = t.semantic_index_table.len() as u32;
                t.semantic_index_table.extend_from_slice(e.indexes);
                o
            }
        };
        t.offsets.push((name, idx));
    }
    if let Some(n) = entry {
        t.entry_function_name = Some(t.string_table.len() as u32);
        t.string_table.extend_from_slice(n.as_bytes());
        t.string_table.push(0);
    }
    while !t.string_table.len().is_multiple_of(4) {
        t.string_table.push(0);
    }
    t
}

impl PsvTables {
    /// Stores the offsets of element `i` into `e`.
    pub fn apply(&self, i: usize, e: &mut PsvSignatureElement) {
        if let Some(&(n, x)) = self.offsets.get(i) {
            e.semantic_name = n;
            e.semantic_indexes = x;
        }
    }
}
