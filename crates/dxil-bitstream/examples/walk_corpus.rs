//! Walks every record of every corpus module (DXIL and ILDB parts) `N` times (default 5) and
//! prints the throughput by wall-clock and by process CPU time: the bitstream layer alone,
//! beneath `decode_corpus` of `dxil-bitcode`. Usage:
//! `cargo run --release -p dxil-bitstream --example walk_corpus [N [FILE]]`.

use dxil_bitstream::{Entry, Reader, ReaderBuffers, Record};

/// Walks one module with the reader buffers of the previous one (as the module decoder does:
/// the BLOCKINFO block is decoded once).
fn walk(bc: &[u8], rec: &mut Vec<u64>, bufs: &mut ReaderBuffers) -> Option<u64> {
    let mut r = Reader::with_buffers(bc, std::mem::take(bufs)).ok()?;
    let mut local = Record {
        ops: std::mem::take(rec),
        ..Record::new()
    };
    let mut n = 0;
    let out = loop {
        match r.advance(&mut local) {
            Ok(Entry::SubBlock { block_id: 0 }) => {
                if r.read_blockinfo_block().is_err() {
                    break None;
                }
            }
            Ok(Entry::SubBlock { .. }) => {
                if r.enter_block().is_err() {
                    break None;
                }
            }
            Ok(Entry::EndBlock) => {}
            Ok(Entry::Record { .. }) => n += local.ops.len() as u64 + 1,
            Ok(Entry::EndOfStream) => break Some(n),
            Err(_) => break None,
        }
    };
    *rec = local.ops;
    *bufs = r.into_buffers();
    out
}

fn main() {
    let Some((n, files)) = dxil_test_support::example_inputs() else {
        return;
    };
    let modules = dxil_test_support::parts_bitcode(&files, &[b"DXIL", b"ILDB"]);
    let bytes: usize = modules.iter().map(|m| m.len()).sum();
    let mut ops = Vec::new();
    let mut bufs = ReaderBuffers::default();
    let clock = dxil_test_support::Stopwatch::start();
    let mut values = 0;
    for _ in 0..n {
        for m in &modules {
            values += walk(m, &mut ops, &mut bufs).unwrap_or(0);
        }
    }
    clock.report(modules.len(), n, bytes, &format!("{values} values"));
}
