//! Whole containers: the parts a module implies, in the reference's order, and a per-part
//! comparison with a stored container.
//!
//! Order (reference assembler): `SFI0`; non-library: `ISG1`, `OSG1`, `PSG1` (when the patch
//! constant / primitive signature has elements), `PSV0`, `RTS0`; library: `VERS`
//! (validator 1.8+), `RDAT`; then `ILDB`, `STAT`, `ILDN`, `HASH` (validator 1.5+), `DXIL`.
//!
//! Regenerated from the module: `SFI0`, `ISG1`, `OSG1`, `PSG1`, `PSV0`, `RDAT` (libraries;
//! subobjects the module lacks are carried from the stored part), `HASH` and the digest.
//! Copied (given in [`BuildOptions::copied`]): `RTS0` (stripped from the `DXIL` module's
//! metadata), `VERS` (compiler version), `ILDB`, `STAT`, `ILDN` (other modules and the debug
//! name); an `RDAT` given there replaces the generated one.

use dxil_container::ShaderKind;
use dxil_container::{
    build_program_part, digest, Container, DxilVersion, FourCC, ProgramVersion, ShaderHash,
};

use crate::error::{ErrorKind, Result};
use crate::flags::RawFlags;
use crate::pack::{repack_metadata, Strategy};
use crate::psv::build_psv;
use crate::signature::{build_signature_part, SignatureContext};
use crate::sigpoint::{SigPointInfo, SignatureKind};
use crate::source::Source;
use dxil_ops::SigPointKind;

/// Inputs of [`build_container`] that the module does not determine.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Parts copied as given (`RTS0`, `VERS`, `RDAT`, `ILDB`, `STAT`, `ILDN`); each is
    /// placed at its position in the reference's order.
    pub copied: Vec<(FourCC, Vec<u8>)>,
    /// `HASH` flags (1: hash the `ILDB` bitcode, which must then be among `copied`).
    pub hash_flags: u32,
}

/// The parts generated from the module alone (shader flags: [`Source::flags`]), in order: `SFI0`, then (non-library)
/// `ISG1`, `OSG1`, `PSG1` when present, `PSV0`.
pub fn build_parts(src: &Source<'_>) -> Result<Vec<(FourCC, Vec<u8>)>> {
    let flags = src.flags;
    let mut out = vec![(FourCC::SFI0, flags.feature_info().to_le_bytes().to_vec())];
    if src.kind == ShaderKind::Library {
        return Ok(out);
    }
    let sigs = [
        (SignatureKind::Input, FourCC::ISG1),
        (SignatureKind::Output, FourCC::OSG1),
        (SignatureKind::PatchConstOrPrim, FourCC::PSG1),
    ];
    for (sig, fourcc) in sigs {
        if sig == SignatureKind::PatchConstOrPrim && src.signature(sig).is_empty() {
            continue;
        }
        out.push((fourcc, build_signature(src, sig)?));
    }
    out.push((FourCC::PSV0, build_psv(src)?));
    Ok(out)
}

/// One signature part (`ISG1`, `OSG1` or `PSG1`) of a non-library shader; a signature
/// without elements gives the empty part (its 8-byte header).
pub fn build_signature(src: &Source<'_>, sig: SignatureKind) -> Result<Vec<u8>> {
    // Compute and amplification shaders have no signature point: empty parts.
    let point = SigPointKind::of(src.kind, sig).unwrap_or(SigPointKind::CSIn);
    let cx = SignatureContext {
        point,
        domain: src.domain(),
        is_input: match sig {
            SignatureKind::Input => true,
            SignatureKind::Output => false,
            SignatureKind::PatchConstOrPrim => src.kind == ShaderKind::Domain,
        },
        use_min_precision: src.flags.use_min_precision(),
        validator: src.validator(),
    };
    build_signature_part(src.signature(sig), &cx)
}

const ORDER: [FourCC; 12] = [
    FourCC::SFI0,
    FourCC::ISG1,
    FourCC::OSG1,
    FourCC::PSG1,
    FourCC::VERS,
    FourCC::RDAT,
    FourCC::PSV0,
    FourCC::RTS0,
    FourCC::ILDB,
    FourCC::STAT,
    FourCC::ILDN,
    FourCC::HASH,
];

/// Builds a whole container for `src` whose `DXIL` part holds `bitcode` (the module's
/// serialized form), with the digest computed. A library gets an `RDAT` generated from the
/// module ([`crate::rdat::build_rdat`]) unless `opts.copied` holds one.
pub fn build_container(src: &Source<'_>, bitcode: &[u8], opts: &BuildOptions) -> Result<Vec<u8>> {
    let mut parts = build_parts(src)?;
    parts.extend(opts.copied.iter().cloned());
    if src.kind == ShaderKind::Library && !parts.iter().any(|(f, _)| *f == FourCC::RDAT) {
        parts.push((FourCC::RDAT, crate::rdat::build_rdat(src, None)?));
    }
    if src.validator() >= (1, 5) {
        let hashed = if opts.hash_flags & ShaderHash::INCLUDES_SOURCE != 0 {
            let ildb = opts
                .copied
                .iter()
                .find(|(f, _)| *f == FourCC::ILDB)
                .ok_or(ErrorKind::Missing("ILDB part for an IncludesSource hash"))?;
            let part = dxil_container::Part {
                fourcc: FourCC::ILDB,
                offset: 0,
                data: &ildb.1,
            };
            dxil_container::md5::md5(dxil_container::Program::parse(&part)?.bitcode)
        } else {
            dxil_container::md5::md5(bitcode)
        };
        let hash = ShaderHash {
            flags: opts.hash_flags,
            digest: dxil_container::Digest(hashed),
        };
        parts.push((FourCC::HASH, hash.to_bytes().to_vec()));
    }
    parts.sort_by_key(|(f, _)| ORDER.iter().position(|o| o == f).unwrap_or(ORDER.len()));
    let (major, minor) = src.shader_model();
    let version = ProgramVersion::new(src.kind, major as u8, minor as u8);
    let dxil_version = src.meta.version.map_or(DxilVersion(0x100), |v| {
        DxilVersion((v.major << 8) | (v.minor & 0xff))
    });
    parts.push((
        FourCC::DXIL,
        build_program_part(version, dxil_version, bitcode)?,
    ));
    let mut buf = dxil_container::ContainerBuf::new();
    for (f, d) in parts {
        buf.add_part(f, d);
    }
    Ok(buf.to_bytes_with_digest()?)
}

/// The outcome of regenerating one part of a stored container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartCheck {
    /// Regenerated bytes equal the stored ones.
    Same,
    /// Regenerated bytes differ: first differing byte offset, the bytes there and both
    /// sizes.
    Differs {
        /// First differing byte (the shorter length when one is a prefix of the other).
        at: usize,
        /// The stored byte at `at` (`None`: the stored part ends there).
        stored_byte: Option<u8>,
        /// The regenerated byte at `at` (`None`: the regenerated part ends there).
        regenerated_byte: Option<u8>,
        /// Stored size.
        stored: usize,
        /// Regenerated size.
        regenerated: usize,
    },
    /// Regeneration failed.
    Failed(String),
    /// The part is not regenerated from the module (copied as stored).
    Copied,
    /// The module implies the part but the container lacks it.
    Missing,
}

fn compare(stored: &[u8], regenerated: &[u8]) -> PartCheck {
    if stored == regenerated {
        return PartCheck::Same;
    }
    let at = stored
        .iter()
        .zip(regenerated)
        .position(|(a, b)| a != b)
        .unwrap_or(stored.len().min(regenerated.len()));
    PartCheck::Differs {
        at,
        stored_byte: stored.get(at).copied(),
        regenerated_byte: regenerated.get(at).copied(),
        stored: stored.len(),
        regenerated: regenerated.len(),
    }
}

/// The entry's shader flags as recorded in `dx.entryPoints` and as recomputed from the
/// module (`None` for libraries, whose per-function flags are not recomputed).
pub fn check_flags(src: &Source<'_>) -> Option<(RawFlags, RawFlags)> {
    (src.kind != ShaderKind::Library).then(|| (src.recorded_flags(), src.flags))
}

/// Regenerates every part of `c` that the `DXIL` module determines and compares it with
/// the stored part; other parts are [`PartCheck::Copied`]. The last entry is the digest
/// (fourcc `DXBC`), recomputed over the container with regenerated parts.
pub fn regenerate(c: &Container<'_>) -> Result<Regeneration> {
    let program = c.program()?;
    let module = dxil_bitcode::read_module(program.bitcode)?;
    let src = Source::new(&module)?;
    let flags = check_flags(&src);
    let packing = check_packing(&src);
    let generated = build_parts(&src);
    let mut out = Vec::new();
    let mut rebuilt = c.to_buf();
    for p in c.parts() {
        let check = match p.fourcc {
            FourCC::SFI0 | FourCC::ISG1 | FourCC::OSG1 | FourCC::PSG1 | FourCC::PSV0 => {
                match &generated {
                    Err(e) => PartCheck::Failed(e.to_string()),
                    Ok(parts) => match parts.iter().find(|(f, _)| *f == p.fourcc) {
                        Some((_, d)) => {
                            rebuilt.replace_part(p.fourcc, d.clone())?;
                            compare(p.data, d)
                        }
                        None => PartCheck::Failed("not implied by the module".into()),
                    },
                }
            }
            FourCC::RDAT if src.kind == ShaderKind::Library => {
                let carried = dxil_parts::rdat::Rdat::parse(p.data)
                    .ok()
                    .and_then(|r| r.subobjects().ok().flatten());
                match crate::rdat::build_rdat(&src, carried.as_deref()) {
                    Ok(d) => {
                        let check = compare(p.data, &d);
                        rebuilt.replace_part(FourCC::RDAT, d)?;
                        check
                    }
                    Err(e) => PartCheck::Failed(e.to_string()),
                }
            }
            FourCC::HASH => {
                let stored = ShaderHash::parse(p.data, p.data_offset())?;
                match c.compute_shader_hash(stored.flags) {
                    Ok((digest, _)) => {
                        let d = ShaderHash {
                            flags: stored.flags,
                            digest,
                        }
                        .to_bytes();
                        rebuilt.replace_part(FourCC::HASH, d.to_vec())?;
                        compare(p.data, &d)
                    }
                    Err(e) => PartCheck::Failed(e.to_string()),
                }
            }
            _ => PartCheck::Copied,
        };
        out.push((p.fourcc, check));
    }
    if let Ok(parts) = &generated {
        for (f, _) in parts {
            if c.part(*f).is_none() {
                out.push((*f, PartCheck::Missing));
            }
        }
    }
    if src.kind == ShaderKind::Library && c.part(FourCC::RDAT).is_none() {
        out.push((FourCC::RDAT, PartCheck::Missing));
    }
    let stored_digest = c.header().digest;
    let mut bytes = rebuilt.to_bytes()?;
    let check = match c.digest_status() {
        dxil_container::DigestStatus::Matches => {
            let d = digest::update_in_place(&mut bytes)?;
            compare(&stored_digest.0, &d.0)
        }
        _ => PartCheck::Copied,
    };
    out.push((FourCC::CONTAINER, check));
    Ok(Regeneration {
        parts: out,
        flags,
        packing,
    })
}

/// The result of [`regenerate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regeneration {
    /// Per stored part (then parts the module implies but the container lacks, then the
    /// digest as fourcc `DXBC`): the comparison.
    pub parts: Vec<(FourCC, PartCheck)>,
    /// Recorded and recomputed shader flags (non-library shaders).
    pub flags: Option<(RawFlags, RawFlags)>,
    /// Per signature with elements: the packing strategy that reproduces the recorded
    /// placements (`None`: neither does).
    pub packing: Vec<(SignatureKind, Option<Strategy>)>,
}

/// Repacks each signature of the entry from its unplaced elements, first prefix-stable
/// (the reference's default), then optimized; reports which reproduces the recorded
/// start rows and columns.
pub fn check_packing(src: &Source<'_>) -> Vec<(SignatureKind, Option<Strategy>)> {
    let mut out = Vec::new();
    if src.kind == ShaderKind::Library {
        return out;
    }
    let use_min = src.flags.use_min_precision();
    for sig in [
        SignatureKind::Input,
        SignatureKind::Output,
        SignatureKind::PatchConstOrPrim,
    ] {
        let md = src.signature(sig);
        let Some(point) = SigPointKind::of(src.kind, sig) else {
            continue;
        };
        if md.is_empty() {
            continue;
        }
        let found = [Strategy::PrefixStable, Strategy::Optimized]
            .into_iter()
            .find(|&strategy| {
                let mut copy = md.to_vec();
                repack_metadata(&mut copy, point, use_min, strategy);
                copy.as_slice() == md
            });
        out.push((sig, found));
    }
    out
}
