//! Attribute sets per function, call and parameter, and their forming into attribute groups
//! and lists (LLVM 3.7 PARAMATTR_GROUP_BLOCK / PARAMATTR_BLOCK; LangRef "Attribute Groups",
//! "Parameter Attributes", "Function Attributes").
//!
//! LLVM keeps the attributes of one position sorted (enum attributes by in-memory kind, then
//! integer attributes by value, then string attributes by key and value) and an attribute list as its
//! positions in index order: return value, parameters, function last (the function index is
//! `~0U`). Groups and lists are numbered as `ValueEnumerator::EnumerateAttributes` meets
//! them: the functions' lists in function order, then the calls' and invokes' lists in
//! program order; within a list, its groups in position order.

use super::error::{BuildError, BuildErrorKind, BuildResult};
use super::intern::{hash_of, Interner};
use crate::{Attribute, AttributeGroup, AttributeList, Function, Inst, InstKind, Module};

/// The attributes of one function, call or invoke, by position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Attributes {
    /// Function attributes (`nounwind`, `readnone`, string attributes, ...).
    pub function: Vec<Attribute>,
    /// Return-value attributes.
    pub ret: Vec<Attribute>,
    /// Parameter attributes, by parameter (missing trailing entries are empty).
    pub params: Vec<Vec<Attribute>>,
}

impl Attributes {
    /// True when no position has an attribute.
    pub fn is_empty(&self) -> bool {
        self.function.is_empty() && self.ret.is_empty() && self.params.iter().all(Vec::is_empty)
    }
}

/// What an attribute set belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AttrSite {
    /// A function declaration or definition.
    Function(Function),
    /// A call or invoke: the function holding it and its instruction id (program order).
    Call(Function, Inst),
}

/// ATTR_KIND codes in the order of LLVM 3.7's in-memory `Attribute::AttrKind` enum (as DXC
/// declares it), which is the order `AttributeSetNode` sorts enum attributes by; it differs
/// from the bitcode code order (`nonnull` sorts before `sret`).
const IN_MEMORY_ORDER: [u8; 45] = [
    1, 2, 35, 3, 38, 36, 43, 4, 5, 40, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 39, 41, 42, 16, 17, 18,
    19, 37, 20, 21, 45, 22, 23, 24, 25, 26, 27, 28, 44, 29, 30, 31, 32, 33, 34,
];

/// The sort rank of ATTR_KIND `code` (codes LLVM 3.7 does not define sort last, by code).
fn kind_rank(code: u32) -> u64 {
    match IN_MEMORY_ORDER.iter().position(|&c| u32::from(c) == code) {
        Some(p) => p as u64,
        None => 64 + u64::from(code),
    }
}

/// LLVM 3.7's order of attributes within one position (`AttributeImpl::operator<`): enum
/// attributes by in-memory kind, then integer attributes by value alone, then string
/// attributes by key and value.
fn attr_order(a: &Attribute, b: &Attribute) -> core::cmp::Ordering {
    fn rank(a: &Attribute) -> (u8, u64) {
        match a {
            Attribute::Enum(c) => (0, kind_rank(*c)),
            Attribute::Int(_, v) => (1, *v),
            Attribute::String { .. } => (2, 0),
        }
    }
    rank(a).cmp(&rank(b)).then_with(|| match (a, b) {
        (Attribute::String { key: k1, value: v1 }, Attribute::String { key: k2, value: v2 }) => k1
            .cmp(k2)
            .then_with(|| v1.as_deref().unwrap_or("").cmp(v2.as_deref().unwrap_or(""))),
        _ => core::cmp::Ordering::Equal,
    })
}

/// Up to this many sets, a lookup compares with each rather than hashing.
const SCAN: usize = 8;

/// Attribute sets kept once each: a builder meets the same few sets at every call.
#[derive(Debug, Default)]
pub(crate) struct AttributeSets {
    sets: Vec<Attributes>,
    ids: Interner,
    /// The set found or added last: declarations and calls in a row mostly share one, and
    /// comparing with it costs less than hashing.
    last: Option<u32>,
}

impl AttributeSets {
    /// Makes room for `additional` more sets.
    pub fn reserve(&mut self, additional: usize) {
        self.sets.reserve(additional);
        self.ids.reserve(additional);
    }

    /// The set at index `i`.
    pub fn get(&self, i: u32) -> Option<&Attributes> {
        self.sets.get(i as usize)
    }

    /// The index of `a`, added when new (a lookup allocates nothing).
    pub fn intern(&mut self, a: &Attributes) -> u32 {
        if let Some(i) = self.last {
            if self.sets[i as usize] == *a {
                return i;
            }
        }
        let i = self.find_or_add(a);
        self.last = Some(i);
        i
    }

    fn find_or_add(&mut self, a: &Attributes) -> u32 {
        // A module has a few sets: comparing with each costs less than hashing, and a set
        // not among them is new (the table is only searched past them).
        let few = self.sets.len() <= SCAN;
        if few {
            if let Some(i) = self.sets.iter().position(|s| s == a) {
                return i as u32;
            }
        }
        let h = hash_of(a);
        let sets = &self.sets;
        if !few {
            if let Some(i) = self.ids.find(h, |i| sets[i as usize] == *a) {
                return i;
            }
        }
        let i = self.sets.len() as u32;
        self.sets.push(a.clone());
        self.ids.insert(h, i);
        i
    }

    /// The sets by index.
    pub fn into_sets(self) -> Vec<Attributes> {
        self.sets
    }
}

/// Replaces the attribute groups and lists of `m` with the ones `sites` need, numbered in
/// LLVM's enumeration order, and points each function, call and invoke at its list (sites
/// with no attribute get none; a site naming an instruction that is not a call or invoke is
/// ignored). Sites name their attributes by index into `sets`: each set is formed into
/// groups and a list once, at its first site in enumeration order (where LLVM numbers its
/// groups; later sites with the same set add nothing new).
pub(crate) fn form_attribute_sets(
    m: &mut Module,
    mut sites: Vec<(AttrSite, u32)>,
    mut sets: Vec<Attributes>,
) {
    m.attribute_groups.clear();
    m.attribute_lists.clear();
    let key = |(site, _): &(AttrSite, u32)| match *site {
        AttrSite::Function(f) => (0, f.0, 0),
        AttrSite::Call(f, i) => (1, f.0, i.0),
    };
    // A builder meets the sites in this order (functions, then each body's calls) unless
    // bodies are defined out of order: sort only then.
    if !sites.windows(2).all(|w| key(&w[0]) <= key(&w[1])) {
        sites.sort_by_key(key);
    }
    let mut group_ids = Interner::default();
    let mut list_ids = Interner::default();
    // A set makes one list and a few groups: room for them at once.
    m.attribute_lists.reserve(sets.len());
    m.attribute_groups.reserve(sets.len() * 2);
    // Per set: its list (0: no attribute), once formed.
    let mut list_of: Vec<Option<u32>> = super::intern::filled(sets.len(), None);
    let mut groups = Vec::new();
    for (site, set_index) in sites {
        let Some(slot) = list_of.get_mut(set_index as usize) else {
            continue;
        };
        let list = match *slot {
            Some(l) => l,
            None => {
                let attrs = std::mem::take(&mut sets[set_index as usize]);
                let l = form_list(m, attrs, &mut group_ids, &mut list_ids, &mut groups);
                *slot = Some(l);
                l
            }
        };
        if list == 0 {
            continue;
        }
        match site {
            AttrSite::Function(f) => {
                if let Some(func) = m.functions.get_mut(f) {
                    func.attributes = list;
                }
            }
            AttrSite::Call(f, i) => {
                let inst = m
                    .functions
                    .get_mut(f)
                    .and_then(|x| x.body.as_mut())
                    .and_then(|b| b.insts.get_mut(i));
                if let Some(inst) = inst {
                    if let InstKind::Call { attributes, .. } | InstKind::Invoke { attributes, .. } =
                        &mut inst.kind
                    {
                        *attributes = list;
                    }
                }
            }
        }
    }
}

/// The list (1-based; 0 when no position has an attribute) of one attribute set, adding
/// the groups and the list when new.
fn form_list(
    m: &mut Module,
    attrs: Attributes,
    group_ids: &mut Interner,
    list_ids: &mut Interner,
    groups: &mut Vec<u32>,
) -> u32 {
    groups.clear();
    // Positions in index order: return value, parameters, function last.
    form_group(m, group_ids, groups, 0, attrs.ret);
    for (i, p) in attrs.params.into_iter().enumerate() {
        form_group(m, group_ids, groups, i as u32 + 1, p);
    }
    form_group(m, group_ids, groups, u32::MAX, attrs.function);
    if groups.is_empty() {
        return 0;
    }
    let lists = &m.attribute_lists;
    let same = |l: &AttributeList| *l.groups == **groups;
    let known = if lists.len() <= SCAN {
        lists.iter().position(same).map(|l| l as u32)
    } else {
        list_ids.find(hash_of(groups.as_slice()), |l| same(&lists[l as usize]))
    };
    match known {
        Some(l) => l + 1,
        None => {
            m.attribute_lists.push(AttributeList {
                groups: groups.as_slice().into(),
            });
            index_past_scan(&m.attribute_lists, list_ids, |x| hash_of(&*x.groups));
            m.attribute_lists.len() as u32
        }
    }
}

/// Appends to `groups` the group of `set` at position `index` (nothing for an empty set),
/// adding the group when new.
fn form_group(
    m: &mut Module,
    group_ids: &mut Interner,
    groups: &mut Vec<u32>,
    index: u32,
    mut set: Vec<Attribute>,
) {
    if set.is_empty() {
        return;
    }
    if !set.windows(2).all(|w| attr_order(&w[0], &w[1]).is_lt()) {
        set.sort_by(attr_order);
        set.dedup();
    }
    // Groups are numbered 1, 2, ... in the order they are added: index + 1.
    let same = |g: &AttributeGroup| g.index == index && g.attrs == set;
    let known = if m.attribute_groups.len() <= SCAN {
        m.attribute_groups.iter().position(same).map(|g| g as u32)
    } else {
        let gs = &m.attribute_groups;
        group_ids.find(group_hash(index, &set), |g| same(&gs[g as usize]))
    };
    let id = match known {
        Some(g) => g + 1,
        None => {
            let g = m.attribute_groups.len() as u32;
            m.attribute_groups.push(AttributeGroup {
                id: g + 1,
                index,
                attrs: set,
            });
            index_past_scan(&m.attribute_groups, group_ids, |x| {
                group_hash(x.index, &x.attrs)
            });
            g + 1
        }
    };
    groups.push(id);
}

fn group_hash(index: u32, set: &[Attribute]) -> u64 {
    hash_of(&(index, set))
}

/// Keeps `ids` naming the entries of `table` once it is past [`SCAN`] (up to then a lookup
/// compares with each, and no hash is taken): called after each push, it hashes the
/// newest entry, or every entry when the table has just outgrown the scan.
fn index_past_scan<T>(table: &[T], ids: &mut Interner, hash: impl Fn(&T) -> u64) {
    let n = table.len();
    if n <= SCAN {
        return;
    }
    let from = if n == SCAN + 1 { 0 } else { n - 1 };
    for (i, x) in table.iter().enumerate().skip(from) {
        ids.insert(hash(x), i as u32);
    }
}

/// Most parameter positions an attribute list may name: far more than any function has,
/// and small enough that a hostile index cannot size an allocation.
pub const MAX_ATTRIBUTE_PARAMS: u32 = 1 << 16;

/// The attribute sets of list `list` (1-based, 0 none) of `m`, by position: the inverse of
/// forming the lists ([`super::ModuleBuilder::finish`]) for one site. A group naming a parameter beyond
/// [`MAX_ATTRIBUTE_PARAMS`] is an error.
pub fn attributes_of(m: &Module, list: u32) -> BuildResult<Attributes> {
    let mut out = Attributes::default();
    let Some(l) = list
        .checked_sub(1)
        .and_then(|i| m.attribute_lists.get(i as usize))
    else {
        return Ok(out);
    };
    for &g in l.groups.iter() {
        let Some(group) = m.attribute_groups.iter().find(|x| x.id == g) else {
            continue;
        };
        let slot = match group.index {
            u32::MAX => &mut out.function,
            0 => &mut out.ret,
            n if n > MAX_ATTRIBUTE_PARAMS => {
                return Err(BuildError::new(
                    BuildErrorKind::Unsupported,
                    format!("attribute group {g} names parameter {n}"),
                ));
            }
            n => {
                let i = (n - 1) as usize;
                if out.params.len() <= i {
                    out.params.resize(i + 1, Vec::new());
                }
                &mut out.params[i]
            }
        };
        slot.extend(group.attrs.iter().cloned());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past the scan, lookups go through the tables: sets met again, early and late, find
    /// the groups and lists made for them.
    #[test]
    fn equal_sets_share_groups_and_lists_past_the_scan() {
        let set = |k: u64| Attributes {
            function: vec![Attribute::Int(1, k)],
            ret: vec![Attribute::Enum(2)],
            params: Vec::new(),
        };
        let n = 3 * SCAN as u64;
        let sets: Vec<Attributes> = (0..n).chain(0..n).map(set).collect();
        let sites = (0..sets.len() as u32)
            .map(|i| (AttrSite::Function(Function(i)), i))
            .collect();
        let mut m = Module::default();
        form_attribute_sets(&mut m, sites, sets);
        // One shared return group, one function group per distinct set.
        assert_eq!(m.attribute_groups.len() as u64, n + 1);
        assert_eq!(m.attribute_lists.len() as u64, n);
        for (i, g) in m.attribute_groups.iter().enumerate() {
            assert_eq!(g.id, i as u32 + 1);
        }
    }
}
