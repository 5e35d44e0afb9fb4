//! Header sections the reference disassembler does not print: the container parts that the
//! module text does not otherwise carry, so that assembling the text (`dxil-asm`) gives
//! them back. Printed after the dumpbin header, before `target datalayout`, and only when
//! the container has such a part (the text of a container without one is the reference's).
//!
//! ```text
//! ;
//! ; Root Signature (RTS0, version 1.1):
//! ;
//! ;   RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT),
//! ;   CBV(b0)
//! ;
//! ; Part VERS (40 bytes):
//! ;
//! ;   01000a00 00000000 5a150000 14000000 39613365 32323564 61000000 ...
//! ;
//! ```
//!
//! A root signature (the `RTS0` part, or a library's global or local root signature
//! subobject in `RDAT`) prints as root signature text, one top-level element per line, when
//! that text gives back the same bytes (read, printed, parsed and written again); otherwise
//! (a layout the writer would not produce, values the text cannot name, bytes that do not
//! read) as hex, `; Root Signature (RTS0, 48 bytes):`. Any other part the text does not carry
//! prints as hex under `; Part FOURCC (N bytes):` (a four-character code that is not
//! printable ASCII as `0x` and eight hex digits, its bytes in order).

use std::fmt::Write;

use dxil_parts::rdat::{Rdat, SubobjectData};
use dxil_rootsig::{binary, to_text};

use super::Parts;

/// Parts the text carries by other means: the module (`DXIL`, `ILDB`), the parts generated
/// from it (`SFI0`, `ISG1`, `OSG1`, `PSG1`, `PSV0`, `RDAT`, `HASH`), the debug name line
/// (`ILDN`), the reflection sections (`STAT`).
pub const CARRIED_BY_THE_MODULE_TEXT: [[u8; 4]; 11] = [
    *b"DXIL", *b"ILDB", *b"SFI0", *b"ISG1", *b"OSG1", *b"PSG1", *b"PSV0", *b"RDAT", *b"HASH",
    *b"ILDN", *b"STAT",
];

/// The title of a root signature section, up to its opening parenthesis.
pub const ROOT_SIGNATURE_TITLE: &str = "; Root Signature (";
/// The title of a part printed as hex, up to its four-character code.
pub const PART_TITLE: &str = "; Part ";
/// What a root signature section names for the `RTS0` part.
pub const RTS0_SOURCE: &str = "RTS0";
/// What a root signature section names for a subobject, before the subobject's name.
pub const SUBOBJECT_SOURCE: &str = "subobject ";

/// Bytes per hex line.
const HEX_LINE: usize = 32;

/// One part, or one root signature subobject, that the module text does not carry.
enum Uncarried<'p> {
    /// The `RTS0` part.
    RootSignature(&'p [u8]),
    /// A part printed as hex.
    Part(&'p [u8; 4], &'p [u8]),
    /// A library's root signature subobject (in `RDAT`), by name.
    Subobject(String, Vec<u8>),
}

/// What of `parts` the module text does not carry, in the order the sections print.
fn uncarried<'p>(parts: &'p Parts<'_>) -> Vec<Uncarried<'p>> {
    let mut out = Vec::new();
    for (fourcc, data) in parts {
        if fourcc == b"RTS0" {
            out.push(Uncarried::RootSignature(data));
        } else if !CARRIED_BY_THE_MODULE_TEXT.contains(fourcc) {
            out.push(Uncarried::Part(fourcc, data));
        }
    }
    let rdat = parts
        .iter()
        .find(|(f, _)| f == b"RDAT")
        .and_then(|(_, d)| Rdat::parse(d).ok());
    if let Some(Ok(Some(records))) = rdat.as_ref().map(Rdat::subobject_records) {
        for s in records.into_iter().flatten().flatten() {
            if let SubobjectData::RootSignature { data } = &s.data {
                out.push(Uncarried::Subobject(s.name.to_string(), data.to_vec()));
            }
        }
    }
    out
}

/// The parts (and root signature subobjects) of `parts` that the reference's text does not
/// carry, named for a message: `RTS0 (root signature)`, `VERS`, `root signature subobject
/// grs`. Empty when the text carries the whole container.
pub fn uncarried_part_names(parts: &Parts<'_>) -> Vec<String> {
    uncarried(parts)
        .iter()
        .map(|u| match u {
            Uncarried::RootSignature(_) => "RTS0 (root signature)".to_string(),
            Uncarried::Part(fourcc, _) => fourcc_text(fourcc),
            Uncarried::Subobject(name, _) => format!("root signature subobject {name}"),
        })
        .collect()
}

/// Prints the sections for `parts` (see the module docs); returns whether anything was
/// printed.
pub fn print_carried_parts(parts: &Parts<'_>, out: &mut String) -> bool {
    let start = out.len();
    for u in uncarried(parts) {
        match u {
            Uncarried::RootSignature(data) => print_root_signature(RTS0_SOURCE, data, out),
            Uncarried::Part(fourcc, data) => {
                let _ = write!(
                    out,
                    ";\n{PART_TITLE}{} ({} bytes):\n;\n",
                    fourcc_text(fourcc),
                    data.len()
                );
                print_hex(data, out);
                out.push_str(";\n");
            }
            Uncarried::Subobject(name, data) => {
                print_root_signature(&format!("{SUBOBJECT_SOURCE}{name}"), &data, out)
            }
        }
    }
    out.len() > start
}

/// A four-character code as the `; Part` title spells it: the characters when all are
/// printable ASCII other than space and parentheses, else `0x` and the bytes in hex.
pub fn fourcc_text(fourcc: &[u8; 4]) -> String {
    if fourcc
        .iter()
        .all(|b| b.is_ascii_graphic() && !matches!(b, b'(' | b')'))
    {
        String::from_utf8_lossy(fourcc).into_owned()
    } else {
        let mut s = String::from("0x");
        for b in fourcc {
            let _ = write!(s, "{b:02x}");
        }
        s
    }
}

/// The root signature text of `data` when it gives back `data` byte for byte, one
/// top-level element per line, with its version.
pub fn root_signature_lines(data: &[u8]) -> Option<(dxil_rootsig::Version, Vec<String>)> {
    let rs = binary::read(data).ok()?;
    let text = to_text(&rs).ok()?;
    let back = dxil_rootsig::parse(&text, rs.version).ok()?;
    if binary::write(&back) != data {
        return None;
    }
    Some((rs.version, split_top_level(&text)))
}

/// Splits `RootFlags(...), CBV(b0), DescriptorTable(...)` at the commas outside
/// parentheses, each element but the last keeping its comma.
fn split_top_level(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                lines.push(text[start..=i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = text[start..].trim();
    if !last.is_empty() || lines.is_empty() {
        lines.push(last.to_string());
    }
    lines
}

fn print_root_signature(source: &str, data: &[u8], out: &mut String) {
    match root_signature_lines(data) {
        Some((version, lines)) => {
            let _ = write!(
                out,
                ";\n{ROOT_SIGNATURE_TITLE}{source}, version {version}):\n;\n"
            );
            for l in lines {
                let _ = writeln!(out, ";   {l}");
            }
        }
        None => {
            let _ = write!(
                out,
                ";\n{ROOT_SIGNATURE_TITLE}{source}, {} bytes):\n;\n",
                data.len()
            );
            print_hex(data, out);
        }
    }
    out.push_str(";\n");
}

/// `data` as lines of 32 bytes, in groups of four.
fn print_hex(data: &[u8], out: &mut String) {
    for line in data.chunks(HEX_LINE) {
        out.push_str(";  ");
        for group in line.chunks(4) {
            out.push(' ');
            for b in group {
                let _ = write!(out, "{b:02x}");
            }
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_top_level_commas() {
        assert_eq!(
            split_top_level("RootFlags(0), DescriptorTable(CBV(b0), SRV(t0)), CBV(b1)"),
            vec![
                "RootFlags(0),",
                "DescriptorTable(CBV(b0), SRV(t0)),",
                "CBV(b1)"
            ]
        );
        assert_eq!(split_top_level(""), vec![""]);
    }

    #[test]
    fn root_signature_prints_as_text_or_hex() {
        let rs = dxil_rootsig::compile("CBV(b0), SRV(t1)", dxil_rootsig::Version::V1_1).unwrap();
        let bytes = binary::write(&rs);
        let mut out = String::new();
        assert!(print_carried_parts(&[(*b"RTS0", &bytes)], &mut out));
        assert_eq!(
            out,
            ";\n; Root Signature (RTS0, version 1.1):\n;\n;   CBV(b0),\n;   SRV(t1)\n;\n"
        );
        let mut out = String::new();
        print_carried_parts(&[(*b"RTS0", &[1, 2, 3][..])], &mut out);
        assert_eq!(
            out,
            ";\n; Root Signature (RTS0, 3 bytes):\n;\n;   010203\n;\n"
        );
    }

    #[test]
    fn other_parts_print_as_hex() {
        let data: Vec<u8> = (0..36).collect();
        let mut out = String::new();
        print_carried_parts(
            &[(*b"DXIL", &[0u8][..]), (*b"PRIV", &data), (*b"a b\0", &[])],
            &mut out,
        );
        assert_eq!(
            out,
            ";\n; Part PRIV (36 bytes):\n;\n\
             ;   00010203 04050607 08090a0b 0c0d0e0f 10111213 14151617 18191a1b 1c1d1e1f\n\
             ;   20212223\n;\n\
             ;\n; Part 0x61206200 (0 bytes):\n;\n;\n"
        );
    }
}
