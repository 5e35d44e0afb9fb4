//! Preprocessing tokens (C++ [lex.pptoken], as clang's preprocessor forms them for HLSL) and
//! the interner that holds their spelling.

use std::collections::HashMap;

use crate::source::Loc;

/// An interned spelling: identifiers, numbers, literals and punctuators alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(u32);

/// Spellings, each stored once.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    map: HashMap<Box<str>, Sym>,
    strs: Vec<Box<str>>,
}

impl Interner {
    /// The symbol of `s`, adding it when new.
    pub fn intern(&mut self, s: &str) -> Sym {
        if let Some(&sym) = self.map.get(s) {
            return sym;
        }
        // More than 2^32 distinct spellings cannot come from input of at most 4 GiB per file
        // bounded by the token limit; the limit check in the preprocessor comes first.
        let sym = Sym(self.strs.len() as u32);
        let b: Box<str> = s.into();
        self.strs.push(b.clone());
        self.map.insert(b, sym);
        sym
    }

    /// The symbol of `s` if it was interned.
    pub fn get(&self, s: &str) -> Option<Sym> {
        self.map.get(s).copied()
    }

    /// The spelling of `sym`.
    pub fn str(&self, sym: Sym) -> &str {
        &self.strs[sym.0 as usize]
    }

    /// How many spellings.
    pub fn len(&self) -> usize {
        self.strs.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.strs.is_empty()
    }
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// Identifier or keyword.
    Ident,
    /// A preprocessing number (`1`, `0x1Fu`, `1.5e-3f`, `1.xxx`).
    Number,
    /// A character literal (`'a'`).
    Char,
    /// A string literal (`"a"`).
    Str,
    /// A punctuator (`+=`, `::`, `#`...).
    Punct,
    /// A byte or character that is none of the above (a stray `@` or `$`).
    Other,
    /// `#pragma` that the preprocessor passes on: its tokens follow, up to [`TokenKind::PragmaEnd`].
    Pragma,
    /// The end of a pragma's tokens.
    PragmaEnd,
}

/// Flag: whitespace or a comment comes before the token.
pub const LEADING_SPACE: u8 = 1;
/// Flag: the token is the first of its line.
pub const LINE_START: u8 = 2;
/// Flag: an identifier that names a macro but must not be expanded (it appeared inside that
/// macro's own expansion).
pub const NO_EXPAND: u8 = 4;

/// A token: its kind, spelling, flags and places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// Kind.
    pub kind: TokenKind,
    /// [`LEADING_SPACE`], [`LINE_START`], [`NO_EXPAND`].
    pub flags: u8,
    /// Spelling.
    pub sym: Sym,
    /// Where it appears: the invocation of the outermost macro that produced it, or its own
    /// place for a token read from a file.
    pub loc: Loc,
    /// Where its characters are written (the macro definition for a token from a macro body).
    pub spelling: Loc,
}

impl Token {
    /// Whether `flag` is set.
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}
