//! The orders LLVM 3.7's `ValueEnumerator` gives a module, computed from the IR by its
//! rules (not from the order the IR keeps):
//!
//! - **Types**: first-use order of `EnumerateType` (subtypes before the type; identified
//!   structs may be referred to before they are defined), visiting: global values' types,
//!   initializers and other module constants, the `metadata` type, constants reached from
//!   named metadata, then per function: parameter types, function attachments, instruction
//!   operands (LLVM operand order; constant operands walked), metadata operands, the result
//!   type, attachments and the debug location's operands.
//! - **Constants**: module constants are the values reached from global initializers,
//!   aliasees, prefix/prologue data, personality functions and metadata
//!   (`ConstantAsMetadata`); a body's constants are the other constants its instructions use
//!   (operands before users). Each range is then stably sorted by type id and descending use
//!   count, and integer (vector) constants are moved first with `std::partition`'s
//!   two-ended swap.
//! - **Metadata**: post-order over node operands (LLVM operand order of each DI node), from
//!   the named metadata, then per function: its attachments, instruction metadata operands,
//!   instruction attachments (by kind id) and debug-location operands. Function-local value
//!   wrappers are numbered per body, in operand order, after the module metadata.

use dxil_ir::{
    Body, CheckedModule, Const, ConstKind, InstKind, MdRef, Metadata, MetadataData as M, Module,
    PackedOption, SecondaryMap, Type, TypeData, ValueRef,
};

use super::operands::{const_operand, llvm_operands, md_operands, subtype, Op};
use super::options::WriteOptions;
use super::scratch::{keep, spare, take, take_filled, take_map, Scratch};
use crate::error::ErrorKind;

type K<T> = std::result::Result<T, ErrorKind>;

const UNSEEN: u32 = 0;
const VISITING: u32 = u32::MAX;

/// The orders the writer uses, computed by LLVM 3.7's `ValueEnumerator` rules:
///
/// - types: first use by `EnumerateType` (subtypes first; identified structs may be used
///   before they are defined) over global values, module constants, the `metadata` type,
///   named metadata, then each function's parameters, attachments, instruction operands (in
///   LLVM's operand order), result types and debug-location operands;
/// - module constants: the constants reached from initializers, aliasees, prefix/prologue
///   data, personality functions and metadata; a body's constants: the other constants its
///   instructions use; each range stably sorted by (type id, descending use count) with
///   integer constants moved first (`OptimizeConstants`), unless use-list order is
///   preserved ([`WriteOptions`]);
/// - metadata: post-order over node operands from the named metadata, then each function's
///   attachments, metadata operands, instruction attachments and debug locations;
///   function-local value wrappers per body in operand order;
/// - attribute lists and groups: first use (functions, then calls).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Orders {
    /// Types in bitcode order (arena ids).
    pub types: Vec<Type>,
    /// Module constants in bitcode order.
    pub module_constants: Vec<Const>,
    /// Module metadata in bitcode order.
    pub module_metadata: Vec<Metadata>,
    /// Per function (in [`Module::functions`] order; empty for declarations): the body's
    /// constants and function-local metadata in bitcode order.
    pub bodies: Vec<BodyOrders>,
    /// Attribute lists in bitcode order (indexes into [`Module::attribute_lists`]): first
    /// use by the functions, then by calls and invokes in program order.
    pub attribute_lists: Vec<u32>,
    /// Attribute group ids in bitcode order: first use by those lists (their new ids are
    /// positions + 1).
    pub attribute_groups: Vec<u32>,
}

/// The orders, with the type and module metadata numbers the walk gave on the way (per
/// arena index: bitcode id + 1, 0 for none), which the writer's numbering takes over.
pub(crate) struct Enumerated {
    pub orders: Orders,
    pub type_ids: SecondaryMap<Type, u32>,
    pub md_ids: SecondaryMap<Metadata, u32>,
    /// The first `metadata` type of the table.
    pub metadata_ty: Option<Type>,
    /// Per body (in function order, each `Body::insts.len()` long) and instruction arena
    /// index: the position of the instruction among the body's non-void ones in program
    /// order (its value id less the body's first instruction id); none for void ones (and
    /// ones not in the body's blocks). One table for all bodies, so not keyed by [`Inst`].
    ///
    /// [`Inst`]: dxil_ir::Inst
    pub inst_ids: Vec<PackedOption<u32>>,
}

/// What the walk of a body knows of it.
struct BodyCx {
    /// The instruction arena is in program order.
    in_order: bool,
    /// Instructions with a smaller id were met before (their result types enumerated).
    met: u32,
    /// Arguments with a smaller id have their types enumerated.
    known_args: u32,
    /// The body's 1-based number (marks in `En::local_seen`).
    mark: u32,
}

/// Notes the first use by a call or invoke of attribute list `a` (1-based, 0: none).
#[inline(always)]
fn note_call_attributes(a: u32, call_seen: &mut [bool], call_lists: &mut Vec<u32>) {
    if a != 0 {
        match call_seen.get_mut(a as usize - 1) {
            Some(seen) if *seen => {}
            Some(seen) => {
                *seen = true;
                call_lists.push(a);
            }
            // Out of range: `attribute_orders` reports it.
            None => call_lists.push(a),
        }
    }
}

/// The first `label`, `void` and `metadata` types of the table (`Module::find_type` of
/// each), found in one pass.
struct SimpleTypes {
    label: Option<Type>,
    void: Option<Type>,
    metadata: Option<Type>,
}

impl SimpleTypes {
    fn of(m: &Module) -> Self {
        let mut s = SimpleTypes {
            label: None,
            void: None,
            metadata: None,
        };
        for (i, t) in m.types.iter_with_ids() {
            let slot = match t {
                TypeData::Label => &mut s.label,
                TypeData::Void => &mut s.void,
                TypeData::Metadata => &mut s.metadata,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(i);
            }
        }
        s
    }
}

/// The orders of one function body.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BodyOrders {
    /// The body's constants in bitcode order.
    pub constants: Vec<Const>,
    /// The body's function-local metadata in bitcode order.
    pub local_metadata: Vec<Metadata>,
}

/// A constant's enumeration state.
#[derive(Clone, Copy, Default)]
pub(crate) struct CState {
    /// UNSEEN, or index + 1 into `En::vals` (the module constants so far).
    module: u32,
    /// UNSEEN, or index + 1 into `En::body_vals` (the body being walked).
    body: u32,
    /// Its operand types were walked.
    walked: bool,
}

struct En<'m> {
    m: &'m Module,
    /// Per type: UNSEEN, VISITING, or bitcode id + 1.
    type_state: SecondaryMap<Type, u32>,
    types: Vec<Type>,
    /// Per constant: its module and body states and whether its operand types were walked,
    /// side by side (a body's constant operand reads both states).
    cs: SecondaryMap<Const, CState>,
    /// The module constants, with use counts.
    vals: Vec<(Const, u32)>,
    /// The constants the body being walked uses that were not module constants when met,
    /// with use counts.
    body_vals: Vec<(Const, u32)>,
    /// Per metadata: UNSEEN, VISITING, or bitcode id + 1.
    md_state: SecondaryMap<Metadata, u32>,
    mds: Vec<Metadata>,
    /// Scratch stacks: the type walk's, the constant walk's (apart, as a constant walk
    /// enumerates types on the way), the metadata walk's.
    type_stack: Vec<(Type, usize)>,
    stack: Vec<(Const, usize)>,
    md_ops: Vec<MdRef>,
    md_stack: Vec<(Metadata, usize)>,
    work: Vec<ValueRef>,
    /// Per metadata: the 1-based index of the last body that listed it as local (made when
    /// the first local wrapper is met: most modules have none).
    local_seen: SecondaryMap<Metadata, u32>,
    /// The function-local metadata of the body being walked, in first-use order.
    locals: Vec<Metadata>,
    label: Option<Type>,
    void: Option<Type>,
}

impl En<'_> {
    /// `EnumerateType`. Inline: nearly every call meets a type already enumerated.
    #[inline]
    fn ty(&mut self, t: Type) -> K<()> {
        match self.type_state.get(t) {
            Some(&UNSEEN) => self.ty_walk(t),
            Some(_) => Ok(()),
            None => Err(ErrorKind::BadType(u64::from(t.as_u32()))),
        }
    }

    /// Enumerates `t` (unseen) after its subtypes. The type being walked is kept in locals
    /// (only its ancestors are on the stack, with the position of their next subtype).
    fn ty_walk(&mut self, t: Type) -> K<()> {
        self.type_stack.clear();
        let m = self.m;
        let (mut cur, mut i) = (t, 0usize);
        loop {
            let td = &m.types[cur];
            if i == 0 {
                // An identified struct may be met again below itself: visiting, it counts
                // as seen there.
                if let TypeData::Struct(s) = td {
                    if s.identified {
                        self.type_state[cur] = VISITING;
                    }
                }
            }
            // The subtypes already numbered are passed over in one loop (most are: the
            // element and parameter types repeat).
            let mut unseen = None;
            while let Some(sub) = subtype(td, i) {
                i += 1;
                let s = *self
                    .type_state
                    .get(sub)
                    .ok_or(ErrorKind::BadType(u64::from(sub.as_u32())))?;
                if s == UNSEEN {
                    unseen = Some(sub);
                    break;
                }
            }
            if let Some(sub) = unseen {
                // Every frame is a different type unless a cycle avoids identified structs
                // (which LLVM cannot build).
                if self.type_stack.len() >= self.type_state.len() {
                    return Err(ErrorKind::Malformed(
                        "recursive type not broken by an identified struct",
                    ));
                }
                self.type_stack.push((cur, i));
                (cur, i) = (sub, 0);
                continue;
            }
            let st = &mut self.type_state[cur];
            if *st == UNSEEN || *st == VISITING {
                self.types.push(cur);
                *st = self.types.len() as u32;
            }
            match self.type_stack.pop() {
                Some(f) => (cur, i) = f,
                None => return Ok(()),
            }
        }
    }

    /// `EnumerateValue` for module-level values and constants (arguments and instructions
    /// are numbered by the writer).
    #[inline]
    fn value(&mut self, v: ValueRef) -> K<()> {
        match v {
            ValueRef::Const(c) => self.module_const(c),
            _ => Ok(()),
        }
    }

    /// `EnumerateValue` of a module constant. Inline, the common case: a constant already
    /// counted.
    #[inline(always)]
    fn module_const(&mut self, c: Const) -> K<()> {
        let st = self
            .cs
            .get(c)
            .ok_or(ErrorKind::BadValue(u64::from(c.as_u32())))?
            .module;
        if st != UNSEEN {
            if let Some(slot) = self.vals.get_mut(st as usize - 1) {
                slot.1 += 1;
            }
            return Ok(());
        }
        // Not enumerated yet: one without operands (most) is numbered at once, after its
        // type.
        let data = &self.m.constants[c];
        if !leaf_const(&data.kind) {
            return self.value_walk(c, false);
        }
        self.ty(data.ty)?;
        self.number_const(c, false);
        Ok(())
    }

    /// `EnumerateValue` of a body's constant operand, in the walk that also enumerates types
    /// and metadata: module constants met so far are skipped, the others are enumerated for
    /// the body; [`compute`] drops those that turn out to be module constants once every
    /// body was walked (they and everything below them), which leaves LLVM's per-body
    /// enumeration of the other constants, order and use counts alike.
    #[inline]
    fn body_value(&mut self, v: ValueRef) -> K<()> {
        let ValueRef::Const(c) = v else {
            return Ok(());
        };
        let Some(&CState { module, body, .. }) = self.cs.get(c) else {
            return self.value_walk(c, true);
        };
        if module != UNSEEN {
            return Ok(());
        }
        if body == UNSEEN {
            return self.value_walk(c, true);
        }
        if let Some(slot) = self.body_vals.get_mut(body as usize - 1) {
            slot.1 += 1;
        }
        Ok(())
    }

    /// Enumerates constant `c` (unseen) after its operands, into the module's range or the
    /// body's.
    fn value_walk(&mut self, c: Const, body: bool) -> K<()> {
        let frames_base = self.stack.len();
        self.enter_const(c, body)?;
        while let Some(&(ci, i)) = self.stack.last().filter(|_| self.stack.len() > frames_base) {
            let data = &self.m.constants[ci];
            if let Some(op) = const_operand(&self.m.pools, &data.kind, i) {
                if let Some(top) = self.stack.last_mut() {
                    top.1 += 1;
                }
                if let ValueRef::Const(oc) = op {
                    self.enter_const(oc, body)?;
                }
                continue;
            }
            self.stack.pop();
            self.number_const(ci, body);
        }
        Ok(())
    }

    /// Numbers constant `c` (its operands done) in the module's range or the body's.
    #[inline(always)]
    fn number_const(&mut self, c: Const, body: bool) {
        let vals = if body {
            &mut self.body_vals
        } else {
            &mut self.vals
        };
        vals.push((c, 1));
        let n = vals.len() as u32;
        let st = &mut self.cs[c];
        if body {
            st.body = n;
        } else {
            st.module = n;
        }
    }

    fn enter_const(&mut self, c: Const, body: bool) -> K<()> {
        let cs = *self
            .cs
            .get(c)
            .ok_or(ErrorKind::BadValue(u64::from(c.as_u32())))?;
        let module = cs.module;
        let st = if body {
            if module != UNSEEN {
                return Ok(());
            }
            cs.body
        } else {
            module
        };
        if st != UNSEEN {
            let vals = if body {
                &mut self.body_vals
            } else {
                &mut self.vals
            };
            if let Some(slot) = vals.get_mut(st as usize - 1) {
                slot.1 += 1;
            }
            return Ok(());
        }
        let data = &self.m.constants[c];
        self.ty(data.ty)?;
        // A constant without operands (most: integers) is numbered at once, without a frame.
        if const_operand(&self.m.pools, &data.kind, 0).is_none() {
            self.number_const(c, body);
            return Ok(());
        }
        // Every frame is a different constant unless a constant refers to itself.
        if self.stack.len() > self.cs.len() {
            return Err(ErrorKind::Malformed("constant refers to itself"));
        }
        self.stack.push((c, 0));
        Ok(())
    }

    /// One value operand of an instruction in the body walk: the types it brings and, for a
    /// constant, its enumeration for the body. Inline, the common cases: a constant, an
    /// instruction met earlier, an argument, a global value.
    #[inline(always)]
    fn body_operand(&mut self, body: &Body, v: ValueRef, cx: &BodyCx) -> K<()> {
        match v {
            ValueRef::Const(c) => self.body_const(c),
            ValueRef::Inst(i) if i.as_u32() < cx.met => Ok(()),
            ValueRef::Arg(a) if a.as_u32() < cx.known_args => Ok(()),
            // Global values' types were enumerated first of all.
            ValueRef::Global(_) | ValueRef::Function(_) | ValueRef::Alias(_) => Ok(()),
            _ => self.rare_operand(body, v),
        }
    }

    /// [`En::body_operand`] of metadata, or of an instruction or argument whose type may be
    /// new.
    #[inline(never)]
    fn rare_operand(&mut self, body: &Body, v: ValueRef) -> K<()> {
        match v {
            ValueRef::Metadata(md) if is_local(self.m, md) => Ok(()),
            ValueRef::Metadata(md) => self.metadata(md),
            _ => self
                .m
                .value_type(Some(body), v)
                .ok_or(ErrorKind::TypeMismatch("operand without a type"))
                .and_then(|t| self.ty(t)),
        }
    }

    /// A basic-block operand: the `label` type.
    #[inline(always)]
    fn label_operand(&mut self) -> K<()> {
        match self.label {
            Some(l) => self.ty(l),
            None => Err(ErrorKind::MissingType("label")),
        }
    }

    /// A metadata argument of a call: a function-local wrapper is listed for the body (the
    /// first time), other metadata is enumerated.
    #[inline(never)]
    fn call_md_arg(&mut self, md: Metadata, cx: &BodyCx) -> K<()> {
        if is_local(self.m, md) {
            self.note_local(md, cx.mark);
            Ok(())
        } else {
            self.metadata(md)
        }
    }

    /// Lists function-local wrapper `md` for the body numbered `mark` (1-based) unless it
    /// did.
    fn note_local(&mut self, md: Metadata, mark: u32) {
        if self.local_seen[md] == mark {
            return;
        }
        // The first local met sizes the table for the whole arena at once.
        if self.local_seen.len() <= md.index() {
            self.local_seen
                .resize(self.m.metadata.len().max(md.index() + 1));
        }
        self.local_seen[md] = mark;
        self.locals.push(md);
    }

    /// The walk of one body: types and metadata in LLVM's constructor order, the body's
    /// constants (as `incorporateFunction` meets them), its function-local metadata (the
    /// wrappers among call and invoke arguments, in first-use order, into `locals`) and the
    /// attribute lists of its calls and invokes (first uses into `call_lists`). `ids`: the
    /// body's instruction numbers (see `Enumerated::inst_ids`), given on the way.
    fn walk_body(
        &mut self,
        body: &Body,
        mut cx: BodyCx,
        ids: &mut [PackedOption<u32>],
        call_seen: &mut [bool],
        call_lists: &mut Vec<u32>,
    ) -> K<()> {
        let mut local = 0u32;
        let mut current = 0u32;
        for b in &body.blocks {
            for &i in &b.insts {
                let inst = body
                    .inst(i)
                    .ok_or(ErrorKind::Malformed("dangling instruction"))?;
                if inst.ty.is_some() {
                    if let Some(slot) = ids.get_mut(i.index()) {
                        *slot = local.into();
                        local = local
                            .checked_add(1)
                            .ok_or(ErrorKind::Unsupported("too many values"))?;
                    }
                }
                if cx.in_order {
                    cx.met = current;
                }
                match &inst.kind {
                    // Most instructions of a DXIL body are calls: their operands (the
                    // arguments, then the callee) walked in one loop with the operand step
                    // inline. A call's function-local metadata arguments are listed on the
                    // way.
                    InstKind::Call {
                        args,
                        callee,
                        attributes,
                        ..
                    } => {
                        for &a in body.values(*args) {
                            if let ValueRef::Metadata(md) = a {
                                self.call_md_arg(md, &cx)?;
                                continue;
                            }
                            self.body_operand(body, a, &cx)?;
                        }
                        self.body_operand(body, *callee, &cx)?;
                        self.result_and_extras(inst)?;
                        note_call_attributes(*attributes, call_seen, call_lists);
                    }
                    kind => {
                        // The other common kinds with their operands in LLVM's order, the
                        // operand step inline; the rest (and blocks while the `label` type
                        // is not enumerated) through the generic walk.
                        use InstKind as I;
                        let fixed = match *kind {
                            I::Binary { lhs, rhs, .. } | I::Cmp { lhs, rhs, .. } => {
                                Some(([lhs, rhs, rhs], 2))
                            }
                            I::Cast { value, .. }
                            | I::Load { ptr: value, .. }
                            | I::ExtractValue {
                                aggregate: value, ..
                            }
                            | I::Alloca { size: value, .. } => Some(([value; 3], 1)),
                            I::Store { ptr, value, .. } => Some(([value, ptr, ptr], 2)),
                            I::Select {
                                cond,
                                if_true,
                                if_false,
                            } => Some(([cond, if_true, if_false], 3)),
                            I::ExtractElement { vector, index } => {
                                Some(([vector, index, index], 2))
                            }
                            I::InsertElement {
                                vector,
                                element,
                                index,
                            } => Some(([vector, element, index], 3)),
                            I::InsertValue {
                                aggregate, value, ..
                            } => Some(([aggregate, value, value], 2)),
                            I::Ret { value: Some(v) } => Some(([v; 3], 1)),
                            I::Ret { value: None } | I::Unreachable => None,
                            // A block brings the `label` type (the second adds nothing).
                            I::Br { .. } => {
                                self.label_operand()?;
                                None
                            }
                            I::CondBr { cond, .. } => {
                                self.body_operand(body, cond, &cx)?;
                                self.label_operand()?;
                                None
                            }
                            I::Gep { operands, .. } => {
                                for &v in body.values(operands) {
                                    self.body_operand(body, v, &cx)?;
                                }
                                None
                            }
                            I::Phi { incoming } => {
                                for &(v, _) in body.list(incoming) {
                                    self.body_operand(body, v, &cx)?;
                                }
                                None
                            }
                            _ => {
                                llvm_operands(body, kind, |op| match op {
                                    Op::V(v) => self.body_operand(body, v, &cx),
                                    Op::B => self.label_operand(),
                                })?;
                                None
                            }
                        };
                        for &v in fixed.as_ref().map_or(&[][..], |(ops, n)| &ops[..*n]) {
                            self.body_operand(body, v, &cx)?;
                        }
                        self.result_and_extras(inst)?;
                        if let InstKind::Invoke {
                            attributes, args, ..
                        } = kind
                        {
                            note_call_attributes(*attributes, call_seen, call_lists);
                            for a in body.values(*args) {
                                if let ValueRef::Metadata(md) = *a {
                                    if is_local(self.m, md) {
                                        self.note_local(md, cx.mark);
                                    }
                                }
                            }
                        }
                    }
                }
                current += 1;
            }
        }
        Ok(())
    }

    /// After an instruction's operands: its result type, its attachments (by kind id) and
    /// its debug location's operands.
    #[inline(always)]
    fn result_and_extras(&mut self, inst: &dxil_ir::InstData) -> K<()> {
        match inst.ty {
            Some(t) => self.ty(t)?,
            None => {
                let void = self.void.ok_or(ErrorKind::MissingType("void"))?;
                self.ty(void)?;
            }
        }
        let attachments = inst.attachments();
        if !attachments.is_empty() {
            for &(_, md) in sorted_attachments(attachments).iter() {
                self.metadata(md)?;
            }
        }
        if let Some(loc) = inst.debug_loc() {
            if let Some(s) = loc.scope {
                self.metadata(s)?;
            }
            if let Some(i) = loc.inlined_at {
                self.metadata(i)?;
            }
        }
        Ok(())
    }

    /// A constant operand of an instruction: its operands' types first (enumerating the
    /// constant adds none then), then the constant itself for the body. Inline, the common
    /// cases: a module constant (nothing to do) and one the body met before (counted; its
    /// types were walked when it was first met).
    #[inline(always)]
    fn body_const(&mut self, c: Const) -> K<()> {
        let st = match self.cs.get(c) {
            Some(&CState {
                module: UNSEEN,
                body,
                ..
            }) => body,
            Some(_) => return Ok(()),
            None => return Err(ErrorKind::BadValue(u64::from(c.as_u32()))),
        };
        if st != UNSEEN {
            if let Some(slot) = self.body_vals.get_mut(st as usize - 1) {
                slot.1 += 1;
            }
            return Ok(());
        }
        self.new_body_const(c)
    }

    /// [`En::body_const`] of a constant the body had not met.
    #[inline(never)]
    fn new_body_const(&mut self, c: Const) -> K<()> {
        // One without operands (most): `EnumerateOperandType` adds its type alone, then it
        // is numbered for the body.
        let data = &self.m.constants[c];
        if leaf_const(&data.kind) {
            self.ty(data.ty)?;
            self.number_const(c, true);
            return Ok(());
        }
        let v = ValueRef::Const(c);
        self.operand_type(v)?;
        self.body_value(v)
    }

    /// `EnumerateOperandType`.
    fn operand_type(&mut self, v: ValueRef) -> K<()> {
        // A constant already enumerated or walked has had its type and its operands' types
        // enumerated: the walk would add nothing.
        let ValueRef::Const(c) = v else {
            // Globals, functions and aliases have no operands to walk.
            let t = self
                .m
                .value_type(None, v)
                .ok_or(ErrorKind::TypeMismatch("operand without a type"))?;
            return self.ty(t);
        };
        let done = self
            .cs
            .get(c)
            .is_some_and(|s| s.module != UNSEEN || s.walked);
        if done {
            return Ok(());
        }
        let mut work = std::mem::take(&mut self.work);
        work.clear();
        work.push(v);
        let r = self.operand_type_walk(&mut work);
        self.work = work;
        r
    }

    fn operand_type_walk(&mut self, work: &mut Vec<ValueRef>) -> K<()> {
        while let Some(v) = work.pop() {
            let t = self
                .m
                .value_type(None, v)
                .ok_or(ErrorKind::TypeMismatch("operand without a type"))?;
            self.ty(t)?;
            if let ValueRef::Const(c) = v {
                // A constant already walked adds no new type (LLVM walks it again; skipping
                // keeps shared subexpressions linear).
                let st = self
                    .cs
                    .get_mut(c)
                    .ok_or(ErrorKind::BadValue(u64::from(c.as_u32())))?;
                if st.module != UNSEEN || st.walked {
                    continue;
                }
                st.walked = true;
                let data = &self.m.constants[c];
                let start = work.len();
                data.kind
                    .for_each_operand(&self.m.pools, |op| work.push(op));
                if let ConstKind::BlockAddress { function, .. } = data.kind {
                    work.push(ValueRef::Function(function));
                }
                work[start..].reverse();
            }
        }
        Ok(())
    }

    /// `EnumerateMetadata` (post-order, iterative). Inline: most calls meet a node already
    /// enumerated.
    #[inline]
    fn metadata(&mut self, md: Metadata) -> K<()> {
        match self.md_state.get(md) {
            Some(&UNSEEN) => self.metadata_walk(md),
            Some(_) => Ok(()),
            None => Err(ErrorKind::BadMetadata(u64::from(md.as_u32()))),
        }
    }

    /// Enumerates `root` (unseen) after its operands. The node being walked is kept in
    /// locals (its ancestors are on the stack with the position of their next operand); an
    /// operand without operands of its own (a string, a value: most of them) is numbered
    /// where it is met, without a frame.
    fn metadata_walk(&mut self, root: Metadata) -> K<()> {
        let m = self.m;
        match &m.metadata[root] {
            M::String(_) => {
                self.number_md(root);
                return Ok(());
            }
            &M::Value { value, .. } => {
                self.md_value(value)?;
                self.number_md(root);
                return Ok(());
            }
            _ => {}
        }
        // The operands of the debug-info node being walked (a generic node's are read from
        // the pool in place), listed again when the walk comes back to it.
        let mut di = std::mem::take(&mut self.md_ops);
        self.md_stack.clear();
        self.md_state[root] = VISITING;
        let (mut node, mut pos) = (root, 0usize);
        let mut pooled = node_operands(m, root, &mut di);
        loop {
            let ops: &[MdRef] = pooled.unwrap_or(&di);
            let mut child = None;
            while let Some(&op) = ops.get(pos) {
                pos += 1;
                let Some(op) = op else { continue };
                match self.md_state.get(op) {
                    Some(&UNSEEN) => {}
                    Some(_) => continue,
                    None => return Err(ErrorKind::BadMetadata(u64::from(op.as_u32()))),
                }
                match &m.metadata[op] {
                    M::String(_) => self.number_md(op),
                    &M::Value { value, .. } => {
                        self.md_value(value)?;
                        self.number_md(op);
                    }
                    _ => {
                        child = Some(op);
                        break;
                    }
                }
            }
            match child {
                Some(op) => {
                    // Every frame is a different node (visiting until it is numbered): the
                    // stack is no deeper than the arena is long.
                    self.md_stack.push((node, pos));
                    self.md_state[op] = VISITING;
                    (node, pos) = (op, 0);
                    pooled = node_operands(m, op, &mut di);
                }
                None => {
                    self.number_md(node);
                    let Some((up, at)) = self.md_stack.pop() else {
                        break;
                    };
                    (node, pos) = (up, at);
                    pooled = node_operands(m, up, &mut di);
                }
            }
        }
        self.md_ops = di;
        Ok(())
    }

    #[inline(always)]
    fn number_md(&mut self, md: Metadata) {
        self.mds.push(md);
        self.md_state[md] = self.mds.len() as u32;
    }

    /// The value of a module-level `ValueAsMetadata` (`EnumerateValue`).
    #[inline(always)]
    fn md_value(&mut self, v: ValueRef) -> K<()> {
        match v {
            ValueRef::Const(c) => self.module_const(c),
            ValueRef::Arg(_) | ValueRef::Inst(_) => Err(ErrorKind::Malformed(
                "function-local metadata in a module node",
            )),
            _ => Ok(()),
        }
    }

    /// `OptimizeConstants` (skipped when use-list order is preserved): stable sort by (type
    /// id, use count descending), then integers first by `std::partition`.
    /// `keys`: a scratch list; `out`: an empty list the order is written into.
    fn optimize(
        &self,
        vals: &[(Const, u32)],
        preserve: bool,
        keys: &mut Vec<u64>,
        mut out: Vec<Const>,
    ) -> K<Vec<Const>> {
        if preserve {
            out.extend(vals.iter().map(|v| v.0));
            return Ok(out);
        }
        let m = self.m;
        let keyed_of = |i: usize, &(c, n): &(Const, u32)| {
            let ty = m.constants[c].ty;
            let tid = self.type_state.get(ty).copied().unwrap_or(UNSEEN);
            let int = match m.ty(ty) {
                Some(TypeData::Int(_)) => true,
                Some(TypeData::Vector { elem, .. }) => {
                    matches!(m.ty(*elem), Some(TypeData::Int(_)))
                }
                _ => false,
            };
            (i, tid, n, int)
        };
        // Nearly always every field fits a packed key: one word per constant, sorted by
        // value (an unstable sort of distinct keys gives the stable order), with fewer
        // mispredicted branches than a comparison closure over tuples.
        let packed = vals.len() < 1 << PACK_IDX && vals.iter().all(|&(_, n)| n < 1 << PACK_N);
        if packed {
            keys.clear();
            for (i, v) in vals.iter().enumerate() {
                let (i, tid, n, int) = keyed_of(i, v);
                if tid >= 1 << PACK_TID {
                    keys.clear();
                    break;
                }
                keys.push(pack_key(tid, n, i, int));
            }
            if keys.len() == vals.len() {
                keys.sort_unstable();
                partition_ints(keys, |k| k & 1 == 1);
                out.extend(
                    keys.iter()
                        .map(|&k| vals[(k >> 1) as usize & ((1 << PACK_IDX) - 1)].0),
                );
                return Ok(out);
            }
        }
        let mut keyed: Vec<(Const, u32, u32, bool)> = vals
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let (_, tid, n, int) = keyed_of(i, v);
                (v.0, tid, n, int)
            })
            .collect();
        keyed.sort_by(|a, b| a.1.cmp(&b.1).then(b.2.cmp(&a.2)));
        partition_ints(&mut keyed, |k| k.3);
        out.extend(keyed.into_iter().map(|k| k.0));
        Ok(out)
    }
}

/// Bits of the packed constant sort key: type id, use count, position (then the integer
/// flag in bit 0), 64 in all.
const PACK_TID: u32 = 20;
const PACK_N: u32 = 21;
const PACK_IDX: u32 = 22;

/// The key ordering by type id ascending, use count descending, then position.
#[inline]
fn pack_key(tid: u32, n: u32, i: usize, int: bool) -> u64 {
    let n_desc = (1u64 << PACK_N) - 1 - u64::from(n);
    (u64::from(tid) << (PACK_N + PACK_IDX + 1))
        | n_desc << (PACK_IDX + 1)
        | (i as u64) << 1
        | u64::from(int)
}

/// Moves the integer constants first, as `std::partition` does (two-ended swapping, as the
/// C++ libraries implement it).
fn partition_ints<T>(keyed: &mut [T], int: impl Fn(&T) -> bool) {
    if keyed.len() < 2 {
        return;
    }
    let (mut first, mut last) = (0usize, keyed.len());
    'outer: loop {
        loop {
            if first == last {
                break 'outer;
            }
            if !int(&keyed[first]) {
                break;
            }
            first += 1;
        }
        loop {
            last -= 1;
            if first == last {
                break 'outer;
            }
            if int(&keyed[last]) {
                break;
            }
        }
        keyed.swap(first, last);
        first += 1;
    }
}

/// Attachments sorted by kind id (LLVM's `getAllMetadata` order).
#[inline]
pub(crate) fn sorted_attachments(
    list: &[(u32, Metadata)],
) -> std::borrow::Cow<'_, [(u32, Metadata)]> {
    // Most lists are empty or already in order: no copy for them.
    if list.windows(2).all(|w| w[0].0 <= w[1].0) {
        return std::borrow::Cow::Borrowed(list);
    }
    let mut v = list.to_vec();
    v.sort_by_key(|a| a.0);
    std::borrow::Cow::Owned(v)
}

/// Whether constant kind `k` has no value operands (in [`ConstKind::for_each_operand`] and
/// [`const_operand`] alike) and no function to walk: true for the kinds whose answer needs
/// no list read (an empty aggregate is not one of them).
#[inline(always)]
fn leaf_const(k: &ConstKind) -> bool {
    use ConstKind as C;
    matches!(
        k,
        C::Null
            | C::Undef
            | C::Int(_)
            | C::WideInt(_)
            | C::Float(_)
            | C::FloatWide(_)
            | C::String(_)
            | C::CString(_)
            | C::Data(_)
            | C::InlineAsm { .. }
    )
}

/// The operands of node `md` (neither a string nor a value): a generic node's in the pool,
/// a debug-info node's listed in `di` (`None` returned).
#[inline(always)]
fn node_operands<'m>(m: &'m Module, md: Metadata, di: &mut Vec<MdRef>) -> Option<&'m [MdRef]> {
    match &m.metadata[md] {
        M::Node { operands, .. } => Some(m.pools.list(*operands)),
        d => {
            di_operands(&m.pools, d, di);
            None
        }
    }
}

/// Lists the operands of debug-info node `d` in `di` (nulls left out).
#[inline(never)]
fn di_operands(pools: &dxil_ir::Pools, d: &dxil_ir::MetadataData, di: &mut Vec<MdRef>) {
    di.clear();
    md_operands(pools, d, |op| di.push(Some(op)));
}

fn is_local(m: &Module, md: Metadata) -> bool {
    matches!(
        m.md(md),
        Some(M::Value {
            value: ValueRef::Arg(_) | ValueRef::Inst(_),
            ..
        })
    )
}

/// Computes the orders LLVM 3.7's `ValueEnumerator` gives `m` when written with `options`.
pub fn orders(m: &Module, options: WriteOptions) -> std::result::Result<Orders, crate::Error> {
    Proven::check(m)
        .and_then(|p| compute(p, options.preserve_use_list_order, &mut Scratch::default()))
        .map(|e| e.orders)
        .map_err(|k| crate::Error::new(k, "value enumeration", None, 0))
}

/// A module to enumerate and write. Its ids need not have been proven valid: enumeration
/// looks up every id it meets with a checked access (an arena is indexed directly only with
/// an id looked up that way before), and writing meets only what enumeration numbered, so a
/// dangling id is an error, never a panic. [`Proven::check`] runs the id check first (for
/// the public entry points that promise its error), [`Proven::of`] takes a module proven
/// when it was made.
#[derive(Clone, Copy)]
pub(crate) struct Proven<'m>(&'m Module);

impl<'m> Proven<'m> {
    /// Runs the id check.
    pub fn check(m: &'m Module) -> K<Proven<'m>> {
        m.check_ids().map_err(ErrorKind::InvalidId)?;
        Ok(Proven(m))
    }

    /// A module checked when it was wrapped.
    pub fn of(m: &'m CheckedModule) -> Proven<'m> {
        Proven(m)
    }

    /// A module that a [`CheckedModule`] holds, handed over as a plain reference.
    pub fn trusted(m: &'m Module) -> Proven<'m> {
        Proven(m)
    }

    pub fn module(self) -> &'m Module {
        self.0
    }
}

/// The orders for a proven module (every write enumerates first), in buffers from `s`.
pub(crate) fn compute(p: Proven<'_>, preserve: bool, s: &mut Scratch) -> K<Enumerated> {
    let m = p.module();
    let simple = SimpleTypes::of(m);
    let mut en = En {
        m,
        type_state: take_map(&mut s.type_state, m.types.len(), UNSEEN),
        types: take(&mut s.types),
        cs: take_map(&mut s.cs, m.constants.len(), CState::default()),
        vals: take(&mut s.vals),
        body_vals: take(&mut s.body_vals),
        md_state: take_map(&mut s.md_state, m.metadata.len(), UNSEEN),
        mds: take(&mut s.mds),
        type_stack: take(&mut s.type_stack),
        stack: take(&mut s.stack),
        md_ops: take(&mut s.md_ops),
        md_stack: take(&mut s.md_stack),
        work: take(&mut s.work),
        local_seen: take_map(&mut s.local_seen, 0, 0),
        locals: Vec::new(),
        label: simple.label,
        void: simple.void,
    };
    for g in &m.globals {
        en.ty(g.common.ty)?;
    }
    for f in &m.functions {
        en.ty(f.common.ty)?;
    }
    for a in &m.aliases {
        en.ty(a.common.ty)?;
    }
    for g in &m.globals {
        if let Some(init) = g.initializer {
            en.value(init)?;
        }
    }
    for a in &m.aliases {
        en.value(a.aliasee)?;
    }
    // Prefix data, then prologue data, then personalities: three passes when a function
    // has one of them (DXIL's have none; one pass tells).
    let extras = m
        .functions
        .iter()
        .any(|f| f.prefix.is_some() || f.prologue.is_some() || f.personality.is_some());
    if extras {
        for f in &m.functions {
            if let Some(v) = f.prefix {
                en.value(v)?;
            }
        }
        for f in &m.functions {
            if let Some(v) = f.prologue {
                en.value(v)?;
            }
        }
        for f in &m.functions {
            if let Some(v) = f.personality {
                en.value(v)?;
            }
        }
    }
    let md_ty = simple.metadata.ok_or(ErrorKind::MissingType("metadata"))?;
    en.ty(md_ty)?;
    for nm in &m.named_metadata {
        for &op in m.list(nm.operands) {
            en.metadata(op)?;
        }
    }
    // Attribute lists (1-based ids) of calls and invokes, first uses in program order.
    let mut call_seen = take_filled(&mut s.call_seen, m.attribute_lists.len(), false);
    let mut call_lists = take(&mut s.call_lists);
    let mut inst_ids = take(&mut s.inst_ids);
    // Per function: the body's candidate constants (with use counts) and its local metadata.
    let mut walked = take(&mut s.walked);
    for (fi, f) in m.functions.iter().enumerate() {
        if let Some(TypeData::Function { params, .. }) = m.ty(f.fn_ty) {
            for &p in params.iter() {
                en.ty(p)?;
            }
        }
        for &(_, md) in sorted_attachments(&f.attachments).iter() {
            en.metadata(md)?;
        }
        let Some(body) = &f.body else {
            walked.push(None);
            continue;
        };
        // An instruction operand met earlier in program order has had its result type
        // enumerated; when the arena is in program order (as a builder or reader leaves it),
        // that is every operand with a smaller id.
        let in_order = body
            .blocks
            .iter()
            .flat_map(|b| b.insts.iter())
            .enumerate()
            .all(|(n, i)| i.index() == n);
        // An argument operand brings no type when every argument's type is enumerated
        // already (the function type's parameters were, just above).
        let args_known = body
            .args
            .iter()
            .all(|a| en.type_state.get(a.ty).is_some_and(|&s| s != UNSEEN));
        let cx = BodyCx {
            in_order,
            met: 0,
            known_args: if args_known {
                u32::try_from(body.args.len()).unwrap_or(0)
            } else {
                0
            },
            mark: fi as u32 + 1,
        };
        let base = inst_ids.len();
        inst_ids.resize(base + body.insts.len(), PackedOption::none());
        en.locals = spare(&mut s.md_lists);
        en.walk_body(
            body,
            cx,
            &mut inst_ids[base..],
            &mut call_seen,
            &mut call_lists,
        )?;
        let local_metadata = std::mem::take(&mut en.locals);
        let candidates = std::mem::replace(&mut en.body_vals, spare(&mut s.candidate_lists));
        for &(c, _) in &candidates {
            en.cs[c].body = UNSEEN;
        }
        walked.push(Some((candidates, local_metadata)));
    }
    let mut keys = take(&mut s.keys);
    let module_constants = en.optimize(&en.vals, preserve, &mut keys, spare(&mut s.const_lists))?;
    let mut bodies = take(&mut s.bodies);
    for w in walked.drain(..) {
        let Some((mut candidates, local_metadata)) = w else {
            bodies.push(BodyOrders::default());
            continue;
        };
        // Constants a later body's metadata made module-level are the module's.
        candidates.retain(|&(c, _)| en.cs[c].module == UNSEEN);
        let constants = en.optimize(&candidates, preserve, &mut keys, spare(&mut s.const_lists))?;
        keep(&mut s.candidate_lists, candidates);
        bodies.push(BodyOrders {
            constants,
            local_metadata,
        });
    }
    let (attribute_lists, attribute_groups) = attribute_orders(m, &call_lists, s)?;
    let En {
        types,
        type_state,
        cs,
        vals,
        body_vals,
        md_state,
        mds,
        type_stack,
        stack,
        md_ops,
        md_stack,
        work,
        local_seen,
        locals,
        ..
    } = en;
    (s.cs, s.vals, s.body_vals, s.keys) = (cs, vals, body_vals, keys);
    (s.type_stack, s.stack, s.md_ops, s.md_stack, s.work) =
        (type_stack, stack, md_ops, md_stack, work);
    (s.local_seen, s.call_seen, s.call_lists, s.walked) =
        (local_seen, call_seen, call_lists, walked);
    keep(&mut s.md_lists, locals);
    Ok(Enumerated {
        orders: Orders {
            types,
            module_constants,
            module_metadata: mds,
            bodies,
            attribute_lists,
            attribute_groups,
        },
        // After the walks every state is UNSEEN or an id + 1 (VISITING only lasts a walk).
        type_ids: type_state,
        md_ids: md_state,
        metadata_ty: simple.metadata,
        inst_ids,
    })
}

/// `EnumerateAttributes` order: function attribute lists, then call/invoke lists
/// (`calls`: their 1-based ids in first-use order).
fn attribute_orders(m: &Module, calls: &[u32], s: &mut Scratch) -> K<(Vec<u32>, Vec<u32>)> {
    let mut seen = take_filled(&mut s.attr_seen, m.attribute_lists.len(), false);
    let mut lists = take(&mut s.attribute_lists);
    let mut add = |a: u32| -> K<()> {
        if a == 0 {
            return Ok(());
        }
        let i = (a - 1) as usize;
        let slot = seen
            .get_mut(i)
            .ok_or(ErrorKind::InvalidRecord("attribute list id"))?;
        if !*slot {
            *slot = true;
            lists.push(a - 1);
        }
        Ok(())
    };
    for f in &m.functions {
        add(f.attributes)?;
    }
    for &a in calls {
        add(a)?;
    }
    let mut groups = take(&mut s.attribute_groups);
    for &l in &lists {
        for &g in m.attribute_lists[l as usize].groups.iter() {
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
    }
    s.attr_seen = seen;
    Ok((lists, groups))
}
