//! The comments the reference disassembler adds after instructions (DXC's
//! `DxcAssemblyAnnotationWriter::printInfoComment`): for `llvm.dbg.value`/`llvm.dbg.declare`
//! ` ; var:"name" !DIExpression(...) func:"fn"`, for other instructions with a debug location
//! ` ; line:N col:M`, and for `dx.op.*` calls `  ; OpName(operand,...)` from the op table
//! (plus the resource kind for `AnnotateHandle`).

use dxil_ir::{ConstKind, InstData, InstKind, Metadata, MetadataData as M, TypeData, ValueRef};
use dxil_ops::OpCode;

use crate::printer::Printer;
use crate::types::push_u64;

/// Cap on scope-chain walks (input-controlled).
const MAX_SCOPE_DEPTH: usize = 1024;

impl Printer<'_> {
    /// Writes the comments for one instruction.
    pub fn write_info_comment(&mut self, inst: &InstData) {
        let m = self.m;
        let call = match &inst.kind {
            InstKind::Call { callee, args, .. } => Some((*callee, self.body_list(*args))),
            _ => None,
        };
        let callee_name = call.and_then(|(c, _)| match c {
            ValueRef::Function(f) => m.name_of(m.functions.get(f)?.common.name),
            _ => None,
        });
        let dbg_var_args = match callee_name {
            Some("llvm.dbg.value") => Some((2usize, 3usize)),
            Some("llvm.dbg.declare") => Some((1, 2)),
            _ => None,
        };
        if let (Some((vi, ei)), Some((_, args))) = (dbg_var_args, call) {
            self.write_var_comment(args, vi, ei);
        } else if let Some(dl) = &inst.debug_loc() {
            if dl.line != 0 {
                self.out.push_str(" ; line:");
                push_u64(self.out, u64::from(dl.line));
                self.out.push_str(" col:");
                let col = if dl.col >= 1 << 16 { 0 } else { dl.col };
                push_u64(self.out, u64::from(col));
            }
        }
        self.write_op_comment(inst);
    }

    /// The `  ; OpName(operand,...)` comment of a `dx.op` call, from its opcode (plus the
    /// resource properties of `AnnotateHandle`). The comment names the operation only, so
    /// the call is not decoded and checked against the database (a call the database
    /// rejects is commented by its opcode alone too, as the reference does).
    fn write_op_comment(&mut self, inst: &InstData) {
        let Some(opcode) = self.raw_opcode(inst) else {
            return;
        };
        let Some(info) = dxil_ops::op_info(opcode) else {
            self.out.push_str("  ; invalid DXIL opcode #");
            push_u64(self.out, u64::from(opcode));
            return;
        };
        self.out.push_str("  ; ");
        self.out.push_str(info.name());
        self.out.push_str(info.signature());
        if info.opcode == OpCode::AnnotateHandle as u32 {
            if let InstKind::Call { args, .. } = &inst.kind {
                if let Some(&props) = self.body_list(*args).get(2) {
                    self.write_props(props);
                }
            }
        }
    }

    /// The opcode of a call to a `dx.op.*` function: its first argument, any integer
    /// constant, zero-extended.
    fn raw_opcode(&self, inst: &InstData) -> Option<u32> {
        let InstKind::Call { callee, args, .. } = &inst.kind else {
            return None;
        };
        if !dxil_ops::is_dx_op_callee(self.m, *callee) {
            return None;
        }
        Some(self.const_u64(*self.body_list(*args).first()?)? as u32)
    }

    /// The zero-extended value of an integer constant.
    fn const_u64(&self, v: ValueRef) -> Option<u64> {
        let ValueRef::Const(c) = v else { return None };
        let cd = self.m.constant(c)?;
        let bits = match self.m.ty(cd.ty)? {
            TypeData::Int(b) => *b,
            _ => return None,
        };
        let raw = match &cd.kind {
            ConstKind::Int(v) => *v as u64,
            ConstKind::Null => 0,
            ConstKind::WideInt(w) => *self.m.list(*w).first()?,
            _ => return None,
        };
        Some(if bits >= 64 {
            raw
        } else {
            raw & ((1u64 << bits) - 1)
        })
    }

    fn write_props(&mut self, props: ValueRef) {
        let m = self.m;
        let ValueRef::Const(c) = props else { return };
        let Some(cd) = m.constant(c) else { return };
        let two = matches!(m.ty(cd.ty), Some(TypeData::Struct(st)) if st.elems.len() == 2);
        let (w0, w1) = if !two {
            (0, 0)
        } else {
            match &cd.kind {
                ConstKind::Null => (0, 0),
                ConstKind::Aggregate(e) if e.len() == 2 => {
                    let e = m.list(*e);
                    let a = self.const_u64(e[0]);
                    let b = self.const_u64(e[1]);
                    match (a, b) {
                        (Some(a), Some(b)) => (a as u32, b as u32),
                        _ => return,
                    }
                }
                _ => return,
            }
        };
        crate::resprops::write_resource_properties(self.out, w0, w1);
    }

    fn md_arg(&self, args: &[ValueRef], i: usize) -> Option<Metadata> {
        match args.get(i)? {
            ValueRef::Metadata(md) => Some(*md),
            _ => None,
        }
    }

    fn write_var_comment(&mut self, args: &[ValueRef], vi: usize, ei: usize) {
        let m = self.m;
        let var = self.md_arg(args, vi);
        let expr = self.md_arg(args, ei);
        let (Some(var), Some(expr)) = (var, expr) else {
            return;
        };
        let (Some(M::LocalVariable(v)), Some(M::Expression(e))) = (m.md(var), m.md(expr)) else {
            return;
        };
        let Some(v) = m.record(v) else { return };
        self.out.push_str(" ; var:\"");
        push_raw(self.out, md_string(m, v.name));
        self.out.push_str("\" ");
        if e.distinct {
            self.out.push_str("distinct ");
        }
        self.out.push_str("!DIExpression(");
        crate::dwarf::write_di_expression_elements(self.out, m.list(e.elements));
        self.out.push(')');
        // The subprogram enclosing the variable's scope.
        let mut scope = v.scope;
        for _ in 0..MAX_SCOPE_DEPTH {
            let Some(s) = scope else { return };
            match m.md(s) {
                Some(M::Subprogram(sp)) => {
                    let Some(sp) = m.record(sp) else { return };
                    self.out.push_str(" func:\"");
                    push_raw(self.out, md_string(m, sp.name));
                    self.out.push('"');
                    return;
                }
                Some(M::LexicalBlock(b)) => match m.record(b) {
                    Some(b) => scope = b.scope,
                    None => return,
                },
                Some(M::LexicalBlockFile(b)) => scope = b.scope,
                _ => return,
            }
        }
    }
}

/// Appends bytes as text (the reference writes names unescaped).
fn push_raw(out: &mut String, bytes: &[u8]) {
    out.push_str(&String::from_utf8_lossy(bytes));
}

fn md_string(m: &dxil_ir::Module, r: Option<Metadata>) -> &[u8] {
    match r.and_then(|id| m.md(id)) {
        Some(M::String(b)) => m.bytes(*b),
        _ => &[],
    }
}
