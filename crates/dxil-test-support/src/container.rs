//! A minimal DXContainer reader for tests (kept apart from `dxil-container`, which is under
//! test). Layout: `DXBC` magic, 16-byte digest, u16 major, u16 minor, u32 file size, u32 part
//! count, u32 part offsets; each part: fourcc, u32 size, data. A program part (`DXIL`, `ILDB`,
//! `STAT`) starts with u32 version, u32 size in words, `DXIL` magic, u32 DXIL version, u32
//! bitcode offset (from the magic) and u32 bitcode size.

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(s.try_into().ok()?))
}

fn usize_at(b: &[u8], at: usize) -> Option<usize> {
    usize::try_from(u32_at(b, at)?).ok()
}

/// The parts of a container as (fourcc, data), in file order; `None` when the bytes are not
/// a well-formed container.
pub fn parts(b: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    if b.get(..4)? != b"DXBC" {
        return None;
    }
    let count = usize_at(b, 28)?;
    let mut out = Vec::new();
    for i in 0..count.min(b.len() / 4) {
        let off = usize_at(b, 32 + 4 * i)?;
        let fourcc: [u8; 4] = b.get(off..off.checked_add(4)?)?.try_into().ok()?;
        let size = usize_at(b, off.checked_add(4)?)?;
        let start = off.checked_add(8)?;
        out.push((fourcc, b.get(start..start.checked_add(size)?)?));
    }
    Some(out)
}

/// The data of the first part named `fourcc`.
pub fn part<'a>(b: &'a [u8], fourcc: &[u8; 4]) -> Option<&'a [u8]> {
    parts(b)?
        .into_iter()
        .find(|(f, _)| f == fourcc)
        .map(|(_, d)| d)
}

/// The bitcode inside a program part's data (`DXIL`, `ILDB` or `STAT`).
pub fn program_bitcode(data: &[u8]) -> Option<&[u8]> {
    if data.get(8..12)? != b"DXIL" {
        return None;
    }
    let start = usize_at(data, 16)?.checked_add(8)?;
    let size = usize_at(data, 20)?;
    data.get(start..start.checked_add(size)?)
}

/// The bitcode of the program part `fourcc` (`b"DXIL"`, `b"ILDB"` or `b"STAT"`).
pub fn part_bitcode<'a>(b: &'a [u8], fourcc: &[u8; 4]) -> Option<&'a [u8]> {
    program_bitcode(part(b, fourcc)?)
}

/// The bitcode of the program parts `parts` of every container in `files`, container by
/// container (the examples' and benches' inputs).
pub fn parts_bitcode<'a>(files: &'a [Vec<u8>], parts: &[&[u8; 4]]) -> Vec<&'a [u8]> {
    files
        .iter()
        .flat_map(|f| parts.iter().filter_map(|p| part_bitcode(f, p)))
        .collect()
}

/// The bitcode of the `DXIL` part.
pub fn dxil_bitcode(b: &[u8]) -> Option<&[u8]> {
    part_bitcode(b, b"DXIL")
}

/// The bitcode of the module the reference disassembly shows: the `ILDB` part's (the one
/// with debug information) when there is one, else the `DXIL` part's.
pub fn primary_bitcode(b: &[u8]) -> Option<&[u8]> {
    part_bitcode(b, b"ILDB").or_else(|| part_bitcode(b, b"DXIL"))
}

/// The bitcode of every program part (`DXIL`, `ILDB`, `STAT`) as (fourcc, bitcode), in file
/// order; empty when the container is malformed.
pub fn program_bitcodes(b: &[u8]) -> Vec<([u8; 4], &[u8])> {
    parts(b)
        .unwrap_or_default()
        .into_iter()
        .filter(|(f, _)| matches!(f, b"DXIL" | b"ILDB" | b"STAT"))
        .filter_map(|(f, d)| Some((f, program_bitcode(d)?)))
        .collect()
}
