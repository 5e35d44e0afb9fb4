//! `#line` directives by file and offset: the presumed line and file name of any place in
//! logarithmic time (a shader with many directives stays linear to print).

use std::collections::HashMap;

use crate::source::{FileId, Loc, SourceMap};

/// One directive: from the line after the one at `offset` (physical line `dline`), lines
/// count from `line`, in the file named `name` (the latest name given at or before it).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    offset: u32,
    dline: u32,
    line: u32,
    name: Option<String>,
}

/// The `#line` directives of every file read, each file's sorted by offset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineTable {
    files: HashMap<FileId, Vec<Entry>>,
}

impl LineTable {
    /// Records a directive of `file` ending at `offset` (on physical line `dline`) that
    /// numbers the next line `line`, naming the file `name` when it gives one. A file read
    /// again gives its directives again: the first reading's count, so the list stays sorted.
    pub(crate) fn add(
        &mut self,
        file: FileId,
        offset: u32,
        dline: u32,
        line: u32,
        name: Option<String>,
    ) {
        let v = self.files.entry(file).or_default();
        if v.last().is_some_and(|e| e.offset >= offset) {
            return;
        }
        let name = name.or_else(|| v.last().and_then(|e| e.name.clone()));
        v.push(Entry {
            offset,
            dline,
            line,
            name,
        });
    }

    fn before(&self, loc: Loc) -> Option<&Entry> {
        let v = self.files.get(&loc.file)?;
        let i = v.partition_point(|e| e.offset < loc.offset);
        i.checked_sub(1).map(|i| &v[i])
    }

    /// The line and file name a reader of `loc` is told (`#line` applied).
    pub fn presumed<'a>(&'a self, sources: &'a SourceMap, loc: Loc) -> (u32, &'a str) {
        let f = sources.file(loc.file);
        let (line, _) = f.line_col(loc.offset);
        match self.before(loc) {
            Some(e) => (
                e.line
                    .wrapping_add(line.wrapping_sub(e.dline).wrapping_sub(1)),
                e.name.as_deref().unwrap_or(f.name()),
            ),
            None => (line, f.name()),
        }
    }
}
