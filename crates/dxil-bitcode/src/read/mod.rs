//! The LLVM 3.7 module reader: bitcode -> [`dxil_ir::Module`].

mod acyclic;
mod attrs;
mod constants;
mod cursor;
mod function;
mod hash;
mod metadata;
mod module;
mod symtab;
mod types;
mod values;

pub use module::{read_module, Decoder};

use crate::error::ErrorKind;

/// Result of a record handler; the caller adds the position.
pub(crate) type K<T> = std::result::Result<T, ErrorKind>;

/// Operand `i` of a record.
#[inline]
pub(crate) fn op(ops: &[u64], i: usize) -> K<u64> {
    ops.get(i)
        .copied()
        .ok_or(ErrorKind::InvalidRecord("too few operands"))
}

/// Operand `i` as a `u32`.
#[inline]
pub(crate) fn op32(ops: &[u64], i: usize) -> K<u32> {
    u32::try_from(op(ops, i)?).map_err(|_| ErrorKind::InvalidRecord("operand exceeds 32 bits"))
}

/// Operand `i` as a flag (0 or 1).
#[inline]
pub(crate) fn flag(ops: &[u64], i: usize) -> K<bool> {
    match op(ops, i)? {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(ErrorKind::InvalidRecord("flag operand is not 0 or 1")),
    }
}

/// `f` of each operand, in one allocation of the exact size (collecting through `Result`
/// cannot know the length, so it grows and then shrinks the vector: two or three calls to the
/// allocator per list, on every node, name and call of a module).
#[inline]
pub(crate) fn map_ops<T, U: Copy>(ops: &[U], mut f: impl FnMut(U) -> K<T>) -> K<Box<[T]>> {
    let mut v = Vec::with_capacity(ops.len());
    for &o in ops {
        v.push(f(o)?);
    }
    Ok(v.into_boxed_slice())
}

/// Whether every operand is below 256 (a byte). One pass with no branch per operand, before
/// a conversion that then needs no check per operand.
#[inline]
pub(crate) fn all_bytes(ops: &[u64]) -> bool {
    ops.iter().fold(0, |a, &c| a | c) < 0x100
}

/// The error for an operand that should be a character and is not a byte.
pub(crate) fn not_a_byte() -> ErrorKind {
    ErrorKind::InvalidRecord("character exceeds 8 bits")
}

/// Operands as bytes (each must be below 256), into the pools: one pass copies them and
/// checks them. `full` makes the error for a pool that would pass `u32::MAX` entries.
#[inline]
pub(crate) fn pool_bytes(
    pools: &mut dxil_ir::Pools,
    ops: &[u64],
    full: fn() -> ErrorKind,
) -> K<dxil_ir::ByteRange> {
    let mut all = 0;
    let bytes = ops.iter().map(|&c| {
        all |= c;
        c as u8
    });
    let r = pools.try_extend(bytes).ok_or_else(full)?;
    if all >= 0x100 {
        pools.release(r);
        return Err(not_a_byte());
    }
    Ok(r)
}

/// Operands as bytes (each must be below 256), in a vector of the exact size.
fn byte_vec(ops: &[u64]) -> K<Vec<u8>> {
    if !all_bytes(ops) {
        return Err(not_a_byte());
    }
    Ok(ops.iter().map(|&c| c as u8).collect())
}

/// Operands as a UTF-8 string.
pub(crate) fn string(ops: &[u64]) -> K<String> {
    String::from_utf8(byte_vec(ops)?).map_err(|_| ErrorKind::NotUtf8)
}

/// Operands as a name stored in `names` (each operand a byte, the bytes UTF-8, as
/// [`string`] asks). An ASCII name, nearly every one, goes straight into the buffer.
#[inline]
pub(crate) fn name(names: &mut dxil_ir::NameBuf, ops: &[u64]) -> K<dxil_ir::Name> {
    let r = match names.try_push_ascii(ops) {
        Some(r) => r,
        None => names.try_push(&string(ops)?),
    };
    r.map_err(|_| ErrorKind::Unsupported("names past 4 GiB"))
}

/// Decodes a sign-rotated VBR value (LLVM `decodeSignRotatedValue`).
pub(crate) fn decode_signed(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        ((v >> 1) as i64).wrapping_neg()
    } else {
        i64::MIN
    }
}
