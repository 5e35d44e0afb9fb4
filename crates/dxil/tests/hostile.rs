//! Damaged corpus containers through every entry point: truncated and bit-flipped inputs
//! give errors (with a location in the file where the layer has one), never a panic.

use dxil_test_support::XorShift64;

fn every_entry_point(bytes: &[u8]) -> usize {
    let mut errors = 0;
    let results = [
        dxil::disassemble(bytes).map(drop),
        dxil::reflect(bytes).map(drop),
        dxil::info(bytes).map(drop),
        dxil::reencode(bytes).map(drop),
        dxil::read_module(bytes).map(drop),
    ];
    for r in results {
        if let Err(e) = r {
            errors += 1;
            // Offsets count from the start of the input and lie inside it.
            if let Some(at) = e.offset() {
                assert!(at <= bytes.len() as u64, "{e} lies outside the input");
            }
            assert!(!e.to_string().is_empty());
        }
    }
    errors
}

#[test]
fn truncated_and_bit_flipped_containers_fail_cleanly() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut rng = XorShift64(0x2545_f491_4f6c_dd1d);
    let (mut runs, mut errors) = (0usize, 0usize);
    for id in dxil_test_support::corpus_ids(&dir).iter().step_by(40) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        assert_eq!(every_entry_point(&bytes), 0, "{id}");
        for _ in 0..6 {
            let cut = rng.below(bytes.len());
            errors += every_entry_point(&bytes[..cut]);
            let mut flipped = bytes.clone();
            for _ in 0..=rng.below(4) {
                let at = rng.below(flipped.len());
                flipped[at] ^= 1 << rng.below(8);
            }
            errors += every_entry_point(&flipped);
            runs += 2;
        }
    }
    println!("damaged containers: {runs}, errors reported: {errors}");
    assert!(errors > 0, "no damage was detected");
}

/// A flipped bit in the bitcode gives an error located in the user's file: inside the
/// program part's bitcode, not at the bitcode's own offset.
#[test]
fn bitcode_errors_count_from_the_file_start() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut located = 0;
    for id in dxil_test_support::corpus_ids(&dir).iter().step_by(50) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let input = dxil::Input::parse(&bytes).expect("container");
        let bitcode = input.primary_bitcode().expect("program");
        let start = bitcode.position as usize;
        let end = start + bitcode.bytes.len();
        // Cut the bitcode short inside its container: the reader must stop inside it.
        let mut damaged = bytes.clone();
        for b in &mut damaged[start + bitcode.bytes.len() / 2..end] {
            *b = 0xff;
        }
        let Err(e) = dxil::disassemble(&damaged) else {
            continue;
        };
        if e.kind() == dxil::ErrorKind::Bitcode {
            let at = e.offset().expect("bitcode errors have a location");
            assert!(
                (start as u64..=end as u64).contains(&at),
                "{id}: {e} is not inside the bitcode at {start:#x}..{end:#x}"
            );
            assert!(matches!(e.location(), Some(dxil::Location::Bit(_))));
            located += 1;
        }
    }
    assert!(located > 0, "no damaged bitcode was refused");
}

/// A damaged part the header prints from gives an error naming the part, located in the
/// user's file (inside that part's data).
#[test]
fn part_errors_count_from_the_file_start() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut located = 0;
    for id in dxil_test_support::corpus_ids(&dir).iter().step_by(50) {
        let mut bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let (start, end) = {
            let input = dxil::Input::parse(&bytes).expect("container");
            let c = input.container().expect("container");
            let Some(psv) = c.part(dxil::container::FourCC::from_bytes(*b"PSV0")) else {
                continue;
            };
            let start = psv.data_offset() as usize;
            (start, start + psv.data.len())
        };
        // The size of the runtime info record: far larger than the part.
        bytes[start..start + 4].copy_from_slice(&0xfff0u32.to_le_bytes());
        let e = dxil::disassemble(&bytes).expect_err("damaged PSV0 prints");
        assert_eq!(e.kind(), dxil::ErrorKind::Part, "{id}: {e}");
        assert!(e.message().starts_with("PSV0 part: "), "{id}: {e}");
        let at = e.offset().expect("located") as usize;
        assert!(
            (start..=end).contains(&at),
            "{id}: {e} not in {start:#x}..{end:#x}"
        );
        located += 1;
    }
    assert!(located > 0, "no corpus container has a PSV0 part");
}
