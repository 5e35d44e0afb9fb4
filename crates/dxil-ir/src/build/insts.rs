//! Value, comparison, control-flow and call instructions (LangRef "Binary Operations",
//! "Bitwise Binary Operations", "Conversion Operations", "Vector Operations", "Other
//! Operations", "Terminator Instructions"), each checking its operand types.

use super::attributes::Attributes;
use super::error::{type_err, BuildError, BuildErrorKind, BuildResult};
use super::function::FunctionBuilder;
use super::typing::{
    int_bits, is_fp_like, is_int_like, is_ptr_like, pointee, primitive_bits, scalar, vector_len,
};
use super::Value;
use crate::{BinOp, Block, CastOp, InstKind, Predicate, Type, TypeData, ValueList, ValueRef};

/// How a call is made (FUNC_CODE_INST_CALL's calling-convention field and attribute list).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallOptions {
    /// Calling convention (0: C); must fit 13 bits.
    pub calling_conv: u32,
    /// `tail`.
    pub tail: bool,
    /// `musttail`.
    pub musttail: bool,
    /// Function, return and argument attributes of the call site.
    pub attributes: Attributes,
}

macro_rules! binops {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name(&mut self, lhs: Value, rhs: Value) -> BuildResult<Value> {
                self.binary(BinOp::$op, lhs, rhs, 0)
            }
        )*
    };
}

impl FunctionBuilder<'_> {
    /// Operand `pos` of `what` must have type `want`.
    #[inline]
    pub(crate) fn expect_ty(
        &self,
        what: &str,
        pos: usize,
        got: Type,
        want: Type,
    ) -> BuildResult<()> {
        if got == want {
            Ok(())
        } else {
            Err(self.mismatch(what, pos, got, want))
        }
    }

    /// The message of [`FunctionBuilder::expect_ty`], out of the checked path.
    #[cold]
    #[inline(never)]
    fn mismatch(&self, what: &str, pos: usize, got: Type, want: Type) -> BuildError {
        type_err(format!(
            "{what}: operand {pos} has type {}, expected {}",
            self.tname(got),
            self.tname(want)
        ))
    }

    pub(crate) fn wrong(&self, what: &str, pos: usize, got: Type, want: &str) -> BuildError {
        type_err(format!(
            "{what}: operand {pos} has type {}, expected {want}",
            self.tname(got)
        ))
    }

    /// The type `i1`, or `<N x i1>` when `like` is a vector of N elements.
    fn bool_like(&mut self, like: Type) -> BuildResult<Type> {
        let i1 = self.mb.int(1);
        match vector_len(&self.mb.m.types, like) {
            Some(len) => self.mb.ty(TypeData::Vector { len, elem: i1 }),
            None => Ok(i1),
        }
    }

    /// A binary operator (`add`, `fadd`, ...); `flags` is the record's flags word (nuw = 1,
    /// nsw = 2; exact = 1; fast-math bits for floating point). Both operands have the
    /// result type: integers (or vectors of them) for the integer operators, floating point
    /// for the `f` forms.
    pub fn binary(&mut self, op: BinOp, lhs: Value, rhs: Value, flags: u64) -> BuildResult<Value> {
        let what = op.mnemonic();
        let (l, lt) = self.operand(what, 1, lhs)?;
        let (r, rt) = self.operand(what, 2, rhs)?;
        let fp = matches!(
            op,
            BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem
        );
        let types = &self.mb.m.types;
        if fp && !is_fp_like(types, lt) {
            return Err(self.wrong(what, 1, lt, "a floating-point type"));
        }
        if !fp && !is_int_like(types, lt) {
            return Err(self.wrong(what, 1, lt, "an integer type"));
        }
        self.expect_ty(what, 2, rt, lt)?;
        self.push(
            what,
            InstKind::Binary {
                op,
                lhs: l,
                rhs: r,
                flags,
            },
            Some(lt),
        )
    }

    binops! {
        /// `add`.
        add => Add;
        /// `sub`.
        sub => Sub;
        /// `mul`.
        mul => Mul;
        /// `udiv`.
        udiv => UDiv;
        /// `sdiv`.
        sdiv => SDiv;
        /// `urem`.
        urem => URem;
        /// `srem`.
        srem => SRem;
        /// `shl`.
        shl => Shl;
        /// `lshr`.
        lshr => LShr;
        /// `ashr`.
        ashr => AShr;
        /// `and`.
        and => And;
        /// `or`.
        or => Or;
        /// `xor`.
        xor => Xor;
        /// `fadd`.
        fadd => FAdd;
        /// `fsub`.
        fsub => FSub;
        /// `fmul`.
        fmul => FMul;
        /// `fdiv`.
        fdiv => FDiv;
        /// `frem`.
        frem => FRem;
    }

    /// A conversion (`trunc` ... `addrspacecast`) of `value` to `dest`, checked by the
    /// LangRef rules of each (widths, kinds, vector lengths).
    pub fn cast(&mut self, op: CastOp, value: Value, dest: Type) -> BuildResult<Value> {
        let what = op.mnemonic();
        let (v, st) = self.operand(what, 1, value)?;
        self.mb.check_type(what, dest)?;
        let types = &self.mb.m.types;
        let (ss, ds) = (scalar(types, st), scalar(types, dest));
        let same_len = vector_len(types, st) == vector_len(types, dest);
        let fbits = |t| primitive_bits(types, t).filter(|_| types[t].is_float());
        let ok = same_len
            && match op {
                CastOp::Trunc => {
                    matches!((int_bits(types, ss), int_bits(types, ds)), (Some(a), Some(b)) if a > b)
                }
                CastOp::ZExt | CastOp::SExt => {
                    matches!((int_bits(types, ss), int_bits(types, ds)), (Some(a), Some(b)) if a < b)
                }
                CastOp::FpToUi | CastOp::FpToSi => {
                    fbits(ss).is_some() && int_bits(types, ds).is_some()
                }
                CastOp::UiToFp | CastOp::SiToFp => {
                    int_bits(types, ss).is_some() && fbits(ds).is_some()
                }
                CastOp::FpTrunc => matches!((fbits(ss), fbits(ds)), (Some(a), Some(b)) if a > b),
                CastOp::FpExt => matches!((fbits(ss), fbits(ds)), (Some(a), Some(b)) if a < b),
                CastOp::PtrToInt => is_ptr_like(types, st) && int_bits(types, ds).is_some(),
                CastOp::IntToPtr => int_bits(types, ss).is_some() && is_ptr_like(types, dest),
                CastOp::BitCast => match (pointee(types, ss), pointee(types, ds)) {
                    (Some((_, a)), Some((_, b))) => a == b,
                    (None, None) => {
                        primitive_bits(types, st).is_some()
                            && primitive_bits(types, st) == primitive_bits(types, dest)
                    }
                    _ => false,
                },
                CastOp::AddrSpaceCast => match (pointee(types, ss), pointee(types, ds)) {
                    (Some((_, a)), Some((_, b))) => a != b,
                    _ => false,
                },
            };
        if !ok {
            return Err(type_err(format!(
                "{what}: cannot convert {} to {}",
                self.tname(st),
                self.tname(dest)
            )));
        }
        self.push(what, InstKind::Cast { op, value: v }, Some(dest))
    }

    /// `select`: an `i1` (or a vector of `i1` as long as the values) chooses between two
    /// values of one type.
    pub fn select(&mut self, cond: Value, if_true: Value, if_false: Value) -> BuildResult<Value> {
        let (c, ct) = self.operand("select", 1, cond)?;
        let (t, tt) = self.operand("select", 2, if_true)?;
        let (f, ft) = self.operand("select", 3, if_false)?;
        let types = &self.mb.m.types;
        let cond_ok = int_bits(types, scalar(types, ct)) == Some(1)
            && (vector_len(types, ct).is_none() || vector_len(types, ct) == vector_len(types, tt));
        if !cond_ok {
            return Err(self.wrong("select", 1, ct, "i1"));
        }
        self.expect_ty("select", 3, ft, tt)?;
        self.push(
            "select",
            InstKind::Select {
                cond: c,
                if_true: t,
                if_false: f,
            },
            Some(tt),
        )
    }

    fn vector_elem(&self, what: &str, pos: usize, t: Type) -> BuildResult<(u64, Type)> {
        match self.mb.m.ty(t) {
            Some(TypeData::Vector { len, elem }) => Ok((*len, *elem)),
            _ => Err(self.wrong(what, pos, t, "a vector type")),
        }
    }

    fn index_int(&self, what: &str, pos: usize, t: Type) -> BuildResult<()> {
        if int_bits(&self.mb.m.types, t).is_some() {
            Ok(())
        } else {
            Err(self.wrong(what, pos, t, "an integer type"))
        }
    }

    /// `extractelement`.
    pub fn extract_element(&mut self, vector: Value, index: Value) -> BuildResult<Value> {
        let what = "extractelement";
        let (v, vt) = self.operand(what, 1, vector)?;
        let (i, it) = self.operand(what, 2, index)?;
        let (_, elem) = self.vector_elem(what, 1, vt)?;
        self.index_int(what, 2, it)?;
        self.push(
            what,
            InstKind::ExtractElement {
                vector: v,
                index: i,
            },
            Some(elem),
        )
    }

    /// `insertelement`.
    pub fn insert_element(
        &mut self,
        vector: Value,
        element: Value,
        index: Value,
    ) -> BuildResult<Value> {
        let what = "insertelement";
        let (v, vt) = self.operand(what, 1, vector)?;
        let (e, et) = self.operand(what, 2, element)?;
        let (i, it) = self.operand(what, 3, index)?;
        let (_, elem) = self.vector_elem(what, 1, vt)?;
        self.expect_ty(what, 2, et, elem)?;
        self.index_int(what, 3, it)?;
        let kind = InstKind::InsertElement {
            vector: v,
            element: e,
            index: i,
        };
        self.push(what, kind, Some(vt))
    }

    /// `shufflevector`: two vectors of one type and a constant `<N x i32>` mask give
    /// `<N x elem>`.
    pub fn shuffle_vector(&mut self, a: Value, b: Value, mask: Value) -> BuildResult<Value> {
        let what = "shufflevector";
        let (x, xt) = self.operand(what, 1, a)?;
        let (y, yt) = self.operand(what, 2, b)?;
        let (m, mt) = self.operand(what, 3, mask)?;
        let (_, elem) = self.vector_elem(what, 1, xt)?;
        self.expect_ty(what, 2, yt, xt)?;
        let (len, me) = self.vector_elem(what, 3, mt)?;
        if int_bits(&self.mb.m.types, me) != Some(32) || !matches!(m, ValueRef::Const(_)) {
            return Err(self.wrong(what, 3, mt, "a constant vector of i32"));
        }
        let ty = self.mb.ty(TypeData::Vector { len, elem })?;
        self.push(
            what,
            InstKind::ShuffleVector {
                a: x,
                b: y,
                mask: m,
            },
            Some(ty),
        )
    }

    /// `icmp` / `fcmp` by predicate: integer or pointer operands for `icmp`, floating point
    /// for `fcmp`; the result is `i1` (or a vector of it). `flags` are fast-math bits.
    pub fn cmp(
        &mut self,
        predicate: Predicate,
        lhs: Value,
        rhs: Value,
        flags: u64,
    ) -> BuildResult<Value> {
        let what = predicate.instruction();
        let (l, lt) = self.operand(what, 1, lhs)?;
        let (r, rt) = self.operand(what, 2, rhs)?;
        let types = &self.mb.m.types;
        if predicate.is_int() && !is_int_like(types, lt) && !is_ptr_like(types, lt) {
            return Err(self.wrong(what, 1, lt, "an integer or pointer type"));
        }
        if !predicate.is_int() && !is_fp_like(types, lt) {
            return Err(self.wrong(what, 1, lt, "a floating-point type"));
        }
        self.expect_ty(what, 2, rt, lt)?;
        let ty = self.bool_like(lt)?;
        let kind = InstKind::Cmp {
            predicate,
            lhs: l,
            rhs: r,
            flags,
        };
        self.push(what, kind, Some(ty))
    }

    /// `icmp pred`.
    pub fn icmp(
        &mut self,
        pred: crate::IntPredicate,
        lhs: Value,
        rhs: Value,
    ) -> BuildResult<Value> {
        self.cmp(Predicate::Int(pred), lhs, rhs, 0)
    }

    /// `fcmp pred`.
    pub fn fcmp(
        &mut self,
        pred: crate::FloatPredicate,
        lhs: Value,
        rhs: Value,
    ) -> BuildResult<Value> {
        self.cmp(Predicate::Float(pred), lhs, rhs, 0)
    }

    /// `ret` / `ret void`: the value must have the function's return type.
    pub fn ret(&mut self, value: Option<Value>) -> BuildResult<Value> {
        let void = self.mb.void();
        let v = match value {
            Some(v) => {
                let (r, t) = self.operand("ret", 1, v)?;
                self.expect_ty("ret", 1, t, self.ret_ty)?;
                Some(r)
            }
            None if self.ret_ty == void => None,
            None => {
                return Err(type_err(format!(
                    "ret: the function returns {}, not void",
                    self.tname(self.ret_ty)
                )))
            }
        };
        self.push("ret", InstKind::Ret { value: v }, None)
    }

    fn blocks_exist(&mut self, what: &str, blocks: &[Block]) -> BuildResult<()> {
        for &b in blocks {
            self.check_block(what, b)?;
        }
        // Block operands have type `label`.
        self.mb.label();
        Ok(())
    }

    /// Unconditional `br`.
    pub fn br(&mut self, target: Block) -> BuildResult<Value> {
        self.blocks_exist("br", &[target])?;
        self.push("br", InstKind::Br { target }, None)
    }

    /// Conditional `br` on an `i1`.
    pub fn cond_br(&mut self, cond: Value, if_true: Block, if_false: Block) -> BuildResult<Value> {
        let (c, ct) = self.operand("br", 1, cond)?;
        if int_bits(&self.mb.m.types, ct) != Some(1) {
            return Err(self.wrong("br", 1, ct, "i1"));
        }
        self.blocks_exist("br", &[if_true, if_false])?;
        let kind = InstKind::CondBr {
            cond: c,
            if_true,
            if_false,
        };
        self.push("br", kind, None)
    }

    /// `switch` on an integer; case values are constants of its type.
    pub fn switch(
        &mut self,
        cond: Value,
        default: Block,
        cases: &[(Value, Block)],
    ) -> BuildResult<Value> {
        let (c, ct) = self.operand("switch", 1, cond)?;
        if int_bits(&self.mb.m.types, ct).is_none() {
            return Err(self.wrong("switch", 1, ct, "an integer type"));
        }
        self.blocks_exist("switch", &[default])?;
        let mut out = Vec::with_capacity(cases.len());
        for (n, &(v, b)) in cases.iter().enumerate() {
            let (r, t) = self.operand("switch", n + 2, v)?;
            self.expect_ty("switch", n + 2, t, ct)?;
            if !matches!(r, ValueRef::Const(_)) {
                return Err(type_err(format!(
                    "switch: case {} is not a constant",
                    n + 1
                )));
            }
            self.check_block("switch", b)?;
            out.push((r, b));
        }
        let kind = InstKind::Switch {
            cond_ty: ct,
            cond: c,
            default,
            cases: self.body.push_list(out),
        };
        self.push("switch", kind, None)
    }

    /// `indirectbr` through a pointer.
    pub fn indirect_br(&mut self, addr: Value, dests: &[Block]) -> BuildResult<Value> {
        let (a, at) = self.operand("indirectbr", 1, addr)?;
        if pointee(&self.mb.m.types, at).is_none() {
            return Err(self.wrong("indirectbr", 1, at, "a pointer type"));
        }
        self.blocks_exist("indirectbr", dests)?;
        let kind = InstKind::IndirectBr {
            addr_ty: at,
            addr: a,
            dests: self.body.push_list(dests.iter().copied()),
        };
        self.push("indirectbr", kind, None)
    }

    /// `unreachable`.
    pub fn unreachable(&mut self) -> BuildResult<Value> {
        self.push("unreachable", InstKind::Unreachable, None)
    }

    /// `resume`.
    pub fn resume(&mut self, value: Value) -> BuildResult<Value> {
        let (v, _) = self.operand("resume", 1, value)?;
        self.push("resume", InstKind::Resume { value: v }, None)
    }

    /// `phi` of type `ty`; more incoming pairs can be added with
    /// [`FunctionBuilder::add_incoming`] (back edges).
    pub fn phi(&mut self, ty: Type, incoming: &[(Value, Block)]) -> BuildResult<Value> {
        self.mb.check_type("phi", ty)?;
        let mut out = Vec::with_capacity(incoming.len());
        for (n, &(v, b)) in incoming.iter().enumerate() {
            let (r, t) = self.operand("phi", n + 1, v)?;
            self.expect_ty("phi", n + 1, t, ty)?;
            self.check_block("phi", b)?;
            out.push((r, b));
        }
        let incoming = self.body.push_list(out);
        self.push("phi", InstKind::Phi { incoming }, Some(ty))
    }

    /// `phi` of type `ty` placed after the phis already at the start of `block` (not at the
    /// insertion point): a front end that learns where values meet only after emitting the
    /// block (SSA built during emission) places it there.
    pub fn phi_at_start(
        &mut self,
        block: Block,
        ty: Type,
        incoming: &[(Value, Block)],
    ) -> BuildResult<Value> {
        self.check_block("phi", block)?;
        let here = self.current;
        self.current = Some(block);
        // Built at the end of the block (which may hold a terminator), then moved.
        let insts = std::mem::take(&mut self.body.blocks[block].insts);
        let built = self.phi(ty, incoming);
        let mut moved = std::mem::replace(&mut self.body.blocks[block].insts, insts);
        self.current = here;
        let v = built?;
        let at = self.body.blocks[block]
            .insts
            .iter()
            .position(|&i| !matches!(self.body.insts[i].kind, InstKind::Phi { .. }))
            .unwrap_or(self.body.blocks[block].insts.len());
        if let Some(i) = moved.pop() {
            self.body.blocks[block].insts.insert(at, i);
        }
        Ok(v)
    }

    /// Adds an incoming (value, predecessor) pair to a phi of this function.
    pub fn add_incoming(&mut self, phi: Value, value: Value, block: Block) -> BuildResult<()> {
        let (r, t) = self.operand("phi", 1, value)?;
        self.check_block("phi", block)?;
        let i = match (phi.r, phi.func) {
            (ValueRef::Inst(i), Some(f)) if f == self.func => i,
            _ => {
                return Err(BuildError::new(
                    BuildErrorKind::Foreign,
                    "add_incoming: not a phi of this function",
                ))
            }
        };
        let Some(want) = phi.ty else {
            return Err(BuildError::new(
                BuildErrorKind::Foreign,
                "add_incoming: not a phi of this function",
            ));
        };
        self.expect_ty("phi", 1, t, want)?;
        let body = &mut self.body;
        match body.insts.get_mut(i).map(|d| &mut d.kind) {
            Some(InstKind::Phi { incoming }) => {
                // In place when the list ends the pool (the phi built last), else copied there.
                *incoming = body.pool.append(*incoming, [(r, block)]);
                Ok(())
            }
            _ => Err(type_err("add_incoming: not a phi")),
        }
    }

    /// The function type a callee of type `ct` points to, and its return type (the parameters
    /// are read in place by [`Self::call_args`]).
    fn callee_fn_ty(&self, what: &str, ct: Type) -> BuildResult<(Type, Type)> {
        if let Some((p, _)) = pointee(&self.mb.m.types, ct) {
            if let Some(TypeData::Function { ret, .. }) = self.mb.m.ty(p) {
                return Ok((p, *ret));
            }
        }
        Err(self.wrong(what, 1, ct, "a pointer to a function"))
    }

    fn call_args(&mut self, what: &str, fn_ty: Type, args: &[Value]) -> BuildResult<ValueList> {
        let (params, vararg): (&[Type], bool) = match self.mb.m.ty(fn_ty) {
            Some(TypeData::Function { params, vararg, .. }) => (params, *vararg),
            _ => (&[], false),
        };
        let arity_ok = if vararg {
            args.len() >= params.len()
        } else {
            args.len() == params.len()
        };
        if !arity_ok {
            return Err(BuildError::new(
                BuildErrorKind::Arity,
                format!(
                    "{what}: {} arguments, the callee takes {}{}",
                    args.len(),
                    params.len(),
                    if vararg { " or more" } else { "" }
                ),
            ));
        }
        let mut out = Vec::with_capacity(args.len());
        for (n, &a) in args.iter().enumerate() {
            let (r, t) = self.operand(what, n + 2, a)?;
            if let Some(&p) = params.get(n) {
                self.expect_ty(what, n + 2, t, p)?;
            }
            out.push(r);
        }
        Ok(self.body.push_list(out))
    }

    /// `call`: the callee is a pointer to a function; arguments must match its parameters
    /// in number (at least, for a variadic callee) and type. The result has the callee's
    /// return type (`void`: no value).
    pub fn call(
        &mut self,
        callee: Value,
        args: &[Value],
        opts: &CallOptions,
    ) -> BuildResult<Value> {
        let (c, ct) = self.operand("call", 1, callee)?;
        let (fn_ty, ret) = self.callee_fn_ty("call", ct)?;
        let args = self.call_args("call", fn_ty, args)?;
        if opts.calling_conv >= 1 << 13 {
            return Err(BuildError::new(
                BuildErrorKind::Unsupported,
                format!(
                    "call: calling convention {} does not fit",
                    opts.calling_conv
                ),
            ));
        }
        let cc_field = u64::from(opts.calling_conv) << 1
            | u64::from(opts.tail)
            | u64::from(opts.musttail) << 14
            | 1 << 15;
        let void = self.mb.void();
        let ty = (ret != void).then_some(ret);
        let kind = InstKind::Call {
            attributes: 0,
            cc_field,
            fn_ty,
            callee: c,
            args,
        };
        let v = self.push("call", kind, ty)?;
        if !opts.attributes.is_empty() {
            let set = self.mb.attr_sets.intern(&opts.attributes);
            if let Some(i) = v.inst() {
                self.call_attrs.push((i, set));
            }
        }
        Ok(v)
    }

    /// `invoke`: a call that continues at `normal`, or at `unwind` when it throws.
    pub fn invoke(
        &mut self,
        callee: Value,
        args: &[Value],
        normal: Block,
        unwind: Block,
        opts: &CallOptions,
    ) -> BuildResult<Value> {
        let (c, ct) = self.operand("invoke", 1, callee)?;
        let (fn_ty, ret) = self.callee_fn_ty("invoke", ct)?;
        let args = self.call_args("invoke", fn_ty, args)?;
        self.blocks_exist("invoke", &[normal, unwind])?;
        if opts.calling_conv >= 1 << 13 || opts.tail || opts.musttail {
            return Err(BuildError::new(
                BuildErrorKind::Unsupported,
                "invoke: tail calls and calling conventions of 13 bits or more do not exist",
            ));
        }
        let void = self.mb.void();
        let ty = (ret != void).then_some(ret);
        let kind = InstKind::Invoke {
            attributes: 0,
            cc_field: u64::from(opts.calling_conv) | 1 << 13,
            normal,
            unwind,
            fn_ty,
            callee: c,
            args,
        };
        let v = self.push("invoke", kind, ty)?;
        if !opts.attributes.is_empty() {
            let set = self.mb.attr_sets.intern(&opts.attributes);
            if let Some(i) = v.inst() {
                self.call_attrs.push((i, set));
            }
        }
        Ok(v)
    }

    /// `landingpad` of type `ty`: clauses are (0 catch / 1 filter, constant).
    pub fn landing_pad(
        &mut self,
        ty: Type,
        cleanup: bool,
        clauses: &[(u8, Value)],
    ) -> BuildResult<Value> {
        self.mb.check_type("landingpad", ty)?;
        let mut out = Vec::with_capacity(clauses.len());
        for (n, &(k, v)) in clauses.iter().enumerate() {
            let (r, _) = self.operand("landingpad", n + 1, v)?;
            if k > 1 {
                return Err(type_err(format!(
                    "landingpad: clause kind {k} is not catch or filter"
                )));
            }
            out.push((k, r));
        }
        let kind = InstKind::LandingPad {
            cleanup,
            clauses: self.body.push_list(out),
        };
        self.push("landingpad", kind, Some(ty))
    }

    /// `va_arg` of type `ty` from a `va_list` pointer.
    pub fn va_arg(&mut self, valist: Value, ty: Type) -> BuildResult<Value> {
        let (v, vt) = self.operand("va_arg", 1, valist)?;
        if pointee(&self.mb.m.types, vt).is_none() {
            return Err(self.wrong("va_arg", 1, vt, "a pointer type"));
        }
        self.mb.check_type("va_arg", ty)?;
        self.push(
            "va_arg",
            InstKind::VaArg {
                valist_ty: vt,
                valist: v,
            },
            Some(ty),
        )
    }
}
