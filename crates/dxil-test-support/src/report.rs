//! Comparing printed text with reference disassembly (`ID.ll`) and reporting the differences
//! grouped by kind.

use std::collections::BTreeMap;

/// Differences grouped by a key: (shader id, 1-based line, got, want) for each.
pub type LineGroups = BTreeMap<String, Vec<(String, usize, String, String)>>;

/// The module body of a reference `ID.ll`: from the `target datalayout` line on.
pub fn ll_body(ll: &str) -> Option<&str> {
    let p = ll
        .find("\ntarget datalayout")
        .map(|p| p + 1)
        .or_else(|| ll.starts_with("target datalayout").then_some(0))?;
    ll.get(p..)
}

/// The first line where `got` and `want` differ: (1-based line, got line, want line), with
/// `<eof>` for a missing line. For texts that differ only after their last line (a final
/// newline), that is the line after the last, `<eof>` on both sides.
pub fn first_line_difference(got: &str, want: &str) -> (usize, String, String) {
    let (mut gl, mut wl) = (got.lines(), want.lines());
    let mut n = 1usize;
    loop {
        match (gl.next(), wl.next()) {
            (Some(a), Some(b)) if a == b => n += 1,
            (a, b) => {
                return (
                    n,
                    a.unwrap_or("<eof>").to_string(),
                    b.unwrap_or("<eof>").to_string(),
                )
            }
        }
    }
}

/// Prints the groups to stderr, largest first: `title(key, count)`, then up to two examples
/// as `{indent}{id} line {n}` / `{indent}  got:  ...` / `{indent}  want: ...`.
pub fn print_line_groups(groups: &LineGroups, indent: &str, title: impl Fn(&str, usize) -> String) {
    let mut sorted: Vec<_> = groups.iter().collect();
    sorted.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    for (key, v) in sorted {
        eprintln!("{}", title(key, v.len()));
        for (id, n, got, want) in v.iter().take(2) {
            eprintln!("{indent}{id} line {n}\n{indent}  got:  {got}\n{indent}  want: {want}");
        }
    }
}

/// Prints failures grouped by message to stderr, in key order: `  {label} x{count}: {key}
/// (e.g. {first id})`.
pub fn print_id_groups(groups: &BTreeMap<String, Vec<String>>, label: &str) {
    for (key, ids) in groups {
        let example = ids.first().map_or("", String::as_str);
        eprintln!("  {label} x{}: {key} (e.g. {example})", ids.len());
    }
}

/// Asserts that `matched` of `total` (non-zero) reaches the share `floor` (0.0 to 1.0);
/// the failure reads `only {matched}/{total} {what} (floor {floor})`.
pub fn assert_floor(matched: usize, total: usize, floor: f64, what: &str) {
    let share = matched as f64 / total as f64;
    assert!(
        share >= floor,
        "only {matched}/{total} {what} (floor {floor})"
    );
}
