//! Walks every block and record of every corpus module.

use dxil_bitstream::{Entry, Reader, Record, Result};

/// Walks the whole stream; returns (blocks, records).
fn walk(bc: &[u8]) -> Result<(u64, u64)> {
    let mut r = Reader::new(bc)?;
    let mut rec = Record::new();
    let (mut blocks, mut records) = (0, 0);
    loop {
        match r.next()? {
            Entry::SubBlock { block_id: 0 } => {
                r.read_blockinfo_block()?;
                blocks += 1;
            }
            Entry::SubBlock { .. } => {
                r.enter_block()?;
                blocks += 1;
            }
            Entry::EndBlock => {}
            Entry::Record { abbrev_id } => {
                r.read_record(abbrev_id, &mut rec)?;
                records += 1;
            }
            Entry::EndOfStream => return Ok((blocks, records)),
        }
    }
}

#[test]
fn walk_every_corpus_module() {
    let files = dxil_test_support::corpus_files();
    let (mut modules, mut records) = (0, 0);
    for f in &files {
        let c = std::fs::read(f).unwrap();
        for (fourcc, bc) in dxil_test_support::program_bitcodes(&c) {
            let (_, n) = walk(bc).unwrap_or_else(|e| {
                panic!("{} {}: {e}", f.display(), String::from_utf8_lossy(&fourcc))
            });
            modules += 1;
            records += n;
        }
    }
    eprintln!("walked {modules} modules, {records} records");
    if !files.is_empty() {
        assert!(modules >= files.len());
    }
}
