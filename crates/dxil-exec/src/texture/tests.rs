use super::*;
use crate::resource::{
    AddressMode, ComparisonFunc, ComponentFormat, Dims, ElementFormat, Filter, Resource,
    ResourceKind, SamplerDesc,
};

fn texture(view: ResourceKind, dims: Dims, channels: u8, values: &[f32]) -> Resource {
    Resource {
        view,
        data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        format: Some(ElementFormat {
            component: ComponentFormat::Float32,
            channels,
        }),
        stride: 0,
        dims,
        counter: None,
        sampler: None,
    }
}

fn dims(width: u32, height: u32, depth: u32, array_size: u32, mip_levels: u32) -> Dims {
    Dims {
        width,
        height,
        depth,
        array_size,
        mip_levels,
        sample_count: 1,
    }
}

/// The suite's 2x2 red/green/blue/white texture with a yellow 1x1 mip.
fn quad() -> Resource {
    #[rustfmt::skip]
    let values = [
        1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0,
        0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
        1.0, 1.0, 0.0, 1.0,
    ];
    texture(ResourceKind::Texture2D, dims(2, 2, 1, 1, 2), 4, &values)
}

fn sampler(min: Filter, mag: Filter, mip: Filter, address: AddressMode) -> SamplerDesc {
    SamplerDesc {
        min_filter: min,
        mag_filter: mag,
        mip_filter: mip,
        address: [address; 3],
        ..SamplerDesc::default()
    }
}

fn args(coord: [f32; 4], lod: Lod) -> SampleArgs {
    SampleArgs {
        coord,
        offset: [0; 3],
        lod,
        clamp: None,
        compare: None,
    }
}

fn grad(g: f32) -> Lod {
    Lod::Grad {
        ddx: [g, 0.0, 0.0],
        ddy: [0.0, g, 0.0],
    }
}

fn f(v: [u32; 4]) -> [f32; 4] {
    v.map(f32::from_bits)
}

#[test]
fn load_addresses_mips_offsets_and_reads_zero_outside() {
    let t = quad();
    assert_eq!(f(load(&t, [1, 0, 0], 0, 0, [0; 3])), [0.0, 1.0, 0.0, 1.0]);
    assert_eq!(f(load(&t, [0, 0, 0], 0, 0, [1, 1, 0])), [1.0; 4]);
    assert_eq!(f(load(&t, [0, 0, 0], 1, 0, [0; 3])), [1.0, 1.0, 0.0, 1.0]);
    assert_eq!(load(&t, [1, 0, 0], 1, 0, [0; 3]), [0; 4]);
    assert_eq!(load(&t, [-1, 0, 0], 0, 0, [0; 3]), [0; 4]);
    assert_eq!(load(&t, [0, 0, 0], 2, 0, [0; 3]), [0; 4]);
    assert_eq!(load(&t, [i32::MAX, 0, 0], 0, 0, [5, 0, 0]), [0; 4]);
}

#[test]
fn arrays_and_volumes_address_slices_and_planes() {
    let values: Vec<f32> = (0..8).map(|v| v as f32).collect();
    let arr = texture(
        ResourceKind::Texture2DArray,
        dims(2, 2, 1, 2, 1),
        1,
        &values,
    );
    assert_eq!(f(load(&arr, [1, 1, 1], 0, 0, [0; 3]))[0], 7.0);
    assert_eq!(load(&arr, [0, 0, 2], 0, 0, [0; 3]), [0; 4]);
    let vol = texture(ResourceKind::Texture3D, dims(2, 2, 2, 1, 1), 1, &values);
    assert_eq!(f(load(&vol, [0, 1, 1], 0, 0, [0; 3]))[0], 6.0);
    let a1 = texture(
        ResourceKind::Texture1DArray,
        dims(4, 1, 1, 2, 1),
        1,
        &values,
    );
    assert_eq!(f(load(&a1, [2, 1, 0], 0, 0, [0; 3]))[0], 6.0);
    // Point sampling a volume at the centre of texel (1, 0, 1).
    let s = sampler(
        Filter::Point,
        Filter::Point,
        Filter::Point,
        AddressMode::Clamp,
    );
    let v = sample(&vol, &s, &args([0.75, 0.25, 0.75, 0.0], Lod::Level(0.0)));
    assert_eq!(v[0], 5.0);
    // An array index rounds to the nearest slice, ties to even, and clamps.
    let v = sample(&arr, &s, &args([0.0, 0.0, 0.5, 0.0], Lod::Level(0.0)));
    assert_eq!(v[0], 0.0);
    let v = sample(&arr, &s, &args([0.0, 0.0, 9.0, 0.0], Lod::Level(0.0)));
    assert_eq!(v[0], 4.0);
}

#[test]
fn store_writes_in_range_and_drops_outside() {
    let mut t = texture(ResourceKind::Texture2D, dims(2, 2, 1, 1, 1), 1, &[0.0; 4]);
    store(&mut t, [1, 1, 0], [2.5f32.to_bits(), 0, 0, 0], 1);
    store(&mut t, [2, 0, 0], [9.0f32.to_bits(), 0, 0, 0], 1);
    assert_eq!(f(load(&t, [1, 1, 0], 0, 0, [0; 3]))[0], 2.5);
    assert_eq!(t.data.len(), 16);
    assert_eq!(t.data[..12], [0; 12]);
    assert_eq!(texel_range(&t, [1, 1, 0]), Some(12..16));
    assert_eq!(texel_range(&t, [0, 2, 0]), None);
}

#[test]
fn dimensions_follow_the_kind() {
    let t = quad();
    assert_eq!(dimensions(&t, 0), [2, 2, 0, 2]);
    assert_eq!(dimensions(&t, 1), [1, 1, 0, 2]);
    assert_eq!(dimensions(&t, 5), [0, 0, 0, 2]);
    let arr = texture(ResourceKind::Texture1DArray, dims(8, 1, 1, 3, 4), 1, &[]);
    assert_eq!(dimensions(&arr, 2), [2, 3, 0, 4]);
    let cube = texture(ResourceKind::TextureCubeArray, dims(4, 4, 1, 12, 1), 1, &[]);
    assert_eq!(dimensions(&cube, 0), [4, 4, 2, 1]);
    let vol = texture(ResourceKind::Texture3D, dims(8, 4, 2, 1, 3), 1, &[]);
    assert_eq!(dimensions(&vol, 2), [2, 1, 1, 3]);
    let mut ms = texture(ResourceKind::Texture2DMS, dims(4, 2, 1, 1, 1), 1, &[]);
    ms.dims.sample_count = 4;
    assert_eq!(dimensions(&ms, 0), [4, 2, 0, 4]);
}

#[test]
fn sample_grad_matches_the_suite_case() {
    let t = quad();
    let s0 = sampler(
        Filter::Linear,
        Filter::Point,
        Filter::Linear,
        AddressMode::Clamp,
    );
    let s1 = sampler(
        Filter::Point,
        Filter::Linear,
        Filter::Linear,
        AddressMode::Clamp,
    );
    let uv0 = [0.5, 0.5, 0.0, 0.0];
    let uv1 = [0.25, 0.25, 0.0, 0.0];
    let yellow = [1.0, 1.0, 0.0, 1.0];
    assert_eq!(sample(&t, &s0, &args(uv0, grad(0.0001))), [1.0; 4]);
    assert_eq!(sample(&t, &s0, &args(uv0, grad(2.0))), yellow);
    assert_eq!(
        sample(&t, &s1, &args(uv1, grad(0.0001))),
        [1.0, 0.0, 0.0, 1.0]
    );
    assert_eq!(sample(&t, &s1, &args(uv1, grad(2.0))), yellow);
    assert_eq!(sample(&t, &s0, &args(uv0, grad(1.0))), yellow);
}

#[test]
fn linear_filtering_blends_and_each_mode_handles_edges() {
    let t = texture(ResourceKind::Texture1D, dims(2, 1, 1, 1, 1), 1, &[0.0, 1.0]);
    let at = |mode, u: f32| {
        let mut s = sampler(Filter::Linear, Filter::Linear, Filter::Point, mode);
        s.border_color = [4.0, 0.0, 0.0, 0.0];
        sample(&t, &s, &args([u, 0.0, 0.0, 0.0], Lod::Level(0.0)))[0]
    };
    assert_eq!(at(AddressMode::Clamp, 0.375), 0.25);
    assert_eq!(at(AddressMode::Clamp, 0.0), 0.0);
    assert_eq!(at(AddressMode::Wrap, 0.0), 0.5);
    assert_eq!(at(AddressMode::Border, 0.0), 2.0);
    assert_eq!(at(AddressMode::Mirror, 1.0), 1.0);
    assert_eq!(at(AddressMode::Wrap, 1.0), 0.5);
}

#[test]
fn mip_filter_blends_levels_and_lod_is_biased_and_clamped() {
    let t = texture(
        ResourceKind::Texture2D,
        dims(2, 2, 1, 1, 2),
        1,
        &[0.0, 0.0, 0.0, 0.0, 8.0],
    );
    let mut s = sampler(
        Filter::Linear,
        Filter::Linear,
        Filter::Linear,
        AddressMode::Clamp,
    );
    let c = [0.5, 0.5, 0.0, 0.0];
    assert_eq!(sample(&t, &s, &args(c, Lod::Level(0.25)))[0], 2.0);
    s.mip_filter = Filter::Point;
    assert_eq!(sample(&t, &s, &args(c, Lod::Level(0.25)))[0], 0.0);
    assert_eq!(sample(&t, &s, &args(c, Lod::Level(0.5)))[0], 8.0);
    s.mip_lod_bias = 1.0;
    assert_eq!(sample(&t, &s, &args(c, Lod::Level(0.0)))[0], 8.0);
    s.max_lod = 0.0;
    assert_eq!(sample(&t, &s, &args(c, Lod::Level(0.0)))[0], 0.0);
    let s = sampler(
        Filter::Linear,
        Filter::Linear,
        Filter::Linear,
        AddressMode::Clamp,
    );
    let bias = Lod::Bias {
        bias: 1.0,
        ddx: [0.5, 0.0, 0.0],
        ddy: [0.0, 0.0, 0.0],
    };
    assert_eq!(calculate_lod(&t, &s, &args(c, bias)), [1.0, 1.0]);
    assert_eq!(calculate_lod(&t, &s, &args(c, grad(2.0))), [1.0, 2.0]);
    let mut clamped = args(c, Lod::Level(0.0));
    clamped.clamp = Some(1.0);
    assert_eq!(sample(&t, &s, &clamped)[0], 8.0);
}

#[test]
fn cube_directions_select_faces() {
    let values: Vec<f32> = (0..12).map(|v| v as f32).collect();
    let s = sampler(
        Filter::Point,
        Filter::Point,
        Filter::Point,
        AddressMode::Clamp,
    );
    let cube = texture(
        ResourceKind::TextureCube,
        dims(1, 1, 1, 6, 1),
        1,
        &values[..6],
    );
    let at = |r: &Resource, c: [f32; 4]| sample(r, &s, &args(c, Lod::Level(0.0)))[0];
    assert_eq!(at(&cube, [1.0, 0.2, 0.3, 0.0]), 0.0);
    assert_eq!(at(&cube, [-1.0, 0.2, 0.3, 0.0]), 1.0);
    assert_eq!(at(&cube, [0.0, 3.0, 0.3, 0.0]), 2.0);
    assert_eq!(at(&cube, [0.0, -3.0, 0.3, 0.0]), 3.0);
    assert_eq!(at(&cube, [0.1, 0.0, 1.0, 0.0]), 4.0);
    assert_eq!(at(&cube, [0.1, 0.0, -1.0, 0.0]), 5.0);
    let arr = texture(
        ResourceKind::TextureCubeArray,
        dims(1, 1, 1, 12, 1),
        1,
        &values,
    );
    assert_eq!(at(&arr, [0.0, -3.0, 0.3, 1.0]), 9.0);
}

fn depth() -> Resource {
    texture(
        ResourceKind::Texture2D,
        dims(2, 2, 1, 1, 1),
        1,
        &[0.2, 0.8, 0.2, 0.8],
    )
}

fn cmp_args(coord: [f32; 2], reference: f32, offset: [i32; 3]) -> SampleArgs {
    SampleArgs {
        coord: [coord[0], coord[1], 0.0, 0.0],
        offset,
        lod: Lod::Level(0.0),
        clamp: None,
        compare: Some(reference),
    }
}

#[test]
fn gather_cmp_matches_the_suite_case() {
    let t = depth();
    let mut less = sampler(
        Filter::Linear,
        Filter::Linear,
        Filter::Linear,
        AddressMode::Clamp,
    );
    less.comparison = Some(ComparisonFunc::Less);
    let mut greater = less;
    greater.comparison = Some(ComparisonFunc::Greater);
    let mut repeat = less;
    repeat.address = [AddressMode::Wrap; 3];
    let g = |s: &SamplerDesc, a: SampleArgs| f(gather(&t, s, &a, 0));
    assert_eq!(
        g(&less, cmp_args([0.5, 0.5], 0.5, [0; 3])),
        [0.0, 1.0, 1.0, 0.0]
    );
    assert_eq!(g(&less, cmp_args([0.5, 0.5], 0.1, [0; 3])), [1.0; 4]);
    assert_eq!(
        g(&greater, cmp_args([0.5, 0.5], 0.5, [0; 3])),
        [1.0, 0.0, 0.0, 1.0]
    );
    assert_eq!(g(&less, cmp_args([1.5, 1.5], 0.5, [0; 3])), [1.0; 4]);
    assert_eq!(
        g(&repeat, cmp_args([1.5, 1.5], 0.5, [0; 3])),
        [0.0, 1.0, 1.0, 0.0]
    );
    assert_eq!(
        g(&less, cmp_args([0.5, 0.5], 0.5, [0, -1, 0])),
        [0.0, 1.0, 1.0, 0.0]
    );
    assert_eq!(g(&less, cmp_args([0.5, 0.5], 0.5, [1, 0, 0])), [1.0; 4]);
    assert_eq!(g(&less, cmp_args([0.5, 0.5], 0.5, [-1, -1, 0])), [0.0; 4]);
}

#[test]
fn gather_orders_the_footprint_and_sample_cmp_filters_results() {
    let t = texture(
        ResourceKind::Texture2D,
        dims(2, 2, 1, 1, 1),
        2,
        &[0., 10., 1., 11., 2., 12., 3., 13.],
    );
    let s = sampler(
        Filter::Linear,
        Filter::Linear,
        Filter::Point,
        AddressMode::Clamp,
    );
    let a = args([0.5, 0.5, 0.0, 0.0], Lod::Level(0.0));
    assert_eq!(f(gather(&t, &s, &a, 0)), [2.0, 3.0, 1.0, 0.0]);
    assert_eq!(f(gather(&t, &s, &a, 1)), [12.0, 13.0, 11.0, 10.0]);
    let mut cmp = s;
    cmp.comparison = Some(ComparisonFunc::Less);
    // Two of the four texels (0.8) pass; the bilinear blend of the results is one half.
    assert_eq!(
        sample(&depth(), &cmp, &cmp_args([0.5, 0.5], 0.5, [0; 3]))[0],
        0.5
    );
}

#[test]
fn malformed_textures_never_panic() {
    let s = SamplerDesc::default();
    let hostile = [
        texture(ResourceKind::Texture2D, dims(0, 0, 0, 0, 0), 4, &[]),
        texture(
            ResourceKind::Texture2D,
            dims(u32::MAX, u32::MAX, 1, 1, u32::MAX),
            4,
            &[1.0],
        ),
        texture(
            ResourceKind::Texture3D,
            dims(u32::MAX, u32::MAX, u32::MAX, u32::MAX, 40),
            1,
            &[],
        ),
        texture(
            ResourceKind::TextureCubeArray,
            dims(3, 3, 1, 5, 2),
            1,
            &[1.0; 7],
        ),
        Resource::buffer(ResourceKind::Texture2DMSArray, vec![1, 2, 3]),
        Resource::buffer(ResourceKind::RawBuffer, vec![1, 2, 3]),
    ];
    let coords = [
        [f32::NAN; 4],
        [f32::INFINITY, f32::NEG_INFINITY, 1e30, -1e30],
        [0.5; 4],
    ];
    for mut t in hostile {
        for c in coords {
            for lod in [
                Lod::Level(f32::NAN),
                grad(f32::INFINITY),
                grad(0.0),
                Lod::Level(1e9),
            ] {
                let mut a = args(c, lod);
                a.offset = [i32::MIN, i32::MAX, -8];
                a.compare = Some(f32::NAN);
                let _ = sample(&t, &s, &a);
                let _ = gather(&t, &s, &a, 7);
                let _ = calculate_lod(&t, &s, &a);
            }
        }
        for mip in [0, 1, 31, 32, u32::MAX] {
            let _ = dimensions(&t, mip);
            let _ = load(&t, [i32::MAX, i32::MIN, 3], mip, u32::MAX, [i32::MAX; 3]);
        }
        store(&mut t, [u32::MAX, 0, u32::MAX], [1; 4], 0xff);
        store(&mut t, [0, 0, 0], [1; 4], 0xff);
    }
}

#[test]
fn cube_linear_filtering_crosses_edges() {
    // 2x2 faces holding their face index; at the +Z/+X edge half the footprint is on +X.
    let values: Vec<f32> = (0..6).flat_map(|f| [f as f32; 4]).collect();
    let cube = texture(ResourceKind::TextureCube, dims(2, 2, 1, 6, 1), 1, &values);
    let s = sampler(
        Filter::Linear,
        Filter::Linear,
        Filter::Point,
        AddressMode::Wrap,
    );
    let v = sample(&cube, &s, &args([1.0, 0.0, 1.0, 0.0], Lod::Level(0.0)));
    assert_eq!(v[0], 2.0);
}

#[test]
fn cube_corners_synthesise_the_missing_texel() {
    let values: Vec<f32> = (0..6).flat_map(|f| [f as f32; 4]).collect();
    let cube = texture(ResourceKind::TextureCube, dims(2, 2, 1, 6, 1), 1, &values);
    let s = sampler(
        Filter::Linear,
        Filter::Linear,
        Filter::Point,
        AddressMode::Clamp,
    );
    let a = args([1.0, 1.0, 1.0, 0.0], Lod::Level(0.0));
    // +Z's top-right corner: +Y above, +X to the right, the diagonal texel their average.
    assert_eq!(f(gather(&cube, &s, &a, 0)), [4.0, 0.0, 2.0, 2.0]);
    assert_eq!(sample(&cube, &s, &a)[0], 2.0);
}

#[test]
fn border_colour_keeps_only_the_format_channels_in_range() {
    let mut t = texture(ResourceKind::Texture1D, dims(1, 1, 1, 1, 1), 1, &[0.0]);
    t.format = Some(ElementFormat {
        component: ComponentFormat::UNorm8,
        channels: 2,
    });
    t.data = vec![0, 0];
    let mut s = sampler(
        Filter::Point,
        Filter::Point,
        Filter::Point,
        AddressMode::Border,
    );
    s.border_color = [2.0, 0.5, 0.7, 0.2];
    let v = sample(&t, &s, &args([-1.0, 0.0, 0.0, 0.0], Lod::Level(0.0)));
    assert_eq!(v, [1.0, 0.5, 0.0, 1.0]);
}

#[test]
fn comparison_reference_is_quantised_to_the_format() {
    let mut t = texture(ResourceKind::Texture2D, dims(1, 1, 1, 1, 1), 1, &[0.0]);
    t.format = Some(ElementFormat {
        component: ComponentFormat::UNorm8,
        channels: 1,
    });
    t.data = vec![128];
    let mut s = sampler(
        Filter::Point,
        Filter::Point,
        Filter::Point,
        AddressMode::Clamp,
    );
    s.comparison = Some(ComparisonFunc::Equal);
    // 0.5 quantises to 128/255, the texel's value.
    assert_eq!(sample(&t, &s, &cmp_args([0.5, 0.5], 0.5, [0; 3]))[0], 1.0);
    s.comparison = Some(ComparisonFunc::GreaterEqual);
    assert_eq!(sample(&t, &s, &cmp_args([0.5, 0.5], 7.0, [0; 3]))[0], 1.0);
}

#[test]
fn min_lod_wins_over_max_lod() {
    let t = texture(
        ResourceKind::Texture2D,
        dims(2, 2, 1, 1, 2),
        1,
        &[0.0, 0.0, 0.0, 0.0, 8.0],
    );
    let mut s = sampler(
        Filter::Point,
        Filter::Point,
        Filter::Point,
        AddressMode::Clamp,
    );
    s.min_lod = 1.0;
    s.max_lod = 0.0;
    assert_eq!(sample(&t, &s, &args([0.5; 4], Lod::Level(0.0)))[0], 8.0);
}

/// A deterministic sweep of random view kinds, dimensions, data lengths, coordinates and
/// sampler states: every call must return without a panic.
#[test]
fn random_inputs_never_panic() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let views = [
        ResourceKind::Texture1D,
        ResourceKind::Texture1DArray,
        ResourceKind::Texture2D,
        ResourceKind::Texture2DArray,
        ResourceKind::Texture2DMS,
        ResourceKind::Texture2DMSArray,
        ResourceKind::Texture3D,
        ResourceKind::TextureCube,
        ResourceKind::TextureCubeArray,
    ];
    let modes = [
        AddressMode::Wrap,
        AddressMode::Mirror,
        AddressMode::Clamp,
        AddressMode::Border,
        AddressMode::MirrorOnce,
    ];
    let floats = [
        0.0,
        0.5,
        -0.75,
        1.0,
        3.25,
        -40.0,
        f32::NAN,
        f32::INFINITY,
        1e20,
    ];
    for _ in 0..3000 {
        let mut r = |n: u64| (next() % n) as usize;
        let small = |v: usize| v as u32;
        let mut t = texture(
            views[r(9)],
            Dims {
                width: small(r(5)),
                height: small(r(5)),
                depth: small(r(3)),
                array_size: small(r(13)),
                mip_levels: small(r(5)),
                sample_count: small(r(5)),
            },
            1 + r(4) as u8,
            &vec![1.0; r(200)],
        );
        let mut s = SamplerDesc {
            address: [modes[r(5)], modes[r(5)], modes[r(5)]],
            mip_lod_bias: floats[r(9)],
            min_lod: floats[r(9)],
            max_lod: floats[r(9)],
            ..SamplerDesc::default()
        };
        if r(2) == 0 {
            s.comparison = Some(ComparisonFunc::LessEqual);
        }
        let coord = [floats[r(9)], floats[r(9)], floats[r(9)], floats[r(9)]];
        let g = [floats[r(9)], floats[r(9)], floats[r(9)]];
        let lod = match r(3) {
            0 => Lod::Level(floats[r(9)]),
            1 => Lod::Bias {
                bias: floats[r(9)],
                ddx: g,
                ddy: [g[1], g[2], g[0]],
            },
            _ => Lod::Grad { ddx: g, ddy: g },
        };
        let a = SampleArgs {
            coord,
            offset: [r(17) as i32 - 8, r(17) as i32 - 8, r(17) as i32 - 8],
            lod,
            clamp: Some(floats[r(9)]),
            compare: Some(floats[r(9)]),
        };
        let _ = sample(&t, &s, &a);
        let _ = gather(&t, &s, &a, r(4) as u8);
        let _ = gather_raw(&t, &s, &a);
        let _ = calculate_lod(&t, &s, &a);
        let c = [r(6) as i32 - 1, r(6) as i32 - 1, r(6) as i32 - 1];
        let _ = load(&t, c, r(6) as u32, r(6) as u32, [0; 3]);
        let _ = dimensions(&t, r(6) as u32);
        store(&mut t, [r(6) as u32, r(6) as u32, r(6) as u32], [7; 4], 0xf);
        let _ = texel_range(&t, [r(6) as u32, r(6) as u32, r(6) as u32]);
    }
}

#[test]
fn gather_raw_returns_whole_elements() {
    let mut t = texture(ResourceKind::Texture2D, dims(2, 2, 1, 1, 1), 2, &[]);
    t.format = Some(ElementFormat {
        component: ComponentFormat::UInt16,
        channels: 2,
    });
    // Texel i holds the channels (i, 0x100 + i), packed low channel first.
    t.data = (0u16..4)
        .flat_map(|i| [i, 0x100 + i])
        .flat_map(u16::to_le_bytes)
        .collect();
    let s = sampler(
        Filter::Point,
        Filter::Point,
        Filter::Point,
        AddressMode::Border,
    );
    let a = args([0.5, 0.5, 0.0, 0.0], Lod::Level(0.0));
    let packed = |i: u64| i | (0x100 + i) << 16;
    assert_eq!(
        gather_raw(&t, &s, &a),
        [packed(2), packed(3), packed(1), packed(0)]
    );
    let outside = args([0.0, 0.0, 0.0, 0.0], Lod::Level(0.0));
    assert_eq!(gather_raw(&t, &s, &outside), [0, packed(0), 0, 0]);
}
