//! Property tests: random models survive binary, text and metadata round trips; random and
//! damaged binaries never panic the reader.

use dxil_rootsig::metadata::{from_metadata, to_metadata, Entry};
use dxil_rootsig::*;
use proptest::prelude::*;

/// Any `u32`, biased towards small and boundary values.
fn any_u32() -> impl Strategy<Value = u32> {
    prop_oneof![0u32..8, Just(u32::MAX), Just(u32::MAX - 1), any::<u32>()]
}

fn named<T: Copy + std::fmt::Debug + 'static>(
    names: &'static [(T, &'static str)],
) -> impl Strategy<Value = T> {
    proptest::sample::select(names.iter().map(|n| n.0).collect::<Vec<_>>())
}

fn flags(names: &'static [(u32, &'static str)]) -> impl Strategy<Value = u32> {
    proptest::collection::vec(
        proptest::sample::select(names.iter().map(|n| n.0).collect::<Vec<_>>()),
        0..4,
    )
    .prop_map(|v| v.into_iter().fold(0, |a, b| a | b))
}

fn bits<T: Copy>(
    names: &'static [(T, &'static str)],
    f: fn(T) -> u32,
) -> &'static [(u32, &'static str)] {
    Box::leak(
        names
            .iter()
            .map(|&(v, k)| (f(v), k))
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    )
}

fn finite_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(0.0f32),
        Just(f32::MAX),
        Just(-f32::MAX),
        Just(f32::MIN_POSITIVE),
        Just(1e-45),
        -20.0f32..20.0,
        any::<f32>().prop_filter("finite", |f| f.is_finite())
    ]
}

/// A model the text form can express (printable = true) or any model the binary can hold.
fn model(version: Version, printable: bool) -> impl Strategy<Value = RootSignature> {
    let vis = if printable {
        named(ShaderVisibility::NAMES).boxed()
    } else {
        any_u32().prop_map(ShaderVisibility).boxed()
    };
    let rtype = if printable {
        named(RangeType::NAMES).boxed()
    } else {
        any_u32().prop_map(RangeType).boxed()
    };
    let float = if printable {
        finite_f32().boxed()
    } else {
        any::<u32>().prop_map(f32::from_bits).boxed()
    };
    let enum_u32 = |names: &'static [(u32, &'static str)]| -> BoxedStrategy<u32> {
        if printable {
            proptest::sample::select(names.iter().map(|n| n.0).collect::<Vec<_>>()).boxed()
        } else {
            any_u32().boxed()
        }
    };
    let v1 = version != Version::V1_0;
    let dflags: BoxedStrategy<u32> = if !v1 {
        Just(DescriptorFlags::default_for(version).0).boxed()
    } else if printable {
        flags(bits(DescriptorFlags::NAMES, |f| f.0)).boxed()
    } else {
        any_u32().boxed()
    };
    let rflags: BoxedStrategy<u32> = if printable {
        flags(bits(RangeFlags::NAMES, |f| f.0)).boxed()
    } else {
        any_u32().boxed()
    };
    let range = (rtype, any_u32(), any_u32(), any_u32(), rflags, any_u32()).prop_map(
        move |(t, n, b, s, f, o)| DescriptorRange {
            range_type: t,
            num_descriptors: n,
            base_register: b,
            space: s,
            flags: if v1 {
                RangeFlags(f)
            } else {
                RangeFlags::default_for(version, t)
            },
            offset: o,
        },
    );
    let desc = (any_u32(), any_u32(), dflags)
        .prop_map(|(r, s, f)| RootDescriptor {
            register: r,
            space: s,
            flags: DescriptorFlags(f),
        })
        .boxed();
    let kind = prop_oneof![
        proptest::collection::vec(range, 0..4).prop_map(ParameterKind::DescriptorTable),
        (any_u32(), any_u32(), any_u32()).prop_map(|(r, s, n)| ParameterKind::Constants(
            RootConstants {
                register: r,
                space: s,
                num_32bit_values: n
            }
        )),
        desc.clone().prop_map(ParameterKind::Cbv),
        desc.clone().prop_map(ParameterKind::Srv),
        desc.prop_map(ParameterKind::Uav),
    ];
    let param =
        (vis.clone(), kind).prop_map(|(visibility, kind)| RootParameter { visibility, kind });
    let sflags: BoxedStrategy<u32> = if version != Version::V1_2 {
        Just(0).boxed()
    } else if printable {
        flags(bits(SamplerFlags::NAMES, |f| f.0)).boxed()
    } else {
        any_u32().boxed()
    };
    let sampler = (
        (
            enum_u32(bits(Filter::NAMES, |f| f.0)),
            enum_u32(bits(AddressMode::NAMES, |f| f.0)),
            enum_u32(bits(AddressMode::NAMES, |f| f.0)),
            enum_u32(bits(AddressMode::NAMES, |f| f.0)),
        ),
        (
            float.clone(),
            any_u32(),
            enum_u32(bits(ComparisonFunc::NAMES, |f| f.0)),
            enum_u32(bits(BorderColor::NAMES, |f| f.0)),
        ),
        (float.clone(), float, any_u32(), any_u32(), vis, sflags),
    )
        .prop_map(
            |((f, u, v, w), (bias, an, cmp, bc), (mn, mx, reg, sp, vis, fl))| StaticSampler {
                filter: Filter(f),
                address_u: AddressMode(u),
                address_v: AddressMode(v),
                address_w: AddressMode(w),
                mip_lod_bias: bias,
                max_anisotropy: an,
                comparison_func: ComparisonFunc(cmp),
                border_color: BorderColor(bc),
                min_lod: mn,
                max_lod: mx,
                register: reg,
                space: sp,
                visibility: vis,
                flags: SamplerFlags(fl),
            },
        );
    let root_flags: BoxedStrategy<u32> = if printable {
        flags(bits(RootFlags::NAMES, |f| f.0)).boxed()
    } else {
        any_u32().boxed()
    };
    (
        root_flags,
        proptest::collection::vec(param, 0..5),
        proptest::collection::vec(sampler, 0..3),
    )
        .prop_map(move |(f, p, s)| RootSignature {
            version,
            flags: RootFlags(f),
            parameters: p,
            static_samplers: s,
        })
}

fn any_version() -> impl Strategy<Value = Version> {
    proptest::sample::select(Version::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn binary_round_trip(rs in any_version().prop_flat_map(|v| model(v, false))) {
        let bytes = binary::write(&rs);
        let back = binary::read(&bytes).expect("our own blob reads");
        prop_assert_eq!(&back, &rs);
        prop_assert_eq!(binary::write(&back), bytes);
    }

    #[test]
    fn text_round_trip(rs in any_version().prop_flat_map(|v| model(v, true))) {
        let text = to_text(&rs).expect("printable model prints");
        let back = parse(&text, rs.version).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        prop_assert_eq!(&back, &rs, "text: {}", text);
        prop_assert_eq!(to_text(&back).expect("prints again"), text);
    }

    #[test]
    fn metadata_round_trip(rs in any_version().prop_flat_map(|v| model(v, true))) {
        let entries = vec![Entry { function: "main".into(), root_signature: rs }];
        let md = to_metadata(&entries);
        prop_assert_eq!(from_metadata(&md).expect("reads back"), entries);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200), version in 1u32..4) {
        let mut b = bytes;
        if b.len() >= 4 {
            b[..4].copy_from_slice(&version.to_le_bytes());
        }
        if let Ok(rs) = binary::read(&b) {
            let _ = validate(&rs);
            let _ = to_text(&rs);
        }
    }

    #[test]
    fn random_text_never_panics(s in "[ -~\t\n]{0,80}") {
        for v in Version::ALL {
            let _ = compile(&s, v);
        }
    }
}
