//! Writer -> reader round trips: random block/record trees (proptest over generator seeds) and
//! hand-made edge cases.

use dxil_bitstream::{
    reencode, Abbrev, AbbrevOp, Entry, ErrorKind, RawEntry, Reader, Record, Writer,
};
use proptest::prelude::*;

/// An owned tree item, as written and as read back.
#[derive(Debug, Clone, PartialEq)]
enum Item {
    Define(Abbrev),
    Rec {
        abbrev_id: u32,
        code: u32,
        ops: Vec<u64>,
        blob: Option<Vec<u8>>,
    },
    Block {
        id: u32,
        width: u32,
        items: Vec<Item>,
    },
}

/// Small deterministic generator (xorshift) driven by a proptest seed.
struct Gen(u64);
impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn value(&mut self) -> u64 {
        match self.below(4) {
            0 => self.below(8),
            1 => self.below(1 << 20),
            2 => self.next(),
            _ => self.next() >> self.below(64),
        }
    }
    fn scalar_op(&mut self) -> AbbrevOp {
        match self.below(5) {
            0 => AbbrevOp::Literal(self.value()),
            1 => AbbrevOp::Fixed(self.below(65) as u8),
            2 => AbbrevOp::Vbr([0, 2, 3, 4, 5, 6, 7, 8, 16, 32][self.below(10) as usize]),
            3 => AbbrevOp::Char6,
            _ => AbbrevOp::Vbr(6),
        }
    }
    fn abbrev(&mut self) -> Abbrev {
        let mut ops = vec![match self.below(3) {
            0 => AbbrevOp::Literal(self.below(1 << 12)),
            1 => AbbrevOp::Fixed(1 + self.below(16) as u8),
            _ => AbbrevOp::Vbr(2 + self.below(10) as u8),
        }];
        for _ in 0..self.below(4) {
            ops.push(self.scalar_op());
        }
        match self.below(3) {
            0 => {
                ops.push(AbbrevOp::Array);
                let elt = loop {
                    let op = self.scalar_op();
                    if !matches!(
                        op,
                        AbbrevOp::Literal(_) | AbbrevOp::Fixed(0) | AbbrevOp::Vbr(0)
                    ) {
                        break op;
                    }
                };
                ops.push(elt);
            }
            1 => ops.push(AbbrevOp::Blob),
            _ => {}
        }
        Abbrev::new(ops).expect("generated abbreviation is valid")
    }
    fn fit(&mut self, op: AbbrevOp) -> u64 {
        let v = self.value();
        match op {
            AbbrevOp::Literal(l) => l,
            AbbrevOp::Fixed(64) => v,
            AbbrevOp::Fixed(w) => v & ((1u64 << w) - 1),
            AbbrevOp::Vbr(0) => 0,
            AbbrevOp::Vbr(_) => v,
            AbbrevOp::Char6 => {
                b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"
                    [(v % 64) as usize] as u64
            }
            AbbrevOp::Array | AbbrevOp::Blob => 0,
        }
    }
    fn record(&mut self, available: &[Abbrev]) -> Item {
        if available.is_empty() || self.below(3) == 0 {
            let n = self.below(6);
            let code = self.below(1 << 16) as u32;
            let ops = (0..n).map(|_| self.value()).collect();
            return Item::Rec {
                abbrev_id: 3,
                code,
                ops,
                blob: None,
            };
        }
        let i = self.below(available.len() as u64) as usize;
        let a = available[i].ops().to_vec();
        let code = (self.fit(a[0]) & 0xffff_ffff) as u32;
        let code = match a[0] {
            AbbrevOp::Literal(l) => l as u32,
            _ => code,
        };
        let mut ops = Vec::new();
        let mut blob = None;
        let mut k = 1;
        while k < a.len() {
            match a[k] {
                AbbrevOp::Array => {
                    for _ in 0..self.below(9) {
                        ops.push(self.fit(a[k + 1]));
                    }
                    break;
                }
                AbbrevOp::Blob => {
                    blob = Some((0..self.below(11)).map(|_| self.next() as u8).collect());
                    break;
                }
                op => ops.push(self.fit(op)),
            }
            k += 1;
        }
        Item::Rec {
            abbrev_id: 4 + i as u32,
            code,
            ops,
            blob,
        }
    }
    /// A block's items; `available` starts with the BLOCKINFO abbreviations for its ID.
    fn items(
        &mut self,
        depth: u32,
        mut available: Vec<Abbrev>,
        info: &[(u32, Vec<Abbrev>)],
    ) -> Vec<Item> {
        let mut items = Vec::new();
        for _ in 0..self.below(8) {
            match self.below(6) {
                0 => {
                    let a = self.abbrev();
                    available.push(a.clone());
                    items.push(Item::Define(a));
                }
                1 if depth < 4 => items.push(self.block(depth + 1, info)),
                _ => items.push(self.record(&available)),
            }
        }
        items
    }
    fn block(&mut self, depth: u32, info: &[(u32, Vec<Abbrev>)]) -> Item {
        let id = 8 + self.below(6) as u32;
        let width = 4 + self.below(4) as u32; // IDs up to 15 must fit
        let inherited = info.iter().find(|(b, _)| *b == id).map(|(_, v)| v.clone());
        let items = self.items(depth, inherited.unwrap_or_default(), info);
        Item::Block { id, width, items }
    }
    /// Top level: optionally a BLOCKINFO block, then blocks.
    fn stream(&mut self) -> Vec<Item> {
        let mut top = Vec::new();
        let mut info: Vec<(u32, Vec<Abbrev>)> = Vec::new();
        if self.below(2) == 0 {
            let mut items = Vec::new();
            for bid in 8..8 + self.below(4) as u32 {
                items.push(Item::Rec {
                    abbrev_id: 3,
                    code: 1,
                    ops: vec![bid as u64],
                    blob: None,
                });
                let mut list = Vec::new();
                for _ in 0..1 + self.below(3) {
                    let a = self.abbrev();
                    list.push(a.clone());
                    items.push(Item::Define(a));
                }
                info.push((bid, list));
            }
            top.push(Item::Block {
                id: 0,
                width: 2 + self.below(3) as u32,
                items,
            });
        }
        for _ in 0..1 + self.below(3) {
            top.push(self.block(1, &info));
        }
        top
    }
}

fn write_items(w: &mut Writer, items: &[Item]) {
    for it in items {
        match it {
            Item::Define(a) => {
                w.define_abbrev(a.clone()).unwrap();
            }
            Item::Rec {
                abbrev_id: 3,
                code,
                ops,
                ..
            } => w.write_unabbrev(*code, ops).unwrap(),
            Item::Rec {
                abbrev_id,
                code,
                ops,
                blob,
            } => w
                .write_abbrev(*abbrev_id, *code, ops, blob.as_deref())
                .unwrap(),
            Item::Block { id, width, items } => {
                w.enter_block(*id, *width).unwrap();
                write_items(w, items);
                w.exit_block().unwrap();
            }
        }
    }
}

/// Reads items until END_BLOCK or end of stream.
fn read_items(r: &mut Reader<'_>) -> Vec<Item> {
    let mut items = Vec::new();
    let mut rec = Record::new();
    loop {
        match r.next_raw().unwrap() {
            RawEntry::DefineAbbrev(a) => items.push(Item::Define((*a).clone())),
            RawEntry::Entry(Entry::SubBlock { block_id }) => {
                r.enter_block().unwrap();
                let width = r.abbrev_width();
                let sub = read_items(r);
                items.push(Item::Block {
                    id: block_id,
                    width,
                    items: sub,
                });
            }
            RawEntry::Entry(Entry::Record { abbrev_id }) => {
                r.read_record(abbrev_id, &mut rec).unwrap();
                items.push(Item::Rec {
                    abbrev_id: rec.abbrev_id,
                    code: rec.code,
                    ops: rec.ops.clone(),
                    blob: rec.blob.map(|b| b.to_vec()),
                });
            }
            RawEntry::Entry(Entry::EndBlock | Entry::EndOfStream) => return items,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn random_trees_round_trip(seed in 1u64..) {
        let tree = Gen(seed).stream();
        let mut w = Writer::new();
        write_items(&mut w, &tree);
        let bytes = w.finish().unwrap();
        prop_assert_eq!(bytes.len() % 4, 0);
        let mut r = Reader::new(&bytes).unwrap();
        let back = read_items(&mut r);
        prop_assert_eq!(&back, &tree);
        prop_assert_eq!(reencode(&bytes).unwrap(), bytes);
    }
}

/// One block holding one record written with `abbrev`.
fn one_record(abbrev: Abbrev, code: u32, ops: &[u64], blob: Option<&[u8]>) -> Vec<u8> {
    let mut w = Writer::new();
    w.enter_block(8, 3).unwrap();
    let id = w.define_abbrev(abbrev).unwrap();
    w.write_abbrev(id, code, ops, blob).unwrap();
    w.exit_block().unwrap();
    w.finish().unwrap()
}

fn read_one(bytes: &[u8]) -> dxil_bitstream::Result<(u32, Vec<u64>, Option<Vec<u8>>)> {
    let mut r = Reader::new(bytes)?;
    assert_eq!(r.next()?, Entry::SubBlock { block_id: 8 });
    r.enter_block()?;
    let Entry::Record { abbrev_id } = r.next()? else {
        panic!("expected a record")
    };
    let mut rec = Record::new();
    r.read_record(abbrev_id, &mut rec)?;
    assert_eq!(r.next()?, Entry::EndBlock);
    assert_eq!(r.next()?, Entry::EndOfStream);
    Ok((rec.code, rec.ops, rec.blob.map(|b| b.to_vec())))
}

#[test]
fn fixed_64_and_zero_width_fields() {
    let a = Abbrev::new(vec![
        AbbrevOp::Literal(7),
        AbbrevOp::Fixed(64),
        AbbrevOp::Fixed(0),
        AbbrevOp::Vbr(0),
        AbbrevOp::Vbr(32),
    ])
    .unwrap();
    let bytes = one_record(a, 7, &[u64::MAX, 0, 0, u64::MAX - 5], None);
    assert_eq!(
        read_one(&bytes).unwrap(),
        (7, vec![u64::MAX, 0, 0, u64::MAX - 5], None)
    );
}

#[test]
fn char6_array_and_blob() {
    let a = Abbrev::new(vec![AbbrevOp::Fixed(4), AbbrevOp::Array, AbbrevOp::Char6]).unwrap();
    let s: Vec<u64> = b"dx.op_Z9".iter().map(|&c| c as u64).collect();
    let bytes = one_record(a, 9, &s, None);
    assert_eq!(read_one(&bytes).unwrap(), (9, s, None));

    let a = Abbrev::new(vec![AbbrevOp::Literal(3), AbbrevOp::Vbr(6), AbbrevOp::Blob]).unwrap();
    let bytes = one_record(a, 3, &[42], Some(b"hello"));
    assert_eq!(
        read_one(&bytes).unwrap(),
        (3, vec![42], Some(b"hello".to_vec()))
    );
}

#[test]
fn writer_rejects_mismatched_records() {
    let mut w = Writer::new();
    w.enter_block(8, 3).unwrap();
    let id = w
        .define_abbrev(Abbrev::new(vec![AbbrevOp::Literal(1), AbbrevOp::Fixed(3)]).unwrap())
        .unwrap();
    let e = w.write_abbrev(id, 1, &[8], None).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::AbbrevMismatch(_)), "{e}");
    assert!(w.write_abbrev(id, 2, &[1], None).is_err());
    assert!(w.write_abbrev(id, 1, &[1, 2], None).is_err());
    assert!(w.write_abbrev(id + 1, 1, &[1], None).is_err());
    for _ in 0..4 {
        w.define_abbrev(Abbrev::new(vec![AbbrevOp::Literal(1)]).unwrap())
            .unwrap();
    }
    let e = w.write_abbrev(8, 1, &[], None).unwrap_err(); // 8 does not fit in width 3
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e}");
    assert!(Abbrev::new(vec![AbbrevOp::Array, AbbrevOp::Fixed(3)]).is_err());
    assert!(Abbrev::new(vec![AbbrevOp::Fixed(3), AbbrevOp::Blob, AbbrevOp::Fixed(3)]).is_err());
    assert!(Abbrev::new(vec![AbbrevOp::Fixed(3), AbbrevOp::Vbr(1)]).is_err());
}

/// A reader inside the first (outermost) block, at its first record: (reader, abbrev id).
fn at_first_record(bytes: &[u8]) -> (Reader<'_>, u32) {
    let mut r = Reader::new(bytes).unwrap();
    r.next().unwrap();
    r.enter_block().unwrap();
    let Entry::Record { abbrev_id } = r.next().unwrap() else {
        panic!("expected a record")
    };
    (r, abbrev_id)
}

#[test]
fn vbr_overflow_is_an_error_with_offset() {
    // A block with an unabbreviated record whose first operand takes 13 vbr6 chunks.
    let mut w = Writer::new();
    w.enter_block(8, 2).unwrap();
    w.write_unabbrev(1, &[u64::MAX, 0]).unwrap();
    w.exit_block().unwrap();
    let mut bytes = w.finish().unwrap();
    // u64::MAX in vbr6 is 13 chunks; set the continuation bit of the last chunk and let the
    // next operand supply a 14th chunk: the reader must stop at 64 bits.
    let last_chunk_bit = 32 + 32 + 32 + 2 + 6 + 6 + 12 * 6 + 5;
    bytes[last_chunk_bit / 8] |= 1 << (last_chunk_bit % 8);
    let (mut r, abbrev_id) = at_first_record(&bytes);
    let e = r.read_record(abbrev_id, &mut Record::new()).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::VbrOverflow);
    assert!(e
        .to_string()
        .ends_with(&format!("(at bit 0x{:x})", e.bit_offset())));
}

#[test]
fn huge_record_length_is_rejected_before_allocating() {
    let mut w = Writer::new();
    w.enter_block(8, 2).unwrap();
    w.emit(3, 2).unwrap(); // UNABBREV_RECORD
    w.emit_vbr(1, 6).unwrap();
    w.emit_vbr(1 << 40, 6).unwrap();
    w.align32();
    w.emit(0, 32).unwrap();
    w.exit_block().unwrap();
    let bytes = w.finish().unwrap();
    let (mut r, abbrev_id) = at_first_record(&bytes);
    let e = r.read_record(abbrev_id, &mut Record::new()).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::RecordTooLong(1 << 40));
}

#[test]
fn nesting_depth_is_capped() {
    let mut w = Writer::new();
    for _ in 0..dxil_bitstream::MAX_DEPTH {
        w.enter_block(9, 2).unwrap();
    }
    assert!(matches!(
        w.enter_block(9, 2).unwrap_err().kind(),
        ErrorKind::TooDeep(_)
    ));
    // Hand-emit one more (empty) block header: the reader refuses to enter it.
    w.emit(1, 2).unwrap();
    w.emit_vbr(9, 8).unwrap();
    w.emit_vbr(2, 4).unwrap();
    w.align32();
    w.emit(0, 32).unwrap();
    for _ in 0..dxil_bitstream::MAX_DEPTH {
        w.exit_block().unwrap();
    }
    let bytes = w.finish().unwrap();
    let mut r = Reader::new(&bytes).unwrap();
    for _ in 0..dxil_bitstream::MAX_DEPTH {
        assert_eq!(r.next().unwrap(), Entry::SubBlock { block_id: 9 });
        r.enter_block().unwrap();
    }
    assert_eq!(r.next().unwrap(), Entry::SubBlock { block_id: 9 });
    assert!(matches!(
        r.enter_block().unwrap_err().kind(),
        ErrorKind::TooDeep(_)
    ));
}

#[test]
fn skip_block_and_blockinfo() {
    let mut w = Writer::new();
    w.enter_block(0, 2).unwrap();
    let id = w
        .blockinfo_abbrev(
            12,
            Abbrev::new(vec![AbbrevOp::Literal(5), AbbrevOp::Vbr(6)]).unwrap(),
        )
        .unwrap();
    assert_eq!(id, 4);
    w.exit_block().unwrap();
    w.enter_block(13, 4).unwrap();
    w.write_unabbrev(1, &[1, 2, 3]).unwrap();
    w.exit_block().unwrap();
    w.enter_block(12, 3).unwrap();
    w.write_abbrev(4, 5, &[99], None).unwrap();
    w.exit_block().unwrap();
    let bytes = w.finish().unwrap();

    let mut r = Reader::new(&bytes).unwrap();
    assert_eq!(r.next().unwrap(), Entry::SubBlock { block_id: 0 });
    r.read_blockinfo_block().unwrap();
    assert_eq!(r.blockinfo_abbrev_count(12), 1);
    assert_eq!(r.next().unwrap(), Entry::SubBlock { block_id: 13 });
    r.skip_block().unwrap();
    assert_eq!(r.next().unwrap(), Entry::SubBlock { block_id: 12 });
    r.enter_block().unwrap();
    assert_eq!(r.depth(), 1);
    assert_eq!(r.next().unwrap(), Entry::Record { abbrev_id: 4 });
    let mut rec = Record::new();
    r.read_record(4, &mut rec).unwrap();
    assert_eq!((rec.code, rec.ops.as_slice()), (5, &[99u64][..]));
    assert_eq!(r.next().unwrap(), Entry::EndBlock);
    assert_eq!(r.next().unwrap(), Entry::EndOfStream);
}

#[test]
fn bad_magic_and_misuse() {
    assert_eq!(
        Reader::new(b"BC\xc0\xdf").unwrap_err().kind(),
        &ErrorKind::BadMagic
    );
    assert_eq!(Reader::new(b"").unwrap_err().kind(), &ErrorKind::BadMagic);
    let mut w = Writer::new();
    w.enter_block(8, 2).unwrap();
    w.exit_block().unwrap();
    let bytes = w.finish().unwrap();
    let mut r = Reader::new(&bytes).unwrap();
    assert!(matches!(
        r.enter_block().unwrap_err().kind(),
        ErrorKind::Misuse(_)
    ));
    r.next().unwrap();
    assert!(matches!(r.next().unwrap_err().kind(), ErrorKind::Misuse(_)));
}

#[test]
fn wrapper_header_is_accepted() {
    let mut w = Writer::new();
    w.enter_block(8, 2).unwrap();
    w.write_unabbrev(4, &[5]).unwrap();
    w.exit_block().unwrap();
    let inner = w.finish().unwrap();
    let mut wrapped = Vec::new();
    for v in [0x0B17_C0DEu32, 0, 20, inner.len() as u32, 0] {
        wrapped.extend_from_slice(&v.to_le_bytes());
    }
    wrapped.extend_from_slice(&inner);
    assert_eq!(reencode(&wrapped).unwrap(), inner);
    wrapped[12] = 0xff; // size beyond the buffer
    assert_eq!(
        Reader::new(&wrapped).unwrap_err().kind(),
        &ErrorKind::BadWrapper
    );
}

#[test]
fn block_length_must_match_end_block() {
    let mut w = Writer::new();
    w.enter_block(8, 2).unwrap();
    w.write_unabbrev(4, &[5]).unwrap();
    w.exit_block().unwrap();
    w.enter_block(8, 2).unwrap();
    w.exit_block().unwrap();
    let mut bytes = w.finish().unwrap();
    bytes[8] += 1; // first block's length word claims one more word
    let (mut r, abbrev_id) = at_first_record(&bytes);
    r.read_record(abbrev_id, &mut Record::new()).unwrap();
    let e = r.next().unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::BlockLengthMismatch { .. }),
        "{e}"
    );
}

#[test]
fn abbreviations_per_block_are_capped() {
    let lit = || Abbrev::new(vec![AbbrevOp::Literal(1)]).unwrap();
    let mut w = Writer::new();
    w.enter_block(8, 11).unwrap();
    for _ in 0..dxil_bitstream::MAX_ABBREVS {
        w.define_abbrev(lit()).unwrap();
    }
    let e = w.define_abbrev(lit()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TooManyAbbrevs(_)), "{e}");
    // Emit the refused definition by hand (DEFINE_ABBREV, 1 operand, literal 1): the reader
    // refuses it too.
    w.emit(2, 11).unwrap();
    w.emit_vbr(1, 5).unwrap();
    w.emit(1, 1).unwrap();
    w.emit_vbr(1, 8).unwrap();
    w.exit_block().unwrap();
    let bytes = w.finish().unwrap();
    let mut r = Reader::new(&bytes).unwrap();
    r.next().unwrap();
    r.enter_block().unwrap();
    let e = r.next().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TooManyAbbrevs(_)), "{e}");
}

/// The byte-tail record methods write the bits the widened operands give, for every array
/// element encoding, a scalar taken from the bytes, and the unabbreviated form; a byte that
/// does not fit is refused without output.
#[test]
fn byte_tail_records_match_widened_operands() {
    let names: [&[u8]; 5] = [b"", b"dx.op.bufferLoad", b"a-b c", b"\x7f\x80\xff", b"_0.Z"];
    let abbrevs = [
        vec![AbbrevOp::Fixed(3), AbbrevOp::Array, AbbrevOp::Fixed(8)],
        vec![AbbrevOp::Fixed(3), AbbrevOp::Array, AbbrevOp::Fixed(7)],
        vec![AbbrevOp::Vbr(6), AbbrevOp::Array, AbbrevOp::Char6],
        vec![AbbrevOp::Literal(2), AbbrevOp::Array, AbbrevOp::Vbr(6)],
        vec![AbbrevOp::Literal(2), AbbrevOp::Array, AbbrevOp::Vbr(3)],
        vec![
            AbbrevOp::Fixed(3),
            AbbrevOp::Fixed(8),
            AbbrevOp::Array,
            AbbrevOp::Fixed(8),
        ],
    ];
    for ops in abbrevs {
        for name in names {
            let head: &[u64] = if matches!(ops[0], AbbrevOp::Literal(_)) {
                &[]
            } else {
                &[5]
            };
            let widened: Vec<u64> = head
                .iter()
                .copied()
                .chain(name.iter().map(|&b| u64::from(b)))
                .collect();
            let write = |bytes: bool| {
                let mut w = Writer::new();
                w.enter_block(8, 3).unwrap();
                let id = w.define_abbrev(Abbrev::new(ops.clone()).unwrap()).unwrap();
                let r = if bytes {
                    w.write_abbrev_bytes(id, 2, head, name)
                } else {
                    w.write_abbrev(id, 2, &widened, None)
                };
                let ok = r.is_ok();
                w.write_unabbrev(9, &[1]).unwrap();
                if bytes {
                    w.write_unabbrev_bytes(3, head, name).unwrap();
                } else {
                    w.write_unabbrev(3, &widened).unwrap();
                }
                w.exit_block().unwrap();
                (ok, w.finish().unwrap())
            };
            assert_eq!(write(true), write(false), "{ops:?} {name:?}");
        }
    }
}
