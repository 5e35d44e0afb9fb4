//! METADATA_BLOCK (LLVM 3.7 `parseMetadata`): strings, value wrappers, nodes, named
//! metadata, the kind table and every DI* record.

use std::borrow::Cow;

use dxil_bitstream::Entry;
use dxil_ir::*;

use super::cursor::Cursor;
use super::values::State;
use super::{op, string, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// A kind's name: LLVM's fixed kinds (nearly every module lists all of them, at their ids)
/// borrow their keyword instead of taking a heap copy each.
fn kind_name(id: u32, ops: &[u64]) -> K<Cow<'static, str>> {
    if let Some(k) = FixedMetadataKind::from_code(u64::from(id)) {
        let kw = k.keyword();
        // One pass, no branch per character: the names nearly always match.
        let diff = kw
            .bytes()
            .zip(ops)
            .fold(0, |a, (b, &o)| a | (u64::from(b) ^ o));
        if kw.len() == ops.len() && diff == 0 {
            return Ok(Cow::Borrowed(kw));
        }
    }
    string(ops).map(Cow::Owned)
}

/// A function-local value wrapper whose value is defined later in the body.
pub(crate) struct MdFixup {
    pub md: Metadata,
    pub value_id: u64,
    pub ty: Type,
}

/// Metadata-id resolution inside one block (forward references checked at its end).
struct MdIds {
    local: bool,
    module_count: u64,
    local_arena_base: u64,
    max_ref: Option<u64>,
    /// The block's length in words (bounded by the input), for the room made for records.
    words: usize,
}

impl MdIds {
    fn get(&mut self, id: u64) -> K<Metadata> {
        self.max_ref = Some(self.max_ref.map_or(id, |m| m.max(id)));
        let idx = if !self.local || id < self.module_count {
            id
        } else {
            self.local_arena_base + (id - self.module_count)
        };
        // May refer forward: checked against the count defined when the block ends.
        Metadata::checked(idx, u32::MAX as usize).map_err(|_| ErrorKind::BadMetadata(id))
    }

    fn or_null(&mut self, id: u64) -> K<MdRef> {
        if id == 0 {
            Ok(None)
        } else {
            self.get(id - 1).map(Some)
        }
    }

    /// `or_null` of each id of `list`, into the pools; `defined`: how many ids the block
    /// has defined so far.
    fn or_null_list(&mut self, pools: &mut Pools, list: &[u64], defined: u64) -> K<MdRange> {
        // Nearly every list names only items defined already: the bitwise or of its ids (a
        // pass with no branch) bounds them, and below `defined` each id is one, refers
        // back, and needs no check of its own.
        if list.iter().fold(0, |a, &id| a | id) <= defined {
            let (module_count, base) = (self.module_count, self.local_arena_base);
            let r = if self.local {
                pools.try_extend(list.iter().map(move |&id| {
                    let id = id.checked_sub(1)?;
                    let idx = if id < module_count {
                        id
                    } else {
                        base + (id - module_count)
                    };
                    Metadata::checked(idx, u32::MAX as usize).ok()
                }))
            } else {
                pools.try_extend(
                    list.iter()
                        .map(|&id| Metadata::checked(id.checked_sub(1)?, u32::MAX as usize).ok()),
                )
            };
            return r.ok_or_else(pool_full);
        }
        let max = list.iter().fold(0, |m, &id| m.max(id));
        // An id maps to itself or to `local_arena_base` plus less than itself: below this
        // bound every id of the list is one, so the ids go in without a check each.
        if max.saturating_add(self.local_arena_base) < u64::from(u32::MAX) {
            if max > 0 {
                let last = max - 1;
                self.max_ref = Some(self.max_ref.map_or(last, |m| m.max(last)));
            }
            let (local, module_count, base) =
                (self.local, self.module_count, self.local_arena_base);
            let refs = list.iter().map(|&id| {
                let id = id.checked_sub(1)?;
                let idx = if !local || id < module_count {
                    id
                } else {
                    base + (id - module_count)
                };
                Metadata::checked(idx, u32::MAX as usize).ok()
            });
            return pools.try_extend(refs).ok_or_else(pool_full);
        }
        pools.try_collect(list.iter().map(|&id| self.or_null(id)), pool_full)
    }
}

/// The error for a pool that would hold more than `u32::MAX` entries.
fn pool_full() -> ErrorKind {
    ErrorKind::InvalidRecord("too many metadata operands")
}

/// Reads a metadata block. `local` for a function's block; then `fixups` collects value
/// wrappers of not-yet-defined values.
pub(crate) fn read_metadata(
    cur: &mut Cursor<'_>,
    st: &mut State,
    local: bool,
    fixups: &mut Vec<MdFixup>,
) -> Result<()> {
    let prev = cur.enter(METADATA_BLOCK_ID)?;
    // The lists go straight into the module's pools, held apart from the module while the
    // records that fill them read its tables.
    let mut pools = std::mem::take(&mut st.m.pools);
    // The block's length in words, bounded by the bits the input holds: what the room made
    // for its items and lists is reckoned from.
    let words = u64::from(cur.r.block_len_words()).min(cur.bits_left() / 32) as usize;
    let r = read_block(cur, st, &mut pools, local, words, fixups);
    st.m.pools = pools;
    r?;
    cur.leave(prev);
    Ok(())
}

/// Makes room for the items and lists of a module metadata block of `words` words, when its
/// first item is read (a block of kinds only, which DXC writes first, makes none): room for
/// nine in ten of DXC's blocks, from the rates their items and lists have per word. The
/// room not used is given back when the module is read ([`Pools::trim`]).
#[cold]
fn reserve(st: &mut State, pools: &mut Pools, words: usize) {
    st.m.metadata.reserve(words / 2);
    pools.reserve::<MdRef>(words);
    pools.reserve::<u8>(words + words / 2);
}

fn read_block(
    cur: &mut Cursor<'_>,
    st: &mut State,
    pools: &mut Pools,
    local: bool,
    words: usize,
    fixups: &mut Vec<MdFixup>,
) -> Result<()> {
    if !local && st.seen_body {
        return Err(cur.err(ErrorKind::Malformed(
            "module metadata after a function body",
        )));
    }
    let mut ids = MdIds {
        local,
        module_count: u64::from(st.m.module_metadata_count),
        local_arena_base: st.m.metadata.len() as u64 - st.local_md.len() as u64,
        max_ref: None,
        words,
    };
    let mut reserved = local;
    while let Some(code) = cur.next_record()? {
        match code {
            METADATA_NAME => {
                if !reserved {
                    reserved = true;
                    reserve(st, pools, words);
                }
                let name = super::name(&mut st.names, &cur.rec.ops).map_err(|k| cur.err(k))?;
                let next = cur.next()?;
                let Entry::Record { .. } = next else {
                    return Err(cur.err(ErrorKind::Malformed(
                        "METADATA_NAME not followed by METADATA_NAMED_NODE",
                    )));
                };
                if cur.rec.code != METADATA_NAMED_NODE {
                    return Err(cur.err(ErrorKind::Malformed(
                        "METADATA_NAME not followed by METADATA_NAMED_NODE",
                    )));
                }
                if st.m.named_metadata.is_empty() {
                    // DXC's modules name a dozen lists or fewer, of one to three nodes.
                    st.m.named_metadata.reserve(NAMED_ROOM);
                    pools.reserve::<Metadata>(2 * NAMED_ROOM);
                }
                let operands = pools
                    .try_collect(cur.rec.ops.iter().map(|&id| ids.get(id)), pool_full)
                    .map_err(|k| cur.err(k))?;
                st.m.named_metadata.push(NamedMetadata { name, operands });
            }
            METADATA_KIND => {
                let ops = &cur.rec.ops;
                let r = op(ops, 0)
                    .and_then(|id| {
                        u32::try_from(id).map_err(|_| ErrorKind::InvalidRecord("kind id"))
                    })
                    .and_then(|id| {
                        if ops.len() < 2 {
                            return Err(ErrorKind::InvalidRecord("kind without a name"));
                        }
                        if !new_kind(st, id) {
                            return Err(ErrorKind::Malformed("conflicting METADATA_KIND records"));
                        }
                        let name = kind_name(id, ops.get(1..).unwrap_or(&[]))?;
                        if st.m.metadata_kinds.is_empty() {
                            // LLVM 3.7's fixed kinds and DXC's own: room for all at once.
                            st.m.metadata_kinds.reserve(KINDS_ROOM);
                        }
                        st.m.metadata_kinds.push(MetadataKind { id, name });
                        Ok(())
                    });
                r.map_err(|k| cur.err(k))?;
            }
            _ => {
                if !reserved {
                    reserved = true;
                    reserve(st, pools, words);
                }
                let data = md_record(st, pools, &mut ids, code, &cur.rec.ops, local, fixups)
                    .map_err(|k| cur.err(k))?;
                let id =
                    st.m.metadata
                        .next_id()
                        .filter(|m| m.as_u32() < u32::MAX)
                        .ok_or_else(|| cur.err(ErrorKind::InvalidRecord("too much metadata")))?;
                st.m.metadata.push(data);
                if local {
                    st.local_md.push(id);
                } else {
                    st.m.module_metadata_count += 1;
                }
            }
        }
    }
    if let Some(max) = ids.max_ref {
        let defined = u64::from(st.m.module_metadata_count) + st.local_md.len() as u64;
        if max >= defined {
            return Err(cur.err(ErrorKind::BadMetadata(max)));
        }
    }
    Ok(())
}

/// Room made for named metadata when the first is read.
const NAMED_ROOM: usize = 16;

/// Room made for metadata kinds when the first is read (a module lists LLVM's fourteen fixed
/// kinds and DXC's few).
const KINDS_ROOM: usize = 24;

/// Whether kind `id` is not defined yet (and is from now on). Writers list kinds by
/// increasing id, so a kind above the last one is new with no lookup; only after one that is
/// not does the set of ids (`State::kind_ids`) hold them all, and until then it is empty.
fn new_kind(st: &mut State, id: u32) -> bool {
    if st.kind_ids.is_empty() {
        match st.m.metadata_kinds.last() {
            Some(k) if k.id >= id => {
                st.kind_ids.extend(st.m.metadata_kinds.iter().map(|k| k.id));
            }
            _ => return true,
        }
    }
    st.kind_ids.insert(id)
}

/// Whether kind `id` is defined (see [`new_kind`]: the kinds are sorted by id while the set
/// of ids is empty).
pub(crate) fn kind_defined(st: &State, id: u32) -> bool {
    if st.kind_ids.is_empty() {
        let kinds = &st.m.metadata_kinds;
        kinds.binary_search_by_key(&id, |k| k.id).is_ok()
    } else {
        st.kind_ids.contains(&id)
    }
}

fn exact(ops: &[u64], n: usize) -> K<()> {
    if ops.len() == n {
        Ok(())
    } else {
        Err(ErrorKind::InvalidRecord("wrong number of operands"))
    }
}

/// How many metadata ids are defined so far (the module's and the body's).
#[inline]
fn defined(st: &State) -> u64 {
    u64::from(st.m.module_metadata_count) + st.local_md.len() as u64
}

fn md_record(
    st: &State,
    pools: &mut Pools,
    ids: &mut MdIds,
    code: u32,
    ops: &[u64],
    local: bool,
    fixups: &mut Vec<MdFixup>,
) -> K<MetadataData> {
    Ok(match code {
        METADATA_STRING => MetadataData::String(super::pool_bytes(pools, ops, pool_full)?),
        METADATA_VALUE => {
            exact(ops, 2)?;
            let ty = st.ty(ops[0])?;
            if matches!(st.td(ty), TypeData::Metadata | TypeData::Void) {
                return Err(ErrorKind::TypeMismatch(
                    "metadata value of metadata/void type",
                ));
            }
            let id = ops[1];
            match st.value(id) {
                Some((value, vty)) => {
                    if vty != ty {
                        return Err(ErrorKind::TypeMismatch("metadata value type"));
                    }
                    MetadataData::Value { ty, value }
                }
                None if local => {
                    let md =
                        st.m.metadata
                            .next_id()
                            .ok_or(ErrorKind::InvalidRecord("too much metadata"))?;
                    fixups.push(MdFixup {
                        md,
                        value_id: id,
                        ty,
                    });
                    // Replaced when the body's values are known (until then it names
                    // itself).
                    MetadataData::Value {
                        ty,
                        value: ValueRef::Metadata(md),
                    }
                }
                None => return Err(ErrorKind::BadValue(id)),
            }
        }
        METADATA_NODE | METADATA_DISTINCT_NODE => MetadataData::Node {
            distinct: code == METADATA_DISTINCT_NODE,
            operands: ids.or_null_list(pools, ops, defined(st))?,
        },
        8 | 9 => return Err(ErrorKind::Unsupported("pre-3.6 METADATA_OLD_NODE")),
        other => match read_di(other, ops, ids, pools, defined(st))? {
            Some(d) => d,
            None => return Err(ErrorKind::UnexpectedRecord(other)),
        },
    })
}

/// The operands of one DI record, read field by field; each method is a kind of
/// [`dxil_ir::for_each_di_record!`] and takes the field's operand index.
struct DiOps<'a, 'b> {
    ops: &'a [u64],
    ids: &'b mut MdIds,
    pools: &'b mut Pools,
    /// How many ids the block has defined so far.
    defined: u64,
}

impl DiOps<'_, '_> {
    fn flag(&mut self, i: usize) -> K<bool> {
        super::flag(self.ops, i)
    }

    fn uint(&mut self, i: usize) -> K<u64> {
        op(self.ops, i)
    }

    fn tag(&mut self, i: usize) -> K<u64> {
        op(self.ops, i)
    }

    fn generic_tag(&mut self, i: usize) -> K<u64> {
        let t = op(self.ops, i)?;
        if t >= 1 << 16 {
            return Err(ErrorKind::InvalidRecord("GenericDINode tag"));
        }
        Ok(t)
    }

    fn flags(&mut self, i: usize) -> K<u64> {
        op(self.ops, i)
    }

    fn lang(&mut self, i: usize) -> K<u64> {
        op(self.ops, i)
    }

    fn encoding(&mut self, i: usize) -> K<u64> {
        op(self.ops, i)
    }

    fn virtuality(&mut self, i: usize) -> K<u64> {
        op(self.ops, i)
    }

    fn int(&mut self, i: usize) -> K<i64> {
        op(self.ops, i).map(|v| v as i64)
    }

    fn sint(&mut self, i: usize) -> K<i64> {
        op(self.ops, i).map(unrotate)
    }

    fn md(&mut self, i: usize) -> K<MdRef> {
        self.ids.or_null(op(self.ops, i)?)
    }

    fn string(&mut self, i: usize) -> K<MdRef> {
        self.md(i)
    }

    fn md_required(&mut self, i: usize) -> K<Metadata> {
        self.ids.get(op(self.ops, i)?)
    }

    fn opt_uint(&mut self, i: usize) -> K<Option<u64>> {
        Ok(self.ops.get(i).copied())
    }

    fn obsolete(&mut self, i: usize) -> K<Option<u64>> {
        Ok(self.ops.get(i).copied())
    }

    fn md_list(&mut self, i: usize) -> K<MdRange> {
        let rest = self.ops.get(i..).unwrap_or(&[]);
        self.ids.or_null_list(self.pools, rest, self.defined)
    }

    fn elements(&mut self, i: usize) -> K<WordRange> {
        let rest = self.ops.get(i..).unwrap_or(&[]);
        self.pools.try_push(rest).ok_or_else(pool_full)
    }
}

/// `read_di(code, ops, ids)`: the DI record with code `code`, or `None` for other codes.
macro_rules! di_reader {
    ($(
        $variant:ident($ty:ident) $code:literal $name:literal
            ops($min:literal ..= $max:expr) zero[$($z:literal),*] {
            $( $field:ident: $kind:ident[$idx:literal] $text:literal $show:ident $(($default:expr))? ),* $(,)?
        }
    )*) => {
        fn read_di(
            code: u32,
            ops: &[u64],
            ids: &mut MdIds,
            pools: &mut Pools,
            defined: u64,
        ) -> K<Option<MetadataData>> {
            let mut r = DiOps { ops, ids, pools, defined };
            Ok(Some(match code {
                $(
                    $code => {
                        if !($min..=$max).contains(&ops.len()) {
                            return Err(ErrorKind::InvalidRecord("wrong number of operands"));
                        }
                        $(
                            if op(ops, $z)? != 0 {
                                return Err(ErrorKind::InvalidRecord(concat!(
                                    "reserved operand of ", $name
                                )));
                            }
                        )*
                        let record = $ty {
                            distinct: r.flag(0)?,
                            $( $field: r.$kind($idx)?, )*
                        };
                        // The first record of a pooled kind makes room for the block's (the
                        // kinds of types are most of a debug part's records).
                        let room = r.ids.words / if $code == 17 { 6 } else { 64 };
                        MetadataData::$variant(
                            DiPayload::store_with_room(record, r.pools, room)
                                .ok_or_else(pool_full)?,
                        )
                    }
                )*
                _ => return Ok(None),
            }))
        }
    };
}

dxil_ir::for_each_di_record!(di_reader);

/// LLVM's `unrotateSign` for DI records.
fn unrotate(u: u64) -> i64 {
    if u & 1 != 0 {
        !((u >> 1) as i64)
    } else {
        (u >> 1) as i64
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn unrotate_sign() {
        assert_eq!(super::unrotate(0), 0);
        assert_eq!(super::unrotate(2), 1);
        assert_eq!(super::unrotate(1), -1);
        assert_eq!(super::unrotate(3), -2);
        assert_eq!(crate::read::decode_signed(3), -1);
        assert_eq!(crate::read::decode_signed(1), i64::MIN);
    }
}
