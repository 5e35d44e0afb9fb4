//! Graphics: a vertex and a pixel shader drawing triangles into one render target, as
//! Direct3D 12 draws them (D3D11.3 functional spec, "Input Assembler", "Rasterizer Stage",
//! "Pixel Shader Stage"): vertices fetched from one vertex buffer, clip space mapped to the
//! viewport, triangles rasterised with the top-left rule at pixel centres, attributes
//! interpolated as the pixel shader's signature asks, pixel shaders run in 2x2 quads (with
//! helper lanes) so derivatives work, a depth test (`LESS`, depth cleared to 1.0), and the
//! target written in its format.

mod pixel;
mod raster;
pub(crate) mod signature;
mod vertex;

pub(crate) use signature::{Kind, StageIo};

use crate::error::{InputCause, Result, UnsupportedCause};
use crate::interp::{Ctx, Status, Wave};
use crate::program::Program;
use crate::resource::{Bindings, ElementFormat};

/// One vertex attribute of the vertex buffer (`D3D12_INPUT_ELEMENT_DESC`, per-vertex data).
#[derive(Clone, Debug)]
pub struct VertexAttribute {
    /// Semantic name (matched case-insensitively).
    pub name: String,
    /// Semantic index.
    pub semantic_index: u32,
    /// Its format.
    pub format: ElementFormat,
    /// Byte offset within a vertex.
    pub offset: u32,
}

/// The viewport (`D3D12_VIEWPORT`).
#[derive(Clone, Copy, Debug)]
pub struct Viewport {
    /// Left.
    pub x: f32,
    /// Top.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
    /// Depth of NDC z = 0.
    pub min_depth: f32,
    /// Depth of NDC z = 1.
    pub max_depth: f32,
}

/// One draw.
#[derive(Clone, Debug)]
pub struct Draw<'a> {
    /// Vertex buffer bytes.
    pub vertices: &'a [u8],
    /// Bytes from one vertex to the next.
    pub stride: u32,
    /// The input layout.
    pub attributes: Vec<VertexAttribute>,
    /// Vertices drawn, every three a triangle (a triangle list, the suite's only topology
    /// for vertex and pixel shaders).
    pub vertex_count: u32,
    /// Viewport (and scissor: the same rectangle).
    pub viewport: Viewport,
    /// Instructions the draw may execute, both stages together.
    pub budget: u64,
}

/// A render target: `width x height` elements of `format`, rows packed.
#[derive(Clone, Debug)]
pub struct RenderTarget {
    /// Element format.
    pub format: ElementFormat,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The pixels.
    pub data: Vec<u8>,
}

/// Pixel positions one draw may test for coverage, summed over its triangles' bounding
/// boxes (1 Gi): a draw of many huge triangles stops with an error instead of running on.
const MAX_SCANNED: u64 = 1 << 30;

/// Render targets larger than this are refused (64 Mi pixels).
pub const MAX_PIXELS: u64 = 1 << 26;

/// Draws with vertex shader `vs` and pixel shader `ps` into `target`; UAVs in `bindings` are
/// written in place.
pub fn draw(
    vs: &Program,
    ps: &Program,
    bindings: &mut Bindings,
    draw: &Draw<'_>,
    target: &mut RenderTarget,
) -> Result<()> {
    if vs.compiled().stage.kind != Kind::Vertex {
        return Err(InputCause::NotVertexShader.into());
    }
    if ps.compiled().stage.kind != Kind::Pixel {
        return Err(InputCause::NotPixelShader.into());
    }
    let pixels = u64::from(target.width) * u64::from(target.height);
    if pixels > MAX_PIXELS {
        return Err(UnsupportedCause::RenderTargetPixels(pixels).into());
    }
    let need = pixels * u64::from(target.format.size());
    if (target.data.len() as u64) < need {
        return Err(InputCause::RenderTargetTooSmall {
            have: target.data.len(),
            need,
        }
        .into());
    }
    let mut executed = 0u64;
    let verts = vertex::shade(vs, bindings, draw, &mut executed)?;
    let mut depth = vec![1.0f32; pixels as usize];
    let mut out = pixel::Target {
        rt: target,
        depth: &mut depth,
    };
    let size = [out.rt.width, out.rt.height];
    let cull = verts.components(dxil_ops::SemanticKind::CullDistance);
    let mut scanned = 0u64;
    for (prim, idx) in raster::triangles(verts.count).enumerate() {
        if verts.culled(idx, &cull) {
            continue;
        }
        let Some(tri) = raster::Triangle::setup(&verts, idx, &draw.viewport, size)? else {
            continue;
        };
        let [x0, y0, x1, y1] = tri.bounds.map(u64::from);
        scanned += x1.saturating_sub(x0) * y1.saturating_sub(y0);
        if scanned > MAX_SCANNED {
            return Err(UnsupportedCause::Coverage(MAX_SCANNED).into());
        }
        pixel::shade(
            ps,
            bindings,
            &verts,
            &tri,
            prim as u32,
            draw,
            &mut out,
            &mut executed,
        )?;
    }
    Ok(())
}

/// Runs `wave` (already reset and filled) to the end.
fn run_wave(
    prog: &Program,
    wave: &mut Wave,
    bindings: &mut Bindings,
    budget: u64,
    executed: &mut u64,
) -> Result<()> {
    let compiled = prog.compiled();
    let mut sink = std::io::sink();
    let mut shared = compiled.shared_init.clone();
    let mut ctx = Ctx {
        prog: compiled,
        bindings,
        shared: &mut shared,
        executed,
        budget,
        group_id: [0; 3],
        trace: &mut sink,
    };
    match wave.run(&mut ctx)? {
        Status::Done => Ok(()),
        Status::Barrier => Err(InputCause::GraphicsBarrier.into()),
    }
}
