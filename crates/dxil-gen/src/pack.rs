//! The signature packer (DXIL.rst "Signature packing": packing kinds, the seven
//! constraints, packing for SGVs). Places elements the way the reference's allocator does
//! (facts of DXC's `DxilSignatureAllocator` and `PackDxilSignature`): prefix-stable
//! packing (the reference's default) or optimized packing.
//!
//! Per packing kind: input assembler elements take consecutive rows at column 0; pixel
//! targets take the row of their first semantic index; vertex and patch constant
//! signatures are packed into 32 registers of 4 components (GS outputs per stream).
//! Elements whose interpretation is NA, NotInSig, NotPacked or Shadow are not placed.
//!
//! Each register keeps, per component, the flags of the element occupying it or the
//! flags of elements that may not be placed there (ordering: arbitrary left of system
//! values left of SGVs), its interpolation mode, its data width (16/32-bit), and the
//! indexing direction of multi-row elements crossing it.

use crate::sigpoint::SigPointInfo;
use dxil_ops::{PackingKind, SemanticInterpretationKind, SigPointKind};

/// Number of registers of a packed signature.
pub const REGISTERS: u32 = 32;
/// Registers clip and cull distances may occupy together.
pub const MAX_CLIP_CULL_ROWS: u32 = 2;

/// Width of an element's scalars for packing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DataWidth {
    /// 64-bit or unknown types (no constraint).
    #[default]
    Undefined,
    /// Native 16-bit types.
    Bits16,
    /// 32-bit types, booleans and minimum-precision types.
    Bits32,
}

impl DataWidth {
    /// The width of DXIL component type `ct` (raw); 16-bit types count as 32-bit when the
    /// module uses minimum precision. 64-bit, packed and unknown types have none.
    pub fn of(ct: u32, use_min_precision: bool) -> DataWidth {
        use dxil_parts::names::ComponentType::*;
        match dxil_parts::names::ComponentType::from_raw(ct) {
            Some(I16 | U16 | F16 | SNormF16 | UNormF16) if use_min_precision => DataWidth::Bits32,
            Some(I16 | U16 | F16 | SNormF16 | UNormF16) => DataWidth::Bits16,
            Some(I1 | I32 | U32 | F32 | SNormF32 | UNormF32) => DataWidth::Bits32,
            _ => DataWidth::Undefined,
        }
    }
}

/// The packing strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Appended elements never move earlier ones (the reference's default).
    PrefixStable,
    /// Sorted, greedy by class (`-pack-optimized`).
    Optimized,
}

/// One element to place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackElement {
    /// Element id (ties in optimized packing).
    pub id: u32,
    /// Semantic kind, raw.
    pub kind: u32,
    /// Interpolation mode, raw (0: undefined).
    pub interpolation: u8,
    /// Interpretation at the signature point.
    pub interpretation: SemanticInterpretationKind,
    /// Scalar width.
    pub width: DataWidth,
    /// Rows.
    pub rows: u32,
    /// Columns (1 to 4).
    pub cols: u32,
    /// GS output stream.
    pub stream: u32,
    /// First semantic index (pixel targets: the render target).
    pub start_index: u32,
    /// The placement: (start row, start column); `None` when not placed.
    pub location: Option<(u32, u32)>,
}

impl PackElement {
    /// Whether the packer places elements of this interpretation.
    pub fn should_allocate(&self) -> bool {
        !matches!(
            self.interpretation,
            SemanticInterpretationKind::NA
                | SemanticInterpretationKind::NotInSig
                | SemanticInterpretationKind::NotPacked
                | SemanticInterpretationKind::Shadow
        )
    }
}

const OCCUPIED: u8 = 1;
const ARBITRARY: u8 = 2;
const SGV: u8 = 4;
const SV: u8 = 8;
const TESS_FACTOR: u8 = 16;
const CLIP_CULL: u8 = 32;
const CONFLICTS_WITH_INDEXED: u8 = SGV | SV;
const INDEXED_UP: u8 = 1;
const INDEXED_DOWN: u8 = 2;

fn element_flags(i: SemanticInterpretationKind) -> u8 {
    match i {
        SemanticInterpretationKind::Arb => ARBITRARY,
        SemanticInterpretationKind::SV => SV,
        SemanticInterpretationKind::SGV => SGV,
        SemanticInterpretationKind::TessFactor => TESS_FACTOR,
        SemanticInterpretationKind::ClipCull => CLIP_CULL,
        _ => 0,
    }
}

/// Flags that may not sit to the left of an element with `flags`.
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

/// Flags that may not sit to the right of an element with `flags`.
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

/// Why a shape cannot sit at a place. The packer only asks whether it fits; the validator
/// reports which rule a declared place breaks, and the order of the checks decides which
/// one when several are broken, as in the reference's allocator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conflict {
    /// A system value inside an index range, or index ranges that do not line up.
    Indexed,
    /// An index range crossing a TessFactor range.
    IndexedTessFactor,
    /// Two interpolation modes in one register.
    InterpolationMode,
    /// Not enough free adjacent components in the row (the column check tells more).
    InsufficientFreeComponents,
    /// Components already taken.
    Overlap,
    /// The component ordering rule (arbitrary left of system values left of SGVs).
    ComponentOrder,
    /// Outside the register file.
    Fit,
    /// Two data widths in one register.
    DataWidth,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Register {
    /// Per component: the occupant's flags, or the flags that may not be placed there.
    flags: [u8; 4],
    interp: u8,
    index_flags: u8,
    indexing_fixed: bool,
    width: DataWidth,
}

impl Register {
    fn row_conflict(
        &self,
        flags: u8,
        index: u8,
        interp: u8,
        cols: u32,
        width: DataWidth,
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
        if self.interp != 0 && self.interp != interp {
            return Some(Conflict::InterpolationMode);
        }
        if self.width != DataWidth::Undefined && self.width != width {
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
        Some(Conflict::InsufficientFreeComponents)
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

    fn place(&mut self, flags: u8, index: u8, interp: u8, col: u32, cols: u32, width: DataWidth) {
        self.interp = interp;
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

/// What an allocator places: an element, or a stand-in for the rows clip and cull
/// distances take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Interpretation at the signature point.
    pub interpretation: SemanticInterpretationKind,
    /// Interpolation mode, raw (0: undefined, constrains nothing).
    pub interpolation: u8,
    /// Scalar width.
    pub width: DataWidth,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
}

impl Shape {
    /// The shape of element `e`.
    pub fn of(e: &PackElement) -> Shape {
        Shape {
            interpretation: e.interpretation,
            interpolation: e.interpolation,
            width: e.width,
            rows: e.rows,
            cols: e.cols,
        }
    }

    fn flags(&self) -> u8 {
        element_flags(self.interpretation)
    }
}

/// A register file being packed: per register and component, who sits there or what may
/// not, its interpolation mode, data width and indexing.
#[derive(Clone, Debug)]
pub struct Allocator {
    regs: Vec<Register>,
}

impl Allocator {
    /// An empty file of `n` registers ([`REGISTERS`] for a signature).
    pub fn new(n: u32) -> Allocator {
        Allocator {
            regs: vec![Register::default(); n as usize],
        }
    }

    /// The rows `row..row + s.rows` as register indices, when inside the file.
    fn rows(&self, s: &Shape, row: u32) -> Option<std::ops::Range<usize>> {
        let end = row.checked_add(s.rows)?;
        (end as usize <= self.regs.len()).then_some(row as usize..end as usize)
    }

    /// What keeps `s` out of rows `row..`, looking at whole rows (modes, widths, indexing,
    /// free room).
    pub fn row_conflict(&self, s: &Shape, row: u32) -> Option<Conflict> {
        let Some(range) = self.rows(s, row) else {
            return Some(Conflict::Fit);
        };
        let flags = s.flags();
        range.enumerate().find_map(|(i, r)| {
            self.regs[r].row_conflict(
                flags,
                index_flags(i as u32, s.rows),
                s.interpolation,
                s.cols,
                s.width,
            )
        })
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

    /// Places `s` at (`row`, `col`) (no conflict checked; rows outside the file are left
    /// out).
    pub fn place(&mut self, s: &Shape, row: u32, col: u32) {
        let flags = s.flags();
        for i in 0..s.rows {
            let Some(r) = row
                .checked_add(i)
                .and_then(|r| self.regs.get_mut(r as usize))
            else {
                break;
            };
            r.place(
                flags,
                index_flags(i, s.rows),
                s.interpolation,
                col,
                s.cols,
                s.width,
            );
        }
    }

    /// The first (row, column) in `start_row..start_row + num_rows`, columns from
    /// `start_col` on, where `s` fits, and the row after it.
    pub fn find(
        &self,
        s: &Shape,
        start_row: u32,
        num_rows: u32,
        start_col: u32,
    ) -> Option<(u32, u32, u32)> {
        if s.rows > num_rows || s.rows == 0 || s.cols == 0 || start_col + s.cols > 4 {
            return None;
        }
        for row in start_row..=(start_row + num_rows - s.rows) {
            if self.row_conflict(s, row).is_some() {
                continue;
            }
            for col in start_col..=(4 - s.cols) {
                if self.col_conflict(s, row, col).is_none() {
                    return Some((row, col, row + s.rows));
                }
            }
        }
        None
    }

    /// Places `s` at the first place [`Allocator::find`] gives; the row after it, `None`
    /// when there is none.
    pub fn pack(
        &mut self,
        s: &Shape,
        start_row: u32,
        num_rows: u32,
        start_col: u32,
    ) -> Option<u32> {
        let (row, col, used) = self.find(s, start_row, num_rows, start_col)?;
        self.place(s, row, col);
        Some(used)
    }

    fn pack_next(
        &mut self,
        e: &mut PackElement,
        start_row: u32,
        num_rows: u32,
        start_col: u32,
    ) -> u32 {
        let s = Shape::of(e);
        match self.find(&s, start_row, num_rows, start_col) {
            Some((row, col, used)) => {
                self.place(&s, row, col);
                e.location = Some((row, col));
                used
            }
            None => 0,
        }
    }

    fn pack_prefix_stable(
        &mut self,
        els: &mut [&mut PackElement],
        start_row: u32,
        num_rows: u32,
    ) -> u32 {
        let mut used = 0;
        let mut cc_used = 0u32;
        let mut cc_indexed = false;
        let mut cc_alloc = Allocator::new(MAX_CLIP_CULL_ROWS);
        // Stand-ins for the (up to two) registers clip/cull distances occupy: their row.
        let mut cc_rows: [Option<u32>; 2] = [None, None];
        for e in els.iter_mut() {
            e.location = None;
            match e.interpretation {
                SemanticInterpretationKind::ClipCull => {
                    let s = Shape::of(e);
                    let Some((row, col, need)) = cc_alloc.find(&s, 0, MAX_CLIP_CULL_ROWS, 0) else {
                        continue;
                    };
                    if e.rows > 1 && !cc_indexed {
                        if cc_used == MAX_CLIP_CULL_ROWS && cc_rows[0].map(|r| r + 1) != cc_rows[1]
                        {
                            continue;
                        }
                        cc_indexed = true;
                    }
                    if need > cc_used {
                        let mut stand_in = Shape {
                            rows: 1,
                            cols: 4,
                            ..s
                        };
                        if cc_indexed {
                            if cc_used < 1 {
                                stand_in.rows = MAX_CLIP_CULL_ROWS;
                                match self.find(&stand_in, start_row, num_rows, 0) {
                                    Some((r, c, u)) => {
                                        self.place(&stand_in, r, c);
                                        used = used.max(u);
                                        cc_rows = [Some(r), Some(r + 1)];
                                    }
                                    None => continue,
                                }
                            } else {
                                let Some(r0) = cc_rows[0] else { continue };
                                // The second register must be the one right after the
                                // first. (The reference searches from there on, which can
                                // put an indexed element over a register it does not own;
                                // no corpus shader reaches that case.)
                                match self.find(&stand_in, r0 + 1, 1, 0) {
                                    Some((r, c, u)) => {
                                        self.place(&stand_in, r, c);
                                        used = used.max(u);
                                        cc_rows[1] = Some(r);
                                    }
                                    None => continue,
                                }
                            }
                            cc_used = MAX_CLIP_CULL_ROWS;
                        } else {
                            match self.find(&stand_in, start_row, num_rows, 0) {
                                Some((r, c, u)) => {
                                    self.place(&stand_in, r, c);
                                    used = used.max(u);
                                    cc_rows[cc_used as usize] = Some(r);
                                }
                                None => continue,
                            }
                            cc_used = need;
                        }
                    }
                    cc_alloc.place(&s, row, col);
                    if let Some(r) = cc_rows.get(row as usize).copied().flatten() {
                        e.location = Some((r, col));
                    }
                    continue;
                }
                SemanticInterpretationKind::TessFactor if e.rows > 1 => {
                    used = used.max(self.pack_next(e, start_row, num_rows, 3));
                    continue;
                }
                _ => {}
            }
            used = used.max(self.pack_next(e, start_row, num_rows, 0));
        }
        used
    }

    fn pack_optimized(
        &mut self,
        els: &mut [&mut PackElement],
        mut start_row: u32,
        num_rows: u32,
    ) -> u32 {
        let mut used = 0;
        let mut vec4 = Vec::new();
        let mut arb = Vec::new();
        let mut sv = Vec::new();
        let mut sgv = Vec::new();
        let mut tess = Vec::new();
        let mut cc = Vec::new();
        for (i, e) in els.iter_mut().enumerate() {
            e.location = None;
            match e.interpretation {
                SemanticInterpretationKind::Arb | SemanticInterpretationKind::SV if e.cols == 4 => {
                    vec4.push(i)
                }
                SemanticInterpretationKind::Arb => arb.push(i),
                SemanticInterpretationKind::SV => sv.push(i),
                SemanticInterpretationKind::ClipCull => cc.push(i),
                SemanticInterpretationKind::SGV => sgv.push(i),
                SemanticInterpretationKind::TessFactor if e.rows > 1 => tess.push(i),
                SemanticInterpretationKind::TessFactor => sv.push(i),
                _ => {}
            }
        }
        let sort = |list: &mut Vec<usize>, els: &[&mut PackElement]| {
            let key = |i: &usize| {
                let e = &els[*i];
                (
                    e.interpolation,
                    std::cmp::Reverse(e.rows),
                    std::cmp::Reverse(e.cols),
                    e.id,
                )
            };
            crate::stdsort::std_sort(list, &|a, b| key(a) < key(b));
        };
        let greedy = |this: &mut Allocator,
                      list: &[usize],
                      els: &mut [&mut PackElement],
                      start: u32,
                      col: u32| {
            let mut u = 0;
            for &i in list {
                u = u.max(this.pack_next(els[i], start, num_rows, col));
            }
            u
        };
        if !vec4.is_empty() {
            sort(&mut vec4, els);
            used = used.max(greedy(self, &vec4, els, start_row, 0));
            start_row = start_row.max(used);
        }
        if !tess.is_empty() {
            sort(&mut tess, els);
            used = used.max(greedy(self, &tess, els, start_row, 3));
        }
        if !arb.is_empty() {
            sort(&mut arb, els);
            used = used.max(greedy(self, &arb, els, start_row, 0));
        }
        if !sv.is_empty() {
            sort(&mut sv, els);
            used = used.max(greedy(self, &sv, els, start_row, 0));
        }
        sort(&mut cc, els);
        let multi_row_cols: u32 = cc
            .iter()
            .filter(|&&i| els[i].rows > 1)
            .map(|&i| els[i].cols)
            .sum();
        if multi_row_cols == 0 {
            let mut cc_alloc = Allocator::new(MAX_CLIP_CULL_ROWS);
            let cc_used = greedy(&mut cc_alloc, &cc, els, 0, 0);
            let mut by_row: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
            for &i in &cc {
                if let Some((r, _)) = els[i].location.take() {
                    if let Some(list) = by_row.get_mut(r as usize) {
                        list.push(i);
                    }
                }
            }
            for list in by_row.iter().take(cc_used as usize) {
                let Some(&first) = list.first() else { continue };
                let f = &els[first];
                let s = Shape {
                    rows: 1,
                    cols: list.iter().map(|&i| els[i].cols).sum(),
                    ..Shape::of(f)
                };
                'rows: for row in start_row..start_row + num_rows {
                    if self.row_conflict(&s, row).is_some() {
                        continue;
                    }
                    for col in 0..=4u32.saturating_sub(s.cols) {
                        if self.col_conflict(&s, row, col).is_some() {
                            continue;
                        }
                        let mut c = col;
                        for &i in list {
                            let es = Shape::of(els[i]);
                            self.place(&es, row, c);
                            els[i].location = Some((row, c));
                            c += els[i].cols;
                        }
                        used = used.max(row + 1);
                        break 'rows;
                    }
                }
            }
        } else if num_rows > 1 {
            for i in 0..num_rows - 1 {
                let row = start_row + i;
                let (Some(r0), Some(r1)) =
                    (self.regs.get(row as usize), self.regs.get(row as usize + 1))
                else {
                    break;
                };
                let mut trial = Allocator {
                    regs: vec![*r0, *r1],
                };
                greedy(&mut trial, &cc, els, 0, 0);
                let all = cc.iter().all(|&i| els[i].location.is_some());
                for &i in &cc {
                    els[i].location = None;
                }
                if all {
                    greedy(self, &cc, els, row, 0);
                    break;
                }
            }
        }
        if !sgv.is_empty() {
            sort(&mut sgv, els);
            used = used.max(greedy(self, &sgv, els, start_row, 0));
        }
        used
    }
}

/// Places the elements of one signature at `point`; returns the rows used. Elements the
/// packer does not place get `location = None`.
pub fn pack_signature(
    elements: &mut [PackElement],
    point: SigPointKind,
    strategy: Strategy,
) -> u32 {
    let mut list: Vec<&mut PackElement> = Vec::with_capacity(elements.len());
    for e in elements.iter_mut() {
        if e.should_allocate() {
            list.push(e);
        } else {
            e.location = None;
        }
    }
    let mut used = 0;
    if point == SigPointKind::GSOut {
        for stream in 0..4 {
            let mut part: Vec<&mut PackElement> = Vec::new();
            for e in list.iter_mut() {
                if e.stream == stream {
                    part.push(e);
                }
            }
            if part.is_empty() {
                continue;
            }
            let mut a = Allocator::new(REGISTERS);
            let u = match strategy {
                Strategy::PrefixStable => a.pack_prefix_stable(&mut part, 0, REGISTERS),
                Strategy::Optimized => a.pack_optimized(&mut part, 0, REGISTERS),
            };
            used = used.max(u);
        }
        return used;
    }
    match point.packing() {
        // No point of a shader's signature is `Invalid`; like `None`, it places nothing.
        PackingKind::None | PackingKind::Invalid => {}
        PackingKind::InputAssembler => {
            for e in list.iter_mut() {
                e.location = Some((used, 0));
                used = used.saturating_add(e.rows);
            }
        }
        PackingKind::Vertex | PackingKind::PatchConstant => {
            let mut a = Allocator::new(REGISTERS);
            used = match strategy {
                Strategy::PrefixStable => a.pack_prefix_stable(&mut list, 0, REGISTERS),
                Strategy::Optimized => a.pack_optimized(&mut list, 0, REGISTERS),
            };
        }
        PackingKind::Target => {
            for e in list.iter_mut() {
                if e.kind != 16 {
                    continue;
                }
                e.location = Some((e.start_index, 0));
                used = used.max(e.start_index.saturating_add(e.rows));
            }
        }
    }
    used
}

/// A packing constraint placements break (DXIL.rst "Signature packing"), with the
/// elements (by id) and the register it concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementErrorKind {
    /// An element of an interpretation the packer does not place has a place.
    #[error("element {element} is placed but must not be")]
    NotPacked {
        /// The element.
        element: u32,
    },
    /// An element reaches outside the 32 x 4 register space.
    #[error("element {element} leaves the register space")]
    OutOfRange {
        /// The element.
        element: u32,
    },
    /// Two elements take one component.
    #[error("elements {first} and {second} overlap at r{row}.{col}")]
    Overlap {
        /// The element placed first.
        first: u32,
        /// The element placed over it.
        second: u32,
        /// The register.
        row: u32,
        /// The component.
        col: u32,
    },
    /// Constraint 1: two interpolation modes in one register.
    #[error("r{row}: mixed interpolation modes (constraint 1)")]
    InterpolationMode {
        /// The register.
        row: usize,
    },
    /// Constraints 2 and 7: a system value left of arbitrary components, or an SGV left of
    /// others.
    #[error("r{row}: system value left of arbitrary or SGV left of others (constraints 2, 7)")]
    ComponentOrder {
        /// The register.
        row: usize,
    },
    /// Constraint 4: a system value in a register an index range crosses.
    #[error("r{row}: system value inside an index range (constraint 4)")]
    SystemValueIndexed {
        /// The register.
        row: usize,
    },
    /// Constraint 3: clip and cull distances in more than two registers.
    #[error("clip/cull distances in {rows} registers (constraint 3)")]
    ClipCullRows {
        /// The registers they take.
        rows: u32,
    },
    /// Constraint 5: an index range overlapping a TessFactor range reaches outside it.
    #[error("index range of {element} crosses TessFactor range of {tess_factor} (constraint 5)")]
    TessFactorCrossed {
        /// The element with the index range.
        element: u32,
        /// The TessFactor element.
        tess_factor: u32,
    },
}

/// The first packing constraint a signature's placements break ([`check_placement`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct PlacementError {
    kind: PlacementErrorKind,
}

impl PlacementError {
    /// Which constraint, and where.
    pub fn kind(&self) -> &PlacementErrorKind {
        &self.kind
    }
}

impl From<PlacementErrorKind> for PlacementError {
    fn from(kind: PlacementErrorKind) -> Self {
        PlacementError { kind }
    }
}

/// Checks the placements of one signature against the spec's packing constraints: every
/// placed element inside the 32 x 4 register space without overlap (per GS stream);
/// (1) one interpolation mode per register (undefined modes aside); (2) system values right of arbitrary
/// components and SGVs right of all others; (3) clip/cull distances in at most 2
/// registers; (4) no register inside a multi-row (indexed) element holds a system value;
/// (5) an index range overlapping a TessFactor range lies inside it; (6) overlapping
/// index ranges share their registers (implied by the checks above); (7) SGVs are never
/// left of other elements. Returns the first violation.
pub fn check_placement(
    elements: &[PackElement],
    point: SigPointKind,
) -> Result<(), PlacementError> {
    let packing = point.packing();
    let placed: Vec<(&PackElement, u32, u32)> = elements
        .iter()
        .filter_map(|e| e.location.map(|(r, c)| (e, r, c)))
        .collect();
    for (e, r, c) in &placed {
        if !e.should_allocate() {
            return Err(PlacementErrorKind::NotPacked { element: e.id }.into());
        }
        if r.saturating_add(e.rows) > REGISTERS || c.saturating_add(e.cols) > 4 {
            return Err(PlacementErrorKind::OutOfRange { element: e.id }.into());
        }
    }
    let streams = if point == SigPointKind::GSOut { 4 } else { 1 };
    for stream in 0..streams {
        // Per register and component: the element occupying it.
        let mut grid: Vec<[Option<&PackElement>; 4]> = vec![[None; 4]; REGISTERS as usize];
        for &(e, r, c) in placed
            .iter()
            .filter(|(e, _, _)| streams == 1 || e.stream == stream)
        {
            for row in r..r + e.rows {
                for col in c..c + e.cols {
                    let slot = &mut grid[row as usize][col as usize];
                    if let Some(o) = slot {
                        return Err(PlacementErrorKind::Overlap {
                            first: o.id,
                            second: e.id,
                            row,
                            col,
                        }
                        .into());
                    }
                    *slot = Some(e);
                }
            }
        }
        if !matches!(packing, PackingKind::Vertex | PackingKind::PatchConstant) {
            continue;
        }
        let rank = |e: &PackElement| match e.interpretation {
            SemanticInterpretationKind::Arb => 0,
            SemanticInterpretationKind::SGV => 2,
            _ => 1,
        };
        let mut clip_cull_rows = 0;
        for (row, reg) in grid.iter().enumerate() {
            let present: Vec<&PackElement> = reg.iter().flatten().copied().collect();
            // Undefined interpolation (0) constrains nothing.
            let modes: Vec<u8> = present
                .iter()
                .map(|e| e.interpolation)
                .filter(|&m| m != 0)
                .collect();
            if modes.windows(2).any(|w| w[0] != w[1]) {
                return Err(PlacementErrorKind::InterpolationMode { row }.into());
            }
            if present.windows(2).any(|w| rank(w[0]) > rank(w[1])) {
                return Err(PlacementErrorKind::ComponentOrder { row }.into());
            }
            if present
                .iter()
                .any(|e| e.interpretation == SemanticInterpretationKind::ClipCull)
            {
                clip_cull_rows += 1;
            }
            let indexed = present.iter().any(|e| e.rows > 1);
            if indexed
                && present.iter().any(|e| {
                    matches!(
                        e.interpretation,
                        SemanticInterpretationKind::SV | SemanticInterpretationKind::SGV
                    )
                })
            {
                return Err(PlacementErrorKind::SystemValueIndexed { row }.into());
            }
        }
        if clip_cull_rows > MAX_CLIP_CULL_ROWS {
            return Err(PlacementErrorKind::ClipCullRows {
                rows: clip_cull_rows,
            }
            .into());
        }
        let ranges: Vec<(&PackElement, u32, u32)> = placed
            .iter()
            .filter(|(e, _, _)| e.rows > 1 && (streams == 1 || e.stream == stream))
            .map(|&(e, r, _)| (e, r, r + e.rows))
            .collect();
        for &(t, ts, te) in ranges
            .iter()
            .filter(|(e, _, _)| e.interpretation == SemanticInterpretationKind::TessFactor)
        {
            for &(o, os, oe) in &ranges {
                if std::ptr::eq(o, t) || os >= te || ts >= oe {
                    continue;
                }
                if os < ts || oe > te {
                    return Err(PlacementErrorKind::TessFactorCrossed {
                        element: o.id,
                        tess_factor: t.id,
                    }
                    .into());
                }
            }
        }
    }
    Ok(())
}

/// The packer's view of a signature's metadata elements at `point` (interpretation from
/// the spec table after recovering the element's real point; data width from the
/// component type and the module's precision mode); locations are cleared.
pub fn elements_from_metadata(
    elements: &[dxil_module::model::SignatureElement],
    point: SigPointKind,
    use_min_precision: bool,
) -> Vec<PackElement> {
    elements
        .iter()
        .map(|e| {
            let kind = u32::from(e.semantic_kind);
            PackElement {
                id: e.id,
                kind,
                interpolation: e.interpolation_mode,
                interpretation: point.recover(kind).interpretation(kind),
                width: DataWidth::of(u32::from(e.component_type), use_min_precision),
                rows: e.rows,
                cols: u32::from(e.cols),
                stream: e.output_stream(),
                start_index: e.semantic_indices.first().copied().unwrap_or(0),
                location: None,
            }
        })
        .collect()
}

/// Repacks `elements` (a signature's metadata at `point`) and writes the placements into
/// their start row and column (`-1, -1` for elements the packer does not place); returns
/// the rows used.
pub fn repack_metadata(
    elements: &mut [dxil_module::model::SignatureElement],
    point: SigPointKind,
    use_min_precision: bool,
    strategy: Strategy,
) -> u32 {
    let mut pack = elements_from_metadata(elements, point, use_min_precision);
    let used = pack_signature(&mut pack, point, strategy);
    for (e, p) in elements.iter_mut().zip(&pack) {
        let (row, col) = p.location.map_or((-1, -1), |(r, c)| (r as i32, c as i8));
        e.start_row = row;
        e.start_col = col;
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;
    use SemanticInterpretationKind as Interp;

    fn shape(interpretation: Interp, interpolation: u8, rows: u32, cols: u32) -> Shape {
        Shape {
            interpretation,
            interpolation,
            width: DataWidth::Bits32,
            rows,
            cols,
        }
    }

    #[test]
    fn conflicts_are_named() {
        let mut a = Allocator::new(REGISTERS);
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
        let half = Shape {
            width: DataWidth::Bits16,
            ..shape(Interp::Arb, 2, 1, 1)
        };
        assert_eq!(a.row_conflict(&half, 0), Some(Conflict::DataWidth));
        // A system value may not sit left of arbitrary components.
        let mut b = Allocator::new(REGISTERS);
        b.place(&shape(Interp::Arb, 2, 1, 1), 0, 2);
        assert_eq!(b.col_conflict(&shape(Interp::SV, 2, 1, 1), 0, 3), None);
        let sgv = shape(Interp::SGV, 2, 1, 1);
        assert_eq!(b.col_conflict(&sgv, 0, 0), Some(Conflict::ComponentOrder));
        // Indexed rows refuse system values.
        let mut c = Allocator::new(REGISTERS);
        c.place(&shape(Interp::Arb, 2, 2, 1), 0, 0);
        assert_eq!(
            c.row_conflict(&shape(Interp::SV, 2, 1, 1), 1),
            Some(Conflict::Indexed)
        );
        assert_eq!(
            c.row_conflict(&shape(Interp::Arb, 2, 31, 1), 2),
            Some(Conflict::Fit)
        );
        assert_eq!(
            c.row_conflict(&shape(Interp::Arb, 2, 2, 1), u32::MAX),
            Some(Conflict::Fit)
        );
    }

    #[test]
    fn pack_takes_the_first_free_place() {
        let mut a = Allocator::new(REGISTERS);
        let s = shape(Interp::Arb, 1, 1, 4);
        for row in 0..REGISTERS {
            assert_eq!(a.pack(&s, 0, REGISTERS, 0), Some(row + 1));
        }
        assert_eq!(a.pack(&s, 0, REGISTERS, 0), None);
    }

    #[test]
    fn placement_errors_name_the_constraint() {
        let el = |id, interpretation, interpolation, location| PackElement {
            id,
            kind: 0,
            interpolation,
            interpretation,
            width: DataWidth::Bits32,
            rows: 1,
            cols: 2,
            stream: 0,
            start_index: 0,
            location: Some(location),
        };
        let overlap = [el(0, Interp::Arb, 2, (0, 0)), el(1, Interp::Arb, 2, (0, 1))];
        let e = check_placement(&overlap, SigPointKind::VSOut).unwrap_err();
        assert_eq!(
            *e.kind(),
            PlacementErrorKind::Overlap {
                first: 0,
                second: 1,
                row: 0,
                col: 1
            }
        );
        assert_eq!(e.to_string(), "elements 0 and 1 overlap at r0.1");
        let modes = [el(0, Interp::Arb, 2, (3, 0)), el(1, Interp::Arb, 1, (3, 2))];
        let e = check_placement(&modes, SigPointKind::VSOut).unwrap_err();
        assert_eq!(*e.kind(), PlacementErrorKind::InterpolationMode { row: 3 });
        let outside = [el(7, Interp::Arb, 2, (REGISTERS, 0))];
        let e = check_placement(&outside, SigPointKind::VSOut).unwrap_err();
        assert_eq!(*e.kind(), PlacementErrorKind::OutOfRange { element: 7 });
    }
}
