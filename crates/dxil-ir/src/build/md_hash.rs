//! The hash metadata is interned by. The derived `Hash` of [`MetadataData`] mixes two words
//! per node operand (the `Option` tag, then the id) and four per value wrapper; plain nodes
//! and value wrappers are most of a module's metadata and every one is hashed once when
//! built, so they are mixed here two operands per word and one word per field. Only the
//! interning tables see this hash. Lists live in the module's pools, so hash and equality
//! ([`md_eq`]) read them through the pools: two items with equal lists at different
//! ranges are equal.

use std::hash::Hasher;

use super::hash::FastHasher;
use crate::{DiPayload, MdRange, MdRef, MetadataData, Pools, ValueRef, WordRange};

/// The interning hash of `d`, whose lists and records are in `pools`.
pub(crate) fn md_hash(pools: &Pools, d: &MetadataData) -> u64 {
    let mut h = FastHasher::default();
    match d {
        MetadataData::Node { distinct, operands } => node_hash(*distinct, pools.list(*operands)),
        MetadataData::Value { ty, value } => {
            h.write_u64(u64::from(ty.0) | 1 << 63);
            h.write_u64(value_word(*value));
            h.finish()
        }
        MetadataData::String(s) => string_hash(pools.list(*s)),
        _ => di_hash(pools, d),
    }
}

/// Whether `a` and `b`, whose lists and records are in `pools`, are the same metadata: equal
/// fields, equal lists.
pub(crate) fn md_eq(pools: &Pools, a: &MetadataData, b: &MetadataData) -> bool {
    match (a, b) {
        (
            MetadataData::Node {
                distinct: da,
                operands: oa,
            },
            MetadataData::Node {
                distinct: db,
                operands: ob,
            },
        ) => da == db && pools.list(*oa) == pools.list(*ob),
        (MetadataData::String(x), MetadataData::String(y)) => pools.list(*x) == pools.list(*y),
        (MetadataData::Value { .. }, MetadataData::Value { .. }) => a == b,
        _ => di_eq(pools, a, b),
    }
}

/// Hashes and compares the fields of DI records: scalars as they are, lists by their
/// entries; each method is a kind of [`crate::for_each_di_record!`].
struct Fields<'p>(&'p Pools);

macro_rules! scalar_fields {
    ($($kind:ident: $t:ty),* $(,)?) => {
        impl Fields<'_> {
            $(
                fn $kind(&self, h: &mut FastHasher, x: &$t) {
                    std::hash::Hash::hash(x, h);
                }
            )*
        }
    };
}

scalar_fields! {
    flag: bool,
    uint: u64,
    tag: u64,
    generic_tag: u64,
    flags: u64,
    lang: u64,
    encoding: u64,
    virtuality: u64,
    int: i64,
    sint: i64,
    md: MdRef,
    string: MdRef,
    md_required: crate::Metadata,
    opt_uint: Option<u64>,
    obsolete: Option<u64>,
}

impl Fields<'_> {
    fn md_list(&self, h: &mut FastHasher, r: &MdRange) {
        let list = self.0.list(*r);
        h.write_u64(list.len() as u64);
        write_refs(h, list);
    }

    fn elements(&self, h: &mut FastHasher, r: &WordRange) {
        let list = self.0.list(*r);
        h.write_u64(list.len() as u64);
        for &e in list {
            h.write_u64(e);
        }
    }
}

/// Field equality: scalars as they are, lists by their entries.
trait FieldEq {
    fn same(&self, other: &Self, pools: &Pools) -> bool;
}

macro_rules! scalar_eq {
    ($($t:ty),* $(,)?) => {$(
        impl FieldEq for $t {
            fn same(&self, other: &Self, _: &Pools) -> bool {
                self == other
            }
        }
    )*};
}

scalar_eq!(bool, u64, i64, MdRef, crate::Metadata, Option<u64>);

impl FieldEq for MdRange {
    fn same(&self, other: &Self, pools: &Pools) -> bool {
        pools.list(*self) == pools.list(*other)
    }
}

impl FieldEq for WordRange {
    fn same(&self, other: &Self, pools: &Pools) -> bool {
        pools.list(*self) == pools.list(*other)
    }
}

/// `di_hash` and `di_eq` over the DI records (a record `pools` do not hold hashes as 0 and
/// equals nothing).
macro_rules! di_content {
    ($(
        $variant:ident($ty:ident) $code:literal $name:literal
            ops($min:literal ..= $max:expr) zero[$($z:literal),*] {
            $( $field:ident: $kind:ident[$idx:literal] $text:literal $show:ident $(($default:expr))? ),* $(,)?
        }
    )*) => {
        fn di_hash(pools: &Pools, d: &MetadataData) -> u64 {
            let mut h = FastHasher::default();
            let f = Fields(pools);
            match d {
                $(
                    MetadataData::$variant(n) => {
                        let Some(r) = n.record(pools) else { return 0 };
                        h.write_u32($code);
                        f.flag(&mut h, &r.distinct);
                        $( f.$kind(&mut h, &r.$field); )*
                    }
                )*
                _ => {}
            }
            h.finish()
        }

        fn di_eq(pools: &Pools, a: &MetadataData, b: &MetadataData) -> bool {
            match (a, b) {
                $(
                    (MetadataData::$variant(x), MetadataData::$variant(y)) => {
                        match (x.record(pools), y.record(pools)) {
                            (Some(x), Some(y)) => {
                                x.distinct == y.distinct $( && x.$field.same(&y.$field, pools) )*
                            }
                            _ => false,
                        }
                    }
                )*
                _ => false,
            }
        }
    };
}

crate::for_each_di_record!(di_content);

/// The interning hash of a plain node with these operands, from the operands alone:
/// [`ModuleBuilder::md_node`] looks a node up before it copies its operands into the pools.
///
/// [`ModuleBuilder::md_node`]: super::ModuleBuilder::md_node
pub(crate) fn node_hash(distinct: bool, operands: &[MdRef]) -> u64 {
    let mut h = FastHasher::default();
    h.write_u64((operands.len() as u64) << 1 | u64::from(distinct));
    write_refs(&mut h, operands);
    h.finish()
}

/// Mixes node operands in, two per word.
fn write_refs(h: &mut FastHasher, operands: &[MdRef]) {
    // `null` as an id no node has: a collision only costs a comparison.
    let word = |o: &MdRef| u64::from(o.map_or(u32::MAX, |m| m.0));
    let mut pairs = operands.chunks_exact(2);
    for p in &mut pairs {
        h.write_u64(word(&p[0]) | word(&p[1]) << 32);
    }
    if let [last] = pairs.remainder() {
        h.write_u64(word(last));
    }
}

/// The interning hash of `!"s"`, from the bytes alone: [`ModuleBuilder::md_string`] looks a
/// string up before it makes one.
///
/// [`ModuleBuilder::md_string`]: super::ModuleBuilder::md_string
pub(crate) fn string_hash(s: &[u8]) -> u64 {
    let mut h = FastHasher::default();
    h.write_u64(s.len() as u64 | 1 << 62);
    h.write(s);
    h.finish()
}

/// `v` as one word: its kind above its id.
fn value_word(v: ValueRef) -> u64 {
    let (kind, id) = match v {
        ValueRef::Global(x) => (0, x.0),
        ValueRef::Function(x) => (1, x.0),
        ValueRef::Alias(x) => (2, x.0),
        ValueRef::Const(x) => (3, x.0),
        ValueRef::Arg(x) => (4, x.0),
        ValueRef::Inst(x) => (5, x.0),
        ValueRef::Metadata(x) => (6, x.0),
    };
    kind << 32 | u64::from(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Metadata, Type};

    #[test]
    fn equal_data_hash_alike_and_operand_order_counts() {
        let mut pools = Pools::new();
        let mut node = |ops: &[MdRef]| MetadataData::Node {
            distinct: false,
            operands: pools.push(ops),
        };
        let (a, b) = (Some(Metadata(1)), Some(Metadata(2)));
        let (n1, n2) = (node(&[a, b, None]), node(&[a, b, None]));
        let (n3, n4) = (node(&[a, b]), node(&[b, a]));
        let (n5, n6) = (node(&[a]), node(&[a, None]));
        let pools = &pools;
        assert_ne!(n1, n2);
        assert!(md_eq(pools, &n1, &n2) && !md_eq(pools, &n3, &n4));
        assert_eq!(md_hash(pools, &n1), md_hash(pools, &n2));
        assert_eq!(md_hash(pools, &n1), node_hash(false, &[a, b, None]));
        assert_ne!(md_hash(pools, &n3), md_hash(pools, &n4));
        assert_ne!(md_hash(pools, &n5), md_hash(pools, &n6));
        let v = |ty: u32, value| MetadataData::Value {
            ty: Type(ty),
            value,
        };
        assert_ne!(
            md_hash(pools, &v(1, ValueRef::Const(crate::Const(2)))),
            md_hash(pools, &v(1, ValueRef::Global(crate::Global(2))))
        );
    }

    #[test]
    fn strings_are_found_by_their_bytes() {
        let mut pools = Pools::new();
        let data = MetadataData::String(pools.push(&b"dx.op"[..]));
        assert_eq!(md_hash(&pools, &data), string_hash(b"dx.op"));
        assert_ne!(string_hash(b"a"), string_hash(b"a\0"));
        let mut mb = crate::build::ModuleBuilder::new();
        let a = mb.md_string(b"a");
        let b = mb.md_string(b"b");
        assert_ne!(a, b);
        assert_eq!(mb.md_string(b"a"), a);
        assert_eq!(mb.module().metadata.len(), 2);
    }
}
