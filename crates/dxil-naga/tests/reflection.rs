//! What reflection reads from the back end's containers against what it reads from the
//! reference compiler's, for WGSL shaders and HLSL written to be their equivalent (the same
//! buffer layout, through `packoffset` where WGSL's differs; the same components read and
//! written): constant buffers' members (names, types, offsets, array sizes, nested
//! structs) and the signatures' used-component masks. The HLSL is compiled by `dxc` at
//! test time (with its reflection kept in the `DXIL` part); without `../shared` the test
//! skips with a note.

use dxil_module::reflect::{reflect_modules, ElementReflection, Member, Reflection};
use dxil_naga::front::{self, Language};
use dxil_naga::{Options, PipelineOptions};

/// The reflection of a container's program.
fn reflect(container: &[u8]) -> Reflection {
    let bitcode = dxil_test_support::dxil_bitcode(container).expect("a DXIL part");
    let module = dxil_bitcode::read_module(bitcode).expect("readable bitcode");
    reflect_modules(&module, None, Vec::new()).expect("reflection")
}

/// Entry point `entry` of `wgsl` written by the back end, at its default options.
fn ours(wgsl: &str, entry: &str) -> Reflection {
    let module = front::parse(Language::Wgsl, wgsl.as_bytes(), "test.wgsl").expect("parse");
    let info = front::validate(&module, Some(wgsl), "test.wgsl").expect("validate");
    let ep = module
        .entry_points
        .iter()
        .find(|e| e.name == entry)
        .expect("the entry point");
    let pipeline = PipelineOptions {
        entry_point: Some((ep.stage, ep.name.clone())),
    };
    let container =
        dxil_naga::write(&module, &info, &Options::default(), &pipeline).expect("written");
    let report = dxil_validate::validate_container(&container, &Default::default());
    assert!(report.is_valid(), "{entry}: {report}");
    if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
        verdict.unwrap_or_else(|e| panic!("{entry}: {e}"));
    }
    reflect(&container)
}

/// `hlsl`'s `main` compiled by the reference for `target`, its reflection kept in `DXIL`.
fn theirs(hlsl: &str, target: &str) -> Option<Reflection> {
    let container = dxil_test_support::compile_hlsl(hlsl, target, &["-Qkeep_reflect_in_dxil"])?;
    Some(reflect(&container))
}

/// Members one per line, nested structs indented.
fn member_lines(out: &mut Vec<String>, members: &[Member], depth: usize) {
    for m in members {
        out.push(format!(
            "{:w$}{} {}[{}] @{}",
            "",
            m.r#type,
            m.name,
            m.elements,
            m.offset,
            w = depth * 2
        ));
        member_lines(out, &m.members, depth + 1);
    }
}

/// Each constant buffer's name and members.
fn buffers(r: &Reflection) -> Vec<(String, Vec<String>)> {
    r.constant_buffers
        .iter()
        .map(|b| {
            let mut lines = Vec::new();
            member_lines(&mut lines, &b.members, 0);
            (b.name.clone(), lines)
        })
        .collect()
}

/// Each signature element's name, first index and used components.
fn masks(r: &Reflection) -> Vec<String> {
    let e = &r.entry_points[0];
    let line = |dir: &str, el: &ElementReflection| {
        format!(
            "{dir} {}{} used {:#x}",
            el.name,
            el.semantic_indices.first().copied().unwrap_or(0),
            el.usage_mask
        )
    };
    let mut out: Vec<String> = e.input_signature.iter().map(|el| line("in", el)).collect();
    out.extend(e.output_signature.iter().map(|el| line("out", el)));
    out.sort();
    out
}

const UNIFORMS_WGSL: &str = "
struct Inner { a: vec2<f32>, b: u32 }
struct S { a: vec4<f32>, b: f32 }
struct M { w: f32, t: mat4x3<f32> }
struct U {
  tint: vec4<f32>,
  scale: f32,
  m: mat4x4<f32>,
  n: mat3x4<f32>,
  arr: array<vec4<f32>, 3>,
  inner: Inner,
  tail: f32,
  k: mat2x2<f32>,
  s: array<S, 2>,
  last: vec3<f32>,
  flag: i32,
  ks: array<mat2x2<f32>, 2>,
  ms: M,
}
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<uniform> v: vec4<f32>;
@group(0) @binding(2) var<storage, read_write> o: array<vec4<f32>>;
@compute @workgroup_size(1) fn main() {
  o[0] = u.tint * u.scale + u.m[1] + u.n[2] + u.arr[2] + vec4(u.inner.a, f32(u.inner.b), u.tail)
    + vec4(u.k[1], u.k[0]) + u.s[1].a * u.s[1].b + vec4(u.last, f32(u.flag)) + v
    + vec4(u.ks[1][0], u.ks[0][1]) + vec4(u.ms.t[3], u.ms.w);
}
";

/// The same layout in HLSL: WGSL's `matCxR` as naga's HLSL back end declares it
/// (`row_major floatCxR`, or one `float2` per column where columns are 8 bytes apart),
/// `packoffset` where WGSL's alignment moves a member.
const UNIFORMS_HLSL: &str = "
struct Inner { float2 a; uint b; };
struct S { float4 a; float b; };
struct __mat2x2 { float2 _0; float2 _1; };
struct M { float w; row_major float4x3 t; };
cbuffer u : register(b0) {
  float4 tint : packoffset(c0);
  float scale : packoffset(c1);
  row_major float4x4 m : packoffset(c2);
  row_major float3x4 n : packoffset(c6);
  float4 arr[3] : packoffset(c9);
  Inner inner : packoffset(c12);
  float tail : packoffset(c13);
  float2 k_0 : packoffset(c13.z);
  float2 k_1 : packoffset(c14);
  S s[2] : packoffset(c15);
  float3 last : packoffset(c19);
  int flag : packoffset(c19.w);
  __mat2x2 ks[2] : packoffset(c20);
  M ms : packoffset(c22);
};
cbuffer v : register(b1) { float4 v; };
RWByteAddressBuffer o : register(u2);
[numthreads(1, 1, 1)] void main() {
  float4 r = tint * scale + m[1] + n[2] + arr[2] + float4(inner.a, inner.b, tail)
    + float4(k_1, k_0) + s[1].a * s[1].b + float4(last, flag) + v
    + float4(ks[1]._0, ks[0]._1) + float4(ms.t[3], ms.w);
  o.Store4(0, asuint(r));
}
";

#[test]
fn constant_buffer_members_match_the_reference() {
    let Some(want) = theirs(UNIFORMS_HLSL, "cs_6_2") else {
        return;
    };
    let got = ours(UNIFORMS_WGSL, "main");
    let (got, want) = (buffers(&got), buffers(&want));
    assert_eq!(got.len(), 2, "{got:#?}");
    // Members whose WGSL type HLSL spells another way are checked for what they are.
    let u = &got[0].1;
    for line in [
        "float4 tint[0] @0",
        "row_major float4x4 m[0] @32",
        "float2 k_0[0] @216",
        "struct.__mat2x2 ks[2] @320",
        "hostlayout.struct.M ms[0] @352",
        "  row_major float4x3 t[0] @368",
    ] {
        assert!(u.iter().any(|l| l == line), "no `{line}` in {u:#?}");
    }
    assert_eq!(got, want);
}

const STAGES_WGSL: &str = "
struct VOut {
  @builtin(position) pos: vec4<f32>,
  @location(0) color: vec4<f32>,
  @location(1) uv: vec2<f32>,
  @location(2) @interpolate(flat) id: u32,
}
@vertex fn vs(@location(0) p: vec3<f32>, @location(1) c: vec4<f32>, @builtin(vertex_index) i: u32) -> VOut {
  var o: VOut;
  o.pos = vec4<f32>(p.xy, 0.0, 1.0);
  o.color = c;
  o.uv = p.xy;
  o.id = i;
  return o;
}
@fragment fn fs(v: VOut) -> @location(0) vec4<f32> {
  return vec4<f32>(v.color.xy, v.uv.x, f32(v.id));
}
";

const VS_HLSL: &str = "
struct VOut { float4 pos : SV_Position; float4 color : LOC0; float2 uv : LOC1; nointerpolation uint id : LOC2; };
VOut main(float3 p : LOC0, float4 c : LOC1, uint i : SV_VertexID) {
  VOut o;
  o.pos = float4(p.xy, 0, 1);
  o.color = c;
  o.uv = p.xy;
  o.id = i;
  return o;
}
";

const PS_HLSL: &str = "
struct VOut { float4 pos : SV_Position; float4 color : LOC0; float2 uv : LOC1; nointerpolation uint id : LOC2; };
float4 main(VOut v) : SV_Target0 { return float4(v.color.xy, v.uv.x, v.id); }
";

#[test]
fn signature_used_masks_match_the_reference() {
    for (entry, hlsl, target) in [("vs", VS_HLSL, "vs_6_2"), ("fs", PS_HLSL, "ps_6_2")] {
        let Some(want) = theirs(hlsl, target) else {
            return;
        };
        let got = masks(&ours(STAGES_WGSL, entry));
        assert_eq!(got, masks(&want), "{entry}");
        // Not every component is used: the masks come from the code, not the shapes.
        let partly = if entry == "vs" {
            "in LOC0 used 0x3"
        } else {
            "in LOC1 used 0x1"
        };
        assert!(got.iter().any(|l| l == partly), "{entry}: {got:#?}");
    }
}

/// A uniform holding a struct named as the back end's own task payload struct would be
/// does not take that struct's name from it.
#[test]
fn a_described_struct_leaves_the_payload_its_name() {
    let wgsl = "
enable wgpu_mesh_shader;
struct Payload { tint: vec4<f32> }
struct U { p: Payload }
struct Task { count: u32 }
@group(0) @binding(0) var<uniform> u: U;
var<task_payload> payload: Task;
@task @payload(payload) @workgroup_size(1)
fn ts_main() -> @builtin(mesh_task_size) vec3<u32> {
    payload.count = u32(u.p.tint.x);
    return vec3<u32>(1u, 1u, 1u);
}
";
    let module = front::parse(Language::Wgsl, wgsl.as_bytes(), "task.wgsl").expect("parse");
    let info = front::validate(&module, Some(wgsl), "task.wgsl").expect("validate");
    let options = Options {
        shader_model: dxil_naga::ShaderModel::V6_5,
        ..Options::default()
    };
    let pipeline = PipelineOptions {
        entry_point: Some((naga::ShaderStage::Task, "ts_main".into())),
    };
    let container = dxil_naga::write(&module, &info, &options, &pipeline).expect("written");
    let report = dxil_validate::validate_container(&container, &Default::default());
    assert!(report.is_valid(), "{report}");
    let got = buffers(&reflect(&container));
    assert_eq!(got[0].1, ["struct.Payload p[0] @0", "  float4 tint[0] @0"]);
}
