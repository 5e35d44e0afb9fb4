//! Names and strings as LLVM 3.7's assembly writer prints them (`PrintLLVMName`,
//! `PrintEscapedString`, `printMetadataIdentifier`). LangRef "Identifiers".

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Bytes a name may hold unquoted: letters, digits, `-`, `.` and `_` (one load per byte
/// rather than four compares; every named value goes through this).
static BARE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_';
        c += 1;
    }
    t
};

fn is_print(c: u8) -> bool {
    (0x20..0x7f).contains(&c)
}

/// Writes `bytes` with every byte that is not printable ASCII, and `\` and `"`, as `\XX`.
pub fn write_escaped(out: &mut String, bytes: &[u8]) {
    let mut rest = bytes;
    while !rest.is_empty() {
        // Copy the longest run of bytes that need no escape in one go.
        let run = rest
            .iter()
            .position(|&c| !(is_print(c) && c != b'\\' && c != b'"'))
            .unwrap_or(rest.len());
        // A run holds printable ASCII only, so it is valid UTF-8.
        out.push_str(std::str::from_utf8(&rest[..run]).unwrap_or_default());
        if let Some(&c) = rest.get(run) {
            push_hex_escape(out, c);
            rest = &rest[run + 1..];
        } else {
            rest = &[];
        }
    }
}

fn push_hex_escape(out: &mut String, c: u8) {
    out.push('\\');
    out.push(HEX[usize::from(c >> 4)] as char);
    out.push(HEX[usize::from(c & 15)] as char);
}

/// Writes a name with its prefix (`@`, `%`, or none for labels): bare when it is made of
/// letters, digits, `-`, `.` and `_` and does not start with a digit, else quoted and escaped.
pub fn write_name(out: &mut String, prefix: Option<char>, name: &str) {
    if let Some(p) = prefix {
        out.push(p);
    }
    let name_str = name;
    let name = name.as_bytes();
    let needs_quotes = name.first().is_some_and(|c| c.is_ascii_digit())
        || name.iter().any(|&c| !BARE[usize::from(c)]);
    if needs_quotes {
        out.push('"');
        write_escaped(out, name);
        out.push('"');
    } else {
        out.push_str(name_str);
    }
}

/// Writes a metadata name (named metadata, attachment kinds): letters, digits and `-$._` as
/// they are, anything else as `\XX`; the first character may not be a digit; empty names
/// print as `<empty name> `.
pub fn write_metadata_identifier(out: &mut String, name: &[u8]) {
    let Some((&first, rest)) = name.split_first() else {
        out.push_str("<empty name> ");
        return;
    };
    if first.is_ascii_alphabetic() || matches!(first, b'-' | b'$' | b'.' | b'_') {
        out.push(first as char);
    } else {
        push_hex_escape(out, first);
    }
    for &c in rest {
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_') {
            out.push(c as char);
        } else {
            push_hex_escape(out, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(prefix: Option<char>, n: &str) -> String {
        let mut s = String::new();
        write_name(&mut s, prefix, n);
        s
    }

    #[test]
    fn names() {
        assert_eq!(name(Some('@'), "main"), "@main");
        assert_eq!(name(Some('%'), "dx.types.Handle"), "%dx.types.Handle");
        assert_eq!(name(Some('@'), "\u{1}?foo@@YAXXZ"), "@\"\\01?foo@@YAXXZ\"");
        assert_eq!(
            name(Some('%'), "class.RWStructuredBuffer<float>"),
            "%\"class.RWStructuredBuffer<float>\""
        );
        assert_eq!(name(Some('%'), "1abc"), "%\"1abc\"");
        assert_eq!(name(None, "if.then"), "if.then");
        assert_eq!(name(Some('%'), "a\"b\\"), "%\"a\\22b\\5C\"");
    }

    #[test]
    fn bare_bytes_are_letters_digits_dash_dot_underscore() {
        for c in 0..=255u8 {
            let want = c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_');
            assert_eq!(BARE[usize::from(c)], want, "{c:#x}");
        }
    }

    #[test]
    fn metadata_identifiers() {
        let mut s = String::new();
        write_metadata_identifier(&mut s, b"dx.entryPoints");
        assert_eq!(s, "dx.entryPoints");
        s.clear();
        write_metadata_identifier(&mut s, b"1a b");
        assert_eq!(s, "\\31a\\20b");
        s.clear();
        write_metadata_identifier(&mut s, b"");
        assert_eq!(s, "<empty name> ");
    }
}
