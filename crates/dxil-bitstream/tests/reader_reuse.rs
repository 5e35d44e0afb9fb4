//! Reader buffers kept between streams (`Reader::with_buffers` / `into_buffers`) cache the
//! decoded BLOCKINFO blocks and the abbreviation definitions met in blocks; streams that
//! differ in either, read alternately through one set of buffers, read as a fresh reader
//! reads them.

use dxil_bitstream::{Abbrev, AbbrevOp, BlockInfo, Entry, Reader, ReaderBuffers, Record, Writer};

/// Every entry of a stream, records with their operands, as text.
fn walk(bc: &[u8], bufs: Option<ReaderBuffers>) -> (Vec<String>, ReaderBuffers) {
    let mut r = match bufs {
        Some(b) => Reader::with_buffers(bc, b).unwrap(),
        None => Reader::new(bc).unwrap(),
    };
    let mut rec = Record::new();
    let mut out = Vec::new();
    loop {
        match r.advance(&mut rec).unwrap() {
            Entry::SubBlock { block_id: 0 } => r.read_blockinfo_block().unwrap(),
            Entry::SubBlock { block_id } => {
                out.push(format!("enter {block_id}"));
                r.enter_block().unwrap();
            }
            Entry::EndBlock => out.push("end".into()),
            Entry::Record { abbrev_id } => {
                out.push(format!("{abbrev_id}: {} {:?}", rec.code, rec.ops))
            }
            Entry::EndOfStream => break,
        }
    }
    (out, r.into_buffers())
}

fn abbrev(ops: Vec<AbbrevOp>) -> Abbrev {
    Abbrev::new(ops).unwrap()
}

/// A stream with a BLOCKINFO abbreviation for block 9 (an array of `info_elt`) and, inside
/// block 9, a definition of its own (`[literal 7, local_field]`), each used once.
fn stream(info_elt: AbbrevOp, local_field: AbbrevOp, values: &[u64]) -> Vec<u8> {
    let mut w = Writer::new();
    let info = abbrev(vec![AbbrevOp::Literal(5), AbbrevOp::Array, info_elt]);
    w.write_blockinfo(&BlockInfo::new(vec![(9, info.into())], 2).unwrap())
        .unwrap();
    w.enter_block(9, 4).unwrap();
    let local = w
        .define_abbrev(abbrev(vec![AbbrevOp::Literal(7), local_field]))
        .unwrap();
    w.write_abbrev(4, 5, values, None).unwrap();
    w.write_abbrev(local, 7, &values[..1], None).unwrap();
    w.write_unabbrev(3, values).unwrap();
    w.exit_block().unwrap();
    w.finish().unwrap()
}

#[test]
fn alternating_streams_read_as_fresh_readers_read_them() {
    let values = [3u64, 60, 17];
    let streams = [
        stream(AbbrevOp::Fixed(8), AbbrevOp::Fixed(6), &values),
        stream(AbbrevOp::Vbr(6), AbbrevOp::Vbr(6), &values),
        stream(AbbrevOp::Fixed(7), AbbrevOp::Fixed(6), &values),
        stream(AbbrevOp::Fixed(8), AbbrevOp::Vbr(4), &values),
        stream(AbbrevOp::Vbr(5), AbbrevOp::Fixed(7), &values),
        stream(AbbrevOp::Fixed(6), AbbrevOp::Fixed(8), &values),
    ];
    let fresh: Vec<Vec<String>> = streams.iter().map(|s| walk(s, None).0).collect();
    // The same values whatever the encodings.
    assert!(fresh.windows(2).all(|w| w[0] == w[1]), "{fresh:?}");
    let mut bufs = ReaderBuffers::default();
    // More streams than the caches hold, in an order that revisits each.
    for i in [0, 1, 0, 2, 3, 4, 5, 0, 5, 1, 3, 3, 2, 4, 0] {
        let (seen, b) = walk(&streams[i], Some(bufs));
        assert_eq!(seen, fresh[i], "stream {i}");
        bufs = b;
    }
    assert!(bufs.footprint() > 0);
}
