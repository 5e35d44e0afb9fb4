//! Triangle setup and coverage (D3D11.3 functional spec, "Rasterization Rules"): clip space
//! to the viewport, vertex positions snapped to 1/256 of a pixel (8 bits of sub-pixel
//! precision), edge functions evaluated exactly in integers at pixel centres (x + 0.5,
//! y + 0.5), and a centre exactly on an edge covered only when that edge is a top or left
//! edge, so a pixel on an edge two triangles share is drawn once.

use super::vertex::Shaded;
use super::Viewport;
use crate::error::{Result, UnsupportedCause};

/// Sub-pixel steps per pixel (D3D: 8 bits).
const SUB: f64 = 256.0;
/// Screen positions beyond this many pixels from the origin are refused (the products of
/// two snapped coordinates then fit in an `i64`).
const GUARD: f64 = (1 << 20) as f64;

/// The vertex indices of each triangle of a triangle list of `count` vertices.
pub(crate) fn triangles(count: u32) -> impl Iterator<Item = [u32; 3]> {
    (0..count / 3).map(|t| [3 * t, 3 * t + 1, 3 * t + 2])
}

/// `(b - a) x (p - a)`: positive when `p` is on the side the edge's normal `(-dy, dx)`
/// points to.
#[inline]
fn edge(a: [i64; 2], b: [i64; 2], p: [i64; 2]) -> i64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
}

/// A triangle ready to rasterise.
#[derive(Clone, Debug)]
pub(crate) struct Triangle {
    /// Its vertices (the first is the provoking vertex).
    pub(crate) idx: [u32; 3],
    /// Snapped screen positions, in 1/256 pixel.
    xy: [[i64; 2]; 3],
    /// Viewport depth of each vertex.
    pub(crate) z: [f64; 3],
    /// `1 / w` of each vertex.
    pub(crate) inv_w: [f64; 3],
    /// Twice the signed area in snapped units (`edge(v0, v1, v2)`).
    area: i64,
    /// Counter-clockwise as seen on screen with y up (the suite's devices take
    /// counter-clockwise as the front).
    pub(crate) front: bool,
    /// The edges wound so the inside is positive, with whether each is top or left.
    edges: [([i64; 2], [i64; 2], bool); 3],
    /// Pixels to consider, half-open: x0..x1, y0..y1 (x0, y0 even).
    pub(crate) bounds: [u32; 4],
}

impl Triangle {
    /// Sets up triangle `idx` of `verts` in `vp`, limited to `size` pixels; `None` when it
    /// covers no area.
    pub(crate) fn setup(
        verts: &Shaded,
        idx: [u32; 3],
        vp: &Viewport,
        size: [u32; 2],
    ) -> Result<Option<Triangle>> {
        let mut xy = [[0i64; 2]; 3];
        let mut z = [0f64; 3];
        let mut inv_w = [0f64; 3];
        for k in 0..3 {
            let [x, y, zz, w] = verts.pos[idx[k] as usize].map(f64::from);
            if w.is_nan()
                || w <= 0.0
                || !x.is_finite()
                || !y.is_finite()
                || !zz.is_finite()
                || !w.is_finite()
            {
                return Err(UnsupportedCause::Clipping.into());
            }
            let (nx, ny, nz) = (x / w, y / w, zz / w);
            let sx = f64::from(vp.x) + (nx + 1.0) * 0.5 * f64::from(vp.width);
            let sy = f64::from(vp.y) + (1.0 - ny) * 0.5 * f64::from(vp.height);
            if sx.abs() > GUARD || sy.abs() > GUARD {
                return Err(UnsupportedCause::GuardBand { x: sx, y: sy }.into());
            }
            xy[k] = [(sx * SUB).round() as i64, (sy * SUB).round() as i64];
            z[k] = f64::from(vp.min_depth) + nz * f64::from(vp.max_depth - vp.min_depth);
            inv_w[k] = 1.0 / w;
        }
        let area = edge(xy[0], xy[1], xy[2]);
        if area == 0 {
            return Ok(None);
        }
        // Screen y grows downwards, so counter-clockwise with y up has a negative area here.
        let front = area < 0;
        let order = if area > 0 { [0, 1, 2] } else { [0, 2, 1] };
        let e = |a: usize, b: usize| {
            let (p, q) = (xy[order[a]], xy[order[b]]);
            let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
            // The inside is towards (-dy, dx): a left edge goes up (dy < 0), a top edge is
            // horizontal with the inside below it (dx > 0).
            (p, q, dy < 0 || (dy == 0 && dx > 0))
        };
        let edges = [e(0, 1), e(1, 2), e(2, 0)];
        let lo = |c: usize| xy[0][c].min(xy[1][c]).min(xy[2][c]);
        let hi = |c: usize| xy[0][c].max(xy[1][c]).max(xy[2][c]);
        let clamp = |v: i64, max: u32| v.clamp(0, i64::from(max)) as u32;
        let x0 = clamp(lo(0).div_euclid(256) - 1, size[0]) & !1;
        let y0 = clamp(lo(1).div_euclid(256) - 1, size[1]) & !1;
        let x1 = clamp(hi(0).div_euclid(256) + 2, size[0]);
        let y1 = clamp(hi(1).div_euclid(256) + 2, size[1]);
        Ok(Some(Triangle {
            idx,
            xy,
            z,
            inv_w,
            area,
            front,
            edges,
            bounds: [x0, y0, x1, y1],
        }))
    }

    /// The centre of pixel (`x`, `y`) in snapped units.
    #[inline]
    fn centre(x: u32, y: u32) -> [i64; 2] {
        [i64::from(x) * 256 + 128, i64::from(y) * 256 + 128]
    }

    /// Whether the centre of pixel (`x`, `y`) is inside, by the top-left rule.
    pub(crate) fn covers(&self, x: u32, y: u32) -> bool {
        let p = Self::centre(x, y);
        self.edges.iter().all(|&(a, b, top_left)| {
            let v = edge(a, b, p);
            v > 0 || (v == 0 && top_left)
        })
    }

    /// Screen-space barycentric weights of the centre of pixel (`x`, `y`) (outside the
    /// triangle too, as helper pixels need).
    pub(crate) fn weights(&self, x: u32, y: u32) -> [f64; 3] {
        let p = Self::centre(x, y);
        let a = self.area as f64;
        let xy = &self.xy;
        [
            edge(xy[1], xy[2], p) as f64 / a,
            edge(xy[2], xy[0], p) as f64 / a,
            edge(xy[0], xy[1], p) as f64 / a,
        ]
    }
}
