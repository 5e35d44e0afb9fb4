//! Values and constants (LangRef "Constants", "Constant Expressions"): literals, aggregates,
//! `null`/`undef`/`zeroinitializer`, global and local references, constant expressions.
//! Constants are built the way LLVM 3.7 uniques them, so the IR matches the reader's: zero
//! integers and `+0.0` are null, all-zero or all-undef aggregates collapse, arrays and vectors
//! of simple integers and floats become data sequences, `[N x i8]` strings become strings.

use std::collections::HashMap;

use dxil_ir::{
    BinOp, Block, CastOp, Const, ConstData, ConstKind, Inst, Predicate, Type, TypeData, ValueRef,
};

use crate::lexer::Kind;
use crate::parser::{PResult, Parser, FWD};

/// A name or number of a local value or block.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocalKey {
    /// `%name`.
    Name(Vec<u8>),
    /// `%N`.
    Num(u32),
}

/// A defined local.
#[derive(Clone, Copy, Debug)]
pub enum LocalDef {
    /// A value and its type.
    Value(ValueRef, Option<Type>),
    /// A block (temporary id).
    Block(u32),
}

/// Per-function parse state (inactive outside function bodies).
#[derive(Default)]
pub struct FnState {
    /// Parsing a function body.
    pub active: bool,
    /// Defined locals.
    pub defs: HashMap<LocalKey, LocalDef>,
    /// Forward value references: key, expected type, offset.
    pub fwd: Vec<(LocalKey, Type, usize)>,
    /// Forward reference placeholders by key.
    pub fwd_index: HashMap<LocalKey, u32>,
    /// Temporary blocks: key, defined, offset of first reference.
    pub blocks: Vec<(Option<LocalKey>, bool, usize)>,
    /// Next number for unnamed values and blocks.
    pub next: u32,
    /// Types of instructions so far (by index).
    pub inst_types: Vec<Option<Type>>,
    /// Argument types.
    pub arg_types: Vec<Type>,
    /// An instruction failed to parse: later numbering and forward-reference checks are
    /// skipped (the errors would only echo the first).
    pub poisoned: bool,
}

impl Parser<'_> {
    /// `T v`: a type and a value of it.
    pub fn parse_typed_value(&mut self, fs: &mut FnState) -> PResult<(Type, ValueRef)> {
        let ty = self.parse_type()?;
        let v = self.parse_value(ty, fs)?;
        Ok((ty, v))
    }

    /// A value of type `ty`.
    pub fn parse_value(&mut self, ty: Type, fs: &mut FnState) -> PResult<ValueRef> {
        self.enter()?;
        let r = self.parse_value_inner(ty, fs);
        self.leave();
        r
    }

    fn parse_value_inner(&mut self, ty: Type, fs: &mut FnState) -> PResult<ValueRef> {
        let t = self.tok();
        match t.kind {
            Kind::LocalVar | Kind::LocalId => {
                if !fs.active {
                    return self.err_at(t, "local value outside a function body");
                }
                self.bump();
                let key = if t.kind == Kind::LocalId {
                    LocalKey::Num(self.id_of(t)?)
                } else {
                    LocalKey::Name(self.name_of(t))
                };
                self.local_ref(fs, key, ty, t)
            }
            Kind::GlobalVar | Kind::GlobalId => {
                self.bump();
                let g = if t.kind == Kind::GlobalId {
                    let n = self.id_of(t)?;
                    self.global_numbers.get(&n).copied()
                } else {
                    self.global_names.get(&self.name_of(t)).copied()
                };
                let Some(g) = g else {
                    return self.err_at(t, "use of undefined global value");
                };
                let v = ValueRef::from(g);
                self.global_type_checks.push((v, ty, t.start as usize));
                Ok(v)
            }
            _ => Ok(ValueRef::Const(self.parse_constant(ty, fs)?)),
        }
    }

    fn local_ref(
        &mut self,
        fs: &mut FnState,
        key: LocalKey,
        ty: Type,
        t: crate::lexer::Tok,
    ) -> PResult<ValueRef> {
        match fs.defs.get(&key) {
            Some(LocalDef::Value(v, vt)) => {
                if *vt != Some(ty) {
                    return self.err_at(
                        t,
                        format!(
                            "`{}` defined with a different type (expected {})",
                            self.text(t),
                            self.type_str(ty)
                        ),
                    );
                }
                Ok(*v)
            }
            Some(LocalDef::Block(_)) => self.err_at(t, "a block is not a value here"),
            None => {
                if let Some(&k) = fs.fwd_index.get(&key) {
                    if fs.fwd.get(k as usize).map(|f| f.1) != Some(ty) {
                        return self.err_at(t, "forward reference used with two types");
                    }
                    return match fwd_placeholder(k, fs.fwd.len()) {
                        Some(v) => Ok(v),
                        None => self.err_at(t, "too many forward references"),
                    };
                }
                let k = fs.fwd.len() as u32;
                if k >= FWD {
                    return self.err_at(t, "too many forward references");
                }
                fs.fwd.push((key.clone(), ty, t.start as usize));
                fs.fwd_index.insert(key, k);
                match fwd_placeholder(k, fs.fwd.len()) {
                    Some(v) => Ok(v),
                    None => self.err_at(t, "too many forward references"),
                }
            }
        }
    }

    /// A block reference `%name` / `%N` (after `label`).
    pub fn parse_block_ref(&mut self, fs: &mut FnState) -> PResult<Block> {
        let t = self.tok();
        let key = match t.kind {
            Kind::LocalVar => LocalKey::Name(self.name_of(t)),
            Kind::LocalId => LocalKey::Num(self.id_of(t)?),
            _ => return self.err("expected a block label"),
        };
        self.bump();
        // Numbered in the order met; the body's end renumbers them to the layout.
        let b = self
            .block_for(fs, key, t.start as usize)
            .and_then(|b| Block::checked(u64::from(b), fs.blocks.len()).map_err(|e| e.to_string()));
        b.or_else(|m| self.err_at(t, m))
    }

    /// The temporary block of `key`, created on first reference.
    pub fn block_for(
        &mut self,
        fs: &mut FnState,
        key: LocalKey,
        off: usize,
    ) -> Result<u32, String> {
        match fs.defs.get(&key) {
            Some(LocalDef::Block(b)) => Ok(*b),
            Some(LocalDef::Value(..)) => Err("a value is not a block".into()),
            None => {
                let b = fs.blocks.len() as u32;
                fs.blocks.push((Some(key.clone()), false, off));
                fs.defs.insert(key, LocalDef::Block(b));
                Ok(b)
            }
        }
    }

    fn is_int(&self, ty: Type) -> Option<u32> {
        match self.ty_data(ty) {
            Some(TypeData::Int(b)) => Some(*b),
            _ => None,
        }
    }

    /// An integer constant of type `ty` from its decimal text.
    pub fn int_const(&mut self, ty: Type, text: &str, t: crate::lexer::Tok) -> PResult<Const> {
        let Some(bits) = self.is_int(ty) else {
            return self.err_at(
                t,
                format!(
                    "integer constant for non-integer type {}",
                    self.type_str(ty)
                ),
            );
        };
        let Ok(v) = text.parse::<i128>() else {
            return self.err_at(t, "integer constant out of range");
        };
        if bits > 64 {
            if bits > 128 {
                return self.err_at(t, "integer constants wider than 128 bits are not supported");
            }
            if v == 0 {
                return self.intern_const(ConstData {
                    ty,
                    kind: ConstKind::Null,
                });
            }
            let lo = v as u64;
            let hi = (v >> 64) as u64;
            let words: Vec<u64> = if (v as i64) as i128 == v {
                vec![lo]
            } else {
                vec![lo, hi]
            };
            let kind = ConstKind::WideInt(self.b.push_list(&words));
            return self.intern_const(ConstData { ty, kind });
        }
        let shift = 128 - bits;
        let sext = ((v << shift) >> shift) as i64;
        let kind = if sext == 0 {
            ConstKind::Null
        } else {
            ConstKind::Int(sext)
        };
        self.intern_const(ConstData { ty, kind })
    }

    fn float_bits(&self, ty: Type, t: crate::lexer::Tok) -> PResult<u64> {
        let text = self.text(t);
        let data = self.ty_data(ty).cloned();
        if let Some(h) = text.strip_prefix("0xH") {
            return match (data, u16::from_str_radix(h, 16)) {
                (Some(TypeData::Half), Ok(v)) => Ok(u64::from(v)),
                _ => self.err_at(t, "half literal for a non-half type"),
            };
        }
        if text.starts_with("0xK") || text.starts_with("0xL") || text.starts_with("0xM") {
            return self.err_at(t, "x86_fp80/fp128/ppc_fp128 literals are not supported");
        }
        let v: f64 = if let Some(h) = text.strip_prefix("0x") {
            match u64::from_str_radix(h, 16) {
                Ok(b) => f64::from_bits(b),
                Err(_) => return self.err_at(t, "invalid hexadecimal floating-point literal"),
            }
        } else {
            match text.parse::<f64>() {
                Ok(v) => v,
                Err(_) => return self.err_at(t, "invalid floating-point literal"),
            }
        };
        match data {
            Some(TypeData::Double) => Ok(v.to_bits()),
            Some(TypeData::Float) => Ok(u64::from((v as f32).to_bits())),
            Some(TypeData::Half) => Ok(u64::from(dxil_ir::half_bits(v))),
            _ => self.err_at(
                t,
                format!("floating-point constant for type {}", self.type_str(ty)),
            ),
        }
    }

    /// A constant of type `ty`.
    pub fn parse_constant(&mut self, ty: Type, fs: &mut FnState) -> PResult<Const> {
        let t = self.tok();
        let data = self.ty_data(ty).cloned();
        match t.kind {
            Kind::Int => {
                self.bump();
                if matches!(data, Some(ref d) if d.is_float()) {
                    return self.err_at(t, "integer literal for a floating-point type");
                }
                self.int_const(ty, self.text(t), t)
            }
            Kind::Float => {
                self.bump();
                let bits = self.float_bits(ty, t)?;
                let kind = if bits == 0 {
                    ConstKind::Null
                } else {
                    ConstKind::Float(bits)
                };
                self.intern_const(ConstData { ty, kind })
            }
            Kind::CStr => {
                self.bump();
                let bytes = self.string_value(t);
                match data {
                    Some(TypeData::Array { len, elem }) if self.is_int(elem) == Some(8) => {
                        if bytes.len() as u64 != len {
                            return self.err_at(
                                t,
                                format!("string has {} bytes, type wants {len}", bytes.len()),
                            );
                        }
                        self.byte_array(ty, bytes)
                    }
                    _ => self.err_at(t, "string constant for a type that is not [N x i8]"),
                }
            }
            Kind::LBracket | Kind::LBrace => {
                let close = if t.kind == Kind::LBracket {
                    Kind::RBracket
                } else {
                    Kind::RBrace
                };
                self.bump();
                let elems = self.parse_elems(close, fs)?;
                self.aggregate(ty, elems, t, t.kind == Kind::LBrace, false)
            }
            Kind::Less => {
                self.bump();
                if self.eat(Kind::LBrace) {
                    let elems = self.parse_elems(Kind::RBrace, fs)?;
                    self.expect(Kind::Greater, "`>`")?;
                    self.aggregate(ty, elems, t, true, true)
                } else {
                    let elems = self.parse_elems(Kind::Greater, fs)?;
                    self.aggregate(ty, elems, t, false, false)
                }
            }
            Kind::Word => self.parse_word_constant(ty, fs),
            _ => self.err("expected a value"),
        }
    }

    fn parse_elems(&mut self, close: Kind, fs: &mut FnState) -> PResult<Vec<(Type, ValueRef)>> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_typed_value(fs)?);
            if !self.eat(Kind::Comma) {
                break;
            }
        }
        if !self.eat(close) {
            return self.err("expected `,` or the end of the aggregate");
        }
        Ok(out)
    }

    fn byte_array(&mut self, ty: Type, bytes: Vec<u8>) -> PResult<Const> {
        let kind = if bytes.iter().all(|&b| b == 0) {
            ConstKind::Null
        } else if bytes.last() == Some(&0) && !bytes[..bytes.len() - 1].contains(&0) {
            ConstKind::CString(self.b.push_list(&bytes[..bytes.len() - 1]))
        } else {
            ConstKind::String(self.b.push_list(&bytes))
        };
        self.intern_const(ConstData { ty, kind })
    }

    fn aggregate(
        &mut self,
        ty: Type,
        elems: Vec<(Type, ValueRef)>,
        t: crate::lexer::Tok,
        is_struct: bool,
        packed: bool,
    ) -> PResult<Const> {
        let data = self.ty_data(ty).cloned();
        let want: Vec<Type> = match (&data, is_struct) {
            (Some(TypeData::Struct(st)), true) if st.packed == packed => st.elems.to_vec(),
            (Some(TypeData::Array { len, elem }), false) if t.kind == Kind::LBracket => {
                vec![
                    *elem;
                    usize::try_from(*len)
                        .unwrap_or(usize::MAX)
                        .min(elems.len() + 1)
                ]
            }
            (Some(TypeData::Vector { len, elem }), false) if t.kind == Kind::Less => {
                vec![
                    *elem;
                    usize::try_from(*len)
                        .unwrap_or(usize::MAX)
                        .min(elems.len() + 1)
                ]
            }
            _ => {
                return self.err_at(
                    t,
                    format!(
                        "aggregate constant does not match type {}",
                        self.type_str(ty)
                    ),
                )
            }
        };
        if want.len() != elems.len() {
            return self.err_at(
                t,
                format!(
                    "aggregate has {} elements, type {} wants {}",
                    elems.len(),
                    self.type_str(ty),
                    want.len()
                ),
            );
        }
        if want.iter().zip(&elems).any(|(a, (b, _))| a != b) {
            return self.err_at(t, "aggregate element type does not match");
        }
        let kinds: Vec<Option<&ConstKind>> = elems
            .iter()
            .map(|(_, v)| match v {
                ValueRef::Const(c) => self.m().constant(*c).map(|d| &d.kind),
                _ => None,
            })
            .collect();
        if !elems.is_empty() && kinds.iter().all(|k| matches!(k, Some(ConstKind::Null))) {
            return self.intern_const(ConstData {
                ty,
                kind: ConstKind::Null,
            });
        }
        if elems.is_empty() {
            return self.intern_const(ConstData {
                ty,
                kind: ConstKind::Null,
            });
        }
        if kinds.iter().all(|k| matches!(k, Some(ConstKind::Undef))) {
            return self.intern_const(ConstData {
                ty,
                kind: ConstKind::Undef,
            });
        }
        if !is_struct {
            let elem = want[0];
            let simple = match self.ty_data(elem) {
                Some(TypeData::Int(b)) => matches!(b, 8 | 16 | 32 | 64).then_some(*b),
                // LLVM 3.7 keeps half elements as a plain aggregate: its data sequences take
                // only i8/i16/i32/i64, float and double (`isElementTypeCompatible`).
                Some(TypeData::Float) | Some(TypeData::Double) => Some(0),
                _ => None,
            };
            if let Some(bits) = simple {
                let mut words = Vec::with_capacity(kinds.len());
                for k in &kinds {
                    match k {
                        Some(ConstKind::Null) => words.push(0),
                        Some(ConstKind::Int(v)) if bits > 0 => words.push(if bits == 64 {
                            *v as u64
                        } else {
                            (*v as u64) & ((1u64 << bits) - 1)
                        }),
                        Some(ConstKind::Float(b)) if bits == 0 => words.push(*b),
                        _ => break,
                    }
                }
                if words.len() == kinds.len() {
                    if bits == 8 && matches!(data, Some(TypeData::Array { .. })) {
                        let bytes = words.iter().map(|&w| w as u8).collect();
                        return self.byte_array(ty, bytes);
                    }
                    let kind = ConstKind::Data(self.b.push_list(&words));
                    return self.intern_const(ConstData { ty, kind });
                }
            }
        }
        let ops: Vec<ValueRef> = elems.into_iter().map(|(_, v)| v).collect();
        let kind = ConstKind::Aggregate(self.b.push_list(&ops));
        self.intern_const(ConstData { ty, kind })
    }

    fn parse_word_constant(&mut self, ty: Type, fs: &mut FnState) -> PResult<Const> {
        let t = self.tok();
        let w = self.text(t);
        let simple = match w {
            "true" | "false" => {
                self.bump();
                if self.is_int(ty) != Some(1) {
                    return self.err_at(t, "`true`/`false` need type i1");
                }
                return self.intern_const(ConstData {
                    ty,
                    kind: if w == "true" {
                        ConstKind::Int(-1)
                    } else {
                        ConstKind::Null
                    },
                });
            }
            "null" => {
                if self.pointee(ty).is_none() {
                    return self.err_at(t, "`null` needs a pointer type");
                }
                Some(ConstKind::Null)
            }
            "zeroinitializer" => Some(ConstKind::Null),
            "undef" => Some(ConstKind::Undef),
            _ => None,
        };
        if let Some(kind) = simple {
            self.bump();
            return self.intern_const(ConstData { ty, kind });
        }
        let (kind, result_ty) = self.parse_const_expr(fs)?;
        if result_ty != ty {
            return self.err_at(
                t,
                format!(
                    "constant expression has type {}, expected {}",
                    self.type_str(result_ty),
                    self.type_str(ty)
                ),
            );
        }
        self.intern_const(ConstData { ty, kind })
    }

    /// A constant expression (after which the caller checks the type).
    fn parse_const_expr(&mut self, fs: &mut FnState) -> PResult<(ConstKind, Type)> {
        let t = self.bump();
        let w = self.text(t);
        if let Some(op) = cast_op(w) {
            self.expect(Kind::LParen, "`(`")?;
            let (from, v) = self.parse_typed_value(fs)?;
            self.expect_word("to")?;
            let to = self.parse_type()?;
            self.expect(Kind::RParen, "`)`")?;
            if !crate::casts::cast_is_valid(&self.m().types, op, from, to) {
                return self.err_at(t, self.invalid_cast(from, to));
            }
            return Ok((ConstKind::Cast { op, value: v }, to));
        }
        if let Some(op) = bin_op(w) {
            let flags = self.parse_bin_flags(op);
            self.expect(Kind::LParen, "`(`")?;
            let (lt, lhs) = self.parse_typed_value(fs)?;
            self.expect(Kind::Comma, "`,`")?;
            let (rt, rhs) = self.parse_typed_value(fs)?;
            self.expect(Kind::RParen, "`)`")?;
            if lt != rt {
                return self.err_at(t, "operands of different types");
            }
            return Ok((
                ConstKind::Binary {
                    op: fix_fp(
                        op,
                        self.ty_data(lt)
                            .is_some_and(|d| is_fp_or_fp_vector(self, d)),
                    ),
                    lhs,
                    rhs,
                    flags,
                },
                lt,
            ));
        }
        match w {
            "getelementptr" => {
                let inbounds = self.eat_word("inbounds");
                self.expect(Kind::LParen, "`(`")?;
                let source = self.parse_type()?;
                self.expect(Kind::Comma, "`,`")?;
                let mut ops = Vec::new();
                let mut tys = Vec::new();
                loop {
                    let (ty, v) = self.parse_typed_value(fs)?;
                    ops.push(v);
                    tys.push(ty);
                    if !self.eat(Kind::Comma) {
                        break;
                    }
                }
                self.expect(Kind::RParen, "`)`")?;
                let rt = self
                    .gep_result(source, &tys, &ops)
                    .or_else(|m| self.err_at(t, m))?;
                Ok((
                    ConstKind::Gep {
                        inbounds,
                        source_ty: Some(source),
                        operands: self.b.push_list(&ops),
                    },
                    rt,
                ))
            }
            "select" => {
                self.expect(Kind::LParen, "`(`")?;
                let (_, cond) = self.parse_typed_value(fs)?;
                self.expect(Kind::Comma, "`,`")?;
                let (ty, if_true) = self.parse_typed_value(fs)?;
                self.expect(Kind::Comma, "`,`")?;
                let (_, if_false) = self.parse_typed_value(fs)?;
                self.expect(Kind::RParen, "`)`")?;
                Ok((
                    ConstKind::Select {
                        cond,
                        if_true,
                        if_false,
                    },
                    ty,
                ))
            }
            "icmp" | "fcmp" => {
                let pt = self.tok();
                let predicate = Predicate::from_keyword(self.text(pt), w == "icmp")
                    .ok_or(())
                    .or_else(|_| self.err("expected a predicate"))?;
                self.bump();
                self.expect(Kind::LParen, "`(`")?;
                let (ty, lhs) = self.parse_typed_value(fs)?;
                self.expect(Kind::Comma, "`,`")?;
                let (_, rhs) = self.parse_typed_value(fs)?;
                self.expect(Kind::RParen, "`)`")?;
                let rt = self.cmp_result(ty)?;
                Ok((
                    ConstKind::Cmp {
                        predicate,
                        lhs,
                        rhs,
                    },
                    rt,
                ))
            }
            "extractelement" => {
                self.expect(Kind::LParen, "`(`")?;
                let (vt, vector) = self.parse_typed_value(fs)?;
                self.expect(Kind::Comma, "`,`")?;
                let (_, index) = self.parse_typed_value(fs)?;
                self.expect(Kind::RParen, "`)`")?;
                let et = self
                    .element_type(vt, None)
                    .ok_or(())
                    .or_else(|_| self.err_at(t, "extractelement of a non-vector"))?;
                Ok((ConstKind::ExtractElement { vector, index }, et))
            }
            "insertelement" => {
                self.expect(Kind::LParen, "`(`")?;
                let (vt, vector) = self.parse_typed_value(fs)?;
                self.expect(Kind::Comma, "`,`")?;
                let (_, element) = self.parse_typed_value(fs)?;
                self.expect(Kind::Comma, "`,`")?;
                let (_, index) = self.parse_typed_value(fs)?;
                self.expect(Kind::RParen, "`)`")?;
                Ok((
                    ConstKind::InsertElement {
                        vector,
                        element,
                        index,
                    },
                    vt,
                ))
            }
            "shufflevector" => {
                self.expect(Kind::LParen, "`(`")?;
                let (vt, a) = self.parse_typed_value(fs)?;
                self.expect(Kind::Comma, "`,`")?;
                let (_, b) = self.parse_typed_value(fs)?;
                self.expect(Kind::Comma, "`,`")?;
                let (mt, mask) = self.parse_typed_value(fs)?;
                self.expect(Kind::RParen, "`)`")?;
                let rt = self.shuffle_result(vt, mt).or_else(|m| self.err_at(t, m))?;
                let operand_ty = (rt != vt).then_some(vt);
                Ok((
                    ConstKind::ShuffleVector {
                        a,
                        b,
                        mask,
                        operand_ty,
                    },
                    rt,
                ))
            }
            _ => self.err_at(t, format!("expected a constant, found `{w}`")),
        }
    }

    /// `nuw`/`nsw`/`exact` flags after a binary opcode.
    pub fn parse_bin_flags(&mut self, op: BinOp) -> u64 {
        let mut flags = 0;
        loop {
            if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl) {
                if self.eat_word("nuw") {
                    flags |= 1;
                    continue;
                }
                if self.eat_word("nsw") {
                    flags |= 2;
                    continue;
                }
            }
            if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr)
                && self.eat_word("exact")
            {
                flags |= 1;
                continue;
            }
            return flags;
        }
    }

    /// The result type of a comparison of `ty` operands.
    pub fn cmp_result(&mut self, ty: Type) -> PResult<Type> {
        let i1 = self.int_type(1);
        match self.ty_data(ty) {
            Some(TypeData::Vector { len, .. }) => {
                let len = *len;
                self.intern_type(TypeData::Vector { len, elem: i1 })
            }
            _ => Ok(i1),
        }
    }

    /// The result type of a shuffle of `vt` vectors with a `mt` mask.
    pub fn shuffle_result(&mut self, vt: Type, mt: Type) -> Result<Type, String> {
        let elem = match self.ty_data(vt) {
            Some(TypeData::Vector { elem, .. }) => *elem,
            _ => return Err("shufflevector of a non-vector".into()),
        };
        let len = match self.ty_data(mt) {
            Some(TypeData::Vector { len, .. }) => *len,
            _ => return Err("shufflevector mask is not a vector".into()),
        };
        self.b
            .ty(TypeData::Vector { len, elem })
            .map_err(|e| e.to_string())
    }

    /// The integer value of a constant index, when known.
    pub fn const_index(&self, v: ValueRef) -> Option<u64> {
        match v {
            ValueRef::Const(c) => match self.m().constant(c).map(|d| &d.kind) {
                Some(ConstKind::Null) => Some(0),
                Some(ConstKind::Int(i)) => Some(*i as u64),
                _ => None,
            },
            _ => None,
        }
    }

    /// The result type of a GEP with source element type `source` over `ops` (base first).
    pub fn gep_result(
        &mut self,
        source: Type,
        tys: &[Type],
        ops: &[ValueRef],
    ) -> Result<Type, String> {
        let base_ty = *tys.first().ok_or("getelementptr needs a base pointer")?;
        let (vec_len, base_ptr) = match self.ty_data(base_ty) {
            Some(TypeData::Vector { len, elem }) => (Some(*len), *elem),
            _ => (None, base_ty),
        };
        let Some((pointee, addrspace)) = self.pointee(base_ptr) else {
            return Err("getelementptr base is not a pointer".into());
        };
        if pointee != source {
            return Err(format!(
                "explicit getelementptr type {} does not match the pointee {}",
                self.type_str(source),
                self.type_str(pointee)
            ));
        }
        let mut cur = source;
        for &v in ops.iter().skip(2) {
            let idx = self.const_index(v);
            cur = self
                .element_type(cur, idx)
                .ok_or("invalid getelementptr indices")?;
        }
        let p = self.b.pointer(cur, addrspace).map_err(|e| e.to_string())?;
        let vec_len = vec_len.or_else(|| {
            tys.iter().skip(1).find_map(|t| match self.ty_data(*t) {
                Some(TypeData::Vector { len, .. }) => Some(*len),
                _ => None,
            })
        });
        match vec_len {
            Some(len) => self
                .b
                .ty(TypeData::Vector { len, elem: p })
                .map_err(|e| e.to_string()),
            None => Ok(p),
        }
    }
}

fn is_fp_or_fp_vector(p: &Parser<'_>, d: &TypeData) -> bool {
    match d {
        TypeData::Vector { elem, .. } => p.ty_data(*elem).is_some_and(|e| e.is_float()),
        _ => d.is_float(),
    }
}

/// Uses the floating-point variant of `op` when the operands are floating point.
pub fn fix_fp(op: BinOp, fp: bool) -> BinOp {
    if !fp {
        return op;
    }
    BinOp::from_code(op.code(), true).unwrap_or(op)
}

/// The cast with mnemonic `w`.
pub fn cast_op(w: &str) -> Option<CastOp> {
    (0..13)
        .filter_map(CastOp::from_code)
        .find(|c| c.mnemonic() == w)
}

/// The binary operator with mnemonic `w`.
pub fn bin_op(w: &str) -> Option<BinOp> {
    (0..13)
        .flat_map(|c| [BinOp::from_code(c, false), BinOp::from_code(c, true)])
        .flatten()
        .find(|b| b.mnemonic() == w)
}

/// Whether a value is a forward reference's placeholder.
pub fn is_fwd(v: ValueRef) -> bool {
    matches!(v, ValueRef::Inst(x) if x.as_u32() & FWD != 0)
}

/// The placeholder of forward reference `k` of the `parked` made so far: an instruction id
/// tagged [`FWD`], above every real one, which the body's end replaces by the value defined.
fn fwd_placeholder(k: u32, parked: usize) -> Option<ValueRef> {
    let bound = (FWD as usize).checked_add(parked)?;
    Inst::checked(u64::from(FWD | k), bound)
        .ok()
        .map(ValueRef::Inst)
}
