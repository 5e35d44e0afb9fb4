//! `Writer::write_unabbrev_map` writes what `write_unabbrev` writes for the mapped operands
//! (one-chunk, two-chunk and long VBRs, at every accumulator offset), and a refused item
//! leaves no bits behind.

use dxil_bitstream::Writer;

fn stream(lead: u32, f: impl FnOnce(&mut Writer)) -> Vec<u8> {
    let mut w = Writer::new();
    w.enter_block(8, 3).unwrap();
    // Shifts the record's start through every bit offset of the accumulator.
    w.emit(0, lead).unwrap();
    f(&mut w);
    w.write_unabbrev(2, &[7]).unwrap();
    w.exit_block().unwrap();
    w.finish().unwrap()
}

#[test]
fn mapped_records_match_plain_ones() {
    let items: Vec<u32> = (0..200).map(|i| i * 37 % 5000).collect();
    let big = [0u32, 1 << 20, u32::MAX, 31, 32, 1023, 1024];
    for lead in 0..64 {
        for list in [&items[..], &big[..], &[]] {
            let ops: Vec<u64> = list.iter().map(|&x| u64::from(x) * 3).collect();
            let plain = stream(lead, |w| w.write_unabbrev(5, &ops).unwrap());
            let mapped = stream(lead, |w| {
                w.write_unabbrev_map(5, list, |x| Ok::<_, ()>(u64::from(x) * 3))
                    .unwrap()
                    .unwrap()
            });
            assert_eq!(plain, mapped, "lead {lead}");
        }
    }
}

#[test]
fn a_refused_item_rewinds_the_record() {
    for lead in 0..64 {
        let without = stream(lead, |_| {});
        let refused = stream(lead, |w| {
            let r = w
                .write_unabbrev_map(
                    5,
                    &[1u64, 2000, 3, 4],
                    |x| if x == 3 { Err(x) } else { Ok(x) },
                )
                .unwrap();
            assert_eq!(r, Err(3));
        });
        assert_eq!(without, refused, "lead {lead}");
    }
    let mut w = Writer::new();
    assert!(w.write_unabbrev_map(1, &[1u64], Ok::<_, ()>).is_err());
}
