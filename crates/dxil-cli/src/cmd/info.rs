//! `dxil info F [--json]`: what is in a container: parts, shader kind and model, DXIL version,
//! digest status, HASH status, feature flags. Containers without a `DXIL` part (SM4/SM5 DXBC,
//! root signature only) are described too; damaged typed parts are reported, not fatal.

use std::path::PathBuf;

use dxil_container::{
    CompilerVersion, Container, FeatureInfo, Program, Result as ContainerResult, ShaderHashCheck,
};
use serde_json::{json, Value};

use super::CmdResult;
use crate::io::{read_input, write_text};

/// Arguments of `dxil info`.
#[derive(clap::Args)]
pub struct Args {
    /// Container file (`-` for standard input).
    pub file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `dxil info`.
pub fn run(args: Args) -> CmdResult {
    let bytes = read_input(&args.file)?;
    let c = Container::parse(&bytes)?;
    let info = describe(&c);
    let text = if args.json {
        let mut s = serde_json::to_string_pretty(&info).map_err(crate::io::CliError::from)?;
        s.push('\n');
        s
    } else {
        render_text(&info)
    };
    write_text(None, &text)
}

/// A typed view's JSON, or `{"error": ...}` when the part is damaged.
fn view<T>(r: ContainerResult<Option<T>>, f: impl FnOnce(T) -> Value) -> Value {
    match r {
        Ok(Some(v)) => f(v),
        Ok(None) => Value::Null,
        Err(e) => json!({ "error": e.to_string() }),
    }
}

fn program_json(p: Program<'_>) -> Value {
    json!({
        "part": p.fourcc.to_string(),
        "shader_kind": p.version.kind().map(|k| format!("{k:?}")),
        "shader_kind_raw": p.version.kind_raw(),
        "shader_model": format!("{}.{}", p.version.major(), p.version.minor()),
        "profile": p.version.to_string(),
        "dxil_version": p.dxil_version.to_string(),
        "size_in_u32": p.size_in_u32,
        "bitcode_offset": p.bitcode_position,
        "bitcode_size": p.bitcode.len(),
    })
}

fn hash_json(h: ShaderHashCheck) -> Value {
    json!({
        "flags": h.stored.flags,
        "includes_source": h.stored.includes_source(),
        "digest": h.stored.digest.to_string(),
        "computed": h.computed.to_string(),
        "source_part": h.source.to_string(),
        "status": if h.matches() { "matches" } else { "differs" },
    })
}

fn features_json(f: FeatureInfo) -> Value {
    json!({
        "raw": format!("{:#018x}", f.0),
        "names": f.names().collect::<Vec<_>>(),
        "unknown_bits": format!("{:#x}", f.unknown_bits()),
    })
}

fn version_json(v: CompilerVersion<'_>) -> Value {
    json!({
        "major": v.major,
        "minor": v.minor,
        "flags": v.flags,
        "commit_count": v.commit_count,
        "commit_sha": v.commit_sha,
        "version_string": v.version_string,
    })
}

/// Everything `info` reports, as JSON (the text form is rendered from this).
fn describe(c: &Container<'_>) -> Value {
    let h = c.header();
    let computed = c.computed_digest();
    let parts: Vec<Value> = c
        .parts()
        .iter()
        .map(|p| {
            json!({
                "fourcc": p.fourcc.to_string(),
                "name": p.fourcc.name(),
                "offset": p.offset,
                "size": p.data.len(),
            })
        })
        .collect();
    let program = match c.not_dxil() {
        Some(_) => Value::Null,
        None => match c.program() {
            Ok(p) => program_json(p),
            Err(e) => json!({ "error": e.to_string() }),
        },
    };
    json!({
        "kind": c.not_dxil().map_or("DXIL container", |k| k.describe()),
        "container": {
            "version": format!("{}.{}", h.version.major, h.version.minor),
            "size": h.size,
            "part_count": h.part_count,
            "packed": c.is_packed(),
            "trailing_bytes": c.trailing().len(),
        },
        "digest": {
            "stored": h.digest.to_string(),
            "computed": computed.to_string(),
            "status": c.digest_status().word(),
        },
        "parts": parts,
        "program": program,
        "debug_program": view(c.debug_program(), program_json),
        "shader_hash": view(c.verify_shader_hash(), hash_json),
        "features": view(c.feature_info(), features_json),
        "compiler_version": view(c.compiler_version(), version_json),
    })
}

fn render_text(v: &Value) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let str_of = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Null => "-".to_string(),
        other => other.to_string(),
    };
    let _ = writeln!(s, "kind: {}", str_of(&v["kind"]));
    let c = &v["container"];
    let _ = writeln!(
        s,
        "container: version {}, {} bytes, {} parts{}{}",
        str_of(&c["version"]),
        c["size"],
        c["part_count"],
        if c["packed"] == Value::Bool(true) {
            ""
        } else {
            ", not packed"
        },
        match c["trailing_bytes"].as_u64() {
            Some(0) | None => String::new(),
            Some(n) => format!(", {n} trailing bytes"),
        }
    );
    let d = &v["digest"];
    let _ = writeln!(
        s,
        "digest: {} ({}; computed {})",
        str_of(&d["stored"]),
        str_of(&d["status"]),
        str_of(&d["computed"])
    );
    let _ = writeln!(s, "parts:");
    for p in v["parts"].as_array().into_iter().flatten() {
        let offset = p["offset"].as_u64().unwrap_or(0);
        let _ = writeln!(
            s,
            "  {} offset {:#x} size {}{}",
            str_of(&p["fourcc"]),
            offset,
            p["size"],
            p["name"]
                .as_str()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default()
        );
    }
    for key in ["program", "debug_program"] {
        let p = &v[key];
        if p.is_null() {
            continue;
        }
        if let Some(e) = p.get("error") {
            let _ = writeln!(s, "{key}: error: {}", str_of(e));
            continue;
        }
        let _ = writeln!(
            s,
            "{key} ({}): {} (shader kind {}), DXIL {}, bitcode {} bytes at {:#x}",
            str_of(&p["part"]),
            str_of(&p["profile"]),
            str_of(&p["shader_kind"]),
            str_of(&p["dxil_version"]),
            p["bitcode_size"],
            p["bitcode_offset"].as_u64().unwrap_or(0)
        );
    }
    let sh = &v["shader_hash"];
    if let Some(e) = sh.get("error") {
        let _ = writeln!(s, "shader hash: error: {}", str_of(e));
    } else if !sh.is_null() {
        let _ = writeln!(
            s,
            "shader hash: {} ({} over {} bitcode{})",
            str_of(&sh["digest"]),
            str_of(&sh["status"]),
            str_of(&sh["source_part"]),
            if sh["includes_source"] == Value::Bool(true) {
                ", includes source"
            } else {
                ""
            }
        );
    }
    let f = &v["features"];
    if let Some(e) = f.get("error") {
        let _ = writeln!(s, "features: error: {}", str_of(e));
    } else if !f.is_null() {
        let _ = writeln!(s, "features: {}", str_of(&f["raw"]));
        for n in f["names"].as_array().into_iter().flatten() {
            let _ = writeln!(s, "  {}", str_of(n));
        }
        if f["unknown_bits"].as_str() != Some("0x0") {
            let _ = writeln!(s, "  unknown bits {}", str_of(&f["unknown_bits"]));
        }
    }
    let cv = &v["compiler_version"];
    if let Some(e) = cv.get("error") {
        let _ = writeln!(s, "compiler version: error: {}", str_of(e));
    } else if !cv.is_null() {
        let _ = writeln!(
            s,
            "compiler version: {}.{} flags {} commits {} sha {} \"{}\"",
            cv["major"],
            cv["minor"],
            cv["flags"],
            cv["commit_count"],
            str_of(&cv["commit_sha"]),
            str_of(&cv["version_string"])
        );
    }
    s
}
