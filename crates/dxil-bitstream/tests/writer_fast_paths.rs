//! The writer's word-at-a-time paths write the same bits as the field-by-field ones, at
//! every bit position: unabbreviated records of one- to thirteen-chunk operands, strings
//! after a header, and bits encoded beforehand.

use dxil_bitstream::{Words, Writer};

/// A writer inside a block, `lead` bits (0..64) written after the block's length word.
fn writer_at(lead: u32) -> Writer {
    let mut w = Writer::new();
    w.enter_block(8, 3).unwrap();
    w.emit_masked(0x5a5a_5a5a_5a5a_5a5a, lead);
    w
}

fn finish(mut w: Writer) -> Vec<u8> {
    w.exit_block().unwrap();
    w.finish().unwrap()
}

fn operands() -> Vec<u64> {
    let mut v = vec![0, 1, 31, 32, 1023, 1024, 32767, 32768, 1 << 20, u64::MAX];
    for b in 0..64 {
        v.push(1u64 << b);
        v.push((1u64 << b).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> b);
    }
    v
}

#[test]
fn unabbreviated_records_match_operand_by_operand_vbrs() {
    let ops = operands();
    for lead in 0..64 {
        for len in [0, 1, 2, 3, 5, 31, 32, 33, ops.len()] {
            for start in [0, 7, 40] {
                let rec: Vec<u64> = ops.iter().cycle().skip(start).take(len).copied().collect();
                let mut fast = writer_at(lead);
                fast.write_unabbrev(4, &rec).unwrap();
                let mut slow = writer_at(lead);
                slow.emit(3, 3).unwrap();
                slow.emit_vbr(4, 6).unwrap();
                slow.emit_vbr(len as u64, 6).unwrap();
                for &v in &rec {
                    slow.emit_vbr(v, 6).unwrap();
                }
                assert_eq!(
                    finish(fast),
                    finish(slow),
                    "lead {lead} len {len} start {start}"
                );
            }
        }
    }
}

#[test]
fn strings_after_a_header_match_byte_by_byte_fields() {
    let text: Vec<u8> = (0..70u8).map(|i| i.wrapping_mul(37) ^ 0xa5).collect();
    for lead in 0..64 {
        for len in 0..text.len() {
            for head_bits in [3, 15, 64] {
                let head = 0x1234_5678_9abc_def1u64;
                let mut fast = writer_at(lead);
                fast.emit_masked_and_bytes(head, head_bits, &text[..len]);
                let mut slow = writer_at(lead);
                slow.emit_masked(head, head_bits);
                for &b in &text[..len] {
                    slow.emit(u64::from(b), 8).unwrap();
                }
                assert_eq!(
                    finish(fast),
                    finish(slow),
                    "lead {lead} len {len} head {head_bits}"
                );
            }
        }
    }
}

#[test]
fn encoded_words_match_the_records_they_hold() {
    for n in [1, 2, 5, 9] {
        let records = |w: &mut Writer| {
            for i in 0..n {
                w.write_unabbrev_bytes(6, &[i], b"dx.some.kind.name")?;
            }
            Ok(())
        };
        let words = Words::encode(8, 3, records).unwrap();
        for lead in 0..64 {
            let mut fast = writer_at(lead);
            fast.emit_encoded(&words);
            let mut slow = writer_at(lead);
            records(&mut slow).unwrap();
            assert_eq!(finish(fast), finish(slow), "lead {lead} records {n}");
        }
        // At the start of a block (a 32-bit boundary), after an aligned header.
        for pad in [0, 32] {
            let mut fast = writer_at(pad);
            fast.emit_encoded(&words);
            let mut slow = writer_at(pad);
            records(&mut slow).unwrap();
            assert_eq!(finish(fast), finish(slow), "aligned {pad} records {n}");
        }
    }
}
