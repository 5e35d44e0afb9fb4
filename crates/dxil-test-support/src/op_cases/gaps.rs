//! Operations without a case, and why.

/// Reserved opcode slots: no operation to call.
const RESERVED: &str = "reserved opcode slot";

/// Minimum precision register operations take a `float*` register operand (`pf32`), which
/// no case makes.
const MIN_PREC_REG: &str = "needs a pf32 register pointer operand (not modelled)";
/// Results of `$vec9` / matrix types and LinAlg matrices.
const VEC9: &str =
    "returns a 9-element vector ($vec9, native vectors of shader model 6.10; not modelled yet)";
const LINALG: &str = "LinAlg matrix operations: need matrix handle types and multi-overload ($x) signatures (not modelled)";

/// The gaps, in opcode order.
pub const GAPS: &[(u32, &str)] = &[
    (2, MIN_PREC_REG),
    (3, MIN_PREC_REG),
    (226, RESERVED),
    (227, RESERVED),
    (228, RESERVED),
    (229, RESERVED),
    (230, RESERVED),
    (231, RESERVED),
    (232, RESERVED),
    (233, RESERVED),
    (234, RESERVED),
    (235, RESERVED),
    (236, RESERVED),
    (237, RESERVED),
    (259, RESERVED),
    (260, RESERVED),
    (261, RESERVED),
    (290, RESERVED),
    (291, RESERVED),
    (292, RESERVED),
    (293, RESERVED),
    (294, RESERVED),
    (295, RESERVED),
    (296, RESERVED),
    (297, RESERVED),
    (298, RESERVED),
    (299, RESERVED),
    (300, RESERVED),
    (301, RESERVED),
    (302, RESERVED),
    (305, RESERVED),
    (306, RESERVED),
    (307, RESERVED),
    (308, RESERVED),
    (0x8000_0007, VEC9),
    (0x8000_0008, VEC9),
    (0x8000_0009, VEC9),
    (0x8000_000A, VEC9),
    (0x8000_000B, LINALG),
    (0x8000_000C, LINALG),
    (0x8000_000D, LINALG),
    (0x8000_000E, LINALG),
    (0x8000_000F, LINALG),
    (0x8000_0010, LINALG),
    (0x8000_0011, LINALG),
    (0x8000_0012, LINALG),
    (0x8000_0013, LINALG),
    (0x8000_0014, LINALG),
    (0x8000_0015, LINALG),
    (0x8000_0017, LINALG),
    (0x8000_0018, LINALG),
    (0x8000_0019, LINALG),
    (0x8000_001A, LINALG),
    (0x8000_001B, LINALG),
    (0x8000_001C, LINALG),
    (0x8000_001D, LINALG),
    (0x8000_001E, LINALG),
    (0x8000_001F, LINALG),
    (0x8000_0020, RESERVED),
];
