//! The module's names in one buffer: value symbol table names (globals, functions, aliases,
//! arguments, blocks, instructions), named metadata, metadata kinds, sections, GC names,
//! comdats, dependent libraries, the triple and the data layout. An entity holds a [`Name`],
//! a 4-byte handle; the text is read through [`crate::Module::name_str`].
//!
//! Names are not deduplicated: bitcode names are unique within their scope (a module's
//! globals, a function's locals), so a hash lookup per name would cost more than the few
//! repeats across functions save. Setting a new name leaves the old text in the buffer.

use core::fmt;
use core::num::NonZeroU32;

/// A name in a module's [`Names`]: a handle whose number is private to this crate, handed out
/// by [`Names::push`] (or [`crate::Module::intern`]). `Option<Name>` is 4 bytes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(NonZeroU32);

impl Name {
    /// The position of the name in its pool (0-based).
    #[inline]
    pub(crate) fn slot(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "name#{}", self.slot())
    }
}

/// Why a name was not stored: the pool is full (its text or its count would pass `u32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamesFull;

impl fmt::Display for NamesFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the module's names exceed 4 GiB")
    }
}

impl std::error::Error for NamesFull {}

/// The text of every name of a module, one after the other, and where each ends.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Names {
    text: String,
    ends: Ends,
}

/// Where each name of a pool ends in its text (`0[i]`: the end of name `i`; it starts where
/// name `i - 1` ends), and the handles that follow from it: what [`Names`] and [`NameBuf`]
/// share.
#[derive(Clone, Default, PartialEq, Eq)]
struct Ends(Vec<u32>);

impl Ends {
    /// Whether a text of `end` bytes (`None`: past `usize`) and one more name still fit.
    fn check_room(&self, end: Option<usize>) -> Result<(), NamesFull> {
        let fits = end.is_some_and(|e| u32::try_from(e).is_ok());
        if fits && self.0.len() < u32::MAX as usize - 1 {
            Ok(())
        } else {
            Err(NamesFull)
        }
    }

    /// Ends the name written up to `text_len` (its room was checked).
    #[inline]
    fn seal(&mut self, text_len: usize) -> Name {
        self.0.push(text_len as u32);
        Name(NonZeroU32::MIN.saturating_add(self.0.len() as u32 - 1))
    }

    /// Where name `i` lies in the text; `None` past the last name.
    #[inline]
    fn range(&self, i: usize) -> Option<core::ops::Range<usize>> {
        let end = *self.0.get(i)? as usize;
        let start = match i {
            0 => 0,
            _ => self.0[i - 1] as usize,
        };
        Some(start..end)
    }
}

impl Names {
    /// An empty pool.
    pub fn new() -> Self {
        Names::default()
    }

    /// How many names the pool holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.ends.0.len()
    }

    /// Whether the pool holds no name.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.ends.0.is_empty()
    }

    /// Bytes of text held.
    #[inline]
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// Whether `n` is a handle of this pool.
    #[inline]
    pub fn contains(&self, n: Name) -> bool {
        n.slot() < self.ends.0.len()
    }

    /// The text of `n`; `None` for a handle this pool did not hand out.
    #[inline]
    pub fn get(&self, n: Name) -> Option<&str> {
        self.text.get(self.ends.range(n.slot())?)
    }

    /// The text of `n`, for a handle the id check proved.
    ///
    /// # Panics
    ///
    /// On a handle this pool did not hand out.
    #[inline]
    pub(crate) fn index(&self, n: Name) -> &str {
        let i = n.slot();
        let start = if i == 0 {
            0
        } else {
            self.ends.0[i - 1] as usize
        };
        &self.text[start..self.ends.0[i] as usize]
    }

    /// Stores `s` and returns its handle.
    ///
    /// # Panics
    ///
    /// When the pool would pass 4 GiB of text or `u32::MAX - 1` names
    /// ([`Names::try_push`] says so instead).
    pub fn push(&mut self, s: &str) -> Name {
        self.try_push(s).expect("the module's names exceed 4 GiB")
    }

    /// Stores `s` and returns its handle, or says the pool is full.
    pub fn try_push(&mut self, s: &str) -> Result<Name, NamesFull> {
        self.ends.check_room(self.text.len().checked_add(s.len()))?;
        self.text.push_str(s);
        Ok(self.ends.seal(self.text.len()))
    }

    /// Reserves room for `names` more names of `bytes` bytes in all.
    pub fn reserve(&mut self, names: usize, bytes: usize) {
        self.ends.0.reserve(names);
        self.text.reserve(bytes);
    }
}

/// Names being read, the text kept as bytes: a reader pushes each name with one pass over its
/// codes (copying them and checking they are ASCII) and no UTF-8 check of its own, and
/// [`NameBuf::take_names`] makes the [`Names`] with one check of the whole text. The handles
/// it returns are those of the [`Names`] it makes.
#[derive(Clone, Default)]
pub struct NameBuf {
    text: Vec<u8>,
    ends: Ends,
}

impl NameBuf {
    /// An empty buffer.
    pub fn new() -> Self {
        NameBuf::default()
    }

    /// Stores `s` and returns its handle, or says the pool is full.
    pub fn try_push(&mut self, s: &str) -> Result<Name, NamesFull> {
        self.ends.check_room(self.text.len().checked_add(s.len()))?;
        self.text.extend_from_slice(s.as_bytes());
        Ok(self.ends.seal(self.text.len()))
    }

    /// Stores the name whose bytes are `codes`, one code a byte, when every code is ASCII
    /// (below 0x80), as bitcode records carry names; `None`, and nothing stored, otherwise.
    #[inline]
    pub fn try_push_ascii(&mut self, codes: &[u64]) -> Option<Result<Name, NamesFull>> {
        let start = self.text.len();
        let mut all = 0;
        self.text.extend(codes.iter().map(|&c| {
            all |= c;
            c as u8
        }));
        if all >= 0x80 {
            self.text.truncate(start);
            return None;
        }
        if let Err(e) = self.ends.check_room(Some(self.text.len())) {
            self.text.truncate(start);
            return Some(Err(e));
        }
        Some(Ok(self.ends.seal(self.text.len())))
    }

    /// Reserves room for `names` more names of `bytes` bytes in all.
    pub fn reserve(&mut self, names: usize, bytes: usize) {
        self.ends.0.reserve(names);
        self.text.reserve(bytes);
    }

    /// The names stored, as a [`Names`] whose handles are the ones this buffer returned;
    /// the buffer is left empty. Room reserved and not used is given back when it is a
    /// large part of a large buffer.
    pub fn take_names(&mut self) -> Names {
        let mut ends = core::mem::take(&mut self.ends);
        let text = core::mem::take(&mut self.text);
        // Every piece pushed is ASCII or a `&str`, so the text is UTF-8: this is the one
        // check that proves it (on failure, which cannot happen, the text is repaired
        // rather than a panic).
        let mut text = String::from_utf8(text)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        trim(&mut text);
        trim(&mut ends.0);
        Names { text, ends }
    }
}

/// Capacity worth giving back: more than this many bytes and a quarter of the whole.
const SLACK_BYTES: usize = 4096;

/// Gives back a vector's unused room when it is large (a shrinking reallocation of a large
/// block stays in place); small slack is kept, as shrinking it costs more than it saves.
pub(crate) fn trim<V: Trim>(v: &mut V) {
    let (len, cap, size) = v.len_cap_size();
    let slack = (cap - len) * size;
    if slack > SLACK_BYTES && slack * 4 > cap * size {
        v.shrink();
    }
}

pub(crate) trait Trim {
    fn len_cap_size(&self) -> (usize, usize, usize);
    fn shrink(&mut self);
}

impl Trim for String {
    fn len_cap_size(&self) -> (usize, usize, usize) {
        (self.len(), self.capacity(), 1)
    }
    fn shrink(&mut self) {
        self.shrink_to_fit();
    }
}

impl<T> Trim for Vec<T> {
    fn len_cap_size(&self) -> (usize, usize, usize) {
        (self.len(), self.capacity(), core::mem::size_of::<T>())
    }
    fn shrink(&mut self) {
        self.shrink_to_fit();
    }
}

/// Printed as the list of names.
impl fmt::Debug for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all = (0..self.ends.0.len())
            .map(|i| self.index(Name(NonZeroU32::MIN.saturating_add(i as u32))));
        f.debug_list().entries(all).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_foreign_handles_miss() {
        let mut p = Names::new();
        let a = p.push("main");
        let e = p.push("");
        let b = p.try_push("é.x").unwrap();
        assert_eq!(p.get(a), Some("main"));
        assert_eq!(p.get(e), Some(""));
        assert_eq!(p.get(b), Some("é.x"));
        assert_eq!(p.len(), 3);
        assert_eq!(p.text_len(), 4 + 4);
        let mut q = Names::new();
        q.push("x");
        assert_eq!(q.get(b), None);
        assert!(!q.contains(a.max(b)) || q.len() > b.slot());
        assert_eq!(format!("{p:?}"), r#"["main", "", "é.x"]"#);
        assert_eq!(std::mem::size_of::<Option<Name>>(), 4);
    }

    #[test]
    fn name_buf_hands_out_the_handles_of_its_names() {
        let mut b = NameBuf::new();
        let a = b
            .try_push_ascii(&[u64::from(b'o'), u64::from(b'k')])
            .unwrap()
            .unwrap();
        let u = b.try_push("é.x").unwrap();
        // A code past ASCII, even past a byte: nothing stored.
        for bad in [0x80, 0xE9, 0x100, u64::MAX] {
            assert!(b.try_push_ascii(&[u64::from(b'x'), bad]).is_none());
        }
        let e = b.try_push_ascii(&[]).unwrap().unwrap();
        let long: Vec<u64> = (0..5000).map(|i| u64::from(b'a') + i % 26).collect();
        let l = b.try_push_ascii(&long).unwrap().unwrap();
        let names = b.take_names();
        assert!(b.take_names().is_empty());
        assert_eq!(names.get(a), Some("ok"));
        assert_eq!(names.get(u), Some("é.x"));
        assert_eq!(names.get(e), Some(""));
        assert_eq!(names.get(l).map(str::len), Some(5000));
        assert_eq!(names.len(), 4);
        assert_eq!(names.text_len(), 2 + 4 + 5000);
        // Room reserved and not used is given back when it is large.
        let mut r = NameBuf::new();
        r.reserve(1 << 12, 1 << 20);
        r.try_push("x").unwrap();
        let n = r.take_names();
        assert!(n.text.capacity() < 1 << 12 && n.ends.0.capacity() < 1 << 10);
    }
}
