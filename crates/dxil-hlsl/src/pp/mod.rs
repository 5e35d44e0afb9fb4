//! The preprocessor, as DXC's (clang 3.7's, in its HLSL configuration): `#include` with the
//! includer's folder and `-I` folders, object- and function-like macros with `#`, `##` and
//! variadic parameters, `#if` expressions, `#pragma once`, `#line`, the predefined macros
//! DXC defines (`__HLSL_VERSION`, `__SHADER_TARGET_STAGE`...), and pragmas passed on to the
//! parser.
//!
//! ```
//! use dxil_hlsl::pp::{preprocess, MemoryLoader, Options};
//!
//! let src = "#define SQ(x) ((x) * (x))\nint a = SQ(3);\n";
//! let out = preprocess("a.hlsl", src, &Options::default(), &mut MemoryLoader::default());
//! assert!(!out.diagnostics.has_errors());
//! assert_eq!(out.spelling(), "int a = ((3) * (3));");
//! ```

mod expand;
mod expr;
mod lex;
mod lines;
mod macros;
mod print;
pub mod token;

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use crate::diag::{Diagnostic, Diagnostics};
use crate::source::{FileId, Loc, SourceMap};
use lex::{Lexed, RawKind, RawTok};
use macros::{Body, Macro};
use token::{Interner, Sym, Token, TokenKind, LEADING_SPACE, LINE_START};

pub use lines::LineTable;
pub use print::print;

/// Deepest `#include` nesting (clang's limit).
pub const MAX_INCLUDE_DEPTH: usize = 200;
/// Most tokens one preprocessing produces, macro expansions included: input that expands
/// past it (macros that double at each level) gets an error, not an exhausted memory.
pub const MAX_TOKENS: usize = 1 << 22;

/// A shader stage and model, as `-T` names them (`cs_6_6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// DXIL's `ShaderKind` number (pixel 0, vertex 1, ..., compute 5, library 6, mesh 13,
    /// amplification 14): `__SHADER_TARGET_STAGE`.
    pub stage: u32,
    /// Shader model major version.
    pub major: u32,
    /// Shader model minor version.
    pub minor: u32,
}

impl Target {
    /// Parses a profile such as `cs_6_6`, `lib_6_3` or `ps_6_0`.
    pub fn parse(profile: &str) -> Option<Target> {
        let mut parts = profile.split('_');
        let stage = match parts.next()? {
            "ps" => 0,
            "vs" => 1,
            "gs" => 2,
            "hs" => 3,
            "ds" => 4,
            "cs" => 5,
            "lib" => 6,
            "ms" => 13,
            "as" => 14,
            _ => return None,
        };
        let major = parts.next()?.parse().ok()?;
        let minor = match parts.next()? {
            "x" => 15,
            m => m.parse().ok()?,
        };
        if parts.next().is_some() {
            return None;
        }
        Some(Target {
            stage,
            major,
            minor,
        })
    }
}

/// What the preprocessor needs from the command line.
#[derive(Clone, Debug)]
pub struct Options {
    /// `-D NAME[=VALUE]` (value `1` when absent) and, with `None`, `-U NAME`, in order.
    pub defines: Vec<(String, Option<String>)>,
    /// `-I` folders, searched in order after the includer's folder.
    pub include_dirs: Vec<String>,
    /// `-HV`: 2016, 2017, 2018, 2021 (`__HLSL_VERSION`).
    pub hlsl_version: u32,
    /// `-enable-16bit-types` (`__HLSL_ENABLE_16_BIT`).
    pub enable_16bit_types: bool,
    /// `-T` (`__SHADER_TARGET_*`); `None` leaves them undefined.
    pub target: Option<Target>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            defines: Vec::new(),
            include_dirs: Vec::new(),
            hlsl_version: 2021,
            enable_16bit_types: false,
            target: None,
        }
    }
}

/// Where included files come from: the file system, memory, or anything else.
pub trait FileLoader {
    /// The text of the file at `path` (a path as the preprocessor built it: the includer's
    /// folder or an `-I` folder joined with the name written), or `None` when there is none.
    fn load(&mut self, path: &str) -> Option<String>;
}

/// Reads included files from the file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct FsLoader;

impl FileLoader for FsLoader {
    fn load(&mut self, path: &str) -> Option<String> {
        let bytes = std::fs::read(path).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// Files held in memory, by path.
#[derive(Clone, Debug, Default)]
pub struct MemoryLoader {
    /// Path to text.
    pub files: HashMap<String, String>,
}

impl FileLoader for MemoryLoader {
    fn load(&mut self, path: &str) -> Option<String> {
        self.files
            .get(path)
            .or_else(|| self.files.get(path.strip_prefix("./")?))
            .cloned()
    }
}

/// A change of file in the output, for line markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileChange {
    /// Index of the first output token after the change.
    pub before_token: usize,
    /// The file now read, and the offset reading resumes at (0 when entering).
    pub loc: Loc,
    /// Entering an include (otherwise returning to the includer).
    pub enter: bool,
    /// For an include: where the `#include` is.
    pub from: Option<Loc>,
}

/// The result of preprocessing.
#[derive(Clone, Debug)]
pub struct Output {
    /// The tokens, macros expanded, directives done; pragmas as [`TokenKind::Pragma`] ...
    /// [`TokenKind::PragmaEnd`].
    pub tokens: Vec<Token>,
    /// Every file read.
    pub sources: SourceMap,
    /// Token spellings.
    pub interner: Interner,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// File changes in token order (for line markers).
    pub file_changes: Vec<FileChange>,
    /// `#line` directives.
    pub lines: LineTable,
}

impl Output {
    /// The spelling of token `t`.
    pub fn text(&self, t: &Token) -> &str {
        self.interner.str(t.sym)
    }

    /// The tokens' spellings joined with single spaces where they had whitespace between
    /// them (no line structure).
    pub fn spelling(&self) -> String {
        let mut s = String::new();
        for (i, t) in self.tokens.iter().enumerate() {
            if i > 0 && t.flags & (LEADING_SPACE | LINE_START) != 0 {
                s.push(' ');
            }
            s.push_str(self.text(t));
        }
        s
    }

    /// The line and file name a reader of `loc` is told (`#line` applied).
    pub fn presumed(&self, loc: Loc) -> (u32, &str) {
        self.lines.presumed(&self.sources, loc)
    }
}

/// Preprocesses `text`, named `name` in diagnostics and line markers, loading includes
/// through `loader`.
pub fn preprocess(name: &str, text: &str, opts: &Options, loader: &mut dyn FileLoader) -> Output {
    let mut pp = Pp::new(opts, loader);
    pp.predefine();
    match pp.sm.add(name, text) {
        Some(id) => {
            pp.push_file(id, 0, None);
            pp.run();
        }
        None => pp.diags.push(Diagnostic::new(
            crate::diag::Level::Error,
            None,
            format!("{name}: file larger than 4 GiB"),
        )),
    }
    Output {
        tokens: pp.out,
        sources: pp.sm,
        interner: pp.int,
        diagnostics: pp.diags,
        file_changes: pp.changes,
        lines: pp.lines,
    }
}

/// An open `#if` group.
#[derive(Clone, Copy, Debug)]
struct Cond {
    loc: Loc,
    /// A branch of the group was taken.
    taken: bool,
    /// `#else` was seen.
    seen_else: bool,
}

/// A file being read.
struct FileState {
    id: FileId,
    lexed: Rc<Lexed>,
    pos: usize,
    conds: Vec<Cond>,
    /// Folder of the file, for quoted includes (`.` for a bare name).
    dir: String,
    path: String,
}

/// The preprocessor's state.
pub(crate) struct Pp<'l> {
    opts: Options,
    loader: &'l mut dyn FileLoader,
    pub(crate) sm: SourceMap,
    pub(crate) int: Interner,
    pub(crate) diags: Diagnostics,
    pub(crate) macros: HashMap<Sym, Macro>,
    files: Vec<FileState>,
    lexed: HashMap<FileId, Rc<Lexed>>,
    once: HashSet<String>,
    /// Files read whole once, by path, whose text is all inside an include guard.
    guards: HashMap<String, Sym>,
    pub(crate) out: Vec<Token>,
    changes: Vec<FileChange>,
    lines: LineTable,
    pub(crate) exp: expand::Expander,
    /// Stop reading: an error that makes the rest meaningless (a token limit).
    pub(crate) fatal: bool,
    pub(crate) counter: u64,
    /// Symbols the directives look for.
    pub(crate) kw: Keywords,
}

/// Interned names the preprocessor compares against.
pub(crate) struct Keywords {
    pub defined: Sym,
    pub va_args: Sym,
    pub lparen: Sym,
    pub rparen: Sym,
    pub comma: Sym,
    pub hash: Sym,
    pub hashhash: Sym,
    pub ellipsis: Sym,
    pub empty: Sym,
}

impl<'l> Pp<'l> {
    fn new(opts: &Options, loader: &'l mut dyn FileLoader) -> Self {
        let mut int = Interner::default();
        let kw = Keywords {
            defined: int.intern("defined"),
            va_args: int.intern("__VA_ARGS__"),
            lparen: int.intern("("),
            rparen: int.intern(")"),
            comma: int.intern(","),
            hash: int.intern("#"),
            hashhash: int.intern("##"),
            ellipsis: int.intern("..."),
            empty: int.intern(""),
        };
        Pp {
            opts: opts.clone(),
            loader,
            sm: SourceMap::new(),
            int,
            diags: Diagnostics::default(),
            macros: HashMap::new(),
            files: Vec::new(),
            lexed: HashMap::new(),
            once: HashSet::new(),
            guards: HashMap::new(),
            out: Vec::new(),
            changes: Vec::new(),
            lines: LineTable::default(),
            exp: expand::Expander::default(),
            fatal: false,
            counter: 0,
            kw,
        }
    }

    /// The predefined macros (DXC's `InitializeStandardPredefinedMacros` for HLSL) and the
    /// command line's, as a `<built-in>` file of `#define`s.
    fn predefine(&mut self) {
        let mut text = String::new();
        let o = &self.opts;
        text.push_str("#define __hlsl_dx_compiler 1\n");
        for (k, v) in [
            ("__DXC_VERSION_MAJOR", 1),
            ("__DXC_VERSION_MINOR", 9),
            ("__DXC_VERSION_RELEASE", 0),
            ("__DXC_VERSION_COMMITS", 15466),
        ] {
            text.push_str(&format!("#define {k} {v}\n"));
        }
        text.push_str(&format!("#define __HLSL_VERSION {}\n", o.hlsl_version));
        if o.enable_16bit_types {
            text.push_str("#define __HLSL_ENABLE_16_BIT 1\n");
        }
        for (k, v) in [
            ("VERTEX", 1),
            ("PIXEL", 0),
            ("GEOMETRY", 2),
            ("HULL", 3),
            ("DOMAIN", 4),
            ("COMPUTE", 5),
            ("AMPLIFICATION", 14),
            ("MESH", 13),
            ("LIBRARY", 6),
        ] {
            text.push_str(&format!("#define __SHADER_STAGE_{k} {v}\n"));
        }
        if let Some(t) = o.target {
            text.push_str(&format!(
                "#define __SHADER_TARGET_STAGE {}\n#define __SHADER_TARGET_MAJOR {}\n#define __SHADER_TARGET_MINOR {}\n",
                t.stage, t.major, t.minor
            ));
        }
        for (k, v) in &o.defines {
            match v {
                // `-DNAME=VALUE`: the first `=` splits (clang's DefineBuiltinMacro).
                Some(v) => text.push_str(&format!("#define {k} {v}\n")),
                None => text.push_str(&format!("#undef {k}\n")),
            }
        }
        for (name, body) in [
            ("__LINE__", Body::Line),
            ("__FILE__", Body::File),
            ("__COUNTER__", Body::Counter),
            ("__INCLUDE_LEVEL__", Body::IncludeLevel),
        ] {
            let sym = self.int.intern(name);
            self.macros.insert(
                sym,
                Macro {
                    params: None,
                    variadic: false,
                    body,
                    loc: None,
                },
            );
        }
        if let Some(id) = self.sm.add("<built-in>", text) {
            let mark = self.out.len();
            self.push_file(id, 0, None);
            self.run();
            // The built-in file defines only; its tokens (none) and markers are not output.
            self.out.truncate(mark);
            self.changes.clear();
        }
    }

    /// Opens `id` for reading (its lexing is kept for a second inclusion).
    fn push_file(&mut self, id: FileId, at: usize, from: Option<Loc>) {
        let lexed = self
            .lexed
            .entry(id)
            .or_insert_with(|| Rc::new(lex::lex(self.sm.file(id).text())))
            .clone();
        if let Some(off) = lexed.unterminated_comment {
            let loc = Loc {
                file: id,
                offset: lexed.original(off),
            };
            self.diags
                .push(Diagnostic::error(loc, "unterminated /* comment"));
        }
        let name = self.sm.file(id).name().to_string();
        let dir = match name.rfind(['/', '\\']) {
            Some(i) => name[..i].to_string(),
            None => ".".to_string(),
        };
        self.files.push(FileState {
            id,
            lexed,
            pos: 0,
            conds: Vec::new(),
            dir,
            path: name,
        });
        self.changes.push(FileChange {
            before_token: at,
            loc: Loc {
                file: id,
                offset: 0,
            },
            enter: true,
            from,
        });
    }

    /// Reads everything, expanding into `self.out`.
    fn run(&mut self) {
        let depth = self.files.len();
        while !self.fatal {
            match self.next_expanded(depth) {
                Some(t) => {
                    if self.out.len() >= MAX_TOKENS {
                        self.too_many(t.loc);
                        break;
                    }
                    self.out.push(t);
                }
                None => break,
            }
        }
    }

    pub(crate) fn too_many(&mut self, loc: Loc) {
        if !self.fatal {
            self.diags.push(Diagnostic::error(
                loc,
                format!("preprocessing produces more than {MAX_TOKENS} tokens"),
            ));
            self.fatal = true;
        }
    }

    /// The location of raw token `t` of the file being read.
    fn raw_loc(&self, t: &RawTok) -> Loc {
        let f = self.files.last().unwrap_or_else(|| unreachable!());
        Loc {
            file: f.id,
            offset: f.lexed.original(t.lo),
        }
    }

    fn make_token(&mut self, t: &RawTok) -> Token {
        let f = self.files.last().unwrap_or_else(|| unreachable!());
        let kind = match t.kind {
            RawKind::Ident => TokenKind::Ident,
            RawKind::Number => TokenKind::Number,
            RawKind::Char => TokenKind::Char,
            RawKind::Str => TokenKind::Str,
            RawKind::Punct => TokenKind::Punct,
            RawKind::Other | RawKind::Unterminated | RawKind::Newline => TokenKind::Other,
        };
        let sym = self.int.intern(f.lexed.text(t));
        let loc = Loc {
            file: f.id,
            offset: f.lexed.original(t.lo),
        };
        Token {
            kind,
            flags: t.flags,
            sym,
            loc,
            spelling: loc,
        }
    }

    /// The next token of the files (directives done, excluded groups skipped), or `None` when
    /// the file at `depth` and everything it included ended. A file that ends is closed
    /// and reading goes on in its includer, above `depth`.
    pub(crate) fn next_file_token(&mut self, depth: usize) -> Option<Token> {
        loop {
            if self.fatal {
                return None;
            }
            let f = self.files.last()?;
            if f.pos >= f.lexed.toks.len() {
                if self.files.len() <= depth {
                    self.close_file();
                    return None;
                }
                self.close_file();
                continue;
            }
            let t = f.lexed.toks[f.pos];
            let f = self.files.last_mut().unwrap_or_else(|| unreachable!());
            f.pos += 1;
            match t.kind {
                RawKind::Newline => continue,
                RawKind::Punct if t.flags & LINE_START != 0 && f.lexed.text(&t) == "#" => {
                    self.directive();
                    continue;
                }
                RawKind::Unterminated => {
                    let q = if f
                        .lexed
                        .text(&t)
                        .trim_start_matches(['L', 'u', 'U', '8'])
                        .starts_with('\'')
                    {
                        "'"
                    } else {
                        "'\"'"
                    };
                    let loc = self.raw_loc(&t);
                    self.diags.push(
                        Diagnostic::warning(loc, format!("missing terminating {q} character"))
                            .with_flag("invalid-pp-token"),
                    );
                    return Some(self.make_token(&t));
                }
                _ => return Some(self.make_token(&t)),
            }
        }
    }

    fn close_file(&mut self) {
        let Some(f) = self.files.pop() else { return };
        if let Some(name) = include_guard(&f.lexed) {
            let sym = self.int.intern(name);
            self.guards.insert(f.path.clone(), sym);
        }
        for c in f.conds.iter().rev() {
            self.diags.push(Diagnostic::error(
                c.loc,
                "unterminated conditional directive",
            ));
        }
        if let Some(parent) = self.files.last() {
            let offset = parent
                .lexed
                .toks
                .get(parent.pos)
                .map_or(self.sm.file(parent.id).text().len() as u32, |t| {
                    parent.lexed.original(t.lo)
                });
            self.changes.push(FileChange {
                before_token: self.out.len(),
                loc: Loc {
                    file: parent.id,
                    offset,
                },
                enter: false,
                from: None,
            });
        }
    }

    /// The raw tokens up to the end of the current line (the line end consumed).
    fn rest_of_line(&mut self) -> Vec<RawTok> {
        let Some(f) = self.files.last_mut() else {
            return Vec::new();
        };
        let start = f.pos;
        while f.pos < f.lexed.toks.len() && f.lexed.toks[f.pos].kind != RawKind::Newline {
            f.pos += 1;
        }
        let v = f.lexed.toks[start..f.pos].to_vec();
        if f.pos < f.lexed.toks.len() {
            f.pos += 1;
        }
        v
    }

    fn raw_text(&self, t: &RawTok) -> &str {
        self.files.last().map_or("", |f| f.lexed.text(t))
    }

    /// Handles the directive after a `#` at the start of a line.
    fn directive(&mut self) {
        let hash_loc = {
            let f = self.files.last().unwrap_or_else(|| unreachable!());
            let t = f.lexed.toks[f.pos - 1];
            self.raw_loc(&t)
        };
        let line = self.rest_of_line();
        let Some(first) = line.first() else {
            return; // the null directive
        };
        let name = self.raw_text(first).to_string();
        let args = &line[1..];
        let at = self.raw_loc(first);
        match (first.kind, name.as_str()) {
            (RawKind::Ident, "define") => self.define(args, at),
            (RawKind::Ident, "undef") => self.undef(args, at),
            (RawKind::Ident, "include") => self.include(args, at),
            (RawKind::Ident, "if") => {
                let v = self.eval_if(args, at);
                self.open_cond(at, v);
            }
            (RawKind::Ident, "ifdef" | "ifndef") => {
                let v = match args.first() {
                    Some(t) if t.kind == RawKind::Ident => {
                        let text = self.raw_text(t).to_string();
                        let sym = self.int.intern(&text);
                        self.macros.contains_key(&sym) == (name == "ifdef")
                    }
                    _ => {
                        self.diags.push(Diagnostic::error(at, "macro name missing"));
                        false
                    }
                };
                self.open_cond(hash_loc, v);
            }
            (RawKind::Ident, "elif" | "else") => {
                // Reached from a group that was taken: the rest of the chain is skipped.
                match self.files.last_mut().and_then(|f| f.conds.last_mut()) {
                    Some(c) => {
                        if c.seen_else {
                            let m = format!("#{name} after #else");
                            self.diags.push(Diagnostic::error(at, m));
                        }
                        c.seen_else |= name == "else";
                        self.skip_group();
                    }
                    None => {
                        let m = format!("#{name} without #if");
                        self.diags.push(Diagnostic::error(at, m));
                    }
                }
            }
            (RawKind::Ident, "endif") => {
                if self.files.last_mut().and_then(|f| f.conds.pop()).is_none() {
                    self.diags.push(Diagnostic::error(at, "#endif without #if"));
                }
            }
            (RawKind::Ident, "line") => self.line_directive(args, at, &line),
            (RawKind::Number, _) => self.line_directive(&line, at, &line),
            (RawKind::Ident, "error" | "warning") => {
                let msg = self.line_text(args);
                let d = if name == "error" {
                    Diagnostic::error(at, msg)
                } else {
                    Diagnostic::warning(at, msg)
                };
                self.diags.push(d);
            }
            (RawKind::Ident, "pragma") => self.pragma(args, hash_loc),
            _ => self
                .diags
                .push(Diagnostic::error(at, "invalid preprocessing directive")),
        }
    }

    /// The text of `toks` as written (from the first's start to the last's end).
    fn line_text(&self, toks: &[RawTok]) -> String {
        match (toks.first(), toks.last()) {
            (Some(a), Some(b)) => self.files.last().map_or(String::new(), |f| {
                f.lexed.clean[a.lo as usize..b.hi as usize].to_string()
            }),
            _ => String::new(),
        }
    }

    fn open_cond(&mut self, loc: Loc, taken: bool) {
        if let Some(f) = self.files.last_mut() {
            f.conds.push(Cond {
                loc,
                taken,
                seen_else: false,
            });
        }
        if !taken {
            self.skip_group();
        }
    }

    /// Skips lines up to the `#elif`/`#else` that opens a group to read, or the `#endif` of
    /// the innermost open group (C++ [cpp.cond]: skipped groups are only scanned for
    /// conditional directives).
    fn skip_group(&mut self) {
        let mut depth = 0usize;
        loop {
            let Some(f) = self.files.last_mut() else {
                return;
            };
            let Some(&t) = f.lexed.toks.get(f.pos) else {
                return; // close_file reports the open group
            };
            f.pos += 1;
            if t.kind != RawKind::Punct || t.flags & LINE_START == 0 || f.lexed.text(&t) != "#" {
                continue;
            }
            let line = self.rest_of_line();
            let Some(first) = line.first() else { continue };
            if first.kind != RawKind::Ident {
                continue;
            }
            let name = self.raw_text(first).to_string();
            let at = self.raw_loc(first);
            match name.as_str() {
                "if" | "ifdef" | "ifndef" => depth += 1,
                "endif" if depth > 0 => depth -= 1,
                "endif" => {
                    if let Some(f) = self.files.last_mut() {
                        f.conds.pop();
                    }
                    return;
                }
                "else" | "elif" if depth == 0 => {
                    let Some(c) = self.files.last().and_then(|f| f.conds.last()).copied() else {
                        return;
                    };
                    if c.seen_else {
                        let m = format!("#{name} after #else");
                        self.diags.push(Diagnostic::error(at, m));
                    }
                    let take = if c.taken {
                        false
                    } else if name == "else" {
                        true
                    } else {
                        self.eval_if(&line[1..], at)
                    };
                    if let Some(c) = self.files.last_mut().and_then(|f| f.conds.last_mut()) {
                        c.seen_else |= name == "else";
                        c.taken |= take;
                    }
                    if take {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// Raw tokens of the current file as tokens.
    fn tokens_of(&mut self, raw: &[RawTok]) -> Vec<Token> {
        raw.iter().map(|t| self.make_token(t)).collect()
    }

    /// Evaluates an `#if`/`#elif` line: `defined` first, then macros, then the expression.
    fn eval_if(&mut self, raw: &[RawTok], at: Loc) -> bool {
        let toks = self.tokens_of(raw);
        let mut replaced = Vec::with_capacity(toks.len());
        let mut i = 0;
        while i < toks.len() {
            let t = toks[i];
            if t.kind == TokenKind::Ident && t.sym == self.kw.defined {
                let (name, next) = match toks.get(i + 1) {
                    Some(p) if p.sym == self.kw.lparen => {
                        match (toks.get(i + 2), toks.get(i + 3)) {
                            (Some(n), Some(r))
                                if n.kind == TokenKind::Ident && r.sym == self.kw.rparen =>
                            {
                                (Some(n.sym), i + 4)
                            }
                            _ => (None, i + 1),
                        }
                    }
                    Some(n) if n.kind == TokenKind::Ident => (Some(n.sym), i + 2),
                    _ => (None, i + 1),
                };
                let Some(name) = name else {
                    self.diags
                        .push(Diagnostic::error(t.loc, "macro name missing"));
                    return false;
                };
                let v = self.macros.contains_key(&name);
                let sym = self.int.intern(if v { "1" } else { "0" });
                replaced.push(Token {
                    kind: TokenKind::Number,
                    sym,
                    ..t
                });
                i = next;
                continue;
            }
            replaced.push(t);
            i += 1;
        }
        let expanded = self.expand_list(replaced);
        let etoks: Vec<expr::ETok<'_>> = expanded
            .iter()
            .enumerate()
            .map(|(i, t)| expr::ETok {
                text: self.int.str(t.sym),
                kind: t.kind,
                at: i,
            })
            .collect();
        match expr::evaluate(&etoks, expanded.len()) {
            Ok(v) => v,
            Err(e) => {
                let loc = expanded.get(e.at).map_or(at, |t| t.loc);
                self.diags.push(Diagnostic::error(loc, e.message));
                false
            }
        }
    }

    fn define(&mut self, raw: &[RawTok], at: Loc) {
        let toks = self.tokens_of(raw);
        match self.parse_define(&toks, at) {
            Ok((name, m)) => {
                if let Some(old) = self.macros.get(&name) {
                    if !old.same_as(&m) {
                        let mut d = Diagnostic::warning(
                            toks[0].loc,
                            format!("'{}' macro redefined", self.int.str(name)),
                        )
                        .with_flag("macro-redefined");
                        if let Some(l) = old.loc {
                            d = d.with_note(l, "previous definition is here");
                        }
                        self.diags.push(d);
                    }
                }
                self.macros.insert(name, m);
            }
            Err(d) => self.diags.push(d),
        }
    }

    fn parse_define(&mut self, toks: &[Token], at: Loc) -> Result<(Sym, Macro), Diagnostic> {
        let Some(name) = toks.first() else {
            return Err(Diagnostic::error(at, "macro name missing"));
        };
        if name.kind != TokenKind::Ident {
            return Err(Diagnostic::error(
                name.loc,
                "macro name must be an identifier",
            ));
        }
        if name.sym == self.kw.defined {
            return Err(Diagnostic::error(
                name.loc,
                "'defined' cannot be used as a macro name",
            ));
        }
        let mut i = 1;
        let mut params = None;
        let mut variadic = false;
        // Function-like only when `(` follows the name with no space between.
        if toks
            .get(1)
            .is_some_and(|t| t.sym == self.kw.lparen && !t.has(LEADING_SPACE))
        {
            i = 2;
            let mut ps = Vec::new();
            loop {
                let Some(t) = toks.get(i) else {
                    return Err(Diagnostic::error(at, "missing ')' in macro parameter list"));
                };
                if t.sym == self.kw.rparen && (ps.is_empty() || variadic) {
                    i += 1;
                    break;
                }
                if t.sym == self.kw.ellipsis {
                    ps.push(self.kw.va_args);
                    variadic = true;
                    i += 1;
                    if toks.get(i).map(|t| t.sym) != Some(self.kw.rparen) {
                        return Err(Diagnostic::error(
                            t.loc,
                            "missing ')' in macro parameter list",
                        ));
                    }
                    continue;
                }
                if t.kind != TokenKind::Ident {
                    return Err(Diagnostic::error(
                        t.loc,
                        "invalid token in macro parameter list",
                    ));
                }
                if ps.contains(&t.sym) {
                    return Err(Diagnostic::error(
                        t.loc,
                        format!("duplicate macro parameter name '{}'", self.int.str(t.sym)),
                    ));
                }
                ps.push(t.sym);
                i += 1;
                match toks.get(i) {
                    Some(n) if n.sym == self.kw.comma => i += 1,
                    Some(n) if n.sym == self.kw.rparen => {
                        i += 1;
                        break;
                    }
                    Some(n) if n.sym == self.kw.ellipsis => {
                        // GNU named variadic parameter: `args...`.
                        variadic = true;
                        i += 1;
                        if toks.get(i).map(|t| t.sym) != Some(self.kw.rparen) {
                            return Err(Diagnostic::error(
                                n.loc,
                                "missing ')' in macro parameter list",
                            ));
                        }
                    }
                    Some(n) => {
                        return Err(Diagnostic::error(
                            n.loc,
                            "expected comma in macro parameter list",
                        ))
                    }
                    None => {
                        return Err(Diagnostic::error(at, "missing ')' in macro parameter list"))
                    }
                }
            }
            params = Some(ps);
        }
        let mut body: Vec<Token> = toks[i..].to_vec();
        if let Some(b) = body.first_mut() {
            b.flags &= !(LEADING_SPACE | LINE_START);
        }
        if let Some(t) = body.first().filter(|t| t.sym == self.kw.hashhash) {
            return Err(Diagnostic::error(
                t.loc,
                "'##' cannot appear at start of macro expansion",
            ));
        }
        if let Some(t) = body.last().filter(|t| t.sym == self.kw.hashhash) {
            return Err(Diagnostic::error(
                t.loc,
                "'##' cannot appear at end of macro expansion",
            ));
        }
        let m = Macro {
            params,
            variadic,
            body: Body::Tokens(std::rc::Rc::from(Vec::new())),
            loc: Some(name.loc),
        };
        if m.params.is_some() {
            for (j, t) in body.iter().enumerate() {
                if t.sym == self.kw.hash {
                    let next = body.get(j + 1);
                    let ok = next
                        .is_some_and(|n| n.kind == TokenKind::Ident && m.param(n.sym).is_some());
                    if !ok {
                        return Err(Diagnostic::error(
                            next.map_or(t.loc, |n| n.loc),
                            "'#' is not followed by a macro parameter",
                        ));
                    }
                }
            }
        } else if body.iter().any(|t| t.sym == self.kw.va_args) {
            let t = body.iter().find(|t| t.sym == self.kw.va_args).copied();
            if let Some(t) = t {
                self.diags.push(Diagnostic::warning(
                    t.loc,
                    "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro",
                ));
            }
        }
        Ok((
            name.sym,
            Macro {
                body: Body::Tokens(body.into()),
                ..m
            },
        ))
    }

    fn undef(&mut self, raw: &[RawTok], at: Loc) {
        match raw.first() {
            Some(t) if t.kind == RawKind::Ident => {
                let text = self.raw_text(t).to_string();
                let sym = self.int.intern(&text);
                self.macros.remove(&sym);
            }
            Some(t) => {
                let loc = self.raw_loc(t);
                self.diags
                    .push(Diagnostic::error(loc, "macro name must be an identifier"));
            }
            None => self.diags.push(Diagnostic::error(at, "macro name missing")),
        }
    }

    fn include(&mut self, raw: &[RawTok], at: Loc) {
        let (name, angled) = match raw.first() {
            Some(t) if t.kind == RawKind::Str && self.raw_text(t).starts_with('"') => {
                let s = self.raw_text(t);
                (s[1..s.len() - 1].to_string(), false)
            }
            Some(t) if t.kind == RawKind::Punct && self.raw_text(t) == "<" => {
                let f = self.files.last().unwrap_or_else(|| unreachable!());
                let rest =
                    &f.lexed.clean[t.hi as usize..raw.last().map_or(t.hi, |l| l.hi) as usize];
                match rest.find('>') {
                    Some(e) => (rest[..e].to_string(), true),
                    None => {
                        self.diags
                            .push(Diagnostic::error(at, "expected \"FILENAME\" or <FILENAME>"));
                        return;
                    }
                }
            }
            Some(_) => {
                // A computed include: the line after expansion.
                let toks = self.tokens_of(raw);
                let exp = self.expand_list(toks);
                let text: Vec<&str> = exp.iter().map(|t| self.int.str(t.sym)).collect();
                match exp.first().map(|t| t.kind) {
                    Some(TokenKind::Str) if exp.len() == 1 => {
                        let s = text[0];
                        (s[1..s.len() - 1].to_string(), false)
                    }
                    Some(TokenKind::Punct) if text[0] == "<" && text.last() == Some(&">") => {
                        (text[1..text.len() - 1].concat(), true)
                    }
                    _ => {
                        self.diags
                            .push(Diagnostic::error(at, "expected \"FILENAME\" or <FILENAME>"));
                        return;
                    }
                }
            }
            None => {
                self.diags
                    .push(Diagnostic::error(at, "expected \"FILENAME\" or <FILENAME>"));
                return;
            }
        };
        if name.is_empty() {
            self.diags.push(Diagnostic::error(at, "empty filename"));
            return;
        }
        // DXC's file system takes either separator and names the file with `/`.
        let name = name.replace('\\', "/");
        if self.files.len() >= MAX_INCLUDE_DEPTH {
            self.diags
                .push(Diagnostic::error(at, "#include nested too deeply"));
            self.fatal = true;
            return;
        }
        let mut candidates = Vec::new();
        let absolute = name.starts_with('/') || name.as_bytes().get(1) == Some(&b':');
        if absolute {
            candidates.push(name.clone());
        } else {
            if !angled {
                let dir = self.files.last().map_or(".", |f| f.dir.as_str());
                candidates.push(format!("{dir}/{name}"));
            }
            for d in &self.opts.include_dirs {
                // DXC names files found through a relative folder from `./`.
                let d = d.trim_end_matches(['/', '\\']).replace('\\', "/");
                let rooted =
                    d.starts_with('/') || d.starts_with("./") || d.as_bytes().get(1) == Some(&b':');
                let prefix = if rooted || d == "." { "" } else { "./" };
                candidates.push(format!("{prefix}{d}/{name}"));
            }
        }
        for path in candidates {
            if self.once.contains(&path) {
                return;
            }
            // A file wholly inside `#ifndef X` ... `#endif` whose X is now defined is not
            // entered again (clang's multiple-include optimization: no line markers either).
            if let Some(guard) = self.guards.get(&path) {
                if self.macros.contains_key(guard) {
                    return;
                }
            }
            if let Some(text) = self.loader.load(&path) {
                match self.sm.add(path.clone(), text) {
                    Some(id) => {
                        self.push_file(id, self.out.len(), Some(at));
                    }
                    None => self.diags.push(Diagnostic::error(
                        at,
                        format!("'{name}': file larger than 4 GiB"),
                    )),
                }
                return;
            }
        }
        self.diags
            .push(Diagnostic::error(at, format!("'{name}' file not found")));
    }

    fn line_directive(&mut self, raw: &[RawTok], at: Loc, line: &[RawTok]) {
        let toks = self.tokens_of(raw);
        let exp = self.expand_list(toks);
        let num = exp
            .first()
            .filter(|t| t.kind == TokenKind::Number)
            .and_then(|t| self.int.str(t.sym).parse::<u32>().ok());
        let Some(num) = num else {
            self.diags.push(Diagnostic::error(
                at,
                "#line directive requires a positive integer argument",
            ));
            return;
        };
        let name = exp
            .get(1)
            .filter(|t| t.kind == TokenKind::Str)
            .map(|t| unescape(self.int.str(t.sym)));
        let Some(f) = self.files.last() else { return };
        let offset = line.last().map_or(0, |t| f.lexed.original(t.hi));
        let file = f.id;
        let next_line = f
            .lexed
            .toks
            .get(f.pos)
            .map_or(self.sm.file(file).text().len() as u32, |t| {
                f.lexed.original(t.lo)
            });
        let dline = self.sm.file(file).line_col(offset).0;
        self.lines.add(file, offset, dline, num, name);
        // The printer writes a marker here, as at a change of file.
        self.changes.push(FileChange {
            before_token: self.out.len(),
            loc: Loc {
                file,
                offset: next_line.max(offset + 1),
            },
            enter: false,
            from: None,
        });
    }

    fn pragma(&mut self, raw: &[RawTok], hash_loc: Loc) {
        if raw.len() == 1 && raw[0].kind == RawKind::Ident && self.raw_text(&raw[0]) == "once" {
            if self.files.len() == 1 {
                let loc = self.raw_loc(&raw[0]);
                self.diags
                    .push(Diagnostic::warning(loc, "#pragma once in main file"));
            }
            if let Some(f) = self.files.last() {
                self.once.insert(f.path.clone());
            }
            return;
        }
        let toks = self.tokens_of(raw);
        self.emit_pragma(hash_loc, toks);
    }

    /// Passes a pragma on: a `Pragma` token, its tokens, a `PragmaEnd` token.
    pub(crate) fn emit_pragma(&mut self, loc: Loc, toks: Vec<Token>) {
        let mk = |kind, sym| Token {
            kind,
            flags: LINE_START,
            sym,
            loc,
            spelling: loc,
        };
        let empty = self.kw.empty;
        self.out.push(mk(TokenKind::Pragma, empty));
        self.out.extend(toks);
        self.out.push(mk(TokenKind::PragmaEnd, empty));
    }

    /// The presumed line of `loc` (`#line` applied) for `__LINE__`.
    pub(crate) fn presumed_line(&self, loc: Loc) -> u32 {
        self.lines.presumed(&self.sm, loc).0
    }

    /// The presumed file name of `loc` for `__FILE__`.
    pub(crate) fn presumed_name(&self, loc: Loc) -> String {
        self.lines.presumed(&self.sm, loc).1.to_string()
    }

    pub(crate) fn include_level(&self) -> usize {
        self.files.len().saturating_sub(1)
    }
}

/// The characters of a string literal's spelling (escapes of `\\`, `"` and `'` undone; other
/// escapes kept as written, which is what file names need).
fn unescape(lit: &str) -> String {
    let inner = lit.get(1..lit.len().saturating_sub(1)).unwrap_or("");
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('\\' | '"' | '\'')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The macro of an include guard: the file's first directive is `#ifndef X` (or
/// `#if !defined X`), the `#endif` that closes it is the last thing in the file, and there is
/// no `#else`/`#elif` in between at its level.
fn include_guard(l: &Lexed) -> Option<&str> {
    let toks: Vec<&RawTok> = l.toks.iter().collect();
    let text = |i: usize| toks.get(i).map_or("", |t| l.text(t));
    let is_nl = |i: usize| toks.get(i).is_none_or(|t| t.kind == RawKind::Newline);
    let mut i = 0;
    while i < toks.len() && toks[i].kind == RawKind::Newline {
        i += 1;
    }
    if text(i) != "#" {
        return None;
    }
    let name = match (text(i + 1), text(i + 2), text(i + 3)) {
        ("ifndef", n, _) if is_nl(i + 3) => (n, i + 3),
        ("if", "!", "defined") => match (text(i + 4), text(i + 5), text(i + 6)) {
            ("(", n, ")") if is_nl(i + 7) => (n, i + 7),
            (n, _, _) if is_nl(i + 5) => (n, i + 5),
            _ => return None,
        },
        _ => return None,
    };
    let (name, mut i) = name;
    if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return None;
    }
    let mut depth = 1usize;
    while i < toks.len() {
        let t = toks[i];
        if t.kind == RawKind::Punct && t.flags & LINE_START != 0 && l.text(t) == "#" {
            match text(i + 1) {
                "if" | "ifdef" | "ifndef" => depth += 1,
                "else" | "elif" if depth == 1 => return None,
                "endif" => {
                    depth -= 1;
                    if depth == 0 {
                        // Only line ends may follow the rest of the `#endif` line.
                        let mut j = i + 2;
                        while j < toks.len() && toks[j].kind != RawKind::Newline {
                            j += 1;
                        }
                        return toks[j..]
                            .iter()
                            .all(|t| t.kind == RawKind::Newline)
                            .then_some(name);
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}
