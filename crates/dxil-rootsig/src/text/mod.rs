//! Root signature text: the string form of `[RootSignature("...")]` and `-T rootsig_1_x`.

mod keywords;
pub(crate) mod lexer;
mod parser;
mod printer;

pub use parser::{parse, parse_form, parse_with_map, SourceMap, TextForm};
pub use printer::{float_text, to_text};
