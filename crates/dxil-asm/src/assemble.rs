//! Container assembly (DXIL.rst "DXIL Container Format"): the `DXIL` program part built from
//! a parsed module (shader kind and model from `!dx.shaderModel`, DXIL version from
//! `!dx.version`), the `HASH` part (MD5 of the bitcode), and the container digest.
//! Signature, PSV0 and feature parts come with a later issue.

use dxil_container::{Container, ContainerBuf, FourCC, ProgramVersion, ShaderHash, ShaderKind};
use dxil_ir::{ConstKind, MetadataData, Module, ValueRef};

/// Why a module could not be assembled.
#[derive(Debug, thiserror::Error)]
pub enum AssembleError {
    /// `!dx.shaderModel` or `!dx.version` is missing or malformed.
    #[error("{0}")]
    Metadata(String),
    /// The bitcode writer refused the module.
    #[error("bitcode writer: {0}")]
    Bitcode(#[from] dxil_bitcode::Error),
    /// The container could not be built.
    #[error("container: {0}")]
    Container(#[from] dxil_container::Error),
}

fn node_operands(m: &Module, name: &str) -> Option<Vec<Option<dxil_ir::Metadata>>> {
    let nm = m.named_metadata.iter().find(|n| n.name == name)?;
    let first = *nm.operands.first()?;
    match m.md(first)? {
        MetadataData::Node { operands, .. } => Some(operands.to_vec()),
        _ => None,
    }
}

fn md_int(m: &Module, md: Option<dxil_ir::Metadata>) -> Option<u64> {
    match m.md(md?)? {
        MetadataData::Value {
            value: ValueRef::Const(c),
            ..
        } => match &m.constant(*c)?.kind {
            ConstKind::Null => Some(0),
            ConstKind::Int(v) => u64::try_from(*v).ok(),
            _ => None,
        },
        _ => None,
    }
}

fn md_str(m: &Module, md: Option<dxil_ir::Metadata>) -> Option<String> {
    match m.md(md?)? {
        MetadataData::String(s) => Some(String::from_utf8_lossy(s).into_owned()),
        _ => None,
    }
}

/// Shader kind, model major and minor from `!dx.shaderModel = !{!N}`, `!N = !{!"vs", i32 6,
/// i32 0}`.
pub fn shader_model(m: &Module) -> Result<(ShaderKind, u8, u8), AssembleError> {
    let bad = |why: &str| AssembleError::Metadata(format!("!dx.shaderModel: {why}"));
    let ops = node_operands(m, "dx.shaderModel")
        .ok_or_else(|| bad("missing (expected !{!\"vs\", i32 6, i32 0})"))?;
    let prefix = md_str(m, ops.first().copied().flatten())
        .ok_or_else(|| bad("first operand is not a string"))?;
    let kind = (0..32u16)
        .filter_map(ShaderKind::from_u16)
        .find(|k| k.profile_prefix() == prefix)
        .ok_or_else(|| bad(&format!("unknown shader kind `{prefix}`")))?;
    let major = md_int(m, ops.get(1).copied().flatten()).and_then(|v| u8::try_from(v).ok());
    let minor = md_int(m, ops.get(2).copied().flatten()).and_then(|v| u8::try_from(v).ok());
    match (major, minor) {
        (Some(a), Some(b)) if a < 16 && b < 16 => Ok((kind, a, b)),
        _ => Err(bad("model numbers must be two i32 values below 16")),
    }
}

/// DXIL version (major, minor) from `!dx.version = !{!N}`, `!N = !{i32 1, i32 0}`.
pub fn dxil_version(m: &Module) -> Result<(u32, u32), AssembleError> {
    let bad = |why: &str| AssembleError::Metadata(format!("!dx.version: {why}"));
    let ops =
        node_operands(m, "dx.version").ok_or_else(|| bad("missing (expected !{i32 1, i32 0})"))?;
    let major = md_int(m, ops.first().copied().flatten()).and_then(|v| u32::try_from(v).ok());
    let minor = md_int(m, ops.get(1).copied().flatten()).and_then(|v| u32::try_from(v).ok());
    match (major, minor) {
        (Some(a), Some(b)) if a < 256 && b < 256 => Ok((a, b)),
        _ => Err(bad("expected two i32 values below 256")),
    }
}

/// The raw bitcode of `m`.
pub fn assemble_bitcode(m: &Module) -> Result<Vec<u8>, AssembleError> {
    Ok(dxil_bitcode::write_module(m)?)
}

/// A container with the `HASH` and `DXIL` parts of `m`, digest computed.
pub fn assemble_container(m: &Module) -> Result<Vec<u8>, AssembleError> {
    let (kind, major, minor) = shader_model(m)?;
    let (dmaj, dmin) = dxil_version(m)?;
    let version = ProgramVersion::new(kind, major, minor);
    let part = dxil_bitcode::write_program_part(m, version.0, (dmaj << 8) | dmin)?;
    let mut buf = ContainerBuf::new();
    buf.add_part(FourCC::DXIL, part.clone());
    let first = buf.to_bytes()?;
    let (digest, _) = Container::parse(&first)?.compute_shader_hash(0)?;
    let hash = ShaderHash { flags: 0, digest };
    let mut buf = ContainerBuf::new();
    buf.add_part(FourCC::HASH, hash.to_bytes().to_vec());
    buf.add_part(FourCC::DXIL, part);
    Ok(buf.to_bytes_with_digest()?)
}
