//! Every fuzz body (except the naga ones: `tests/naga.rs`) over a spread of the inputs its
//! target is seeded with, each also truncated and bit-flipped (`common::drive`): corpus
//! containers, their parts and program bitcode, the reference's disassembly, root
//! signatures, pipelines. The samples keep a release-mode run to seconds; fuzzing proper
//! runs by hand (`cd fuzz && cargo +nightly fuzz run TARGET SEEDS`).

mod common;

use std::path::PathBuf;

use common::{drive, read_all, Seed};
use dxil_test_support::{corpus_files, files_with_extension, shared_path, spread};

/// A spread of `n` corpus containers; empty (after a note) when the corpus is absent.
fn containers(n: usize) -> Vec<Seed> {
    read_all(spread(&corpus_files(), n))
}

/// The bitcode of every program part (`DXIL`, `ILDB`, `STAT`) of `n` corpus containers.
fn bitcodes(n: usize) -> Vec<Seed> {
    containers(n)
        .iter()
        .flat_map(|(name, bytes)| {
            dxil_test_support::program_bitcodes(bytes)
                .into_iter()
                .map(move |(fourcc, bc)| {
                    let part = String::from_utf8_lossy(&fourcc).into_owned();
                    (format!("{name}.{part}"), bc.to_vec())
                })
        })
        .collect()
}

/// The repository's samples (`samples/*.EXT`), there with or without `../shared`.
fn samples(ext: &str) -> Vec<Seed> {
    let dir = dxil_test_support::workspace_root().join("samples");
    read_all(&files_with_extension(&dir, ext))
}

/// A spread of `n` of the reference's disassemblies of corpus shaders (`ID.ll` beside
/// `ID.dxil`; none, after a note, without the corpus), and the repository's samples.
fn texts(n: usize) -> Vec<Seed> {
    let mut seeds = samples("ll");
    if let Some(dir) = dxil_test_support::corpus_dir() {
        seeds.extend(read_all(spread(&files_with_extension(&dir, "ll"), n)));
    }
    seeds
}

/// The offload-test-suite's compute pipelines (`../shared/exec/*.yaml`: `n` of them; none,
/// after a note, without it) and the repository's sample.
fn pipelines(n: usize) -> Vec<Seed> {
    let mut seeds = samples("yaml");
    if let Some(dir) = shared_path("exec") {
        seeds.extend(read_all(spread(&files_with_extension(&dir, "yaml"), n)));
    }
    seeds
}

/// The shader kind in a container's program header (`None` without a `DXIL` part).
fn program_kind(container: &[u8]) -> Option<u32> {
    let header = dxil_test_support::part(container, b"DXIL")?.get(..4)?;
    Some(u32::from_le_bytes(header.try_into().ok()?) >> 16)
}

/// The selector bytes of the `parts` target that pick case `case` (the byte modulo 7) with
/// the shader kind `kind` in the bits above the low three (PSV0's program kind, the view id
/// state's stage).
fn selectors(case: u8, kind: u32) -> Vec<u8> {
    (0..=255u8)
        .filter(|s| s % 7 == case && u32::from(s >> 3) == kind)
        .collect()
}

#[test]
fn container() {
    let seeds = containers(usize::MAX);
    if seeds.is_empty() {
        return;
    }
    drive("container", &seeds, 4, dxil_fuzz::container::run);
}

#[test]
fn parts() {
    let mut seeds = Vec::new();
    for (name, bytes) in containers(800) {
        let kind = program_kind(&bytes);
        for (fourcc, data) in dxil_test_support::parts(&bytes).unwrap_or_default() {
            let sels = match &fourcc {
                b"ISG1" | b"OSG1" | b"PSG1" => vec![0, 133],
                b"PSV0" => kind.map_or_else(|| vec![1], |k| selectors(1, k)),
                b"SFI0" | b"HASH" => vec![2],
                b"ILDN" => vec![3],
                b"RDAT" => vec![5],
                _ => continue,
            };
            let part = String::from_utf8_lossy(&fourcc).into_owned();
            for sel in sels {
                let mut input = vec![sel];
                input.extend_from_slice(data);
                seeds.push((format!("{name}.{part}.{sel}"), input));
            }
        }
        // The view id state is metadata (words), not a part of its own.
        let view_id = dxil_test_support::dxil_bitcode(&bytes)
            .and_then(|bc| dxil_bitcode::read_module(bc).ok())
            .and_then(|m| dxil_module::DxilMetadata::read(&m).ok())
            .and_then(|meta| meta.view_id_state);
        if let (Some(words), Some(kind)) = (view_id, kind) {
            for sel in selectors(4, kind) {
                let mut input = vec![sel];
                input.extend(words.iter().flat_map(|w| w.to_le_bytes()));
                seeds.push((format!("{name}.viewid.{sel}"), input));
            }
        }
        seeds.push((format!("{name}.6"), [&[6], &bytes[..]].concat()));
    }
    if seeds.is_empty() {
        return;
    }
    drive("parts", &seeds, 1, dxil_fuzz::parts::run);
}

#[test]
fn rootsig_binary() {
    let mut seeds: Vec<Seed> = containers(usize::MAX)
        .iter()
        .filter_map(|(name, bytes)| {
            let rts0 = dxil_test_support::part(bytes, b"RTS0")?;
            Some((format!("{name}.RTS0"), rts0.to_vec()))
        })
        .collect();
    let strings = dxil_test_support::rootsig_containers();
    seeds.extend(strings.iter().enumerate().filter_map(|(i, c)| {
        let rts0 = dxil_test_support::part(c, b"RTS0")?;
        Some((format!("rootsig-{i}.RTS0"), rts0.to_vec()))
    }));
    if seeds.is_empty() {
        return;
    }
    drive("rootsig_binary", &seeds, 0, dxil_fuzz::rootsig_binary::run);
}

#[test]
fn rootsig_text() {
    let Some(path) = shared_path("rootsig/index.jsonl") else {
        return;
    };
    let records = dxil_test_support::read_jsonl(&path).unwrap_or_default();
    let seeds: Vec<Seed> = records
        .iter()
        .filter_map(|r| {
            let id = r.get("id")?.as_str()?;
            let text = r.get("text")?.as_str()?;
            let version = match r.get("version")?.as_str()? {
                "rootsig_1_0" => 0,
                "rootsig_1_1" => 1,
                _ => 2,
            };
            Some((id.to_string(), [&[version], text.as_bytes()].concat()))
        })
        .collect();
    drive("rootsig_text", &seeds, 1, dxil_fuzz::rootsig_text::run);
}

#[test]
fn bitstream() {
    let seeds = bitcodes(600);
    if seeds.is_empty() {
        return;
    }
    drive("bitstream", &seeds, 4, dxil_fuzz::bitstream::run);
}

#[test]
fn module() {
    let seeds = bitcodes(600);
    if seeds.is_empty() {
        return;
    }
    drive("module", &seeds, 4, dxil_fuzz::module::run);
}

#[test]
fn dis() {
    let seeds = bitcodes(600);
    if seeds.is_empty() {
        return;
    }
    drive("dis", &seeds, 4, dxil_fuzz::dis::run);
}

#[test]
fn write() {
    let seeds = bitcodes(600);
    if seeds.is_empty() {
        return;
    }
    drive("write", &seeds, 4, dxil_fuzz::write::run);
}

#[test]
fn front() {
    // Every kind of input the front door detects: containers, program parts, bitcode, text.
    let mut seeds = containers(500);
    let more: Vec<Seed> = seeds
        .iter()
        .flat_map(|(name, bytes)| {
            let part = dxil_test_support::part(bytes, b"DXIL")
                .map(|p| (format!("{name}.DXIL"), p.to_vec()));
            let bc =
                dxil_test_support::dxil_bitcode(bytes).map(|b| (format!("{name}.bc"), b.to_vec()));
            part.into_iter().chain(bc)
        })
        .collect();
    seeds.extend(more);
    seeds.extend(texts(300));
    drive("front", &seeds, 0, dxil_fuzz::front::run);
}

#[test]
fn asm() {
    let seeds = texts(600);
    drive("asm", &seeds, 0, dxil_fuzz::asm::run);
}

#[test]
fn gen() {
    let seeds = containers(1000);
    if seeds.is_empty() {
        return;
    }
    drive("gen", &seeds, 4, dxil_fuzz::gen::run);
}

#[test]
fn validate() {
    let seeds = containers(600);
    if seeds.is_empty() {
        return;
    }
    drive("validate", &seeds, 4, dxil_fuzz::validate::run);
}

#[test]
fn exec() {
    // The offload-test-suite's compute shaders, each behind four dispatch bytes that vary
    // from seed to seed (groups, wave size, trace).
    let Some(dir) = shared_path("exec") else {
        return;
    };
    let files: Vec<PathBuf> = files_with_extension(&dir, "dxil");
    let seeds: Vec<Seed> = read_all(files.iter())
        .into_iter()
        .enumerate()
        .map(|(i, (name, bytes))| {
            let head = (i as u32).wrapping_mul(0x9E37_79B9).to_le_bytes();
            (name, [&head[..], &bytes[..]].concat())
        })
        .collect();
    drive("exec", &seeds, 8, dxil_fuzz::exec::run);
}

#[test]
fn pipeline() {
    let seeds = pipelines(200);
    drive("pipeline", &seeds, 0, dxil_fuzz::pipeline::run);
}

#[test]
#[should_panic(expected = "made the body panic")]
fn a_body_that_panics_fails_the_test() {
    // The harness itself: a body that rejects every damaged copy by panicking.
    let seed = ("zeros".to_string(), vec![0; 64]);
    drive("harness", &[seed], 0, |data| {
        assert!(data.len() == 64 && data.iter().all(|&b| b == 0), "damaged");
    });
}

/// The offload-test-suite's shaders (their `source.hlsl` part), behind a selector byte.
fn hlsl_sources(n: usize) -> Vec<Seed> {
    let Some(dir) = shared_path("exec") else {
        return Vec::new();
    };
    read_all(spread(&files_with_extension(&dir, "test"), n))
        .into_iter()
        .filter_map(|(name, bytes)| {
            let text = String::from_utf8_lossy(&bytes);
            let source = dxil_test_support::exec_source(&text)?;
            let mut seed = vec![(name.len() % 8) as u8];
            seed.extend_from_slice(source.as_bytes());
            Some((name, seed))
        })
        .collect()
}

#[test]
fn hlsl_pp() {
    let seeds = hlsl_sources(200);
    drive("hlsl_pp", &seeds, 4, dxil_fuzz::hlsl_pp::run);
}

#[test]
fn hlsl_compile() {
    let seeds = hlsl_sources(120);
    drive("hlsl_compile", &seeds, 2, dxil_fuzz::hlsl_compile::run);
}
