//! Drawing end to end: small vertex and pixel shaders compiled by the reference compiler
//! (`dxc`, at test time; nothing it makes is kept) draw hand-placed triangles into small
//! render targets, and every pixel is checked against a value derived by hand from D3D's
//! rasterisation rules (top-left fill rule, pixel centres at .5, attribute interpolation,
//! derivatives across 2x2 quads).

use dxil_exec::graphics::{self, Draw, RenderTarget, VertexAttribute, Viewport};
use dxil_exec::{
    Binding, Bindings, ComponentFormat, ElementFormat, Program, Resource, ResourceClass,
    ResourceKind,
};

/// Compiles `shader` for `target` with the reference compiler, `None` when it is absent.
fn compile(shader: &str, target: &str) -> Option<Program> {
    Some(Program::compile(&compile_module(shader, target)?, None).unwrap())
}

/// [`compile`], the module itself.
fn compile_module(shader: &str, target: &str) -> Option<dxil_ir::CheckedModule> {
    let bytes = dxil_test_support::compile_hlsl(shader, target, &[])?;
    Some(dxil::read_module(&bytes).unwrap())
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

fn f32x4() -> ElementFormat {
    ElementFormat {
        component: ComponentFormat::Float32,
        channels: 4,
    }
}

fn attribute(name: &str, channels: u8, offset: u32) -> VertexAttribute {
    VertexAttribute {
        name: name.into(),
        semantic_index: 0,
        format: ElementFormat {
            component: ComponentFormat::Float32,
            channels,
        },
        offset,
    }
}

fn uav(register: u32, words: usize) -> Binding {
    let mut r = Resource::buffer(ResourceKind::StructuredBuffer, vec![0; words * 4]);
    r.stride = 4;
    Binding {
        class: ResourceClass::UAV,
        space: 0,
        register,
        heap_index: None,
        resource: r,
    }
}

fn words(b: &Binding) -> Vec<u32> {
    b.resource
        .data
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Draws `vertices` (`stride` bytes each) into a `size x size` RGBA32F target.
fn render(
    vs: &Program,
    ps: &Program,
    bindings: &mut Bindings,
    vertices: &[f32],
    stride: u32,
    attributes: Vec<VertexAttribute>,
    size: u32,
) -> Vec<[f32; 4]> {
    let bytes = floats(vertices);
    let draw = Draw {
        vertices: &bytes,
        stride,
        attributes,
        vertex_count: bytes.len() as u32 / stride,
        viewport: Viewport {
            x: 0.0,
            y: 0.0,
            width: size as f32,
            height: size as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        },
        budget: 1 << 30,
    };
    let mut rt = RenderTarget {
        format: f32x4(),
        width: size,
        height: size,
        data: vec![0; (size * size * 16) as usize],
    };
    graphics::draw(vs, ps, bindings, &draw, &mut rt).unwrap();
    rt.data
        .chunks_exact(16)
        .map(|p| {
            let f = |k: usize| f32::from_le_bytes(p[k * 4..k * 4 + 4].try_into().unwrap());
            [f(0), f(1), f(2), f(3)]
        })
        .collect()
}

const PASS_POSITION: &str = "float4 main(float4 p : POSITION) : SV_Position { return p; }";

/// Two triangles split an 8x8 target along its diagonal, which runs through the centres
/// of pixels (i, i): the top-left rule gives those to the upper-right triangle (the
/// diagonal is its left edge, the lower-left one's right edge), and every pixel is shaded
/// exactly once.
#[test]
fn shared_edges_cover_each_pixel_once() {
    let ps_src = r#"
RWStructuredBuffer<uint> Count : register(u0);
RWStructuredBuffer<uint> Owner : register(u1);
float4 main(float4 pos : SV_Position, uint prim : SV_PrimitiveID,
            bool front : SV_IsFrontFace) : SV_Target {
  uint i = (uint)pos.y * 8 + (uint)pos.x;
  InterlockedAdd(Count[i], 1);
  Owner[i] = prim;
  return float4(1, front ? 1 : 0, 0, 1);
}"#;
    let (Some(vs), Some(ps)) = (compile(PASS_POSITION, "vs_6_0"), compile(ps_src, "ps_6_0")) else {
        return;
    };
    // Upper right (clockwise on screen: a back face under counter-clockwise-front), then
    // lower left (counter-clockwise: front).
    #[rustfmt::skip]
    let verts = [
        -1.0, 1.0, 0.5, 1.0,   1.0, 1.0, 0.5, 1.0,   1.0, -1.0, 0.5, 1.0,
        -1.0, 1.0, 0.5, 1.0,   -1.0, -1.0, 0.5, 1.0,   1.0, -1.0, 0.5, 1.0,
    ];
    let mut b = Bindings {
        bindings: vec![uav(0, 64), uav(1, 64)],
    };
    let px = render(
        &vs,
        &ps,
        &mut b,
        &verts,
        16,
        vec![attribute("POSITION", 4, 0)],
        8,
    );
    assert_eq!(words(&b.bindings[0]), vec![1; 64], "each pixel shaded once");
    let owner = words(&b.bindings[1]);
    for y in 0..8 {
        for x in 0..8 {
            let prim = u32::from(x < y);
            assert_eq!(owner[y * 8 + x], prim, "owner of pixel ({x}, {y})");
            let front = if prim == 1 { 1.0 } else { 0.0 };
            assert_eq!(px[y * 8 + x], [1.0, front, 0.0, 1.0], "pixel ({x}, {y})");
        }
    }
}

/// One triangle larger than the 8x8 target, screen corners (0,0), (16,0), (0,16), with
/// `w` 1, 2, 2: a `noperspective` attribute equal to the screen position reads the pixel
/// centre; a perspective-correct one, 0 at the first vertex and 1 at the others, reads
/// (b1/2 + b2/2) / (b0 + b1/2 + b2/2) for screen weights b; a `nointerpolation` one reads
/// the first (provoking) vertex.
#[test]
fn attributes_interpolate_as_their_modes_say() {
    let vs_src = r#"
struct V { float4 p : SV_Position; noperspective float2 uv : UV;
           float t : T; nointerpolation float f : F; };
V main(float4 p : POSITION, float2 uv : UV, float t : T, float f : F) {
  V o; o.p = p; o.uv = uv; o.t = t; o.f = f; return o;
}"#;
    let ps_src = r#"
struct V { float4 p : SV_Position; noperspective float2 uv : UV;
           float t : T; nointerpolation float f : F; };
float4 main(V v) : SV_Target { return float4(v.uv, v.t, v.f); }"#;
    let (Some(vs), Some(ps)) = (compile(vs_src, "vs_6_0"), compile(ps_src, "ps_6_0")) else {
        return;
    };
    // Clip position (NDC times w), uv = screen position, t, f.
    #[rustfmt::skip]
    let verts = [
        -1.0, 1.0, 0.0, 1.0,    0.0, 0.0,   0.0, 5.0,
        6.0, 2.0, 0.0, 2.0,     16.0, 0.0,  1.0, 6.0,
        -2.0, -6.0, 0.0, 2.0,   0.0, 16.0,  1.0, 7.0,
    ];
    let attrs = vec![
        attribute("POSITION", 4, 0),
        attribute("UV", 2, 16),
        attribute("T", 1, 24),
        attribute("F", 1, 28),
    ];
    let mut b = Bindings::default();
    let px = render(&vs, &ps, &mut b, &verts, 32, attrs, 8);
    for y in 0..8 {
        for x in 0..8 {
            let p = px[y * 8 + x];
            assert_eq!(p[0], x as f32 + 0.5, "u at ({x}, {y})");
            assert_eq!(p[1], y as f32 + 0.5, "v at ({x}, {y})");
            assert_eq!(p[3], 5.0, "flat at ({x}, {y})");
        }
    }
    // Pixel (0,0): b1 = b2 = 1/32, so t = (1/32) / (30/32 + 1/32) = 1/31.
    assert!((px[0][2] - 1.0 / 31.0).abs() < 1e-6, "{}", px[0][2]);
    // Pixel (7,7): b1 = b2 = 15/32, so t = (15/32) / (2/32 + 15/32) = 15/17.
    assert!((px[63][2] - 15.0 / 17.0).abs() < 1e-6, "{}", px[63][2]);
}

/// Derivatives across quads, on a triangle that covers part of the target (its quads on
/// the edge run helper lanes): for f = x * x (x the pixel centre), `ddx_coarse` is
/// (2q + 1.5)^2 - (2q + 0.5)^2 = 4q + 2 with q = floor(x / 2); for g = x * y, `ddy_fine` is
/// the pixel's own centre x and `ddy_coarse` the quad's left column's. Wave operations see
/// no helper lane. Pixels outside the triangle keep the clear value, and `discard` keeps
/// its pixels unwritten too.
#[test]
fn derivatives_come_from_quads_and_helpers_write_nothing() {
    let ps_src = r#"
float4 main(float4 pos : SV_Position) : SV_Target {
  if (pos.x > 5 && pos.y > 5) discard;
  float f = pos.x * pos.x;
  float g = pos.x * pos.y;
  // Helper lanes (x >= y here) take no part in wave operations.
  bool inside = WaveActiveAllTrue(pos.x < pos.y);
  return float4(ddx_coarse(f), ddy_fine(g), ddy_coarse(g), inside ? 1 : 0);
}"#;
    let (Some(vs), Some(ps)) = (compile(PASS_POSITION, "vs_6_0"), compile(ps_src, "ps_6_0")) else {
        return;
    };
    // Screen (0,0), (8,8), (0,8): the lower left half; the diagonal through the centres of
    // pixels (i, i) is this triangle's right edge, so only pixels x < y are covered.
    #[rustfmt::skip]
    let verts = [
        -1.0, 1.0, 0.0, 1.0,   1.0, -1.0, 0.0, 1.0,   -1.0, -1.0, 0.0, 1.0,
    ];
    let mut b = Bindings::default();
    let px = render(
        &vs,
        &ps,
        &mut b,
        &verts,
        16,
        vec![attribute("POSITION", 4, 0)],
        8,
    );
    for y in 0..8 {
        for x in 0..8 {
            let p = px[y * 8 + x];
            if x >= y || (x >= 5 && y >= 5) {
                assert_eq!(p, [0.0; 4], "pixel ({x}, {y}) is not drawn");
                continue;
            }
            let q = (x / 2) as f32;
            let want = [4.0 * q + 2.0, x as f32 + 0.5, 2.0 * q + 0.5, 1.0];
            assert_eq!(p, want, "pixel ({x}, {y})");
        }
    }
}

/// Draws that cannot be run fail with an error naming why, never a panic: a vertex at
/// w = 0 (clipping is not done), an input the vertex layout lacks, a render target smaller than its size, shaders of the wrong stages.
#[test]
fn bad_draws_fail_cleanly() {
    let ps_src = "float4 main(float4 p : SV_Position) : SV_Target { return p; }";
    let (Some(vs), Some(ps)) = (compile(PASS_POSITION, "vs_6_0"), compile(ps_src, "ps_6_0")) else {
        return;
    };
    let bytes = floats(&[
        -1.0, -1.0, 0.0, 1.0, 1.0, -1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0,
    ]);
    let good = Draw {
        vertices: &bytes,
        stride: 16,
        attributes: vec![attribute("POSITION", 4, 0)],
        vertex_count: 3,
        viewport: Viewport {
            x: 0.0,
            y: 0.0,
            width: 4.0,
            height: 4.0,
            min_depth: 0.0,
            max_depth: 1.0,
        },
        budget: 1 << 20,
    };
    let rt = RenderTarget {
        format: f32x4(),
        width: 4,
        height: 4,
        data: vec![0; 256],
    };
    let err = |d: &Draw<'_>, rt: &RenderTarget, vs: &Program, ps: &Program| {
        let mut rt = rt.clone();
        graphics::draw(vs, ps, &mut Bindings::default(), d, &mut rt)
            .unwrap_err()
            .to_string()
    };
    assert!(err(&good, &rt, &vs, &ps).contains("w <= 0"));
    let renamed = Draw {
        attributes: vec![attribute("POS", 4, 0)],
        ..good.clone()
    };
    assert!(err(&renamed, &rt, &vs, &ps).contains("POSITION0 has no vertex attribute"));
    let small = RenderTarget {
        data: vec![0; 255],
        ..rt.clone()
    };
    assert!(err(&good, &small, &vs, &ps).contains("256 needed"));
    assert!(err(&good, &rt, &ps, &vs).contains("not a vertex shader"));
}
