//! VBR encodings computed in a register: all the chunks of a value, continuation bits
//! included, as one field of at most 64 bits, without a loop over the chunks. The data bits
//! are spread apart by shifts of masked groups (by 8, 4, 2 and 1 positions: group `i` moves
//! by `i`), then the continuation bits of the value's chunk count are ORed in.

/// A field of `.1` bits (1..=64) holding `.0`.
pub(super) type Field = (u64, u32);

/// The mask of the data groups (`data` bits each, `groups` of them) that the shift by
/// `step` (8, 4, 2 or 1) moves, where they stand once the larger shifts are done.
const fn spread_mask(data: u32, groups: u32, step: u32) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < groups {
        if i & step != 0 {
            let pos = data * i + (i & !(2 * step - 1));
            m |= ((1u64 << data) - 1) << pos;
        }
        i += 1;
    }
    m
}

/// For each bit length 0..=64 of a value: the continuation bits and the width of its VBR in
/// chunks of `data + 1` bits (width 0 where it would not fit in 64 bits).
const fn lengths(data: u32) -> [Field; 65] {
    let width = data + 1;
    let mut t = [(0u64, 0u32); 65];
    let mut len = 0u32;
    while len <= 64 {
        let chunks = if len == 0 { 1 } else { len.div_ceil(data) };
        if chunks * width <= 64 {
            let mut cont = 0u64;
            let mut j = 0;
            while j + 1 < chunks {
                cont |= 1u64 << (width * j + data);
                j += 1;
            }
            t[len as usize] = (cont, chunks * width);
        }
        len += 1;
    }
    t
}

/// `v` in VBR chunks of `W` bits (`W` - 1 data bits each), for `v` below 2^(`GROUPS` *
/// (`W` - 1)) with `GROUPS` * `W` <= 64 and `GROUPS` <= 16.
#[inline(always)]
fn spread<const W: u32, const GROUPS: u32>(v: u64) -> Field {
    let masks = const {
        [
            spread_mask(W - 1, GROUPS, 8),
            spread_mask(W - 1, GROUPS, 4),
            spread_mask(W - 1, GROUPS, 2),
            spread_mask(W - 1, GROUPS, 1),
        ]
    };
    let table: &[Field; 65] = const { &lengths(W - 1) };
    let mut x = v;
    let mut step = 8;
    for m in masks {
        if m != 0 {
            x = (x & !m) | (x & m) << step;
        }
        step >>= 1;
    }
    let (cont, n) = table[(64 - v.leading_zeros()) as usize];
    (x | cont, n)
}

/// Values below this take at most ten 6-bit chunks (60 bits): [`vbr6_spread`]'s range.
pub(super) const VBR6_SPREAD_LIMIT: u64 = 1 << 50;

/// `v` (below [`VBR6_SPREAD_LIMIT`]) in 6-bit VBR chunks.
#[inline(always)]
pub(super) fn vbr6_spread(v: u64) -> Field {
    spread::<6, 10>(v)
}

/// Values below this take at most eight 8-bit chunks (64 bits): [`vbr8_spread`]'s range.
pub(super) const VBR8_SPREAD_LIMIT: u64 = 1 << 56;

/// `v` (below [`VBR8_SPREAD_LIMIT`]) in 8-bit VBR chunks.
#[inline(always)]
pub(super) fn vbr8_spread(v: u64) -> Field {
    spread::<8, 8>(v)
}

/// `v` (below [`VBR6_SPREAD_LIMIT`]) of three or more 6-bit chunks, kept out of line: most
/// operands take one or two. Three or four chunks (the call records' flags) by hand.
#[inline(never)]
pub(super) fn vbr6_mid(v: u64) -> Field {
    if v < 1 << 20 {
        let spread = (v & 0x1f) | (v & 0x3e0) << 1 | (v & 0x7c00) << 2 | (v & 0xf_8000) << 3;
        if v < 1 << 15 {
            (spread | 0x820, 18)
        } else {
            (spread | 0x20820, 24)
        }
    } else {
        vbr6_spread(v)
    }
}

/// `v` (from [`VBR6_SPREAD_LIMIT`]: eleven chunks or more) as two fields: ten chunks, then
/// the rest.
#[cold]
#[inline(never)]
pub(super) fn vbr6_long(v: u64) -> [Field; 2] {
    if v < VBR6_SPREAD_LIMIT {
        [vbr6_spread(v), (0, 0)]
    } else {
        // Ten chunks of the low 50 bits, each continued; the high 14 bits take at most three.
        let (lo, _) = vbr6_spread(v & (VBR6_SPREAD_LIMIT - 1));
        let cont = const { lengths(5)[50].0 | 1 << 59 };
        [(lo | cont, 60), vbr6_spread(v >> 50)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chunks one at a time, as the format defines them.
    fn reference(mut v: u64, width: u32) -> (u128, u32) {
        let data = width - 1;
        let (mut out, mut n) = (0u128, 0u32);
        loop {
            let chunk = v & ((1 << data) - 1);
            v >>= data;
            let more = v != 0;
            out |= u128::from(chunk | u64::from(more) << data) << n;
            n += width;
            if !more {
                return (out, n);
            }
        }
    }

    fn values() -> Vec<u64> {
        let mut vals = vec![0, 1, u64::MAX];
        for b in 0..64 {
            let p = 1u64 << b;
            vals.extend([
                p,
                p - 1,
                p + 1,
                p | (p >> 1),
                p.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            ]);
        }
        vals
    }

    #[test]
    fn spreads_match_the_chunk_by_chunk_encoding() {
        for v in values() {
            if v < VBR6_SPREAD_LIMIT {
                let (bits, n) = vbr6_spread(v);
                assert_eq!((u128::from(bits), n), reference(v, 6), "vbr6 {v:#x}");
            }
            if v < VBR8_SPREAD_LIMIT {
                let (bits, n) = vbr8_spread(v);
                assert_eq!((u128::from(bits), n), reference(v, 8), "vbr8 {v:#x}");
            }
            if (1024..VBR6_SPREAD_LIMIT).contains(&v) {
                assert_eq!(
                    (u128::from(vbr6_mid(v).0), vbr6_mid(v).1),
                    reference(v, 6),
                    "vbr6 mid {v:#x}"
                );
            }
            let [(a, an), (b, bn)] = vbr6_long(v);
            let joined = u128::from(a) | u128::from(b) << an;
            assert_eq!((joined, an + bn), reference(v, 6), "vbr6 long {v:#x}");
        }
    }
}
