//! A graphics pipeline of the offload-test-suite's form drawn end to end: small vertex and
//! pixel shaders compiled by the reference compiler (`dxc`, at test time; nothing it makes is
//! kept), the pipeline read, bound, drawn, checked and printed.

/// `shader` compiled for `target` by the reference compiler, as a module; `None` when it is
/// absent.
fn compile(shader: &str, target: &str) -> Option<dxil_ir::CheckedModule> {
    let bytes = dxil_test_support::compile_hlsl(shader, target, &[])?;
    Some(dxil_pipeline::load_module(&bytes).unwrap())
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

/// A pipeline of the suite's form end to end: the vertex buffer's layout from
/// `VertexAttributes`, a 2x2 render target from `OutputProps`, a UAV the pixel shader
/// writes checked by a `Results` rule, and the target printed as the offloader prints it.
#[test]
fn graphics_pipelines_draw_check_and_print() {
    let vs_src = r#"
struct V { float4 p : SV_Position; float4 c : COLOR; };
V main(float2 p : POSITION, float4 c : COLOR) { V o; o.p = float4(p, 0, 1); o.c = c; return o; }"#;
    let ps_src = r#"
RWStructuredBuffer<float2> Out : register(u0);
float4 main(float4 p : SV_Position, float4 c : COLOR) : SV_Target {
  Out[(uint)p.y * 2 + (uint)p.x] = p.xy;
  return c;
}"#;
    let (Some(vs), Some(ps)) = (compile(vs_src, "vs_6_0"), compile(ps_src, "ps_6_0")) else {
        return;
    };
    // One triangle past the corners covers the whole target; the colour is the same at
    // every vertex, so every pixel gets it exactly.
    let yaml = r#"---
Shaders:
  - Stage: Vertex
    Entry: main
  - Stage: Pixel
    Entry: main
Buffers:
  - Name: Verts
    Format: Float32
    Data: [ -1, -1, 1, 0.5, 0.25, 1,  -1, 3, 1, 0.5, 0.25, 1,  3, -1, 1, 0.5, 0.25, 1 ]
  - Name: Target
    Format: Float32
    Channels: 4
    FillSize: 64
    OutputProps:
      Height: 2
      Width: 2
      Depth: 1
  - Name: Out
    Format: Float32
    Stride: 8
    FillSize: 32
  - Name: Expected
    Format: Float32
    Stride: 8
    Data: [ 0.5, 0.5, 1.5, 0.5, 0.5, 1.5, 1.5, 1.5 ]
Results:
  - Result: Centres
    Rule: BufferExact
    Actual: Out
    Expected: Expected
Bindings:
  VertexBuffer: Verts
  VertexAttributes:
    - Format: Float32
      Channels: 2
      Offset: 0
      Name: POSITION
    - Format: Float32
      Channels: 4
      Offset: 8
      Name: COLOR
  RenderTarget: Target
DescriptorSets:
  - Resources:
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding:
        Register: 0
        Space: 0
...
"#;
    let mut p = dxil_pipeline::parse(yaml).unwrap();
    let out = dxil_pipeline::offload_graphics(&mut p, &vs, &ps, &[], &Default::default()).unwrap();
    assert!(out.failures.is_empty(), "{}", out.stderr);
    let target = p.buffer("Target").unwrap();
    let want = floats(&[1.0, 0.5, 0.25, 1.0].repeat(4));
    assert_eq!(target.data, vec![want]);
    assert!(
        out.stdout.contains("1, 0.5, 0.25, 1, 1, 0.5"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("RenderTarget:    Target"),
        "{}",
        out.stdout
    );
}
