//! Type names and the list of identified struct types the module prints (LLVM 3.7
//! `TypePrinting` and `TypeFinder`; LangRef "Type System", "Structure Types").
//!
//! The printed struct list is the order in which LLVM's `TypeFinder` meets struct types:
//! global variables (type, initializer), aliases, then each function (type, arguments, and
//! for every instruction its type, its non-instruction operands and the metadata attached
//! to it other than `!dbg`), then the operands of named metadata.

use dxil_ir::{MetadataData, Module, PackedOption, SecondaryMap, Type, TypeData, ValueRef};

use crate::mdwalk::{md_operands_into, MdOperand};
use crate::names::write_name;
use crate::util::IdSet;

/// Cap on nesting when walking constants and metadata (input-controlled depth).
const MAX_DEPTH: usize = 512;

/// The struct types the module prints and the numbers of unnamed identified ones.
pub struct TypeNames {
    /// Named identified structs, in first-met order.
    pub named: Vec<Type>,
    /// Unnamed identified structs, in first-met order (`%0`, `%1`, ...).
    pub numbered: Vec<Type>,
    /// Number of each unnamed identified struct.
    number: SecondaryMap<Type, PackedOption<u32>>,
    /// Type nodes left to write before the output is cut short (literal structs nest their
    /// bodies, so sharing can make type text exponential in the input).
    budget: std::cell::Cell<u64>,
    /// [`TypeNames::write`]'s stack, kept between calls.
    suffixes: std::cell::Cell<Vec<Suffix>>,
}

/// Most type nodes one module print writes.
pub const TYPE_BUDGET: u64 = 1 << 24;

impl TypeNames {
    /// Runs the type finder over the module.
    pub fn new(m: &Module, kinds: &crate::slots::Kinds, flags: &[u8]) -> TypeNames {
        let mut f = Finder {
            m,
            kinds,
            flags,
            visited_types: IdSet::new(m.types.len()),
            visited_consts: IdSet::new(m.constants.len()),
            visited_md: IdSet::new(m.metadata.len()),
            found: Vec::new(),
            work: Vec::new(),
            ops: Vec::new(),
            subs: Vec::new(),
            tywork: Vec::new(),
            md_flat: Vec::new(),
            md_stack: Vec::new(),
            atts: Vec::new(),
        };
        f.run();
        let mut names = TypeNames {
            named: Vec::new(),
            numbered: Vec::new(),
            number: SecondaryMap::filled(m.types.len(), PackedOption::none()),
            budget: std::cell::Cell::new(TYPE_BUDGET),
            suffixes: std::cell::Cell::new(Vec::new()),
        };
        for ty in f.found {
            let Some(TypeData::Struct(st)) = m.ty(ty) else {
                continue;
            };
            if !st.identified {
                continue;
            }
            match st.name.as_deref() {
                Some(n) if !n.is_empty() => names.named.push(ty),
                _ => {
                    if let Some(slot) = names.number.get_mut(ty) {
                        *slot = (names.numbered.len() as u32).into();
                        names.numbered.push(ty);
                    }
                }
            }
        }
        names
    }

    /// Writes a type the way it appears in instructions and declarations.
    pub fn write(&self, m: &Module, out: &mut String, ty: Type) {
        // The suffix stack is kept between calls (most types are pointers or vectors, which
        // push one).
        let mut suffixes = self.suffixes.take();
        self.write_with(m, out, ty, &mut suffixes);
        suffixes.clear();
        self.suffixes.set(suffixes);
    }

    fn write_with(&self, m: &Module, out: &mut String, ty: Type, suffixes: &mut Vec<Suffix>) {
        // Iterative over the type's spine; element types nest through an explicit stack of
        // suffixes to be written after each inner type.
        let mut cur = ty;
        loop {
            if suffixes.len() > MAX_DEPTH {
                out.push_str("<type nesting too deep>");
                break;
            }
            let left = self.budget.get();
            if left == 0 {
                out.push_str("<type too large to print>");
                break;
            }
            self.budget.set(left - 1);
            match m.ty(cur) {
                None => out.push_str("<badtype>"),
                Some(TypeData::Void) => out.push_str("void"),
                Some(TypeData::Half) => out.push_str("half"),
                Some(TypeData::Float) => out.push_str("float"),
                Some(TypeData::Double) => out.push_str("double"),
                Some(TypeData::X86Fp80) => out.push_str("x86_fp80"),
                Some(TypeData::Fp128) => out.push_str("fp128"),
                Some(TypeData::PpcFp128) => out.push_str("ppc_fp128"),
                Some(TypeData::Label) => out.push_str("label"),
                Some(TypeData::Metadata) => out.push_str("metadata"),
                Some(TypeData::X86Mmx) => out.push_str("x86_mmx"),
                Some(TypeData::Int(bits)) => match bits {
                    // The widths DXIL uses, without the digit loop.
                    1 => out.push_str("i1"),
                    8 => out.push_str("i8"),
                    16 => out.push_str("i16"),
                    32 => out.push_str("i32"),
                    64 => out.push_str("i64"),
                    _ => {
                        out.push('i');
                        push_u64(out, u64::from(*bits));
                    }
                },
                Some(TypeData::Pointer { pointee, addrspace }) => {
                    suffixes.push(Suffix::Pointer(*addrspace));
                    cur = *pointee;
                    continue;
                }
                Some(TypeData::Array { len, elem }) => {
                    out.push('[');
                    push_u64(out, *len);
                    out.push_str(" x ");
                    suffixes.push(Suffix::Str("]"));
                    cur = *elem;
                    continue;
                }
                Some(TypeData::Vector { len, elem }) => {
                    out.push('<');
                    push_u64(out, *len);
                    out.push_str(" x ");
                    suffixes.push(Suffix::Str(">"));
                    cur = *elem;
                    continue;
                }
                Some(TypeData::Function {
                    ret,
                    params,
                    vararg,
                }) => {
                    suffixes.push(Suffix::Function {
                        ty: cur,
                        params: params.len(),
                        vararg: *vararg,
                        next: 0,
                    });
                    cur = *ret;
                    continue;
                }
                Some(TypeData::Struct(st)) => {
                    if st.identified {
                        match st.name.as_deref() {
                            Some(n) if !n.is_empty() => write_name(out, Some('%'), n),
                            _ => match self.number[cur].expand() {
                                Some(n) => {
                                    out.push('%');
                                    push_u64(out, u64::from(n));
                                }
                                _ => out.push_str("%\"type <unnumbered>\""),
                            },
                        }
                    } else if st.opaque {
                        out.push_str("opaque");
                    } else {
                        if st.packed {
                            out.push('<');
                        }
                        if st.elems.is_empty() {
                            out.push_str("{}");
                            if st.packed {
                                out.push('>');
                            }
                        } else {
                            out.push_str("{ ");
                            suffixes.push(Suffix::Struct {
                                ty: cur,
                                next: 1,
                                packed: st.packed,
                            });
                            cur = st.elems[0];
                            continue;
                        }
                    }
                }
            }
            // Unwind suffixes until one continues with another element.
            loop {
                let Some(top) = suffixes.last_mut() else {
                    return;
                };
                match top {
                    Suffix::Pointer(addrspace) => {
                        if *addrspace != 0 {
                            out.push_str(" addrspace(");
                            push_u64(out, u64::from(*addrspace));
                            out.push(')');
                        }
                        out.push('*');
                        suffixes.pop();
                    }
                    Suffix::Str(s) => {
                        out.push_str(s);
                        suffixes.pop();
                    }
                    Suffix::Struct { ty, next, packed } => {
                        let elems = match m.ty(*ty) {
                            Some(TypeData::Struct(st)) => &st.elems[..],
                            _ => &[],
                        };
                        if let Some(&e) = elems.get(*next) {
                            *next += 1;
                            out.push_str(", ");
                            cur = e;
                            break;
                        }
                        out.push_str(" }");
                        if *packed {
                            out.push('>');
                        }
                        suffixes.pop();
                    }
                    Suffix::Function {
                        ty,
                        params,
                        vararg,
                        next,
                    } => {
                        let ps = match m.ty(*ty) {
                            Some(TypeData::Function { params, .. }) => &params[..],
                            _ => &[],
                        };
                        if *next == 0 {
                            out.push_str(" (");
                        }
                        if let Some(&p) = ps.get(*next) {
                            if *next > 0 {
                                out.push_str(", ");
                            }
                            *next += 1;
                            cur = p;
                            break;
                        }
                        if *vararg {
                            if *params > 0 {
                                out.push_str(", ");
                            }
                            out.push_str("...");
                        }
                        out.push(')');
                        suffixes.pop();
                    }
                }
            }
        }
    }

    /// Writes the body of a struct type (`{ i32, float }`, `<{ ... }>`, `opaque`).
    pub fn write_struct_body(&self, m: &Module, out: &mut String, ty: Type) {
        let Some(TypeData::Struct(st)) = m.ty(ty) else {
            return;
        };
        if st.opaque {
            out.push_str("opaque");
            return;
        }
        if st.packed {
            out.push('<');
        }
        if st.elems.is_empty() {
            out.push_str("{}");
        } else {
            out.push_str("{ ");
            for (i, &e) in st.elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.write(m, out, e);
            }
            out.push_str(" }");
        }
        if st.packed {
            out.push('>');
        }
    }
}

enum Suffix {
    Pointer(u32),
    Str(&'static str),
    Struct {
        ty: Type,
        next: usize,
        packed: bool,
    },
    Function {
        ty: Type,
        params: usize,
        vararg: bool,
        next: usize,
    },
}

/// Appends a decimal number.
pub fn push_u64(out: &mut String, v: u64) {
    // Slot numbers, widths and counts are mostly short: those take a few byte pushes, with
    // no buffer and no copy call.
    let digit = |d: u64| char::from(b'0' + d as u8);
    if v < 10 {
        out.push(digit(v));
        return;
    }
    if v < 100 {
        out.push(digit(v / 10));
        out.push(digit(v % 10));
        return;
    }
    if v < 1000 {
        out.push(digit(v / 100));
        out.push(digit(v / 10 % 10));
        out.push(digit(v % 10));
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut n = v;
    while n > 0 {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    // The digits are ASCII, so the slice is valid UTF-8.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

/// Appends a signed decimal number.
pub fn push_i64(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_u64(out, v.unsigned_abs());
}

struct Finder<'m> {
    m: &'m Module,
    kinds: &'m crate::slots::Kinds,
    flags: &'m [u8],
    visited_types: IdSet,
    visited_consts: IdSet,
    visited_md: IdSet,
    found: Vec<Type>,
    /// Scratch stacks reused across calls.
    work: Vec<ValueRef>,
    ops: Vec<ValueRef>,
    subs: Vec<Type>,
    tywork: Vec<Type>,
    /// [`Finder::md_node`]'s operand buffer and frames.
    md_flat: Vec<MdOperand>,
    md_stack: Vec<(usize, usize)>,
    /// An instruction's attachments, sorted.
    atts: Vec<(u32, dxil_ir::Metadata)>,
}

impl Finder<'_> {
    fn run(&mut self) {
        let m = self.m;
        for g in &m.globals {
            self.ty(g.common.ty);
            if let Some(init) = g.initializer {
                self.value(init);
            }
        }
        for a in &m.aliases {
            self.ty(a.common.ty);
            self.value(a.aliasee);
        }
        for f in &m.functions {
            self.ty(f.common.ty);
            for v in [f.prefix, f.prologue, f.personality].into_iter().flatten() {
                self.value(v);
            }
            let Some(body) = &f.body else {
                continue;
            };
            for block in &body.blocks {
                for &i in &block.insts {
                    let Some(inst) = body.inst(i) else {
                        continue;
                    };
                    if let Some(t) = inst.ty {
                        self.ty(t);
                    }
                    crate::operands::llvm_operand_order(body, &inst.kind, |v| self.value(v));
                    if !inst.attachments().is_empty() {
                        let mut atts = std::mem::take(&mut self.atts);
                        atts.clear();
                        atts.extend_from_slice(inst.attachments());
                        self.kinds.sort_attachments(m, &mut atts);
                        for &(_, md) in &atts {
                            self.md_node(md);
                        }
                        self.atts = atts;
                    }
                }
            }
        }
        for nm in &m.named_metadata {
            for &md in m.list(nm.operands) {
                self.md_node(md);
            }
        }
    }

    fn ty(&mut self, ty: Type) {
        if !self.visited_types.insert(ty.index()) {
            return;
        }
        let mut work = std::mem::take(&mut self.tywork);
        let mut subs = std::mem::take(&mut self.subs);
        work.clear();
        work.push(ty);
        while let Some(t) = work.pop() {
            let Some(data) = self.m.ty(t) else { continue };
            if matches!(data, TypeData::Struct(_)) {
                self.found.push(t);
            }
            subs.clear();
            match data {
                TypeData::Pointer { pointee, .. } => subs.push(*pointee),
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => subs.push(*elem),
                TypeData::Struct(st) => subs.extend(st.elems.iter().copied()),
                TypeData::Function { ret, params, .. } => {
                    subs.push(*ret);
                    subs.extend(params.iter().copied());
                }
                _ => {}
            }
            for &s in subs.iter().rev() {
                if self.visited_types.insert(s.index()) {
                    work.push(s);
                }
            }
        }
        self.tywork = work;
        self.subs = subs;
    }

    /// `TypeFinder::incorporateValue`: constants (not globals) and metadata wrappers.
    fn value(&mut self, v: ValueRef) {
        // Most operands are instructions, arguments or globals: nothing to do, no allocation.
        match v {
            ValueRef::Const(c) if !self.visited_consts.contains(c.index()) => {}
            ValueRef::Metadata(_) => {}
            _ => return,
        }
        let mut work = std::mem::take(&mut self.work);
        let mut ops = std::mem::take(&mut self.ops);
        work.clear();
        work.push(v);
        while let Some(v) = work.pop() {
            match v {
                ValueRef::Metadata(md) => match self.m.md(md) {
                    Some(MetadataData::Value { value, .. }) => work.push(*value),
                    Some(MetadataData::String(_)) | None => {}
                    Some(_) => self.md_node(md),
                },
                ValueRef::Const(c) => {
                    if !self.visited_consts.insert(c.index()) {
                        continue;
                    }
                    let Some(cd) = self.m.constant(c) else {
                        continue;
                    };
                    self.ty(cd.ty);
                    ops.clear();
                    crate::constants::constant_operands(self.m, self.flags, c, cd, &mut ops);
                    work.extend(ops.iter().rev());
                }
                _ => {}
            }
        }
        self.work = work;
        self.ops = ops;
    }

    /// `TypeFinder::incorporateMDNode`, depth-first over node operands in order.
    fn md_node(&mut self, md: dxil_ir::Metadata) {
        if !self.visited_md.insert(md.index()) {
            return;
        }
        // Frames of (start of the node's operands in `flat`, next operand index); the top
        // frame's operands run to the end of `flat`.
        let mut flat = std::mem::take(&mut self.md_flat);
        let mut stack = std::mem::take(&mut self.md_stack);
        flat.clear();
        stack.clear();
        md_operands_into(self.m, md, &mut flat);
        stack.push((0, 0));
        while let Some((start, next)) = stack.last_mut() {
            let start = *start;
            let Some(&op) = flat.get(start + *next) else {
                stack.pop();
                flat.truncate(start);
                continue;
            };
            *next += 1;
            match op {
                MdOperand::Node(n) => {
                    if stack.len() < MAX_DEPTH && self.visited_md.insert(n.index()) {
                        let s = flat.len();
                        md_operands_into(self.m, n, &mut flat);
                        stack.push((s, 0));
                    }
                }
                MdOperand::Value(v) => {
                    if let ValueRef::Const(_) = v {
                        self.value(v);
                    }
                }
                MdOperand::String(_) | MdOperand::Null => {}
            }
        }
        self.md_flat = flat;
        self.md_stack = stack;
    }
}

#[cfg(test)]
mod tests {
    use super::{push_i64, push_u64};

    #[test]
    fn decimal_numbers_match_display() {
        for v in [
            0u64,
            7,
            9,
            10,
            42,
            99,
            100,
            512,
            999,
            1000,
            65535,
            1 << 32,
            u64::MAX,
        ] {
            let mut s = String::from("x");
            push_u64(&mut s, v);
            assert_eq!(s, format!("x{v}"));
        }
        for v in [i64::MIN, -1000, -10, -1, 0, 1, 12345] {
            let mut s = String::new();
            push_i64(&mut s, v);
            assert_eq!(s, v.to_string());
        }
    }
}
