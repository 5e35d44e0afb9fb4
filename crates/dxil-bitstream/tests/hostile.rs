//! Truncated and bit-flipped corpus bitcode through a full walk, the dump (all options) and the
//! re-encoder: errors, never panics or hangs. Fixed seed; 16 truncations and 16 bit-flip
//! variants per sampled module.

use dxil_bitstream::{dump, reencode, DumpOptions, Entry, Reader, Record, Result};
use dxil_test_support::SplitMix64;

fn walk(bc: &[u8]) -> Result<u64> {
    let mut r = Reader::new(bc)?;
    let mut rec = Record::new();
    let mut n = 0;
    loop {
        match r.next()? {
            Entry::SubBlock { block_id: 0 } => r.read_blockinfo_block()?,
            // Skip some blocks to exercise skip_block on damaged lengths too.
            Entry::SubBlock { block_id } if block_id % 5 == 0 => r.skip_block()?,
            Entry::SubBlock { .. } => r.enter_block()?,
            Entry::EndBlock => {}
            Entry::Record { abbrev_id } => {
                r.read_record(abbrev_id, &mut rec)?;
                n += 1;
            }
            Entry::EndOfStream => return Ok(n),
        }
    }
}

fn exercise(bc: &[u8], variant: u64) -> bool {
    let walked = walk(bc).is_ok();
    let opts = DumpOptions {
        dump_blockinfo: variant & 1 != 0,
        non_symbolic: variant & 2 != 0,
        show_binary_blobs: variant & 4 != 0,
        show_abbrevs: variant & 8 != 0,
    };
    let mut s = String::new();
    let dumped = dump(bc, &mut s, opts).is_ok();
    if let Ok(out) = reencode(bc) {
        // Whatever the re-encoder accepts, it writes canonically: a second pass is a fixpoint.
        assert_eq!(reencode(&out).expect("re-encoded output reads back"), out);
    }
    walked && dumped
}

#[test]
fn truncated_and_bit_flipped_corpus_bitcode() {
    let files = dxil_test_support::corpus_files();
    let mut rng = SplitMix64(0x5eed_b175_7e4a);
    let (mut variants, mut accepted) = (0u64, 0u64);
    // Every 4th module (sorted by name, so a fixed sample).
    for f in files.iter().step_by(4) {
        let c = std::fs::read(f).unwrap();
        let Some(bc) = dxil_test_support::dxil_bitcode(&c) else {
            continue;
        };
        assert!(exercise(bc, 0), "{}: intact module must read", f.display());
        for i in 0..16u64 {
            let cut = (rng.next() % bc.len() as u64) as usize;
            accepted += u64::from(exercise(&bc[..cut], i));
            variants += 1;
        }
        for i in 0..16u64 {
            let mut m = bc.to_vec();
            for _ in 0..1 + rng.next() % 3 {
                let bit = rng.next() % (m.len() as u64 * 8);
                m[(bit / 8) as usize] ^= 1 << (bit % 8);
            }
            accepted += u64::from(exercise(&m, i));
            variants += 1;
        }
    }
    eprintln!("{variants} damaged variants: {accepted} still read whole, the rest gave errors");
}

#[test]
fn garbage_and_tiny_inputs() {
    let mut rng = SplitMix64(42);
    for len in 0..64usize {
        for _ in 0..64 {
            let mut v: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            if len >= 4 && rng.next() & 1 == 0 {
                v[..4].copy_from_slice(b"BC\xc0\xde");
            }
            exercise(&v, rng.next());
        }
    }
}
