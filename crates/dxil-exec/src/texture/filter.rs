//! Filtering within one mip level of one slice (D3D11.3 functional spec, "Point Sample
//! Addressing" and "Linear Sample Addressing"): a point sample takes the texel containing the
//! coordinate (`floor(u * size)`); a linear sample blends the texels around `u * size - 0.5`
//! by the fractional distance. The address mode is applied to each texel's index, and a
//! comparison sampler compares each texel before the blend.

use super::address::address;
use super::cube::across_edge;
use super::layout::{extent, fetch_d3d, Texel};
use crate::resource::{ComparisonFunc, ComponentFormat, Filter, Resource, SamplerDesc};

/// One level of one slice of a texture, seen through a sampler.
pub struct Level<'a> {
    /// The texture.
    pub res: &'a Resource,
    /// The sampler.
    pub sampler: &'a SamplerDesc,
    /// Mip level.
    pub mip: u32,
    /// Array slice (cube face included).
    pub slice: u32,
    /// Axes addressed by coordinates (1 to 3).
    pub dims: usize,
    /// Comparison reference and function (`SampleCmp*`, `GatherCmp*`).
    pub compare: Option<(f32, ComparisonFunc)>,
    /// A cube face (`slice` is the face plus six times the cube): texels beyond an edge come
    /// from the neighbouring face and the address modes do not apply.
    pub cube: bool,
}

/// A texel as a footprint sees it: register bits, or outside a border-addressed axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fetched {
    /// The texel's registers (0 when the data does not hold it).
    Texel([u32; 4]),
    /// Outside the texture on an axis with [`crate::AddressMode::Border`].
    Border,
}

impl Level<'_> {
    /// [width, height, depth] of this level.
    pub fn size(&self) -> [u32; 3] {
        extent(self.res, self.mip)
    }

    /// The texel at integer indices `idx`, address modes applied.
    pub fn fetch(&self, idx: [i64; 3]) -> Fetched {
        match self.texel(idx) {
            Some(texel) => Fetched::Texel(fetch_d3d(self.res, texel)),
            None => Fetched::Border,
        }
    }

    /// Where the texel at integer indices `idx` is once the address modes (or, on a cube,
    /// the neighbouring faces) apply; `None` outside a border-addressed axis.
    pub fn texel(&self, idx: [i64; 3]) -> Option<Texel> {
        let size = self.size();
        let mut xyz = [0u32; 3];
        let mut slice = self.slice;
        if self.cube {
            let inside = |a: usize| (0..i64::from(size[a])).contains(&idx[a]);
            if inside(0) && inside(1) {
                xyz = [idx[0] as u32, idx[1] as u32, 0];
            } else {
                let (face, [x, y]) = across_edge(self.slice % 6, idx[0], idx[1], size[0]);
                slice = self.slice - self.slice % 6 + face;
                xyz = [x, y, 0];
            }
        } else {
            for a in 0..self.dims {
                xyz[a] = address(self.sampler.address[a], idx[a], size[a])?;
            }
        }
        Some(Texel {
            mip: self.mip,
            slice,
            xyz,
            sample: 0,
        })
    }

    /// The texel at `idx` as the filter blends it: floats, the border colour, or the
    /// comparison's 1.0 / 0.0 in every channel.
    pub fn value(&self, idx: [i64; 3]) -> [f32; 4] {
        let v = match self.fetch(idx) {
            Fetched::Texel(bits) => bits.map(f32::from_bits),
            Fetched::Border => self.border(),
        };
        match self.compare {
            Some((reference, func)) => {
                let r = if passes(func, reference, v[0]) {
                    1.0
                } else {
                    0.0
                };
                [r; 4]
            }
            None => v,
        }
    }

    /// The border colour as the filter sees it (D3D11.3 7.18.9.1 "Border Color"): only the
    /// channels the format has, clamped to the format's range; the others read as a missing
    /// channel does (0, alpha 1).
    pub fn border(&self) -> [f32; 4] {
        let Some(format) = self.res.format else {
            return self.sampler.border_color;
        };
        let range = match format.component {
            ComponentFormat::UNorm8 | ComponentFormat::UNorm16 => (0.0, 1.0),
            ComponentFormat::SNorm8 | ComponentFormat::SNorm16 => (-1.0, 1.0),
            _ => (f32::NEG_INFINITY, f32::INFINITY),
        };
        std::array::from_fn(|c| {
            if c < usize::from(format.channels) {
                let b = self.sampler.border_color[c];
                if b.is_nan() {
                    b
                } else {
                    b.clamp(range.0, range.1)
                }
            } else if c == 3 {
                1.0
            } else {
                0.0
            }
        })
    }

    /// Whether `idx` is the texel a cube's 2x2 footprint lacks at a corner, where three faces
    /// meet (outside the face on both axes).
    pub fn missing_corner(&self, idx: [i64; 3]) -> bool {
        let size = self.size();
        let outside = |a: usize| !(0..i64::from(size[a])).contains(&idx[a]);
        self.cube && outside(0) && outside(1)
    }

    /// Filters at normalised `uvw` with `filter`, texel `offset` added on each axis.
    pub fn filter(&self, filter: Filter, uvw: [f32; 3], offset: [i32; 3]) -> [f32; 4] {
        let size = self.size();
        match filter {
            Filter::Point => {
                let mut idx = [0i64; 3];
                for a in 0..self.dims {
                    idx[a] = to_index((uvw[a] * size[a] as f32).floor()) + i64::from(offset[a]);
                }
                self.value(idx)
            }
            Filter::Linear => {
                let (base, frac) = self.footprint(uvw, offset);
                let corners = 1usize << self.dims;
                let mut out = [0.0f32; 4];
                let mut values = [[0.0f32; 4]; 8];
                let mut weights = [0.0f32; 8];
                let mut missing = None;
                for corner in 0..corners {
                    let mut idx = base;
                    let mut weight = 1.0f32;
                    for a in 0..self.dims {
                        if corner >> a & 1 == 1 {
                            idx[a] += 1;
                            weight *= frac[a];
                        } else {
                            weight *= 1.0 - frac[a];
                        }
                    }
                    weights[corner] = weight;
                    if self.missing_corner(idx) {
                        missing = Some(corner);
                    } else if weight != 0.0 || self.cube {
                        values[corner] = self.value(idx);
                    }
                }
                // A cube corner's missing texel is the average of the three that meet there
                // (D3D11.3 7.18.12), i.e. its weight split evenly among them.
                if let Some(m) = missing {
                    values[m] = average_of_others(&values[..corners], m);
                }
                for corner in 0..corners {
                    for c in 0..4 {
                        out[c] += weights[corner] * values[corner][c];
                    }
                }
                out
            }
        }
    }

    /// The lower texel indices and fractional weights of the linear footprint at `uvw`.
    pub fn footprint(&self, uvw: [f32; 3], offset: [i32; 3]) -> ([i64; 3], [f32; 3]) {
        let size = self.size();
        let mut base = [0i64; 3];
        let mut frac = [0.0f32; 3];
        for a in 0..self.dims {
            let t = uvw[a] * size[a] as f32 - 0.5;
            let f = t.floor();
            base[a] = to_index(f) + i64::from(offset[a]);
            let w = t - f;
            frac[a] = if w.is_finite() { w } else { 0.0 };
        }
        (base, frac)
    }
}

/// The average of the values in `values` other than the one at `skip`.
pub fn average_of_others(values: &[[f32; 4]], skip: usize) -> [f32; 4] {
    let mut sum = [0.0f32; 4];
    let mut n = 0.0f32;
    for (i, v) in values.iter().enumerate() {
        if i != skip {
            for c in 0..4 {
                sum[c] += v[c];
            }
            n += 1.0;
        }
    }
    sum.map(|x| x / n.max(1.0))
}

/// A float texel index as an integer: saturating, NaN as 0, far enough inside `i64` that
/// adding an offset and one cannot overflow.
fn to_index(f: f32) -> i64 {
    (f as i64).clamp(-(1 << 40), 1 << 40)
}

/// Whether `reference` compared with `texel` by `func` passes (D3D12_COMPARISON_FUNC: the
/// reference is the source, the texel the destination).
pub fn passes(func: ComparisonFunc, reference: f32, texel: f32) -> bool {
    // Denormal texels are flushed to zero going into the comparison (D3D11.3 22.4.3).
    let texel = if texel.is_subnormal() { 0.0 } else { texel };
    match func {
        ComparisonFunc::Never => false,
        ComparisonFunc::Less => reference < texel,
        ComparisonFunc::Equal => reference == texel,
        ComparisonFunc::LessEqual => reference <= texel,
        ComparisonFunc::Greater => reference > texel,
        ComparisonFunc::NotEqual => reference != texel,
        ComparisonFunc::GreaterEqual => reference >= texel,
        ComparisonFunc::Always => true,
    }
}
