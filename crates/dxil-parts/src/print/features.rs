//! `; Note: shader requires additional functionality:` (from `SFI0`).

use crate::small::FeatureInfo;

/// Names of the required-feature bits, in bit order.
pub const FEATURE_NAMES: [&str; 33] = [
    "Double-precision floating point",
    "Raw and Structured buffers",
    "UAVs at every shader stage",
    "64 UAV slots",
    "Minimum-precision data types",
    "Double-precision extensions for 11.1",
    "Shader extensions for 11.1",
    "Comparison filtering for feature level 9",
    "Tiled resources",
    "PS Output Stencil Ref",
    "PS Inner Coverage",
    "Typed UAV Load Additional Formats",
    "Raster Ordered UAVs",
    "SV_RenderTargetArrayIndex or SV_ViewportArrayIndex from any shader feeding rasterizer",
    "Wave level operations",
    "64-Bit integer",
    "View Instancing",
    "Barycentrics",
    "Use native low precision",
    "Shading Rate",
    "Raytracing tier 1.1 features",
    "Sampler feedback",
    "64-bit Atomics on Typed Resources",
    "64-bit Atomics on Group Shared",
    "Derivatives in mesh and amplification shaders",
    "Resource descriptor heap indexing",
    "Sampler descriptor heap indexing",
    "Wave Matrix",
    "64-bit Atomics on Heap Resources",
    "Advanced Texture Ops",
    "Writeable MSAA Textures",
    "SampleCmp with gradient or bias",
    "Extended command info",
];

/// Names of the optional feature bits (from bit [`FeatureInfo::OPT_SHIFT`]).
pub const OPT_FEATURE_NAMES: [&str; 2] = [
    "Function uses derivatives",
    "Function requires visible group",
];

/// Prints the feature notes; nothing when no flag is set. Returns whether it printed.
pub fn print_feature_info(info: &FeatureInfo, out: &mut String) -> bool {
    let flags = info.flags;
    if flags == 0 {
        return false;
    }
    out.push_str(";\n; Note: shader requires additional functionality:\n");
    for (i, name) in FEATURE_NAMES.iter().enumerate() {
        if flags & (1u64 << i) != 0 {
            out.push_str(";       ");
            out.push_str(name);
            out.push('\n');
        }
    }
    out.push_str(";\n");
    let opt = flags >> FeatureInfo::OPT_SHIFT;
    if opt == 0 {
        return true;
    }
    out.push_str("; Note: shader has optional feature flags set:\n");
    for (i, name) in OPT_FEATURE_NAMES.iter().enumerate() {
        if opt & (1u64 << i) != 0 {
            out.push_str(";       ");
            out.push_str(name);
            out.push('\n');
        }
    }
    out.push_str(";\n");
    true
}
