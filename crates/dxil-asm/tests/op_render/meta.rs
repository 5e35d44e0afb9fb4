//! The DXIL metadata of a case's shader (DXIL.rst "Metadata"): `dx.version`, `dx.valver`,
//! `dx.shaderModel`, `dx.resources` and `dx.entryPoints` with signatures and properties.

use dxil_test_support::op_cases::{Node, NodeIo, OpCase, Prop, Res, ResClass, ResKind, SigElem};
use std::fmt::Write;

/// Numbered metadata nodes and the resource types they point at.
#[derive(Default)]
pub struct Metadata {
    nodes: Vec<String>,
    /// Resource struct types: (name, body).
    pub types: Vec<(String, String)>,
}

/// Shader flag bits the case asks for that no computation finds (module options).
pub fn option_flags(case: &OpCase) -> u64 {
    let native = case.props.contains(&Prop::NativeLowPrecision);
    if native {
        1 << dxil_gen::flags::bit::USE_NATIVE_LOW_PRECISION
    } else {
        0
    }
}

/// `AnnotateHandle`'s resource properties of `res` (two words; DXIL.rst "Resource
/// Properties").
pub fn properties(res: &Res) -> (u32, u32) {
    let kind = res.kind as u32;
    let mut p0 = kind;
    if res.class == ResClass::Uav {
        p0 |= 1 << 12;
    }
    if res.flag && matches!(res.class, ResClass::Uav | ResClass::Sampler) {
        p0 |= 1 << 15;
    }
    let p1 = match res.kind {
        ResKind::StructuredBuffer | ResKind::CBuffer | ResKind::TBuffer => res.size,
        ResKind::FeedbackTexture2D | ResKind::FeedbackTexture2DArray => res.size,
        k if typed(k) => res.comp as u32 | (res.count << 8),
        _ => 0,
    };
    (p0, p1)
}

/// Textures and typed buffers: kinds with an element type.
fn typed(kind: ResKind) -> bool {
    (kind as u32) <= ResKind::TypedBuffer as u32
}

impl Metadata {
    fn node(&mut self, body: String) -> String {
        self.nodes.push(body);
        format!("!{}", self.nodes.len() - 1)
    }

    /// The named metadata and numbered nodes of the whole module; `matrices` are the LinAlg
    /// matrix types used, in first-use order.
    pub fn module(
        &mut self,
        case: &OpCase,
        flags: u64,
        matrices: &[String],
    ) -> Result<String, String> {
        let mut target_types = Vec::with_capacity(matrices.len());
        for m in matrices {
            target_types.push(self.target_type(m)?);
        }
        let (major, minor) = case.model;
        let version = self.node(format!("!{{i32 1, i32 {minor}}}"));
        let valver = self.node("!{i32 1, i32 10}".into());
        let model = self.node(format!(
            "!{{!\"{}\", i32 {major}, i32 {minor}}}",
            case.stage
        ));
        let resources = self.resources(case);
        let sigs = self.signatures(case);
        let props = self.properties(case, flags)?;
        let res = resources.as_deref().unwrap_or("null");
        let fn_ty = format!("void ({})*", lib_param_types(case).join(", "));
        let mut annotations = None;
        let entry = if case.stage == "lib" {
            annotations = Some(self.annotations(case, &fn_ty));
            let module_props = if flags != 0 {
                self.node(format!("!{{i32 0, i64 {flags}}}"))
            } else {
                "null".into()
            };
            let module_entry = self.node(format!("!{{null, !\"\", null, {res}, {module_props}}}"));
            let e = self.node(format!(
                "!{{{fn_ty} @main, !\"main\", null, null, {props}}}"
            ));
            format!("{module_entry}, {e}")
        } else {
            self.node(format!(
                "!{{{fn_ty} @main, !\"main\", {sigs}, {res}, {props}}}"
            ))
        };
        let mut out = String::new();
        if !target_types.is_empty() {
            let _ = writeln!(out, "!dx.targetTypes = !{{{}}}", target_types.join(", "));
        }
        let _ = writeln!(out, "!dx.version = !{{{version}}}");
        let _ = writeln!(out, "!dx.valver = !{{{valver}}}");
        let _ = writeln!(out, "!dx.shaderModel = !{{{model}}}");
        if let Some(r) = &resources {
            let _ = writeln!(out, "!dx.resources = !{{{r}}}");
        }
        if let Some(a) = annotations {
            let _ = writeln!(out, "!dx.typeAnnotations = !{{{a}}}");
        }
        let _ = writeln!(out, "!dx.entryPoints = !{{{entry}}}\n");
        for (i, n) in self.nodes.iter().enumerate() {
            let _ = writeln!(out, "!{i} = {n}");
        }
        Ok(out)
    }

    /// The `dx.targetTypes` record of matrix type `ty`
    /// (`%dx.types.LinAlgMatrixC9M4N4U0S1`): its `undef` and the numbers its name spells
    /// after `C`, `M`, `N`, `U` and `S` (component type, rows, columns, use, scope).
    fn target_type(&mut self, ty: &str) -> Result<String, String> {
        let rest = ty
            .strip_prefix("%dx.types.LinAlgMatrix")
            .ok_or_else(|| format!("{ty} is not a matrix type"))?;
        let mut fields = vec![format!("{ty} undef")];
        let mut rest = rest;
        for tag in ['C', 'M', 'N', 'U', 'S'] {
            let r = rest
                .strip_prefix(tag)
                .ok_or_else(|| format!("{ty}: no {tag} field"))?;
            let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
            fields.push(format!("i32 {}", &r[..end]));
            rest = &r[end..];
        }
        Ok(self.node(format!("!{{{}}}", fields.join(", "))))
    }

    /// `dx.resources`: four lists by class, `None` without resources.
    fn resources(&mut self, case: &OpCase) -> Option<String> {
        if case.resources.is_empty() {
            return None;
        }
        let mut lists = Vec::new();
        for class in [
            ResClass::Srv,
            ResClass::Uav,
            ResClass::CBuffer,
            ResClass::Sampler,
        ] {
            let mut items = Vec::new();
            for (i, res) in case.resources.iter().enumerate() {
                if res.class != class {
                    continue;
                }
                let id = items.len();
                let ty = format!("%res.{i}");
                let body = match res.kind {
                    ResKind::CBuffer => format!("{{ [{} x float] }}", res.size.max(4) / 4),
                    k if typed(k) && res.count > 1 => {
                        format!("{{ <{} x {}> }}", res.count, res.comp.llvm())
                    }
                    k if typed(k) => format!("{{ {} }}", res.comp.llvm()),
                    _ => "{ i32 }".into(),
                };
                self.types.push((ty.clone(), body));
                let global = if case.stage == "lib" {
                    format!("@res{i}")
                } else {
                    "undef".into()
                };
                let head = format!(
                    "i32 {id}, {ty}* {global}, !\"\", i32 {}, i32 {}, i32 1",
                    res.space, res.register
                );
                let extra = match res.kind {
                    ResKind::StructuredBuffer => self.node(format!("!{{i32 1, i32 {}}}", res.size)),
                    k if typed(k) || k == ResKind::RTAccelerationStructure => {
                        self.node(format!("!{{i32 0, i32 {}}}", res.comp as u32))
                    }
                    ResKind::FeedbackTexture2D | ResKind::FeedbackTexture2DArray => {
                        self.node(format!("!{{i32 2, i32 {}}}", res.size))
                    }
                    _ => "null".into(),
                };
                let kind = res.kind as u32;
                let item = match class {
                    ResClass::Srv => format!("!{{{head}, i32 {kind}, i32 0, {extra}}}"),
                    ResClass::Uav => format!(
                        "!{{{head}, i32 {kind}, i1 false, i1 {}, i1 false, {extra}}}",
                        res.flag
                    ),
                    ResClass::CBuffer => format!("!{{{head}, i32 {}, null}}", res.size),
                    ResClass::Sampler => format!("!{{{head}, i32 {}, null}}", res.flag as u32),
                };
                items.push(self.node(item));
            }
            lists.push(if items.is_empty() {
                "null".to_string()
            } else {
                self.node(format!("!{{{}}}", items.join(", ")))
            });
        }
        Some(self.node(format!("!{{{}}}", lists.join(", "))))
    }

    /// The entry's signature triple, `null` when all three are empty.
    fn signatures(&mut self, case: &OpCase) -> String {
        if case.inputs.is_empty() && case.outputs.is_empty() && case.patch.is_empty() {
            return "null".into();
        }
        let lists = [case.inputs, case.outputs, case.patch].map(|s| self.signature(s));
        self.node(format!("!{{{}}}", lists.join(", ")))
    }

    fn signature(&mut self, elems: &[SigElem]) -> String {
        if elems.is_empty() {
            return "null".into();
        }
        let mut items = Vec::new();
        for (id, e) in elems.iter().enumerate() {
            let indexes: Vec<String> = (0..e.rows).map(|i| format!("i32 {i}")).collect();
            let indexes = self.node(format!("!{{{}}}", indexes.join(", ")));
            let mask = if e.row < 0 {
                "null".to_string()
            } else {
                self.node(format!("!{{i32 3, i32 {}}}", (1u32 << e.cols) - 1))
            };
            items.push(self.node(format!(
                "!{{i32 {id}, !\"{}\", i8 {}, i8 {}, {indexes}, i8 {}, i32 {}, i8 {}, i32 {}, i8 {}, {mask}}}",
                e.semantic,
                e.comp as u32,
                semantic_kind(e.semantic),
                e.interp,
                e.rows,
                e.cols,
                e.row,
                e.col
            )));
        }
        self.node(format!("!{{{}}}", items.join(", ")))
    }

    /// The entry's properties: shader flags and the stage's state.
    fn properties(&mut self, case: &OpCase, flags: u64) -> Result<String, String> {
        let mut items = Vec::new();
        if case.stage == "lib" {
            let kind = match case.entry {
                "node" => NODE_KIND,
                k => {
                    LIB_KINDS
                        .iter()
                        .position(|l| *l == k)
                        .ok_or_else(|| format!("unknown library entry kind {k:?}"))?
                        + 7
                }
            };
            items.push(format!("i32 8, i32 {kind}"));
            if let Some(node) = &case.node {
                self.node_properties(node, &mut items);
            }
            let params = lib_param_types(case);
            if !params.is_empty() {
                items.push("i32 6, i32 4".into());
            }
            if params.len() == 2 {
                items.push("i32 7, i32 8".into());
            }
        }
        if flags != 0 && case.stage != "lib" {
            items.push(format!("i32 0, i64 {flags}"));
        }
        for p in case.props {
            match *p {
                Prop::NumThreads(x, y, z) => {
                    if !matches!(case.stage, "ms" | "as") {
                        let n = self.node(format!("!{{i32 {x}, i32 {y}, i32 {z}}}"));
                        items.push(format!("i32 4, {n}"));
                    }
                }
                Prop::Geometry(input, max, streams, topo, inst) => {
                    let n = self.node(format!(
                        "!{{i32 {input}, i32 {max}, i32 {streams}, i32 {topo}, i32 {inst}}}"
                    ));
                    items.push(format!("i32 1, {n}"));
                }
                Prop::Domain(domain, cps) => {
                    let n = self.node(format!("!{{i32 {domain}, i32 {cps}}}"));
                    items.push(format!("i32 2, {n}"));
                }
                Prop::Hull(inp, outp, domain, part, topo, max) => {
                    let n = self.node(format!(
                        "!{{void ()* @patch_constant, i32 {inp}, i32 {outp}, i32 {domain}, i32 {part}, i32 {topo}, float {}}}",
                        super::types::float_const(max as f64, "float")
                    ));
                    items.push(format!("i32 3, {n}"));
                }
                Prop::Mesh(verts, prims, topo, payload) => {
                    let t = self.threads(case)?;
                    let n = self.node(format!(
                        "!{{{t}, i32 {verts}, i32 {prims}, i32 {topo}, i32 {payload}}}"
                    ));
                    items.push(format!("i32 9, {n}"));
                }
                Prop::Amplification(payload) => {
                    let t = self.threads(case)?;
                    let n = self.node(format!("!{{{t}, i32 {payload}}}"));
                    items.push(format!("i32 10, {n}"));
                }
                Prop::NativeLowPrecision | Prop::InPatchConstantFunction => {}
            }
        }
        if items.is_empty() {
            return Ok("null".into());
        }
        Ok(self.node(format!("!{{{}}}", items.join(", "))))
    }

    /// The `numthreads` node mesh and amplification states embed.
    fn threads(&mut self, case: &OpCase) -> Result<String, String> {
        for p in case.props {
            if let Prop::NumThreads(x, y, z) = *p {
                return Ok(self.node(format!("!{{i32 {x}, i32 {y}, i32 {z}}}")));
            }
        }
        Err("mesh and amplification states need NumThreads".into())
    }
}

/// The shader kind of node entries.
const NODE_KIND: usize = 15;

impl Metadata {
    /// A node entry's properties: launch type, node id, local root arguments table index,
    /// dispatch grid (broadcasting), max recursion depth, inputs and outputs.
    fn node_properties(&mut self, node: &Node, items: &mut Vec<String>) {
        items.push(format!("i32 13, i32 {}", node.launch));
        let id = self.node("!{!\"main\", i32 0}".into());
        items.push(format!("i32 15, {id}"));
        items.push("i32 16, i32 -1".into());
        if node.launch == 1 {
            let grid = self.node("!{i32 1, i32 1, i32 1}".into());
            items.push(format!("i32 18, {grid}"));
        }
        if node.max_recursion != 0 {
            items.push(format!("i32 19, i32 {}", node.max_recursion));
        }
        if let Some(input) = &node.input {
            let io = self.node_io(input, None);
            let list = self.node(format!("!{{{io}}}"));
            items.push(format!("i32 20, {list}"));
        }
        if !node.outputs.is_empty() {
            let ios: Vec<String> = (0..node.outputs.len())
                .map(|i| self.node_io(&node.outputs[i], Some(i)))
                .collect();
            let list = self.node(format!("!{{{}}}", ios.join(", ")));
            items.push(format!("i32 21, {list}"));
        }
    }

    /// One input or output: flags, record type, max records, array size, output id.
    fn node_io(&mut self, io: &NodeIo, output: Option<usize>) -> String {
        let mut props = vec![format!("i32 1, i32 {}", io.flags)];
        if io.record_size != 0 {
            let record = self.node(format!("!{{i32 0, i32 {}, i32 2, i32 4}}", io.record_size));
            props.push(format!("i32 2, {record}"));
        }
        if io.max_records != 0 {
            props.push(format!("i32 3, i32 {}", io.max_records));
        }
        if io.array_size != 0 {
            props.push(format!("i32 5, i32 {}", io.array_size));
        }
        if let Some(i) = output {
            let id = self.node(format!("!{{!\"output\", i32 {i}}}"));
            props.push(format!("i32 0, {id}"));
        }
        self.node(format!("!{{{}}}", props.join(", ")))
    }
}

/// Library entry kinds, numbered from 7 (raygeneration) as shader kinds.
const LIB_KINDS: [&str; 6] = [
    "raygeneration",
    "intersection",
    "anyhit",
    "closesthit",
    "miss",
    "callable",
];

/// Parameter types of a library entry: payload, then hit attributes.
fn lib_param_types(case: &OpCase) -> Vec<&'static str> {
    match case.entry {
        "anyhit" | "closesthit" => vec!["%struct.Payload*", "%struct.Attr*"],
        "miss" | "callable" => vec!["%struct.Payload*"],
        _ => vec![],
    }
}

/// The entry's parameters as the definition names them.
pub fn lib_params(case: &OpCase) -> Vec<String> {
    lib_param_types(case)
        .iter()
        .zip(["%payload", "%attr"])
        .map(|(t, n)| format!("{t} {n}"))
        .collect()
}

impl Metadata {
    /// `dx.typeAnnotations` of a library entry: its parameters are `inout` payload and
    /// `in` attributes.
    fn annotations(&mut self, case: &OpCase, fn_ty: &str) -> String {
        let empty = self.node("!{}".into());
        let mut params = vec![self.node(format!("!{{i32 1, {empty}, {empty}}}"))];
        for (i, _) in lib_param_types(case).iter().enumerate() {
            let kind = if i == 0 { 2 } else { 0 };
            params.push(self.node(format!("!{{i32 {kind}, {empty}, {empty}}}")));
        }
        let list = self.node(format!("!{{{}}}", params.join(", ")));
        self.node(format!("!{{i32 1, {fn_ty} @main, {list}}}"))
    }
}

/// The semantic kind of a signature element's name: `SV_` plus a kind's name, else
/// Arbitrary (0).
fn semantic_kind(name: &str) -> u32 {
    let Some(rest) = name
        .get(..3)
        .filter(|p| p.eq_ignore_ascii_case("SV_"))
        .and_then(|_| name.get(3..))
    else {
        return 0;
    };
    dxil_ops::SemanticKind::ALL
        .iter()
        .find(|k| k.name().eq_ignore_ascii_case(rest))
        .map_or(0, |k| *k as u32)
}
