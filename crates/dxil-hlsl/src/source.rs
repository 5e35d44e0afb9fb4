//! Source files and locations: every file the preprocessor reads is kept in one
//! [`SourceMap`], and a [`Loc`] names a byte in one of them.

/// A file in a [`SourceMap`]. Only the map makes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(u32);

impl FileId {
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// A byte position in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc {
    /// The file.
    pub file: FileId,
    /// Byte offset from the start of the file's text.
    pub offset: u32,
}

/// One file: the name diagnostics and line markers show, and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: String,
    text: String,
    /// Byte offset of the start of each line.
    line_starts: Vec<u32>,
}

impl SourceFile {
    /// The name as the includer spelled its path (`./b.hlsli`), or as given for the main file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// 1-based line and byte column of `offset` (clamped to the text).
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line.saturating_sub(1)];
        (line as u32, offset.saturating_sub(start) + 1)
    }

    /// The text of 1-based `line`, without its line break.
    pub fn line_text(&self, line: u32) -> &str {
        let i = (line as usize).saturating_sub(1);
        let Some(&start) = self.line_starts.get(i) else {
            return "";
        };
        let end = self
            .line_starts
            .get(i + 1)
            .map_or(self.text.len(), |&e| e as usize);
        self.text[start as usize..end].trim_end_matches(['\n', '\r'])
    }
}

/// Every file read for one compilation.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

/// Largest file the front end reads (offsets are `u32`).
pub const MAX_FILE_BYTES: usize = u32::MAX as usize;

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file; `None` when its text is larger than [`MAX_FILE_BYTES`] or there are
    /// more than `u32::MAX` files.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> Option<FileId> {
        let text = text.into();
        if text.len() > MAX_FILE_BYTES {
            return None;
        }
        let id = FileId(u32::try_from(self.files.len()).ok()?);
        let mut line_starts = vec![0u32];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
        });
        Some(id)
    }

    /// The file `id` (made by this map).
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.index()]
    }

    /// The files, in the order they were added.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    /// `file:line:col` of `loc`.
    pub fn describe(&self, loc: Loc) -> String {
        let f = self.file(loc.file);
        let (line, col) = f.line_col(loc.offset);
        format!("{}:{line}:{col}", f.name)
    }
}
