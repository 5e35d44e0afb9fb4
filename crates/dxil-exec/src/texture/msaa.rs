//! Multisample positions: where sample `i` of a multisampled texel lies, relative to the texel
//! centre in texels, for D3D's standard sample patterns (D3D11.3 functional spec 19.2.4
//! "Specification of Sample Positions", `D3D11_STANDARD_MULTISAMPLE_PATTERN`; the `samplepos`
//! instruction behind `Texture2DMSGetSamplePosition`). Positions sit on a 1/16-texel grid.

use super::layout::shape;
use crate::resource::Resource;

/// The standard patterns in sixteenths of a texel, x then y (y down), per sample count.
const PATTERN_2: [[i8; 2]; 2] = [[4, 4], [-4, -4]];
const PATTERN_4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];
const PATTERN_8: [[i8; 2]; 8] = [
    [1, -3],
    [-1, 3],
    [5, 1],
    [-3, -5],
    [-5, 5],
    [-7, -1],
    [3, 7],
    [7, -7],
];
const PATTERN_16: [[i8; 2]; 16] = [
    [1, 1],
    [-1, -3],
    [-3, 2],
    [4, -1],
    [-5, -2],
    [2, 5],
    [5, 3],
    [3, -5],
    [-2, 6],
    [0, -7],
    [-4, -6],
    [-6, 4],
    [-8, 0],
    [7, -4],
    [6, 7],
    [-7, -8],
];

/// `Texture2DMSGetSamplePosition`: the position of sample `index` of `res`'s sample count.
/// A single-sampled or non-multisampled view, a count without a standard pattern, and an
/// index beyond the count give the centre (0, 0), as `samplepos` does out of range.
pub fn sample_position(res: &Resource, index: u32) -> [f32; 2] {
    if !shape(res.view).is_some_and(|s| s.multisampled) {
        return [0.0; 2];
    }
    let pattern: &[[i8; 2]] = match res.dims.sample_count {
        2 => &PATTERN_2,
        4 => &PATTERN_4,
        8 => &PATTERN_8,
        16 => &PATTERN_16,
        _ => &[],
    };
    match usize::try_from(index).ok().and_then(|i| pattern.get(i)) {
        Some(&[x, y]) => [f32::from(x) / 16.0, f32::from(y) / 16.0],
        None => [0.0; 2],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resource::ResourceKind;

    #[test]
    fn standard_patterns_and_out_of_range_centre() {
        let mut ms = Resource::buffer(ResourceKind::Texture2DMS, Vec::new());
        ms.dims.sample_count = 4;
        assert_eq!(sample_position(&ms, 1), [0.375, -0.125]);
        assert_eq!(sample_position(&ms, 4), [0.0, 0.0]);
        ms.dims.sample_count = 16;
        assert_eq!(sample_position(&ms, 15), [-0.4375, -0.5]);
        ms.dims.sample_count = 3;
        assert_eq!(sample_position(&ms, 0), [0.0, 0.0]);
        let plain = Resource::buffer(ResourceKind::Texture2D, Vec::new());
        assert_eq!(sample_position(&plain, 0), [0.0, 0.0]);
    }
}
