//! `dxil roundtrip F -o OUT [--keep-bitcode]`: reads a container and writes it back.
//!
//! Without `--keep-bitcode` the bitcode of every program part (`DXIL`, `ILDB`, `STAT`) is
//! decoded into the IR and encoded again with the bitcode writer. A part whose bitcode comes
//! out identical is kept as read (so the container is reproduced byte for byte); a changed
//! part is rebuilt (program header + bitcode), then the `HASH` part is recomputed and a
//! matching container digest is updated. With `--keep-bitcode` the bitcode is copied as
//! read (a container-level round trip).

use std::path::PathBuf;

use dxil_container::{
    build_program_part, digest, Container, ContainerBuf, DigestStatus, FourCC, Program, ShaderHash,
};

use super::CmdResult;
use crate::io::{read_input, write_binary, CliError};

/// Arguments of `dxil roundtrip`.
#[derive(clap::Args)]
pub struct Args {
    /// Container file (`-` for standard input).
    pub file: PathBuf,
    /// Output file (`-` or absent: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Copy the program parts' bitcode as read instead of re-encoding it.
    #[arg(long)]
    pub keep_bitcode: bool,
}

/// Runs `dxil roundtrip`.
pub fn run(args: Args) -> CmdResult {
    let bytes = read_input(&args.file)?;
    let c = Container::parse(&bytes)?;
    let mut buf = c.to_buf();
    if args.keep_bitcode || !reencode_bitcode(&c, &mut buf)? {
        return write_binary(args.output.as_deref(), &buf.to_bytes()?);
    }
    let out = rehash(&c, &mut buf)?;
    write_binary(args.output.as_deref(), &out)
}

/// Serializes `buf` (edited from `c`) with its `HASH` part recomputed (same flags) and, when
/// `c`'s digest matched its bytes, the container digest updated.
fn rehash(c: &Container<'_>, buf: &mut ContainerBuf<'_>) -> Result<Vec<u8>, CliError> {
    let mut out = buf.to_bytes()?;
    if let Some(stored) = c.shader_hash()? {
        let (digest, _) = Container::parse(&out)?.compute_shader_hash(stored.flags)?;
        let hash = ShaderHash {
            flags: stored.flags,
            digest,
        };
        buf.replace_part(FourCC::HASH, hash.to_bytes().to_vec())?;
        out = buf.to_bytes()?;
    }
    if c.digest_status() == DigestStatus::Matches {
        digest::update_in_place(&mut out)?;
    }
    Ok(out)
}

/// Re-encodes the bitcode of every program part (`DXIL`, `ILDB`, `STAT`); returns true when
/// some part changed.
fn reencode_bitcode(c: &Container<'_>, buf: &mut ContainerBuf<'_>) -> Result<bool, CliError> {
    let mut changed = false;
    for fourcc in [FourCC::DXIL, FourCC::ILDB, FourCC::STAT] {
        let Some(part) = c.part(fourcc) else { continue };
        let program = Program::parse(part)?;
        let module = dxil_bitcode::read_module(program.bitcode)
            .map_err(|e| CliError(format!("{fourcc} bitcode: {e}")))?;
        let bitcode = dxil_bitcode::write_module(&module)
            .map_err(|e| CliError(format!("{fourcc} bitcode: writing: {e}")))?;
        if bitcode != program.bitcode {
            let data = build_program_part(program.version, program.dxil_version, &bitcode)?;
            buf.replace_part(fourcc, data)?;
            changed = true;
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil_container::{DxilVersion, ProgramVersion, ShaderKind};

    fn container(bitcode: &[u8], hash_flags: u32) -> Vec<u8> {
        let v = ProgramVersion::new(ShaderKind::Pixel, 6, 0);
        let dxil = build_program_part(v, DxilVersion(0x100), bitcode).unwrap();
        let mut b = ContainerBuf::new();
        b.add_part(FourCC::DXIL, dxil);
        let digest = Container::parse(&b.to_bytes().unwrap())
            .unwrap()
            .compute_shader_hash(hash_flags)
            .unwrap()
            .0;
        let hash = ShaderHash {
            flags: hash_flags,
            digest,
        };
        b.add_part(FourCC::HASH, hash.to_bytes().to_vec());
        b.to_bytes_with_digest().unwrap()
    }

    #[test]
    fn changed_bitcode_updates_hash_and_digest() {
        let before = container(b"BC\xC0\xDEold bitcode", 0);
        let c = Container::parse(&before).unwrap();
        assert!(c.verify_shader_hash().unwrap().unwrap().matches());
        let mut buf = c.to_buf();
        let v = ProgramVersion::new(ShaderKind::Pixel, 6, 0);
        let new_part = build_program_part(v, DxilVersion(0x100), b"BC\xC0\xDEnew!").unwrap();
        buf.replace_part(FourCC::DXIL, new_part).unwrap();
        let out = rehash(&c, &mut buf).unwrap();
        let after = Container::parse(&out).unwrap();
        assert_eq!(after.program().unwrap().bitcode, b"BC\xC0\xDEnew!");
        assert!(after.verify_shader_hash().unwrap().unwrap().matches());
        assert_eq!(after.digest_status(), DigestStatus::Matches);
        assert_ne!(after.header().digest, c.header().digest);
    }

    /// The bitcode with every abbreviation dropped (all records unabbreviated): the same
    /// module in a different encoding.
    fn unabbreviated(bitcode: &[u8]) -> Vec<u8> {
        use dxil_bitstream::{Entry, RawEntry, Reader, Record, Writer};
        let mut r = Reader::new(bitcode).unwrap();
        let mut w = Writer::new();
        let mut rec = Record::new();
        loop {
            match r.next_raw().unwrap() {
                RawEntry::DefineAbbrev(_) => {}
                RawEntry::Entry(Entry::SubBlock { block_id }) => {
                    r.enter_block().unwrap();
                    w.enter_block(block_id, r.abbrev_width()).unwrap();
                }
                RawEntry::Entry(Entry::EndBlock) => w.exit_block().unwrap(),
                RawEntry::Entry(Entry::Record { abbrev_id }) => {
                    r.read_record(abbrev_id, &mut rec).unwrap();
                    w.write_unabbrev(rec.code, &rec.ops).unwrap();
                }
                RawEntry::Entry(Entry::EndOfStream) => return w.finish().unwrap(),
            }
        }
    }

    /// End to end: a corpus container whose `DXIL` bitcode was re-encoded without
    /// abbreviations (HASH and digest made valid for it) comes back as the original file.
    #[test]
    fn reencoding_restores_the_reference_container() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("note: {} not found; skipping", dir.display());
            return;
        };
        let mut names: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "dxil"))
            .collect();
        names.sort();
        let mut tested = 0;
        for path in names {
            let original = std::fs::read(&path).unwrap();
            let c = Container::parse(&original).unwrap();
            if c.digest_status() != DigestStatus::Matches || c.shader_hash().unwrap().is_none() {
                continue;
            }
            let program = c.program().unwrap();
            let other = unabbreviated(program.bitcode);
            assert_ne!(other, program.bitcode);
            let mut buf = c.to_buf();
            let part = build_program_part(program.version, program.dxil_version, &other).unwrap();
            buf.replace_part(FourCC::DXIL, part).unwrap();
            let modified = rehash(&c, &mut buf).unwrap();
            let m = Container::parse(&modified).unwrap();
            assert_eq!(m.digest_status(), DigestStatus::Matches);
            // What `dxil roundtrip` does.
            let mut buf = m.to_buf();
            assert!(reencode_bitcode(&m, &mut buf).unwrap());
            let out = rehash(&m, &mut buf).unwrap();
            assert!(out == original, "{} did not come back", path.display());
            tested += 1;
            if tested == 5 {
                break;
            }
        }
        assert!(
            tested > 0,
            "no signed container with a HASH part in the corpus"
        );
    }

    #[test]
    fn unsigned_digest_stays_unsigned() {
        let mut bytes = container(b"BC\xC0\xDEold bitcode", 0);
        bytes[4..20].fill(0);
        let c = Container::parse(&bytes).unwrap();
        let mut buf = c.to_buf();
        let v = ProgramVersion::new(ShaderKind::Pixel, 6, 0);
        let new_part = build_program_part(v, DxilVersion(0x100), b"BC\xC0\xDEnew!").unwrap();
        buf.replace_part(FourCC::DXIL, new_part).unwrap();
        let out = rehash(&c, &mut buf).unwrap();
        let after = Container::parse(&out).unwrap();
        assert_eq!(after.digest_status(), DigestStatus::Unsigned);
        assert!(after.verify_shader_hash().unwrap().unwrap().matches());
    }
}
