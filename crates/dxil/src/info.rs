//! What is in a container: parts, shader kind and model, DXIL version, digest and `HASH`
//! status, feature flags, compiler version (DXIL.rst, "DXIL Container Format").

use std::fmt;

use dxil_container::{CompilerVersion, Container, FeatureInfo, Program, ShaderHashCheck};

use crate::error::Result;
use crate::input::Input;

/// A typed part view: read, or damaged with the reason (a damaged part is reported, not
/// fatal, so one bad part does not hide the rest).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum View<T> {
    /// The part was read.
    Read(T),
    /// The part is damaged.
    Damaged {
        /// Why it could not be read.
        error: String,
    },
}

/// What [`info`] reports. With the `serde` feature it serializes (field order stable) to
/// the JSON `dxil info --json` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Info {
    /// `DXIL container`, or what else the container is (SM4/SM5 DXBC, root signature only).
    pub kind: &'static str,
    /// The container header.
    pub container: ContainerInfo,
    /// The stored and computed digest.
    pub digest: DigestInfo,
    /// Every part, in offset-table order.
    pub parts: Vec<PartInfo>,
    /// The `DXIL` program part, when the container is a DXIL one.
    pub program: Option<View<ProgramInfo>>,
    /// The `ILDB` program part (the module with debug info), if present.
    pub debug_program: Option<View<ProgramInfo>>,
    /// The `HASH` part against the hash computed from the bitcode.
    pub shader_hash: Option<View<HashInfo>>,
    /// The `SFI0` feature flags.
    pub features: Option<View<FeaturesInfo>>,
    /// The `VERS` compiler version.
    pub compiler_version: Option<View<CompilerInfo>>,
}

/// The container header.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ContainerInfo {
    /// `major.minor`.
    pub version: String,
    /// `ContainerSizeInBytes`.
    pub size: u32,
    /// `PartCount`.
    pub part_count: u32,
    /// Whether the parts follow each other with no gaps, in order.
    pub packed: bool,
    /// Bytes after `ContainerSizeInBytes`.
    pub trailing_bytes: usize,
}

/// The container digest.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DigestInfo {
    /// The digest stored in the header (32 hex digits).
    pub stored: String,
    /// The digest computed from the bytes.
    pub computed: String,
    /// `matches`, `differs`, `unsigned`, `bypass` or `preview`.
    pub status: &'static str,
}

/// One part.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PartInfo {
    /// The four-character code.
    pub fourcc: String,
    /// The part's name, when the format defines it.
    pub name: Option<&'static str>,
    /// Offset of the part header from the start of the container.
    pub offset: u32,
    /// Size of the part's data.
    pub size: usize,
}

/// A program part's header.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProgramInfo {
    /// `DXIL`, `ILDB` or `STAT`.
    pub part: String,
    /// The shader kind, when the program version names a known one.
    pub shader_kind: Option<String>,
    /// The shader kind field as stored.
    pub shader_kind_raw: u16,
    /// `major.minor`.
    pub shader_model: String,
    /// The profile (`cs_6_6`, ...).
    pub profile: String,
    /// The DXIL version.
    pub dxil_version: String,
    /// `SizeInUint32`.
    pub size_in_u32: u32,
    /// Where the bitcode starts in the file.
    pub bitcode_offset: u64,
    /// The bitcode's size in bytes.
    pub bitcode_size: usize,
}

/// The `HASH` part, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HashInfo {
    /// The flags field.
    pub flags: u32,
    /// Whether the hash covers the source too.
    pub includes_source: bool,
    /// The stored digest.
    pub digest: String,
    /// The digest computed from the bitcode.
    pub computed: String,
    /// The program part hashed.
    pub source_part: String,
    /// `matches` or `differs`.
    pub status: &'static str,
}

/// The `SFI0` feature flags.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FeaturesInfo {
    /// The raw flags, `0x` and 16 hex digits.
    pub raw: String,
    /// The name of each set flag.
    pub names: Vec<&'static str>,
    /// Set bits no flag names, in hex.
    pub unknown_bits: String,
}

/// The `VERS` part.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CompilerInfo {
    /// Major version.
    pub major: u16,
    /// Minor version.
    pub minor: u16,
    /// Flags.
    pub flags: u32,
    /// Commit count.
    pub commit_count: u32,
    /// Commit hash.
    pub commit_sha: String,
    /// Version string.
    pub version_string: String,
}

/// Describes a container: its header, parts, program parts, digest and `HASH` status,
/// feature flags and compiler version. Containers without a `DXIL` part (SM4/SM5 DXBC,
/// root signature only) are described too; damaged typed parts are reported in their
/// [`View`], not fatal.
///
/// ```
/// # fn main() -> Result<(), dxil::Error> {
/// # let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/compute.ll")).unwrap();
/// let info = dxil::info(&dxil::assemble(&text)?)?;
/// assert_eq!(info.digest.status, "matches");
/// assert!(info.parts.iter().any(|p| p.fourcc == "PSV0"));
/// # Ok(()) }
/// ```
pub fn info(bytes: &[u8]) -> Result<Info> {
    let input = Input::parse(bytes)?;
    Ok(describe(input.container()?))
}

fn view<T, U>(r: dxil_container::Result<Option<T>>, f: impl FnOnce(T) -> U) -> Option<View<U>> {
    match r {
        Ok(v) => v.map(|v| View::Read(f(v))),
        Err(e) => Some(View::Damaged {
            error: e.to_string(),
        }),
    }
}

fn program_info(p: Program<'_>) -> ProgramInfo {
    ProgramInfo {
        part: p.fourcc.to_string(),
        shader_kind: p.version.kind().map(|k| format!("{k:?}")),
        shader_kind_raw: p.version.kind_raw(),
        shader_model: format!("{}.{}", p.version.major(), p.version.minor()),
        profile: p.version.to_string(),
        dxil_version: p.dxil_version.to_string(),
        size_in_u32: p.size_in_u32,
        bitcode_offset: p.bitcode_position,
        bitcode_size: p.bitcode.len(),
    }
}

fn hash_info(h: ShaderHashCheck) -> HashInfo {
    HashInfo {
        flags: h.stored.flags,
        includes_source: h.stored.includes_source(),
        digest: h.stored.digest.to_string(),
        computed: h.computed.to_string(),
        source_part: h.source.to_string(),
        status: if h.matches() { "matches" } else { "differs" },
    }
}

fn features_info(f: FeatureInfo) -> FeaturesInfo {
    FeaturesInfo {
        raw: format!("{:#018x}", f.0),
        names: f.names().collect(),
        unknown_bits: format!("{:#x}", f.unknown_bits()),
    }
}

fn compiler_info(v: CompilerVersion<'_>) -> CompilerInfo {
    CompilerInfo {
        major: v.major,
        minor: v.minor,
        flags: v.flags,
        commit_count: v.commit_count,
        commit_sha: v.commit_sha.to_string(),
        version_string: v.version_string.to_string(),
    }
}

/// Everything [`info`] reports about a parsed container.
pub fn describe(c: &Container<'_>) -> Info {
    let h = c.header();
    Info {
        kind: c.not_dxil().map_or("DXIL container", |k| k.describe()),
        container: ContainerInfo {
            version: format!("{}.{}", h.version.major, h.version.minor),
            size: h.size,
            part_count: h.part_count,
            packed: c.is_packed(),
            trailing_bytes: c.trailing().len(),
        },
        digest: DigestInfo {
            stored: h.digest.to_string(),
            computed: c.computed_digest().to_string(),
            status: c.digest_status().word(),
        },
        parts: c
            .parts()
            .iter()
            .map(|p| PartInfo {
                fourcc: p.fourcc.to_string(),
                name: p.fourcc.name(),
                offset: p.offset,
                size: p.data.len(),
            })
            .collect(),
        program: match c.not_dxil() {
            Some(_) => None,
            None => view(c.program().map(Some), program_info),
        },
        debug_program: view(c.debug_program(), program_info),
        shader_hash: view(c.verify_shader_hash(), hash_info),
        features: view(c.feature_info(), features_info),
        compiler_version: view(c.compiler_version(), compiler_info),
    }
}

impl fmt::Display for Info {
    /// The text `dxil info` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "kind: {}", self.kind)?;
        let c = &self.container;
        write!(
            f,
            "container: version {}, {}, {}",
            c.version,
            count(u64::from(c.size), "byte", "bytes"),
            count(u64::from(c.part_count), "part", "parts")
        )?;
        if !c.packed {
            f.write_str(", not packed")?;
        }
        if c.trailing_bytes != 0 {
            let n = count(c.trailing_bytes as u64, "trailing byte", "trailing bytes");
            write!(f, ", {n}")?;
        }
        writeln!(f)?;
        let d = &self.digest;
        writeln!(
            f,
            "digest: {} ({}; computed {})",
            d.stored, d.status, d.computed
        )?;
        writeln!(f, "parts:")?;
        for p in &self.parts {
            write!(f, "  {} offset {:#x} size {}", p.fourcc, p.offset, p.size)?;
            if let Some(name) = p.name {
                write!(f, " ({name})")?;
            }
            writeln!(f)?;
        }
        for (key, program) in [
            ("program", &self.program),
            ("debug_program", &self.debug_program),
        ] {
            match program {
                None => {}
                Some(View::Damaged { error }) => writeln!(f, "{key}: error: {error}")?,
                Some(View::Read(p)) => writeln!(
                    f,
                    "{key} ({}): {} (shader kind {}), DXIL {}, bitcode {} at {:#x}",
                    p.part,
                    p.profile,
                    p.shader_kind.as_deref().unwrap_or("-"),
                    p.dxil_version,
                    count(p.bitcode_size as u64, "byte", "bytes"),
                    p.bitcode_offset
                )?,
            }
        }
        match &self.shader_hash {
            None => {}
            Some(View::Damaged { error }) => writeln!(f, "shader hash: error: {error}")?,
            Some(View::Read(h)) => writeln!(
                f,
                "shader hash: {} ({} over {} bitcode{})",
                h.digest,
                h.status,
                h.source_part,
                if h.includes_source {
                    ", includes source"
                } else {
                    ""
                }
            )?,
        }
        match &self.features {
            None => {}
            Some(View::Damaged { error }) => writeln!(f, "features: error: {error}")?,
            Some(View::Read(ft)) => {
                writeln!(f, "features: {}", ft.raw)?;
                for n in &ft.names {
                    writeln!(f, "  {n}")?;
                }
                if ft.unknown_bits != "0x0" {
                    writeln!(f, "  unknown bits {}", ft.unknown_bits)?;
                }
            }
        }
        match &self.compiler_version {
            None => {}
            Some(View::Damaged { error }) => writeln!(f, "compiler version: error: {error}")?,
            Some(View::Read(v)) => writeln!(
                f,
                "compiler version: {}.{} flags {} commits {} sha {} \"{}\"",
                v.major, v.minor, v.flags, v.commit_count, v.commit_sha, v.version_string
            )?,
        }
        Ok(())
    }
}

/// `n` and the noun, singular for one (`1 part`, `7 parts`).
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
