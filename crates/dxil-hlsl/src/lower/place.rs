//! Places values are read from and written to: local variables (SSA), elements of
//! resources (structured, raw and typed buffers), constant buffer members, group-shared
//! memory; narrowed by fields, indices and swizzles to the leaves they name.

use dxil_ir::build::Value;
use dxil_ops::{Scalar as Dx, Ty as OTy};

use super::emit::{Arith, Cmp, Leaf};
use super::func::{Fx, ResRef, Rv};
use super::ssa::Var;
use super::types::{size_of, Slot};
use super::{LowerError, LowerResult};
use crate::sema::{Scalar, Ty, TyId};

/// Where a value lives.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    /// Local variables, one per leaf.
    Vars { ty: TyId, vars: Vec<Var> },
    /// One of several same-typed groups of local variables, chosen by a runtime index
    /// (a local array or vector indexed by a non-constant).
    VarsDyn {
        ty: TyId,
        elems: Vec<Vec<Var>>,
        index: Leaf,
    },
    /// Part of an element of a structured or raw buffer: each leaf's byte offset within
    /// the element (`index` the element; for a raw buffer `index` is the byte address and
    /// the offsets add to it).
    Buffer {
        res: ResRef,
        index: Leaf,
        ty: TyId,
        slots: Vec<Slot>,
        raw: bool,
    },
    /// Components `comps` of an element of a typed buffer or texture at `coords`.
    Typed {
        res: ResRef,
        coords: Vec<Leaf>,
        ty: TyId,
        comps: Vec<u8>,
    },
    /// Leaves of a constant buffer.
    Constant {
        handle: Value,
        ty: TyId,
        slots: Vec<Slot>,
    },
    /// Group-shared memory: the globals of the element's leaves, which of them (`sel`),
    /// the flattened element index, and the element type's dimensions left to index.
    Shared {
        ty: TyId,
        globals: Vec<super::resource::SharedLeaf>,
        sel: Vec<usize>,
        index: Leaf,
        /// Added to each leaf's position (a vector component chosen at run time).
        extra: Leaf,
    },
    /// A buffer or constant buffer place moved by a run-time amount: bytes for a buffer,
    /// 16-byte rows for a constant buffer (an array in memory indexed by a non-constant).
    Offset { inner: Box<Place>, by: Leaf },
}

impl Place {
    pub fn ty(&self) -> TyId {
        match self {
            Place::Vars { ty, .. }
            | Place::VarsDyn { ty, .. }
            | Place::Buffer { ty, .. }
            | Place::Typed { ty, .. }
            | Place::Constant { ty, .. }
            | Place::Shared { ty, .. } => *ty,
            Place::Offset { inner, .. } => inner.ty(),
        }
    }

    /// The place narrowed to leaves `sel` (positions in its leaf list), of type `ty`.
    pub fn select(self, sel: &[usize], ty: TyId) -> LowerResult<Place> {
        let pick = |n: usize| -> LowerResult<()> {
            if sel.iter().all(|&k| k < n) {
                Ok(())
            } else {
                Err(LowerError::internal("leaf selection out of range"))
            }
        };
        Ok(match self {
            Place::Offset { inner, by } => Place::Offset {
                inner: Box::new(inner.select(sel, ty)?),
                by,
            },
            Place::Vars { vars, .. } => {
                pick(vars.len())?;
                Place::Vars {
                    ty,
                    vars: sel.iter().map(|&k| vars[k]).collect(),
                }
            }
            Place::VarsDyn { elems, index, .. } => {
                for e in &elems {
                    pick(e.len())?;
                }
                Place::VarsDyn {
                    ty,
                    elems: elems
                        .iter()
                        .map(|e| sel.iter().map(|&k| e[k]).collect())
                        .collect(),
                    index,
                }
            }
            Place::Buffer {
                res,
                index,
                slots,
                raw,
                ..
            } => {
                pick(slots.len())?;
                Place::Buffer {
                    res,
                    index,
                    ty,
                    slots: sel.iter().map(|&k| slots[k]).collect(),
                    raw,
                }
            }
            Place::Typed {
                res, coords, comps, ..
            } => {
                pick(comps.len())?;
                Place::Typed {
                    res,
                    coords,
                    ty,
                    comps: sel.iter().map(|&k| comps[k]).collect(),
                }
            }
            Place::Constant { handle, slots, .. } => {
                pick(slots.len())?;
                Place::Constant {
                    handle,
                    ty,
                    slots: sel.iter().map(|&k| slots[k]).collect(),
                }
            }
            Place::Shared {
                globals,
                sel: s0,
                index,
                extra,
                ..
            } => {
                pick(s0.len())?;
                Place::Shared {
                    ty,
                    globals,
                    sel: sel.iter().map(|&k| s0[k]).collect(),
                    index,
                    extra,
                }
            }
        })
    }
}

/// The overload type of a DXIL scalar.
pub(crate) fn oty(d: Dx) -> OTy {
    OTy::Scalar(d)
}

impl Fx<'_, '_> {
    /// Reads a place.
    pub fn load(&mut self, p: &Place) -> LowerResult<Rv> {
        let ty = p.ty();
        let ss = self.scalars(ty)?;
        let leaves = match p {
            Place::Offset { inner, by } => match &**inner {
                Place::Buffer {
                    res,
                    index,
                    slots,
                    raw,
                    ..
                } => self.buffer_load_at(*res, *index, slots, *raw, *by)?,
                Place::Constant { handle, slots, .. } => {
                    let mut out = Vec::with_capacity(slots.len());
                    for s in slots {
                        let d = self.cx.storage.mem(s.scalar);
                        let row = self.arith(
                            Arith::Add,
                            *by,
                            Leaf::Int(i64::from(s.offset / 16)),
                            Scalar::U32,
                        )?;
                        let v = self.e.cbuffer_load_legacy(&[oty(d)], *handle, row)?;
                        let k = (s.offset % 16)
                            / size_of(d).max(4).min(if d == Dx::Double || d == Dx::I64 {
                                8
                            } else {
                                4
                            });
                        let k = if self.cx.storage.native16 && size_of(d) == 2 {
                            (s.offset % 16) / 2
                        } else {
                            k
                        };
                        let x = self.e.ir().extract_value(v, &[k])?;
                        out.push(self.loaded_scalar(Leaf::V(x), s.scalar)?);
                    }
                    out
                }
                _ => {
                    return Err(LowerError::internal(
                        "offset of a place that is not in memory",
                    ))
                }
            },
            Place::Vars { vars, .. } => self.read_vars(vars)?,
            Place::VarsDyn { elems, index, .. } => {
                let mut acc: Option<Vec<Leaf>> = None;
                for (k, e) in elems.iter().enumerate().rev() {
                    let vals = self.read_vars(e)?;
                    acc = Some(match acc {
                        None => vals,
                        Some(rest) => {
                            let c =
                                self.compare(Cmp::Eq, *index, Leaf::Int(k as i64), Scalar::U32)?;
                            let mut out = Vec::with_capacity(vals.len());
                            for ((a, b), s) in vals.into_iter().zip(rest).zip(&ss) {
                                out.push(self.select(c, a, b, *s)?);
                            }
                            out
                        }
                    });
                }
                acc.unwrap_or_default()
            }
            Place::Buffer {
                res,
                index,
                slots,
                raw,
                ..
            } => self.buffer_load(*res, *index, slots, *raw)?,
            Place::Typed {
                res, coords, comps, ..
            } => self.typed_load(*res, coords, comps, &ss)?,
            Place::Constant { handle, slots, .. } => {
                let mut out = Vec::with_capacity(slots.len());
                for s in slots {
                    let d = self.cx.storage.mem(s.scalar);
                    let v = self.e.load_constant(*handle, s.offset, d)?;
                    out.push(self.loaded_scalar(Leaf::V(v), s.scalar)?);
                }
                out
            }
            Place::Shared {
                globals,
                sel,
                index,
                extra,
                ..
            } => {
                let mut out = Vec::with_capacity(sel.len());
                for (&k, &s) in sel.iter().zip(&ss) {
                    let ptr = self.shared_ptr_at(globals[k], *index, *extra)?;
                    let align = u64::from(size_of(self.shared_ty(s)));
                    let v = self.e.ir().load(ptr, align, false, None)?;
                    out.push(self.loaded_scalar(Leaf::V(v), s)?);
                }
                out
            }
        };
        Ok(Rv {
            ty,
            leaves,
            res: None,
            objs: Vec::new(),
        })
    }

    /// Writes `v` (of the place's type) to a place.
    pub fn store(&mut self, p: &Place, v: &Rv) -> LowerResult<()> {
        if self.cur.is_none() {
            return Ok(());
        }
        let ss = self.scalars(p.ty())?;
        if v.leaves.len() != ss.len() {
            return Err(LowerError::internal(format!(
                "storing {} values to a place of {}",
                v.leaves.len(),
                ss.len()
            )));
        }
        match p {
            Place::Offset { inner, by } => match &**inner {
                Place::Buffer {
                    res,
                    index,
                    slots,
                    raw,
                    ..
                } => self.buffer_store_at(*res, *index, slots, *raw, &v.leaves, *by),
                _ => Err(LowerError::shader(
                    "cannot assign to a constant buffer member",
                )),
            },
            Place::Vars { vars, .. } => self.write_vars(vars, &v.leaves, &ss),
            Place::VarsDyn { elems, index, .. } => {
                for (k, e) in elems.iter().enumerate() {
                    let old = self.read_vars(e)?;
                    let c = self.compare(Cmp::Eq, *index, Leaf::Int(k as i64), Scalar::U32)?;
                    let mut new = Vec::with_capacity(old.len());
                    for ((a, b), s) in v.leaves.iter().zip(old).zip(&ss) {
                        new.push(self.select(c, *a, b, *s)?);
                    }
                    self.write_vars(e, &new, &ss)?;
                }
                Ok(())
            }
            Place::Buffer {
                res,
                index,
                slots,
                raw,
                ..
            } => self.buffer_store(*res, *index, slots, *raw, &v.leaves),
            Place::Typed {
                res, coords, comps, ..
            } => self.typed_store(*res, coords, comps, &v.leaves, &ss),
            Place::Constant { .. } => Err(LowerError::shader(
                "cannot assign to a constant buffer member",
            )),
            Place::Shared {
                globals,
                sel,
                index,
                extra,
                ..
            } => {
                for ((&k, &s), &l) in sel.iter().zip(&ss).zip(&v.leaves) {
                    let ptr = self.shared_ptr_at(globals[k], *index, *extra)?;
                    let m = self.stored_scalar(l, s)?;
                    let d = self.shared_ty(s);
                    let x = self.value(m, d)?;
                    self.e
                        .ir()
                        .store(x, ptr, u64::from(size_of(d)), false, None)?;
                }
                Ok(())
            }
        }
    }

    /// The DXIL type group-shared memory holds a scalar in.
    pub fn shared_ty(&self, s: Scalar) -> Dx {
        match self.cx.storage.reg(s) {
            Dx::I1 => Dx::I32,
            d => d,
        }
    }

    /// `getelementptr` of a group-shared leaf of element `index`, moved by `extra`
    /// positions.
    pub fn shared_ptr_at(
        &mut self,
        leaf: super::resource::SharedLeaf,
        index: Leaf,
        extra: Leaf,
    ) -> LowerResult<Value> {
        let scaled = self.arith(
            Arith::Mul,
            index,
            Leaf::Int(i64::from(leaf.stride)),
            Scalar::U32,
        )?;
        let at = self.arith(
            Arith::Add,
            scaled,
            Leaf::Int(i64::from(leaf.slot)),
            Scalar::U32,
        )?;
        let at = self.arith(Arith::Add, at, extra, Scalar::U32)?;
        let mb = self.e.ir().module();
        let i32t = mb.int(32);
        let zero = mb.const_int(i32t, 0)?;
        let idx = self.value(at, Dx::I32)?;
        Ok(self.e.ir().gep(true, leaf.ty, leaf.global, &[zero, idx])?)
    }

    /// A scalar read from memory (booleans stored as 32-bit, minimum precision full width)
    /// in its register type.
    pub fn loaded_scalar(&mut self, l: Leaf, s: Scalar) -> LowerResult<Leaf> {
        let (m, r) = (self.cx.storage.mem(s), self.cx.storage.reg(s));
        if m == r {
            return Ok(l);
        }
        if r == Dx::I1 {
            return self.compare(Cmp::Ne, l, Leaf::Int(0), Scalar::U32);
        }
        let from = if matches!(m, Dx::Float) {
            Scalar::F32
        } else if super::types::unsigned(s) {
            Scalar::U32
        } else {
            Scalar::I32
        };
        self.convert(l, from, s)
    }

    /// A scalar in its memory type.
    pub fn stored_scalar(&mut self, l: Leaf, s: Scalar) -> LowerResult<Leaf> {
        let (m, r) = (self.cx.storage.mem(s), self.cx.storage.reg(s));
        if m == r {
            return Ok(l);
        }
        let to = match m {
            Dx::Float => Scalar::F32,
            _ if r == Dx::I1 => Scalar::U32,
            _ if super::types::unsigned(s) => Scalar::U32,
            _ => Scalar::I32,
        };
        self.convert(l, s, to)
    }

    /// Leaves of a structured (or raw) buffer element: runs of same-typed contiguous
    /// scalars read four at a time (`rawBufferLoad` from SM 6.2, `bufferLoad` before).
    fn buffer_load(
        &mut self,
        res: ResRef,
        index: Leaf,
        slots: &[Slot],
        raw: bool,
    ) -> LowerResult<Vec<Leaf>> {
        self.buffer_load_at(res, index, slots, raw, Leaf::Int(0))
    }

    fn buffer_load_at(
        &mut self,
        res: ResRef,
        index: Leaf,
        slots: &[Slot],
        raw: bool,
        by: Leaf,
    ) -> LowerResult<Vec<Leaf>> {
        let h = self.handle(res)?;
        let mut out = Vec::with_capacity(slots.len());
        let mut k = 0;
        while k < slots.len() {
            let (d, sz, n) = self.run_at(slots, k);
            let (idx, off) = self.buffer_coords(index, slots[k].offset, raw, by)?;
            if matches!(d, Dx::I64 | Dx::Double) && !self.raw_ops64() {
                // Before shader model 6.3, 64-bit values are read as 32-bit pairs.
                let n = n.min(2);
                let v = if self.raw_ops() {
                    let mask = ((1u16 << (2 * n)) - 1) as u8;
                    self.e
                        .raw_buffer_load(&[oty(Dx::I32)], h, idx, off, mask, 4)?
                } else {
                    self.e.buffer_load(&[oty(Dx::I32)], h, idx, off)?
                };
                for j in 0..n {
                    let lo = self.e.ir().extract_value(v, &[2 * j as u32])?;
                    let hi = self.e.ir().extract_value(v, &[2 * j as u32 + 1])?;
                    let x = self.join64(Leaf::V(lo), Leaf::V(hi), d)?;
                    out.push(x);
                }
                k += n;
                continue;
            }
            let mask = (1u8 << n) - 1;
            let v = if self.raw_ops() {
                self.e
                    .raw_buffer_load(&[oty(d)], h, idx, off, mask, sz.min(4))?
            } else {
                self.e.buffer_load(&[oty(d)], h, idx, off)?
            };
            for j in 0..n {
                let x = self.e.ir().extract_value(v, &[j as u32])?;
                out.push(self.loaded_scalar(Leaf::V(x), slots[k + j].scalar)?);
            }
            k += n;
        }
        Ok(out)
    }

    fn buffer_store(
        &mut self,
        res: ResRef,
        index: Leaf,
        slots: &[Slot],
        raw: bool,
        leaves: &[Leaf],
    ) -> LowerResult<()> {
        self.buffer_store_at(res, index, slots, raw, leaves, Leaf::Int(0))
    }

    fn buffer_store_at(
        &mut self,
        res: ResRef,
        index: Leaf,
        slots: &[Slot],
        raw: bool,
        leaves: &[Leaf],
        by: Leaf,
    ) -> LowerResult<()> {
        let h = self.handle(res)?;
        let mut k = 0;
        while k < slots.len() {
            let (d, sz, n) = self.run_at(slots, k);
            let (idx, off) = self.buffer_coords(index, slots[k].offset, raw, by)?;
            if matches!(d, Dx::I64 | Dx::Double) && !self.raw_ops64() {
                // Before shader model 6.3, 64-bit values are written as 32-bit pairs.
                let n = n.min(2);
                let mut words = [Leaf::Undef; 4];
                for j in 0..n {
                    let (lo, hi) = self.split64(leaves[k + j], d)?;
                    words[2 * j] = lo;
                    words[2 * j + 1] = hi;
                }
                let mut vs = Vec::with_capacity(4);
                for (j, &w) in words.iter().enumerate() {
                    vs.push(if j < 2 * n {
                        Leaf::V(self.value(w, Dx::I32)?)
                    } else {
                        Leaf::Undef
                    });
                }
                let mask = ((1u16 << (2 * n)) - 1) as u8;
                self.e.buffer_store(
                    &[oty(Dx::I32)],
                    h,
                    idx,
                    off,
                    vs[0],
                    vs[1],
                    vs[2],
                    vs[3],
                    mask,
                )?;
                k += n;
                continue;
            }
            let mut vals = [Leaf::Undef; 4];
            for j in 0..n {
                vals[j] = self.stored_scalar(leaves[k + j], slots[k + j].scalar)?;
            }
            let mut vs = Vec::with_capacity(4);
            for (j, &l) in vals.iter().enumerate() {
                vs.push(if j < n {
                    Leaf::V(self.value(l, d)?)
                } else {
                    Leaf::Undef
                });
            }
            let mask = (1u8 << n) - 1;
            if self.raw_ops() {
                self.e.raw_buffer_store(
                    &[oty(d)],
                    h,
                    idx,
                    off,
                    vs[0],
                    vs[1],
                    vs[2],
                    vs[3],
                    mask,
                    sz.min(4),
                )?;
            } else {
                self.e
                    .buffer_store(&[oty(d)], h, idx, off, vs[0], vs[1], vs[2], vs[3], mask)?;
            }
            k += n;
        }
        Ok(())
    }

    /// The (index, offset) operands of a buffer access: for a structured buffer the
    /// element and the byte offset in it; for a raw buffer the byte address and `undef`.
    fn buffer_coords(
        &mut self,
        index: Leaf,
        offset: u32,
        raw: bool,
        by: Leaf,
    ) -> LowerResult<(Leaf, Leaf)> {
        let off = self.arith(Arith::Add, by, Leaf::Int(i64::from(offset)), Scalar::U32)?;
        if raw {
            let a = self.arith(Arith::Add, index, off, Scalar::U32)?;
            Ok((a, Leaf::Undef))
        } else {
            Ok((index, off))
        }
    }

    /// The run of leaves from `k` one buffer access reads or writes: up to four of one
    /// memory type at consecutive offsets. Returns the type, its size and the run's length.
    fn run_at(&self, slots: &[Slot], k: usize) -> (Dx, u32, usize) {
        let d = self.cx.storage.mem(slots[k].scalar);
        let sz = size_of(d);
        let mut n = 1;
        while n < 4
            && k + n < slots.len()
            && self.cx.storage.mem(slots[k + n].scalar) == d
            && slots[k + n].offset == slots[k].offset + sz * n as u32
        {
            n += 1;
        }
        (d, sz, n)
    }

    /// Whether 64-bit values are read and written whole by the raw buffer operations
    /// (shader model 6.3 on).
    pub fn raw_ops64(&self) -> bool {
        (self.cx.target.major, self.cx.target.minor) >= (6, 3)
    }

    /// Whether buffers are read with the raw buffer operations (shader model 6.2 on).
    pub fn raw_ops(&self) -> bool {
        (self.cx.target.major, self.cx.target.minor) >= (6, 2)
    }

    fn typed_load(
        &mut self,
        res: ResRef,
        coords: &[Leaf],
        comps: &[u8],
        ss: &[Scalar],
    ) -> LowerResult<Vec<Leaf>> {
        let h = self.handle(res)?;
        let s = ss.first().copied().unwrap_or(Scalar::F32);
        let d = self.cx.storage.mem(s);
        let wide = matches!(d, Dx::I64 | Dx::Double);
        let ld = if wide { Dx::I32 } else { d };
        let uav = self.is_uav(res);
        let v = match coords.len() {
            1 => self.e.buffer_load(&[oty(ld)], h, coords[0], Leaf::Undef)?,
            _ => {
                let c = |k: usize| coords.get(k).copied().unwrap_or(Leaf::Undef);
                let mip = if uav { Leaf::Undef } else { Leaf::Int(0) };
                self.e.texture_load(
                    &[oty(ld)],
                    h,
                    mip,
                    c(0),
                    c(1),
                    c(2),
                    Leaf::Undef,
                    Leaf::Undef,
                    Leaf::Undef,
                )?
            }
        };
        let mut out = Vec::with_capacity(comps.len());
        for (&c, &s) in comps.iter().zip(ss) {
            if wide {
                let lo = self.e.ir().extract_value(v, &[2 * u32::from(c)])?;
                let hi = self.e.ir().extract_value(v, &[2 * u32::from(c) + 1])?;
                out.push(self.join64(Leaf::V(lo), Leaf::V(hi), d)?);
                continue;
            }
            let x = self.e.ir().extract_value(v, &[u32::from(c)])?;
            out.push(self.loaded_scalar(Leaf::V(x), s)?);
        }
        Ok(out)
    }

    /// Whether a resource is a UAV.
    pub fn is_uav(&self, r: ResRef) -> bool {
        match self.cx.get(r.ty) {
            Ty::Object(o) => {
                let n = self.cx.name(o.name);
                n.starts_with("RW")
                    || n.starts_with("RasterizerOrdered")
                    || n.starts_with("Append")
                    || n.starts_with("Consume")
            }
            _ => false,
        }
    }

    /// A 64-bit value from its 32-bit halves.
    pub fn join64(&mut self, lo: Leaf, hi: Leaf, d: Dx) -> LowerResult<Leaf> {
        if d == Dx::Double {
            return Ok(Leaf::V(self.e.make_double(&[oty(Dx::Double)], lo, hi)?));
        }
        let l = self.convert(lo, Scalar::U32, Scalar::U64)?;
        let h = self.convert(hi, Scalar::U32, Scalar::U64)?;
        let h = self.arith(Arith::Shl, h, Leaf::Int(32), Scalar::U64)?;
        self.arith(Arith::Or, h, l, Scalar::U64)
    }

    /// The 32-bit halves (low, high) of a 64-bit value.
    pub fn split64(&mut self, v: Leaf, d: Dx) -> LowerResult<(Leaf, Leaf)> {
        if d == Dx::Double {
            let x = self.value(v, Dx::Double)?;
            let pair = self.e.split_double(&[oty(Dx::Double)], x)?;
            let lo = self.e.ir().extract_value(pair, &[0])?;
            let hi = self.e.ir().extract_value(pair, &[1])?;
            return Ok((Leaf::V(lo), Leaf::V(hi)));
        }
        let lo = self.convert(v, Scalar::U64, Scalar::U32)?;
        let h = self.arith(Arith::Shr, v, Leaf::Int(32), Scalar::U64)?;
        let hi = self.convert(h, Scalar::U64, Scalar::U32)?;
        Ok((lo, hi))
    }

    fn typed_store(
        &mut self,
        res: ResRef,
        coords: &[Leaf],
        comps: &[u8],
        leaves: &[Leaf],
        ss: &[Scalar],
    ) -> LowerResult<()> {
        let h = self.handle(res)?;
        let s = ss.first().copied().unwrap_or(Scalar::F32);
        let d = self.cx.storage.mem(s);
        // The element's components: what is written, the rest read back (a typed store
        // writes every component).
        let n = match self.cx.get(res_elem(self, res)) {
            Ty::Vector(_, n) => n as usize,
            _ => 1,
        };
        let mut vals: Vec<Leaf> = vec![Leaf::Undef; 4];
        let written: Vec<usize> = comps.iter().map(|&c| c as usize).collect();
        if (0..n).any(|c| !written.contains(&c)) {
            let all: Vec<u8> = (0..n as u8).collect();
            let ess = vec![s; n];
            let old = self.typed_load(res, coords, &all, &ess)?;
            for (c, l) in old.into_iter().enumerate() {
                vals[c] = self.stored_scalar(l, s)?;
            }
        }
        for (&c, (&l, &s)) in comps.iter().zip(leaves.iter().zip(ss)) {
            vals[c as usize] = self.stored_scalar(l, s)?;
        }
        let (sd, words) = if matches!(d, Dx::I64 | Dx::Double) {
            // Pairs of 32-bit components.
            let mut w = Vec::with_capacity(2 * n);
            for &v in vals.iter().take(n) {
                let (lo, hi) = self.split64(v, d)?;
                w.push(lo);
                w.push(hi);
            }
            (Dx::I32, w)
        } else {
            (d, vals[..n].to_vec())
        };
        // Every component is written (the validator requires it): those past the
        // element's repeat the first ones, as DXC writes them.
        let mut vs = Vec::with_capacity(4);
        for c in 0..4 {
            let l = match words.get(c) {
                Some(&w) => w,
                None if sd != d => words[c % words.len().max(1)],
                None => words[0],
            };
            vs.push(Leaf::V(self.value(l, sd)?));
        }
        let mask = 15u8;
        match coords.len() {
            1 => {
                self.e.buffer_store(
                    &[oty(sd)],
                    h,
                    coords[0],
                    Leaf::Undef,
                    vs[0],
                    vs[1],
                    vs[2],
                    vs[3],
                    mask,
                )?;
            }
            _ => {
                let c = |k: usize| coords.get(k).copied().unwrap_or(Leaf::Undef);
                self.e.texture_store(
                    &[oty(sd)],
                    h,
                    c(0),
                    c(1),
                    c(2),
                    vs[0],
                    vs[1],
                    vs[2],
                    vs[3],
                    mask,
                )?;
            }
        }
        Ok(())
    }
}

/// The element type of a resource.
pub(crate) fn res_elem(fx: &Fx<'_, '_>, r: ResRef) -> TyId {
    match fx.cx.get(r.ty) {
        Ty::Object(o) => o.elem.unwrap_or(r.ty),
        _ => r.ty,
    }
}
