//! Abbreviations a writer defines at the start of the same kind of block in every stream
//! (LLVM's writer: the type and constants blocks' own), encoded once: the DEFINE_ABBREV
//! records go out as precomputed words, and the abbreviations are registered without
//! being encoded again.

use std::sync::Arc;

use super::{Words, Writer};
use crate::abbrev::Abbrev;
use crate::error::{ErrorKind, Result};
use crate::{BLOCKINFO_BLOCK_ID, MAX_ABBREVS};

/// DEFINE_ABBREV records for a block of one abbreviation id width, encoded.
#[derive(Debug, Clone)]
pub struct AbbrevSet {
    abbrevs: Vec<Arc<Abbrev>>,
    width: u32,
    words: Words,
}

/// A block id for the scratch block the records are encoded in (any id but BLOCKINFO's).
const SCRATCH_BLOCK_ID: u32 = 8;

impl AbbrevSet {
    /// Encodes the definitions of `abbrevs`, in order, for blocks of abbreviation id width
    /// `width` (1..=32); at least one.
    pub fn new(abbrevs: Vec<Arc<Abbrev>>, width: u32) -> Result<AbbrevSet> {
        if abbrevs.is_empty() {
            return Err(Writer::new().err(ErrorKind::Misuse("empty abbreviation set")));
        }
        let words = Words::encode(SCRATCH_BLOCK_ID, width, |w| {
            for a in &abbrevs {
                w.define_abbrev(Arc::clone(a))?;
            }
            Ok(())
        })?;
        Ok(AbbrevSet {
            abbrevs,
            width,
            words,
        })
    }

    /// The abbreviations, in definition order.
    pub fn abbrevs(&self) -> &[Arc<Abbrev>] {
        &self.abbrevs
    }
}

impl Writer {
    /// Defines the abbreviations of `set` in the current block, as many
    /// [`Writer::define_abbrev`] calls would (the same bits, the same ids); returns the id
    /// of the first. In a block of another width, or in BLOCKINFO, they are defined one by
    /// one.
    pub fn define_abbrev_set(&mut self, set: &AbbrevSet) -> Result<u32> {
        let scope = self.top();
        if self.depth() == 0
            || self.width != set.width
            || scope.block_id == Some(BLOCKINFO_BLOCK_ID)
        {
            let mut first = None;
            for a in &set.abbrevs {
                let id = self.define_abbrev(Arc::clone(a))?;
                first.get_or_insert(id);
            }
            return first.ok_or_else(|| self.err(ErrorKind::Misuse("empty abbreviation set")));
        }
        // Refuse before writing anything: what defining them one by one would refuse.
        let before = scope.inherited_len() + (self.local.len() - scope.local_at);
        if before + set.abbrevs.len() > MAX_ABBREVS {
            return Err(self.err(ErrorKind::TooManyAbbrevs(MAX_ABBREVS)));
        }
        self.emit_encoded(&set.words);
        self.local.extend(set.abbrevs.iter().cloned());
        Ok(before as u32 + 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AbbrevOp::{Array, Char6, Fixed, Literal, Vbr};

    fn abbrevs() -> Vec<Arc<Abbrev>> {
        [
            vec![Literal(8), Fixed(5), Literal(0)],
            vec![Literal(21), Fixed(1), Array, Fixed(5)],
            vec![Literal(19), Array, Char6],
            vec![Literal(11), Vbr(8), Fixed(5)],
        ]
        .into_iter()
        .map(|o| Arc::new(Abbrev::new(o).unwrap()))
        .collect()
    }

    /// A stream with a block of `width` holding a record, the set, and a record using the
    /// set's last abbreviation, written with the set or one by one.
    fn stream(width: u32, set_width: u32, with_set: bool) -> (Vec<u8>, u32) {
        let set = AbbrevSet::new(abbrevs(), set_width).unwrap();
        let mut w = Writer::new();
        w.enter_block(17, width).unwrap();
        w.write_unabbrev(1, &[7, 300]).unwrap();
        let first = if with_set {
            w.define_abbrev_set(&set).unwrap()
        } else {
            let ids: Vec<u32> = abbrevs()
                .into_iter()
                .map(|a| w.define_abbrev(a).unwrap())
                .collect();
            ids[0]
        };
        w.write_abbrev(first + 3, 11, &[1000, 3], None).unwrap();
        w.exit_block().unwrap();
        (w.finish().unwrap(), first)
    }

    #[test]
    fn same_bits_and_ids_as_one_by_one() {
        for width in [3, 4, 5, 7] {
            let expected = stream(width, width, false);
            assert_eq!(stream(width, width, true), expected);
            // Another width: defined one by one.
            assert_eq!(stream(width, width + 1, true), expected);
        }
    }

    #[test]
    fn refused_where_define_abbrev_refuses() {
        let set = AbbrevSet::new(abbrevs(), 2).unwrap();
        assert!(Writer::new().define_abbrev_set(&set).is_err());
        assert!(AbbrevSet::new(Vec::new(), 2).is_err());
        let mut w = Writer::new();
        w.enter_block(17, 2).unwrap();
        let mut n = 0;
        while w.define_abbrev_set(&set).is_ok() {
            n += set.abbrevs().len();
            assert!(n <= MAX_ABBREVS);
        }
    }
}
