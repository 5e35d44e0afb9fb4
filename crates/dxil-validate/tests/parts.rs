//! Container part checks against the reference validator: corpus shaders of every stage,
//! each changed in one way (a part dropped, repeated, unknown, resized or with a field
//! changed; a program version off by one; a root signature that does not fit), run through
//! `dxv` and through ours; the printed error lines must be the same, in order. The changed
//! containers are made here, from the corpus, each time. Skips when the corpus or the
//! reference validator is absent (fails under CI).

use dxil_validate::{validate_container, Options};

type Parts = Vec<([u8; 4], Vec<u8>)>;

/// A packed container of `parts`, digest unset (the reference signs what it validates).
fn build(parts: &Parts) -> Vec<u8> {
    let table = 32 + 4 * parts.len();
    let mut body = Vec::new();
    let mut offsets = Vec::new();
    for (f, d) in parts {
        offsets.push((table + body.len()) as u32);
        body.extend_from_slice(f);
        body.extend_from_slice(&(d.len() as u32).to_le_bytes());
        body.extend_from_slice(d);
    }
    let mut out = b"DXBC".to_vec();
    out.extend([0u8; 16]);
    out.extend(1u16.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out.extend(((table + body.len()) as u32).to_le_bytes());
    out.extend((parts.len() as u32).to_le_bytes());
    for o in offsets {
        out.extend(o.to_le_bytes());
    }
    out.extend(body);
    out
}

fn u32_at(d: &[u8], at: usize) -> usize {
    d.get(at..at + 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
}

/// Where a `PSV0` part's sections start: (string table size field, semantic index count
/// field, first element record), for parts with version 1 runtime information.
fn psv_sections(d: &[u8]) -> Option<(usize, usize, Option<usize>)> {
    let info = u32_at(d, 0);
    if info < 36 {
        return None;
    }
    let mut at = 4 + info;
    let resources = u32_at(d, at);
    at += 4;
    if resources > 0 {
        at += 4 + resources * u32_at(d, at);
    }
    let strings = at;
    at += 4 + u32_at(d, at);
    let indexes = at;
    at += 4 + 4 * u32_at(d, at);
    let elements = (d[4 + 28..4 + 31].iter().any(|&n| n != 0)).then_some(at + 4);
    Some((strings, indexes, elements))
}

type Mutation = (&'static str, fn(&mut Parts) -> bool);

fn part_mut<'a>(p: &'a mut Parts, f: &[u8; 4]) -> Option<&'a mut Vec<u8>> {
    p.iter_mut().find(|(g, _)| g == f).map(|(_, d)| d)
}

fn flip(p: &mut Parts, f: &[u8; 4], at: fn(usize) -> usize, bit: u8) -> bool {
    match part_mut(p, f) {
        Some(d) if !d.is_empty() => {
            let i = at(d.len()).min(d.len() - 1);
            d[i] ^= bit;
            true
        }
        _ => false,
    }
}

fn drop_parts(p: &mut Parts, which: &[&[u8; 4]]) -> bool {
    let before = p.len();
    p.retain(|(f, _)| !which.contains(&f));
    p.len() != before
}

fn root_signature(p: &mut Parts, text: &str) -> bool {
    let Ok(rts0) = dxil_rootsig::compile_to_rts0(text, dxil_rootsig::Version::V1_1) else {
        return false;
    };
    p.retain(|(f, _)| f != b"RTS0");
    let Some(at) = p.iter().position(|(f, _)| f == b"PSV0") else {
        return false;
    };
    p.insert(at + 1, (*b"RTS0", rts0));
    true
}

/// The changes, each applied where it applies.
const MUTATIONS: &[Mutation] = &[
    ("no SFI0", |p| drop_parts(p, &[b"SFI0"])),
    ("no signatures", |p| drop_parts(p, &[b"ISG1", b"OSG1"])),
    ("no PSV0", |p| drop_parts(p, &[b"PSV0"])),
    ("no RDAT", |p| drop_parts(p, &[b"RDAT"])),
    ("no PSG1", |p| drop_parts(p, &[b"PSG1"])),
    ("no HASH", |p| drop_parts(p, &[b"HASH"])),
    ("SFI0 twice", |p| {
        let sfi0 = p.iter().find(|(f, _)| f == b"SFI0").cloned();
        sfi0.map(|s| p.push(s)).is_some()
    }),
    ("unknown part", |p| {
        p.insert(1, (*b"XXXX", vec![1, 2, 3, 4]));
        true
    }),
    ("fourcc with a NUL", |p| {
        p.insert(1, (*b"\0ab\x01", Vec::new()));
        true
    }),
    ("HASH resized", |p| {
        part_mut(p, b"HASH").map(|d| d.extend([0; 4])).is_some()
    }),
    ("ISG1 changed", |p| flip(p, b"ISG1", |n| n - 1, 1)),
    ("OSG1 changed", |p| flip(p, b"OSG1", |n| n - 1, 1)),
    ("PSG1 changed", |p| flip(p, b"PSG1", |n| n - 1, 1)),
    ("SFI0 changed", |p| flip(p, b"SFI0", |_| 0, 4)),
    ("RDAT changed", |p| flip(p, b"RDAT", |n| n - 5, 1)),
    ("RDAT version", |p| flip(p, b"RDAT", |_| 0, 0x10)),
    ("VERS padded", |p| {
        part_mut(p, b"VERS").map(|d| d.extend([0; 4])).is_some()
    }),
    ("VERS in a shader", |p| {
        let shader = p.iter().any(|(f, _)| f == b"PSV0");
        if shader {
            p.insert(1, (*b"VERS", vec![0; 16]));
        }
        shader
    }),
    ("PSG1 in a vertex shader", |p| {
        let vs = part_mut(p, b"PSV0").is_some_and(|d| d.get(4 + 24) == Some(&1));
        let isg1 = p.iter().find(|(f, _)| f == b"ISG1").map(|(_, d)| d.clone());
        match isg1 {
            Some(d) if vs => {
                p.insert(1, (*b"PSG1", d));
                true
            }
            _ => false,
        }
    }),
    ("PSV0 in a library", |p| {
        let lib = p.iter().any(|(f, _)| f == b"RDAT");
        if lib {
            p.insert(1, (*b"PSV0", vec![24, 0, 0, 0]));
        }
        lib
    }),
    ("program version", |p| flip(p, b"DXIL", |_| 0, 1)),
    ("debug program version", |p| flip(p, b"ILDB", |_| 0, 1)),
    ("PSV0 trailing bytes", |p| {
        part_mut(p, b"PSV0").map(|d| d.extend([0; 4])).is_some()
    }),
    ("PSV0 runtime info size", |p| flip(p, b"PSV0", |_| 0, 4)),
    ("PSV0 stage union", |p| flip(p, b"PSV0", |_| 4 + 15, 0x10)),
    ("PSV0 wave size", |p| flip(p, b"PSV0", |_| 4 + 17, 0x10)),
    ("PSV0 shader stage", |p| flip(p, b"PSV0", |_| 4 + 24, 1)),
    ("PSV0 uses ViewID", |p| flip(p, b"PSV0", |_| 4 + 25, 1)),
    ("PSV0 first resource space", |p| {
        let Some(d) = part_mut(p, b"PSV0") else {
            return false;
        };
        let at = 4 + u32_at(d, 0);
        if u32_at(d, at) == 0 {
            return false;
        }
        d[at + 8 + 4] ^= 1;
        true
    }),
    ("PSV0 element reserved byte", |p| {
        let Some(d) = part_mut(p, b"PSV0") else {
            return false;
        };
        match psv_sections(d) {
            Some((_, _, Some(e))) => {
                d[e + 15] ^= 1;
                true
            }
            _ => false,
        }
    }),
    ("PSV0 element start row", |p| {
        let Some(d) = part_mut(p, b"PSV0") else {
            return false;
        };
        match psv_sections(d) {
            Some((_, _, Some(e))) => {
                d[e + 9] ^= 1;
                true
            }
            _ => false,
        }
    }),
    ("PSV0 semantic index out of the table", |p| {
        let Some(d) = part_mut(p, b"PSV0") else {
            return false;
        };
        match psv_sections(d) {
            Some((_, _, Some(e))) => {
                d[e + 4..e + 8].copy_from_slice(&1000u32.to_le_bytes());
                true
            }
            _ => false,
        }
    }),
    ("PSV0 extra strings", |p| {
        let Some(d) = part_mut(p, b"PSV0") else {
            return false;
        };
        let Some((strings, _, _)) = psv_sections(d) else {
            return false;
        };
        let size = u32_at(d, strings);
        let mut table = d[strings + 4..strings + 4 + size].to_vec();
        while table.len() > 1 && table[table.len() - 2] == 0 {
            table.pop();
        }
        for i in 0..9 {
            table.extend(format!("extra{i}").bytes());
            table.push(0);
        }
        while table.len() % 4 != 0 {
            table.push(0);
        }
        let mut out = d[..strings].to_vec();
        out.extend((table.len() as u32).to_le_bytes());
        out.extend(&table);
        out.extend(&d[strings + 4 + size..]);
        *d = out;
        true
    }),
    ("PSV0 extra semantic indexes", |p| {
        let Some(d) = part_mut(p, b"PSV0") else {
            return false;
        };
        let Some((_, indexes, _)) = psv_sections(d) else {
            return false;
        };
        let n = u32_at(d, indexes);
        let mut out = d[..indexes].to_vec();
        out.extend(((n + 2) as u32).to_le_bytes());
        out.extend(&d[indexes + 4..indexes + 4 + 4 * n]);
        out.extend([7, 0, 0, 0, 9, 0, 0, 0]);
        out.extend(&d[indexes + 4 + 4 * n..]);
        *d = out;
        true
    }),
    ("PSV0 entry name offset", |p| {
        let Some(d) = part_mut(p, b"PSV0") else {
            return false;
        };
        if u32_at(d, 0) < 52 {
            return false;
        }
        d[4 + 48] ^= 1;
        true
    }),
    ("RTS0 with one CBV", |p| root_signature(p, "CBV(b0)")),
    ("RTS0 denying the stage", |p| {
        root_signature(
            p,
            "RootFlags(DENY_VERTEX_SHADER_ROOT_ACCESS | DENY_PIXEL_SHADER_ROOT_ACCESS | \
             DENY_HULL_SHADER_ROOT_ACCESS | DENY_DOMAIN_SHADER_ROOT_ACCESS | \
             DENY_GEOMETRY_SHADER_ROOT_ACCESS), DescriptorTable(SRV(t0, numDescriptors = \
             unbounded), UAV(u0, numDescriptors = unbounded), CBV(b0, numDescriptors = \
             unbounded)), DescriptorTable(Sampler(s0, numDescriptors = unbounded))",
        )
    }),
    ("RTS0 root descriptors", |p| {
        root_signature(p, "SRV(t0), UAV(u0), CBV(b0), StaticSampler(s0)")
    }),
    ("RTS0 truncated", |p| match part_mut(p, b"RTS0") {
        Some(d) => {
            d.truncate(10);
            true
        }
        None => false,
    }),
];

/// The lines of validator output that carry something (blank lines aside).
fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn changed_parts_are_reported_as_the_reference_reports_them() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let Some(index) = dxil_test_support::read_jsonl(&dir.join("index.jsonl")) else {
        return;
    };
    if dxil_test_support::reference_tool("dxv").is_none() {
        return;
    }
    // The first valid shader of each profile kind, and a few with root signatures or debug
    // programs.
    let mut chosen: Vec<String> = Vec::new();
    let mut kinds: Vec<String> = Vec::new();
    let mut with_rts0 = 0;
    for r in &index {
        let (Some(id), Some(true), Some(profile)) = (
            r.get("id").and_then(|v| v.as_str()),
            r.get("dxv_ok").and_then(|v| v.as_bool()),
            r.get("profile").and_then(|v| v.as_str()),
        ) else {
            continue;
        };
        let kind = profile.split('_').next().unwrap_or("").to_string();
        let Ok(bytes) = std::fs::read(dir.join(format!("{id}.dxil"))) else {
            continue;
        };
        let has_rts0 = dxil_test_support::part(&bytes, b"RTS0").is_some();
        if !kinds.contains(&kind) {
            kinds.push(kind);
            chosen.push(id.to_string());
        } else if has_rts0 && with_rts0 < 2 {
            with_rts0 += 1;
            chosen.push(id.to_string());
        }
    }
    let (mut total, mut same) = (0usize, 0usize);
    let mut differences = Vec::new();
    for id in &chosen {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let original: Parts = dxil_test_support::parts(&bytes)
            .expect("corpus container")
            .into_iter()
            .map(|(f, d)| (f, d.to_vec()))
            .collect();
        for (name, mutate) in MUTATIONS {
            let mut parts = original.clone();
            if !mutate(&mut parts) {
                continue;
            }
            let container = build(&parts);
            let reference = match dxil_test_support::dxv_verdict(&container) {
                Some(Ok(())) => "Validation succeeded.".to_string(),
                Some(Err(out)) => out,
                None => return,
            };
            let ours = validate_container(&container, &Options::default()).to_string();
            total += 1;
            // Our warnings (a digest the reference would sign) are not the reference's.
            let ours: Vec<String> = lines(&ours)
                .into_iter()
                .filter(|l| !l.starts_with("warning: "))
                .collect();
            if ours == lines(&reference) {
                same += 1;
            } else {
                differences.push(format!(
                    "{id} ({name}):\n  dxv:  {:?}\n  ours: {:?}",
                    lines(&reference),
                    ours
                ));
            }
        }
    }
    eprintln!(
        "changed parts: {same}/{total} reported as the reference reports them ({} shaders)",
        chosen.len()
    );
    for d in differences.iter().take(10) {
        eprintln!("{d}");
    }
    assert!(total > 0, "no changed container was made");
    assert_eq!(same, total, "output differs from the reference's");
}

/// Containers the reference does not take for containers at all (a version other than 1,
/// a gap after the last part) fail as they fail with the reference; input past the
/// container's size is ignored by both.
#[test]
fn malformed_layouts_get_the_reference_verdict() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let Some(id) = dxil_test_support::corpus_ids(&dir).into_iter().next() else {
        return;
    };
    let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
    let mut version_2 = bytes.clone();
    version_2[20] = 2;
    let mut gap = bytes.clone();
    gap.extend([0; 4]);
    let size = gap.len() as u32;
    gap[24..28].copy_from_slice(&size.to_le_bytes());
    let mut trailing = bytes.clone();
    trailing.extend([0; 8]);
    for (name, container) in [
        ("version 2", version_2),
        ("gap at the end", gap),
        ("input past the container", trailing),
    ] {
        let ours = validate_container(&container, &Options::default()).is_valid();
        let Some(reference) = dxil_test_support::dxv_verdict(&container) else {
            return;
        };
        assert_eq!(ours, reference.is_ok(), "{id} ({name}): {reference:?}");
    }
}
