//! Records whose abbreviation this writer defined itself (BLOCKINFO's and the type block's):
//! their layout is known here, so the fields of `Out::rec` are packed into a register and
//! emitted a word at a time, instead of being matched against the abbreviation operand by
//! operand. A record that does not fit its layout (a value too wide, a wrong operand count)
//! is left to the checked path, which reports it as before.

use dxil_bitstream::{char6, Writer};

use super::abbrevs::*;
use super::Out;
use crate::codes::*;
use crate::error::Result;

/// Fields gathered least significant first; `n` <= 64 bits of them.
struct Pack<'w> {
    w: &'w mut Writer,
    bits: u64,
    n: u32,
}

impl<'w> Pack<'w> {
    /// A record starting with abbreviation id `id` in a block of id width `width`.
    #[inline(always)]
    fn new(w: &'w mut Writer, id: u32, width: u32) -> Self {
        Pack {
            w,
            bits: u64::from(id),
            n: width,
        }
    }

    /// A field of `width` bits (1..=64); `v` fits.
    #[inline(always)]
    fn put(&mut self, v: u64, width: u32) {
        // `>=`: the shift below needs `n` < 64.
        if self.n + width >= 64 {
            self.w.emit_masked(self.bits, self.n);
            (self.bits, self.n) = (0, 0);
        }
        self.bits |= v << self.n;
        self.n += width;
    }

    /// A VBR field of `width` (2..=32).
    #[inline(always)]
    fn vbr(&mut self, v: u64, width: u32) {
        let data = width - 1;
        if v >> data == 0 {
            self.put(v, width);
        } else if v >> (2 * data) == 0 {
            let hi = 1u64 << data;
            self.put(((v & (hi - 1)) | hi) | (v >> data) << width, 2 * width);
        } else {
            self.vbr_long(v, width);
        }
    }

    #[cold]
    #[inline(never)]
    fn vbr_long(&mut self, mut v: u64, width: u32) {
        let hi = 1u64 << (width - 1);
        while v >= hi {
            self.put((v & (hi - 1)) | hi, width);
            v >>= width - 1;
        }
        self.put(v, width);
    }

    #[inline(always)]
    fn finish(self) {
        self.w.emit_masked(self.bits, self.n);
    }
}

/// Ends the record in `out.rec`: already packed (`done`), or left to the checked path.
#[inline(always)]
fn finish_record(out: &mut Out, done: bool, code: u32, abbrev: u32) -> Result<()> {
    if done {
        out.rec.clear();
        Ok(())
    } else {
        out.emit(code, abbrev)
    }
}

/// Whether every value of `vals` fits in `width` bits.
#[inline(always)]
fn fit(vals: &[u64], width: u32) -> bool {
    width >= 64 || vals.iter().fold(0, |a, &v| a | v >> width) == 0
}

/// Emits `out.rec` as FUNCTION_BLOCK record `code` with BLOCKINFO abbreviation `abbrev`
/// (type ids of `tb` bits), and clears it.
pub fn emit_function(out: &mut Out, code: u32, abbrev: u32, tb: u32) -> Result<()> {
    let r = &out.rec[..];
    let w = &mut out.w;
    let done = match (abbrev, code, r) {
        (FN_LOAD, FUNC_CODE_INST_LOAD, &[op, ty, align, vol]) if fit(&[ty], tb) && vol < 2 => {
            let mut p = Pack::new(w, FN_LOAD, ABBREV_ID_WIDTH);
            p.vbr(op, 6);
            p.put(ty, tb);
            p.vbr(align, 4);
            p.put(vol, 1);
            p.finish();
            true
        }
        (FN_BINOP, FUNC_CODE_INST_BINOP, &[a, b, opc]) if opc < 16 => {
            let mut p = Pack::new(w, FN_BINOP, ABBREV_ID_WIDTH);
            p.vbr(a, 6);
            p.vbr(b, 6);
            p.put(opc, 4);
            p.finish();
            true
        }
        (FN_BINOP_FLAGS, FUNC_CODE_INST_BINOP, &[a, b, opc, flags]) if opc < 16 && flags < 128 => {
            let mut p = Pack::new(w, FN_BINOP_FLAGS, ABBREV_ID_WIDTH);
            p.vbr(a, 6);
            p.vbr(b, 6);
            p.put(opc, 4);
            p.put(flags, 7);
            p.finish();
            true
        }
        (FN_CAST, FUNC_CODE_INST_CAST, &[v, ty, opc]) if fit(&[ty], tb) && opc < 16 => {
            let mut p = Pack::new(w, FN_CAST, ABBREV_ID_WIDTH);
            p.vbr(v, 6);
            p.put(ty, tb);
            p.put(opc, 4);
            p.finish();
            true
        }
        (FN_RET_VOID, FUNC_CODE_INST_RET, &[])
        | (FN_UNREACHABLE, FUNC_CODE_INST_UNREACHABLE, &[]) => {
            w.emit_masked(u64::from(abbrev), ABBREV_ID_WIDTH);
            true
        }
        (FN_RET_VAL, FUNC_CODE_INST_RET, &[v]) => {
            let mut p = Pack::new(w, FN_RET_VAL, ABBREV_ID_WIDTH);
            p.vbr(v, 6);
            p.finish();
            true
        }
        (FN_GEP, FUNC_CODE_INST_GEP, &[inbounds, ty, ref ops @ ..])
            if inbounds < 2 && fit(&[ty], tb) =>
        {
            let mut p = Pack::new(w, FN_GEP, ABBREV_ID_WIDTH);
            p.put(inbounds, 1);
            p.put(ty, tb);
            p.vbr(ops.len() as u64, 6);
            for &v in ops {
                p.vbr(v, 6);
            }
            p.finish();
            true
        }
        _ => false,
    };
    finish_record(out, done, code, abbrev)
}

/// Emits `out.rec` as CONSTANTS_BLOCK record `code` with abbreviation `abbrev` (type ids of
/// `tb` bits, value ids of `vb` bits in the module block's aggregates), and clears it.
pub fn emit_constant(out: &mut Out, code: u32, abbrev: u32, tb: u32, vb: u32) -> Result<()> {
    let r = &out.rec[..];
    let w = &mut out.w;
    let done = match (abbrev, code, r) {
        (CST_SETTYPE, CST_CODE_SETTYPE, &[ty]) if fit(&[ty], tb) => {
            let mut p = Pack::new(w, CST_SETTYPE, ABBREV_ID_WIDTH);
            p.put(ty, tb);
            p.finish();
            true
        }
        (CST_INTEGER, CST_CODE_INTEGER, &[v]) => {
            let mut p = Pack::new(w, CST_INTEGER, ABBREV_ID_WIDTH);
            p.vbr(v, 8);
            p.finish();
            true
        }
        (CST_CE_CAST, CST_CODE_CE_CAST, &[opc, ty, v]) if opc < 16 && fit(&[ty], tb) => {
            let mut p = Pack::new(w, CST_CE_CAST, ABBREV_ID_WIDTH);
            p.put(opc, 4);
            p.put(ty, tb);
            p.vbr(v, 8);
            p.finish();
            true
        }
        (CST_AGGREGATE, CST_CODE_AGGREGATE, ops) if (1..=32).contains(&vb) && fit(ops, vb) => {
            fixed_array(w, CST_AGGREGATE, ops, vb);
            true
        }
        (CST_STRING8, CST_CODE_STRING, ops) if fit(ops, 8) => {
            fixed_array(w, CST_STRING8, ops, 8);
            true
        }
        (CST_CSTRING7, CST_CODE_CSTRING, ops) if fit(ops, 7) => {
            fixed_array(w, CST_CSTRING7, ops, 7);
            true
        }
        _ => false,
    };
    finish_record(out, done, code, abbrev)
}

/// A record of one array of `width`-bit fixed elements (1..=32; they fit).
fn fixed_array(w: &mut Writer, abbrev: u32, ops: &[u64], width: u32) {
    let mut p = Pack::new(w, abbrev, ABBREV_ID_WIDTH);
    p.vbr(ops.len() as u64, 6);
    for &v in ops {
        p.put(v, width);
    }
    p.finish();
}

/// The type block's own abbreviation ids (as `write_types` defined them).
pub struct TypeAbbrevs {
    pub ptr: u32,
    pub func: u32,
    pub anon: u32,
    pub named: u32,
    pub array: u32,
}

/// Emits `out.rec` as TYPE_BLOCK record `code` with abbreviation `abbrev` (one of `ids`;
/// type ids of `tb` bits), and clears it.
pub fn emit_type(out: &mut Out, code: u32, abbrev: u32, ids: &TypeAbbrevs, tb: u32) -> Result<()> {
    let r = &out.rec[..];
    let w = &mut out.w;
    let done = match *r {
        [p, 0] if abbrev == ids.ptr && code == TYPE_CODE_POINTER && fit(&[p], tb) => {
            let mut k = Pack::new(w, abbrev, ABBREV_ID_WIDTH);
            k.put(p, tb);
            k.finish();
            true
        }
        [len, e] if abbrev == ids.array && code == TYPE_CODE_ARRAY && fit(&[e], tb) => {
            let mut k = Pack::new(w, abbrev, ABBREV_ID_WIDTH);
            k.vbr(len, 8);
            k.put(e, tb);
            k.finish();
            true
        }
        [flag, ref elems @ ..]
            if flag < 2
                && fit(elems, tb)
                && (1..=32).contains(&tb)
                && ((abbrev == ids.func && code == TYPE_CODE_FUNCTION)
                    || (abbrev == ids.anon && code == TYPE_CODE_STRUCT_ANON)
                    || (abbrev == ids.named && code == TYPE_CODE_STRUCT_NAMED)) =>
        {
            let mut k = Pack::new(w, abbrev, ABBREV_ID_WIDTH);
            k.put(flag, 1);
            k.vbr(elems.len() as u64, 6);
            for &e in elems {
                k.put(e, tb);
            }
            k.finish();
            true
        }
        _ => false,
    };
    finish_record(out, done, code, abbrev)
}

/// How a byte-array record's abbreviation writes its bytes.
#[derive(Clone, Copy)]
pub enum Elem {
    Fixed8,
    Fixed7,
    Char6,
}

/// The layout of an abbreviation for a string or name record: the block's abbreviation id
/// width, the code as a fixed field of `code_bits` bits (0: a literal), an optional vbr8
/// operand (`out.rec`'s one value), then the bytes as an array of `elem`.
#[derive(Clone, Copy)]
pub struct ByteRecord {
    pub width: u32,
    pub code_bits: u32,
    pub head: bool,
    pub elem: Elem,
}

/// `bytes` as `width`-bit fields (`code` of each; 1..=8 bits), eight to a register: a
/// fixed-length inner loop the compiler unrolls, the short tail apart.
#[inline(always)]
fn words(p: &mut Pack<'_>, bytes: &[u8], width: u32, code: impl Fn(u8) -> u64) {
    let mut chunks = bytes.chunks_exact(8);
    for chunk in chunks.by_ref() {
        let mut word = 0u64;
        for (i, &b) in chunk.iter().enumerate() {
            word |= code(b) << (i as u32 * width);
        }
        p.put(word, 8 * width);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut word = 0u64;
        for (i, &b) in rest.iter().enumerate() {
            word |= code(b) << (i as u32 * width);
        }
        p.put(word, rest.len() as u32 * width);
    }
}

/// Emits `out.rec` (the head operand, if `layout` has one) and `bytes` as record `code`
/// with abbreviation `abbrev` laid out as `layout`, and clears `out.rec`.
pub fn emit_bytes(
    out: &mut Out,
    code: u32,
    abbrev: u32,
    layout: ByteRecord,
    bytes: &[u8],
) -> Result<()> {
    let head = match (layout.head, &out.rec[..]) {
        (false, []) => Some(None),
        (true, &[h]) => Some(Some(h)),
        _ => None,
    };
    let fits = match layout.elem {
        Elem::Fixed8 => true,
        // Branch-free: an OR over all the bytes, one test at the end.
        Elem::Fixed7 => bytes.iter().fold(0, |a, &b| a | b) < 128,
        Elem::Char6 => {
            bytes
                .iter()
                .fold(0, |a, &b| a | char6::CODES[usize::from(b)])
                < 64
        }
    };
    let code_fits = layout.code_bits == 0 || u64::from(code) >> layout.code_bits == 0;
    let Some(head) = head.filter(|_| fits && code_fits) else {
        return out.emit_bytes(code, abbrev, bytes);
    };
    let mut p = Pack::new(&mut out.w, abbrev, layout.width);
    if layout.code_bits != 0 {
        p.put(u64::from(code), layout.code_bits);
    }
    if let Some(h) = head {
        p.vbr(h, 8);
    }
    p.vbr(bytes.len() as u64, 6);
    match layout.elem {
        Elem::Fixed8 => {
            // Eight-bit fields are the bytes themselves, least significant first.
            let mut chunks = bytes.chunks_exact(8);
            for c in chunks.by_ref() {
                let mut b = [0u8; 8];
                b.copy_from_slice(c);
                p.put(u64::from_le_bytes(b), 64);
            }
            words(&mut p, chunks.remainder(), 8, u64::from);
        }
        Elem::Fixed7 => words(&mut p, bytes, 7, u64::from),
        Elem::Char6 => words(&mut p, bytes, 6, |b| {
            u64::from(char6::CODES[usize::from(b)])
        }),
    }
    p.finish();
    out.rec.clear();
    Ok(())
}
