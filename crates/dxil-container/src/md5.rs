//! MD5 (RFC 1321) and the DXBC container checksum, which shares MD5's compression function but
//! encodes the message length differently (hlsl-specs INF-0004, "Appendix 1: DXIL Hashing
//! Algorithm", retail hash).
//!
//! Both are one-shot functions over a byte slice; the full 64-byte blocks are compressed in
//! place with no copying, and only the final one or two blocks are assembled on the stack.

/// MD5's initial chaining state (RFC 1321, 3.3).
const INIT: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

/// Per-step additive constants `floor(abs(sin(i + 1)) * 2^32)` (RFC 1321, 3.4).
const K: [u32; 64] = [
    0xd76a_a478,
    0xe8c7_b756,
    0x2420_70db,
    0xc1bd_ceee,
    0xf57c_0faf,
    0x4787_c62a,
    0xa830_4613,
    0xfd46_9501,
    0x6980_98d8,
    0x8b44_f7af,
    0xffff_5bb1,
    0x895c_d7be,
    0x6b90_1122,
    0xfd98_7193,
    0xa679_438e,
    0x49b4_0821,
    0xf61e_2562,
    0xc040_b340,
    0x265e_5a51,
    0xe9b6_c7aa,
    0xd62f_105d,
    0x0244_1453,
    0xd8a1_e681,
    0xe7d3_fbc8,
    0x21e1_cde6,
    0xc337_07d6,
    0xf4d5_0d87,
    0x455a_14ed,
    0xa9e3_e905,
    0xfcef_a3f8,
    0x676f_02d9,
    0x8d2a_4c8a,
    0xfffa_3942,
    0x8771_f681,
    0x6d9d_6122,
    0xfde5_380c,
    0xa4be_ea44,
    0x4bde_cfa9,
    0xf6bb_4b60,
    0xbebf_bc70,
    0x289b_7ec6,
    0xeaa1_27fa,
    0xd4ef_3085,
    0x0488_1d05,
    0xd9d4_d039,
    0xe6db_99e5,
    0x1fa2_7cf8,
    0xc4ac_5665,
    0xf429_2244,
    0x432a_ff97,
    0xab94_23a7,
    0xfc93_a039,
    0x655b_59c3,
    0x8f0c_cc92,
    0xffef_f47d,
    0x8584_5dd1,
    0x6fa8_7e4f,
    0xfe2c_e6e0,
    0xa301_4314,
    0x4e08_11a1,
    0xf753_7e82,
    0xbd3a_f235,
    0x2ad7_d2bb,
    0xeb86_d391,
];

/// Left-rotation amounts, four per round (RFC 1321, 3.4).
const S: [[u32; 4]; 4] = [
    [7, 12, 17, 22],
    [5, 9, 14, 20],
    [4, 11, 16, 23],
    [6, 10, 15, 21],
];

/// One MD5 step: `a = b + ((a + f(b, c, d) + x + k) <<< s)`.
macro_rules! step {
    ($f:expr, $a:ident, $b:ident, $c:ident, $d:ident, $x:expr, $k:expr, $s:expr) => {
        $a = $a
            .wrapping_add($f($b, $c, $d))
            .wrapping_add($x)
            .wrapping_add($k)
            .rotate_left($s)
            .wrapping_add($b);
    };
}

fn f_round1(b: u32, c: u32, d: u32) -> u32 {
    (b & c) | (!b & d)
}
fn f_round2(b: u32, c: u32, d: u32) -> u32 {
    (b & d) | (c & !d)
}
fn f_round3(b: u32, c: u32, d: u32) -> u32 {
    b ^ c ^ d
}
fn f_round4(b: u32, c: u32, d: u32) -> u32 {
    c ^ (b | !d)
}

/// Runs the 16 steps of one round; message word `g(i)` feeds step `i`.
macro_rules! round {
    ($f:ident, $r:expr, $g:expr, $x:ident, $a:ident, $b:ident, $c:ident, $d:ident) => {
        let mut i = 0;
        while i < 16 {
            let base = $r * 16 + i;
            step!($f, $a, $b, $c, $d, $x[$g(i)], K[base], S[$r][0]);
            step!($f, $d, $a, $b, $c, $x[$g(i + 1)], K[base + 1], S[$r][1]);
            step!($f, $c, $d, $a, $b, $x[$g(i + 2)], K[base + 2], S[$r][2]);
            step!($f, $b, $c, $d, $a, $x[$g(i + 3)], K[base + 3], S[$r][3]);
            i += 4;
        }
    };
}

/// The MD5 compression function: folds one 64-byte block into `state` (RFC 1321, 3.4).
fn compress(state: &mut [u32; 4], block: &[u8; 64]) {
    let mut x = [0u32; 16];
    for (w, chunk) in x.iter_mut().zip(block.chunks_exact(4)) {
        *w = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    let [mut a, mut b, mut c, mut d] = *state;
    round!(f_round1, 0, |i: usize| i, x, a, b, c, d);
    round!(f_round2, 1, |i: usize| (5 * i + 1) % 16, x, a, b, c, d);
    round!(f_round3, 2, |i: usize| (3 * i + 5) % 16, x, a, b, c, d);
    round!(f_round4, 3, |i: usize| (7 * i) % 16, x, a, b, c, d);
    state[0] = state[0].wrapping_add(a);
    state[1] = state[1].wrapping_add(b);
    state[2] = state[2].wrapping_add(c);
    state[3] = state[3].wrapping_add(d);
}

/// Compresses every full block of `data`; returns the state and the trailing partial block.
fn compress_full_blocks(data: &[u8]) -> ([u32; 4], &[u8]) {
    let mut state = INIT;
    let mut blocks = data.chunks_exact(64);
    for block in &mut blocks {
        if let Ok(block) = <&[u8; 64]>::try_from(block) {
            compress(&mut state, block);
        }
    }
    (state, blocks.remainder())
}

fn digest_bytes(state: [u32; 4]) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (chunk, word) in out.chunks_exact_mut(4).zip(state) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// Plain MD5 (RFC 1321) of `data`. Used for the `HASH` part's shader hash.
pub fn md5(data: &[u8]) -> [u8; 16] {
    let (mut state, tail) = compress_full_blocks(data);
    let bit_len = (data.len() as u64).wrapping_mul(8);
    let mut block = [0u8; 64];
    block[..tail.len()].copy_from_slice(tail);
    block[tail.len()] = 0x80;
    if tail.len() >= 56 {
        compress(&mut state, &block);
        block = [0u8; 64];
    }
    block[56..].copy_from_slice(&bit_len.to_le_bytes());
    compress(&mut state, &block);
    digest_bytes(state)
}

/// The DXBC container checksum of `data` (the container bytes after the digest field,
/// i.e. bytes 20 to the container size).
///
/// It is MD5 with a different final block: instead of a 64-bit bit count at the end, the
/// last block starts with the 32-bit bit count and ends with `(byte_count << 1) | 1`; when the
/// leftover bytes fit (fewer than 56), they sit between those two words, after the 32-bit
/// count. Counts wrap at 32 bits as the reference's do.
pub fn dxbc_checksum(data: &[u8]) -> [u8; 16] {
    let (mut state, tail) = compress_full_blocks(data);
    let byte_count = data.len() as u32;
    let head = byte_count.wrapping_shl(3).to_le_bytes();
    let last = (byte_count.wrapping_shl(1) | 1).to_le_bytes();
    let mut block = [0u8; 64];
    if tail.len() < 56 {
        block[4..4 + tail.len()].copy_from_slice(tail);
        block[4 + tail.len()] = 0x80;
    } else {
        block[..tail.len()].copy_from_slice(tail);
        block[tail.len()] = 0x80;
        compress(&mut state, &block);
        block = [0u8; 64];
    }
    block[..4].copy_from_slice(&head);
    block[60..].copy_from_slice(&last);
    compress(&mut state, &block);
    digest_bytes(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(d: [u8; 16]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// RFC 1321, appendix A.5 test suite.
    #[test]
    fn md5_rfc1321_vectors() {
        let cases: [(&str, &str); 7] = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                "abcdefghijklmnopqrstuvwxyz",
                "c3fcd3d76192e4007dfb496cca67e13b",
            ),
            (
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f",
            ),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(hex(md5(input.as_bytes())), want, "md5({input:?})");
        }
    }

    /// Lengths around the one-block/two-block padding boundary.
    #[test]
    fn md5_padding_boundaries() {
        // 55 bytes: padding fits in one block; 56: needs a second block; 64: a full block.
        assert_eq!(hex(md5(&[b'a'; 55])), "ef1772b6dff9a122358552954ad0df65");
        assert_eq!(hex(md5(&[b'a'; 56])), "3b0c8ac703f828b04c6c197006d17218");
        assert_eq!(hex(md5(&[b'a'; 64])), "014842d480b571495a4a0363793f7367");
    }

    fn words(d: [u8; 16]) -> [u32; 4] {
        let mut w = [0u32; 4];
        for (o, c) in w.iter_mut().zip(d.chunks_exact(4)) {
            *o = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        w
    }

    /// Known answers of the reference's retail hash (DXC `unittests/DxilHash`).
    #[test]
    fn dxbc_checksum_known_answers() {
        assert_eq!(
            words(dxbc_checksum(b"")),
            [0xf660_0d14, 0xbae2_75b7, 0xd4be_4a4e, 0xa1e9_b201]
        );
        let abc = b"abcdefghijklmnopqrstuvwxyzabcdefabcdefghijklmnopqrstuvwxyzghijklabcdefghijklmnopqrstuvwxyzmnopqrabcdefghijklmnopqrstuvwxyzstuvwxabcdefghijklmnopqrstuvwxyzyzabcd";
        assert_eq!(
            words(dxbc_checksum(abc)),
            [0x0083_0fe6, 0xd8d8_a035, 0xe6d6_2794, 0x0166_29df]
        );
        assert_eq!(
            words(dxbc_checksum(&[b'a'; 160])),
            [0xa5e5_a0bb, 0xd96d_d9f8, 0x0b4b_7191, 0xd63a_a54a]
        );
        assert_eq!(
            words(dxbc_checksum(&[b'z'; 160])),
            [0x58ed_1b7a, 0x90ed_e58b, 0xf9ad_857c, 0x5440_e613]
        );
        assert_eq!(
            words(dxbc_checksum(&b"ab".repeat(80))),
            [0xf4fc_06fc, 0x0bbd_9ef7, 0x765a_e0f7, 0x52a5_5925]
        );
    }

    /// The variant differs from plain MD5 and depends on the length encoding, including the
    /// two-block case (56..63 leftover bytes).
    #[test]
    fn dxbc_checksum_differs_from_md5() {
        for len in [0usize, 1, 55, 56, 60, 63, 64, 119, 120] {
            let data = vec![0x5a; len];
            assert_ne!(dxbc_checksum(&data), md5(&data), "len {len}");
        }
        assert_ne!(dxbc_checksum(&[0; 56]), dxbc_checksum(&[0; 57]));
    }
}
