//! Module metadata: validator and DXIL versions, the target triple, named metadata
//! (DXIL.rst "Versioning", `META.*`).

use dxil_module::md::{Md, Reader};
use dxil_ops::ValidationRule as R;

use crate::context::{Ctx, DXIL_VERSION, VALIDATOR_VERSION};

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
    let triple = ctx.m.triple.as_deref().unwrap_or("");
    if triple != "dxil-ms-dx" {
        ctx.error(R::MetaTarget, &[triple]);
    }
    for named in &ctx.m.named_metadata {
        let name = named.name.as_str();
        let known = DXIL_NAMED_METADATA.contains(&name)
            || matches!(name, "llvm.ident" | "llvm.module.flags");
        if !known {
            ctx.error(R::MetaKnown, &[name]);
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
        [Md::Int { value: major, .. }, Md::Int { value: minor, .. }] => Some(Some((*major, *minor))),
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
        let args = [major.to_string(), minor.to_string(), cur_major.to_string(), cur_minor.to_string()];
        ctx.error(R::MetaVersionSupported, &["Validator", &args[0], &args[1], &args[2], &args[3]]);
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
        let args = [major.to_string(), minor.to_string(), max_major.to_string(), max_minor.to_string()];
        ctx.error(R::MetaVersionSupported, &["Dxil", &args[0], &args[1], &args[2], &args[3]]);
    }
}
