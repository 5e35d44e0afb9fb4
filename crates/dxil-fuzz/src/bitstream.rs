//! Fuzz target for the bitstream layer: a full walk (entering, skipping and BLOCKINFO blocks),
//! the dump with every option, and the generic re-encoder (whatever it accepts must be a
//! fixpoint of a second re-encode). Input: raw bitcode (`BC` 0xC0DE or the wrapper).

use dxil_bitstream::{dump, reencode, DumpOptions, Entry, Reader, Record};

fn walk(data: &[u8], skip_mask: u32) -> dxil_bitstream::Result<()> {
    let mut r = Reader::new(data)?;
    let mut rec = Record::new();
    loop {
        match r.next()? {
            Entry::SubBlock { block_id: 0 } => r.read_blockinfo_block()?,
            Entry::SubBlock { block_id } if (skip_mask >> (block_id % 32)) & 1 != 0 => {
                r.skip_block()?
            }
            Entry::SubBlock { .. } => r.enter_block()?,
            Entry::EndBlock => {}
            Entry::Record { abbrev_id } => r.read_record(abbrev_id, &mut rec)?,
            Entry::EndOfStream => return Ok(()),
        }
    }
}

/// The body of the `bitstream` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let flags = data.last().copied().unwrap_or(0);
    let _ = walk(data, u32::from(flags) * 0x0101_0101);
    let opts = DumpOptions {
        dump_blockinfo: flags & 1 != 0,
        non_symbolic: flags & 2 != 0,
        show_binary_blobs: flags & 4 != 0,
        show_abbrevs: flags & 8 != 0,
    };
    let mut s = String::new();
    let _ = dump(data, &mut s, opts);
    if let Ok(out) = reencode(data) {
        assert_eq!(reencode(&out).expect("re-encoded output reads back"), out);
    }
}
