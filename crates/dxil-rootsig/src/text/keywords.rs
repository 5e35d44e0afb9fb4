//! The keywords of root signature text (the reference's set, plus the 1.2 sampler flags).

use crate::enums::{
    AddressMode, BorderColor, ComparisonFunc, DescriptorFlags, Filter, RangeFlags, RootFlags,
    SamplerFlags, ShaderVisibility,
};

/// Element and parameter names.
const STRUCTURAL: &[&str] = &[
    "RootFlags",
    "RootConstants",
    "CBV",
    "SRV",
    "UAV",
    "Sampler",
    "DescriptorTable",
    "StaticSampler",
    "flags",
    "space",
    "visibility",
    "numDescriptors",
    "num32BitConstants",
    "offset",
    "unbounded",
    "DESCRIPTOR_RANGE_OFFSET_APPEND",
    "filter",
    "addressU",
    "addressV",
    "addressW",
    "mipLODBias",
    "maxAnisotropy",
    "comparisonFunc",
    "borderColor",
    "minLOD",
    "maxLOD",
];

/// Every keyword, built once: structural names plus every named enumeration and flag value.
pub(crate) static KEYWORDS: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| {
        let mut v: Vec<&'static str> = STRUCTURAL.to_vec();
        let mut add = |names: &mut dyn Iterator<Item = &'static str>| {
            for k in names {
                if k != "0" && !v.contains(&k) {
                    v.push(k);
                }
            }
        };
        add(&mut RootFlags::NAMES.iter().map(|n| n.1));
        add(&mut DescriptorFlags::NAMES.iter().map(|n| n.1));
        add(&mut RangeFlags::NAMES.iter().map(|n| n.1));
        add(&mut SamplerFlags::NAMES.iter().map(|n| n.1));
        add(&mut ShaderVisibility::NAMES.iter().map(|n| n.1));
        add(&mut Filter::NAMES.iter().map(|n| n.1));
        add(&mut AddressMode::NAMES.iter().map(|n| n.1));
        add(&mut ComparisonFunc::NAMES.iter().map(|n| n.1));
        add(&mut BorderColor::NAMES.iter().map(|n| n.1));
        v
    });

/// Every keyword as (ASCII lower-case spelling, canonical spelling), sorted for binary search.
static SORTED: std::sync::LazyLock<Vec<(String, &'static str)>> = std::sync::LazyLock::new(|| {
    let mut v: Vec<(String, &'static str)> = KEYWORDS
        .iter()
        .map(|k| (k.to_ascii_lowercase(), *k))
        .collect();
    v.sort();
    v
});

/// The keyword spelled `word` (ASCII case-insensitive).
pub(crate) fn lookup(word: &[u8]) -> Option<&'static str> {
    let mut buf = [0u8; 128];
    let w = buf.get_mut(..word.len())?;
    for (d, c) in w.iter_mut().zip(word) {
        *d = c.to_ascii_lowercase();
    }
    let w: &[u8] = w;
    let i = SORTED.binary_search_by(|(k, _)| k.as_bytes().cmp(w)).ok()?;
    SORTED.get(i).map(|(_, k)| *k)
}
