//! Field access over a metadata node, with errors naming the node and field.

use crate::error::{Error, ErrorKind, Result};
use crate::md::Md;

/// The operands of one record node.
#[derive(Clone, Copy)]
pub(crate) struct Fields<'a> {
    pub id: Option<u32>,
    pub ops: &'a [Md],
}

impl<'a> Fields<'a> {
    /// The node `md`, or an error naming `what`.
    pub fn of(md: &'a Md, what: &'static str) -> Result<Self> {
        match md {
            Md::Node { id, ops } => Ok(Fields { id: *id, ops }),
            _ => Err(Error::new(ErrorKind::Expected("a node"), None, what, None)),
        }
    }

    /// The node `md`, `None` for `null`.
    pub fn opt(md: &'a Md, what: &'static str) -> Result<Option<Self>> {
        match md {
            Md::Null => Ok(None),
            _ => Fields::of(md, what).map(Some),
        }
    }

    pub fn err(&self, kind: ErrorKind, field: &'static str, i: usize) -> Error {
        Error::new(kind, self.id, field, Some(i))
    }

    pub fn len(&self) -> usize {
        self.ops.len()
    }

    /// Requires exactly `n` operands (or at least, with `at_least`).
    pub fn expect_len(&self, n: usize, at_least: bool, record: &'static str) -> Result<()> {
        let ok = if at_least {
            self.ops.len() >= n
        } else {
            self.ops.len() == n
        };
        if ok {
            Ok(())
        } else if self.ops.len() < n {
            Err(Error::new(
                ErrorKind::MissingField,
                self.id,
                record,
                Some(self.ops.len()),
            ))
        } else {
            Err(Error::new(
                ErrorKind::Expected("fewer operands"),
                self.id,
                record,
                Some(n),
            ))
        }
    }

    pub fn get(&self, i: usize, field: &'static str) -> Result<&'a Md> {
        self.ops
            .get(i)
            .ok_or_else(|| self.err(ErrorKind::MissingField, field, i))
    }

    /// An integer of at most `max_bits` bits.
    pub fn int(&self, i: usize, field: &'static str, max_bits: u32) -> Result<u64> {
        match self.get(i, field)? {
            Md::Int { bits, value } if *bits <= max_bits => Ok(*value),
            Md::Int { value, .. } => Err(self.err(ErrorKind::OutOfRange(*value), field, i)),
            _ => Err(self.err(ErrorKind::Expected("an integer constant"), field, i)),
        }
    }

    pub fn u32(&self, i: usize, field: &'static str) -> Result<u32> {
        let v = self.int(i, field, 32)?;
        u32::try_from(v).map_err(|_| self.err(ErrorKind::OutOfRange(v), field, i))
    }

    pub fn u8(&self, i: usize, field: &'static str) -> Result<u8> {
        let v = self.int(i, field, 8)?;
        u8::try_from(v).map_err(|_| self.err(ErrorKind::OutOfRange(v), field, i))
    }

    pub fn u64(&self, i: usize, field: &'static str) -> Result<u64> {
        self.int(i, field, 64)
    }

    pub fn bool(&self, i: usize, field: &'static str) -> Result<bool> {
        match self.int(i, field, 64)? {
            0 => Ok(false),
            1 => Ok(true),
            v => Err(self.err(ErrorKind::OutOfRange(v), field, i)),
        }
    }

    pub fn string(&self, i: usize, field: &'static str) -> Result<String> {
        match self.get(i, field)? {
            Md::String(s) => String::from_utf8(s.to_vec())
                .map_err(|_| self.err(ErrorKind::Expected("a UTF-8 string"), field, i)),
            _ => Err(self.err(ErrorKind::Expected("a string"), field, i)),
        }
    }

    pub fn node(&self, i: usize, field: &'static str) -> Result<Fields<'a>> {
        match self.get(i, field)? {
            Md::Node { id, ops } => Ok(Fields { id: *id, ops }),
            _ => Err(self.err(ErrorKind::Expected("a node"), field, i)),
        }
    }

    pub fn opt_node(&self, i: usize, field: &'static str) -> Result<Option<Fields<'a>>> {
        match self.get(i, field)? {
            Md::Null => Ok(None),
            Md::Node { id, ops } => Ok(Some(Fields { id: *id, ops })),
            _ => Err(self.err(ErrorKind::Expected("a node or null"), field, i)),
        }
    }

    /// A node of `u32`s.
    pub fn u32_list(&self, i: usize, field: &'static str) -> Result<Vec<u32>> {
        let n = self.node(i, field)?;
        (0..n.len()).map(|k| n.u32(k, field)).collect()
    }

    /// Tag/value pairs: (tag, index of the value).
    pub fn tag_pairs(&self, field: &'static str) -> Result<Vec<(u32, usize)>> {
        if self.ops.len() & 1 != 0 {
            return Err(self.err(
                ErrorKind::Expected("tag/value pairs"),
                field,
                self.ops.len(),
            ));
        }
        (0..self.ops.len() / 2)
            .map(|k| Ok((self.u32(2 * k, field)?, 2 * k + 1)))
            .collect()
    }
}

/// A node of `u32`s.
pub(crate) fn u32_node(v: &[u32]) -> Md {
    Md::node(v.iter().map(|&x| Md::i32(x)).collect())
}
