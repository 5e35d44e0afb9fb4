//! Constants as LLVM 3.7 prints them (`WriteConstantInternal`; LangRef "Constants"), after
//! the canonicalisation LLVM applies when the reader creates them: an aggregate whose
//! elements are all zero becomes `zeroinitializer`, all `undef` becomes `undef`, and an
//! `[N x i8]` array of integer elements becomes a `c"..."` string.

use dxil_ir::{ConstData, ConstKind, Module, Type, TypeData, ValueRef};

use crate::float::{write_double, write_float, write_half};
use crate::names::write_escaped;
use crate::printer::Printer;
use crate::types::{push_i64, push_u64};

/// Cap on constant nesting (aggregates of aggregates, expressions of expressions).
const MAX_DEPTH: u32 = 256;

/// Widest integer constant printed in decimal (bits).
const MAX_PRINTED_INT_BITS: usize = 1 << 16;

fn int_width(m: &Module, ty: Type) -> Option<u32> {
    match m.ty(ty) {
        Some(TypeData::Int(b)) => Some(*b),
        _ => None,
    }
}

/// Sign-extends the low `bits` bits of `v`.
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits == 0 || bits >= 64 {
        v as i64
    } else {
        let sh = 64 - bits;
        ((v << sh) as i64) >> sh
    }
}

fn elem_type(m: &Module, ty: Type) -> Option<Type> {
    match m.ty(ty) {
        Some(TypeData::Array { elem, .. }) | Some(TypeData::Vector { elem, .. }) => Some(*elem),
        _ => None,
    }
}

/// Flag of [`const_flags`]: LLVM holds the constant as a null value (`isNullValue`: integer
/// 0, positive floating-point zero, null pointer, `zeroinitializer`).
pub const NULL: u8 = 1;
/// Flag of [`const_flags`]: LLVM holds the constant as `undef`.
pub const UNDEF: u8 = 2;
const DONE: u8 = 0x80;
const BUSY: u8 = 0x40;

/// Computes [`NULL`]/[`UNDEF`] for every constant once, children first (an aggregate whose
/// elements are all null becomes `zeroinitializer`, all `undef` becomes `undef`). Linear in
/// the constant graph, however much it shares sub-constants.
pub fn const_flags(m: &Module) -> Vec<u8> {
    let n = m.constants.len();
    let mut f = vec![0u8; n];
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let child = |e: &ValueRef| match e {
        ValueRef::Const(c) if c.index() < n => Some(c.index()),
        _ => None,
    };
    for root in 0..n {
        if f[root] & DONE != 0 {
            continue;
        }
        stack.push((root, false));
        while let Some((c, expanded)) = stack.pop() {
            if f[c] & DONE != 0 || (!expanded && f[c] & BUSY != 0) {
                continue;
            }
            let kind = &m.constants[c].kind;
            if !expanded {
                f[c] |= BUSY;
                stack.push((c, true));
                if let ConstKind::Aggregate(elems) = kind {
                    for i in m.list(*elems).iter().filter_map(child) {
                        if f[i] & (DONE | BUSY) == 0 {
                            stack.push((i, false));
                        }
                    }
                }
                continue;
            }
            let ty = m.constants[c].ty;
            let v = match kind {
                ConstKind::Null => NULL,
                ConstKind::Undef => UNDEF,
                ConstKind::Int(v) => {
                    let zero = match int_width(m, ty) {
                        Some(b) if b < 64 => (*v as u64) & ((1u64 << b) - 1) == 0,
                        _ => *v == 0,
                    };
                    if zero {
                        NULL
                    } else {
                        0
                    }
                }
                ConstKind::WideInt(w) if m.list(*w).iter().all(|x| *x == 0) => NULL,
                ConstKind::Float(0) => NULL,
                ConstKind::FloatWide([0, 0]) => NULL,
                ConstKind::Data(d) if m.list(*d).iter().all(|x| *x == 0) => NULL,
                ConstKind::String(b) | ConstKind::CString(b)
                    if m.bytes(*b).iter().all(|x| *x == 0) =>
                {
                    NULL
                }
                ConstKind::Aggregate(elems) => {
                    let all = |flag: u8| {
                        m.list(*elems)
                            .iter()
                            .all(|e| child(e).is_some_and(|i| f[i] & flag != 0))
                    };
                    if all(NULL) {
                        NULL
                    } else if all(UNDEF) {
                        UNDEF
                    } else {
                        0
                    }
                }
                _ => 0,
            };
            f[c] = DONE | v;
        }
    }
    f
}

fn has(flags: &[u8], c: dxil_ir::Const, flag: u8) -> bool {
    flags.get(c.index()).is_some_and(|f| f & flag != 0)
}

/// The operands LLVM's constant has (for the type finder): elements of aggregates that stay
/// aggregates, operands of expressions.
pub fn constant_operands(
    m: &Module,
    flags: &[u8],
    id: dxil_ir::Const,
    c: &ConstData,
    out: &mut Vec<ValueRef>,
) {
    match &c.kind {
        ConstKind::Aggregate(elems)
            if !has(flags, id, NULL | UNDEF) && !becomes_data(m, c.ty, m.list(*elems)) =>
        {
            out.extend(m.list(*elems).iter().copied());
        }
        ConstKind::Cast { value, .. } => out.push(*value),
        ConstKind::Binary { lhs, rhs, .. } | ConstKind::Cmp { lhs, rhs, .. } => {
            out.push(*lhs);
            out.push(*rhs);
        }
        ConstKind::Gep { operands, .. } => out.extend(m.list(*operands).iter().copied()),
        ConstKind::Select {
            cond,
            if_true,
            if_false,
        } => out.extend([*cond, *if_true, *if_false]),
        ConstKind::ExtractElement { vector, index } => out.extend([*vector, *index]),
        ConstKind::InsertElement {
            vector,
            element,
            index,
        } => out.extend([*vector, *element, *index]),
        ConstKind::ShuffleVector { a, b, mask, .. } => out.extend([*a, *b, *mask]),
        ConstKind::BlockAddress { function, .. } => out.push(ValueRef::Function(*function)),
        _ => {}
    }
}

/// Whether an array/vector aggregate becomes a `ConstantDataSequential` (every element an
/// integer or floating-point constant of a type such sequences hold).
fn becomes_data(m: &Module, ty: Type, elems: &[ValueRef]) -> bool {
    let Some(et) = elem_type(m, ty) else {
        return false;
    };
    let ok_ty = match m.ty(et) {
        Some(TypeData::Int(b)) => matches!(b, 8 | 16 | 32 | 64),
        Some(TypeData::Half | TypeData::Float | TypeData::Double) => true,
        _ => false,
    };
    ok_ty
        && elems.iter().all(|e| match e {
            ValueRef::Const(c) => matches!(
                m.constant(*c).map(|d| &d.kind),
                Some(ConstKind::Int(_) | ConstKind::Float(_) | ConstKind::Null)
            ),
            _ => false,
        })
}

impl Printer<'_> {
    /// Writes a constant's value (without its type).
    pub fn write_constant(&mut self, c: dxil_ir::Const, depth: u32) {
        let m = self.m;
        let Some(cd) = m.constant(c) else {
            self.out.push_str("<badref>");
            return;
        };
        if depth > MAX_DEPTH {
            self.out.push_str("<constant nesting too deep>");
            return;
        }
        // Shared sub-constants can make the text exponential in the input: bound the work.
        if self.const_budget == 0 {
            self.out.push_str("<constant too large to print>");
            return;
        }
        self.const_budget -= 1;
        let ty = cd.ty;
        match &cd.kind {
            ConstKind::Int(v) => self.write_int(ty, *v as u64),
            ConstKind::WideInt(words) => self.write_wide_int(ty, m.list(*words)),
            ConstKind::Float(bits) => self.write_fp(ty, *bits),
            ConstKind::FloatWide(w) => self.write_fp_wide(ty, *w),
            ConstKind::Null => self.write_null(ty),
            ConstKind::Undef => self.out.push_str("undef"),
            ConstKind::Aggregate(elems) => {
                let elems = m.list(*elems);
                if has(&self.const_flags, c, NULL) {
                    self.out.push_str("zeroinitializer");
                } else if has(&self.const_flags, c, UNDEF) {
                    self.out.push_str("undef");
                } else if self.is_i8_array(ty) && becomes_data(m, ty, elems) {
                    let bytes: Vec<u8> = elems
                        .iter()
                        .map(|e| match e {
                            ValueRef::Const(ec) => match m.constant(*ec).map(|d| &d.kind) {
                                Some(ConstKind::Int(v)) => *v as u8,
                                _ => 0,
                            },
                            _ => 0,
                        })
                        .collect();
                    self.write_c_string(&bytes, false);
                } else {
                    self.write_aggregate(ty, elems, depth);
                }
            }
            ConstKind::Data(d) => {
                let d = m.list(*d);
                if d.iter().all(|x| *x == 0) {
                    self.out.push_str("zeroinitializer");
                } else if self.is_i8_array(ty) {
                    let bytes: Vec<u8> = d.iter().map(|x| *x as u8).collect();
                    self.write_c_string(&bytes, false);
                } else {
                    self.write_data(ty, d);
                }
            }
            ConstKind::String(b) => {
                let b = m.bytes(*b);
                if b.iter().all(|x| *x == 0) {
                    self.out.push_str("zeroinitializer");
                } else {
                    self.write_c_string(b, false);
                }
            }
            ConstKind::CString(b) => {
                let b = m.bytes(*b);
                if b.iter().all(|x| *x == 0) {
                    self.out.push_str("zeroinitializer");
                } else {
                    self.write_c_string(b, true);
                }
            }
            ConstKind::Cast { op, value } => {
                self.out.push_str(op.mnemonic());
                self.out.push_str(" (");
                self.write_typed_value(*value, depth + 1);
                self.out.push_str(" to ");
                self.write_type(ty);
                self.out.push(')');
            }
            ConstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                use dxil_ir::BinOp as B;
                self.out.push_str(op.mnemonic());
                match op {
                    B::Add | B::Sub | B::Mul | B::Shl => {
                        if flags & 1 != 0 {
                            self.out.push_str(" nuw");
                        }
                        if flags & 2 != 0 {
                            self.out.push_str(" nsw");
                        }
                    }
                    B::UDiv | B::SDiv | B::LShr | B::AShr if flags & 1 != 0 => {
                        self.out.push_str(" exact");
                    }
                    _ => {}
                }
                self.out.push_str(" (");
                self.write_typed_value(*lhs, depth + 1);
                self.out.push_str(", ");
                self.write_typed_value(*rhs, depth + 1);
                self.out.push(')');
            }
            ConstKind::Gep {
                inbounds, operands, ..
            } => {
                let operands = m.list(*operands);
                self.out.push_str("getelementptr");
                if *inbounds {
                    self.out.push_str(" inbounds");
                }
                self.out.push_str(" (");
                if let Some(&base) = operands.first() {
                    let pointee = self.value_type(base).and_then(|t| self.scalar_pointee(t));
                    match pointee {
                        Some(p) => self.write_type(p),
                        None => self.out.push_str("<badtype>"),
                    }
                    self.out.push_str(", ");
                }
                for (i, &o) in operands.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_typed_value(o, depth + 1);
                }
                self.out.push(')');
            }
            ConstKind::Select {
                cond,
                if_true,
                if_false,
            } => self.write_ce_ops("select", &[*cond, *if_true, *if_false], depth),
            ConstKind::ExtractElement { vector, index } => {
                self.write_ce_ops("extractelement", &[*vector, *index], depth)
            }
            ConstKind::InsertElement {
                vector,
                element,
                index,
            } => self.write_ce_ops("insertelement", &[*vector, *element, *index], depth),
            ConstKind::ShuffleVector { a, b, mask, .. } => {
                self.write_ce_ops("shufflevector", &[*a, *b, *mask], depth)
            }
            ConstKind::Cmp {
                predicate,
                lhs,
                rhs,
            } => {
                self.out.push_str(predicate.instruction());
                self.out.push(' ');
                self.out.push_str(predicate.keyword());
                self.out.push_str(" (");
                self.write_typed_value(*lhs, depth + 1);
                self.out.push_str(", ");
                self.write_typed_value(*rhs, depth + 1);
                self.out.push(')');
            }
            ConstKind::BlockAddress { function, block } => {
                self.out.push_str("blockaddress(");
                self.write_value(ValueRef::Function(*function), depth + 1);
                self.out.push_str(", ");
                self.write_foreign_block(*function, *block);
                self.out.push(')');
            }
            ConstKind::InlineAsm {
                flags,
                asm,
                constraints,
            } => {
                self.out.push_str("asm ");
                if flags & 1 != 0 {
                    self.out.push_str("sideeffect ");
                }
                if flags & 2 != 0 {
                    self.out.push_str("alignstack ");
                }
                if (flags >> 2) & 1 == 1 {
                    self.out.push_str("inteldialect ");
                }
                self.out.push('"');
                write_escaped(self.out, m.bytes(*asm));
                self.out.push_str("\", \"");
                write_escaped(self.out, m.bytes(*constraints));
                self.out.push('"');
            }
        }
    }

    fn write_ce_ops(&mut self, name: &str, ops: &[ValueRef], depth: u32) {
        self.out.push_str(name);
        self.out.push_str(" (");
        for (i, &o) in ops.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_typed_value(o, depth + 1);
        }
        self.out.push(')');
    }

    fn scalar_pointee(&self, ty: Type) -> Option<Type> {
        let m = self.m;
        let t = match m.ty(ty)? {
            TypeData::Vector { elem, .. } => *elem,
            _ => ty,
        };
        match m.ty(t)? {
            TypeData::Pointer { pointee, .. } => Some(*pointee),
            _ => None,
        }
    }

    fn is_i8_array(&self, ty: Type) -> bool {
        match self.m.ty(ty) {
            Some(TypeData::Array { elem, .. }) => {
                matches!(self.m.ty(*elem), Some(TypeData::Int(8)))
            }
            _ => false,
        }
    }

    fn write_c_string(&mut self, bytes: &[u8], nul: bool) {
        self.out.push_str("c\"");
        write_escaped(self.out, bytes);
        if nul {
            self.out.push_str("\\00");
        }
        self.out.push('"');
    }

    fn write_aggregate(&mut self, ty: Type, elems: &[ValueRef], depth: u32) {
        let m = self.m;
        match m.ty(ty) {
            Some(TypeData::Struct(st)) => {
                if st.packed {
                    self.out.push('<');
                }
                self.out.push('{');
                if !elems.is_empty() {
                    self.out.push(' ');
                    for (i, &e) in elems.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.write_typed_value(e, depth + 1);
                    }
                    self.out.push(' ');
                }
                self.out.push('}');
                if st.packed {
                    self.out.push('>');
                }
            }
            Some(TypeData::Vector { elem, .. }) | Some(TypeData::Array { elem, .. }) => {
                let (open, close) = if matches!(m.ty(ty), Some(TypeData::Vector { .. })) {
                    ('<', '>')
                } else {
                    ('[', ']')
                };
                let et = *elem;
                self.out.push(open);
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_type(et);
                    self.out.push(' ');
                    self.write_value(e, depth + 1);
                }
                self.out.push(close);
            }
            _ => self.out.push_str("<bad aggregate>"),
        }
    }

    fn write_data(&mut self, ty: Type, d: &[u64]) {
        let m = self.m;
        let (open, close) = match m.ty(ty) {
            Some(TypeData::Vector { .. }) => ('<', '>'),
            _ => ('[', ']'),
        };
        let Some(et) = elem_type(m, ty) else {
            self.out.push_str("<bad data>");
            return;
        };
        self.out.push(open);
        for (i, &x) in d.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_type(et);
            self.out.push(' ');
            match m.ty(et) {
                Some(TypeData::Int(_)) => self.write_int(et, x),
                _ => self.write_fp(et, x),
            }
        }
        self.out.push(close);
    }

    /// Writes an integer constant of type `ty` from its (possibly sign-extended) bits.
    pub fn write_int(&mut self, ty: Type, v: u64) {
        let bits = int_width(self.m, ty).unwrap_or(64);
        if bits == 1 {
            self.out.push_str(if v & 1 != 0 { "true" } else { "false" });
        } else {
            push_i64(self.out, sext(v, bits));
        }
    }

    fn write_wide_int(&mut self, ty: Type, words: &[u64]) {
        let bits = int_width(self.m, ty).filter(|b| *b > 0).unwrap_or(64) as usize;
        // Words beyond the record's active ones only repeat the sign, so the value is the
        // same in the narrower width.
        let bits = bits.min(64 * words.len().max(1));
        if bits > MAX_PRINTED_INT_BITS {
            // Decimal conversion is quadratic in the width; such constants are not DXIL.
            self.out.push_str("<integer too wide to print>");
            return;
        }
        let nwords = bits.div_ceil(64).max(1);
        // Sign-extend the active words to the full width.
        let neg = words.last().is_some_and(|w| (*w as i64) < 0);
        let mut v: Vec<u64> = (0..nwords)
            .map(|i| {
                words
                    .get(i)
                    .copied()
                    .unwrap_or(if neg { u64::MAX } else { 0 })
            })
            .collect();
        let top_bits = bits - (nwords - 1) * 64;
        let sign = if top_bits == 64 {
            (v[nwords - 1] >> 63) & 1 == 1
        } else {
            (v[nwords - 1] >> (top_bits - 1)) & 1 == 1
        };
        if top_bits < 64 {
            v[nwords - 1] &= (1u64 << top_bits) - 1;
        }
        if sign {
            // Two's complement negate within the width.
            let mut carry = 1u128;
            for (i, w) in v.iter_mut().enumerate() {
                let mask = if i == nwords - 1 && top_bits < 64 {
                    (1u64 << top_bits) - 1
                } else {
                    u64::MAX
                };
                let s = u128::from(!*w & mask) + carry;
                *w = s as u64 & mask;
                carry = s >> 64;
            }
            self.out.push('-');
        }
        // Repeated division by 10^19.
        let mut digits: Vec<u64> = Vec::new();
        while v.iter().any(|w| *w != 0) {
            let mut rem = 0u128;
            for w in v.iter_mut().rev() {
                let cur = (rem << 64) | u128::from(*w);
                *w = (cur / 10_000_000_000_000_000_000) as u64;
                rem = cur % 10_000_000_000_000_000_000;
            }
            digits.push(rem as u64);
        }
        match digits.split_last() {
            None => self.out.push('0'),
            Some((first, rest)) => {
                push_u64(self.out, *first);
                for d in rest.iter().rev() {
                    let s = d.to_string();
                    for _ in s.len()..19 {
                        self.out.push('0');
                    }
                    self.out.push_str(&s);
                }
            }
        }
    }

    /// Writes a floating-point constant of type `ty` from its bit pattern.
    pub fn write_fp(&mut self, ty: Type, bits: u64) {
        match self.m.ty(ty) {
            Some(TypeData::Half) => write_half(self.out, bits as u16),
            Some(TypeData::Float) => write_float(self.out, bits as u32),
            Some(TypeData::Double) => write_double(self.out, bits),
            _ => self.write_fp_wide(ty, [bits, 0]),
        }
    }

    fn write_fp_wide(&mut self, ty: Type, w: [u64; 2]) {
        use std::fmt::Write;
        match self.m.ty(ty) {
            Some(TypeData::X86Fp80) => {
                // The reader rearranges the record words into the 80-bit value.
                let lo = (w[1] & 0xffff) | (w[0] << 16);
                let hi = w[0] >> 48;
                let _ = write!(self.out, "0xK{:04X}{:016X}", hi & 0xffff, lo);
            }
            Some(TypeData::Fp128) => {
                let _ = write!(self.out, "0xL{:016X}{:016X}", w[0], w[1]);
            }
            Some(TypeData::PpcFp128) => {
                let _ = write!(self.out, "0xM{:016X}{:016X}", w[0], w[1]);
            }
            Some(TypeData::Half) => write_half(self.out, w[0] as u16),
            Some(TypeData::Float) => write_float(self.out, w[0] as u32),
            _ => write_double(self.out, w[0]),
        }
    }

    fn write_null(&mut self, ty: Type) {
        match self.m.ty(ty) {
            Some(TypeData::Int(1)) => self.out.push_str("false"),
            Some(TypeData::Int(_)) => self.out.push('0'),
            Some(TypeData::Half | TypeData::Float | TypeData::Double) => self.write_fp(ty, 0),
            Some(TypeData::X86Fp80 | TypeData::Fp128 | TypeData::PpcFp128) => {
                self.write_fp_wide(ty, [0, 0])
            }
            Some(TypeData::Pointer { .. }) => self.out.push_str("null"),
            _ => self.out.push_str("zeroinitializer"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printer::{FnSlots, Printer};

    /// Prints a constant of type `ty` (made from the type's own id) and kind `kind`.
    fn print_const(ty: impl FnOnce(Type) -> TypeData, kind: ConstKind) -> String {
        print_listed(ty, |_| kind)
    }

    /// As `print_const`, for a kind whose lists `kind` puts in the module's pools.
    fn print_listed(
        ty: impl FnOnce(Type) -> TypeData,
        kind: impl FnOnce(&mut dxil_ir::Pools) -> ConstKind,
    ) -> String {
        let mut m = Module::default();
        let own = m.types.next_id().unwrap();
        let t = m.types.push(ty(own));
        let kind = kind(&mut m.pools);
        let c = m.constants.push(ConstData { ty: t, kind });
        let lists = crate::attrs::build_lists(&m);
        let kinds = crate::slots::Kinds::new(&m);
        let mut out = String::new();
        let mut p = Printer {
            m: &m,
            out: &mut out,
            types: crate::types::TypeNames::new(&m, &kinds, &const_flags(&m)),
            slots: crate::slots::Slots::new(&m, &lists, &kinds),
            lists: &lists,
            kinds: &kinds,
            body: None,
            fslots: FnSlots::default(),
            const_flags: const_flags(&m),
            const_budget: crate::printer::CONST_BUDGET,
            scratch: Vec::new(),
            foreign_blocks: Default::default(),
        };
        p.write_constant(c, 0);
        out
    }

    #[test]
    fn wide_integers_are_signed_decimal() {
        let w = |bits: u32, words: &[u64]| {
            let words = words.to_vec();
            print_listed(
                |_| TypeData::Int(bits),
                move |p: &mut dxil_ir::Pools| ConstKind::WideInt(p.push(&words)),
            )
        };
        assert_eq!(w(128, &[u64::MAX]), "-1");
        assert_eq!(w(128, &[0, 1]), "18446744073709551616");
        assert_eq!(w(96, &[5, u64::MAX]), "-18446744073709551611");
        // A huge width with few active words prints the same value.
        assert_eq!(w(1 << 22, &[7]), "7");
    }

    #[test]
    fn narrow_integers_sign_extend() {
        assert_eq!(print_const(|_| TypeData::Int(8), ConstKind::Int(255)), "-1");
        assert_eq!(
            print_const(|_| TypeData::Int(1), ConstKind::Int(-1)),
            "true"
        );
        assert_eq!(print_const(|_| TypeData::Int(32), ConstKind::Null), "0");
    }

    #[test]
    fn zero_strings_collapse() {
        let ty = |own| TypeData::Array { len: 1, elem: own };
        // The element type is the array itself here; only the kind matters.
        assert_eq!(
            print_const(ty, ConstKind::CString(dxil_ir::ByteRange::EMPTY)),
            "zeroinitializer"
        );
    }
}

#[cfg(test)]
mod dag_tests {
    use super::*;
    use dxil_ir::StructType;

    /// `C_k = { C_{k-1}, C_{k-1} }` for 200 levels: a tree of 2^200 leaves in a few hundred
    /// records.
    fn dag(leaf: i64, named: bool) -> Module {
        let mut m = Module::default();
        let mut ty = m.types.push(TypeData::Int(32));
        let mut c = m.constants.push(ConstData {
            ty,
            kind: ConstKind::Int(leaf),
        });
        for k in 1..200u32 {
            ty = m.types.push(TypeData::Struct(StructType {
                name: named.then(|| format!("T{k}")),
                identified: named,
                elems: Box::new([ty, ty]),
                ..StructType::default()
            }));
            let prev = ValueRef::Const(c);
            let ops = m.pools.push(&[prev, prev]);
            c = m.constants.push(ConstData {
                ty,
                kind: ConstKind::Aggregate(ops),
            });
        }
        m
    }

    #[test]
    fn shared_constants_are_classified_in_linear_time() {
        let f = const_flags(&dag(0, true));
        assert!(f.iter().all(|x| x & NULL != 0));
        let f = const_flags(&dag(1, true));
        assert!(f.iter().all(|x| x & NULL == 0));
    }

    #[test]
    fn exponential_constant_text_is_cut_short() {
        for named in [true, false] {
            let text = crate::print_module(&with_global(dag(1, named)));
            assert!(text.contains("<constant too large to print>"));
            if !named {
                // The literal struct type nests its body: its text is cut short too.
                assert!(text.contains("<type too large to print>"));
            }
        }
    }

    fn with_global(mut m: Module) -> Module {
        // The last type and constant of `dag` (the global's own type is not printed here).
        let top = m.types.id_of(199).unwrap();
        let init = m.constants.id_of(199).unwrap();
        let first = m.types.id_of(0).unwrap();
        m.globals.push(dxil_ir::GlobalVar {
            common: dxil_ir::GlobalCommon::new(first),
            value_ty: top,
            addrspace: 0,
            is_constant: true,
            explicit_type: true,
            initializer: Some(ValueRef::Const(init)),
            align_log2p1: 0,
            section: 0,
            externally_initialized: false,
            record_len: 12,
        });
        m
    }
}
