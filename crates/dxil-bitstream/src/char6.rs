//! The char6 encoding (BitCodeFormat.rst, "Char6"): `[a-zA-Z0-9._]` in 6 bits.

/// Decodes a 6-bit value (0..=63) to its character.
pub const fn decode(v: u8) -> u8 {
    match v & 63 {
        v @ 0..=25 => b'a' + v,
        v @ 26..=51 => b'A' + (v - 26),
        v @ 52..=61 => b'0' + (v - 52),
        62 => b'.',
        _ => b'_',
    }
}

/// [`encode`] of every byte as a table (for writers packing many at a time), [`NOT_CHAR6`]
/// for the bytes it refuses.
pub static CODES: [u8; 256] = {
    let mut t = [NOT_CHAR6; 256];
    let mut i = 0;
    while i < 64 {
        t[decode(i as u8) as usize] = i as u8;
        i += 1;
    }
    t
};

/// The [`CODES`] entry of a byte that is not in `[a-zA-Z0-9._]` (above every code).
pub const NOT_CHAR6: u8 = 0xff;

/// Encodes a character; `None` if it is not in `[a-zA-Z0-9._]`.
pub fn encode(c: u64) -> Option<u8> {
    let c = u8::try_from(c).ok()?;
    Some(match c {
        b'a'..=b'z' => c - b'a',
        b'A'..=b'Z' => c - b'A' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'.' => 62,
        b'_' => 63,
        _ => return None,
    })
}

/// True if every value is an encodable char6 character.
pub fn is_char6(values: &[u64]) -> bool {
    values.iter().all(|&c| encode(c).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_encode() {
        for b in 0..=255u8 {
            assert_eq!(
                CODES[usize::from(b)],
                encode(u64::from(b)).unwrap_or(NOT_CHAR6)
            );
        }
    }
}
