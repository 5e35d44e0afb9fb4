//! The hash metadata is interned by. The derived `Hash` of [`MetadataData`] mixes two words
//! per node operand (the `Option` tag, then the id) and four per value wrapper; plain nodes
//! and value wrappers are most of a module's metadata and every one is hashed once when
//! built, so they are mixed here two operands per word and one word per field. Only the
//! interning tables see this hash: equality stays the derived, exact one.

use std::hash::Hasher;

use super::hash::FastHasher;
use super::intern::hash_of;
use crate::{MdRef, MetadataData, ValueRef};

/// The interning hash of `d`.
pub(crate) fn md_hash(d: &MetadataData) -> u64 {
    let mut h = FastHasher::default();
    match d {
        MetadataData::Node { distinct, operands } => {
            h.write_u64((operands.len() as u64) << 1 | u64::from(*distinct));
            // `null` as an id no node has: a collision only costs a comparison.
            let word = |o: &MdRef| u64::from(o.map_or(u32::MAX, |m| m.0));
            let mut pairs = operands.chunks_exact(2);
            for p in &mut pairs {
                h.write_u64(word(&p[0]) | word(&p[1]) << 32);
            }
            if let [last] = pairs.remainder() {
                h.write_u64(word(last));
            }
            h.finish()
        }
        MetadataData::Value { ty, value } => {
            h.write_u64(u64::from(ty.0) | 1 << 63);
            h.write_u64(value_word(*value));
            h.finish()
        }
        MetadataData::String(s) => string_hash(s),
        _ => hash_of(d),
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
        let node = |ops: &[MdRef]| MetadataData::Node {
            distinct: false,
            operands: ops.into(),
        };
        let (a, b) = (Some(Metadata(1)), Some(Metadata(2)));
        assert_eq!(md_hash(&node(&[a, b, None])), md_hash(&node(&[a, b, None])));
        assert_ne!(md_hash(&node(&[a, b])), md_hash(&node(&[b, a])));
        assert_ne!(md_hash(&node(&[a])), md_hash(&node(&[a, None])));
        let v = |ty: u32, value| MetadataData::Value {
            ty: Type(ty),
            value,
        };
        assert_ne!(
            md_hash(&v(1, ValueRef::Const(crate::Const(2)))),
            md_hash(&v(1, ValueRef::Global(crate::Global(2))))
        );
    }

    #[test]
    fn strings_are_found_by_their_bytes() {
        let data = MetadataData::String(b"dx.op"[..].into());
        assert_eq!(md_hash(&data), string_hash(b"dx.op"));
        assert_ne!(string_hash(b"a"), string_hash(b"a\0"));
        let mut mb = crate::build::ModuleBuilder::new();
        let a = mb.md_string(b"a");
        let b = mb.md_string(b"b");
        assert_ne!(a, b);
        assert_eq!(mb.md_string(b"a"), a);
        assert_eq!(mb.module().metadata.len(), 2);
    }
}
