//! Macro definitions (C++ [cpp.replace]): object-like and function-like, with `#`, `##` and
//! variadic parameters, checked when defined.

use super::token::{Sym, Token, LEADING_SPACE};
use crate::source::Loc;

/// What a macro does when it is expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Body {
    /// Its replacement list.
    Tokens(std::rc::Rc<[Token]>),
    /// `__LINE__`.
    Line,
    /// `__FILE__`.
    File,
    /// `__COUNTER__`.
    Counter,
    /// `__INCLUDE_LEVEL__`.
    IncludeLevel,
}

/// One definition.
#[derive(Clone, Debug)]
pub(crate) struct Macro {
    /// `None` for an object-like macro; the parameters (the variadic one last, spelled
    /// `__VA_ARGS__` or its GNU name) for a function-like one.
    pub params: Option<Vec<Sym>>,
    pub variadic: bool,
    pub body: Body,
    /// Where it was defined (`None` for the predefined and command-line ones).
    pub loc: Option<Loc>,
}

impl Macro {
    /// Whether `other` is the same definition (C++ [cpp.replace]p2: same parameters, same
    /// replacement list, whitespace between tokens the same in kind, not in amount).
    pub fn same_as(&self, other: &Macro) -> bool {
        if self.params != other.params || self.variadic != other.variadic {
            return false;
        }
        match (&self.body, &other.body) {
            (Body::Tokens(a), Body::Tokens(b)) => {
                a.len() == b.len()
                    && a.iter().zip(b.iter()).enumerate().all(|(i, (x, y))| {
                        x.kind == y.kind
                            && x.sym == y.sym
                            && (i == 0 || x.has(LEADING_SPACE) == y.has(LEADING_SPACE))
                    })
            }
            (a, b) => a == b,
        }
    }

    /// The index of parameter `sym`.
    pub fn param(&self, sym: Sym) -> Option<usize> {
        self.params.as_ref()?.iter().position(|&p| p == sym)
    }
}
