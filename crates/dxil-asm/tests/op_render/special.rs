//! The values [`Arg::Special`] names and the functions a stage needs besides the entry.
//!
//! [`Arg::Special`]: dxil_test_support::op_cases::Arg::Special

use super::Renderer;

impl Renderer<'_> {
    /// The value `name` stands for (see `dxil_test_support::op_cases::SPECIALS`), made
    /// once per shader.
    pub(super) fn special(&mut self, name: &'static str, ty: &str) -> Result<String, String> {
        if let Some(v) = self.specials.get(name) {
            return Ok(v.clone());
        }
        if name == "matrix" {
            // A matrix of the operand's type, filled with 0; one for each operand, as
            // operands of one call may differ in type.
            return self
                .call_at(0x8000_000C, &[ty, "i32"], &["i32 0".into()])?
                .ok_or_else(|| "LinAlgFillMatrix has no result".into());
        }
        if name == "loadedmatrix" {
            let h = self.handle(0)?;
            let mut args = vec![format!("%dx.types.Handle {h}")];
            args.extend(["i32 0", "i32 0", "i32 0", "i32 128"].map(String::from));
            return self.call_value(0x8000_000E, ty, &args);
        }
        let v = match name {
            // AllocateRayQuery with no constant ray flags.
            "rayquery" => self.call_value(178, "void", &["i32 0".into()])?,
            // HitObject_MakeNop.
            "hitobject" => self.call_value(266, "void", &[])?,
            "status" => {
                let h = self.handle(0)?;
                let ret = self.call_value(
                    68,
                    "float",
                    &[
                        format!("%dx.types.Handle {h}"),
                        "i32 0".into(),
                        "i32 undef".into(),
                    ],
                )?;
                self.extract("%dx.types.ResRet.f32", &ret, 4)?
            }
            // Strip the type: the operand's type comes from the call.
            "binding" => self.binding(0)?,
            "properties" => strip_type(self.props(0)?),
            "resbind" => strip_type(self.resbind(0)?),
            "groupshared" => {
                let pointee = ty.split(" addrspace").next().unwrap_or(ty).to_string();
                self.use_type(&pointee);
                use std::fmt::Write;
                let _ = writeln!(
                    self.globals,
                    "@groupshared = internal addrspace(3) global {pointee} undef, align 4"
                );
                "@groupshared".into()
            }
            // A library's resource 0: the load of its global.
            "resource" => {
                use std::fmt::Write;
                let _ = writeln!(self.globals, "@res0 = external constant %res.0, align 4");
                let v = self.fresh();
                let _ = writeln!(self.body, "  {v} = load %res.0, %res.0* @res0, align 4");
                v
            }
            // The entry's payload parameter, or (ray generation) a local payload.
            "payload" if self.case.entry != "raygeneration" => "%payload".into(),
            "payload" => self.alloca("%struct.Payload")?,
            "attributes" if matches!(self.case.entry, "anyhit" | "closesthit") => "%attr".into(),
            "attributes" => self.alloca("%struct.Attr")?,
            "register" => self.alloca("float")?,
            "nodeinputraw" => self.call_value(250, "void", &["i32 0".into()])?,
            "nodeinput" => {
                let h = self.special("nodeinputraw", ty)?;
                let info = self.special("recordinfo", ty)?;
                self.call_value(
                    251,
                    "void",
                    &[
                        format!("%dx.types.NodeRecordHandle {h}"),
                        format!("%dx.types.NodeRecordInfo {info}"),
                    ],
                )?
            }
            "recordinfo" => {
                let io = self.node()?.input.ok_or("the node has no input")?;
                format!("{{ i32 {}, i32 {} }}", io.flags, io.record_size)
            }
            "nodeoutputraw" => self.call_value(247, "void", &["i32 0".into()])?,
            "nodeoutput" => {
                let h = self.special("nodeoutputraw", ty)?;
                let info = self.special("nodeinfo", ty)?;
                self.call_value(
                    249,
                    "void",
                    &[
                        format!("%dx.types.NodeHandle {h}"),
                        format!("%dx.types.NodeInfo {info}"),
                    ],
                )?
            }
            "nodeinfo" => {
                let io = self
                    .node()?
                    .outputs
                    .first()
                    .ok_or("the node has no output")?;
                format!("{{ i32 {}, i32 {} }}", io.flags, io.record_size)
            }
            "outputrecords" => {
                let out = self.special("nodeoutput", ty)?;
                let io = *self
                    .node()?
                    .outputs
                    .first()
                    .ok_or("the node has no output")?;
                let records = self.call_value(
                    238,
                    "void",
                    &[
                        format!("%dx.types.NodeHandle {out}"),
                        "i32 1".into(),
                        "i1 true".into(),
                    ],
                )?;
                self.use_type("%dx.types.NodeRecordInfo");
                self.call_value(
                    251,
                    "void",
                    &[
                        format!("%dx.types.NodeRecordHandle {records}"),
                        format!(
                            "%dx.types.NodeRecordInfo {{ i32 {}, i32 {} }}",
                            io.flags | THREAD_RECORD,
                            io.record_size
                        ),
                    ],
                )?
            }
            other => return Err(format!("unknown special value {other:?} of type {ty}")),
        };
        self.specials.insert(name, v.clone());
        Ok(v)
    }
}

/// `NodeIOFlags` of per-thread records.
const THREAD_RECORD: u32 = 0x20;

impl Renderer<'_> {
    /// The case's node entry.
    fn node(&self) -> Result<dxil_test_support::op_cases::Node, String> {
        self.case.node.ok_or_else(|| "not a node entry".to_string())
    }
}

/// A typed constant's value text without its type.
fn strip_type(typed: String) -> String {
    typed
        .split_once(' ')
        .map_or(typed.clone(), |(_, v)| v.to_string())
}

impl Renderer<'_> {
    /// A local of type `ty`.
    fn alloca(&mut self, ty: &str) -> Result<String, String> {
        self.use_type(ty);
        let r = self.fresh();
        use std::fmt::Write;
        let _ = writeln!(self.body, "  {r} = alloca {ty}, align 4");
        Ok(r)
    }

    /// `extractvalue` of element `index` of `v` of type `ty`.
    pub(super) fn extract(&mut self, ty: &str, v: &str, index: u32) -> Result<String, String> {
        let r = self.fresh();
        use std::fmt::Write;
        let _ = writeln!(self.body, "  {r} = extractvalue {ty} {v}, {index}");
        Ok(r)
    }
}

/// Functions besides the entry: a hull shader's patch constant function.
pub fn functions(r: &mut Renderer<'_>) -> Result<String, String> {
    Ok(if r.case.stage == "hs" {
        format!(
            "define void @patch_constant() {{\n{}  ret void\n}}\n\n",
            r.patch_body
        )
    } else {
        String::new()
    })
}
