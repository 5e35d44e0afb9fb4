//! Module metadata: validator and DXIL versions, the target triple, named metadata, wave
//! size tags, the shader model's DXIL version, type annotation tags (DXIL.rst "Versioning",
//! "Shader Model", "Wave Size", `META.*`); and [`load`], what the reference refuses while
//! loading the metadata, before any rule runs.

use dxil_container::ShaderKind;
use dxil_module::md::{Md, Reader};
use dxil_module::model::{
    EntryPoint, NodeIo, NodeIoProperty, NodeRecordProperty, Property, SignatureProperty,
};
use dxil_ops::ValidationRule as R;

use crate::context::{Ctx, DXIL_VERSION, VALIDATOR_VERSION};
use crate::util;

/// The minor version DXIL writes for the offline library target (`lib_6_x`).
const OFFLINE_MINOR: u32 = 15;

/// Whether a shader model is one DXIL can carry (`IsValidForDxil`): 6.0 to 6.10 for the
/// stages, from 6.1 for libraries (and the offline `lib_6_x`), from 6.5 for mesh and
/// amplification shaders.
fn valid_for_dxil(kind: &str, major: u32, minor: u32) -> bool {
    if major != 6 {
        return false;
    }
    match kind {
        "ps" | "vs" | "gs" | "hs" | "ds" | "cs" => minor <= 10,
        "lib" => (1..=10).contains(&minor) || minor == OFFLINE_MINOR,
        "ms" | "as" => (5..=10).contains(&minor),
        _ => false,
    }
}

/// The DXIL version a valid shader model needs (the offline library target: the latest).
fn sm_dxil_version(minor: u32) -> (u32, u32) {
    if minor == OFFLINE_MINOR {
        DXIL_VERSION
    } else {
        (1, minor)
    }
}

/// What the reference refuses while it loads the module's metadata, before its rules run
/// (DXIL.rst "Shader Model", "Shader Properties and Capabilities"): an unknown shader model
/// and a stage without exactly one entry (the load fails); entry properties the validator
/// does not know (unknown property, signature element, node input/output or record tags; a wave size range
/// before shader model 6.8; a group shared limit before 6.10) and payload access
/// qualifiers before shader model 6.6, which it reports as a metadata error in
/// "non-critical metadata". True when validation stops there.
pub(crate) fn load(ctx: &mut Ctx) -> bool {
    let Some(sm) = ctx.md.shader_model.as_ref() else {
        return false;
    };
    if !valid_for_dxil(&sm.kind, sm.major, sm.minor) {
        let minor = if sm.minor == OFFLINE_MINOR {
            "x".to_string()
        } else {
            sm.minor.to_string()
        };
        let name = format!("{}_{}_{}", sm.kind, sm.major, minor);
        // The reference formats the reason into a 40-byte buffer.
        let mut reason = format!("Unknown shader model '{name}'").into_bytes();
        reason.truncate(39);
        let reason = String::from_utf8_lossy(&reason);
        ctx.error_text(None, format!("load dxil metadata failed -{reason}"));
        return true;
    }
    let version = (sm.major, sm.minor);
    let library = sm.kind == "lib";
    let records = util::entry_records(ctx.md);
    if !library && records.len() != 1 {
        // A stage has exactly one entry; the reference's loader fails with the bare code of
        // DXC_E_INCORRECT_DXIL_METADATA.
        ctx.error_text(
            None,
            "load dxil metadata failed - error code -2136342513".to_string(),
        );
        return true;
    }
    // A library loads every record; a stage's module its one entry, which by now is the
    // whole list.
    let loaded = records;
    // Payload access qualifiers exist from validator 1.6: the shader model's minimum
    // validator (the latest for the offline target or a 0.0 validator) must have them.
    let min_validator_latest = sm.minor == OFFLINE_MINOR || ctx.valver == (0, 0);
    let payload_too_early = !min_validator_latest
        && sm.minor < 6
        && ctx
            .m
            .find_named_metadata("dx.dxrPayloadAnnotations")
            .is_some();
    let extra = payload_too_early
        || loaded
            .iter()
            .flat_map(|r| r.properties.iter().flatten())
            .any(|p| match p {
                Property::Other(..) => true,
                Property::RangedWaveSize(_) => version < (6, 8),
                Property::GroupSharedLimit(_) => version < (6, 10),
                Property::NodeInputs(list) | Property::NodeOutputs(list) => {
                    list.iter().any(node_io_has_unknown)
                }
                _ => false,
            })
        || loaded.iter().any(signature_has_unknown);
    if extra {
        ctx.error_text(
            None,
            "Metadata error encountered in non-critical metadata (such as Type Annotations)."
                .to_string(),
        );
    }
    extra
}

/// An entry whose signature elements carry a property tag the reference does not know
/// (DXIL.rst "Signature element record": output stream, dynamic index and usage masks).
fn signature_has_unknown(entry: &EntryPoint) -> bool {
    let Some(sigs) = &entry.signatures else {
        return false;
    };
    [&sigs.input, &sigs.output, &sigs.patch_constant]
        .into_iter()
        .flat_map(|list| util::signature_elements(list.as_ref()))
        .flat_map(|e| e.properties.iter().flatten())
        .any(|p| matches!(p, SignatureProperty::Other(..)))
}

/// A node input or output with a tag the reference does not know (a dispatch grid of more
/// than three fields included).
fn node_io_has_unknown(io: &NodeIo) -> bool {
    io.properties.iter().any(|p| match p {
        NodeIoProperty::Other(..) => true,
        NodeIoProperty::RecordType(list) => list
            .iter()
            .any(|r| matches!(r, NodeRecordProperty::Other(..))),
        _ => false,
    })
}

/// The named metadata a DXIL module may carry besides `llvm.ident` and `llvm.module.flags`.
const DXIL_NAMED_METADATA: [&str; 9] = [
    "dx.version",
    "dx.shaderModel",
    "dx.entryPoints",
    "dx.resources",
    "dx.typeAnnotations",
    "dx.valver",
    "dx.viewIdState",
    "dx.dxrPayloadAnnotations",
    "dx.targetTypes",
];

/// `ValidateMetadata`, the version and naming part.
pub(crate) fn validate(ctx: &mut Ctx) {
    validator_version(ctx);
    dxil_version(ctx);
    let triple = ctx.m.name_text(ctx.m.triple);
    if triple != "dxil-ms-dx" {
        ctx.error(R::MetaTarget, &[triple]);
    }
    for named in &ctx.m.named_metadata {
        let name = ctx.m.name_str(named.name);
        let known = DXIL_NAMED_METADATA.contains(&name)
            || matches!(name, "llvm.ident" | "llvm.module.flags");
        if !known {
            ctx.error(R::MetaKnown, &[name]);
        }
    }
    wave_size_tags(ctx);
    // An unknown shader model (SM.NAME) stops the load (see [`load`]), so it never gets here.
    if let Some(sm) = &ctx.md.shader_model {
        let (major, minor) = sm_dxil_version(sm.minor);
        if sm.major == 6 && ctx.dxil_version != (major, minor) {
            ctx.error(R::SmDxilVersion, &[&major.to_string(), &minor.to_string()]);
        }
    }
    type_annotations(ctx);
}

/// The wave size tags of compute and library entries (`ValidateWaveSize` on the metadata):
/// one tag per entry, the single size only for shader models 6.6 and 6.7, the range from
/// 6.8 with three values. The first problem ends the check.
fn wave_size_tags(ctx: &mut Ctx) {
    let Some(sm) = &ctx.md.shader_model else {
        return;
    };
    if !matches!(
        ctx.md.shader_kind(),
        Some(ShaderKind::Compute | ShaderKind::Library)
    ) {
        return;
    }
    let legacy_models = (sm.major, sm.minor) >= (6, 6) && (sm.major, sm.minor) < (6, 8);
    for record in ctx.md.entry_points.iter().flatten() {
        let mut found = false;
        for p in record.properties.iter().flatten() {
            let problem = match p {
                Property::RangedWaveSize(v) => {
                    if std::mem::replace(&mut found, true) {
                        Some(R::SmWaveSizeTagDuplicate)
                    } else if legacy_models {
                        Some(R::SmWaveSizeRangeNeedsSM68Plus)
                    } else if v.len() != 3 {
                        Some(R::SmWaveSizeRangeExpectsThreeParams)
                    } else {
                        None
                    }
                }
                Property::WaveSize(v) => {
                    if std::mem::replace(&mut found, true) {
                        Some(R::SmWaveSizeTagDuplicate)
                    } else if v.len() != 1 {
                        Some(R::SmWaveSizeExpectsOneParam)
                    } else if !legacy_models {
                        Some(R::SmWaveSizeNeedsSM66or67)
                    } else {
                        None
                    }
                }
                _ => None,
            };
            // Non-constant operands (SM.WAVESIZENEEDSCONSTANTOPERANDS) fail the metadata
            // model's read before this.
            if let Some(rule) = problem {
                return ctx.error(rule, &[]);
            }
        }
    }
}

/// `dx.typeAnnotations` operands from DXIL 1.2: a struct (0) or function (1) tag and at
/// least one annotation pair (`ValidateTypeAnnotation`); the first bad one is reported with
/// its text.
fn type_annotations(ctx: &mut Ctx) {
    if ctx.dxil_version < (1, 2) {
        return;
    }
    let m = ctx.m;
    let Some(named) = m.find_named_metadata("dx.typeAnnotations") else {
        return;
    };
    let Ok(Some(nodes)) = Reader::new(m).named("dx.typeAnnotations") else {
        return;
    };
    for (&id, node) in m.list(named.operands).iter().zip(&nodes) {
        let well_formed = match node {
            Md::Node { ops, .. } => {
                ops.len() >= 3 && matches!(ops.first(), Some(Md::Int { value: 0 | 1, .. }))
            }
            _ => false,
        };
        if !well_formed {
            let text = util::metadata_text(m, id);
            let message = format!("{}{text}", R::MetaWellFormed.info().message());
            return ctx.error_text(Some(R::MetaWellFormed), message);
        }
    }
}

/// The two integers of a `!{i32 M, i32 N}` version node under named metadata `name`:
/// `None` when the named node is absent, `Some(None)` when it is malformed.
fn version_node(ctx: &Ctx, name: &str) -> Option<Option<(u64, u64)>> {
    let named = Reader::new(ctx.m).named(name);
    let nodes = match named {
        Ok(None) => return None,
        Ok(Some(nodes)) => nodes,
        Err(_) => return Some(None),
    };
    let [Md::Node { ops, .. }] = &nodes[..] else {
        return Some(None);
    };
    match &ops[..] {
        [Md::Int { value: major, .. }, Md::Int { value: minor, .. }] => {
            Some(Some((*major, *minor)))
        }
        _ => Some(None),
    }
}

fn validator_version(ctx: &mut Ctx) {
    let Some(node) = version_node(ctx, "dx.valver") else {
        return;
    };
    let Some((major, minor)) = node else {
        return ctx.error(R::MetaWellFormed, &[]);
    };
    let (cur_major, cur_minor) = VALIDATOR_VERSION;
    if major != u64::from(cur_major) || minor > u64::from(cur_minor) {
        let args = [
            major.to_string(),
            minor.to_string(),
            cur_major.to_string(),
            cur_minor.to_string(),
        ];
        ctx.error(
            R::MetaVersionSupported,
            &["Validator", &args[0], &args[1], &args[2], &args[3]],
        );
    }
}

fn dxil_version(ctx: &mut Ctx) {
    let Some(node) = version_node(ctx, "dx.version") else {
        return;
    };
    let Some((major, minor)) = node else {
        return ctx.error(R::MetaWellFormed, &[]);
    };
    let (max_major, max_minor) = DXIL_VERSION;
    let (own_major, own_minor) = ctx.dxil_version;
    let supported = major == u64::from(max_major) && minor <= u64::from(max_minor);
    if !supported || (major, minor) != (u64::from(own_major), u64::from(own_minor)) {
        let args = [
            major.to_string(),
            minor.to_string(),
            max_major.to_string(),
            max_minor.to_string(),
        ];
        ctx.error(
            R::MetaVersionSupported,
            &["Dxil", &args[0], &args[1], &args[2], &args[3]],
        );
    }
}
