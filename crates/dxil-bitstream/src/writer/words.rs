//! Bits encoded beforehand: records that come out the same in every stream (for a given
//! block abbreviation id width) are written once into a scratch stream and kept as words,
//! then emitted a word at a time wherever they are needed (copied as bytes where the output
//! stands at a 32-bit boundary, as at the start of a block).

use super::Writer;
use crate::error::{ErrorKind, Result};

/// Encoded bits, least significant first: whole 64-bit words (as little-endian bytes), then
/// `tail_bits` (1..=64) more.
#[derive(Debug, Clone)]
pub struct Words {
    full: Vec<u8>,
    tail: u64,
    tail_bits: u32,
}

impl Words {
    /// The bits `records` writes inside a block `block_id` of abbreviation id width `width`
    /// (after its header, before its end); an error if it writes nothing or fails.
    pub fn encode(
        block_id: u32,
        width: u32,
        records: impl FnOnce(&mut Writer) -> Result<()>,
    ) -> Result<Words> {
        let mut w = Writer::new();
        w.enter_block(block_id, width)?;
        let start = w.bit_offset();
        records(&mut w)?;
        let end = w.bit_offset();
        if end == start {
            return Err(w.err(ErrorKind::Misuse("nothing to encode")));
        }
        w.exit_block()?;
        let bytes = w.finish()?;
        let bit = |at: u64| {
            bytes
                .get((at / 8) as usize)
                .map_or(0, |b| b >> (at % 8) & 1)
        };
        let mut words = Vec::with_capacity((end - start).div_ceil(64) as usize);
        let mut pos = start;
        while pos < end {
            let n = (end - pos).min(64);
            words.push((0..n).fold(0u64, |word, i| word | u64::from(bit(pos + i)) << i));
            pos += n;
        }
        let tail_bits = match (end - start) % 64 {
            0 => 64,
            r => r as u32,
        };
        let tail = words.pop().unwrap_or(0);
        let full = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        Ok(Words {
            full,
            tail,
            tail_bits,
        })
    }
}

impl Writer {
    /// Emits bits encoded beforehand (in a block of the width they were encoded for).
    pub fn emit_encoded(&mut self, words: &Words) {
        self.bits.emit_word_bytes(&words.full);
        self.emit_masked(words.tail, words.tail_bits);
    }
}
