//! One writer reset between streams writes each stream as a fresh writer does: corpus
//! modules re-encoded through one writer, after a larger and a smaller stream and after a
//! stream abandoned with open blocks, match the generic re-encoder's output.

use dxil_bitstream::{reencode_into, Writer};

#[test]
fn a_reset_writer_writes_like_a_fresh_one() {
    let files = dxil_test_support::corpus_files();
    let mut w = Writer::new();
    let mut out = vec![1, 2, 3];
    let mut n = 0;
    for f in dxil_test_support::spread(&files, 80) {
        let c = std::fs::read(f).unwrap();
        for (_, bc) in dxil_test_support::program_bitcodes(&c) {
            reencode_into(bc, &mut w, &mut out).unwrap();
            assert_eq!(
                out,
                dxil_bitstream::reencode(bc).unwrap(),
                "{}",
                f.display()
            );
            n += 1;
            // A stream left with open blocks does not disturb the next one.
            w.reset();
            w.enter_block(8, 3).unwrap();
            w.enter_block(12, 4).unwrap();
            w.write_unabbrev(1, &[1, 2, 3]).unwrap();
        }
    }
    assert!(files.is_empty() || n > 80, "{n} streams");
}
