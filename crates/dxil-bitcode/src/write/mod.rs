//! The LLVM 3.7 module writer: [`dxil_ir::Module`] -> bitcode, laid out the way DXC's LLVM
//! 3.7 `BitcodeWriter` does (block order, BLOCKINFO and local abbreviations, abbreviation
//! choice per record, relative operand ids, forward-reference types, sorted symbol tables).
//!
//! Orders are computed from the IR by LLVM's rules ([`orders`]), not taken from the order
//! the IR keeps: global values are numbered globals, functions, aliases; the type table,
//! the module and function constants, the module metadata and the function-local metadata
//! follow `ValueEnumerator`; value symbol tables are sorted by name (DXC's rule);
//! attachments are sorted by kind id. What is written in the IR's order: attribute groups
//! and lists (the IR holds their ids), section and GC names, the metadata kind table
//! (by the ids the IR holds), use-list records (kept as data).

mod abbrevs;
mod constants;
mod enumerate;
mod function;
mod metadata;
mod module;
mod numbering;
mod operands;
mod options;
mod pack;
mod scratch;
mod symtab;
mod types;

pub use enumerate::{orders, BodyOrders, Orders};
pub use options::WriteOptions;

use dxil_bitstream::Writer;
use dxil_ir::{CheckedModule, Module};

use enumerate::Proven;

use crate::error::{Error, ErrorKind, Result};

/// Encodes `m` as an LLVM 3.7 bitcode module (starting with the `BC` 0xC0DE magic, no
/// wrapper), the way DXC writes the bitcode of a `DXIL`/`ILDB`/`STAT` part, with the
/// options [`WriteOptions::infer`] finds for it. The program header around it is
/// `dxil-container`'s `build_program_part` (this crate stays below the container layer).
///
/// Errors name the inconsistency in the IR (a dangling type, value or metadata id, found by
/// [`dxil_ir::check`] before the values are enumerated; an operand of the wrong kind) and the
/// block being written. A module that is already checked ([`CheckedModule`], which the
/// readers return) is written without that pass, as by [`write_checked`].
pub fn write_module(m: &(impl WriteInput + ?Sized)) -> Result<Vec<u8>> {
    with_encoder(|e, bytes| e.write_module(m, bytes))
}

/// [`write_module`] for a module whose ids were proven when it was made (by
/// `dxil_ir::build::ModuleBuilder::finish_checked` or [`CheckedModule::new`]).
pub fn write_checked(m: &CheckedModule) -> Result<Vec<u8>> {
    with_encoder(|e, bytes| e.write_checked(m, bytes))
}

/// Like [`write_module`], with explicit writer options.
pub fn write_module_with(m: &(impl WriteInput + ?Sized), options: WriteOptions) -> Result<Vec<u8>> {
    with_encoder(|e, bytes| e.write_module_with(m, options, bytes))
}

/// The bitcode writer with the buffers it keeps from one module to the next (the output's,
/// the enumeration's and the numbering's tables): writing many modules with one `Encoder`
/// allocates only while a module is larger than every one before it. [`write_module`] uses
/// one kept per thread.
///
/// ```
/// # let m = dxil_ir::Module {
/// #     version: 1,
/// #     types: vec![dxil_ir::TypeData::Metadata].into(),
/// #     ..dxil_ir::Module::default()
/// # };
/// let mut encoder = dxil_bitcode::Encoder::new();
/// let mut bytes = Vec::new();
/// encoder.write_module(&m, &mut bytes)?;
/// assert_eq!(bytes, dxil_bitcode::write_module(&m)?);
/// # Ok::<(), dxil_bitcode::Error>(())
/// ```
pub struct Encoder {
    out: Out,
    scratch: scratch::Scratch,
}

impl Default for Encoder {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Encoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Encoder").finish_non_exhaustive()
    }
}

impl Encoder {
    /// An encoder with no buffers yet.
    pub fn new() -> Self {
        Encoder {
            out: Out {
                w: Writer::new(),
                block: "top level",
                rec: Vec::new(),
                spare: Vec::new(),
            },
            scratch: scratch::Scratch::default(),
        }
    }

    /// [`write_module`], the bitcode replacing the contents of `bytes`. On error `bytes`
    /// holds nothing meaningful.
    pub fn write_module(
        &mut self,
        m: &(impl WriteInput + ?Sized),
        bytes: &mut Vec<u8>,
    ) -> Result<()> {
        self.write_proven(proven(m)?, bytes)
    }

    /// [`write_checked`] into `bytes`, as [`Encoder::write_module`].
    pub fn write_checked(&mut self, m: &CheckedModule, bytes: &mut Vec<u8>) -> Result<()> {
        self.write_proven(Proven::of(m), bytes)
    }

    /// [`write_module_with`] into `bytes`, as [`Encoder::write_module`].
    pub fn write_module_with(
        &mut self,
        m: &(impl WriteInput + ?Sized),
        options: WriteOptions,
        bytes: &mut Vec<u8>,
    ) -> Result<()> {
        module::write(
            proven(m)?,
            options,
            None,
            &mut self.out,
            &mut self.scratch,
            bytes,
        )
    }

    fn write_proven(&mut self, p: Proven<'_>, bytes: &mut Vec<u8>) -> Result<()> {
        let (options, orders) = options::infer_with_orders(p, &mut self.scratch);
        module::write(p, options, orders, &mut self.out, &mut self.scratch, bytes)
    }
}

/// Runs `f` with this thread's encoder (a fresh one when it is in use), returning the bytes.
fn with_encoder(f: impl FnOnce(&mut Encoder, &mut Vec<u8>) -> Result<()>) -> Result<Vec<u8>> {
    thread_local! {
        static ENCODER: std::cell::RefCell<Encoder> = std::cell::RefCell::new(Encoder::new());
    }
    let mut bytes = Vec::new();
    let mut f = Some(f);
    let mut run = |e: &mut Encoder| f.take().map_or(Ok(()), |f| f(e, &mut bytes));
    // In use (a write inside a write cannot happen today) or being torn down with the
    // thread: a fresh encoder.
    let kept = ENCODER.try_with(|cell| cell.try_borrow_mut().map(|mut e| run(&mut e)));
    match kept {
        Ok(Ok(r)) => r?,
        _ => run(&mut Encoder::new())?,
    }
    Ok(bytes)
}

/// What the writer takes: a [`Module`], whose ids are checked first (the error names the
/// first id that names nothing), or a [`CheckedModule`], proven when it was made (the
/// readers return one), written without that pass.
pub trait WriteInput: sealed::Sealed {}

impl WriteInput for Module {}
impl WriteInput for CheckedModule {}

mod sealed {
    use dxil_ir::{CheckedModule, Module};

    pub trait Sealed {
        /// The module, and whether its ids were proven when it was made.
        fn parts(&self) -> (&Module, bool);
    }

    impl Sealed for Module {
        fn parts(&self) -> (&Module, bool) {
            (self, false)
        }
    }

    impl Sealed for CheckedModule {
        fn parts(&self) -> (&Module, bool) {
            (self, true)
        }
    }
}

/// `m` with its ids proven: checked now unless they were when it was made (the error
/// names the first id that names nothing).
fn proven(m: &(impl WriteInput + ?Sized)) -> Result<Proven<'_>> {
    match m.parts() {
        (m, true) => Ok(Proven::trusted(m)),
        (m, false) => Proven::check(m).map_err(|k| Error::new(k, "top level", None, 0)),
    }
}

/// The bitstream writer with the context needed for errors.
pub(crate) struct Out {
    pub w: Writer,
    /// Name of the block being written.
    pub block: &'static str,
    /// Reused record buffer.
    pub rec: Vec<u64>,
    /// A second one, for operands gathered while another record is written.
    pub spare: Vec<u64>,
}

impl Out {
    /// An error of `kind` at the current position.
    #[cold]
    #[inline(never)]
    pub fn err(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.block, None, self.w.bit_offset())
    }

    /// Wraps a bitstream error.
    #[cold]
    #[inline(never)]
    pub fn bs(&self, e: dxil_bitstream::Error) -> Error {
        Error::new(
            ErrorKind::Bitstream(e.kind().clone()),
            self.block,
            None,
            e.bit_offset(),
        )
    }

    /// Opens a block and returns the name of the enclosing one.
    pub fn enter(&mut self, id: u32, width: u32) -> Result<&'static str> {
        self.w.enter_block(id, width).map_err(|e| self.bs(e))?;
        Ok(std::mem::replace(
            &mut self.block,
            crate::codes::block_name(id),
        ))
    }

    /// Closes the innermost block.
    pub fn exit(&mut self, prev: &'static str) -> Result<()> {
        self.w.exit_block().map_err(|e| self.bs(e))?;
        self.block = prev;
        Ok(())
    }

    /// Emits `self.rec` as record `code`, abbreviated with `abbrev` (0: unabbreviated), and
    /// clears it.
    #[inline]
    pub fn emit(&mut self, code: u32, abbrev: u32) -> Result<()> {
        let r = if abbrev == 0 {
            self.w.write_unabbrev(code, &self.rec)
        } else {
            self.w.write_abbrev(abbrev, code, &self.rec, None)
        };
        self.rec.clear();
        r.map_err(|e| self.bs(e))
    }

    /// Emits `self.rec` followed by one operand per byte of `bytes` (a string or name) as
    /// record `code`, abbreviated with `abbrev` (0: unabbreviated), and clears `self.rec`.
    pub fn emit_bytes(&mut self, code: u32, abbrev: u32, bytes: &[u8]) -> Result<()> {
        let r = if abbrev == 0 {
            self.w.write_unabbrev_bytes(code, &self.rec, bytes)
        } else {
            self.w.write_abbrev_bytes(abbrev, code, &self.rec, bytes)
        };
        self.rec.clear();
        r.map_err(|e| self.bs(e))
    }

    /// Emits a record from explicit operands (unabbreviated).
    #[inline]
    pub fn emit_ops(&mut self, code: u32, ops: &[u64]) -> Result<()> {
        self.w.write_unabbrev(code, ops).map_err(|e| self.bs(e))
    }
}

/// The fields of a record whose abbreviation this writer defined (so its layout is known
/// here), gathered least significant first in a register and emitted a word at a time:
/// no operand list, no matching against the abbreviation.
pub(crate) struct Fields {
    bits: u64,
    n: u32,
}

impl Fields {
    /// A record starting with abbreviation id `abbrev` (in a block of 4-bit ids).
    #[inline(always)]
    pub fn new(abbrev: u32) -> Self {
        Fields {
            bits: u64::from(abbrev),
            n: abbrevs::ABBREV_ID_WIDTH,
        }
    }

    /// A fixed field of `width` bits (1..=64) holding `v`, which fits.
    #[inline(always)]
    pub fn put(&mut self, w: &mut Writer, v: u64, width: u32) {
        if self.n + width > 64 {
            w.emit_masked(self.bits, self.n);
            (self.bits, self.n) = (0, 0);
        }
        self.bits |= v << self.n;
        self.n += width;
    }

    /// A VBR field of `width`-bit chunks (2..=32).
    #[inline(always)]
    pub fn vbr(&mut self, w: &mut Writer, v: u64, width: u32) {
        let data = width - 1;
        if v >> data == 0 {
            self.put(w, v, width);
        } else if v >> (2 * data) == 0 && width <= 16 {
            let hi = 1u64 << data;
            self.put(w, ((v & (hi - 1)) | hi) | (v >> data) << width, 2 * width);
        } else {
            self.vbr_long(w, v, width);
        }
    }

    /// A VBR of three chunks or more: the chunks gathered in a register first.
    #[inline(never)]
    fn vbr_long(&mut self, w: &mut Writer, mut v: u64, width: u32) {
        let data = width - 1;
        let hi = 1u64 << data;
        let (mut chunks, mut n) = (0u64, 0u32);
        while v >= hi {
            chunks |= ((v & (hi - 1)) | hi) << n;
            n += width;
            v >>= data;
            if n + width > 64 {
                self.put(w, chunks, n);
                (chunks, n) = (0, 0);
            }
        }
        self.put(w, chunks | v << n, n + width);
    }

    /// `bytes` as `width`-bit fields (`code` of each, which fits; width 1..=8), eight to a
    /// register.
    #[inline(always)]
    pub fn bytes(&mut self, w: &mut Writer, bytes: &[u8], width: u32, code: impl Fn(u8) -> u64) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in chunks.by_ref() {
            let mut word = 0u64;
            for (i, &b) in chunk.iter().enumerate() {
                word |= code(b) << (i as u32 * width);
            }
            self.put(w, word, 8 * width);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = 0u64;
            for (i, &b) in rest.iter().enumerate() {
                word |= code(b) << (i as u32 * width);
            }
            self.put(w, word, rest.len() as u32 * width);
        }
    }

    /// Emits what is left.
    #[inline(always)]
    pub fn finish(self, w: &mut Writer) {
        w.emit_masked(self.bits, self.n);
    }
}

/// `n` copies of `v`, filled in place: `vec![0; n]` asks the allocator for zeroed memory,
/// a slower path for the small per-module tables here.
pub(crate) fn filled<T: Clone>(n: usize, v: T) -> Vec<T> {
    let mut out = Vec::with_capacity(n);
    out.resize(n, v);
    out
}

/// LLVM `Log2_32_Ceil`: bits needed for values below `x` (0 for `x <= 1`).
pub(crate) fn log2_ceil(x: u64) -> u8 {
    if x <= 1 {
        0
    } else {
        (64 - (x - 1).leading_zeros()) as u8
    }
}

/// Whether every byte of `s` is a char6 character, and whether every byte is below 128
/// (the 7-bit array abbreviations), in one pass.
pub(crate) fn char_classes(s: &[u8]) -> (bool, bool) {
    const CHAR6: u8 = 1;
    const SEVEN: u8 = 2;
    static CLASS: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut c = 0;
        while c < 256 {
            let b = c as u8;
            let mut k = 0;
            if b.is_ascii_alphanumeric() || b == b'.' || b == b'_' {
                k |= CHAR6;
            }
            if b < 128 {
                k |= SEVEN;
            }
            t[c] = k;
            c += 1;
        }
        t
    };
    let all = s
        .iter()
        .fold(CHAR6 | SEVEN, |a, &c| a & CLASS[usize::from(c)]);
    (all & CHAR6 != 0, all & SEVEN != 0)
}

/// LLVM `emitSignedInt64`: sign in bit 0, magnitude above.
pub(crate) fn emit_signed(v: i64) -> u64 {
    if v >= 0 {
        (v as u64) << 1
    } else {
        (v.wrapping_neg() as u64) << 1 | 1
    }
}

#[cfg(test)]
mod tests {
    use dxil_ir::*;

    fn global(ty: Type, value_ty: Type, initializer: Option<ValueRef>) -> GlobalVar {
        GlobalVar {
            common: GlobalCommon::new(ty),
            value_ty,
            addrspace: 0,
            is_constant: false,
            explicit_type: true,
            initializer,
            align_log2p1: 0,
            section: 0,
            externally_initialized: false,
            record_len: 6,
        }
    }

    #[test]
    fn inconsistent_ir_is_an_error_not_a_hang() {
        // A pointer to itself (no identified struct breaks the cycle).
        let mut m = Module::default();
        let own = m.types.next_id().unwrap();
        let p = m.types.push(TypeData::Pointer {
            pointee: own,
            addrspace: 0,
        });
        m.types.push(TypeData::Metadata);
        m.globals.push(global(p, p, None));
        assert!(super::write_module(&m).is_err());
        // A constant that contains itself.
        let mut m = Module::default();
        let i32_ty = m.types.push(TypeData::Int(32));
        let arr = m.types.push(TypeData::Array {
            len: 1,
            elem: i32_ty,
        });
        let ptr = m.types.push(TypeData::Pointer {
            pointee: arr,
            addrspace: 0,
        });
        m.types.push(TypeData::Metadata);
        let own = m.constants.next_id().unwrap();
        let ops = m.pools.push(&[ValueRef::Const(own)]);
        let c = m.constants.push(ConstData {
            ty: arr,
            kind: ConstKind::Aggregate(ops),
        });
        m.globals.push(global(ptr, arr, Some(ValueRef::Const(c))));
        assert!(super::write_module(&m).is_err());
        // Dangling ids (as an input that declared more entries than it holds would give).
        let mut m = Module::default();
        let i32_ty = m.types.push(TypeData::Int(32));
        m.types.push(TypeData::Metadata);
        m.globals
            .push(global(Type::checked(7, 8).unwrap(), i32_ty, None));
        assert!(super::write_module(&m).is_err());
        let dangling = ValueRef::Const(Const::checked(3, 4).unwrap());
        m.globals[0] = global(i32_ty, i32_ty, Some(dangling));
        assert!(super::write_module(&m).is_err());
    }

    #[test]
    fn empty_module_reads_back() {
        let m = Module {
            version: 1,
            types: vec![TypeData::Metadata].into(),
            type_count_hint: Some(1),
            ..Module::default()
        };
        let bc = super::write_module(&m).unwrap();
        assert_eq!(*crate::read_module(&bc).unwrap(), m);
    }

    #[test]
    fn checked_and_plain_modules_write_alike() {
        let mut m = Module::default();
        let i32_ty = m.types.push(TypeData::Int(32));
        m.types.push(TypeData::Metadata);
        m.version = 1;
        m.globals.push(global(i32_ty, i32_ty, None));
        let checked = CheckedModule::new(m.clone()).unwrap();
        let plain = super::write_module(&m).unwrap();
        assert_eq!(super::write_module(&checked).unwrap(), plain);
        assert_eq!(super::write_checked(&checked).unwrap(), plain);
        let opts = super::WriteOptions::infer(&m);
        assert_eq!(
            super::write_module_with(&checked, opts).unwrap(),
            super::write_module_with(&m, opts).unwrap()
        );
        // A plain module is still checked: a dangling type id is the check's error.
        m.globals[0] = global(Type::checked(7, 8).unwrap(), i32_ty, None);
        let e = super::write_module(&m).unwrap_err();
        assert!(matches!(e.kind(), crate::ErrorKind::InvalidId(_)), "{e}");
    }

    #[test]
    fn helpers() {
        assert_eq!(super::log2_ceil(0), 0);
        assert_eq!(super::log2_ceil(1), 0);
        assert_eq!(super::log2_ceil(2), 1);
        assert_eq!(super::log2_ceil(3), 2);
        assert_eq!(super::log2_ceil(4), 2);
        assert_eq!(super::log2_ceil(5), 3);
        for v in [0i64, 1, -1, 63, -64, i64::MAX, i64::MIN + 1] {
            assert_eq!(crate::read::decode_signed(super::emit_signed(v)), v);
        }
        assert_eq!(super::emit_signed(i64::MIN), 1);
        assert_eq!(super::char_classes(b"a._Z9"), (true, true));
        assert_eq!(super::char_classes(b"a-b"), (false, true));
        assert_eq!(super::char_classes(&[0xc3, b'a']), (false, false));
    }
}
