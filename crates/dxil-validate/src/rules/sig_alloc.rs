//! The register file a signature's placed elements are checked against (DXIL.rst "Signature
//! packing": 32 registers of 4 components; one interpolation mode and one data width per
//! register; arbitrary components left of system values, system generated values right of
//! all others; no system value in a register crossed by an indexed (multi-row) element; an
//! index range meeting a TessFactor range stays inside it).
//!
//! Unlike the packer (`dxil_gen::pack`), which only asks whether an element fits, the
//! validator needs to know which rule an element's declared place breaks, so each check
//! here answers with a [`Conflict`]. The order of the checks decides which rule is reported
//! when several are broken, as in the reference's allocator.

use dxil_ops::SemanticInterpretationKind as Interp;

/// Registers of a signature.
pub(crate) const REGISTERS: u32 = 32;

const OCCUPIED: u8 = 1;
const ARBITRARY: u8 = 2;
const SGV: u8 = 4;
const SV: u8 = 8;
const TESS_FACTOR: u8 = 16;
const CLIP_CULL: u8 = 32;
const CONFLICTS_WITH_INDEXED: u8 = SGV | SV;
const INDEXED_UP: u8 = 1;
const INDEXED_DOWN: u8 = 2;

/// Why an element cannot sit where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Conflict {
    /// A system value inside an index range, or index ranges that do not line up.
    Indexed,
    /// An index range crossing a TessFactor range.
    IndexedTessFactor,
    /// Two interpolation modes in one register.
    InterpolationMode,
    /// Not enough free adjacent components in the row (only tells the column check to run).
    InsufficientFreeComponents,
    /// Components already taken.
    Overlap,
    /// The component ordering rule (arbitrary < SV < SGV).
    ComponentOrder,
    /// Outside the register file.
    Fit,
    /// Two data widths in one register.
    DataWidth,
}

/// Data width of an element's scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Width {
    /// 64-bit or unknown types: no width.
    #[default]
    Undefined,
    /// Native 16-bit types.
    Bits16,
    /// 32-bit types, booleans, and 16-bit types under minimum precision.
    Bits32,
}

impl Width {
    /// The width of a component type of `bits` bits.
    pub fn of(bits: u32, use_min_precision: bool) -> Width {
        match bits {
            16 if use_min_precision => Width::Bits32,
            16 => Width::Bits16,
            1 | 32 => Width::Bits32,
            _ => Width::Undefined,
        }
    }
}

/// What the allocator needs of an element.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// Interpretation at the element's point.
    pub interp: Interp,
    /// Interpolation mode (raw).
    pub mode: u8,
    /// Data width.
    pub width: Width,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
}

impl Shape {
    fn flags(&self) -> u8 {
        match self.interp {
            Interp::Arb => ARBITRARY,
            Interp::SV => SV,
            Interp::SGV => SGV,
            Interp::TessFactor => TESS_FACTOR,
            Interp::ClipCull => CLIP_CULL,
            _ => 0,
        }
    }
}

fn conflicts_left(flags: u8) -> u8 {
    let mut c = 0;
    if flags & ARBITRARY != 0 {
        c |= SGV | SV | TESS_FACTOR | CLIP_CULL;
    }
    if flags & (SV | TESS_FACTOR | CLIP_CULL) != 0 {
        c |= SGV;
    }
    c
}

fn conflicts_right(flags: u8) -> u8 {
    let mut c = 0;
    if flags & SGV != 0 {
        c |= ARBITRARY | SV | TESS_FACTOR | CLIP_CULL;
    }
    if flags & (SV | TESS_FACTOR | CLIP_CULL) != 0 {
        c |= ARBITRARY;
    }
    c
}

fn index_flags(row: u32, rows: u32) -> u8 {
    (if row > 0 { INDEXED_UP } else { 0 }) | (if row + 1 < rows { INDEXED_DOWN } else { 0 })
}

#[derive(Clone, Copy, Default)]
struct Register {
    /// Per component: the occupant's flags, or the flags that may not be placed there.
    flags: [u8; 4],
    mode: u8,
    index_flags: u8,
    indexing_fixed: bool,
    width: Width,
}

impl Register {
    fn row_conflict(
        &self,
        flags: u8,
        index: u8,
        mode: u8,
        cols: u32,
        width: Width,
    ) -> Option<Conflict> {
        if self.index_flags != 0 && flags & CONFLICTS_WITH_INDEXED != 0 {
            return Some(Conflict::Indexed);
        }
        if self.indexing_fixed && (index | self.index_flags) != self.index_flags {
            return Some(Conflict::Indexed);
        }
        if flags & TESS_FACTOR != 0 && (index | self.index_flags) != index {
            return Some(Conflict::IndexedTessFactor);
        }
        if self.mode != 0 && self.mode != mode {
            return Some(Conflict::InterpolationMode);
        }
        if self.width != Width::Undefined && self.width != width {
            return Some(Conflict::DataWidth);
        }
        let mut free = 0;
        for f in self.flags {
            if f & OCCUPIED != 0 || f & flags != 0 {
                free = 0;
            } else {
                free += 1;
            }
            if cols <= free {
                return None;
            }
        }
        (cols > free).then_some(Conflict::InsufficientFreeComponents)
    }

    fn col_conflict(&self, flags: u8, col: u32, cols: u32) -> Option<Conflict> {
        if col.checked_add(cols).is_none_or(|end| end > 4) {
            return Some(Conflict::Fit);
        }
        let flags = flags | OCCUPIED;
        for &f in &self.flags[col as usize..(col + cols) as usize] {
            if f & flags != 0 {
                return Some(if f & OCCUPIED != 0 {
                    Conflict::Overlap
                } else {
                    Conflict::ComponentOrder
                });
            }
        }
        None
    }

    fn place(&mut self, flags: u8, index: u8, mode: u8, col: u32, cols: u32, width: Width) {
        self.mode = mode;
        self.index_flags |= index;
        self.width = width;
        if flags & (CONFLICTS_WITH_INDEXED | TESS_FACTOR) != 0 {
            self.indexing_fixed = true;
        }
        let (left, right) = (conflicts_left(flags), conflicts_right(flags));
        for (i, f) in self.flags.iter_mut().enumerate() {
            let i = i as u32;
            if *f & OCCUPIED == 0 {
                if i < col {
                    *f |= left;
                } else if i < col.saturating_add(cols) {
                    *f = OCCUPIED | flags;
                } else {
                    *f |= right;
                }
            }
        }
    }
}

/// A register file.
pub(crate) struct Allocator {
    regs: [Register; REGISTERS as usize],
}

impl Allocator {
    /// An empty register file.
    pub fn new() -> Allocator {
        Allocator {
            regs: [Register::default(); REGISTERS as usize],
        }
    }

    /// The rows `row..row + rows` as register indices, when inside the file.
    fn rows(&self, s: &Shape, row: u32) -> Option<std::ops::Range<usize>> {
        let end = row.checked_add(s.rows)?;
        (end <= REGISTERS).then_some(row as usize..end as usize)
    }

    /// What keeps `s` out of rows `row..`, looking at whole rows (modes, widths, indexing,
    /// free room).
    pub fn row_conflict(&self, s: &Shape, row: u32) -> Option<Conflict> {
        let Some(range) = self.rows(s, row) else {
            return Some(Conflict::Fit);
        };
        let flags = s.flags();
        for (i, r) in range.enumerate() {
            let c = self.regs[r].row_conflict(
                flags,
                index_flags(i as u32, s.rows),
                s.mode,
                s.cols,
                s.width,
            );
            if c.is_some() {
                return c;
            }
        }
        None
    }

    /// What keeps `s` out of column `col` of rows `row..`.
    pub fn col_conflict(&self, s: &Shape, row: u32, col: u32) -> Option<Conflict> {
        let Some(range) = self.rows(s, row) else {
            return Some(Conflict::Fit);
        };
        let flags = s.flags();
        range
            .into_iter()
            .find_map(|r| self.regs[r].col_conflict(flags, col, s.cols))
    }

    /// Places `s` at (`row`, `col`) (no conflict checked).
    pub fn place(&mut self, s: &Shape, row: u32, col: u32) {
        let Some(range) = self.rows(s, row) else {
            return;
        };
        let flags = s.flags();
        for (i, r) in range.enumerate() {
            self.regs[r].place(
                flags,
                index_flags(i as u32, s.rows),
                s.mode,
                col,
                s.cols,
                s.width,
            );
        }
    }

    /// Finds the first place for `s` (rows in order, then columns) and takes it; `false`
    /// when there is none.
    pub fn pack_next(&mut self, s: &Shape) -> bool {
        if s.rows > REGISTERS || s.cols > 4 {
            return false;
        }
        for row in 0..=REGISTERS - s.rows {
            if self.row_conflict(s, row).is_some() {
                continue;
            }
            for col in 0..=4 - s.cols {
                if self.col_conflict(s, row, col).is_none() {
                    self.place(s, row, col);
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(interp: Interp, mode: u8, rows: u32, cols: u32) -> Shape {
        Shape {
            interp,
            mode,
            width: Width::Bits32,
            rows,
            cols,
        }
    }

    #[test]
    fn conflicts_are_named() {
        let mut a = Allocator::new();
        let arb = shape(Interp::Arb, 2, 1, 2);
        assert_eq!(a.row_conflict(&arb, 0), None);
        a.place(&arb, 0, 0);
        assert_eq!(a.col_conflict(&arb, 0, 1), Some(Conflict::Overlap));
        assert_eq!(a.col_conflict(&arb, 0, 3), Some(Conflict::Fit));
        let other_mode = shape(Interp::Arb, 1, 1, 1);
        assert_eq!(
            a.row_conflict(&other_mode, 0),
            Some(Conflict::InterpolationMode)
        );
        // A system value may not sit left of arbitrary components.
        let mut b = Allocator::new();
        b.place(&shape(Interp::Arb, 2, 1, 1), 0, 2);
        assert_eq!(b.col_conflict(&shape(Interp::SV, 2, 1, 1), 0, 3), None);
        let sgv = shape(Interp::SGV, 2, 1, 1);
        assert_eq!(b.col_conflict(&sgv, 0, 0), Some(Conflict::ComponentOrder));
        // Indexed rows refuse system values.
        let mut c = Allocator::new();
        c.place(&shape(Interp::Arb, 2, 2, 1), 0, 0);
        assert_eq!(
            c.row_conflict(&shape(Interp::SV, 2, 1, 1), 1),
            Some(Conflict::Indexed)
        );
        assert_eq!(
            c.row_conflict(&shape(Interp::Arb, 2, 31, 1), 2),
            Some(Conflict::Fit)
        );
    }

    #[test]
    fn pack_next_takes_the_first_free_place() {
        let mut a = Allocator::new();
        let s = shape(Interp::Arb, 1, 1, 4);
        for _ in 0..REGISTERS {
            assert!(a.pack_next(&s));
        }
        assert!(!a.pack_next(&s));
    }
}
