//! Re-encoding: every layer of a container decoded and encoded again.

use dxil_container::{
    build_program_part, digest, Container, ContainerBuf, DigestStatus, FourCC, Program, ShaderHash,
};

use crate::error::{Error, Result};
use crate::input::{Bitcode, Input};

/// How [`reencode_with`] treats program parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Depth {
    /// Decode the bitcode of every program part (`DXIL`, `ILDB`, `STAT`) into the IR and
    /// encode it again.
    #[default]
    Bitcode,
    /// Copy the bitcode as read: a container-level round trip.
    Container,
}

/// Decodes a container down to its IR and encodes it again: the bitcode of every program
/// part (`DXIL`, `ILDB`, `STAT`) is read into the IR and written back. A part whose bitcode
/// comes out identical is kept as read, so a container the reference wrote comes back byte
/// for byte; a changed part is rebuilt, its `HASH` recomputed (same flags), and a digest
/// that matched its bytes updated.
///
/// ```
/// # fn main() -> Result<(), dxil::Error> {
/// # let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/compute.ll")).unwrap();
/// let container = dxil::assemble(&text)?;
/// assert_eq!(dxil::reencode(&container)?, container);
/// # Ok(()) }
/// ```
pub fn reencode(bytes: &[u8]) -> Result<Vec<u8>> {
    reencode_with(bytes, Depth::Bitcode)
}

/// As [`reencode`], down to `depth`.
pub fn reencode_with(bytes: &[u8], depth: Depth) -> Result<Vec<u8>> {
    let input = Input::parse(bytes)?;
    let c = input.container()?;
    let mut buf = c.to_buf();
    if depth == Depth::Container || !reencode_bitcode(c, &mut buf)? {
        return buf.to_bytes().map_err(Error::container);
    }
    rehash(c, &mut buf)
}

/// Serializes `buf` (edited from `c`) with its `HASH` part recomputed (same flags) and, when
/// `c`'s digest matched its bytes, the container digest updated.
fn rehash(c: &Container<'_>, buf: &mut ContainerBuf<'_>) -> Result<Vec<u8>> {
    let mut out = buf.to_bytes().map_err(Error::container)?;
    if let Some(stored) = c.shader_hash().map_err(Error::container)? {
        let rebuilt = Container::parse(&out).map_err(Error::container)?;
        let (digest, _) = rebuilt
            .compute_shader_hash(stored.flags)
            .map_err(Error::container)?;
        let hash = ShaderHash {
            flags: stored.flags,
            digest,
        };
        buf.replace_part(FourCC::HASH, hash.to_bytes().to_vec())
            .map_err(Error::container)?;
        out = buf.to_bytes().map_err(Error::container)?;
    }
    if c.digest_status() == DigestStatus::Matches {
        digest::update_in_place(&mut out).map_err(Error::container)?;
    }
    Ok(out)
}

/// Re-encodes the bitcode of every program part; true when some part changed.
fn reencode_bitcode(c: &Container<'_>, buf: &mut ContainerBuf<'_>) -> Result<bool> {
    let mut changed = false;
    for fourcc in [FourCC::DXIL, FourCC::ILDB, FourCC::STAT] {
        let Some(part) = c.part(fourcc) else { continue };
        let program = Program::parse(part).map_err(Error::container)?;
        let located = Bitcode {
            bytes: program.bitcode,
            position: program.bitcode_position,
            part: Some(fourcc),
        };
        // Read modules are checked: the writer skips its id pass.
        let module = located.read_module()?;
        let bitcode = dxil_bitcode::write_checked(&module).map_err(|e| {
            Error::new(
                crate::ErrorKind::Bitcode,
                format!("{fourcc} bitcode: writing: {e}"),
            )
            .caused_by(e)
        })?;
        if bitcode != program.bitcode {
            let data = build_program_part(program.version, program.dxil_version, &bitcode)
                .map_err(Error::container)?;
            buf.replace_part(fourcc, data).map_err(Error::container)?;
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

    fn replace_bitcode(c: &Container<'_>, bitcode: &[u8]) -> Vec<u8> {
        let mut buf = c.to_buf();
        let v = ProgramVersion::new(ShaderKind::Pixel, 6, 0);
        let new_part = build_program_part(v, DxilVersion(0x100), bitcode).unwrap();
        buf.replace_part(FourCC::DXIL, new_part).unwrap();
        rehash(c, &mut buf).unwrap()
    }

    #[test]
    fn changed_bitcode_updates_hash_and_digest() {
        let before = container(b"BC\xC0\xDEold bitcode", 0);
        let c = Container::parse(&before).unwrap();
        assert!(c.verify_shader_hash().unwrap().unwrap().matches());
        let out = replace_bitcode(&c, b"BC\xC0\xDEnew!");
        let after = Container::parse(&out).unwrap();
        assert_eq!(after.program().unwrap().bitcode, b"BC\xC0\xDEnew!");
        assert!(after.verify_shader_hash().unwrap().unwrap().matches());
        assert_eq!(after.digest_status(), DigestStatus::Matches);
        assert_ne!(after.header().digest, c.header().digest);
    }

    #[test]
    fn unsigned_digest_stays_unsigned() {
        let mut bytes = container(b"BC\xC0\xDEold bitcode", 0);
        bytes[4..20].fill(0);
        let c = Container::parse(&bytes).unwrap();
        let out = replace_bitcode(&c, b"BC\xC0\xDEnew!");
        let after = Container::parse(&out).unwrap();
        assert_eq!(after.digest_status(), DigestStatus::Unsigned);
        assert!(after.verify_shader_hash().unwrap().unwrap().matches());
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

    /// End to end: corpus containers whose `DXIL` bitcode was re-encoded without
    /// abbreviations (HASH and digest made valid for it) come back as the original files.
    #[test]
    fn reencoding_restores_the_reference_container() {
        let Some(dir) = dxil_test_support::corpus_dir() else {
            return;
        };
        let mut tested = 0;
        for id in dxil_test_support::corpus_ids(&dir) {
            let original = std::fs::read(dir.join(format!("{id}.dxil"))).unwrap();
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
            assert_eq!(
                Container::parse(&modified).unwrap().digest_status(),
                DigestStatus::Matches
            );
            assert!(
                reencode(&modified).unwrap() == original,
                "{id} did not come back"
            );
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
}
