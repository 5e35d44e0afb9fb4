//! Truncated and bit-flipped corpus bitcode must give errors, never panics or hangs.

const VARIANTS: usize = 16;

#[test]
fn truncated_and_bit_flipped_modules() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    // Every 4th shader keeps the debug-build run short; both parts of each are used.
    let ids = dxil_test_support::corpus_ids(&dir);
    let mut rng = dxil_test_support::SplitMix64(0x5EED_D1A1);
    let (mut variants, mut errors) = (0usize, 0usize);
    let mut buf = Vec::new();
    for id in ids.iter().step_by(4) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).unwrap();
        for part in [b"DXIL", b"ILDB", b"STAT"] {
            let Some(bc) = dxil_test_support::part_bitcode(&bytes, part) else {
                continue;
            };
            for _ in 0..VARIANTS {
                let cut = rng.below(bc.len());
                variants += 1;
                match dxil_bitcode::read_module(&bc[..cut]) {
                    Ok(m) => assert_checked(id, &m),
                    Err(_) => errors += 1,
                }
            }
            for _ in 0..VARIANTS {
                buf.clear();
                buf.extend_from_slice(bc);
                // Keep the magic so the damage reaches the module structure.
                for _ in 0..1 + rng.below(4) {
                    let bit = 32 + rng.below((bc.len() - 4) * 8);
                    buf[bit / 8] ^= 1 << (bit % 8);
                }
                variants += 1;
                match dxil_bitcode::read_module(&buf) {
                    Ok(m) => assert_checked(id, &m),
                    Err(e) => {
                        errors += 1;
                        let text = e.to_string();
                        assert!(text.contains("(at bit 0x"), "{text}");
                    }
                }
            }
        }
    }
    eprintln!("{variants} damaged modules read, {errors} rejected with an error");
    assert!(variants > 0 && errors > variants / 2);
}

#[test]
fn error_names_block_code_and_bit() {
    // A module block whose first record has an unknown code: MODULE_BLOCK with abbrev width 3,
    // then UNABBREV_RECORD code 63 with no operands.
    let mut w = BitWriter::default();
    w.bits(u64::from(u32::from_le_bytes(*b"BC\xC0\xDE")), 32);
    w.bits(1, 2); // ENTER_SUBBLOCK
    w.vbr(8, 8); // MODULE_BLOCK_ID
    w.vbr(3, 4); // abbrev width
    w.align32();
    let len_at = w.out.len();
    w.bits(0, 32); // length placeholder
    w.bits(3, 3); // UNABBREV_RECORD
    w.vbr(63, 6); // code
    w.vbr(0, 6); // no operands
    w.bits(0, 3); // END_BLOCK
    w.align32();
    let words = ((w.out.len() - len_at - 4) / 4) as u32;
    w.out[len_at..len_at + 4].copy_from_slice(&words.to_le_bytes());
    let err = dxil_bitcode::read_module(&w.out).unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("unexpected record code 63 in MODULE_BLOCK (at bit 0x"),
        "{text}"
    );
    assert_eq!(err.record_code(), Some(63));
}

/// A minimal little-endian bit writer for hand-made bitcode.
#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    cur: u64,
    n: u32,
}

impl BitWriter {
    fn bits(&mut self, v: u64, width: u32) {
        for i in 0..width {
            self.cur |= ((v >> i) & 1) << self.n;
            self.n += 1;
            if self.n == 8 {
                self.out.push(self.cur as u8);
                self.cur = 0;
                self.n = 0;
            }
        }
    }

    fn vbr(&mut self, mut v: u64, width: u32) {
        let hi = 1u64 << (width - 1);
        while v >= hi {
            self.bits((v & (hi - 1)) | hi, width);
            v >>= width - 1;
        }
        self.bits(v, width);
    }

    fn align32(&mut self) {
        while self.n != 0 || self.out.len() & 3 != 0 {
            self.bits(0, 1);
        }
    }
}

#[test]
fn wrapped_bitcode_reads_like_raw() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let Some(id) = dxil_test_support::corpus_ids(&dir).into_iter().next() else {
        return;
    };
    let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).unwrap();
    let raw = dxil_test_support::part_bitcode(&bytes, b"DXIL").unwrap();
    // Bitcode wrapper header: magic, version, offset, size, cpu type.
    let mut wrapped = Vec::new();
    for v in [0x0B17_C0DEu32, 0, 20, raw.len() as u32, 0] {
        wrapped.extend_from_slice(&v.to_le_bytes());
    }
    wrapped.extend_from_slice(raw);
    let a = dxil_bitcode::read_module(raw).unwrap();
    let b = dxil_bitcode::read_module(&wrapped).unwrap();
    assert_eq!(a, b);
    // Reading is deterministic.
    assert_eq!(a, dxil_bitcode::read_module(raw).unwrap());
}

/// What the reader accepts passes the whole-module id check (the reader checks ids as it
/// reads, and release builds rely on that instead of running the pass).
fn assert_checked(id: &str, m: &dxil_ir::Module) {
    if let Err(e) = m.check_ids() {
        panic!("{id}: read_module accepted a module with a bad id: {e}");
    }
}

/// One `Decoder` reading good, truncated and damaged modules in turn gives exactly what a
/// fresh one gives for each: nothing of one module (its tables, its BLOCKINFO block) leaks
/// into the next. The damage is aimed at the start of the stream, where BLOCKINFO is,
/// as often as elsewhere.
#[test]
fn one_decoder_reads_as_read_module_does() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::corpus_ids(&dir);
    let mut rng = dxil_test_support::SplitMix64(0xDEC0_DE25);
    let mut decoder = dxil_bitcode::Decoder::new();
    let mut compared = 0usize;
    let mut buf = Vec::new();
    for id in ids.iter().step_by(8) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).unwrap();
        for part in [b"DXIL", b"ILDB"] {
            let Some(bc) = dxil_test_support::part_bitcode(&bytes, part) else {
                continue;
            };
            for variant in 0..4 {
                buf.clear();
                buf.extend_from_slice(bc);
                match variant {
                    0 => {}
                    1 => buf.truncate(rng.below(bc.len())),
                    _ => {
                        let span = if variant == 2 {
                            bc.len().min(256)
                        } else {
                            bc.len()
                        };
                        let bit = 32 + rng.below((span - 4) * 8);
                        buf[bit / 8] ^= 1 << (bit % 8);
                    }
                }
                let alone = dxil_bitcode::Decoder::new().read_module(&buf);
                let reused = decoder.read_module(&buf);
                match (&alone, &reused) {
                    (Ok(a), Ok(b)) => assert!(a == b, "{id} {part:?} variant {variant}"),
                    (Err(a), Err(b)) => {
                        assert_eq!(a.to_string(), b.to_string(), "{id} {part:?} {variant}")
                    }
                    _ => panic!("{id} {part:?} variant {variant}: {alone:?} vs {reused:?}"),
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 1000, "only {compared} modules compared");
}
