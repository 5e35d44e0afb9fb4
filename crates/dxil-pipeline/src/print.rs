//! Printing a pipeline after its run the way the suite's `offloader` does: the whole
//! description through LLVM's YAML output (`llvm/lib/Support/YAMLTraits.cpp`, `Output`):
//! keys padded to 16 columns, optional keys left out at their default, empty sequences left
//! out, buffer values as flow sequences wrapped past column 70, and the CPU buffers holding
//! what the dispatch wrote back. The CHECK lines of the suite's tests match this text.

use crate::model::*;
use crate::values;

/// LLVM's YAML output starts a new line of a flow sequence once a line passes this column.
const WRAP_COLUMN: usize = 70;

/// The pipeline as the offloader prints it.
pub fn print_pipeline(p: &Pipeline) -> String {
    let mut w = Writer::default();
    w.out.push_str("---");
    w.block_key(0, false, "Shaders");
    for s in &p.shaders {
        w.scalar(1, true, "Stage", s.stage.name());
        w.scalar(2, false, "Entry", &quote(&s.entry));
    }
    w.block_key(0, false, "RuntimeSettings");
    if p.root_parameters.is_empty() {
        w.scalar(1, false, "DirectX", "{}");
    } else {
        w.block_key(1, false, "DirectX");
        w.block_key(2, false, "RootParameters");
        for r in &p.root_parameters {
            match r {
                RootParameter::Constant { name } => {
                    w.scalar(3, true, "Kind", "Constant");
                    w.scalar(4, false, "Name", &quote(name));
                }
                RootParameter::DescriptorTable => w.scalar(3, true, "Kind", "DescriptorTable"),
                RootParameter::RootDescriptor { name, kind } => {
                    w.scalar(3, true, "Kind", "RootDescriptor");
                    w.block_key(4, false, "Resource");
                    w.scalar(5, false, "Name", &quote(name));
                    w.scalar(5, false, "Kind", kind.name());
                }
            }
        }
    }
    w.block_key(0, false, "Buffers");
    for b in &p.buffers {
        w.buffer(1, b);
    }
    if !p.samplers.is_empty() {
        w.block_key(0, false, "Samplers");
        for s in &p.samplers {
            w.sampler(s);
        }
    }
    if !p.results.is_empty() {
        w.block_key(0, false, "Results");
        for r in &p.results {
            w.result(r);
        }
    }
    w.block_key(0, false, "DescriptorSets");
    for set in &p.sets {
        if set.is_empty() {
            w.scalar(1, true, "Resources", "[]");
            continue;
        }
        w.block_key(1, true, "Resources");
        for r in set {
            w.resource(r);
        }
    }
    w.block_key(0, false, "Bindings");
    let io = match &p.io {
        Some(io) => io,
        None => &NO_IO_BINDINGS,
    };
    w.scalar(1, false, "VertexBuffer", &quote_name(&io.vertex_buffer));
    if !io.attributes.is_empty() {
        w.block_key(1, false, "VertexAttributes");
        for a in &io.attributes {
            w.scalar(2, true, "Format", a.format.name());
            w.scalar(3, false, "Channels", &a.channels.to_string());
            w.scalar(3, false, "Offset", &a.offset.to_string());
            w.scalar(3, false, "Name", &quote(&a.name));
        }
    }
    w.scalar(1, false, "RenderTarget", &quote_name(&io.render_target));
    if !p.push_constants.is_empty() {
        w.block_key(0, false, "PushConstants");
        for b in &p.push_constants {
            w.scalar(1, true, "Stage", b.stage.name());
            w.block_key(2, false, "Values");
            for v in &b.values {
                w.scalar(3, true, "Format", v.format.name());
                w.scalar(4, false, "Offset", &v.offset.to_string());
                let items = format_values(v.format, &v.data);
                w.flow(4, false, "Data", &items);
            }
        }
    }
    w.scalar(0, false, "AccelerationStructures", "{}");
    w.block_key(0, false, "DispatchParameters");
    let d: Vec<String> = p.dispatch.iter().map(u32::to_string).collect();
    w.flow(1, false, "DispatchGroupCount", &d);
    w.out.push_str("\n...\n");
    w.out
}

/// One buffer as a document of its own, as the checker prints the buffers of a failed rule.
pub fn print_buffer(b: &Buffer) -> String {
    let mut w = Writer::default();
    w.out.push_str("---");
    w.buffer(0, b);
    w.out.push_str("\n...\n");
    w.out
}

/// As [`format_values`], written into `out` separated by `, ` (no string per value: a
/// buffer of hundreds of millions of values prints without a list of them).
pub fn write_values(format: DataFormat, data: &[u8], out: &mut String) {
    for (i, c) in data.chunks_exact(format.size() as usize).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&values::print(format, c));
    }
}

/// The values of `data` in `format` as the offloader prints them (integers in decimal, `HexN`
/// in hexadecimal, floats as C's `%g`); bytes past the last whole value are left out.
pub fn format_values(format: DataFormat, data: &[u8]) -> Vec<String> {
    data.chunks_exact(format.size() as usize)
        .map(|c| values::print(format, c))
        .collect()
}

/// The `Bindings` of a pipeline that names no vertex buffer, attributes or render target
/// (a compute pipeline): printed with empty names.
const NO_IO_BINDINGS: IoBindings = IoBindings {
    vertex_buffer: None,
    attributes: Vec::new(),
    render_target: None,
    line: 0,
};

/// The `OutputProps` printed for a buffer that has none: no texels, one mip level.
const NO_OUTPUT_PROPS: OutputProps = OutputProps {
    height: 0,
    width: 0,
    depth: 0,
    mip_levels: 1,
};

/// A name that may be absent, quoted; an absent one prints as the empty name.
fn quote_name(name: &Option<String>) -> String {
    match name {
        Some(n) => quote(n),
        None => quote(""),
    }
}

/// Quotes a string as LLVM's output does when it could be read as something else.
fn quote(s: &str) -> String {
    let special = |c: char| ":#,[]{}&*!|>'\"%@`".contains(c) || c.is_control();
    let numeric = s.parse::<f64>().is_ok()
        || matches!(
            s,
            "true" | "false" | "null" | "~" | "True" | "False" | "Null" | "NULL"
        );
    if s.is_empty() || numeric || s.contains(special) || s.starts_with(' ') || s.ends_with(' ') {
        format!("'{}'", s.replace('\'', "''"))
    } else {
        s.to_string()
    }
}

#[derive(Default)]
struct Writer {
    out: String,
}

impl Writer {
    /// Starts a line at `level` (two spaces each), then `- ` for the first key of a
    /// sequence item (whose other keys are one level deeper), and writes `key:`.
    fn key(&mut self, level: usize, dash: bool, key: &str) {
        self.out.push('\n');
        for _ in 0..level {
            self.out.push_str("  ");
        }
        if dash {
            self.out.push_str("- ");
        }
        self.out.push_str(key);
        self.out.push(':');
    }

    fn pad(&mut self, key: &str) {
        let n = if key.len() < 16 { 16 - key.len() } else { 1 };
        for _ in 0..n {
            self.out.push(' ');
        }
    }

    fn block_key(&mut self, level: usize, dash: bool, key: &str) {
        self.key(level, dash, key);
    }

    fn scalar(&mut self, level: usize, dash: bool, key: &str, value: &str) {
        self.key(level, dash, key);
        self.pad(key);
        self.out.push_str(value);
    }

    fn flow(&mut self, level: usize, dash: bool, key: &str, items: &[String]) {
        self.key(level, dash, key);
        self.pad(key);
        self.flow_items(items);
    }

    /// `[ a, b, ... ]` from the current column, wrapped as LLVM wraps it.
    fn flow_items(&mut self, items: &[String]) {
        let line_start = self.out.rfind('\n').map_or(0, |i| i + 1);
        let start = self.out.len() - line_start;
        self.out.push_str("[ ");
        let mut column = start + 2;
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
                column += 2;
            }
            if column > WRAP_COLUMN {
                self.out.push('\n');
                for _ in 0..start + 2 {
                    self.out.push(' ');
                }
                column = start + 2;
            }
            self.out.push_str(item);
            column += item.len();
        }
        self.out.push_str(" ]");
    }

    fn buffer(&mut self, level: usize, b: &Buffer) {
        let dash = level > 0;
        self.scalar(level, dash, "Name", &quote(&b.name));
        let l = if dash { level + 1 } else { level };
        self.scalar(l, false, "Format", b.format.name());
        if b.channels != 1 {
            self.scalar(l, false, "Channels", &b.channels.to_string());
        }
        if b.stride != 0 {
            self.scalar(l, false, "Stride", &b.stride.to_string());
        }
        if b.array_size != 1 {
            self.scalar(l, false, "ArraySize", &b.array_size.to_string());
        }
        if b.array_size == 1 {
            if let Some(c) = b.counters.first() {
                self.scalar(l, false, "Counter", &c.to_string());
            }
        } else if !b.counters.is_empty() {
            let c: Vec<String> = b.counters.iter().map(u32::to_string).collect();
            self.flow(l, false, "Counters", &c);
        }
        if b.array_size == 1 {
            let items = b
                .data
                .first()
                .map(|d| format_values(b.format, d))
                .unwrap_or_default();
            self.flow(l, false, "Data", &items);
        } else {
            self.key(l, false, "Data");
            for d in &b.data {
                self.out.push('\n');
                for _ in 0..l + 1 {
                    self.out.push_str("  ");
                }
                self.out.push_str("- ");
                self.flow_items(&format_values(b.format, d));
            }
        }
        let o = match b.output_props {
            Some(o) => o,
            None => NO_OUTPUT_PROPS,
        };
        self.key(l, false, "OutputProps");
        self.scalar(l + 1, false, "Height", &o.height.to_string());
        self.scalar(l + 1, false, "Width", &o.width.to_string());
        self.scalar(l + 1, false, "Depth", &o.depth.to_string());
        if o.mip_levels != 1 {
            self.scalar(l + 1, false, "MipLevels", &o.mip_levels.to_string());
        }
    }

    fn sampler(&mut self, s: &Sampler) {
        self.scalar(1, true, "Name", &quote(&s.name));
        self.scalar(
            2,
            false,
            "Kind",
            if s.comparison {
                "SamplerComparison"
            } else {
                "Sampler"
            },
        );
        self.scalar(2, false, "MinFilter", name_of(&FILTER_NAMES, &s.min_filter));
        self.scalar(2, false, "MagFilter", name_of(&FILTER_NAMES, &s.mag_filter));
        self.scalar(2, false, "Address", name_of(&ADDRESS_NAMES, &s.address));
        self.scalar(2, false, "MinLOD", &values::format_g(f64::from(s.min_lod)));
        self.scalar(2, false, "MaxLOD", &values::format_g(f64::from(s.max_lod)));
        self.scalar(
            2,
            false,
            "MipLODBias",
            &values::format_g(f64::from(s.mip_lod_bias)),
        );
        self.scalar(
            2,
            false,
            "ComparisonOp",
            name_of(&COMPARISON_NAMES, &s.comparison_op),
        );
    }

    fn result(&mut self, r: &ResultRule) {
        self.scalar(1, true, "Result", &quote(&r.name));
        let (rule, extra) = match r.rule {
            Rule::BufferExact => ("BufferExact", None),
            Rule::BufferFloatUlp {
                ulp,
                zero_tolerance,
            } => (
                "BufferFloatULP",
                Some(("ULPT", ulp.to_string(), zero_tolerance)),
            ),
            Rule::BufferFloatEpsilon { epsilon } => (
                "BufferFloatEpsilon",
                Some(("Epsilon", values::format_g(epsilon), 0.0)),
            ),
        };
        self.scalar(2, false, "Rule", rule);
        self.scalar(2, false, "Actual", &quote(&r.actual));
        self.scalar(2, false, "Expected", &quote(&r.expected));
        if let Some((key, value, zero)) = extra {
            self.scalar(2, false, key, &value);
            let dm = match r.denorm {
                DenormMode::Any => "Any",
                DenormMode::Ftz => "FTZ",
                DenormMode::Preserve => "Preserve",
            };
            self.scalar(2, false, "DenormMode", dm);
            if zero != 0.0 {
                self.scalar(2, false, "ZeroTolerance", &values::format_g(zero));
            }
        }
    }

    fn resource(&mut self, r: &ResourceDesc) {
        self.scalar(3, true, "Name", &quote(&r.name));
        self.scalar(4, false, "Kind", r.kind.name());
        if r.has_counter {
            self.scalar(4, false, "HasCounter", "true");
        }
        self.scalar(4, false, "IsReserved", "false");
        if let Some(b) = r.binding {
            self.key(4, false, "DirectXBinding");
            self.scalar(5, false, "Register", &b.register.to_string());
            self.scalar(5, false, "Space", &b.space.to_string());
        }
        if let Some((binding, counter)) = r.vulkan {
            self.key(4, false, "VulkanBinding");
            self.scalar(5, false, "Binding", &binding.to_string());
            if let Some(c) = counter {
                self.scalar(5, false, "CounterBinding", &c.to_string());
            }
        }
        if let Some(h) = r.heap_index {
            self.scalar(4, false, "HeapIndex", &h.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buffer(format: DataFormat, data: Vec<u8>) -> Buffer {
        Buffer {
            name: "Out".into(),
            format,
            channels: 1,
            stride: 4,
            array_size: 1,
            data: vec![data],
            output_props: None,
            counters: Vec::new(),
            line: 1,
        }
    }

    #[test]
    fn a_buffer_prints_as_llvm_prints_it() {
        let b = buffer(
            DataFormat::Int32,
            [1i32, 2, 3, 4]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect(),
        );
        let text = print_buffer(&b);
        assert_eq!(
            text,
            "---\nName:            Out\nFormat:          Int32\nStride:          4\n\
             Data:            [ 1, 2, 3, 4 ]\nOutputProps:\n  Height:          0\n  \
             Width:           0\n  Depth:           0\n...\n"
        );
    }

    #[test]
    fn long_sequences_wrap_past_column_70() {
        let b = buffer(
            DataFormat::Hex32,
            (0..40u32)
                .flat_map(|v| (v * 0x1111).to_le_bytes())
                .collect(),
        );
        let text = print_buffer(&b);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[4].starts_with("Data:            [ 0x0, 0x1111, "));
        assert!(lines[4].trim_end().len() > WRAP_COLUMN - 8 && lines[4].ends_with(", "));
        assert!(lines[5].starts_with(&" ".repeat(19)) && !lines[5].starts_with(&" ".repeat(20)));
    }

    #[test]
    fn quoting() {
        assert_eq!(quote("In"), "In");
        assert_eq!(quote("1"), "'1'");
        assert_eq!(quote(""), "''");
    }
}
