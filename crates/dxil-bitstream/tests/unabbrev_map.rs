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

#[test]
fn a_head_then_mapped_items_match_a_plain_record() {
    let heads: [&[u64]; 4] = [
        &[],
        &[0],
        &[1 << 15, 40, 1023],
        &[u64::MAX, 5, 1024, 31, 32],
    ];
    let items: Vec<u32> = (0..23).map(|i| i * 91 % 3000).collect();
    for lead in 0..64 {
        for head in heads {
            for list in [&items[..], &items[..3], &[]] {
                let mut ops = head.to_vec();
                ops.extend(list.iter().map(|&x| u64::from(x)));
                let plain = stream(lead, |w| w.write_unabbrev(34, &ops).unwrap());
                let mapped = stream(lead, |w| {
                    w.write_unabbrev_head_map(34, head, list, |x| Ok::<_, ()>(u64::from(x)))
                        .unwrap()
                        .unwrap()
                });
                assert_eq!(plain, mapped, "lead {lead} head {head:?}");
            }
        }
    }
}

#[test]
fn a_refused_item_after_a_head_rewinds_the_record() {
    for lead in 0..64 {
        let without = stream(lead, |_| {});
        let refused = stream(lead, |w| {
            let r = w
                .write_unabbrev_head_map(34, &[3, 1 << 15, 77], &[1u64, 2000, 9, 4], |x| {
                    if x == 9 {
                        Err(x)
                    } else {
                        Ok(x)
                    }
                })
                .unwrap();
            assert_eq!(r, Err(9));
        });
        assert_eq!(without, refused, "lead {lead}");
    }
}

/// The short records (at most two operands) take an inline path: the same bits as the
/// record written field by field.
#[test]
fn short_records_match_their_fields() {
    let vals = [0u64, 1, 31, 32, 1023, 1024, 1 << 40, u64::MAX];
    let codes = [0u32, 5, 31, 32, 1000, 5000];
    for lead in 0..64 {
        for &code in &codes {
            let mut sets: Vec<Vec<u64>> = vec![vec![]];
            for &a in &vals {
                sets.push(vec![a]);
                for &b in &vals {
                    sets.push(vec![a, b]);
                }
            }
            for ops in &sets {
                let short = stream(lead, |w| w.write_unabbrev(code, ops).unwrap());
                let fields = stream(lead, |w| {
                    w.emit(3, 3).unwrap();
                    w.emit_vbr(u64::from(code), 6).unwrap();
                    w.emit_vbr(ops.len() as u64, 6).unwrap();
                    for &v in ops {
                        w.emit_vbr(v, 6).unwrap();
                    }
                });
                assert_eq!(short, fields, "lead {lead} code {code} ops {ops:?}");
            }
        }
    }
}
