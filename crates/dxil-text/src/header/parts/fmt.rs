//! Column helpers matching the reference's `left_justify`/`right_justify` (pad, never cut).

use std::fmt::Write;

/// Appends `s` padded with spaces on the right to `width`.
pub fn left(out: &mut String, s: &str, width: usize) {
    out.push_str(s);
    for _ in s.chars().count()..width {
        out.push(' ');
    }
}

/// Appends `s` padded with spaces on the left to `width`.
pub fn right(out: &mut String, s: &str, width: usize) {
    for _ in s.chars().count()..width {
        out.push(' ');
    }
    out.push_str(s);
}

/// Appends `v` right-aligned in `width` columns.
pub fn num(out: &mut String, v: impl std::fmt::Display, width: usize) {
    let _ = write!(out, "{v:>width$}");
}

/// The `xyzw` letters of `mask`, each in its column (space when clear).
pub fn mask_columns(mask: u8) -> [char; 4] {
    let mut m = [' '; 4];
    for (i, c) in ['x', 'y', 'z', 'w'].into_iter().enumerate() {
        if mask & (1 << i) != 0 {
            m[i] = c;
        }
    }
    m
}
