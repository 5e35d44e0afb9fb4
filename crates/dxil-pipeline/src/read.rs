//! Reading a pipeline from its YAML, with the suite's keys, defaults and checks
//! (`lib/Support/Pipeline.cpp`, the `MappingTraits` of each part). Every error names the
//! line of the node it concerns.

use crate::error::PipelineError;
use crate::fields::{number, Fields};
use crate::model::*;
use crate::values;
use crate::yaml::{self, Node};

/// Bytes a buffer may take, all its blocks together; larger is refused, so that `FillSize`
/// cannot ask for unbounded memory (the suite's largest, a golden image, takes all of it).
const MAX_BUFFER_BYTES: usize = 256 << 20;

/// Reads the pipeline in `text`.
pub fn parse(text: &str) -> Result<Pipeline, PipelineError> {
    let root = yaml::parse(text)?;
    let top = Fields::new(
        &root,
        "the pipeline",
        &[
            "Shaders",
            "RuntimeSettings",
            "Buffers",
            "Samplers",
            "Results",
            "DescriptorSets",
            "Bindings",
            "PushConstants",
            "AccelerationStructures",
            "RayTracingPipelineConfig",
            "HitGroups",
            "ShaderBindingTable",
            "DispatchParameters",
        ],
    )?;
    let mut p = Pipeline {
        shaders: Vec::new(),
        buffers: Vec::new(),
        samplers: Vec::new(),
        results: Vec::new(),
        sets: Vec::new(),
        push_constants: Vec::new(),
        root_parameters: Vec::new(),
        dispatch: [1, 1, 1],
        unsupported: Vec::new(),
        io: None,
        vertex_count: None,
    };
    for n in top.required("Shaders")?.seq("Shaders")? {
        p.shaders.push(shader(n)?);
    }
    if let Some(rs) = top.get("RuntimeSettings") {
        p.root_parameters = root_parameters(rs)?;
    }
    for n in top.required("Buffers")?.seq("Buffers")? {
        let b = buffer(n)?;
        if p.buffer(&b.name).is_some() {
            return Err(PipelineError::new(
                n.line,
                format!("duplicated buffer '{}'", b.name),
            ));
        }
        p.buffers.push(b);
    }
    if let Some(s) = top.get("Samplers") {
        for n in s.seq("Samplers")? {
            p.samplers.push(sampler(n)?);
        }
    }
    if let Some(r) = top.get("Results") {
        for n in r.seq("Results")? {
            p.results.push(result(n)?);
        }
    }
    for n in top.required("DescriptorSets")?.seq("DescriptorSets")? {
        let set = Fields::new(n, "a descriptor set", &["Resources"])?;
        let mut resources = Vec::new();
        for r in set.required("Resources")?.seq("Resources")? {
            resources.push(resource(r)?);
        }
        p.sets.push(resources);
    }
    if let Some(n) = top.get("PushConstants") {
        for b in n.seq("PushConstants")? {
            p.push_constants.push(push_constants(b)?);
        }
    }
    if let (Some(n), false) = (top.get("PushConstants"), p.push_constants.is_empty()) {
        // Direct3D has no push constants: the suite's DirectX device leaves them unbound.
        p.unsupported
            .push((n.line, "'PushConstants' (Vulkan push constants)".into()));
    }
    if let Some(n) = top.get("Bindings") {
        p.io = Some(io_bindings(n, &mut p.unsupported)?);
    }
    for key in [
        "AccelerationStructures",
        "RayTracingPipelineConfig",
        "HitGroups",
    ] {
        if let Some(n) = top.get(key) {
            p.unsupported
                .push((n.line, format!("'{key}' (ray tracing or rasterisation)")));
        }
    }
    if let Some(n) = top.get("ShaderBindingTable") {
        p.unsupported
            .push((n.line, "'ShaderBindingTable' (ray tracing)".into()));
    }
    let stages: Vec<Stage> = p.shaders.iter().map(|s| s.stage).collect();
    if stages != [Stage::Vertex, Stage::Pixel] {
        for s in &p.shaders {
            if s.stage != Stage::Compute {
                p.unsupported
                    .push((s.line, format!("the {} stage", s.stage.name())));
            }
        }
    }
    if p.shaders.iter().any(|s| s.stage == Stage::Compute) && p.shaders.len() > 1 {
        return Err(PipelineError::new(
            p.shaders[1].line,
            "a compute pipeline has only its compute shader".into(),
        ));
    }
    if let Some(n) = top.get("DispatchParameters") {
        let d = Fields::new(
            n,
            "DispatchParameters",
            &["DispatchGroupCount", "VertexCount"],
        )?;
        if let Some(c) = d.get("DispatchGroupCount") {
            let items = c.seq("DispatchGroupCount")?;
            if items.len() != 3 {
                return Err(PipelineError::new(
                    c.line,
                    format!("DispatchGroupCount has {} values, expected 3", items.len()),
                ));
            }
            for (i, item) in items.iter().enumerate() {
                p.dispatch[i] = number(item, "DispatchGroupCount")?;
                if p.dispatch[i] > dxil_exec::MAX_GROUPS_PER_DIMENSION {
                    return Err(PipelineError::new(
                        item.line,
                        format!(
                            "DispatchGroupCount {} in {}: Direct3D dispatches at most {} groups \
                             per dimension",
                            p.dispatch[i],
                            ["x", "y", "z"][i],
                            dxil_exec::MAX_GROUPS_PER_DIMENSION
                        ),
                    ));
                }
            }
        }
        if let Some(v) = d.get("VertexCount") {
            p.vertex_count = Some(number(v, "VertexCount")?);
        }
    }
    resolve(&p)?;
    Ok(p)
}

/// Checks that every name refers to something, as the suite does after mapping.
fn resolve(p: &Pipeline) -> Result<(), PipelineError> {
    for r in p.sets.iter().flatten() {
        let found = match r.kind {
            SuiteResourceKind::AccelerationStructure => true, // refused later, with its construct
            SuiteResourceKind::Sampler => p.sampler(&r.name).is_some(),
            SuiteResourceKind::SampledTexture2D => {
                p.sampler(&r.name).is_some() && p.buffer(&r.name).is_some()
            }
            _ => p.buffer(&r.name).is_some(),
        };
        if !found {
            return Err(PipelineError::new(
                r.line,
                format!("referenced resource '{}' not found", r.name),
            ));
        }
    }
    for r in &p.results {
        for name in [&r.actual, &r.expected] {
            if p.buffer(name).is_none() {
                return Err(PipelineError::new(
                    r.line,
                    format!("result '{}': buffer '{name}' not found", r.name),
                ));
            }
        }
        let (a, e) = (p.buffer(&r.actual), p.buffer(&r.expected));
        if let (Some(a), Some(e), false) = (a, e, r.rule == Rule::BufferExact) {
            if !a.format.is_float() || !e.format.is_float() {
                return Err(PipelineError::new(
                    r.line,
                    format!(
                        "result '{}': the float rules take float buffers only",
                        r.name
                    ),
                ));
            }
            if a.format != e.format {
                return Err(PipelineError::new(
                    r.line,
                    format!("result '{}': the buffers must have the same format", r.name),
                ));
            }
        }
    }
    for rp in &p.root_parameters {
        if let RootParameter::Constant { name } | RootParameter::RootDescriptor { name, .. } = rp {
            if p.buffer(name).is_none() {
                return Err(PipelineError::new(
                    0,
                    format!("buffer '{name}' of a root parameter not found"),
                ));
            }
        }
    }
    let tables = p
        .root_parameters
        .iter()
        .filter(|r| **r == RootParameter::DescriptorTable)
        .count();
    if !p.root_parameters.is_empty() && tables != p.sets.len() {
        return Err(PipelineError::new(
            0,
            format!(
                "expected {} DescriptorTable root parameters, found {tables}",
                p.sets.len()
            ),
        ));
    }
    Ok(())
}

fn shader(n: &Node) -> Result<Shader, PipelineError> {
    let f = Fields::new(
        n,
        "a shader",
        &["Stage", "Entry", "SpecializationConstants"],
    )?;
    Ok(Shader {
        stage: f.enumeration("Stage", &Stage::ALL, None)?,
        entry: f.string("Entry")?,
        line: n.line,
    })
}

fn root_parameters(n: &Node) -> Result<Vec<RootParameter>, PipelineError> {
    let rs = Fields::new(n, "RuntimeSettings", &["DirectX"])?;
    let Some(dx) = rs.get("DirectX") else {
        return Ok(Vec::new());
    };
    let dx = Fields::new(dx, "RuntimeSettings.DirectX", &["RootParameters"])?;
    let Some(list) = dx.get("RootParameters") else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for item in list.seq("RootParameters")? {
        let f = Fields::new(item, "a root parameter", &["Kind", "Name", "Resource"])?;
        let kinds = [
            ("Constant", "Constant"),
            ("DescriptorTable", "DescriptorTable"),
            ("RootDescriptor", "RootDescriptor"),
        ];
        let kind = f.enumeration("Kind", &kinds, None)?;
        out.push(match kind {
            "Constant" => RootParameter::Constant {
                name: f.string("Name")?,
            },
            "RootDescriptor" => {
                let r = f.required("Resource")?;
                let rf = Fields::new(r, "a root descriptor", &["Name", "Kind"])?;
                let kind = rf.enumeration("Kind", &SuiteResourceKind::ALL, None)?;
                if !kind.is_raw() {
                    return Err(PipelineError::new(
                        r.line,
                        "root descriptors must be raw resource types".into(),
                    ));
                }
                RootParameter::RootDescriptor {
                    name: rf.string("Name")?,
                    kind,
                }
            }
            _ => RootParameter::DescriptorTable,
        });
    }
    Ok(out)
}

/// The values of one `Data` block.
fn block(n: &Node, format: DataFormat) -> Result<Vec<u8>, PipelineError> {
    let items = n.seq("Data")?;
    let mut out = Vec::with_capacity(items.len() * format.size() as usize);
    for item in items {
        let text = item.scalar("a value")?;
        out.extend(values::parse(format, text).map_err(|m| PipelineError::new(item.line, m))?);
        if out.len() > MAX_BUFFER_BYTES {
            return Err(PipelineError::new(item.line, "buffer too large".into()));
        }
    }
    Ok(out)
}

fn buffer(n: &Node) -> Result<Buffer, PipelineError> {
    let f = Fields::new(
        n,
        "a buffer",
        &[
            "Name",
            "Format",
            "Channels",
            "Stride",
            "ArraySize",
            "ZeroInitSize",
            "FillSize",
            "FillValue",
            "Data",
            "OutputProps",
            "Counter",
            "Counters",
        ],
    )?;
    let name = f.string("Name")?;
    let format = f.enumeration("Format", &DataFormat::ALL, None)?;
    let channels = f.u32_or("Channels", 1)?;
    let stride = f.u32_or("Stride", 0)?;
    let array_size = f.u32_or("ArraySize", 1)?;
    if stride != 0 && channels != 1 {
        return Err(PipelineError::new(
            n.line,
            "cannot set a structure stride and more than one channel".into(),
        ));
    }
    if array_size == 0 || array_size > 4096 {
        return Err(PipelineError::new(
            n.line,
            format!("ArraySize {array_size} out of range"),
        ));
    }
    if let Some(z) = f.get("ZeroInitSize") {
        return Err(PipelineError::new(
            z.line,
            "invalid key 'ZeroInitSize' - did you mean 'FillSize'?".into(),
        ));
    }
    let fill_size = f.u32_or("FillSize", 0)? as usize;
    let fill_value = match f.get("FillValue") {
        Some(v) => {
            let t = v.scalar("FillValue")?;
            Some((
                v.line,
                values::parse(format, t).map_err(|m| PipelineError::new(v.line, m))?,
            ))
        }
        None => None,
    };
    let data = if fill_size > 0 {
        if fill_size.saturating_mul(array_size as usize) > MAX_BUFFER_BYTES {
            return Err(PipelineError::new(
                n.line,
                format!("FillSize {fill_size} times ArraySize {array_size} is too large"),
            ));
        }
        // Without a FillValue the buffer fills with zeros.
        let value = match fill_value {
            Some((_, v)) => v,
            None => vec![0; format.size() as usize],
        };
        let block: Vec<u8> = value.iter().copied().cycle().take(fill_size).collect();
        vec![block; array_size as usize]
    } else {
        if let Some((line, v)) = &fill_value {
            if v.iter().any(|b| *b != 0) {
                return Err(PipelineError::new(
                    *line,
                    "'FillValue' specified without 'FillSize'".into(),
                ));
            }
        }
        let d = f.required("Data")?;
        if array_size == 1 {
            vec![block(d, format)?]
        } else {
            let blocks = d.seq("Data")?;
            let mut out = Vec::new();
            for b in blocks {
                let bytes = block(b, format)?;
                if out
                    .first()
                    .is_some_and(|first: &Vec<u8>| first.len() != bytes.len())
                {
                    return Err(PipelineError::new(
                        b.line,
                        "all buffers must have the same size".into(),
                    ));
                }
                out.push(bytes);
            }
            if out.len() != array_size as usize {
                return Err(PipelineError::new(
                    d.line,
                    format!("expected {array_size} buffers, found {}", out.len()),
                ));
            }
            out
        }
    };
    let output_props = match f.get("OutputProps") {
        None => None,
        Some(o) => {
            let of = Fields::new(o, "OutputProps", &["Height", "Width", "Depth", "MipLevels"])?;
            Some(OutputProps {
                height: of.u32("Height")?,
                width: of.u32("Width")?,
                depth: of.u32("Depth")?,
                mip_levels: of.u32_or("MipLevels", 1)?,
            })
        }
    };
    let b = Buffer {
        name,
        format,
        channels,
        stride,
        array_size,
        data,
        output_props,
        counters: Vec::new(),
        line: n.line,
    };
    if let Some(o) = b.output_props.filter(|o| o.width > 0) {
        let (mut w, mut h, mut d) = (u64::from(o.width), u64::from(o.height), u64::from(o.depth));
        let mut expected = 0u64;
        for _ in 0..o.mip_levels.min(32) {
            expected += w * h * d * u64::from(b.element_size());
            w = (w / 2).max(1);
            h = (h / 2).max(1);
            d = (d / 2).max(1);
        }
        if b.size() as u64 != expected {
            return Err(PipelineError::new(
                n.line,
                format!(
                    "buffer '{}' size ({}) does not match OutputProps dimensions ({expected})",
                    b.name,
                    b.size()
                ),
            ));
        }
    }
    Ok(b)
}

fn sampler(n: &Node) -> Result<Sampler, PipelineError> {
    let f = Fields::new(
        n,
        "a sampler",
        &[
            "Name",
            "Kind",
            "MinFilter",
            "MagFilter",
            "Address",
            "MinLOD",
            "MaxLOD",
            "MipLODBias",
            "ComparisonOp",
        ],
    )?;
    let comparison = f.enumeration(
        "Kind",
        &[(false, "Sampler"), (true, "SamplerComparison")],
        Some(false),
    )?;
    let s = Sampler {
        name: f.string("Name")?,
        comparison,
        min_filter: f.enumeration("MinFilter", &FILTER_NAMES, Some(Filter::Linear))?,
        mag_filter: f.enumeration("MagFilter", &FILTER_NAMES, Some(Filter::Linear))?,
        address: f.enumeration("Address", &ADDRESS_NAMES, Some(AddressMode::Clamp))?,
        min_lod: f.f64_or("MinLOD", 0.0)? as f32,
        max_lod: f.f64_or("MaxLOD", f64::from(f32::MAX))? as f32,
        mip_lod_bias: f.f64_or("MipLODBias", 0.0)? as f32,
        comparison_op: f.enumeration(
            "ComparisonOp",
            &COMPARISON_NAMES,
            Some(ComparisonFunc::Never),
        )?,
    };
    if !s.comparison && s.comparison_op != ComparisonFunc::Never {
        return Err(PipelineError::new(
            n.line,
            "sampler kind 'Sampler' requires ComparisonOp: Never".into(),
        ));
    }
    if s.comparison && s.comparison_op == ComparisonFunc::Never {
        return Err(PipelineError::new(
            n.line,
            "sampler kind 'SamplerComparison' requires a ComparisonOp other than Never".into(),
        ));
    }
    Ok(s)
}

fn result(n: &Node) -> Result<ResultRule, PipelineError> {
    let f = Fields::new(
        n,
        "a result",
        &[
            "Result",
            "Rule",
            "Actual",
            "Expected",
            "ULPT",
            "DenormMode",
            "ZeroTolerance",
            "Epsilon",
        ],
    )?;
    let kinds = [
        ("BufferExact", 0),
        ("BufferFloatULP", 1),
        ("BufferFloatEpsilon", 2),
    ];
    let kinds: Vec<(u8, &str)> = kinds.iter().map(|(n, k)| (*k, *n)).collect();
    let denorms = [
        (DenormMode::Any, "Any"),
        (DenormMode::Ftz, "FTZ"),
        (DenormMode::Preserve, "Preserve"),
    ];
    let rule = match f.enumeration("Rule", &kinds, None)? {
        0 => Rule::BufferExact,
        1 => Rule::BufferFloatUlp {
            ulp: f.u32("ULPT")?,
            zero_tolerance: f.f64_or("ZeroTolerance", 0.0)?,
        },
        _ => {
            let e = f.required("Epsilon")?;
            Rule::BufferFloatEpsilon {
                epsilon: f
                    .f64_or("Epsilon", 0.0)
                    .map_err(|_| PipelineError::new(e.line, "invalid Epsilon".into()))?,
            }
        }
    };
    Ok(ResultRule {
        name: f.string("Result")?,
        rule,
        denorm: f.enumeration("DenormMode", &denorms, Some(DenormMode::Any))?,
        actual: f.string("Actual")?,
        expected: f.string("Expected")?,
        line: n.line,
    })
}

fn resource(n: &Node) -> Result<ResourceDesc, PipelineError> {
    let f = Fields::new(
        n,
        "a resource",
        &[
            "Name",
            "Kind",
            "HasCounter",
            "TilesMapped",
            "IsReserved",
            "DirectXBinding",
            "VulkanBinding",
            "HeapIndex",
        ],
    )?;
    let name = f.string("Name")?;
    let binding = match f.get("DirectXBinding") {
        None => None,
        Some(b) => {
            let bf = Fields::new(b, "DirectXBinding", &["Register", "Space"])?;
            Some(DxBinding {
                register: bf.u32("Register")?,
                space: bf.u32("Space")?,
            })
        }
    };
    let vulkan = match f.get("VulkanBinding") {
        None => None,
        Some(v) => {
            let vf = Fields::new(v, "VulkanBinding", &["Binding", "CounterBinding"])?;
            let counter = match vf.get("CounterBinding") {
                Some(c) => Some(number(c, "CounterBinding")?),
                None => None,
            };
            Some((vf.u32("Binding")?, counter))
        }
    };
    let heap_index = match f.get("HeapIndex") {
        None => None,
        Some(h) => Some(number(h, "HeapIndex")?),
    };
    if binding.is_some() == heap_index.is_some() {
        return Err(PipelineError::new(
            n.line,
            format!(
                "resource '{name}' must specify exactly one of 'DirectXBinding' or 'HeapIndex'"
            ),
        ));
    }
    if let Some(t) = f.get("TilesMapped") {
        return Err(PipelineError::new(
            t.line,
            "unsupported: tiled (reserved) resources".into(),
        ));
    }
    if f.bool_or("IsReserved", false)? {
        return Err(PipelineError::new(
            n.line,
            "unsupported: reserved resources".into(),
        ));
    }
    Ok(ResourceDesc {
        name,
        kind: f.enumeration("Kind", &SuiteResourceKind::ALL, None)?,
        has_counter: f.bool_or("HasCounter", false)?,
        binding,
        heap_index,
        vulkan,
        line: n.line,
    })
}

/// `Bindings`: the vertex buffer, its layout and the render target. A topology other than
/// the default triangle list is recorded as unsupported.
fn io_bindings(
    n: &Node,
    unsupported: &mut Vec<(usize, String)>,
) -> Result<IoBindings, PipelineError> {
    let f = Fields::new(
        n,
        "Bindings",
        &[
            "VertexBuffer",
            "VertexAttributes",
            "RenderTarget",
            "Topology",
            "PatchControlPoints",
        ],
    )?;
    let name = |key: &str| -> Result<Option<String>, PipelineError> {
        Ok(match f.get(key) {
            Some(v) => Some(v.scalar(key)?.to_string()).filter(|s| !s.is_empty()),
            None => None,
        })
    };
    let mut io = IoBindings {
        vertex_buffer: name("VertexBuffer")?,
        render_target: name("RenderTarget")?,
        attributes: Vec::new(),
        line: n.line,
    };
    if let Some(list) = f.get("VertexAttributes") {
        for a in list.seq("VertexAttributes")? {
            let af = Fields::new(
                a,
                "a vertex attribute",
                &["Format", "Channels", "Offset", "Name"],
            )?;
            io.attributes.push(VertexAttributeDesc {
                format: af.enumeration("Format", &DataFormat::ALL, None)?,
                channels: af.u32("Channels")?,
                offset: af.u32("Offset")?,
                name: af.string("Name")?,
                line: a.line,
            });
        }
    }
    if let Some(t) = f.get("Topology") {
        let t = t.scalar("Topology")?;
        if t != "TriangleList" {
            unsupported.push((n.line, format!("the {t} topology")));
        }
    }
    Ok(io)
}

fn push_constants(n: &Node) -> Result<PushConstantBlock, PipelineError> {
    let f = Fields::new(n, "a push constant block", &["Stage", "Values"])?;
    let mut values = Vec::new();
    for v in f.required("Values")?.seq("Values")? {
        let vf = Fields::new(v, "a push constant value", &["Format", "Offset", "Data"])?;
        let format = vf.enumeration("Format", &DataFormat::ALL, None)?;
        let offset = vf.u32("Offset")?;
        let data = block(vf.required("Data")?, format)?;
        if offset as usize + data.len() > 4096 {
            return Err(PipelineError::new(
                v.line,
                "push constants past 4096 bytes".into(),
            ));
        }
        values.push(PushConstantValue {
            format,
            offset,
            data,
        });
    }
    Ok(PushConstantBlock {
        stage: f.enumeration("Stage", &Stage::ALL, None)?,
        values,
        line: n.line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASIC: &str = "---\nShaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n  - Name: In\n    Format: Float32\n    Data: [ 1, 2 ]\n  - Name: Out\n    Format: Int32\n    FillSize: 8\n    FillValue: -1\nDescriptorSets:\n  - Resources:\n    - Name: Out\n      Kind: RWBuffer\n      DirectXBinding:\n        Register: 0\n        Space: 0\n...\n";

    #[test]
    fn reads_buffers_and_resources() {
        let p = parse(BASIC).unwrap();
        assert_eq!(
            p.buffers[0].data[0],
            [1f32.to_le_bytes(), 2f32.to_le_bytes()].concat()
        );
        assert_eq!(p.buffers[1].data[0], vec![0xff; 8]);
        assert_eq!(
            p.sets[0][0].binding,
            Some(DxBinding {
                register: 0,
                space: 0
            })
        );
        assert_eq!(p.dispatch, [1, 1, 1]);
    }

    #[test]
    fn errors_name_their_line() {
        let e = parse(&BASIC.replace("Format: Int32", "Format: Int33")).unwrap_err();
        assert_eq!(e.line, 10, "{e}");
        let e = parse(&BASIC.replace("Register: 0", "Registr: 0")).unwrap_err();
        assert_eq!(e.line, 18, "{e}");
        let e = parse(&BASIC.replace("Data: [ 1, 2 ]", "Data: [ 1, x ]")).unwrap_err();
        assert_eq!(e.line, 8, "{e}");
        let e =
            parse(&BASIC.replace("Name: Out\n      Kind", "Name: Nope\n      Kind")).unwrap_err();
        assert_eq!(e.line, 15, "{e}");
    }
}
