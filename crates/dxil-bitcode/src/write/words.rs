//! Records that are the same bits in nearly every module, encoded once per process and
//! emitted a word at a time: a pure function of fixed inputs (the records and the block's
//! abbreviation id width), not of any module written.

use dxil_bitstream::Writer;

/// Encoded records: the bits, least significant first, the last word holding `tail_bits`
/// of them (1..=64).
pub struct Words {
    words: Vec<u64>,
    tail_bits: u32,
}

impl Words {
    /// The bits `records` writes at the start of block `block_id` (abbreviation id width
    /// `width`); `None` if it writes nothing or fails.
    pub fn encode(
        block_id: u32,
        width: u32,
        records: impl FnOnce(&mut Writer) -> dxil_bitstream::Result<()>,
    ) -> Option<Words> {
        let mut w = Writer::new();
        w.enter_block(block_id, width).ok()?;
        let start = w.bit_offset();
        records(&mut w).ok()?;
        let end = w.bit_offset();
        w.exit_block().ok()?;
        let bytes = w.finish().ok()?;
        let mut words = Vec::new();
        let mut pos = start;
        while pos < end {
            let n = (end - pos).min(64);
            let mut word = 0u64;
            for i in 0..n {
                let bit = pos + i;
                let byte = bytes.get((bit / 8) as usize).copied().unwrap_or(0);
                word |= u64::from(byte >> (bit % 8) & 1) << i;
            }
            words.push(word);
            pos += n;
        }
        let tail_bits = match (end - start) % 64 {
            0 => 64,
            r => r as u32,
        };
        (!words.is_empty()).then_some(Words { words, tail_bits })
    }

    /// Emits the bits (in a block of the width they were encoded for).
    pub fn emit(&self, w: &mut Writer) {
        w.emit_words(&self.words, self.tail_bits);
    }
}
