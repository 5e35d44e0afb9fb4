//! The cursor reader: blocks, abbreviations, BLOCKINFO and records
//! (BitCodeFormat.rst, "Bitstream Format" and "Standard Blocks").

use std::sync::Arc;

use crate::abbrev::{read_into, Abbrev, AbbrevOp};
use crate::bits::{BitCursor, MAX_VBR_WIDTH};
use crate::error::{Error, ErrorKind, Result};
use crate::record::{Entry, RawEntry, Record, DEFINE_ABBREV, END_BLOCK, ENTER_SUBBLOCK};
use crate::{BLOCKINFO_BLOCK_ID, MAX_ABBREVS, MAX_BLOCKINFO_ENTRIES, MAX_DEPTH};

/// BLOCKINFO record code SETBID.
pub const BLOCKINFO_CODE_SETBID: u32 = 1;
/// BLOCKINFO record code BLOCKNAME.
pub const BLOCKINFO_CODE_BLOCKNAME: u32 = 2;
/// BLOCKINFO record code SETRECORDNAME.
pub const BLOCKINFO_CODE_SETRECORDNAME: u32 = 3;

/// The bitcode magic `'B' 'C' 0xC0DE`.
pub const BITCODE_MAGIC: [u8; 4] = [0x42, 0x43, 0xC0, 0xDE];
/// The bitcode wrapper magic 0x0B17C0DE (little-endian on disk).
pub const WRAPPER_MAGIC: u32 = 0x0B17_C0DE;

/// One open block (or the top level).
#[derive(Debug)]
struct Scope {
    /// `None` at top level.
    block_id: Option<u32>,
    abbrev_width: u32,
    /// Bit where the block ends according to its length word.
    end_bit: u64,
    /// Length word of the block (0 at top level).
    len_words: u32,
    abbrevs: Vec<Span>,
    /// Length of [`Reader::pool`] when the block was entered: its own definitions follow.
    pool_mark: usize,
    /// Inside BLOCKINFO: the block ID selected by the last SETBID.
    setbid: Option<u32>,
}

/// A DEFINE_ABBREV outside BLOCKINFO seen before: its bits and its operands. The encoding of
/// a definition is prefix-free (the parse decides where it ends), so input whose next `len`
/// bits equal `bits` holds the same definition. Writers define the same few abbreviations in
/// every module (for metadata strings, names, constants), and comparing a word costs less
/// than parsing them again.
#[derive(Debug, Clone, Copy)]
struct CachedAbbrev {
    bits: u64,
    len: u32,
    /// Operands in `abbrev_cache_ops`.
    start: u32,
    n: u32,
}

/// Decoded BLOCKINFO blocks kept by a reader's buffers.
const INFO_CACHE_ENTRIES: usize = 4;

/// Definitions kept in the cache (it starts again when full).
const ABBREV_CACHE_ENTRIES: usize = 32;

/// Where an abbreviation's operands are: `len` entries from `start` of the reader's pool
/// (`info`: of the BLOCKINFO pool, which lives as long as the reader).
#[derive(Debug, Clone, Copy)]
struct Span {
    info: bool,
    start: u32,
    len: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    None,
    SubBlock(u32),
    Record(u32),
}

/// Zero-copy reader over a bitcode buffer.
///
/// Walk it with [`Reader::next`]; after `Entry::SubBlock` call [`Reader::enter_block`],
/// [`Reader::skip_block`] or [`Reader::read_blockinfo_block`]; after `Entry::Record` call
/// [`Reader::read_record`]. Bit offsets count from the `BC` magic.
#[derive(Debug)]
pub struct Reader<'a> {
    cur: BitCursor<'a>,
    scopes: Vec<Scope>,
    /// Abbreviations registered through BLOCKINFO, per block ID.
    blockinfo: Vec<(u32, Vec<Span>)>,
    /// Operands of the abbreviations defined in the open blocks, block after block (a block's
    /// definitions are dropped when it ends).
    pool: Vec<AbbrevOp>,
    /// Operands of the abbreviations defined in BLOCKINFO.
    info_pool: Vec<AbbrevOp>,
    pending: Pending,
    /// The innermost scope's abbreviation id width, end bit and whether it is BLOCKINFO
    /// (copies of `scopes.last()`, read for every entry).
    width: u32,
    end_bit: u64,
    in_blockinfo: bool,
    abbrev_cache: Vec<CachedAbbrev>,
    abbrev_cache_ops: Vec<AbbrevOp>,
    /// Where the next search of `abbrev_cache` starts.
    abbrev_hint: usize,
    /// Abbreviation vectors of closed scopes, kept to avoid reallocating.
    spare: Vec<Vec<Span>>,
    /// Bit offset just after the abbreviation ID of the last record [`Reader::advance`] read.
    record_bit: u64,
    /// The last BLOCKINFO block read, for [`ReaderBuffers`] reuse.
    info_cache: Vec<InfoCache>,
    /// Operand vector of the records read inside BLOCKINFO.
    info_rec: Vec<u64>,
}

/// The allocations of a [`Reader`], kept for the next stream ([`Reader::with_buffers`],
/// [`Reader::into_buffers`]): a program reading many modules allocates its scopes,
/// abbreviation lists and pools once, and a BLOCKINFO block with the same bytes as the
/// previous stream's (every module from one writer has the same) is applied without being
/// decoded again.
#[derive(Debug, Default)]
pub struct ReaderBuffers {
    scopes: Vec<Scope>,
    blockinfo: Vec<(u32, Vec<Span>)>,
    pool: Vec<AbbrevOp>,
    info_pool: Vec<AbbrevOp>,
    spare: Vec<Vec<Span>>,
    info_cache: Vec<InfoCache>,
    info_rec: Vec<u64>,
    abbrev_cache: Vec<CachedAbbrev>,
    abbrev_cache_ops: Vec<AbbrevOp>,
}

impl ReaderBuffers {
    /// About how many bytes the buffers hold (their capacities), for callers that keep them
    /// between inputs and drop them after an unusually large one.
    pub fn footprint(&self) -> usize {
        use std::mem::size_of;
        let spans = |v: &Vec<Span>| v.capacity() * size_of::<Span>();
        self.scopes.iter().map(|s| spans(&s.abbrevs)).sum::<usize>()
            + self.scopes.capacity() * size_of::<Scope>()
            + self.blockinfo.iter().map(|(_, v)| spans(v)).sum::<usize>()
            + (self.pool.capacity() + self.info_pool.capacity() + self.abbrev_cache_ops.capacity())
                * size_of::<AbbrevOp>()
            + self.spare.iter().map(spans).sum::<usize>()
            + self
                .info_cache
                .iter()
                .map(|c| {
                    c.bytes.capacity()
                        + c.pool.capacity() * size_of::<AbbrevOp>()
                        + c.blockinfo.iter().map(|(_, v)| spans(v)).sum::<usize>()
                })
                .sum::<usize>()
            + self.info_rec.capacity() * size_of::<u64>()
            + self.abbrev_cache.capacity() * size_of::<CachedAbbrev>()
    }
}

/// A decoded BLOCKINFO block: its abbreviation ID width and body bytes (what its decoding
/// depends on), and what it registered.
#[derive(Debug, Default)]
struct InfoCache {
    width: u32,
    bytes: Vec<u8>,
    blockinfo: Vec<(u32, Vec<Span>)>,
    pool: Vec<AbbrevOp>,
}

impl<'a> Reader<'a> {
    /// Accepts bitcode starting with `BC` 0xC0DE, or wrapped in the 0x0B17C0DE header (then the
    /// wrapped range is read and offsets count from its start); checks the magic.
    pub fn new(bitcode: &'a [u8]) -> Result<Self> {
        Self::with_buffers(bitcode, ReaderBuffers::default())
    }

    /// Like [`Reader::new`], reusing the allocations (and the last BLOCKINFO decoding) of an
    /// earlier reader.
    pub fn with_buffers(bitcode: &'a [u8], buffers: ReaderBuffers) -> Result<Self> {
        let ReaderBuffers {
            mut scopes,
            mut blockinfo,
            mut pool,
            mut info_pool,
            mut spare,
            info_cache,
            info_rec,
            abbrev_cache,
            abbrev_cache_ops,
        } = buffers;
        for s in scopes.drain(..) {
            let mut v = s.abbrevs;
            v.clear();
            spare.push(v);
        }
        for (_, mut v) in blockinfo.drain(..) {
            v.clear();
            spare.push(v);
        }
        pool.clear();
        info_pool.clear();
        let bytes = unwrap_bitcode(bitcode)?;
        if bytes.get(..4) != Some(&BITCODE_MAGIC[..]) {
            return Err(Error::new(ErrorKind::BadMagic, 0));
        }
        let mut cur = BitCursor::new(bytes);
        cur.seek(32, "magic")?;
        let top = Scope {
            block_id: None,
            abbrev_width: 2,
            end_bit: cur.len_bits(),
            len_words: 0,
            abbrevs: spare.pop().unwrap_or_default(),
            pool_mark: 0,
            setbid: None,
        };
        let end_bit = top.end_bit;
        scopes.push(top);
        Ok(Reader {
            cur,
            scopes,
            blockinfo,
            pool,
            info_pool,
            pending: Pending::None,
            width: 2,
            end_bit,
            in_blockinfo: false,
            spare,
            record_bit: 0,
            info_cache,
            info_rec,
            abbrev_cache,
            abbrev_cache_ops,
            abbrev_hint: 0,
        })
    }

    /// The reader's allocations, for [`Reader::with_buffers`].
    pub fn into_buffers(self) -> ReaderBuffers {
        ReaderBuffers {
            scopes: self.scopes,
            blockinfo: self.blockinfo,
            pool: self.pool,
            info_pool: self.info_pool,
            spare: self.spare,
            info_cache: self.info_cache,
            info_rec: self.info_rec,
            abbrev_cache: self.abbrev_cache,
            abbrev_cache_ops: self.abbrev_cache_ops,
        }
    }

    /// The bitcode being read (after removing any wrapper), starting with the magic.
    pub fn bytes(&self) -> &'a [u8] {
        self.cur.bytes()
    }

    /// Current bit offset from the start of the bitcode.
    pub fn bit_offset(&self) -> u64 {
        self.cur.pos()
    }

    /// Number of open blocks (0 at top level).
    pub fn depth(&self) -> usize {
        self.scopes.len() - 1
    }

    /// ID of the innermost open block (`None` at top level).
    pub fn block_id(&self) -> Option<u32> {
        self.top().block_id
    }

    /// Abbreviation ID width of the innermost open block (2 at top level).
    pub fn abbrev_width(&self) -> u32 {
        self.top().abbrev_width
    }

    /// Length word (in 32-bit words) of the innermost open block (0 at top level).
    pub fn block_len_words(&self) -> u32 {
        self.top().len_words
    }

    /// Number of abbreviations usable in the innermost block (their IDs are 4 and up).
    pub fn abbrev_count(&self) -> usize {
        self.top().abbrevs.len()
    }

    /// The operands of abbreviation `abbrev_id` (4 and up) of the innermost block.
    pub fn abbrev(&self, abbrev_id: u32) -> Option<&[AbbrevOp]> {
        let i = abbrev_id.checked_sub(4)? as usize;
        self.top().abbrevs.get(i).map(|&sp| self.ops_of(sp))
    }

    /// Number of abbreviations registered through BLOCKINFO for `block_id`.
    pub fn blockinfo_abbrev_count(&self, block_id: u32) -> usize {
        self.blockinfo
            .iter()
            .find(|(id, _)| *id == block_id)
            .map_or(0, |(_, v)| v.len())
    }

    #[inline]
    fn ops_of(&self, sp: Span) -> &[AbbrevOp] {
        let pool = if sp.info { &self.info_pool } else { &self.pool };
        &pool[sp.start as usize..(sp.start + sp.len) as usize]
    }

    /// Bit offset just after the abbreviation ID of the record last read by
    /// [`Reader::advance`] (where the record's own fields start).
    pub fn record_bit(&self) -> u64 {
        self.record_bit
    }

    /// Inside a BLOCKINFO block: the block ID selected by the last SETBID record.
    pub fn blockinfo_target(&self) -> Option<u32> {
        self.top().setbid
    }

    #[inline(always)]
    fn top(&self) -> &Scope {
        // The top-level scope is never popped.
        self.scopes
            .last()
            .unwrap_or_else(|| unreachable!("top-level scope is never popped"))
    }

    fn top_mut(&mut self) -> &mut Scope {
        self.scopes
            .last_mut()
            .unwrap_or_else(|| unreachable!("top-level scope is never popped"))
    }

    fn err(&self, kind: ErrorKind) -> Error {
        self.cur.err(kind)
    }

    /// Next entry in the current block. DEFINE_ABBREV records are registered and not returned.
    #[allow(clippy::should_implement_trait)] // fallible, not an iterator
    pub fn next(&mut self) -> Result<Entry> {
        loop {
            if let Some(e) = self.step()? {
                return Ok(e);
            }
        }
    }

    /// Next entry in the current block, reading a record at once: after `Entry::Record` its
    /// fields are in `rec` (no [`Reader::read_record`] call follows). DEFINE_ABBREV records are
    /// registered and not returned. The fast path for readers that handle every record.
    #[inline]
    pub fn advance(&mut self, rec: &mut Record<'a>) -> Result<Entry> {
        // The common case first: a record in an open block, read without the pending-state
        // round trip of `next` + `read_record`.
        if self.pending == Pending::None && self.scopes.len() > 1 && !self.in_blockinfo {
            // The id is peeked, and taken only for a record: anything else goes through the
            // general path, which reads it again.
            let width = self.width;
            let (bits, avail) = self.cur.peek_at_least(width);
            if width <= avail {
                let id = (bits & ((1u64 << width) - 1)) as u32;
                if id == crate::record::UNABBREV_RECORD {
                    self.cur.skip_peeked(width);
                    self.record_bit = self.cur.pos();
                    self.read_unabbreviated(rec)?;
                    return Ok(Entry::Record { abbrev_id: id });
                }
                if id >= crate::record::FIRST_APPLICATION_ABBREV
                    && ((id - 4) as usize) < self.top().abbrevs.len()
                {
                    self.cur.skip_peeked(width);
                    self.record_bit = self.cur.pos();
                    self.read_with_abbrev(id, rec)?;
                    return Ok(Entry::Record { abbrev_id: id });
                }
            }
        }
        loop {
            if let Some(e) = self.step()? {
                if let Entry::Record { abbrev_id } = e {
                    self.record_bit = self.cur.pos();
                    self.read_record(abbrev_id, rec)?;
                }
                return Ok(e);
            }
        }
    }

    /// Next entry, also reporting DEFINE_ABBREV records (after registering them).
    pub fn next_raw(&mut self) -> Result<RawEntry> {
        let before = self.pool_len_of_target();
        match self.step()? {
            Some(e) => Ok(RawEntry::Entry(e)),
            None => {
                let (pool, first) = match before {
                    (true, n) => (&self.info_pool, n),
                    (false, n) => (&self.pool, n),
                };
                let ops = pool.get(first..).unwrap_or(&[]).to_vec();
                let a = Abbrev::new(ops).map_err(|m| self.err(ErrorKind::InvalidAbbrev(m)))?;
                Ok(RawEntry::DefineAbbrev(Arc::new(a)))
            }
        }
    }

    /// Which pool a DEFINE_ABBREV read now appends to, and its length.
    fn pool_len_of_target(&self) -> (bool, usize) {
        if self.top().block_id == Some(BLOCKINFO_BLOCK_ID) {
            (true, self.info_pool.len())
        } else {
            (false, self.pool.len())
        }
    }

    /// Next entry, or `None` after registering a DEFINE_ABBREV.
    #[inline]
    fn step(&mut self) -> Result<Option<Entry>> {
        match self.pending {
            Pending::None => {}
            Pending::SubBlock(_) => {
                return Err(self.err(ErrorKind::Misuse("sub-block neither entered nor skipped")))
            }
            Pending::Record(_) => return Err(self.err(ErrorKind::Misuse("record not read"))),
        }
        let depth = self.depth();
        if depth == 0 && self.at_end_of_stream()? {
            return Ok(Some(Entry::EndOfStream));
        }
        let at = self.cur.pos();
        let width = self.width;
        let id = self.cur.read(width, "abbreviation id")? as u32;
        match id {
            END_BLOCK => {
                if depth == 0 {
                    return Err(Error::new(ErrorKind::AtTopLevel("END_BLOCK"), at));
                }
                self.cur.align32()?;
                let expected = self.top().end_bit;
                if self.cur.pos() != expected {
                    return Err(Error::new(
                        ErrorKind::BlockLengthMismatch {
                            expected,
                            found: self.cur.pos(),
                        },
                        at,
                    ));
                }
                self.pop_scope();
                Ok(Some(Entry::EndBlock))
            }
            ENTER_SUBBLOCK => {
                let block_id = self.cur.read_vbr32(8, "block id")?;
                self.pending = Pending::SubBlock(block_id);
                Ok(Some(Entry::SubBlock { block_id }))
            }
            DEFINE_ABBREV => {
                if depth == 0 {
                    return Err(Error::new(ErrorKind::AtTopLevel("DEFINE_ABBREV"), at));
                }
                self.define_abbrev(at)?;
                Ok(None)
            }
            _ => {
                if depth == 0 {
                    return Err(Error::new(ErrorKind::AtTopLevel("record"), at));
                }
                if id >= 4 && (id - 4) as usize >= self.top().abbrevs.len() {
                    return Err(Error::new(ErrorKind::UndefinedAbbrev(id), at));
                }
                self.pending = Pending::Record(id);
                Ok(Some(Entry::Record { abbrev_id: id }))
            }
        }
    }

    /// At top level: true at the end of the buffer, or when only zero padding (< 32 bits) is
    /// left; the cursor is then moved to the end.
    fn at_end_of_stream(&mut self) -> Result<bool> {
        let left = self.cur.bits_left();
        if left == 0 {
            return Ok(true);
        }
        if left < 32 {
            let pos = self.cur.pos();
            let rest = self.cur.read(left as u32, "padding")?;
            if rest == 0 {
                return Ok(true);
            }
            self.cur.seek(pos, "padding")?;
        }
        Ok(false)
    }

    /// Reads a DEFINE_ABBREV body and registers it in the current block, or inside BLOCKINFO
    /// for the block named by the last SETBID.
    fn define_abbrev(&mut self, at: u64) -> Result<()> {
        let scope = self.top();
        if scope.block_id == Some(BLOCKINFO_BLOCK_ID) {
            let bid = scope.setbid.ok_or_else(|| {
                Error::new(
                    ErrorKind::InvalidBlockInfo("DEFINE_ABBREV before SETBID"),
                    at,
                )
            })?;
            if self.blockinfo_entry(bid, at)?.len() >= MAX_ABBREVS {
                return Err(Error::new(ErrorKind::TooManyAbbrevs(MAX_ABBREVS), at));
            }
            let start = self.info_pool.len();
            read_into(&mut self.cur, &mut self.info_pool)?;
            let sp = span(true, start, self.info_pool.len(), at)?;
            self.blockinfo_entry(bid, at)?.push(sp);
        } else {
            if scope.abbrevs.len() >= MAX_ABBREVS {
                return Err(Error::new(ErrorKind::TooManyAbbrevs(MAX_ABBREVS), at));
            }
            let start = self.pool.len();
            let (bits, avail) = self.cur.peek();
            // Writers define the same abbreviations in the same order in every module: the
            // search starts after the last hit, where the next definition usually is.
            let matches =
                |e: &CachedAbbrev| e.len <= avail && bits & ((1u64 << e.len) - 1) == e.bits;
            let from = self.abbrev_hint.min(self.abbrev_cache.len());
            let hit = match self.abbrev_cache[from..].iter().position(matches) {
                Some(i) => Some(from + i),
                None => self.abbrev_cache[..from].iter().position(matches),
            };
            if let Some(i) = hit {
                self.abbrev_hint = i + 1;
                let e = self.abbrev_cache[i];
                let ops = &self.abbrev_cache_ops[e.start as usize..(e.start + e.n) as usize];
                self.pool.extend_from_slice(ops);
                self.cur.skip_peeked(e.len);
            } else {
                let before = self.cur.pos();
                read_into(&mut self.cur, &mut self.pool)?;
                let len = self.cur.pos() - before;
                if len < u64::from(avail.min(63)) {
                    self.remember_abbrev(bits, len as u32, start);
                }
            }
            let sp = span(false, start, self.pool.len(), at)?;
            self.top_mut().abbrevs.push(sp);
        }
        Ok(())
    }

    /// Caches the definition just read: its `len` bits (the low bits of `bits`) and the
    /// operands it added to the pool from `start`.
    fn remember_abbrev(&mut self, bits: u64, len: u32, start: usize) {
        if self.abbrev_cache.len() >= ABBREV_CACHE_ENTRIES {
            self.abbrev_cache.clear();
            self.abbrev_cache_ops.clear();
        }
        let ops = &self.pool[start..];
        let (Ok(first), Ok(n)) = (
            u32::try_from(self.abbrev_cache_ops.len()),
            u32::try_from(ops.len()),
        ) else {
            return;
        };
        self.abbrev_cache_ops.extend_from_slice(ops);
        self.abbrev_cache.push(CachedAbbrev {
            bits: bits & ((1u64 << len) - 1),
            len,
            start: first,
            n,
        });
        self.abbrev_hint = self.abbrev_cache.len();
    }

    fn blockinfo_entry(&mut self, bid: u32, at: u64) -> Result<&mut Vec<Span>> {
        let idx = match self.blockinfo.iter().position(|(id, _)| *id == bid) {
            Some(i) => i,
            None => {
                if self.blockinfo.len() >= MAX_BLOCKINFO_ENTRIES {
                    return Err(Error::new(
                        ErrorKind::TooManyBlockInfo(MAX_BLOCKINFO_ENTRIES),
                        at,
                    ));
                }
                self.blockinfo.push((bid, Vec::new()));
                self.blockinfo.len() - 1
            }
        };
        Ok(&mut self.blockinfo[idx].1)
    }

    fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            if let Some(mut s) = self.scopes.pop() {
                s.abbrevs.clear();
                self.spare.push(s.abbrevs);
                self.pool.truncate(s.pool_mark);
            }
            self.cache_top();
        }
    }

    /// Refreshes the copies of the innermost scope's fields.
    fn cache_top(&mut self) {
        let (width, end, blockinfo) = {
            let t = self.top();
            (
                t.abbrev_width,
                t.end_bit,
                t.block_id == Some(BLOCKINFO_BLOCK_ID),
            )
        };
        self.width = width;
        self.end_bit = end;
        self.in_blockinfo = blockinfo;
    }

    /// Reads a block header (abbrev width, alignment, length word); returns (width, len, end).
    fn read_block_header(&mut self, what: &'static str) -> Result<(u32, u32, u64)> {
        let block_id = match self.pending {
            Pending::SubBlock(id) => id,
            _ => return Err(self.err(ErrorKind::Misuse(what))),
        };
        self.pending = Pending::None;
        let at = self.cur.pos();
        let width = self.cur.read_vbr32(4, "abbreviation id width")?;
        if width == 0 || width > MAX_VBR_WIDTH {
            return Err(Error::new(
                ErrorKind::InvalidBlock("abbreviation id width"),
                at,
            ));
        }
        self.cur.align32()?;
        let len = self.cur.read(32, "block length")? as u32;
        let end = self.cur.pos() + u64::from(len) * 32;
        if end > self.top().end_bit || end > self.cur.len_bits() {
            return Err(Error::new(
                ErrorKind::InvalidBlock("block length exceeds its enclosing block"),
                at,
            ));
        }
        let _ = block_id;
        Ok((width, len, end))
    }

    /// After `Entry::SubBlock`: enters it, applying BLOCKINFO abbreviations for its ID.
    pub fn enter_block(&mut self) -> Result<()> {
        let block_id = match self.pending {
            Pending::SubBlock(id) => id,
            _ => return Err(self.err(ErrorKind::Misuse("enter_block without a sub-block"))),
        };
        if self.depth() >= MAX_DEPTH {
            return Err(self.err(ErrorKind::TooDeep(MAX_DEPTH)));
        }
        let (abbrev_width, len_words, end_bit) = self.read_block_header("enter_block")?;
        let mut abbrevs = self.spare.pop().unwrap_or_default();
        if let Some((_, list)) = self.blockinfo.iter().find(|(id, _)| *id == block_id) {
            abbrevs.extend_from_slice(list);
        }
        self.scopes.push(Scope {
            block_id: Some(block_id),
            abbrev_width,
            end_bit,
            len_words,
            abbrevs,
            pool_mark: self.pool.len(),
            setbid: None,
        });
        self.cache_top();
        Ok(())
    }

    /// After `Entry::SubBlock`: skips it using its length word.
    pub fn skip_block(&mut self) -> Result<()> {
        let (_, _, end) = self.read_block_header("skip_block without a sub-block")?;
        self.cur.seek(end, "skipped block")
    }

    /// After `Entry::SubBlock { block_id: 0 }`: reads the whole BLOCKINFO block, registering its
    /// abbreviations for later blocks (sub-blocks inside it are skipped), and returns after its
    /// END_BLOCK.
    pub fn read_blockinfo_block(&mut self) -> Result<()> {
        if self.pending != Pending::SubBlock(BLOCKINFO_BLOCK_ID) {
            return Err(self.err(ErrorKind::Misuse("read_blockinfo_block without BLOCKINFO")));
        }
        self.enter_block()?;
        // The block's decoding depends only on its ID width and its body bytes: when they
        // equal the cached block's, and this is the stream's first BLOCKINFO, take the
        // cached result.
        let first = self.blockinfo.is_empty() && self.info_pool.is_empty();
        let (width, body) = self.block_body();
        let hit = self
            .info_cache
            .iter()
            .position(|c| first && c.width == width && c.bytes == body);
        if let Some(i) = hit {
            let end = self.top().end_bit;
            let cache = &self.info_cache[i];
            for (id, spans) in &cache.blockinfo {
                let mut v = self.spare.pop().unwrap_or_default();
                v.extend_from_slice(spans);
                self.blockinfo.push((*id, v));
            }
            self.info_pool.extend_from_slice(&cache.pool);
            // The same bytes ended with END_BLOCK at `end` when they were decoded.
            self.cur.seek(end, "BLOCKINFO block")?;
            self.pop_scope();
            return Ok(());
        }
        let mut rec = Record {
            ops: std::mem::take(&mut self.info_rec),
            ..Record::new()
        };
        let r = self.read_blockinfo_body(&mut rec);
        self.info_rec = rec.ops;
        r?;
        if first {
            // A few blocks (the DXIL and ILDB parts of one container differ); the oldest goes.
            let mut c = if self.info_cache.len() >= INFO_CACHE_ENTRIES {
                self.info_cache.remove(0)
            } else {
                InfoCache::default()
            };
            c.width = width;
            c.bytes.clear();
            c.bytes.extend_from_slice(body);
            c.blockinfo.clear();
            c.blockinfo
                .extend(self.blockinfo.iter().map(|(id, v)| (*id, v.clone())));
            c.pool.clear();
            c.pool.extend_from_slice(&self.info_pool);
            self.info_cache.push(c);
        }
        Ok(())
    }

    fn read_blockinfo_body(&mut self, rec: &mut Record<'a>) -> Result<()> {
        loop {
            match self.next()? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock { .. } => self.skip_block()?,
                Entry::Record { abbrev_id } => self.read_record(abbrev_id, rec)?,
                Entry::EndOfStream => {
                    return Err(self.err(ErrorKind::Truncated("BLOCKINFO block")));
                }
            }
        }
    }

    /// The innermost block's abbreviation ID width and the bytes from its first entry to its
    /// end (just entered: the cursor is 32-bit aligned after the length word).
    fn block_body(&self) -> (u32, &'a [u8]) {
        let top = self.top();
        let start = (self.cur.pos() / 8) as usize;
        let end = (top.end_bit / 8) as usize;
        (
            top.abbrev_width,
            self.cur.bytes().get(start..end).unwrap_or(&[]),
        )
    }

    /// After `Entry::Record`: reads the record into `rec` (reusing its operand vector).
    pub fn read_record(&mut self, abbrev_id: u32, rec: &mut Record<'a>) -> Result<()> {
        if self.pending != Pending::Record(abbrev_id) {
            return Err(self.err(ErrorKind::Misuse("read_record without that pending record")));
        }
        self.pending = Pending::None;
        if abbrev_id == crate::record::UNABBREV_RECORD {
            self.read_unabbreviated(rec)?;
        } else {
            self.read_with_abbrev(abbrev_id, rec)?;
        }
        if self.in_blockinfo && rec.code == BLOCKINFO_CODE_SETBID {
            let at = self.cur.pos();
            let bid = rec
                .ops
                .first()
                .and_then(|&v| u32::try_from(v).ok())
                .ok_or_else(|| Error::new(ErrorKind::InvalidBlockInfo("bad SETBID"), at))?;
            self.top_mut().setbid = Some(bid);
        }
        Ok(())
    }

    /// The body of an UNABBREV_RECORD: vbr6 code, vbr6 operand count, vbr6 operands.
    #[inline]
    fn read_unabbreviated(&mut self, rec: &mut Record<'a>) -> Result<()> {
        rec.ops.clear();
        rec.blob = None;
        rec.abbrev_id = crate::record::UNABBREV_RECORD;
        rec.code = self.cur.read_vbr32(6, "record code")?;
        let at = self.cur.pos();
        let n = self.cur.read_vbr(6, "record length")?;
        if n.saturating_mul(6) > self.end_bit.saturating_sub(self.cur.pos()) {
            return Err(Error::new(ErrorKind::RecordTooLong(n), at));
        }
        self.cur
            .read_vbr_into(6, n as usize, &mut rec.ops, "record operand")
    }

    /// The body of a record in abbreviation `abbrev_id` (at least 4) of the current block.
    #[inline]
    fn read_with_abbrev(&mut self, abbrev_id: u32, rec: &mut Record<'a>) -> Result<()> {
        rec.ops.clear();
        rec.blob = None;
        rec.abbrev_id = abbrev_id;
        let idx = (abbrev_id - 4) as usize;
        let Some(&sp) = self.top().abbrevs.get(idx) else {
            return Err(self.cur.err(ErrorKind::UndefinedAbbrev(abbrev_id)));
        };
        let pool = if sp.info { &self.info_pool } else { &self.pool };
        let ops = &pool[sp.start as usize..(sp.start + sp.len) as usize];
        read_abbreviated(&mut self.cur, ops, self.end_bit, rec)
    }
}

/// The span of pool entries `start..end`, which a bounded definition count keeps in `u32`.
fn span(info: bool, start: usize, end: usize, at: u64) -> Result<Span> {
    match (u32::try_from(start), u32::try_from(end - start)) {
        (Ok(start), Ok(len)) => Ok(Span { info, start, len }),
        _ => Err(Error::new(ErrorKind::TooManyAbbrevs(MAX_ABBREVS), at)),
    }
}

/// Reads one scalar field.
#[inline(always)]
fn read_scalar(cur: &mut BitCursor<'_>, op: AbbrevOp) -> Result<u64> {
    match op {
        AbbrevOp::Literal(v) => Ok(v),
        AbbrevOp::Fixed(w) => cur.read(u32::from(w), "fixed field"),
        AbbrevOp::Vbr(0) => Ok(0),
        AbbrevOp::Vbr(w) => cur.read_vbr(u32::from(w), "VBR field"),
        AbbrevOp::Char6 => Ok(u64::from(crate::char6::decode(
            cur.read(6, "char6 field")? as u8
        ))),
        AbbrevOp::Array | AbbrevOp::Blob => {
            Err(cur.err(ErrorKind::InvalidAbbrev("array or blob used as a scalar")))
        }
    }
}

/// Reads `n` array elements of encoding `elt` (validated as a scalar encoding), with the
/// encoding chosen once for the whole array: strings and operand lists are arrays, and most
/// of a module's fields are their elements.
#[inline]
fn read_array(cur: &mut BitCursor<'_>, elt: AbbrevOp, n: usize, ops: &mut Vec<u64>) -> Result<()> {
    match elt {
        AbbrevOp::Fixed(0) | AbbrevOp::Vbr(0) => ops.extend(std::iter::repeat_n(0, n)),
        AbbrevOp::Fixed(w @ 1..=32) => cur.read_fixed_into(u32::from(w), n, ops, |v| v),
        AbbrevOp::Vbr(w) => cur.read_vbr_into(u32::from(w), n, ops, "VBR field")?,
        AbbrevOp::Char6 => {
            cur.read_fixed_into(6, n, ops, |v| u64::from(crate::char6::decode(v as u8)))
        }
        AbbrevOp::Fixed(_) | AbbrevOp::Literal(_) | AbbrevOp::Array | AbbrevOp::Blob => {
            ops.reserve(n);
            for _ in 0..n {
                ops.push(read_scalar(cur, elt)?);
            }
        }
    }
    Ok(())
}

fn read_abbreviated<'a>(
    cur: &mut BitCursor<'a>,
    ops: &[AbbrevOp],
    end: u64,
    rec: &mut Record<'a>,
) -> Result<()> {
    let at = cur.pos();
    let code = read_scalar(cur, ops[0])?;
    rec.code =
        u32::try_from(code).map_err(|_| Error::new(ErrorKind::OutOfRange("record code"), at))?;
    let mut i = 1;
    while i < ops.len() {
        let op = ops[i];
        match op {
            AbbrevOp::Array => {
                let elt = ops[i + 1];
                let at = cur.pos();
                let n = cur.read_vbr(6, "array length")?;
                let left = end.saturating_sub(cur.pos());
                if n.saturating_mul(elt.min_bits().max(1)) > left {
                    return Err(Error::new(ErrorKind::RecordTooLong(n), at));
                }
                read_array(cur, elt, n as usize, &mut rec.ops)?;
                return Ok(());
            }
            AbbrevOp::Blob => {
                let at = cur.pos();
                let n = cur.read_vbr(6, "blob length")?;
                cur.align32()?;
                let start = cur.pos();
                let left = end.saturating_sub(start);
                if n.saturating_mul(8) > left {
                    return Err(Error::new(ErrorKind::RecordTooLong(n), at));
                }
                let first = (start / 8) as usize;
                let bytes = cur.bytes();
                let blob = bytes
                    .get(first..first + n as usize)
                    .ok_or_else(|| Error::new(ErrorKind::Truncated("blob"), at))?;
                cur.seek(start + n * 8, "blob")?;
                cur.align32()?;
                rec.blob = Some(blob);
                return Ok(());
            }
            _ => rec.ops.push(read_scalar(cur, op)?),
        }
        i += 1;
    }
    Ok(())
}

/// Strips the optional 0x0B17C0DE wrapper header.
fn unwrap_bitcode(bytes: &[u8]) -> Result<&[u8]> {
    let word = |i: usize| -> Option<u32> {
        let s = bytes.get(i * 4..i * 4 + 4)?;
        Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    };
    if word(0) != Some(WRAPPER_MAGIC) {
        return Ok(bytes);
    }
    let (off, size) = match (word(2), word(3)) {
        (Some(o), Some(s)) => (o as usize, s as usize),
        _ => return Err(Error::new(ErrorKind::BadWrapper, 0)),
    };
    off.checked_add(size)
        .and_then(|end| bytes.get(off..end))
        .ok_or_else(|| Error::new(ErrorKind::BadWrapper, 0))
}
