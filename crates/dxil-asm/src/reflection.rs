//! Reflection carried by the header comments of module text (`dxc -dumpbin`'s
//! `; Resource Bindings:` section), and the `STAT` module built from it.
//!
//! A stripped `DXIL` module keeps its resource records but not their names; the reference
//! writes the unstripped module (with names) into the `STAT` part, and its disassembler
//! prints the reflection sections from that module (DXIL.rst "DXIL Container Format").
//! When the text's header names resources the module leaves unnamed, or lays out buffers
//! whose struct types the module does not annotate, [`stat_module`] gives the module with
//! those names and annotations (`crate::buffers`), for the `STAT` part.

use dxil_ir::Module;
use dxil_module::model::{DxilMetadata, ResourceLists};

/// One row of the `; Resource Bindings:` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BindingRow {
    /// The resource name (empty when the table prints none).
    pub name: String,
    /// The `ID` column's class prefix: `CB`, `T`, `U` or `S`.
    pub class: String,
    /// The `ID` column's number (the record id within its class).
    pub id: u32,
}

/// The lines of the header section that starts with `; {title}` (up to the module text).
fn section<'t>(text: &'t str, title: &str) -> Vec<&'t str> {
    let mut lines = text.lines();
    let mut out = Vec::new();
    if !lines.any(|l| l.trim_end() == format!("; {title}")) {
        return out;
    }
    for l in lines {
        if !l.starts_with(';') {
            break;
        }
        // The next section title: `; Word ...:` at column 2 with no leading spaces.
        let body = l.get(2..).unwrap_or("");
        if !out.is_empty() && body.ends_with(':') && !body.starts_with(' ') && !body.is_empty() {
            break;
        }
        out.push(l);
    }
    out
}

/// Splits an `ID` cell (`CB0`, `T12`, `U3`, `S0`) into class prefix and number; the cell
/// may run into the next column (`U0u4294967295,space4294967295` for a long binding).
fn split_id(cell: &str) -> Option<(String, u32)> {
    let at = cell.find(|c: char| c.is_ascii_digit())?;
    let (class, rest) = cell.split_at(at);
    if !matches!(class, "CB" | "T" | "U" | "S") {
        return None;
    }
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    Some((class.to_string(), rest.get(..end)?.parse().ok()?))
}

/// The `Type` column's spellings.
const TYPE_CELLS: [&str; 5] = ["cbuffer", "tbuffer", "texture", "UAV", "sampler"];

/// The rows of the `; Resource Bindings:` table in `text` (none when it has no such table,
/// or a row does not parse: then nothing is reconstructed).
pub fn binding_rows(text: &str) -> Vec<BindingRow> {
    let lines = section(text, "Resource Bindings:");
    let Some(start) = lines.iter().position(|l| l.starts_with("; ---")) else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    for l in lines.iter().skip(start + 1) {
        let body = l.get(2..).unwrap_or("");
        if body.trim().is_empty() {
            break;
        }
        let cells: Vec<&str> = body.split_whitespace().collect();
        // Name (may be empty), Type, Format, Dim, ID, HLSL Bind, Count; a wide cell runs
        // into the next one. The ID cell anchors the row: the rightmost class-and-number
        // cell with at most two cells after it; the type cell is three cells before it, or
        // fewer when cells ran together (`UAVunorm_f32`, `invalidfbtex2darray`).
        let Some((j, (class, id))) = (0..cells.len())
            .rev()
            .take(3)
            .find_map(|j| Some((j, split_id(cells.get(j)?)?)))
        else {
            return Vec::new();
        };
        let at = |back: usize| j.checked_sub(back).and_then(|k| Some((k, *cells.get(k)?)));
        let exact = [3, 2]
            .into_iter()
            .filter_map(at)
            .find(|(_, c)| TYPE_CELLS.contains(c));
        let prefix = || {
            [3, 2, 1]
                .into_iter()
                .filter_map(at)
                .find(|(_, c)| TYPE_CELLS.iter().any(|t| c.starts_with(t)))
        };
        let Some((ty, _)) = exact.or_else(prefix) else {
            return Vec::new();
        };
        let name = cells.get(..ty).map(|c| c.join(" ")).unwrap_or_default();
        rows.push(BindingRow { name, class, id });
    }
    rows
}

fn class_list<'a>(
    lists: &'a mut ResourceLists,
    class: &str,
) -> Option<&'a mut Vec<dxil_module::model::Resource>> {
    match class {
        "CB" => lists.cbuffers.as_mut(),
        "T" => lists.srvs.as_mut(),
        "U" => lists.uavs.as_mut(),
        "S" => lists.samplers.as_mut(),
        _ => None,
    }
}

/// The module with the reflection `text`'s header carries and `m` lacks (resource names),
/// or `None` when the header adds nothing or does not fit the module.
pub fn stat_module(m: &Module, text: &str) -> Option<Module> {
    let rows = binding_rows(text);
    let mut md = DxilMetadata::read(m).ok()?;
    let mut changed = false;
    for row in &rows {
        let list = class_list(md.resources.as_mut()?, &row.class)?;
        let r = list.iter_mut().find(|r| r.base.id == row.id)?;
        if r.base.name != row.name {
            if !r.base.name.is_empty() {
                return None;
            }
            r.base.name.clone_from(&row.name);
            changed = true;
        }
    }
    let mut out = m.clone();
    changed |= crate::buffers::add_annotations(&mut out, &mut md, text);
    if !changed {
        return None;
    }
    md.write(&mut out).ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binding_rows_parse_names_and_ids() {
        let text = "; Resource Bindings:\n;\n\
; Name                                 Type  Format         Dim      ID      HLSL Bind  Count\n\
; ------------------------------ ---------- ------- ----------- ------- -------------- ------\n\
; $Globals                          cbuffer      NA          NA     CB0            cb0     1\n\
;                                   sampler      NA          NA      S1             s0     1\n\
;\n;\n; ViewId state:\n;\ntarget triple = \"dxil-ms-dx\"\n";
        let rows = binding_rows(text);
        assert_eq!(
            rows,
            vec![
                BindingRow {
                    name: "$Globals".into(),
                    class: "CB".into(),
                    id: 0
                },
                BindingRow {
                    name: String::new(),
                    class: "S".into(),
                    id: 1
                },
            ]
        );
        assert!(binding_rows("; Resource Bindings:\n; ---\n; a b c d X0 e 1\n").is_empty());
        let glued = "; Resource Bindings:\n; ---\n\
; buf                                   UAV  struct         r/w      U0u4294967295,space4294967295     1\n\
; Tex                               texture     f32          2d      T1             t4unbounded\n\
; tb                                texture     u32     tbuffer      T2             t1     1\n\
; fb                                    UAV invalidfbtex2darray      U1             u0     1\n\
; s_uav                                 UAVunorm_f32          3d      U2             u0     1\n;\n";
        let rows = binding_rows(glued);
        assert_eq!(rows.len(), 5);
        assert_eq!((rows[2].name.as_str(), rows[2].id), ("tb", 2));
        assert_eq!((rows[3].name.as_str(), rows[3].id), ("fb", 1));
        assert_eq!((rows[4].name.as_str(), rows[4].id), ("s_uav", 2));
        assert_eq!(
            (rows[0].name.as_str(), rows[0].class.as_str(), rows[0].id),
            ("buf", "U", 0)
        );
        assert_eq!(
            (rows[1].name.as_str(), rows[1].class.as_str(), rows[1].id),
            ("Tex", "T", 1)
        );
    }
}
