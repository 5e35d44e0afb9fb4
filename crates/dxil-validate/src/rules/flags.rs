//! Shader flags (DXIL.rst "Shader Properties and Capabilities"; the reference's
//! `ValidateShaderFlags`): the flags the module records (its first entry's, a library's
//! module entry's) must be the flags its code uses, as the part generator computes them
//! (`dxil_gen::compute_flags`). The per-function facts computed on the way
//! ([`dxil_gen::rdat::compat`]) serve the entry compatibility rules next.

use dxil_gen::compute_flags::{entry_props, module_flags, module_requires_rt11};
use dxil_gen::flags::bit;
use dxil_gen::rdat::compat::{self, Compat};
use dxil_gen::{RawFlags, Source};
use dxil_ops::ValidationRule as R;

use crate::context::Ctx;

/// The flags the reference compares (`GetShaderFlagsRawForCollection`): every flag the
/// module's code can imply, none of the options the compiler records.
const COLLECTED: [u32; 33] = [
    bit::ENABLE_DOUBLE_PRECISION,
    bit::INT64_OPS,
    bit::LOW_PRECISION_PRESENT,
    bit::ENABLE_DOUBLE_EXTENSIONS,
    bit::WAVE_OPS,
    bit::TILED_RESOURCES,
    bit::ENABLE_MSAD,
    bit::UAV_LOAD_ADDITIONAL_FORMATS,
    bit::STENCIL_REF,
    bit::INNER_COVERAGE,
    bit::VIEWPORT_AND_RT_ARRAY_INDEX,
    bit::UAVS_64,
    bit::UAVS_AT_EVERY_STAGE,
    bit::ENABLE_RAW_AND_STRUCTURED_BUFFERS,
    bit::CS_RAW_AND_STRUCTURED_VIA_SHADER_4X,
    bit::VIEW_ID,
    bit::BARYCENTRICS,
    bit::SHADING_RATE,
    bit::RAYTRACING_TIER_1_1,
    bit::SAMPLER_FEEDBACK,
    bit::ATOMIC_INT64_ON_TYPED_RESOURCE,
    bit::ATOMIC_INT64_ON_GROUP_SHARED,
    bit::DERIVATIVES_IN_MESH_AND_AMP_SHADERS,
    bit::RESOURCE_DESCRIPTOR_HEAP_INDEXING,
    bit::SAMPLER_DESCRIPTOR_HEAP_INDEXING,
    bit::ATOMIC_INT64_ON_HEAP_RESOURCE,
    bit::RES_MAY_NOT_ALIAS,
    bit::ADVANCED_TEXTURE_OPS,
    bit::WRITEABLE_MSAA_TEXTURES,
    bit::SAMPLE_CMP_GRADIENT_OR_BIAS,
    bit::EXTENDED_COMMAND_INFO,
    bit::USES_DERIVATIVES,
    bit::REQUIRES_GROUP,
];

fn collected_mask() -> u64 {
    COLLECTED.iter().fold(0, |m, &b| m | (1 << b))
}

/// `ValidateShaderFlags`; gives each function's compatibility facts (indexed like
/// `module.functions`, `None` for declarations).
pub(crate) fn validate(ctx: &mut Ctx) -> Vec<Option<Compat>> {
    let Some(kind) = ctx.md.shader_kind() else {
        return Vec::new();
    };
    let declared = ctx
        .md
        .entry_points
        .as_ref()
        .and_then(|e| e.first())
        .map_or(0, |e| e.shader_flags());
    let src = Source {
        module: ctx.m,
        meta: std::borrow::Cow::Borrowed(ctx.md),
        kind,
        flags: RawFlags(declared),
    };
    let props = entry_props(&src);
    let facts = compat::compute(&src, &props, module_requires_rt11(&src));
    let mut actual = module_flags(&src, &facts);
    // Validators 1.5 to 1.7 set raytracing tier 1.1 from subobjects, which the final
    // module no longer has: a recorded bit stands.
    let older = ctx.valver_at_least(1, 5) && !ctx.valver_at_least(1, 8);
    if older && RawFlags(declared).has(bit::RAYTRACING_TIER_1_1) {
        actual.set(bit::RAYTRACING_TIER_1_1, true);
    }
    let mask = collected_mask();
    let (declared, actual) = (declared & mask, actual.0 & mask);
    if declared != actual {
        ctx.error(R::MetaFlagsUsage, &[]);
        ctx.note(format!("Flags declared={declared}, actual={actual}"));
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compared_flags_leave_out_the_options() {
        let mask = collected_mask();
        assert_eq!(mask.count_ones(), 33);
        for option in [
            bit::DISABLE_OPTIMIZATIONS,
            bit::DISABLE_MATH_REFACTORING,
            bit::FORCE_EARLY_DEPTH_STENCIL,
            bit::ALL_RESOURCES_BOUND,
            bit::USE_NATIVE_LOW_PRECISION,
            bit::ROVS,
            bit::LEVEL9_COMPARISON_FILTERING,
        ] {
            assert_eq!(mask & (1 << option), 0, "bit {option}");
        }
    }
}
