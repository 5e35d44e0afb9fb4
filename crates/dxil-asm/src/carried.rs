//! The header sections that carry container parts the reference disassembler does not print
//! (`dxil_text::header::carried`: root signatures as root signature text or hex, other parts
//! as hex), read back into part bytes.
//!
//! Only the header (the comment lines before the module text) is read. A section that does
//! not read back is an error at its line and column: the section says the part is there,
//! and dropping it silently would lose it.

use dxil_container::FourCC;
use dxil_rootsig::{binary, TextForm, Version};
use dxil_text::header::carried::{PART_TITLE, ROOT_SIGNATURE_TITLE, RTS0_SOURCE, SUBOBJECT_SOURCE};

/// Parts read back from a header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Carried {
    /// Parts in section order (`RTS0` and the parts printed as hex).
    pub parts: Vec<(FourCC, Vec<u8>)>,
    /// Root signature subobjects' bytes, by subobject name.
    pub subobject_root_signatures: Vec<(String, Vec<u8>)>,
}

/// A section that does not read back: 1-based line and byte column in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CarriedError {
    /// 1-based line.
    pub line: usize,
    /// 1-based byte column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for CarriedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for CarriedError {}

/// What a section's title says.
enum Title {
    /// Root signature text of this version.
    RootText(Source, Version),
    /// Root signature bytes, this many.
    RootHex(Source, usize),
    /// A part's bytes, this many.
    PartHex(FourCC, usize),
}

/// Where a root signature goes.
enum Source {
    Rts0,
    Subobject(String),
}

fn err(line: usize, column: usize, message: impl Into<String>) -> CarriedError {
    CarriedError {
        line,
        column,
        message: message.into(),
    }
}

fn parse_title(l: &str, line: usize) -> Result<Option<Title>, CarriedError> {
    let bad = |what: &str| err(line, 1, what.to_string());
    if let Some(rest) = l.strip_prefix(ROOT_SIGNATURE_TITLE) {
        let inner = rest.strip_suffix("):").ok_or_else(|| {
            bad("root signature section title: expected `(SOURCE, version V):` or `(SOURCE, N bytes):`")
        })?;
        let (what, form) = inner.rsplit_once(", ").ok_or_else(|| {
            bad("root signature section title: expected `, version V` or `, N bytes` before `):`")
        })?;
        let source = if what == RTS0_SOURCE {
            Source::Rts0
        } else if let Some(name) = what.strip_prefix(SUBOBJECT_SOURCE) {
            Source::Subobject(name.to_string())
        } else {
            return Err(bad(&format!(
                "root signature section title: expected `{RTS0_SOURCE}` or `{SUBOBJECT_SOURCE}NAME`, found `{what}`"
            )));
        };
        if let Some(v) = form.strip_prefix("version ") {
            let version = Version::parse(v).ok_or_else(|| {
                bad(&format!(
                    "root signature section title: unknown version `{v}` (expected 1.0, 1.1 or 1.2)"
                ))
            })?;
            return Ok(Some(Title::RootText(source, version)));
        }
        let n = byte_count(form).ok_or_else(|| {
            bad(&format!(
                "root signature section title: expected `version V` or `N bytes`, found `{form}`"
            ))
        })?;
        return Ok(Some(Title::RootHex(source, n)));
    }
    if let Some(rest) = l.strip_prefix(PART_TITLE) {
        let Some((code, count)) = rest.strip_suffix("):").and_then(|r| r.split_once(" (")) else {
            return Ok(None);
        };
        let fourcc = fourcc(code).ok_or_else(|| {
            bad(&format!(
                "part section title: `{code}` is not a four-character code (four printable characters, or 0x and eight hex digits)"
            ))
        })?;
        let n = byte_count(count).ok_or_else(|| {
            bad(&format!(
                "part section title: expected `N bytes`, found `{count}`"
            ))
        })?;
        return Ok(Some(Title::PartHex(fourcc, n)));
    }
    Ok(None)
}

fn byte_count(s: &str) -> Option<usize> {
    s.strip_suffix(" bytes")?.parse().ok()
}

fn fourcc(code: &str) -> Option<FourCC> {
    if let Some(hex) = code.strip_prefix("0x") {
        let bytes = hex_bytes(hex)?;
        return Some(FourCC::from_bytes(bytes.try_into().ok()?));
    }
    let b: [u8; 4] = code.as_bytes().try_into().ok()?;
    b.iter()
        .all(|c| c.is_ascii_graphic())
        .then_some(FourCC::from_bytes(b))
}

fn hex_bytes(s: &str) -> Option<Vec<u8>> {
    let s = s.as_bytes();
    if !s.len().is_multiple_of(2) {
        return None;
    }
    s.chunks(2)
        .map(|p| {
            let d = |c: u8| (c as char).to_digit(16);
            Some((d(p[0])? * 16 + d(p[1])?) as u8)
        })
        .collect()
}

/// Reads the sections of the header of `text` (its leading comment lines).
pub fn read_carried(text: &str) -> Result<Carried, CarriedError> {
    let header: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with(';') || l.trim().is_empty())
        .collect();
    let mut out = Carried::default();
    let mut i = 0;
    while i < header.len() {
        let line_no = i + 1;
        let Some(title) = parse_title(header[i].trim_end(), line_no)? else {
            i += 1;
            continue;
        };
        // The body: after the `;` line under the title, up to the next `;` line.
        i += 1;
        if header.get(i).map(|l| l.trim_end()) == Some(";") {
            i += 1;
        }
        let first = i;
        while i < header.len() && header[i].trim_end() != ";" && header[i].starts_with(';') {
            i += 1;
        }
        // Each body line without its `;` (columns then count from 2).
        let body: Vec<&str> = header[first..i].iter().map(|l| &l[1..]).collect();
        let body_line = first + 1;
        match title {
            Title::RootText(source, version) => {
                let joined = body.join("\n");
                let (rs, _) = dxil_rootsig::text::parse_form(&joined, version, TextForm::File)
                    .map_err(|e| {
                        let (line, column) = match e.position() {
                            dxil_rootsig::Position::Text { line, column } => {
                                (body_line + line as usize - 1, column as usize + 1)
                            }
                            _ => (body_line, 2),
                        };
                        err(line, column, format!("root signature: {}", e.message()))
                    })?;
                put_root(&mut out, source, binary::write(&rs));
            }
            Title::RootHex(source, n) => {
                put_root(&mut out, source, hex_body(&body, body_line, n, line_no)?);
            }
            Title::PartHex(fourcc, n) => {
                out.parts
                    .push((fourcc, hex_body(&body, body_line, n, line_no)?));
            }
        }
    }
    Ok(out)
}

fn put_root(out: &mut Carried, source: Source, bytes: Vec<u8>) {
    match source {
        Source::Rts0 => out.parts.push((FourCC::RTS0, bytes)),
        Source::Subobject(name) => out.subobject_root_signatures.push((name, bytes)),
    }
}

/// The bytes of hex lines (groups of hex digits separated by spaces); `n` must be their
/// count.
fn hex_body(
    body: &[&str],
    body_line: usize,
    n: usize,
    title_line: usize,
) -> Result<Vec<u8>, CarriedError> {
    let mut bytes = Vec::new();
    for (k, l) in body.iter().enumerate() {
        let mut column = 2;
        for group in l.split(' ') {
            if !group.is_empty() {
                let b = hex_bytes(group.trim_end()).ok_or_else(|| {
                    err(
                        body_line + k,
                        column,
                        format!("expected hex bytes (pairs of hex digits), found `{group}`"),
                    )
                })?;
                bytes.extend(b);
            }
            column += group.len() + 1;
        }
    }
    if bytes.len() != n {
        return Err(err(
            title_line,
            1,
            format!(
                "the section's title says {n} bytes, its lines hold {}",
                bytes.len()
            ),
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(parts: &[([u8; 4], &[u8])]) -> String {
        let mut out = String::new();
        dxil_text::header::print_carried_parts(parts, &mut out);
        out.push_str("target datalayout = \"\"\n");
        out
    }

    #[test]
    fn reads_back_what_the_printer_writes() {
        let rs = dxil_rootsig::compile(
            "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT), DescriptorTable(CBV(b0), SRV(t0, numDescriptors = 3)), StaticSampler(s0)",
            Version::V1_1,
        )
        .unwrap();
        let rts0 = binary::write(&rs);
        let priv_: Vec<u8> = (0..70).collect();
        let text = printed(&[(*b"RTS0", &rts0), (*b"PRIV", &priv_), (*b"\0\x01ab", &[9])]);
        let c = read_carried(&text).unwrap();
        assert_eq!(
            c.parts,
            vec![
                (FourCC::RTS0, rts0),
                (FourCC::from_bytes(*b"PRIV"), priv_),
                (FourCC::from_bytes(*b"\0\x01ab"), vec![9]),
            ]
        );
        let hex = printed(&[(*b"RTS0", &[1, 2, 3, 4, 5])]);
        assert_eq!(read_carried(&hex).unwrap().parts[0].1, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn errors_point_into_the_section() {
        let text = ";\n; Root Signature (RTS0, version 1.1):\n;\n;   CBV(b0),\n;   SRV(x0)\n;\n";
        let e = read_carried(text).unwrap_err();
        assert_eq!((e.line, e.column), (5, 9), "{e}");
        let text = ";\n; Part PRIV (2 bytes):\n;\n;   01zz\n;\n";
        let e = read_carried(text).unwrap_err();
        assert_eq!((e.line, e.column), (4, 5), "{e}");
        let text = ";\n; Part PRIV (3 bytes):\n;\n;   0102\n;\n";
        let e = read_carried(text).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("says 3 bytes, its lines hold 2"));
        let text = ";\n; Root Signature (RTS0, version 9.9):\n;\n";
        assert!(read_carried(text).unwrap_err().message.contains("9.9"));
    }

    #[test]
    fn only_the_header_is_read() {
        let text = "target triple = \"x\"\n; Part PRIV (1 bytes):\n;\n;   01\n;\n";
        assert_eq!(read_carried(text).unwrap(), Carried::default());
    }
}
