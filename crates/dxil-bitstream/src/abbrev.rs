//! Abbreviation definitions (BitCodeFormat.rst, "Abbreviations" and "DEFINE_ABBREV Encoding").

use crate::bits::{BitCursor, MAX_FIXED_WIDTH, MAX_VBR_WIDTH};
use crate::error::{Error, ErrorKind, Result};

/// Largest number of operands accepted in one abbreviation definition.
pub const MAX_ABBREV_OPS: usize = 1024;

/// One operand of an abbreviation, exactly as written in its DEFINE_ABBREV record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbbrevOp {
    /// A constant value; nothing is stored in the record (written as a vbr8).
    Literal(u64),
    /// A fixed-width field of the given width in bits (encoding 1; width 0 reads 0).
    Fixed(u8),
    /// A VBR field with the given chunk width (encoding 2; width 0 reads 0).
    Vbr(u8),
    /// An array (encoding 3): a vbr6 length, then elements encoded as the next (last) operand.
    Array,
    /// A 6-bit character `[a-zA-Z0-9._]` (encoding 4).
    Char6,
    /// A blob (encoding 5): vbr6 length, 32-bit alignment, bytes, 32-bit alignment.
    Blob,
}

impl AbbrevOp {
    /// The encoding number written in DEFINE_ABBREV (`None` for a literal).
    pub fn encoding(self) -> Option<u64> {
        match self {
            AbbrevOp::Literal(_) => None,
            AbbrevOp::Fixed(_) => Some(1),
            AbbrevOp::Vbr(_) => Some(2),
            AbbrevOp::Array => Some(3),
            AbbrevOp::Char6 => Some(4),
            AbbrevOp::Blob => Some(5),
        }
    }

    /// True for an operand that is a scalar encoding usable as an array element.
    pub fn is_scalar_encoding(self) -> bool {
        matches!(
            self,
            AbbrevOp::Fixed(_) | AbbrevOp::Vbr(_) | AbbrevOp::Char6
        )
    }

    /// Fewest bits one value of this operand occupies (for bounding lengths).
    pub(crate) fn min_bits(self) -> u64 {
        match self {
            AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) => u64::from(w),
            AbbrevOp::Char6 => 6,
            AbbrevOp::Literal(_) | AbbrevOp::Array | AbbrevOp::Blob => 0,
        }
    }
}

/// An abbreviation: the operand list of one DEFINE_ABBREV record.
///
/// Invariants (checked by [`Abbrev::new`]): at least one operand; the first operand is not an
/// array or blob (it gives the record code); an array is followed by exactly one scalar element
/// operand which ends the list; a blob ends the list; widths are in range.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Abbrev {
    ops: Vec<AbbrevOp>,
}

impl Abbrev {
    /// Validates and builds an abbreviation. The error names the broken rule.
    pub fn new(ops: Vec<AbbrevOp>) -> std::result::Result<Self, &'static str> {
        validate(&ops)?;
        Ok(Abbrev { ops })
    }

    /// The operands, as written.
    pub fn ops(&self) -> &[AbbrevOp] {
        &self.ops
    }
}

/// Checks the invariants of [`Abbrev`] on an operand list.
fn validate(ops: &[AbbrevOp]) -> std::result::Result<(), &'static str> {
    if ops.is_empty() {
        return Err("abbreviation has no operands");
    }
    if ops.len() > MAX_ABBREV_OPS {
        return Err("too many abbreviation operands");
    }
    if matches!(ops[0], AbbrevOp::Array | AbbrevOp::Blob) {
        return Err("abbreviation starts with an array or a blob");
    }
    for (i, op) in ops.iter().enumerate() {
        match *op {
            AbbrevOp::Fixed(w) if u32::from(w) > MAX_FIXED_WIDTH => {
                return Err("fixed width above 64")
            }
            AbbrevOp::Vbr(w) if u32::from(w) > MAX_VBR_WIDTH => return Err("VBR width above 32"),
            AbbrevOp::Vbr(1) => return Err("VBR width 1 carries no data bits"),
            AbbrevOp::Array => {
                if i + 2 != ops.len() {
                    return Err("array is not the second to last operand");
                }
                let elt = ops[i + 1];
                if !elt.is_scalar_encoding() || elt.min_bits() == 0 {
                    return Err("array element is not a non-empty scalar encoding");
                }
            }
            AbbrevOp::Blob if i + 1 != ops.len() => {
                return Err("blob is not the last operand");
            }
            _ => {}
        }
    }
    Ok(())
}

/// Reads the body of a DEFINE_ABBREV record (after its abbreviation ID), appending its
/// operands to `pool` (a reader keeps every abbreviation of its open blocks in one vector, so
/// a definition costs no allocation of its own). On error `pool` is left as it was.
pub(crate) fn read_into(cur: &mut BitCursor<'_>, pool: &mut Vec<AbbrevOp>) -> Result<()> {
    let start = cur.pos();
    let n = cur.read_vbr(5, "abbreviation operand count")?;
    // Each operand takes at least 4 bits (literal flag + encoding, or flag + vbr8 literal).
    if n == 0 || n > MAX_ABBREV_OPS as u64 || n.saturating_mul(4) > cur.bits_left() {
        return Err(Error::new(
            ErrorKind::InvalidAbbrev("bad operand count"),
            start,
        ));
    }
    let first = pool.len();
    let r = read_ops(cur, n, pool).and_then(|()| {
        validate(&pool[first..]).map_err(|m| Error::new(ErrorKind::InvalidAbbrev(m), start))
    });
    if r.is_err() {
        pool.truncate(first);
    }
    r
}

fn read_ops(cur: &mut BitCursor<'_>, n: u64, pool: &mut Vec<AbbrevOp>) -> Result<()> {
    pool.reserve(n as usize);
    for _ in 0..n {
        let literal = cur.read(1, "abbreviation operand")? == 1;
        let op = if literal {
            AbbrevOp::Literal(cur.read_vbr(8, "abbreviation literal")?)
        } else {
            let at = cur.pos();
            match cur.read(3, "abbreviation encoding")? {
                e @ (1 | 2) => {
                    let w = cur.read_vbr(5, "abbreviation width")?;
                    let w = u8::try_from(w)
                        .map_err(|_| Error::new(ErrorKind::InvalidAbbrev("width too large"), at))?;
                    if e == 1 {
                        AbbrevOp::Fixed(w)
                    } else {
                        AbbrevOp::Vbr(w)
                    }
                }
                3 => AbbrevOp::Array,
                4 => AbbrevOp::Char6,
                5 => AbbrevOp::Blob,
                _ => return Err(Error::new(ErrorKind::InvalidAbbrev("unknown encoding"), at)),
            }
        };
        pool.push(op);
    }
    Ok(())
}
