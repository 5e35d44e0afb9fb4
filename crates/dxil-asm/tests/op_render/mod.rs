//! Renders an [`OpCase`] as the DXIL text of a complete shader: one entry function that
//! makes the handles and values the case needs and calls the operation once, with the
//! declarations generated from the operation database and the DXIL metadata (version,
//! shader model, resources, entry point with signatures and properties).

mod meta;
mod special;
mod types;

use dxil_ops::FnAttr;
use dxil_test_support::op_cases::{Arg, OpCase, Prop};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The case's text and its assembled container. The shader flags the entry records are
/// the ones `dxil-gen` computes from a first rendering (the validator compares them).
pub fn build(case: &OpCase) -> Result<(String, Vec<u8>), String> {
    let first = render(case, 0)?;
    let m = parse(&first)?;
    let src = dxil_gen::Source::new(&m).map_err(|e| format!("reading metadata: {e}"))?;
    // Libraries keep their recorded flags in `Source`; compute theirs the same way.
    let flags = dxil_gen::compute_flags::compute_flags(&src, dxil_gen::RawFlags(0)).0;
    let text = render(case, flags | meta::option_flags(case))?;
    let m = parse(&text)?;
    let out = dxil_asm::assemble_container(&m).map_err(|e| e.to_string())?;
    Ok((text, out.bytes))
}

fn parse(text: &str) -> Result<dxil_ir::Module, String> {
    dxil_asm::parse_module(text, "case.ll")
        .map(dxil_ir::CheckedModule::into_inner)
        .map_err(|d| d.to_string())
}

/// The text of the shader for `case`, its entry recording shader flags `flags`.
pub fn render(case: &OpCase, flags: u64) -> Result<String, String> {
    let mut r = Renderer {
        case,
        types: BTreeMap::new(),
        matrices: Vec::new(),
        decls: BTreeMap::new(),
        attrs: Vec::new(),
        body: String::new(),
        globals: String::new(),
        values: 0,
        specials: BTreeMap::new(),
        handles: BTreeMap::new(),
        patch_body: String::new(),
    };
    let op = dxil_ops::op_info(case.opcode).ok_or("not an operation")?;
    let operands = op.operands();
    if operands.len() != case.args.len() + 2 {
        return Err(format!(
            "{} operands after the opcode, the case has {}",
            operands.len().saturating_sub(2),
            case.args.len()
        ));
    }
    if case.stage == "ms" && case.opcode != 168 {
        // Mesh outputs are written only after the counts are set.
        r.call(168, "void", &["i32 3".into(), "i32 1".into()])?;
    }
    let ovls: Vec<&str> = case.overloads().collect();
    let mut args = Vec::new();
    for (arg, operand) in case.args.iter().zip(&operands[2..]) {
        let ty = types::of_code(operand.ty(), &ovls)?;
        let v = r.value(arg, &ty)?;
        args.push(format!("{ty} {v}"));
    }
    if case.props.contains(&Prop::InPatchConstantFunction) {
        // Handles and special values stay in the entry; only the call moves.
        let entry = std::mem::take(&mut r.body);
        r.call_at(case.opcode, &ovls, &args)?;
        r.patch_body = std::mem::replace(&mut r.body, entry);
    } else {
        r.call_at(case.opcode, &ovls, &args)?;
    }
    r.write_outputs()?;
    r.finish(flags)
}

/// What the text is assembled from while rendering one case.
pub struct Renderer<'c> {
    case: &'c OpCase,
    /// Named types used: name -> body.
    types: BTreeMap<String, String>,
    /// LinAlg matrix types used, in first-use order (for `dx.targetTypes`).
    matrices: Vec<String>,
    /// Declared functions: name -> (declaration without the attribute group, group).
    decls: BTreeMap<String, (String, usize)>,
    /// Attribute group texts in first-use order.
    attrs: Vec<&'static str>,
    body: String,
    globals: String,
    values: u32,
    /// Special values made so far, by name.
    specials: BTreeMap<&'static str, String>,
    /// Handles made so far, by resource index.
    handles: BTreeMap<usize, String>,
    /// The body of a hull shader's patch constant function.
    patch_body: String,
}

impl Renderer<'_> {
    /// A fresh value name.
    fn fresh(&mut self) -> String {
        self.values += 1;
        format!("%v{}", self.values)
    }

    /// Records the named types a type text mentions.
    fn use_type(&mut self, ty: &str) {
        for part in ty.split([' ', ',', '*', '{']) {
            let name = part.trim_end_matches(['*', ',', '}']);
            if let Some(body) = types::definition(name) {
                self.types.insert(name.to_string(), body);
                let matrix = name.starts_with("%dx.types.LinAlgMatrix");
                if matrix && !self.matrices.iter().any(|m| m == name) {
                    self.matrices.push(name.to_string());
                }
            }
        }
    }

    /// Calls operation `opcode` at overload `ovl` with typed operand texts; returns the
    /// result's name (`None` for `void`).
    pub fn call(
        &mut self,
        opcode: u32,
        ovl: &str,
        args: &[String],
    ) -> Result<Option<String>, String> {
        self.call_at(opcode, &[ovl], args)
    }

    /// Like [`Self::call`] with the overload type of each position (`$x0`, `$x1`, ...);
    /// the function name takes every overload's suffix in order.
    pub fn call_at(
        &mut self,
        opcode: u32,
        ovls: &[&str],
        args: &[String],
    ) -> Result<Option<String>, String> {
        let op = dxil_ops::op_info(opcode).ok_or("not an operation")?;
        let operands = op.operands();
        let ret = types::of_code(operands[0].ty(), ovls)?;
        let sfx: Vec<String> = ovls
            .iter()
            .map(|o| types::suffix(o))
            .filter(|s| !s.is_empty())
            .collect();
        let sfx = sfx.join(".");
        // The reference spells two function names differently from the database.
        let function = op
            .function()
            .replace("dx.op.cBuffer", "dx.op.cbuffer")
            .replace("dx.op.gSInstanceID", "dx.op.gsInstanceID");
        let name = if sfx.is_empty() {
            function
        } else {
            format!("{function}.{sfx}")
        };
        let mut params = vec!["i32".to_string()];
        for o in &operands[2..] {
            params.push(types::of_code(o.ty(), ovls)?);
        }
        for t in params.iter().chain(std::iter::once(&ret)) {
            self.use_type(&t.clone());
        }
        if !self.decls.contains_key(&name) {
            let attr = match op.fn_attr {
                FnAttr::ReadNone => "nounwind readnone",
                FnAttr::ReadOnly => "nounwind readonly",
                FnAttr::None => "nounwind",
                FnAttr::NoDuplicate => "noduplicate nounwind",
                FnAttr::NoReturn => "noreturn nounwind",
                FnAttr::ArgMemOnly => "argmemonly nounwind",
            };
            let group = match self.attrs.iter().position(|a| *a == attr) {
                Some(g) => g,
                None => {
                    self.attrs.push(attr);
                    self.attrs.len() - 1
                }
            };
            let decl = format!("declare {ret} @{name}({})", params.join(", "));
            self.decls.insert(name.clone(), (decl, group));
        }
        let mut all = vec![format!("i32 {opcode}")];
        all.extend(args.iter().cloned());
        let call = format!("call {ret} @{name}({})", all.join(", "));
        if ret == "void" {
            let _ = writeln!(self.body, "  {call}");
            Ok(None)
        } else {
            let v = self.fresh();
            let _ = writeln!(self.body, "  {v} = {call}");
            Ok(Some(v))
        }
    }

    /// Like [`Self::call`] for operations with a result.
    pub fn call_value(
        &mut self,
        opcode: u32,
        ovl: &str,
        args: &[String],
    ) -> Result<String, String> {
        self.call(opcode, ovl, args)?
            .ok_or_else(|| format!("operation {opcode} has no result"))
    }

    /// The handle of resource `i`, made on first use.
    fn handle(&mut self, i: usize) -> Result<String, String> {
        if let Some(h) = self.handles.get(&i) {
            return Ok(h.clone());
        }
        let case = self.case;
        let res = case
            .resources
            .get(i)
            .ok_or_else(|| format!("no resource {i}"))?;
        let class = res.class as u32;
        let handle = if case.stage == "lib" {
            let v = self.special("resource", "")?;
            self.call_value(160, &format!("%res.{i}"), &[format!("%res.{i} {v}")])?
        } else if case.model < (6, 6) {
            let range = case.resources[..i]
                .iter()
                .filter(|r| r.class == res.class)
                .count();
            let args = [
                format!("i8 {class}"),
                format!("i32 {range}"),
                format!("i32 {}", res.register),
                "i1 false".to_string(),
            ];
            self.call_value(57, "void", &args)?
        } else {
            let b = self.binding(i)?;
            let args = [format!("%dx.types.Handle {b}"), self.props(i)?];
            self.call_value(216, "void", &args)?
        };
        self.handles.insert(i, handle.clone());
        Ok(handle)
    }

    /// `CreateHandleFromBinding` of resource `i` (not annotated).
    fn binding(&mut self, i: usize) -> Result<String, String> {
        let reg = self.case.resources.get(i).ok_or("no resource")?.register;
        let args = [self.resbind(i)?, format!("i32 {reg}"), "i1 false".into()];
        self.call_value(217, "void", &args)
    }

    /// The typed `ResBind` constant of resource `i`.
    fn resbind(&self, i: usize) -> Result<String, String> {
        let res = self.case.resources.get(i).ok_or("no resource")?;
        Ok(format!(
            "%dx.types.ResBind {{ i32 {r}, i32 {r}, i32 {}, i8 {} }}",
            res.space,
            res.class as u32,
            r = res.register
        ))
    }

    /// The typed `ResourceProperties` constant of resource `i`.
    fn props(&self, i: usize) -> Result<String, String> {
        let res = self.case.resources.get(i).ok_or("no resource")?;
        let (p0, p1) = meta::properties(res);
        Ok(format!(
            "%dx.types.ResourceProperties {{ i32 {p0}, i32 {p1} }}"
        ))
    }

    /// The value text of one operand of LLVM type `ty`.
    fn value(&mut self, arg: &Arg, ty: &str) -> Result<String, String> {
        if let Some(inner) = ty.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
            if let (Arg::Int(_) | Arg::Float(_), Some((n, elt))) = (arg, inner.split_once(" x ")) {
                let n: usize = n.parse().map_err(|_| format!("bad vector type {ty}"))?;
                let e = self.value(arg, elt)?;
                return Ok(format!("<{}>", vec![format!("{elt} {e}"); n].join(", ")));
            }
        }
        Ok(match *arg {
            Arg::Int(v) if ty == "i1" => (if v == 0 { "false" } else { "true" }).into(),
            Arg::Int(v) if ty.starts_with('i') => v.to_string(),
            Arg::Float(v) if matches!(ty, "half" | "float" | "double") => types::float_const(v, ty),
            Arg::Undef => "undef".into(),
            Arg::Handle(i) => self.handle(i)?,
            Arg::Input => self.input(ty)?,
            Arg::Special(name) => self.special(name, ty)?,
            _ => return Err(format!("{arg:?} is not a constant of type {ty}")),
        })
    }

    /// A value read from the shader, converted to `ty`.
    fn input(&mut self, ty: &str) -> Result<String, String> {
        let (v, vty) = match self.case.stage {
            "cs" | "ms" | "as" => (
                self.call_value(93, "i32", &["i32 0".into()])?,
                "i32".to_string(),
            ),
            _ => {
                let e = self
                    .case
                    .inputs
                    .first()
                    .ok_or("Input needs an input element")?;
                let t = e.comp.llvm().to_string();
                let args = [
                    "i32 0".into(),
                    "i32 0".into(),
                    "i8 0".into(),
                    "i32 undef".into(),
                ];
                (self.call_value(4, &t, &args)?, t)
            }
        };
        if vty == ty {
            return Ok(v);
        }
        let cast = match (vty.as_str(), ty) {
            ("i32", "float" | "half" | "double") => "uitofp",
            ("float", "i32") => "fptoui",
            ("i32", "i1") => {
                let r = self.fresh();
                let _ = writeln!(self.body, "  {r} = icmp ne i32 {v}, 0");
                return Ok(r);
            }
            (a, b) => return Err(format!("no conversion of an input from {a} to {b}")),
        };
        let r = self.fresh();
        let _ = writeln!(self.body, "  {r} = {cast} {vty} {v} to {ty}");
        Ok(r)
    }

    /// Stores 0 to every component of every output: the validator wants each element
    /// written. Mesh shaders store vertex and primitive 0; a hull shader's patch constants
    /// are stored in its patch constant function.
    fn write_outputs(&mut self) -> Result<(), String> {
        let case = self.case;
        let (op, extra) = match case.stage {
            "ms" => (171, Some("i32 0")),
            _ => (5, None),
        };
        for (id, e) in case.outputs.iter().enumerate() {
            self.store_element(op, id, e, extra)?;
        }
        match case.stage {
            "ms" => {
                for (id, e) in case.patch.iter().enumerate() {
                    self.store_element(172, id, e, Some("i32 0"))?;
                }
            }
            "hs" => {
                let entry = std::mem::take(&mut self.body);
                for (id, e) in case.patch.iter().enumerate() {
                    self.store_element(106, id, e, None)?;
                }
                self.patch_body
                    .push_str(&std::mem::replace(&mut self.body, entry));
            }
            _ => {}
        }
        Ok(())
    }

    /// Stores 0 to each component of output element `id` with operation `op`.
    fn store_element(
        &mut self,
        op: u32,
        id: usize,
        e: &dxil_test_support::op_cases::SigElem,
        extra: Option<&str>,
    ) -> Result<(), String> {
        let ty = e.comp.llvm();
        let zero = match ty {
            "half" | "float" | "double" => types::float_const(0.0, ty),
            _ => "0".into(),
        };
        for row in 0..e.rows {
            for col in 0..e.cols {
                let mut args = vec![
                    format!("i32 {id}"),
                    format!("i32 {row}"),
                    format!("i8 {col}"),
                    format!("{ty} {zero}"),
                ];
                args.extend(extra.map(String::from));
                self.call(op, ty, &args)?;
            }
        }
        Ok(())
    }

    /// The whole module text.
    fn finish(mut self, flags: u64) -> Result<String, String> {
        let case = self.case;
        let extra = special::functions(&mut self)?;
        let mut md = meta::Metadata::default();
        let named = md.module(case, flags, &self.matrices)?;
        for p in meta::lib_params(case) {
            self.use_type(&p);
        }
        let mut out = String::new();
        out.push_str(
            "target datalayout = \"e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64\"\n",
        );
        out.push_str("target triple = \"dxil-ms-dx\"\n\n");
        for (name, body) in &self.types {
            let _ = writeln!(out, "{name} = type {body}");
        }
        for (name, body) in &md.types {
            let _ = writeln!(out, "{name} = type {body}");
        }
        out.push_str(&self.globals);
        out.push('\n');
        out.push_str(&extra);
        let _ = writeln!(
            out,
            "define void @main({}) {{\n{}  ret void\n}}\n",
            meta::lib_params(case).join(", "),
            self.body
        );
        for (decl, group) in self.decls.values() {
            let _ = writeln!(out, "{decl} #{group}\n");
        }
        for (i, a) in self.attrs.iter().enumerate() {
            let _ = writeln!(out, "attributes #{i} = {{ {a} }}");
        }
        out.push('\n');
        out.push_str(&named);
        Ok(out)
    }
}
