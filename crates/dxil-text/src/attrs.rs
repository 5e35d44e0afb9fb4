//! Attribute sets as LLVM 3.7 holds and prints them (`AttributeSet`, `Attribute::getAsString`;
//! LangRef "Attribute Groups", "Function Attributes", "Parameter Attributes").
//!
//! The groups of an attribute list are merged per index; within an index, attributes are
//! sorted: well-known ones by LLVM's `Attribute::AttrKind` order, then integer ones by value,
//! then string ones by key and value.

use std::collections::HashMap;

use dxil_ir::{attr_kind_name, Attribute, Module};

/// `Attribute::AttrKind` order (LLVM 3.7), by assembly keyword.
const KIND_ORDER: [&str; 45] = [
    "align",
    "alwaysinline",
    "builtin",
    "byval",
    "inalloca",
    "cold",
    "convergent",
    "inlinehint",
    "inreg",
    "jumptable",
    "minsize",
    "naked",
    "nest",
    "noalias",
    "nobuiltin",
    "nocapture",
    "noduplicate",
    "noimplicitfloat",
    "noinline",
    "nonlazybind",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
    "noredzone",
    "noreturn",
    "nounwind",
    "optsize",
    "optnone",
    "readnone",
    "readonly",
    "argmemonly",
    "returned",
    "returns_twice",
    "signext",
    "alignstack",
    "ssp",
    "sspreq",
    "sspstrong",
    "safestack",
    "sret",
    "sanitize_address",
    "sanitize_thread",
    "sanitize_memory",
    "uwtable",
    "zeroext",
];

/// Index of the function attributes in a group.
pub const FUNCTION_INDEX: u32 = u32::MAX;

fn kind_rank(code: u32) -> usize {
    attr_kind_name(code)
        .and_then(|n| KIND_ORDER.iter().position(|k| *k == n))
        .unwrap_or(KIND_ORDER.len() + code as usize)
}

fn sort_key(a: &Attribute) -> (u8, u64, &str, &str) {
    match a {
        Attribute::Enum(code) => (0, kind_rank(*code) as u64, "", ""),
        Attribute::Int(_, v) => (1, *v, "", ""),
        Attribute::String { key, value } => (2, 0, key.as_str(), value.as_deref().unwrap_or("")),
    }
}

/// The attributes of one attribute list, merged and sorted per index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListAttrs {
    /// (index, sorted attributes), sorted by index.
    pub slots: Vec<(u32, Vec<Attribute>)>,
}

impl ListAttrs {
    /// The attributes at `index` (empty when none).
    pub fn at(&self, index: u32) -> &[Attribute] {
        self.slots
            .iter()
            .find(|(i, _)| *i == index)
            .map(|(_, a)| a.as_slice())
            .unwrap_or(&[])
    }
}

/// Builds every attribute list of the module (index = list number - 1).
pub fn build_lists(m: &Module) -> Vec<ListAttrs> {
    let groups: HashMap<u32, usize> = m
        .attribute_groups
        .iter()
        .enumerate()
        .map(|(i, g)| (g.id, i))
        .collect();
    m.attribute_lists
        .iter()
        .map(|list| {
            let mut slots: Vec<(u32, Vec<Attribute>)> = Vec::new();
            for gid in list.groups.iter() {
                let Some(g) = groups.get(gid).and_then(|&i| m.attribute_groups.get(i)) else {
                    continue;
                };
                match slots.iter_mut().find(|(i, _)| *i == g.index) {
                    Some((_, attrs)) => attrs.extend(g.attrs.iter().cloned()),
                    None => slots.push((g.index, g.attrs.clone())),
                }
            }
            for (_, attrs) in &mut slots {
                attrs.sort_by(|a, b| sort_key(a).cmp(&sort_key(b)));
                attrs.dedup();
            }
            // LLVM orders the return value (0) first, parameters next, the function last.
            slots.sort_by_key(|(i, _)| *i);
            ListAttrs { slots }
        })
        .collect()
}

/// Writes one attribute; `in_group` selects the `attributes #N = { ... }` spelling.
pub fn write_attr(out: &mut String, a: &Attribute, in_group: bool) {
    use std::fmt::Write;
    match a {
        Attribute::Enum(code) => match attr_kind_name(*code) {
            Some(n) => out.push_str(n),
            None => {
                let _ = write!(out, "<unknown attribute {code}>");
            }
        },
        Attribute::Int(code, v) => {
            let name = attr_kind_name(*code).unwrap_or("<unknown attribute>");
            if name == "align" {
                let _ = write!(out, "align{}{v}", if in_group { "=" } else { " " });
            } else if in_group {
                let _ = write!(out, "{name}={v}");
            } else {
                let _ = write!(out, "{name}({v})");
            }
        }
        Attribute::String { key, value } => {
            let _ = write!(out, "\"{key}\"");
            if let Some(v) = value.as_deref().filter(|v| !v.is_empty()) {
                let _ = write!(out, "=\"{v}\"");
            }
        }
    }
}

/// Writes a space-separated attribute list.
pub fn write_attrs(out: &mut String, attrs: &[Attribute], in_group: bool) {
    for (i, a) in attrs.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write_attr(out, a, in_group);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_by_llvm_kind_order_then_ints_then_strings() {
        // nounwind (18), readnone (20), noduplicate (12), argmemonly (45).
        let mut a = vec![
            Attribute::String {
                key: "b".into(),
                value: None,
            },
            Attribute::Enum(45),
            Attribute::Int(41, 8),
            Attribute::Enum(20),
            Attribute::Enum(18),
            Attribute::Enum(12),
        ];
        a.sort_by(|x, y| sort_key(x).cmp(&sort_key(y)));
        let mut s = String::new();
        write_attrs(&mut s, &a, false);
        assert_eq!(
            s,
            "noduplicate nounwind readnone argmemonly dereferenceable(8) \"b\""
        );
        s.clear();
        write_attrs(&mut s, &[Attribute::Int(1, 4), Attribute::Int(41, 8)], true);
        assert_eq!(s, "align=4 dereferenceable=8");
    }
}
