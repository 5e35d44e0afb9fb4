//! The `; shader debug name: NAME` line of module text's header, read back into the
//! `ILDN` part (DXIL.rst "DXIL Container Format": `u16` flags, `u16` name length, the
//! name, a NUL, zero padding to 4 bytes) that the reference disassembler prints it from.

/// The `ILDN` part bytes for the debug name the header of `text` prints, if it prints one.
pub fn debug_name_part(text: &str) -> Option<Vec<u8>> {
    let name = text
        .lines()
        .take_while(|l| l.starts_with(';') || l.is_empty())
        .find_map(|l| l.strip_prefix("; shader debug name: "))?;
    if name.is_empty() {
        return None;
    }
    let len = name.len() + 5;
    let padding = vec![0; len.next_multiple_of(4) - len];
    dxil_parts::DebugName {
        flags: 0,
        name: name.as_bytes().to_vec(),
        padding,
    }
    .write()
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_name_round_trips() {
        let text = ";\n; shader debug name: abc.pdb\n;\ntarget triple = \"dxil-ms-dx\"\n";
        let part = debug_name_part(text).expect("a part");
        assert_eq!(part.len() % 4, 0);
        let back = dxil_parts::DebugName::parse(&part).expect("parses");
        assert_eq!(back.name, b"abc.pdb");
        assert!(debug_name_part("target triple = \"x\"\n; shader debug name: a\n").is_none());
    }
}
