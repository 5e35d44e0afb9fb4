//! Operations of the experimental table (shader model 6.10) the reference validator
//! accepts.

use super::model::{Arg::*, OpCase};

const SM610: (u32, u32) = (6, 10);

/// The cases of this group.
pub const CASES: &[OpCase] = &[
    OpCase::cs(0x8000_0000, SM610, "void", &[]),
    OpCase::cs(0x8000_0001, SM610, "void", &[]),
    OpCase::cs(0x8000_0002, SM610, "void", &[]),
    OpCase::new(0x8000_0003, "lib", SM610, "void", &[]).entry("closesthit"),
    OpCase::cs(0x8000_0004, SM610, "i32", &[Special("rayquery")]),
    OpCase::cs(0x8000_0005, SM610, "i32", &[Special("rayquery")]),
    OpCase::new(0x8000_0006, "lib", SM610, "i32", &[Special("hitobject")]).entry("raygeneration"),
    OpCase::cs(0x8000_0016, SM610, "void", &[]),
    OpCase::cs(0x8000_0021, SM610, "void", &[]),
    OpCase::cs(0x8000_0022, SM610, "void", &[]),
];
