//! Operations without a case, and why.

/// Reserved opcode slots: no operation to call.
const RESERVED: &str = "reserved opcode slot";

/// The gaps, in opcode order.
pub const GAPS: &[(u32, &str)] = &[
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
    (0x8000_0020, RESERVED),
];
