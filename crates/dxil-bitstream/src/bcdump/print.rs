//! The dump printer (output format of `llvm-bcanalyzer -dump`, LLVM 19).
//!
//! Blocks print as `<NAME NumWords=N BlockCodeSize=W>` ... `</NAME>`, records as
//! `<NAME abbrevid=N op0=.. op1=../>` (operands as signed 64-bit values, `abbrevid` only for
//! abbreviated records), followed by ` record string = '...'` when an abbreviated record's array
//! is printable and ` blob data = ...` for blobs. Unknown names print as `UnknownBlockN` and
//! `UnknownCodeN`. BLOCKINFO prints as `<BLOCKINFO_BLOCK/>` unless its contents are requested.

use std::fmt::Write;

use super::names::{block_name, record_name};
use crate::error::{Error, ErrorKind, Result};
use crate::{Abbrev, AbbrevOp, Entry, RawEntry, Reader, Record, BLOCKINFO_BLOCK_ID};

/// What the dump shows beyond `llvm-bcanalyzer -dump`'s defaults.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DumpOptions {
    /// Print BLOCKINFO contents (`-dump-blockinfo`).
    pub dump_blockinfo: bool,
    /// Print numeric IDs next to names: `BlockID=N`, `codeid=N` (`-non-symbolic`).
    pub non_symbolic: bool,
    /// Print every blob with hex escapes (`-show-binary-blobs`).
    pub show_binary_blobs: bool,
    /// Also print DEFINE_ABBREV records as `<DEFINE_ABBREV abbrevid=N op0=fixed(3) .../>`
    /// (not an `llvm-bcanalyzer` feature).
    pub show_abbrevs: bool,
}

/// Dumps `bitcode` to `out`. On a malformed stream everything up to the error has been written.
pub fn dump<W: Write>(bitcode: &[u8], out: &mut W, opts: DumpOptions) -> Result<()> {
    let mut r = Reader::new(bitcode)?;
    let mut rec = Record::new();
    // Names of open blocks (and their IDs), for the closing tags.
    let mut open: Vec<u32> = Vec::new();
    let mut line = String::new();
    loop {
        let at = r.bit_offset();
        let fmt_err = |_| Error::new(ErrorKind::Output, at);
        let indent = r.depth() * 2;
        match r.next_raw()? {
            RawEntry::Entry(Entry::EndOfStream) => return Ok(()),
            RawEntry::Entry(Entry::SubBlock { block_id }) => {
                if block_id == BLOCKINFO_BLOCK_ID && !opts.dump_blockinfo {
                    writeln!(out, "{:indent$}<BLOCKINFO_BLOCK/>", "").map_err(fmt_err)?;
                    r.read_blockinfo_block()?;
                    continue;
                }
                r.enter_block()?;
                line.clear();
                push_block_name(&mut line, block_id, opts);
                writeln!(
                    out,
                    "{:indent$}<{line} NumWords={} BlockCodeSize={}>",
                    "",
                    r.block_len_words(),
                    r.abbrev_width()
                )
                .map_err(fmt_err)?;
                open.push(block_id);
            }
            RawEntry::Entry(Entry::EndBlock) => {
                let id = open.pop().unwrap_or(0);
                let indent = r.depth() * 2;
                let name = block_name(id);
                match name {
                    Some(n) => writeln!(out, "{:indent$}</{n}>", ""),
                    None => writeln!(out, "{:indent$}</UnknownBlock{id}>", ""),
                }
                .map_err(fmt_err)?;
            }
            RawEntry::DefineAbbrev(a) => {
                if opts.show_abbrevs {
                    // The ID it has in its block (inside BLOCKINFO: in the SETBID block).
                    let id = match r.blockinfo_target() {
                        Some(bid) => r.blockinfo_abbrev_count(bid) + 3,
                        None => r.abbrev_count() + 3,
                    };
                    line.clear();
                    push_abbrev(&mut line, &a);
                    writeln!(out, "{:indent$}<DEFINE_ABBREV abbrevid={id}{line}/>", "")
                        .map_err(fmt_err)?;
                }
            }
            RawEntry::Entry(Entry::Record { abbrev_id }) => {
                r.read_record(abbrev_id, &mut rec)?;
                let block_id = open.last().copied().unwrap_or(0);
                line.clear();
                push_record(&mut line, block_id, &rec, r.abbrev(abbrev_id), opts);
                writeln!(out, "{:indent$}{line}", "").map_err(fmt_err)?;
            }
        }
    }
}

fn push_block_name(s: &mut String, id: u32, opts: DumpOptions) {
    match block_name(id) {
        Some(n) => {
            s.push_str(n);
            if opts.non_symbolic {
                let _ = write!(s, " BlockID={id}");
            }
        }
        None => {
            let _ = write!(s, "UnknownBlock{id}");
        }
    }
}

fn is_print(c: u8) -> bool {
    (0x20..0x7f).contains(&c)
}

fn push_record(
    s: &mut String,
    block_id: u32,
    rec: &Record<'_>,
    abbrev: Option<&[AbbrevOp]>,
    opts: DumpOptions,
) {
    s.push('<');
    match record_name(block_id, rec.code) {
        Some(n) => {
            s.push_str(n);
            if opts.non_symbolic {
                let _ = write!(s, " codeid={}", rec.code);
            }
        }
        None => {
            let _ = write!(s, "UnknownCode{}", rec.code);
        }
    }
    if rec.abbrev_id != crate::UNABBREV_RECORD {
        let _ = write!(s, " abbrevid={}", rec.abbrev_id);
    }
    for (i, v) in rec.ops.iter().enumerate() {
        s.push_str(" op");
        push_decimal(s, i as u64);
        s.push('=');
        // Operands print as signed 64-bit values, as llvm-bcanalyzer prints them.
        let v = *v as i64;
        if v < 0 {
            s.push('-');
        }
        push_decimal(s, v.unsigned_abs());
    }
    s.push_str("/>");
    if let Some(a) = abbrev {
        if let Some(i) = a.iter().position(|o| *o == AbbrevOp::Array) {
            let chars = rec.ops.get(i.saturating_sub(1)..).unwrap_or(&[]);
            if i >= 1 && chars.iter().all(|&c| is_print(c as u8)) {
                s.push_str(" record string = '");
                s.extend(chars.iter().map(|&c| char::from(c as u8)));
                s.push('\'');
            }
        }
    }
    if let Some(blob) = rec.blob {
        s.push_str(" blob data = ");
        if opts.show_binary_blobs {
            s.push('\'');
            for &b in blob {
                match b {
                    b'\\' => s.push_str("\\\\"),
                    b'\t' => s.push_str("\\t"),
                    b'\n' => s.push_str("\\n"),
                    b'"' => s.push_str("\\\""),
                    b if is_print(b) => s.push(char::from(b)),
                    b => {
                        let _ = write!(s, "\\x{b:02X}");
                    }
                }
            }
            s.push('\'');
        } else if blob.iter().all(|&b| is_print(b)) {
            s.push('\'');
            s.extend(blob.iter().map(|&b| char::from(b)));
            s.push('\'');
        } else {
            let _ = write!(s, "unprintable, {} bytes.", blob.len());
        }
    }
}

/// Appends `v` in decimal (the dump's hot path; `write!` is several times slower).
fn push_decimal(s: &mut String, mut v: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    s.extend(buf[i..].iter().map(|&d| char::from(d)));
}

fn push_abbrev(s: &mut String, a: &Abbrev) {
    for (i, op) in a.ops().iter().enumerate() {
        let _ = match op {
            AbbrevOp::Literal(v) => write!(s, " op{i}=lit({v})"),
            AbbrevOp::Fixed(w) => write!(s, " op{i}=fixed({w})"),
            AbbrevOp::Vbr(w) => write!(s, " op{i}=vbr({w})"),
            AbbrevOp::Array => write!(s, " op{i}=array"),
            AbbrevOp::Char6 => write!(s, " op{i}=char6"),
            AbbrevOp::Blob => write!(s, " op{i}=blob"),
        };
    }
}
